#!/bin/sh
# make demo's script: a generated sample, charted to demo.svg, the report
# on stdout.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTDIR/../.." && pwd)

plan 4
sh "$ROOT/tools/demo.sh" "$TREEPLOT" "$BUILD/genhist" >"$SCRATCH/out" 2>"$SCRATCH/err"
ok $? "tools/demo.sh runs"
xmllint --noout demo.svg 2>/dev/null
ok $? "demo.svg is well-formed SVG"
grep -q '^range       v[0-9.]*\.\.v[0-9.]*$' "$SCRATCH/out"
ok $? "the report names the last release cycle"
grep -q 'trees by depth' "$SCRATCH/out" && grep -q '^demo: the chart of' "$SCRATCH/out"
ok $? "the report's summary and the closing line are printed"
done_testing
