#!/usr/bin/env bash
# Installs what settei needs to build and test on Debian/Ubuntu, if it is missing:
# libedit (headers and pkg-config file), pkg-config, the time-zone database, and what
# `settei --gsettings` and its tests use: GLib and GIO (libglib2.0-dev), glib-compile-schemas
# (libglib2.0-bin), the desktop's schemas, the dconf backend and its command,
# dbus-run-session and msgfmt.
# Safe to run again: it does nothing when everything is there.
set -euo pipefail

need=()
pkg-config --version >/dev/null 2>&1 || need+=(pkg-config)
if ! pkg-config --exists libedit 2>/dev/null || [ ! -f /usr/include/histedit.h ]; then
  need+=(libedit-dev)
fi
# The timezones example (and its tests) read the zoneinfo database.
[ -f /usr/share/zoneinfo/Asia/Tokyo ] || need+=(tzdata)
# --gsettings loads libgio-2.0.so.0 at run time; its tests compile schemas of their own and
# build gettext catalogs.
[ -f /usr/include/glib-2.0/gio/gsettings.h ] || need+=(libglib2.0-dev)
command -v glib-compile-schemas >/dev/null 2>&1 || need+=(libglib2.0-bin)
[ -f /usr/share/glib-2.0/schemas/org.gnome.desktop.interface.gschema.xml ] \
  || need+=(gsettings-desktop-schemas)
compgen -G "/usr/lib/*/gio/modules/libdconfsettings.so" >/dev/null || need+=(dconf-gsettings-backend)
command -v dbus-run-session >/dev/null 2>&1 || need+=(dbus)
# The export and import tests compare settei's files with dconf dump's and dconf load's.
command -v dconf >/dev/null 2>&1 || need+=(dconf-cli)
command -v msgfmt >/dev/null 2>&1 || need+=(gettext)
for tool in "$@"; do
  case "$tool" in
    valgrind) command -v valgrind >/dev/null 2>&1 || need+=(valgrind) ;;
    whiptail) command -v whiptail >/dev/null 2>&1 || need+=(whiptail) ;;
    hyperfine) command -v hyperfine >/dev/null 2>&1 || need+=(hyperfine) ;;
    jq) command -v jq >/dev/null 2>&1 || need+=(jq) ;;
    # The benchmark's floors: a C hello world (cc -O2) and `git config --get`.
    git) command -v git >/dev/null 2>&1 || need+=(git) ;;
    cc) command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev) ;;
  esac
done

if ! command -v swift >/dev/null 2>&1; then
  echo "settei: the Swift toolchain (swift) is not on PATH." >&2
  echo "Install Swift 6 from swift.org and put its usr/bin on PATH, then run make again." >&2
  exit 1
fi

[ ${#need[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "settei: missing ${need[*]}, and this system has no apt-get." >&2
  echo "Install the libedit development files and pkg-config with your package manager." >&2
  exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "settei: missing ${need[*]}. Run as root: apt-get install ${need[*]}" >&2
    exit 1
  fi
fi

echo "settei: installing ${need[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
