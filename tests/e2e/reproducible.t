#!/bin/bash
# Stable, reproducible output for CI: the same inputs give the same bytes
# in every format, on every run, whatever the time zone, the locale or a
# commit-graph file; no absolute path shows; the JSON carries its
# format_version and validates against docs/treeplot.schema.json.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
SCHEMA=$ROOT/docs/treeplot.schema.json
export GENHIST=$BUILD/genhist

FORMATS="text json csv commits dot svg png pdf"
plan 46

mkdir fx
cd fx || exit 1
build_fixture
R=v1.0..v2.0
FX=$SCRATCH/fx
cd "$SCRATCH" || exit 1

# run NAME ARGS...: treeplot -C (an absolute path) ARGS into out/NAME.
mkdir out again
run() {
	local name=$1
	shift
	"$TREEPLOT" -C "$FX" "$@" >"$OUTDIR/$name" 2>/dev/null
}
all_outputs() {
	for f in $FORMATS; do run "$f" -T "$f" --config "$SCRATCH/cfg" $R; done
	run trace.txt --trace "$(id i1)" "$(id a1)" $R
	run trace.json --trace -T json "$(id i1)" "$(id a1)" nope $R
	run compare.txt --compare v1.0..v2.0-rc1 $R
	run compare.json --compare -T json v1.0..v2.0-rc1 $R
	run compare.csv --compare -T csv v1.0..v2.0-rc1 $R
}
printf '[treeplot]\n\tmainline = Linus\n' >"$SCRATCH/cfg"

OUTDIR=$SCRATCH/out all_outputs
sleep 1	# a second later: a date stamped into an output would show
OUTDIR=$SCRATCH/again TZ=Asia/Kolkata LC_ALL=C.UTF-8 all_outputs
for f in $FORMATS trace.txt trace.json compare.txt compare.json compare.csv; do
	[ -s "out/$f" ] && cmp -s "out/$f" "again/$f"
	ok $? "$f: byte-identical on a second run (another time zone and locale)"
done
for f in $FORMATS trace.txt trace.json compare.txt compare.json compare.csv; do
	grep -aqF "$SCRATCH" "out/$f"
	ok $((! $?)) "$f: no absolute path in the output"
done

# A PDF's creation date is no clock's: the range's last mainline
# commit's (the end's, on its first-parent line).
last=$(git -C "$FX" log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S v2.0)
is "$(grep -ao '/CreationDate (D:[0-9]*Z)' out/pdf | sort -u)" "/CreationDate (D:${last}Z)" \
   "pdf: the creation date is the range's last commit's"
SOURCE_DATE_EPOCH=1700000000 "$TREEPLOT" -C "$FX" -T pdf $R >sde.pdf
grep -aq '/CreationDate (D:20231114221320Z)' sde.pdf
ok $? "pdf: SOURCE_DATE_EPOCH sets it"
"$TREEPLOT" -C "$FX" --config "$SCRATCH/cfg" -o "$SCRATCH/file.pdf" $R
cmp -s file.pdf out/pdf
ok $? "pdf: -o FILE writes the same bytes"

# --- machine-independent formats, with and without a commit-graph -------------

d=$SCRATCH/g
"$ROOT/tools/mkrepo.sh" "$d" --commits 5000 --seed 3 >"$d.log" 2>&1
ok $? "generated: seed 3, 5000 commits"
G=$d/repo.git
gen() {
	local dir=$1
	mkdir -p "$dir"
	for f in text json csv commits dot; do
		"$TREEPLOT" -C "$G" -T $f v1.3..v1.6 >"$dir/$f"
	done
	"$TREEPLOT" -C "$G" -T commits v1.5..v1.6 | cut -f1 >"$dir/ids"
	"$TREEPLOT" -C "$G" --trace -T json - v1.5..v1.6 <"$dir/ids" >"$dir/trace.json"
	"$TREEPLOT" -C "$G" --compare -T json v1.3..v1.4 v1.4..v1.6 >"$dir/compare.json"
}
gen "$d/plain"
git --git-dir="$G" commit-graph write --reachable 2>/dev/null
gen "$d/graph"
for f in text json csv commits dot trace.json compare.json; do
	cmp -s "$d/plain/$f" "$d/graph/$f"
	ok $? "$f: the same with a commit-graph as without (URL spellings, unrecognised merges in an order of their own)"
done

# --- the JSON schema ------------------------------------------------------------

if "$PYTHON" -c 'import jsonschema' 2>/dev/null; then
	validate() {
		"$PYTHON" - "$SCHEMA" "$@" <<'EOF'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.validators.validator_for(schema).check_schema(schema)
bad = 0
for f in sys.argv[2:]:
    try:
        jsonschema.validate(json.load(open(f)), schema)
    except jsonschema.ValidationError as e:
        print("# %s: %s" % (f, e.message))
        bad = 1
sys.exit(bad)
EOF
	}
	validate
	ok $? "the schema is a valid JSON Schema (draft 2020-12)"
	"$TREEPLOT" -C "$FX" -T json --top 2 $R >top.json
	"$TREEPLOT" -C "$FX" -T json --mainline-url "$K/davem/net-2.6" $R >url.json
	# An empty range says so on stderr (checked in ranges.t): kept out
	# of the test's output.
	"$TREEPLOT" -C "$FX" -T json v1.0..v1.0 >empty.json 2>empty.err
	validate out/json top.json url.json empty.json "$d/plain/json"
	ok $? "report JSON (plain, --top, --mainline-url, empty range, generated) validates"
	validate out/trace.json "$d/plain/trace.json"
	ok $? "trace JSON (with untraced commits; a whole generated cycle) validates"
	validate out/compare.json "$d/plain/compare.json"
	ok $? "compare JSON validates"
	jq 'del(.format_version)' out/json >broken.json
	jq '.traces[0].hops[0].merge = "xyz"' "$d/plain/trace.json" >broken2.json
	jq '.ranges[0].direct_share = "12%"' out/compare.json >broken3.json
	for b in broken.json broken2.json broken3.json; do
		validate $b >/dev/null
		ok $((! $?)) "$b: a broken output is rejected (the check has teeth)"
	done
else
	for i in 1 2 3 4 5 6 7; do ok 0 "# SKIP no python3 jsonschema (Debian: python3-jsonschema)"; done
fi
is "$(for f in out/json out/trace.json out/compare.json; do jq .format_version "$f"; done | tr '\n' ' ')" \
   "2 2 2 " "every JSON output has format_version 2"
is "$(head -n 3 out/json | tail -n 2)" '  "$schema": "https://treeplot.invalid/treeplot.schema.json",
  "format_version": 2,' "\$schema, then format_version, are the first members"

done_testing
