#!/bin/bash
# --timeline on a lying clock (issue 36): a merge at the start of the
# cycle dated a year ahead.  Phases are cut by position on the
# first-parent line; their days and the chart's positions come from the
# line's dates made monotone from the end backwards, so the phase's
# days stay small and positive, the JSON's too, the chart spreads the
# pulls over their days, and one warning names the merge.
. "$(dirname "$0")/lib.sh"

SVGTEXT="$PYTHON $TESTDIR/svgtext.py"

plan 9

mkdir skew.git && cd skew.git || exit 1
repo bare
DAY=86400
D0=1700000000
DATE=$D0 mk sk0 "initial"
prev=sk0
# Six pulls of six trees, a day apart; the first one's merge dated a year
# (365 days) late.
for i in 1 2 3 4 5 6; do
	DATE=$((D0 + i * DAY - 3600)) mk skb$i "t$i: change" $prev
	d=$((D0 + i * DAY))
	[ $i = 1 ] && d=$((d + 365 * DAY))
	DATE=$d mk skM$i "Merge branch 'master' of git://example.org/t$i" \
		$prev skb$i
	prev=skM$i
done
ref refs/heads/master $prev
ref refs/tags/v1.0 sk0
ref refs/tags/v1.1-rc1 skM3
ref refs/tags/v1.1 skM6
git symbolic-ref HEAD refs/heads/master
R=v1.0..v1.1
SKEWED=$(id skM1 | cut -c1-12)

tp -q --timeline $R
is "$STATUS" 0 "skewed: the timeline is written"
printf '%s\n' "$OUT" >text.txt
printf '%s\n' "$ERR" >err.txt
# The phases' table: "  NAME  FIRST  LAST  DAYS ..." lines, days the
# fourth field from the end of the dates.
days=$(sed -n 's/.*[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]  *[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]  *\(-\{0,1\}[0-9]*\) .*/\1/p' text.txt | tr '\n' ' ')
[ -n "$days" ] && ! printf '%s\n' "$days" | grep -q -- -
ok $? "text: no phase has negative days ($days)"
is "$(grep -c '^treeplot: warning: ' err.txt)" 1 "one warning under -q"
grep -q "^treeplot: warning: merge $SKEWED is dated 2024-11-14, out of order on the first-parent line: --timeline takes it for 2023-11-16$" err.txt
ok $? "the warning names the merge and its date"
[ -n "${VERBOSE:-}" ] && sed 's/^/# /' text.txt err.txt

tp -q --timeline -T json $R
is "$(printf '%s\n' "$OUT" | jq -c '[.phases[].days]')" "[2,3]" \
   "json: the phases' days, the skewed merge back to its successor's day"
is "$(printf '%s\n' "$OUT" | jq '[.phases[].days | select(. < 0 or . > 1000)] | length')" 0 \
   "json: no phase's days negative or wrapped"

cd "$SCRATCH" || exit 1
"$TREEPLOT" -q -C skew.git --timeline -o tl.svg $R 2>/dev/null
ok $? "the chart is drawn"
# The discs: cairo's arcs, each a closed path of four curves; the
# columns their centres (the mean of the path's points) fall in: the
# legend's two, and the pulls' (six days; one, the skewed one's, when
# the skew flattens the chart).
"$PYTHON" - tl.svg <<'EOT' >discs.txt
import re, sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
xs = set()
for p in ET.parse(sys.argv[1]).iter(NS + "path"):
    d = p.get("d") or ""
    if d.count("C") != 4:
        continue
    n = [float(v) for v in re.findall(r"-?[0-9.]+", d)]
    xs.add(round(sum(n[0::2]) / len(n[0::2])))
print(len(xs))
EOT
n=$(cat discs.txt)
[ "$n" -ge 5 ]
ok $? "svg: the discs spread over the days, not on one ($n columns)"

# The HTML report's timeline view (headless Chromium): every pull's mark
# inside its own phase's band; the skewed merge's raw date would put it
# at the cycle's end, in the band of the phase after its own.
"$TREEPLOT" -q -C skew.git --timeline -o tl.html $R 2>/dev/null &&
"$PYTHON" "$TESTDIR/../html_driver.py" open:"$SCRATCH/tl.html" timeline \
	places >places.txt
awk -F'\t' '$1 == "place" { lo[$2] = $3; hi[$2] = $4 }
	$1 == "at" { n++; if (!($3 in lo) || $4 < lo[$3] - 0.5 ||
		$4 > hi[$3] + 0.5) { print "outside: " $0; bad++ } }
	END { exit !(n == 6 && !bad) }' places.txt
ok $? "html: each of the six marks inside its phase's band"
[ -n "${VERBOSE:-}" ] && sed 's/^/# /' places.txt

done_testing
