#!/usr/bin/env bash
# Builds the DocC archives of TableKit and TableREPL with the toolchain's docc (no plugin:
# nothing can be fetched), into .build/docs/<Module>.doccarchive.
#
# Fails on any docc warning (--warnings-as-errors) and on any public symbol without a doc
# comment (docc's documentation coverage, read with jq).
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
docc=${DOCC:-$(command -v docc || true)}
if [ -z "$docc" ]; then
  docc="$(dirname "$(command -v "$swift")")/docc"
fi
if [ ! -x "$docc" ]; then
  echo "docs: the toolchain's docc was not found next to swift; set DOCC=/path/to/docc." >&2
  exit 1
fi

modules=(TableKit TableREPL)
# A build folder of its own: the symbol-graph flags would otherwise make every later plain
# `swift build` rebuild these modules.
scratch=.build/docs-build
graphs="$PWD/$scratch/symbol-graphs"
mkdir -p "$graphs"
# TableREPL depends on TableKit, so one build emits both graphs. Modules that did not
# change are not recompiled and keep the graphs they emitted before.
"$swift" build --scratch-path "$scratch" --target TableREPL \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-skip-synthesized-members

status=0
for module in "${modules[@]}"; do
  input=".build/symbol-graphs/$module"
  output=".build/docs/$module.doccarchive"
  rm -rf "$input" "$output"
  mkdir -p "$input" .build/docs
  cp "$graphs/$module.symbols.json" "$input/"
  cp "$graphs/$module"@*.symbols.json "$input/" 2>/dev/null || true

  echo "docs: $module"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$input" \
    --output-path "$output" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "settei.$module" \
    --warnings-as-errors \
    --experimental-documentation-coverage --coverage-summary-level brief

  # Every symbol of the module itself needs an abstract (a `///` summary line).
  undocumented=$(jq -r '.[] | select(.kind.isSymbol and (.hasAbstract | not))
    | .referencePath | sub("^doc://[^/]*/documentation/"; "")' \
    "$output/documentation-coverage.json")
  if [ -n "$undocumented" ]; then
    echo "docs: public symbols of $module without a doc comment:" >&2
    echo "$undocumented" | sed 's/^/  /' >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "docs: built ${modules[*]} in .build/docs with no warnings"
exit $status
