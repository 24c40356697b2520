#!/usr/bin/env bash
# Runs the tests that share values across tasks under the thread sanitizer: decoding in a task
# group, the permission matrix, the CLI's --jobs (the tool is built sanitized too and a race makes
# it exit 66 with a report on standard error), the storage module's change stream under
# concurrent writers, and the coordinator's live answers (LiveThreadSafetyTests: an in-memory store
# written from many tasks while the coordinator follows it and a detached task subscribes;
# LiveAnswers and LiveJourneys: the answers stream and the observable model). Any data race fails
# the run. Its own build folder keeps the sanitized build apart from the normal one.
set -euo pipefail
cd "$(dirname "$0")/.."
export TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}"
swift test --sanitize=thread --scratch-path .build-tsan --filter 'ThreadSafetyTests|ChangesTests|LiveAnswers|LiveJourneys'
