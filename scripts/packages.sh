# Sourced by the scripts that need a package outside the Swift toolchain (an apt package or a
# Python package), before they read their own arguments: `--install` as the script's first
# argument (taken off here) lets it install what is missing; without it, the script says what it
# needs and how to get it, and stops with status 2. CI (.ci/run) passes --install.
install=false
if [ "${1:-}" = --install ]; then
    install=true
    shift
fi
script=$(basename "$0")

# needs_apt "WHAT FOR" PACKAGE... -- COMMAND...: installs the Debian PACKAGEs (as root) when a
# COMMAND is missing and --install was given.
needs_apt() {
    local why=$1 packages=() missing=()
    shift
    while [ "$1" != -- ]; do packages+=("$1"); shift; done
    shift
    for command in "$@"; do command -v "$command" >/dev/null || missing+=("$command"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! $install; then
        echo "$script needs ${missing[*]} ($why): apt-get install ${packages[*]}, or rerun with --install" >&2
        exit 2
    fi
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
}

# needs_pip PYTHON "WHAT FOR" MODULE REQUIREMENT: pip-installs REQUIREMENT into PYTHON's
# environment when PYTHON cannot import MODULE and --install was given.
needs_pip() {
    local python=$1 why=$2 module=$3 requirement=$4
    "$python" -c "import $module" 2>/dev/null && return 0
    if ! $install; then
        echo "$script needs Python's $requirement ($why): pip install $requirement, or rerun with --install" >&2
        exit 2
    fi
    "$python" -m pip install --quiet "$requirement"
}
