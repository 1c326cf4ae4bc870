#!/usr/bin/env bash
# Clones this repository's HEAD into a new empty temporary folder, with nothing beside it,
# and runs there what the README tells a newcomer to run: `make test`, then `make run` with
# `quit` piped in, which must show the Language & Region screen and exit 0. Fails if either
# fails. Slow (it builds everything from scratch): CI runs it, `make test` does not.
#
#   scripts/check-clean-clone.sh          check HEAD
#   KEEP=1 scripts/check-clean-clone.sh   leave the clone in place to look at
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/settei-clone.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
git clone --quiet --no-local . "$work/settei"
cd "$work/settei"
echo "check-clean-clone: $(git log -1 --format='%h %s') in $work/settei" >&2

# The run must not read or write the caller's own settings or history.
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/config" XDG_STATE_HOME="$work/home/state"
mkdir -p "$HOME"

started=$SECONDS
make test
echo "check-clean-clone: make test passed in $((SECONDS - started)) s" >&2

started=$SECONDS
status=0
output=$(printf 'quit\n' | make --no-print-directory run) || status=$?
printf '%s\n' "$output"
if [ $status -ne 0 ]; then
  echo "check-clean-clone: make run exited $status" >&2
  exit 1
fi
if ! grep -q -e '^Language & Region$' -e '^言語と地域$' <<< "$output"; then
  echo "check-clean-clone: make run did not show the Language & Region screen" >&2
  exit 1
fi
echo "check-clean-clone: make run showed the Language & Region screen and exited 0" \
  "in $((SECONDS - started)) s" >&2
