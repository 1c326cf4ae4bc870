#!/usr/bin/env bash
# `make bench`: builds settei as `make release` does (static Swift runtime) and with the
# dynamic one for comparison, a print("hello") floor and the benchmark (Benchmarks/), then
# runs it; it prints the figures and writes docs/performance.md.
#
#   scripts/bench.sh            every figure (make bench; BENCH_ARGS=... passes the options): about 1 minute once built, 3 from clean
#   scripts/bench.sh --quick    smaller counts, for a look (does not write the report)
#   scripts/bench.sh --only 2,3 some figures only (does not write the report)
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
scripts/install-deps.sh valgrind whiptail hyperfine git cc

work=.build/bench
bundle=Tests/Fixtures/InAppSettingsKitSample.bundle
if [ ! -d "$bundle" ]; then
  echo "bench: $bundle is missing; it belongs to the repository (Tests/Fixtures); restore it with git." >&2
  exit 1
fi
dynamic_scratch=.build/dynamic
mkdir -p "$work"

# settei as shipped (make release passes its flags; see the Makefile). The benchmark, which
# runs settei's modules in its own children too (figures 3, 4, 5 and 7), is built with the
# same flags in a folder of its own, less the one that leaves out the String processing
# module: its test helpers use that module, and settei's modules do not.
read -r -a release_flags <<< "${SETTEI_RELEASE_FLAGS:--c release --static-swift-stdlib}"
bench_flags=()
skip=0
for index in "${!release_flags[@]}"; do
  if [ "$skip" -gt 0 ]; then skip=$((skip - 1)); continue; fi
  # -Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import
  if [ "${release_flags[$index]}" = -Xswiftc ] \
    && [ "${release_flags[$((index + 3))]:-}" = -disable-implicit-string-processing-module-import ]
  then
    skip=3
    continue
  fi
  bench_flags+=("${release_flags[$index]}")
done
$SWIFT build "${release_flags[@]}" --product settei
bin=$($SWIFT build "${release_flags[@]}" --show-bin-path)
bench_scratch=.build/bench-tool
$SWIFT build "${bench_flags[@]}" --scratch-path "$bench_scratch" --product settei-bench
bench_bin=$($SWIFT build "${bench_flags[@]}" --scratch-path "$bench_scratch" --show-bin-path)
# The same settei with the Swift runtime linked dynamically, in a build folder of its own.
# (a plain `swift build -c release`: also without make release's static libedit)
env -u PKG_CONFIG_PATH $SWIFT build -c release --product settei --scratch-path "$dynamic_scratch"
dynamic_bin=$($SWIFT build -c release --scratch-path "$dynamic_scratch" --show-bin-path)

# The floor: the smallest Swift program, built the default way (dynamic linking).
printf 'print("hello")\n' > "$work/hello.swift"
swiftc=$(dirname "$(command -v "$SWIFT")")/swiftc
"$swiftc" -O "$work/hello.swift" -o "$work/hello.linked"

# Every program is measured as installed: copied into place with install(1), as `make
# install` and a package put it. How a binary's pages came into the page cache moves its
# start: lld writes through a memory map, and those pages stay 4 KB each until evicted, while
# a copy written in large pieces is kept in large folios that a start maps many at a time
# (about 9% of settei's start here). Figures 9 and 10 measure the binary where the linker
# wrote it too.
installed="$work/installed"
mkdir -p "$installed/static" "$installed/dynamic"
install -m 0755 "$bin/settei" "$installed/static/settei"
install -m 0755 "$dynamic_bin/settei" "$installed/dynamic/settei"
install -m 0755 "$work/hello.linked" "$work/hello"
# Figure 7's comparison: FoundationEssentials' JSONDecoder reading a schema into structs.
"$swiftc" -O Benchmarks/json-decoder/main.swift -o "$work/json-decoder"

revision=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain -- Sources Benchmarks Package.swift 2>/dev/null)" ]; then
  revision="$revision with uncommitted changes"
fi

linking="make release: static Swift runtime"
case "${release_flags[*]}" in *static-libstdc++*) linking+=", libstdc++" ;; esac
case "${release_flags[*]}" in *static-libgcc*) linking+=", libgcc" ;; esac
case "${PKG_CONFIG_PATH:-}" in *static-libedit*) linking+=", libedit" ;; esac
case "${release_flags[*]}" in *no-pie*) linking+=", no PIE" ;; esac
case "${release_flags[*]}" in *static-pie*) linking+=", C library" ;; esac
case "${release_flags[*]}" in *pack-relative-relocs*) linking+=", packed relocations" ;; esac
case "${release_flags[*]}" in *symbol-ordering-file*) linking+=", start-up code together" ;; esac

out=(--out docs/performance.md --history ../Benchmarks/history.md)
for argument in "$@"; do
  case "$argument" in --quick | --only) out=() ;; esac
done

"$bench_bin/settei-bench" run \
  --settei "$installed/static/settei" --linked-settei "$bin/settei" --linking "$linking" \
  --other-settei "$installed/dynamic/settei" --other-linking "dynamic Swift runtime" \
  --hello "$work/hello" --json-decoder "$work/json-decoder" \
  --bundle "$bundle" \
  --work "$PWD/$work/run" \
  --revision "$revision" --invocation "make bench" \
  ${out[@]+"${out[@]}"} "$@"
