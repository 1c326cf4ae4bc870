#!/usr/bin/env bash
# Runs `swift test` with the arguments given and keeps its output in .build/test-output.txt.
# On failure it prints every failing test's issues again at the end, so that the tail of a
# long log (all a CI page may show) names what failed and where.
set -uo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
log=.build/test-output.txt
mkdir -p .build
"$swift" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo
  echo "==== the tests failed (exit $status); their issues again, from $log ===="
  # Swift Testing: "✘ Test x() recorded an issue at File.swift:12:3: …" and its "↳" lines;
  # XCTest and the compiler: "error:" lines.
  awk '/✘ Test .*recorded an issue|: error: /{show=1; print; next}
       show && /^↳/{print; next} {show=0}' "$log" | head -300
  grep -E '^✘ (Test|Suite) .* failed' "$log" | head -50
fi
exit "$status"
