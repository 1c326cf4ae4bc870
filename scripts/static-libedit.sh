#!/usr/bin/env bash
# Prints a PKG_CONFIG_PATH under which CEditLine's `-ledit` links libedit statically, with
# the libraries it loads (libtinfo, libbsd, libmd on Debian and Ubuntu), for `make release`.
#
# A release build of settei links the Swift runtime and libstdc++ statically already; each
# shared library left costs the dynamic loader a file to map and symbols to look up at every
# start. libedit and its three libraries were a sixth of settei's start-up instructions and
# decided whether settei draws a list faster than whiptail (docs/performance.md, figures 1
# and 6). Their archives come with libedit-dev (through libbsd-dev and libncurses-dev).
#
# The folder gets `libedit.so` and `libedit.a`, a linker script naming the archives (so that
# `-ledit` takes them, whether the link looks for shared libraries or archives only), and a
# `libedit.pc` pointing there. When an archive is missing, it prints the
# caller's PKG_CONFIG_PATH unchanged and settei links libedit dynamically, as `swift build`
# does.
#
#   scripts/static-libedit.sh [FOLDER]     FOLDER defaults to .build/static-libedit
set -euo pipefail
cd "$(dirname "$0")/.."
folder=${1:-.build/static-libedit}
unchanged=${PKG_CONFIG_PATH:-}

shared=$(cc -print-file-name=libedit.so 2>/dev/null || true)
if [ ! -e "$shared" ] || ! pkg-config --exists libedit 2>/dev/null; then
  echo "$unchanged"
  exit 0
fi

# libedit and every library it loads but the C library and the loader, as archives.
archives=()
for name in libedit $(ldd "$shared" | awk '/=>/ { print $1 }'); do
  base=${name%%.so*}
  case "$base" in libc | ld-linux* | linux-vdso) continue ;; esac
  archive=$(readlink -f "$(cc -print-file-name="$base.a")")
  if [ ! -f "$archive" ]; then
    echo "$unchanged"
    exit 0
  fi
  archives+=("$archive")
done

mkdir -p "$folder"
folder=$(cd "$folder" && pwd)
echo "INPUT(${archives[*]})" >"$folder/libedit.so"
# The same script as libedit.a, for a link that takes archives only (-static-pie).
cp "$folder/libedit.so" "$folder/libedit.a"
cat >"$folder/libedit.pc" <<EOF
Name: libedit
Description: libedit linked statically with what it loads (scripts/static-libedit.sh)
Version: $(pkg-config --modversion libedit)
Libs: -L$folder -ledit
Cflags: $(pkg-config --cflags libedit)
EOF
echo "$folder${unchanged:+:$unchanged}"
