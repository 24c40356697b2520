#!/usr/bin/env bash
# Proves README.md's Install section, its Swift snippets and those of every DocC article
# (Sources/*/Docs.docc/*.md, found by a glob), on what a user has: a git clone; and proves that
# what their comments say a value is, it is.
#
# 1. Makes a file:// clone of this checkout whose `main` branch is the checkout's HEAD (whatever
#    branch is checked out; uncommitted changes are not in it).
# 2. Creates a package in a temporary directory whose Package.swift is the Install section's
#    manifest, with `<git URL of your clone>` replaced by the clone's file:// URL.
# 3. Gives its executable target every other ```swift block of the README and of the articles, as
#    written, in `@MainActor` functions (`import` lines move to the file's top), plus a prelude that
#    defines what the snippets take from their surroundings: `string`, `tc`, `defaults`, ... and
#    scripted stand-ins for the app's side: `MyCMP` (the person saves Accept All, or a choice
#    without the tracking purposes when they are hidden, written to UserDefaults.standard as a CMP
#    SDK does), `Analytics`, `Attribution`, `Ads` (they print that they ran), `AppConsent` (a
#    `ConsentPlatform` whose ATT prompt the person answers "Allow") and, where UIKit does not exist,
#    `UIApplication.didBecomeActiveNotification`. Compiler errors point at the documents' lines.
#    - A snippet continues the one before it in the same document (same function, in order) when
#      it uses a name that one declares and redeclares none: GettingStarted's `tc`, for instance.
#    - A block whose first line is a comment ending in `(fragment)` is deliberately not code of its
#      own (GettingStarted's Package.swift lines) and is skipped; the script lists each skip.
#    - Code behind `#if canImport(AppTrackingTransparency)` compiles to nothing on Linux, where CI
#      runs this check: only an Apple build compiles it (the script says how many such blocks).
#      So does code behind `#if canImport(SwiftUI)`: moved `import` lines stay behind `#if canImport`.
#      ConsentPlatform's defaults use the ATT framework where it exists, so the README's
#      coordinator snippet needs no `#if` and runs here against the scripted CMP (the ATT status
#      reads `unavailable` off Apple platforms).
# 4. Builds it (SwiftPM resolves the dependency from the clone) and runs every snippet in document
#    order; a snippet that observes changes (`for await`) is cancelled after two seconds.
#
# Value comments are checked. The rule:
# - `print(ITEMS)  // prints TEXT` (or `print(ITEMS)  // TEXT`): the line prints exactly TEXT.
# - `EXPRESSION  // VALUE` or `EXPRESSION  // VALUE: prose`, where EXPRESSION is an expression
#   statement (not a declaration, assignment, `if`, `for`, ...; a whole line, brackets balanced)
#   and VALUE starts like a literal (a digit, `"`, `[`, `{`, `.name`, `true`, `false`, `nil`):
#   EXPRESSION's value reads VALUE. VALUE ends at the first `: ` outside brackets and quotes. A
#   value comment on a line of its own checks the expression statement on the line above.
# - "Reads" means: VALUE equals the value's `description`, or its `debugDescription` without
#   module names (`IABTCF.InAppValue.string("1")` reads `.string("1")`), or either with a leading
#   `.` (an enum case: `.requireConsent`); an Optional reads as its wrapped value or `nil`; `…` in
#   VALUE stands for any text.
# - Any other comment is prose and unchecked (`// Bool`, `// a VendorSet`, `// one of .a or .b`).
# A self-test snippet with two deliberately wrong comments (`1 + 1  // 3`, a print) runs last and
# must fail both checks, or the script fails: the comparison cannot silently check nothing.
#
# Usage: scripts/check-consumer.sh [--keep]   (--keep leaves the temporary directory for inspection)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/swift-tcf-consumer.XXXXXX")
if [ "${1:-}" = --keep ]; then
    echo "keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

if ! git diff --quiet HEAD 2>/dev/null; then
    echo "note: the clone has HEAD ($(git rev-parse --short HEAD)); uncommitted changes are not in it"
fi
clone=$work/swift-tcf
git clone -q --no-checkout "file://$root" "$clone"
# HEAD may be a branch other than main, or detached: fetch it by name and make it main.
git -C "$clone" fetch -q origin HEAD
git -C "$clone" checkout -q -B main FETCH_HEAD
echo "clone: file://$clone, main at $(git -C "$clone" rev-parse --short main)"

cd "$root"
python3 - README.md "$work/consumer" "file://$clone" <<'PY'
import glob, os, re, sys

readme, package, url = sys.argv[1:]

# Every DocC article of every module, found by the glob: none can be forgotten.
ARTICLES = sorted(glob.glob("Sources/*/Docs.docc/*.md"))
FRAGMENT = re.compile(r"^\s*//.*\(fragment\)\s*$")
VALUE = re.compile(r'^(-?\d|"|\[|\{|\.[A-Za-z]|true\b|false\b|nil\b)')
NOT_EXPRESSION = re.compile(
    r"^\s*(let|var|if|guard|for|while|switch|case|default|return|func|import|do|catch|else|struct|class|enum|"
    r"extension|protocol|@|#|\}|\{|//)"
)

def fail(message):
    print(f"FAIL {message}")
    sys.exit(1)

def swift_blocks(document):
    """Every ```swift block: (line of its first code line, code lines, section heading)."""
    lines = open(document, encoding="utf-8").read().split("\n")
    blocks, section, i = [], "", 0
    while i < len(lines):
        if lines[i].startswith("## "):
            section = lines[i][3:].strip()
        if lines[i].strip() == "```swift":
            end = i + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            blocks.append((i + 2, lines[i + 1:end], section))
            i = end
        i += 1
    return blocks

def split_comment(line):
    """(code, comment text or None): the first // outside a string literal."""
    quoted, i = False, 0
    while i < len(line):
        c = line[i]
        if c == "\\" and quoted:
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif not quoted and line.startswith("//", i):
            return line[:i], line[i + 2:].strip()
        i += 1
    return line, None

def depth_change(code):
    """How many ( and [ the code leaves open, outside string literals."""
    depth, quoted, i = 0, False, 0
    while i < len(code):
        c = code[i]
        if c == "\\" and quoted:
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif not quoted and c in "([":
            depth += 1
        elif not quoted and c in ")]":
            depth -= 1
        i += 1
    return depth

def value_text(comment):
    """A value comment's value: the text up to the first ': ' outside brackets and quotes."""
    depth, quoted = 0, False
    for i, c in enumerate(comment):
        if c == '"':
            quoted = not quoted
        elif not quoted and c in "([{":
            depth += 1
        elif not quoted and c in ")]}":
            depth -= 1
        elif not quoted and depth == 0 and (comment.startswith(": ", i) or comment.startswith(" : ", i)):
            return comment[:i].strip()
    return comment.strip()

def is_expression(code):
    stripped = code.strip()
    if not stripped or NOT_EXPRESSION.match(stripped) or depth_change(stripped) != 0:
        return False
    if stripped[-1] in "({[,=" or stripped.endswith("in"):
        return False
    # An assignment (=, +=, ...) is a statement, not a value; ==, !=, <=, >= are comparisons.
    unquoted = re.sub(r'"(\\.|[^"\\])*"', '""', stripped)
    return not re.search(r"(?<![=!<>])=(?!=)", unquoted)

def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

def checked(code, comment, place):
    """The code line that checks a value comment, or None when the comment is no value comment."""
    indent = code[: len(code) - len(code.lstrip())]
    call = re.fullmatch(r"\s*print\((.*)\)\s*", code)
    if call:
        expected = comment[len("prints "):] if comment.startswith("prints ") else comment
        return f"{indent}__checkPrint({call.group(1)}, expected: {swift_string(expected)}, place: {swift_string(place)})"
    if comment.startswith("prints "):
        fail(f"{place}: a '// prints' comment follows something other than a print(...) statement")
    value = value_text(comment)
    if not VALUE.match(value) or not is_expression(code):
        return None
    return f"{indent}__checkValue({code.strip()}, expected: {swift_string(value)}, place: {swift_string(place)})"

def transform(document, first_line, code):
    """The snippet with its value comments turned into checks; (lines, number of checks)."""
    out, checks, depth = [], 0, 0
    for n, line in enumerate(code):
        place = f"{document}:{first_line + n}"
        text, comment = split_comment(line)
        replaced = None
        if comment is not None and depth == 0 and text.strip():
            replaced = checked(text, comment, place)
        elif comment is not None and not text.strip() and n > 0 and out and depth == 0:
            # A value comment on a line of its own checks the expression statement just above it.
            above_text, above_comment = split_comment(code[n - 1])
            if above_comment is None and VALUE.match(value_text(comment)) and is_expression(above_text):
                out[-1] = checked(above_text, comment, f"{document}:{first_line + n - 1}")
                checks += 1
        if replaced is not None:
            checks += 1
            out.append(replaced)
        else:
            out.append(line)
        depth += depth_change(text)
    return out, checks

def declared(code):
    names = set()
    for line in code:
        names.update(re.findall(r"^\s*(?:let|var)\s+(\w+)", line))
        names.update(re.findall(r"^\s*(?:final\s+)?(?:@\w+\s+)*(?:final\s+)?(?:class|struct|enum)\s+(\w+)", line))
    return names

def uses(code, names):
    body = "\n".join(split_comment(l)[0] for l in code)
    return any(re.search(rf"(?<![\w.]){re.escape(n)}\b", body) for n in names)

blocks = swift_blocks(readme)

manifests = [b for b in blocks if b[2] == "Install" and any("swift-tools-version" in l for l in b[1])]
if len(manifests) != 1:
    fail(f"{readme}: expected one ```swift block with a swift-tools-version line in ## Install, found {len(manifests)}")
manifest_line, manifest, _ = manifests[0]
manifest_text = "\n".join(manifest) + "\n"
placeholder = '"<git URL of your clone>"'
if manifest_text.count(placeholder) != 1:
    fail(f"{readme}:{manifest_line}: the Install manifest must name the dependency as .package(url: {placeholder}, ...)")
targets = re.findall(r'\.executableTarget\(\s*name:\s*"([^"]+)"', manifest_text)
if len(targets) != 1:
    fail(f"{readme}:{manifest_line}: the Install manifest must declare one .executableTarget to run the snippets in")
target = targets[0]

sources = os.path.join(package, "Sources", target)
os.makedirs(sources)
open(os.path.join(package, "Package.swift"), "w").write(manifest_text.replace(placeholder, f'"{url}"'))

# (document, line, code) of every snippet, README first, then the self-test's deliberately wrong
# comments, which must fail.
snippets = [(readme, line, code) for line, code, _ in blocks if (line, code) != (manifest_line, manifest)]
for article in ARTICLES:
    snippets += [(article, line, code) for line, code, _ in swift_blocks(article)]
SELF_TEST = "(self-test)"
snippets.append((SELF_TEST, 1, ["1 + 1  // 3", 'print("one", 2)  // prints one 3']))
expected_failures = [f"{SELF_TEST}:1", f"{SELF_TEST}:2"]

# Snippets in groups: a snippet that uses a name declared by an earlier group of the same
# document (the latest such group), and redeclares none of that group's names, continues it (one
# function, in order).
groups, skipped, apple_only = [], [], 0
for document, line, code in snippets:
    if code and FRAGMENT.match(code[0]):
        skipped.append(f"{document}:{line}")
        continue
    apple_only += sum(1 for l in code if re.match(r"\s*#if\s+canImport\(AppTrackingTransparency\)", l))
    earlier = [g for g in groups if g["document"] == document and uses(code, g["names"])]
    if earlier and not (declared(code) & earlier[-1]["names"]):
        earlier[-1]["parts"].append((line, code))
        earlier[-1]["names"] |= declared(code)
    else:
        groups.append({"document": document, "parts": [(line, code)], "names": declared(code)})

imports = (
    "import Foundation\nimport IABGPP\nimport IABTCF\nimport IABTCFAppTracking\nimport IABTCFConsentLifecycle\n"
    "import IABTCFStorage\nimport IABTCFVendorList\n"
)
calls, total_checks = [], 0
for group in groups:
    document, parts = group["document"], group["parts"]
    first = parts[0][0]
    stem = re.sub(r"\W", "", os.path.splitext(os.path.basename(document))[0]) or "SelfTest"
    name = f"{stem}Line{first}"
    hoisted = sorted({l.strip() for _, code in parts for l in code if re.match(r"\s*import\s+\w+\s*$", l)})
    with open(os.path.join(sources, f"{stem}-line-{first}.swift"), "w") as out:
        # Each behind `#if canImport`, as a snippet guards an Apple-only module (SwiftUI) with it.
        out.write(imports + "".join(f"#if canImport({l.split()[1]})\n{l}\n#endif\n" for l in hoisted))
        out.write(f"\n@MainActor func {name}() async throws {{\n")
        for line, code in parts:
            body, checks = transform(document, line, code)
            total_checks += checks
            out.write(f'#sourceLocation(file: "{document}", line: {line})\n')
            # Import lines become blank lines, so every line keeps its line number in the document.
            out.write("".join(("" if re.match(r"\s*import\s+\w+\s*$", l) else l) + "\n" for l in body))
        out.write("#sourceLocation()\n}\n")
    observes = "true" if any(re.search(r"\bfor\s+await\b", l) for _, code in parts for l in code) else "false"
    calls.append(f'    ("{document}:{first}", {observes}, {name}),')

clone = url[len("file://"):]
PRELUDE = r'''
// What the snippets take from their surroundings.

/// A TC string: the README's first example.
let string =
    "CQtDjkAQtDjkAEsACBENCMFoAPLAAELAAAYgF5wBgABAAGAAQABUAEAC8wLzgBgACAAqAvMAEJABABAA.IGMwBwABAAGAAQABUAEAC8wGMgAA"
/// The articles' names for a TC string at hand.
let text = string, input = string, fromAnotherCMP = string, tcStringFromServer = string, storedString = string
/// A moment for markUpdated(at:), adServing(today:) and evaluate(today:).
let now = Timestamp(iso8601: "2026-11-27T09:30:00Z")!
/// Its value.
let tc = try! TCString(encoded: string)
/// The app's defaults (a suite of their own).
nonisolated(unsafe) let defaults = UserDefaults(suiteName: "swift-tcf-readme-snippets")!
/// A Global Vendor List as downloaded (the repository's v17 fixture).
let vendorListText = try! String(contentsOfFile: "@CLONE@/Fixtures/gvl/vendor-list-v17-spec3.json", encoding: .utf8)
let vendorListJSON = vendorListText, currentVendorListText = vendorListText
/// The flow and the stored keys of "May I request ads?".
let flow = ConsentFlow(strategy: .attFirstRejectTracking)
let stored = StoredConsent(tcString: string)

func disableStorage() { print("    disableStorage()") }
func configureAds(for consent: InAppConsent) { print("    configureAds(for:)") }

/// The app's CMP, scripted: the person saves Accept All, or (with the tracking purposes hidden) a
/// choice without them, and the CMP writes the IABTCF_ keys to UserDefaults.standard, as a CMP SDK does.
@MainActor enum MyCMP {
    static func present(hidingTracking: Bool) async -> Bool {
        let gvl = try! GlobalVendorList(json: vendorListText)
        let cmp = GlobalVendorList.CMP(id: 300, language: try! TwoLetterCode("EN"))
        let today = Timestamp(secondsSince1970: Date().timeIntervalSince1970)
        let choice: GlobalVendorList.Choice =
            hidingTracking
            ? .custom(GlobalVendorList.CustomChoice(purposeConsents: [1, 2, 8, 10], vendorConsents: [755],
                                                  vendorLegitimateInterestObjections: []))
            : .acceptAll
        let tc = try! gvl.tcString(for: choice, cmp: cmp, day: today)
        try! UserDefaults.standard.writeInAppKeys(for: tc, gdprApplies: true)
        print("    MyCMP.present(hidingTracking: \(hidingTracking)): the person saved \(hidingTracking ? "a choice without tracking" : "Accept All")")
        return true
    }

}

/// What the app starts: stand-ins that say they ran.
enum Analytics {
    static func start() { print("    Analytics.start()") }
    static func setConsent(_ values: [(type: ConsentMode.ConsentType, value: ConsentMode.Value)]) {
        print("    Analytics.setConsent(\(values.map { "\($0.type.rawValue): \($0.value.rawValue)" }))")
    }
}
enum Attribution { static func collectIDFA() { print("    Attribution.collectIDFA()") } }
enum Ads { static func load() { print("    Ads.load()") } }

/// The articles' platform: a scripted device (the person allows tracking at the ATT prompt, which
/// AppTrackingTransparency would show on a device) and the scripted CMP above.
@MainActor final class AppConsent: ConsentPlatform {
    var status = ATTStatus.notDetermined
    func attStatus() -> ATTStatus { status }
    func requestATT(explainer: Bool) async -> ATTPromptOutcome {
        status = .authorized
        print("    requestATT: the person allows tracking")
        return .closed
    }
    func showCMP(allowingTracking: Bool) async -> CMPOutcome {
        await MyCMP.present(hidingTracking: !allowingTracking) ? .saved : .closedWithoutSaving
    }
}

#if !canImport(UIKit)
/// UIKit's notification name where UIKit does not exist (Linux).
enum UIApplication {
    static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
}
#endif

// The value comments' checks (the rule: this script's header).

@MainActor var __mismatches: [String] = []
@MainActor var __checks = 0

@MainActor func __checkValue<T>(_ value: T, expected: String, place: String) {
    __compare(__rendered(value), expected: expected, place: place)
}

@MainActor func __checkPrint(_ items: Any..., expected: String, place: String) {
    let printed = items.map { String(describing: $0) }.joined(separator: " ")
    print(printed)
    __compare([printed], expected: expected, place: place)
}

/// How a value may read in a comment: its description, its debug description without module
/// names, either with a leading "." (an enum case); an Optional as its wrapped value or nil.
func __rendered(_ value: Any) -> [String] {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return ["nil"] }
        return __rendered(wrapped)
    }
    let described = String(describing: value), reflected = __unqualified(String(reflecting: value))
    return [described, reflected, "." + described, "." + reflected]
}

func __unqualified(_ text: String) -> String {
    var text = text
    let rules = [
        (#"\b(?:Swift|Foundation|IAB\w*)\.(?:[A-Z]\w*\.)*(?=[a-z_])"#, "."), (#"\b(?:Swift|Foundation|IAB\w*)\."#, ""),
    ]
    for (pattern, template) in rules {
        let regex = try! NSRegularExpression(pattern: pattern)
        text = regex.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }
    return text
}

/// Whether `shown` reads as `expected`, where "…" in `expected` stands for any text.
func __matches(_ shown: String, _ expected: String) -> Bool {
    let parts = expected.components(separatedBy: "…")
    guard parts.count > 1 else { return shown == expected }
    let head = parts[0], tail = parts[parts.count - 1]
    guard shown.count >= head.count + tail.count, shown.hasPrefix(head), shown.hasSuffix(tail) else { return false }
    var rest = Substring(shown).dropFirst(head.count).dropLast(tail.count)
    for part in parts.dropFirst().dropLast() {
        guard let found = rest.range(of: part) else { return false }
        rest = rest[found.upperBound...]
    }
    return true
}

@MainActor func __compare(_ shown: [String], expected: String, place: String) {
    __checks += 1
    if shown.contains(where: { __matches($0, expected) }) { return }
    __mismatches.append(place)
    let gives = shown.count > 1 && shown[1] != shown[0] ? "\(shown[0]) (\(shown[1]))" : shown[0]
    print("MISMATCH \(place): the comment says \(expected), the expression gives \(gives)")
}
'''
with open(os.path.join(sources, "Prelude.swift"), "w") as out:
    out.write(imports + PRELUDE.replace("@CLONE@", clone))

MAIN = r'''
let snippets: [(place: String, observes: Bool, run: @Sendable () async throws -> Void)] = [
@CALLS@
]
let expectedMismatches = [@EXPECTED@]
var failures = 0
for snippet in snippets {
    print("\(snippet.place): running")
    let task = Task { try await snippet.run() }
    if snippet.observes {
        // An observation loop runs until its task is cancelled.
        try? await Task.sleep(nanoseconds: 2_000_000_000)
        task.cancel()
    }
    do {
        try await task.value
    } catch {
        print("FAIL \(snippet.place): the snippet threw \(error)")
        failures += 1
    }
}
for place in __mismatches where !expectedMismatches.contains(place) {
    print("FAIL \(place): the value comment does not say what the expression gives")
    failures += 1
}
for place in expectedMismatches where !__mismatches.contains(place) {
    print("FAIL \(place): the self-test's wrong comment passed: the comparison checks nothing")
    failures += 1
}
print("self-test: \(expectedMismatches.count) deliberately wrong comments failed, as they must")
print("\(snippets.count) snippet groups run, \(__checks - expectedMismatches.count) value comments checked, \(failures) failures")
exit(failures == 0 ? 0 : 1)
'''
with open(os.path.join(sources, "main.swift"), "w") as out:
    out.write(imports + MAIN.replace("@CALLS@", "\n".join(calls))
              .replace("@EXPECTED@", ", ".join(swift_string(p) for p in expected_failures)))
print(f"consumer: {package}, target {target}, {len(snippets) - 1} snippets from {readme} and {len(ARTICLES)} articles"
      f" in {len(groups) - 1} functions, {total_checks - len(expected_failures)} value comments to check")
for place in skipped:
    print(f"skipped {place}: marked (fragment)")
if apple_only:
    print(f"note: {apple_only} #if canImport(AppTrackingTransparency) block(s) compile to nothing on Linux")
PY

cd "$work/consumer"
# The build compiles the snippets: a compiler error names the document and the line.
if ! swift build >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    grep -E "\.md:[0-9]+:[0-9]+: error" "$work/build.log" | sort -u | sed 's/^/FAIL /' >&2 || true
    echo "FAIL the consumer package does not build: the README's Install manifest or a snippet (log above)" >&2
    exit 1
fi
# Defaults and caches the snippets write stay in the temporary directory.
mkdir -p "$work/home"
HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" "$(swift build --show-bin-path)/$(ls Sources)"
