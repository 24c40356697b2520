#!/usr/bin/env bash
# Runs the web view script (tcstring webview-js) in a real JavaScript engine, Node, with a
# vendor-like caller (scripts/webview-js-caller.js) that checks the IAB's documented fields of
# __tcfapi (CMP API v2.2) and __gpp (GPP CMP API 1.1) for the key files of Fixtures/webview:
# accept all, reject all, a GPP-only US person, and no consent yet (whose stored values try to
# inject code, and whose update to accept all must reach the listeners once). Needs node (Debian
# package nodejs): without it the script says so and stops with status 2; --install installs it
# with apt-get (as root; CI passes it).
#
#   scripts/check-webview-js.sh [--install]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
needs_apt "a JavaScript engine for the web view script" nodejs -- node
swift build --product tcstring >/dev/null
tcstring=$(swift build --show-bin-path)/tcstring
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for case in accept-all reject-all us-gpp-only no-consent; do
    "$tcstring" webview-js --read "Fixtures/webview/$case.json" > "$work/$case.js"
done
for case in accept-all reject-all us-gpp-only no-consent; do
    node scripts/webview-js-caller.js "$case" "$work/$case.js" "$work/accept-all.js" || status=1
done
exit $status
