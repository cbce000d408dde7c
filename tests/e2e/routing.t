#!/bin/bash
# --routing against genhist --maintainers's truth: every -T routing line
# (id, innermost tree, verdict, declared trees) and every figure (the
# JSON's routing and each tree's, the stale entries, the text's summary,
# the CSV column) on
# several seeds and ranges; and the pattern rules' unit test.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
GENHIST=$BUILD/genhist
export GENHIST
TRUTH="$PYTHON $TESTDIR/routing-truth.py"

# seed:commits:options
CONFIGS="1:3000: 2:3000:--rebase 3:6000:"
RANGES="master v1.3..v1.4 v1.4..v1.7"
TAGS="v1.0 $(for k in $(seq 1 9); do
	for i in $(seq 1 7); do printf 'v1.%s-rc%s ' "$k" "$i"; done
	printf 'v1.%s ' "$k"
done)"
tab=$(printf '\t')

plan $((1 + 2 + $(echo $CONFIGS | wc -w) * (1 + 4 * 3) + 1))

"$UNIT/test-maintainers-rules" >"$SCRATCH/unit" 2>&1
ok $? "the pattern rules: get_maintainer.pl's documented cases"
grep '^not ok' "$SCRATCH/unit" | sed 's/^/# /'

# Without --maintainers the stream is the same as it always was, and
# with it the history's shape is (the same -T commits truth).
"$GENHIST" --commits 2000 --seed 7 --expect "$SCRATCH/e1" >"$SCRATCH/s1" &&
"$GENHIST" --commits 2000 --seed 7 --expect "$SCRATCH/e2" \
	--maintainers "$SCRATCH/m2" >"$SCRATCH/s2" &&
cmp -s "$SCRATCH/e1" "$SCRATCH/e2" &&
! grep -q MAINTAINERS "$SCRATCH/s1" && grep -q MAINTAINERS "$SCRATCH/s2"
ok $? "genhist --maintainers: the same paths, files only with it"
"$GENHIST" --commits 2000 --files --maintainers "$SCRATCH/m3" \
	>/dev/null 2>"$SCRATCH/err"
[ $? -eq 2 ] && grep -q '^genhist: --maintainers' "$SCRATCH/err"
ok $? "genhist --maintainers refuses --files"
rm -f "$SCRATCH"/s[12]

# The tags after $1 up to $2, as an extended regular expression.
tags_re() {
	printf '%s\n' $TAGS | sed -n "/^$1\$/,/^$2\$/p" | sed 1d |
		sed 's/\./\\./g' | paste -sd '|'
}

for cfg in $CONFIGS; do
	seed=${cfg%%:*} rest=${cfg#*:} n=${rest%%:*} opt=${rest#*:}
	d=$SCRATCH/h$seed
	what="seed $seed, $n commits${opt:+ $opt}"

	"$ROOT/tools/mkrepo.sh" "$d" --commits "$n" --seed "$seed" $opt \
		--maintainers "$d.marks" >"$d.log" 2>&1
	st=$?
	ok $st "$what: generated and imported"
	[ $st -eq 0 ] || sed 's/^/# /' "$d.log" | head -5
	tr ' ' '\t' <"$d/marks" | sort -t "$tab" -k1,1 >"$d/m"
	sort -t "$tab" -k1,1 "$d.marks" | join -t "$tab" "$d/m" - |
		cut -f2- | sort >"$d/truth"
	# the stale entries' truth, ids for marks
	grep '^entry	' "$d.marks" >"$d/stale"
	grep '^handled	' "$d.marks" | cut -f2- | sort -t "$tab" -k1,1 |
		join -t "$tab" "$d/m" - | cut -f2- | sed 's/^/handled	/' \
		>>"$d/stale"
	for r in $RANGES; do
		if [ "$r" = master ]; then
			cut -f1 "$d/cycles.tsv" >"$d/ids"
			cut -f1 "$d/expected.tsv" >>"$d/ids"
			sort -u -o "$d/ids" "$d/ids"
		else
			grep -E "	($(tags_re "${r%..*}" "${r#*..}"))\$" \
				"$d/cycles.tsv" | cut -f1 | sort >"$d/ids"
		fi
		join -t "$tab" "$d/ids" "$d/truth" | cut -f1-4 >"$d/want"
		"$TREEPLOT" -C "$d/repo.git" --routing -T routing "$r" \
			2>"$d/err" | sort >"$d/got"
		if [ -s "$d/want" ] && cmp -s "$d/want" "$d/got"; then
			ok 0 "$what, $r: every -T routing line"
		else
			ok 1 "$what, $r: every -T routing line"
			diff "$d/want" "$d/got" | head -10 | sed 's/^/# /'
		fi
		"$TREEPLOT" -C "$d/repo.git" --routing --top all -T json "$r" \
			>"$d/o.json" 2>>"$d/err" &&
		"$TREEPLOT" -C "$d/repo.git" --routing -T text "$r" \
			>"$d/o.txt" 2>>"$d/err" &&
		$TRUTH "$d/truth" "$d/expected.tsv" "$d/ids" "$d/o.json" \
			"$d/o.txt" "$d/stale" "$r"
		ok $? "$what, $r: every figure (range, trees, cells, out of area, stale)"
		# The CSV column: the mainline's share is the range's.
		share=$("$PYTHON" -c 'import json,sys
s = json.load(open(sys.argv[1]))["routing"]["declared_share"]
print("" if s is None else "%.1f" % s)' "$d/o.json")
		"$TREEPLOT" -C "$d/repo.git" --routing -T csv "$r" 2>>"$d/err" |
			awk -F, 'NR == 1 { for (i = 1; i <= NF; i++)
					if ($i == "routing_declared_share") c = i }
				 NR == 2 { print $c }' >"$d/csv"
		[ "$(cat "$d/csv")" = "$share" ] && [ ! -s "$d/err" ]
		ok $? "$what, $r: the CSV column, no message"
		sed 's/^/# /' "$d/err" | head -3
		schema_ok "$what, $r: the JSON validates" "$d/o.json"
		# The HTML report (headless Chromium), once: the tree panel of
		# the first pull with commits outside its area lists them, each
		# a click to its way; the summary has the range's share.
		[ -n "${html_done:-}" ] && continue
		t=$(jq -r '.routing.out_of_area[0].tree // empty' "$d/o.json")
		[ -n "$t" ] || continue
		html_done=1
		"$TREEPLOT" -q -C "$d/repo.git" --routing -o "$d/o.html" "$r" &&
		"$PYTHON" "$TESTDIR/../html_driver.py" open:"$d/o.html" \
			click:"$t" page >"$d/drv" 2>&1
		n=$(jq -r --arg t "$t" '[.routing.out_of_area[] | select(.tree == $t) | .out_of_area[]] | length' "$d/o.json")
		s=; [ "$n" = 1 ] || s=s
		bad=0
		for id in $(jq -r --arg t "$t" '.routing.out_of_area[] | select(.tree == $t) | .out_of_area[]' "$d/o.json"); do
			grep -q "^panel	${id:0:12} " "$d/drv" || bad=1
		done
		grep -qx "panel	$n commit$s outside its area (MAINTAINERS)" "$d/drv" &&
			[ $bad = 0 ] &&
			grep -A1 -x "text	as declared" "$d/drv" |
			grep -qx "text	$share% ($(jq -r '.routing | "\(.declared) of \(.counted)"' "$d/o.json") commits)"
		ok $? "$what, $r: html: $t's panel lists its $n commit$s outside its area; the summary's share"
		[ -n "${VERBOSE:-}" ] && sed 's/^/# /' "$d/drv"
	done
	rm -rf "$d"
done

done_testing
