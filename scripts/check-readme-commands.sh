#!/usr/bin/env bash
# Runs every tcstring command README.md and the DocC article on the tool (CommandLineTool.md) show,
# from the repository root, exactly as printed, and fails naming each one that fails.
#
# A command is a line of a ```sh block that runs `swift run tcstring` or `tcstring` (after a `$ `
# prompt where the block has prompts; a line ending in `\` continues on the next). It runs with
# `bash -o pipefail`, so a pipeline fails when tcstring does. It must exit 0, or the status
# EXPECTED_STATUS below gives it (the examples of errors). Where the block shows output
# after the command (the lines up to the next prompt), standard output and standard error together
# must be that output; `...` alone on a line stands for any number of lines, `...` in a line (with
# the blanks around it) for any text.
#
# tcstring is built once; a `swift` first on PATH runs `swift run tcstring ARGS` as that binary
# (any other swift command is the toolchain's), and `tcstring` is on PATH too.
#
# Usage: scripts/check-readme-commands.sh [SWIFT BUILD OPTIONS]   (e.g. -Xswiftc -warnings-as-errors,
# to reuse a build made with them)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product tcstring "$@" >/dev/null
bin=$(swift build --show-bin-path "$@")
real_swift=$(command -v swift)
shims=$(mktemp -d)
trap 'rm -rf "$shims"' EXIT
cat >"$shims/swift" <<EOF
#!/usr/bin/env bash
# \`swift run tcstring ARGS\`: the tcstring just built; anything else: the toolchain's swift.
if [ "\${1:-}" = run ] && [ "\${2:-}" = tcstring ]; then shift 2; exec "$bin/tcstring" "\$@"; fi
exec "$real_swift" "\$@"
EOF
chmod +x "$shims/swift"

PATH="$shims:$bin:$PATH" python3 - README.md Sources/IABTCF/Docs.docc/CommandLineTool.md <<'PY'
import re, subprocess, sys

# Commands the documents show failing on purpose, with the exit status each must have.
EXPECTED_STATUS = {
    """echo '{"cmpid": 7}' | swift run tcstring encode""": 1,
    """echo '{"cmpId": 7, "vendorListVersion": 150, "vendorConsents": [1, 70000]}' | swift run tcstring encode""": 1,
    """swift run tcstring decode 'CQtDjkAQtDjk!AEs'""": 1,
    """swift run tcstring validate --today 2026-02-27 CQgYw8AQgYw8AAHAAAENCWFgAAAAAAAAAAAAABqAAAAA.IABq""": 1,
    """swift run tcstring validate 'DBABLA~BVQVAAAAAAGA.YA'""": 1,
}


def runs_tcstring(command):
    return re.search(r"(^|[|;&(]|&&|\|\|)\s*(swift run tcstring|tcstring)(\s|$)", command) is not None

def commands_in(document):
    """(line number, command, expected output lines or None) for every command of every ```sh block."""
    lines = open(document, encoding="utf-8").read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        if lines[i].strip() not in ("```sh", "```bash", "```shell"):
            i += 1
            continue
        start = i + 1
        end = start
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        block = lines[start:end]
        prompted = any(line.startswith("$ ") for line in block)
        j = 0
        while j < len(block):
            line = block[j]
            number = start + j + 1
            if prompted and not line.startswith("$ "):
                j += 1
                continue
            command = line[2:] if prompted else line
            while command.endswith("\\") and j + 1 < len(block):
                j += 1
                command = command + "\n" + block[j]
            j += 1
            output = None
            if prompted:
                output = []
                while j < len(block) and not block[j].startswith("$ "):
                    output.append(block[j])
                    j += 1
                output = output or None
            if runs_tcstring(command):
                found.append((number, command, output))
        i = end + 1
    return found

# (document, line number, command, expected output lines or None), documents in order.
examples = []
failures = 0
for document in sys.argv[1:]:
    found = commands_in(document)
    if not found:
        print(f"FAIL found no tcstring command in {document}")
        failures += 1
    examples += [(document, number, command, output) for number, command, output in found]

def matches(expected, actual):
    pattern = ""
    for line in expected:
        if line.strip() == "...":
            pattern += r"(?:.*\n)*?"
        else:
            # The blanks around an ellipsis are part of the elision: `"a":1, ...}` matches `"a":1,"b":2}`.
            parts = line.split("...")
            parts = [p if k == 0 else p.lstrip(" ") for k, p in enumerate(parts)]
            parts = [p if k == len(parts) - 1 else p.rstrip(" ") for k, p in enumerate(parts)]
            pattern += r"\s*.*\s*".join(re.escape(part) for part in parts) + r"\n"
    return re.fullmatch(pattern, actual) is not None

for document, number, command, output in examples:
    where = f"{document}:{number}"
    shown = command.replace("\n", "\n    ")
    try:
        run = subprocess.run(["bash", "-o", "pipefail", "-c", command], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, timeout=120)
    except subprocess.TimeoutExpired:
        print(f"FAIL {where}: `{shown}` did not finish in 120 s")
        failures += 1
        continue
    text = run.stdout.decode("utf-8", "replace")
    expected_status = EXPECTED_STATUS.get(command, 0)
    problems = []
    if run.returncode != expected_status:
        problems.append(f"exited {run.returncode}, expected {expected_status}"
                        + ("" if command in EXPECTED_STATUS else
                           " (an example meant to fail belongs in EXPECTED_STATUS in this script)"))
    if output is not None and not matches(output, text if text.endswith("\n") else text + "\n"):
        problems.append(f"printed something else than {document} shows")
    if problems:
        failures += 1
        print(f"FAIL {where}: `{shown}` {'; '.join(problems)}")
        if output is not None:
            print(f"  {document} shows:")
            print("".join(f"    {line}\n" for line in output), end="")
        print("  it printed:")
        print("".join(f"    {line}\n" for line in text.rstrip("\n").split("\n")), end="")
    else:
        print(f"ok   {where}: {shown.splitlines()[0][:100]}")

stale = [c for c in EXPECTED_STATUS if c not in {command for _, _, command, _ in examples}]
for command in stale:
    print(f"FAIL EXPECTED_STATUS names a command no document shows any more: `{command}`")
failures += len(stale)
print(f"{len(examples)} documented commands, {failures} failed")
sys.exit(1 if failures else 0)
PY
