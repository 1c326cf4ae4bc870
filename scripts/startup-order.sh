#!/usr/bin/env bash
# Writes scripts/startup-order.txt: settei's functions that its common starts run, in the
# order callgrind first meets them. `make release` links with lld, each function in a section
# of its own, and hands lld this list (--symbol-ordering-file), so the code a start runs sits
# together instead of across the whole binary: a start then faults fewer pages of code in
# (docs/performance.md, figure 9). A stale list is still correct, only less of a help: run
# `make startup-order` after a large change to what a start runs.
#
# A function inside a big section lld cannot split (the Swift standard library's 1.6 MB of
# code not built a function to a section) is left out: listed, it would pull that whole
# section in among the others and spread them apart again.
#
#   scripts/startup-order.sh BINARY MAP   BINARY: a release build of settei; MAP: lld's
#                                         map of that link (-Map)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$1
map=$2
valgrind=$(command -v valgrind) || { echo "startup-order: valgrind is needed" >&2; exit 69; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
mkdir -p "$HOME"
store="$work/settings.json"
printf '{"temperatureUnit": "celsius"}\n' > "$store"
trace() {
  local name=$1 input=$2
  shift 2
  printf '%b' "$input" | "$valgrind" --tool=callgrind --demangle=no \
    --callgrind-out-file="$work/$name.callgrind" "$binary" "$@" >/dev/null 2>&1 || true
}
# The starts people make most: the first screen, a choice and back, then quit; one setting
# read, written or listed; a bundle's first screen; the help.
trace first '' --store "$store"
trace flow '4\n2\nback\nquit\n' --store "$store"
trace get '' get temperatureUnit --store "$store"
trace set '' set temperatureUnit fahrenheit --store "$store"
trace list '' list --store "$store"
trace bundle 'quit\n' --schema Tests/Fixtures/InAppSettingsKitSample.bundle --store "$work/b.json"
trace help '' --help
# Every function callgrind names, in the order the traces first name them, that the
# binary defines as code.
nm --defined-only "$binary" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u > "$work/defined"
cat "$work"/first.callgrind "$work"/flow.callgrind "$work"/get.callgrind \
  "$work"/set.callgrind "$work"/list.callgrind "$work"/bundle.callgrind "$work"/help.callgrind \
  | sed -nE 's/^c?fn=\([0-9]+\) (.*)$/\1/p' | awk '!seen[$0]++' > "$work/run"
# The map's columns: an output section's name at 50, an input section's at 58 (its size in
# hex in the third field), a symbol's at 66.
awk 'substr($0, 50, 1) != " " { out = substr($0, 50); next }
  substr($0, 58, 1) != " " {
    big = out == ".text" && (length($3) > 5 || (length($3) == 5 && $3 > "10000")); next
  }
  substr($0, 66, 1) != " " && big { print substr($0, 66) }' "$map" > "$work/unsplit"
awk 'NR == FNR { defined[$0] = 1; next } ($0 in defined)' "$work/defined" "$work/run" \
  | awk 'NR == FNR { unsplit[$0] = 1; next } !($0 in unsplit)' "$work/unsplit" - \
  > scripts/startup-order.txt
echo "startup-order: $(wc -l < scripts/startup-order.txt) functions in scripts/startup-order.txt"
