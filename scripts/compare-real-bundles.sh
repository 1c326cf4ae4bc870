#!/usr/bin/env bash
# compare-real-bundles.sh — runs settei on public Settings.bundle folders and looks in what it
# prints for what Settings.app would never show.
#
# Usage: scripts/compare-real-bundles.sh [--list FILE] [--known FILE] [--mirrors DIR]
#          [--settei PATH] [--work DIR] [--timeout SECONDS] [--offline]
#
#   --list FILE      the bundles, one a line: OWNER/REPO COMMIT PATH (default:
#                    scripts/real-bundles.txt; its header explains the format)
#   --known FILE     the known, documented differences (default: scripts/real-bundles-known.txt)
#   --mirrors DIR    where local git copies live, one a repository: DIR/OWNER+NAME is a git
#                    folder (bare, or a work tree with .git, or holding a bare repo/).
#                    Default: $SETTEI_MIRRORS. A repository not there is fetched from
#                    $SETTEI_GIT_URL/OWNER/NAME (default https://github.com) at COMMIT, with
#                    `git fetch --filter=blob:none`, into the work folder.
#   --offline        never fetch: a repository with no local copy is reported unavailable
#   --settei PATH    the settei to run (default: $SETTEI, else .build/debug/settei)
#   --work DIR       keep every bundle and output in DIR (default: a temporary folder,
#                    removed at the end)
#   --timeout SECS   the longest one settei command may take (default 60)
#
# For each bundle, at its commit, it runs
#   settei render PATH --lang all                 (what Settings.app shows, every language)
#   settei render PATH --lang all --idiom pad     (an iPad's pages)
#   settei render PATH --lang all --in-app        (only when the bundle has .inApp.plist files)
#   settei lint PATH
#   settei lint --l10n PATH
# with the Info.plist of the folder the bundle is in and of the one above it beside it, as
# in the repository (settei titles the root page with the app's name from it). Each command's
# exit status is recorded, and these findings are made:
#   status:CMD=N     a render that did not exit 0, a lint that did not exit 0 or 65 (65 is
#                    errors found in the bundle, which lint is for)
#   crash:CMD=N      a command stopped by a signal (exit 128 and above)
#   hang:CMD         a command still running after the timeout
#   build-variable   a rendered ${…} or $(…): a build setting, which Xcode never expands in a
#                    bundle's plists and Settings.app never shows in a title it makes
#   escaped-text     a rendered \u{…}: text settei escaped instead of showing
#   english-chrome:L a row whose value is On or Off on the screens of a language L other
#                    than English, where Settings.app says them in L
#   problem-row      a row settei marks with ⚠ and the problem found, in a render
#   unavailable      the bundle could not be had at its commit
# A finding listed in the known file is counted as known, not as a problem. Each known line is
#   OWNER/REPO PATH FINDING docs/schema.md#SECTION
# where SECTION is a heading or a bold paragraph title of docs/schema.md that explains it; a
# line naming a section that file lacks is itself a problem.
#
# It prints a table, one row a bundle: the bundle, its languages, the screens of the phone
# render over every language, each command's exit status, the findings not known (problems)
# and those known. Exit status: 0 no problems; 1 problems found; 2 usage or setup error.
set -u

script_dir=$(cd "$(dirname "$0")" && pwd)
repo_dir=$(cd "$script_dir/.." && pwd)
list="$script_dir/real-bundles.txt"
known="$script_dir/real-bundles-known.txt"
mirrors="${SETTEI_MIRRORS:-}"
git_url="${SETTEI_GIT_URL:-https://github.com}"
settei="${SETTEI:-$repo_dir/.build/debug/settei}"
work=""
limit=60
offline=0

# The comment at the top of this file, without its '#'.
header() {
  awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
}

usage() {
  header | sed -n '/^Usage:/,/^$/p' >&2
  exit 2
}

while [ $# -gt 0 ]; do
  case "$1" in
    --list) list="${2:?--list needs a file}"; shift 2 ;;
    --known) known="${2:?--known needs a file}"; shift 2 ;;
    --mirrors) mirrors="${2:?--mirrors needs a folder}"; shift 2 ;;
    --settei) settei="${2:?--settei needs a path}"; shift 2 ;;
    --work) work="${2:?--work needs a folder}"; shift 2 ;;
    --timeout) limit="${2:?--timeout needs seconds}"; shift 2 ;;
    --offline) offline=1; shift ;;
    -h | --help) header; exit 0 ;;
    *) echo "compare-real-bundles: unknown option '$1'" >&2; usage ;;
  esac
done

fail() {
  echo "compare-real-bundles: $*" >&2
  exit 2
}
[ -f "$list" ] || fail "$list: no such list of bundles. Give --list FILE."
[ -x "$settei" ] || fail "$settei: no settei to run. Run 'swift build' first, or give --settei PATH."
command -v git > /dev/null || fail "git is needed to read the bundles at their commits."
command -v timeout > /dev/null || fail "timeout (coreutils) is needed to stop a hanging settei."
case "$limit" in '' | *[!0-9]*) fail "--timeout takes whole seconds, not '$limit'." ;; esac
if [ -n "$work" ]; then
  mkdir -p "$work" || fail "$work: cannot create the work folder."
  work=$(cd "$work" && pwd)
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/settei-real-bundles.XXXXXX") || fail "cannot create a temporary folder."
  trap 'rm -rf "$work"' EXIT
fi
schema_doc="$repo_dir/docs/schema.md"

# The git folder of a local copy of OWNER/NAME, if there is one.
mirror_of() {
  local base="$mirrors/$(printf '%s' "$1" | tr / +)"
  [ -n "$mirrors" ] || return 1
  for candidate in "$base/repo" "$base/.git" "$base"; do
    if [ -d "$candidate" ] && git --git-dir="$candidate" rev-parse --git-dir > /dev/null 2>&1; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  return 1
}

# Writes the files of COMMIT:PATH, and the Info.plist files of the two folders above PATH, into
# OUT, as they are in the repository. Takes them from a local copy, else fetches the commit.
obtain() {
  local repo="$1" commit="$2" path="$3" out="$4" gitdir parent grandparent
  if ! gitdir=$(mirror_of "$repo"); then
    [ "$offline" = 0 ] || return 1
    gitdir="$out.git"
    # A partial clone: the commit's trees now, a blob when it is read (cat-file below).
    git init -q --bare "$gitdir" \
      && git --git-dir="$gitdir" remote add origin "$git_url/$repo" \
      && git --git-dir="$gitdir" config remote.origin.promisor true \
      && git --git-dir="$gitdir" config remote.origin.partialclonefilter blob:none \
      && git --git-dir="$gitdir" fetch -q --depth 1 --filter=blob:none origin "$commit" \
      || return 1
  fi
  git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2> /dev/null || return 1
  parent=$(dirname "$path")
  grandparent=$(dirname "$parent")
  {
    git --git-dir="$gitdir" ls-tree -r -z --name-only "$commit" -- "$path/"
    for folder in "$parent" "$grandparent"; do
      [ "$folder" = . ] && file=Info.plist || file="$folder/Info.plist"
      git --git-dir="$gitdir" ls-tree -z --name-only "$commit" -- "$file"
    done
  } | while IFS= read -r -d '' file; do
    mkdir -p "$out/$(dirname "$file")" \
      && git --git-dir="$gitdir" cat-file blob "$commit:$file" > "$out/$file" || exit 1
  done || return 1
  [ -d "$out/$path" ]
}

# Runs settei with a timeout; NAME.out, NAME.err and NAME.status in the bundle's folder.
run() {
  local name="$1"
  shift
  HOME="$dir/home" XDG_CONFIG_HOME="$dir/home/config" XDG_STATE_HOME="$dir/home/state" \
    LANG=C.UTF-8 LC_ALL= LC_MESSAGES= timeout -k 5 "$limit" "$settei" "$@" \
    > "$dir/$name.out" 2> "$dir/$name.err" < /dev/null
  echo $? > "$dir/$name.status"
}

# Prints the findings of one command's exit status: NAME and the statuses it may end with.
check_status() {
  local name="$1" allowed="$2" status
  [ -f "$dir/$name.status" ] || return 0
  status=$(cat "$dir/$name.status")
  case " $allowed " in *" $status "*) return 0 ;; esac
  if [ "$status" = 124 ]; then
    echo "hang:$name	still running after ${limit}s"
  elif [ "$status" -ge 128 ]; then
    echo "crash:$name=$status	stopped by signal $((status - 128)): $(tail -1 "$dir/$name.err")"
  else
    echo "status:$name=$status	$(head -1 "$dir/$name.err")"
  fi
}

# Prints the findings in a render's text: file NAME.out.
check_render() {
  local name="$1"
  [ -f "$dir/$name.out" ] || return 0
  # A render of one language has no "# CODE" line: its language is the bundle's one folder.
  local folders=("$bundle"/*.lproj) single=""
  [ ${#folders[@]} = 1 ] && [ -d "${folders[0]}" ] && single=$(basename "${folders[0]}" .lproj)
  LC_ALL=C.UTF-8 awk -v name="$name" -v language="$single" '
    function english(language) {
      return language == "" || language ~ /^(en|Base|English)([-_].*)?$/
    }
    /^# / { language = substr($0, 3); next }
    /^## / { page = substr($0, 4); row = 0; next }
    {
      line = $0
      sub(/^ +/, "", line)
      where = name (language == "" ? "" : " " language) ": " page ": " line
    }
    /\$\{[^}]*\}|\$\([^)]*\)/ { print "build-variable\t" where }
    /\\u\{[0-9A-Fa-f]+\}/ { print "escaped-text\t" where }
    /^      ⚠ / { print "problem-row\t" where }
    /^ +[0-9]+  .*  (On|Off)$/ && !english(language) { print "english-chrome:" language "\t" where }
  ' "$dir/$name.out"
}

# Prints the section a known line names, if docs/schema.md has it.
section_exists() {
  local section="$1"
  grep -qF -- "## $section" "$schema_doc" || grep -qF -- "**$section" "$schema_doc"
}

# Splits findings of a bundle into problems and known ones: "P<TAB>finding" or "K<TAB>…".
classify() {
  local repo="$1" path="$2" id rest
  while IFS='	' read -r id rest; do
    [ -n "$id" ] || continue
    if [ -f "$known" ] && awk -v r="$repo" -v p="$path" -v f="$id" '
      !/^#/ && $1 == r && $2 == p && $3 == f { found = 1 } END { exit !found }' "$known"; then
      printf 'K\t%s\t%s\n' "$id" "$rest"
    else
      printf 'P\t%s\t%s\n' "$id" "$rest"
    fi
  done
}

total_bundles=0 total_screens=0 total_problems=0 total_known=0 all_languages=""
summary="$work/summary.txt"
: > "$summary"
printf '%-58s %5s %7s  %-22s %8s %5s\n' BUNDLE LANGS SCREENS "EXIT render/pad/app/lint/l10n" PROBLEMS KNOWN > "$summary"

# The known lines naming a section docs/schema.md does not have.
stale=0
if [ -f "$known" ]; then
  while read -r repo path id reference; do
    case "$repo" in '' | '#'*) continue ;; esac
    section="${reference#docs/schema.md#}"
    if [ "$section" = "$reference" ] || [ -z "$section" ] || ! section_exists "$section"; then
      echo "$known: '$repo $path $id' names '$reference', not a section of docs/schema.md" >&2
      stale=$((stale + 1))
    fi
  done < "$known"
fi

number=0
while read -r repo commit path extra; do
  case "$repo" in '' | '#'*) continue ;; esac
  number=$((number + 1))
  label="$repo:$path"
  if [ -z "$commit" ] || [ -z "$path" ] || [ -n "$extra" ]; then
    echo "$list: line for '$repo' is not OWNER/REPO COMMIT PATH" >&2
    total_problems=$((total_problems + 1))
    continue
  fi
  # Named without a dot: a folder ending in .app would be taken for the app the bundle is in.
  dir="$work/$(printf '%02d' "$number")-$(printf '%s' "$repo" | tr /. +_)"
  rm -rf "$dir"
  mkdir -p "$dir/home"
  bundle="$dir/src/$path"
  : > "$dir/findings"
  if ! obtain "$repo" "$commit" "$path" "$dir/src" 2> "$dir/obtain.err"; then
    printf 'unavailable\tno local copy or fetch failed at %s\n' "$commit" > "$dir/findings"
    languages="-" screens="-" statuses="-"
  else
    run render render "$bundle" --lang all
    run pad render "$bundle" --lang all --idiom pad
    if [ -n "$(find "$bundle" -name '*.inApp.plist' | head -1)" ]; then
      run app render "$bundle" --lang all --in-app
    fi
    run lint lint "$bundle"
    run l10n lint --l10n "$bundle"
    {
      check_status render 0
      check_status pad 0
      check_status app 0
      check_status lint "0 65"
      check_status l10n "0 65"
      check_render render
      check_render pad
      check_render app
    } > "$dir/findings"
    languages=$(grep -c '^# ' "$dir/render.out")
    [ "$languages" -gt 0 ] || languages=1
    screens=$(grep -c '^## ' "$dir/render.out")
    statuses=""
    for name in render pad app lint l10n; do
      if [ -f "$dir/$name.status" ]; then
        statuses="$statuses$(cat "$dir/$name.status")/"
      else
        statuses="$statuses-/"
      fi
    done
    statuses="${statuses%/}"
    total_screens=$((total_screens + screens))
    for folder in "$bundle"/*.lproj; do
      [ -d "$folder" ] && all_languages="$all_languages $(basename "$folder" .lproj)"
    done
  fi
  classify "$repo" "$path" < "$dir/findings" > "$dir/classified"
  problems=$(grep -c '^P' "$dir/classified")
  known_count=$(grep -c '^K' "$dir/classified")
  total_bundles=$((total_bundles + 1))
  total_problems=$((total_problems + problems))
  total_known=$((total_known + known_count))
  short="$label"
  [ ${#short} -le 58 ] || short="…${short: -57}"
  printf '%-58s %5s %7s  %-29s %8s %5s\n' "$short" "$languages" "$screens" "$statuses" \
    "$problems" "$known_count" >> "$summary"
  grep '^P' "$dir/classified" | cut -f2- | sed "s|^|  $label: |" | head -20 >> "$summary"
done < "$list"

distinct=$(printf '%s\n' $all_languages | sort -u | grep -c .)
cat "$summary"
echo
echo "$total_bundles bundles, $distinct distinct languages, $total_screens screens rendered" \
  "(phone, every language); $total_problems problems, $total_known known differences."
[ "$stale" = 0 ] || echo "$stale known lines name no section of docs/schema.md."
[ "$total_problems" = 0 ] && [ "$stale" = 0 ]
