#!/bin/bash
# The timeline chart (--timeline with -T svg, png or pdf): drawn by cairo,
# its SVG's text as <text> elements in DejaVu Sans (no glyph outlines),
# read back from the outside (svgtext.py): the phases' names and tags
# (the JSON's), the rows in the flow's order with each tree's commits and
# pulls (the JSON's timeline), the direct commits, the dates; no two
# labels overlapping, at a generated cycle of 100 trees with pulls in
# eight phases, folded to 40 by --top, and over two cycles (phases
# crowded); the same bytes run after run and on one thread; the flow
# chart without --timeline and for DOT; untrusted names escaped.
. "$(dirname "$0")/lib.sh"

SVGTEXT="$PYTHON $TESTDIR/svgtext.py"

plan 36

git init -q --bare gen
"$BUILD/genhist" --commits 6000 --trees 100 --seed 7 --late --rebase |
	git -C gen fast-import --quiet
G=$SCRATCH/gen
R=v1.8..v1.9

"$TREEPLOT" -q -C "$G" --timeline -o tl.svg -o tl.png -o tl.pdf $R
ok $? "svg, png and pdf from one run"
"$TREEPLOT" -q -C "$G" --timeline -j 1 -T svg $R >again.svg &&
	"$TREEPLOT" -q -C "$G" --timeline -T pdf $R >again.pdf &&
	cmp -s tl.svg again.svg && cmp -s tl.pdf again.pdf
ok $? "the same bytes run after run, on one thread as on all"
xmllint --noout tl.svg
ok $? "svg: well-formed XML"
is "$($SVGTEXT check tl.svg 2>overlaps)" \
   "texts $($SVGTEXT texts tl.svg | wc -l | tr -d ' ') symbols 0 fonts DejaVu Sans overlaps 0" \
   "svg: text as <text> in DejaVu Sans, no glyph outlines, no two labels overlapping"
[ -s overlaps ] && sed 's/^/# /' overlaps
$SVGTEXT texts tl.svg >texts.txt
# The subtitle whole, its late figure with the tag it counts from (it
# was cut off, "first-parent l...", once the figure named its tag); how
# the phases are cut on the note's line.
grep -Eq '^[0-9]+ pulls of [0-9]+ trees, [0-9]+ commits, [0-9]+ of them pulled after the merge window \(from v1\.9-rc1\)$' texts.txt &&
	grep -qx "phases cut by the mainline's first-parent line" texts.txt
ok $? "the subtitle whole, naming the tag its late figure counts from"

JSON=$("$TREEPLOT" -q -C "$G" --timeline -T json $R)
# Every phase named, every tag at a band's edge.
printf '%s\n' "$JSON" | jq -r '.phases[] | .name, .end_tag' >want.txt
printf '%s\n' "$JSON" | jq -r '.phases[0].start_tag' >>want.txt
is "$(sort -u want.txt | while read -r s; do grep -qxF -- "$s" texts.txt || echo "$s"; done)" "" \
   "every phase and every tag named"
is "$(printf '%s\n' "$JSON" | jq '[.phases[] | select(.pulls > 0)] | length')" 8 \
   "the cycle has pulls in eight phases"

# The rows: the label at the left, the commits and pulls at the right,
# one line each, as the JSON's trees that the mainline pulled, in order.
"$PYTHON" - tl.svg <<'EOT' >rows.txt
import sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
ts = [(float(t.get("x")), float(t.get("y")), t.get("text-anchor"),
       "".join(t.itertext())) for t in ET.parse(sys.argv[1]).iter(NS + "text")]
head = {s: (x, y) for x, y, a, s in ts if s in ("commits", "pulls")}
cx, hy = head["commits"]
px = head["pulls"][0]
rows = {}
for x, y, a, s in ts:
    if a == "end" and y > hy and x in (cx, px):
        rows.setdefault(y, {})[x] = s
for y in sorted(rows):
    print(rows[y].get(cx, ""), rows[y].get(px, ""))
EOT
printf '%s\n' "$JSON" | jq -r '.trees[] | select(.timeline | length > 0) |
	"\([.timeline[].commits] | add) \(.timeline | length)"' >want-rows.txt
printf '%s\n' "$JSON" | jq -r '"\([.direct_by_day[].commits] | add // 0) "' >want-direct.txt
is "$(cat rows.txt)" "$(cat want-direct.txt want-rows.txt)" \
   "the rows: the direct commits, then each tree pulled, its commits and pulls as the JSON has them"
grep -qxF "direct to the mainline" texts.txt
ok $? "the direct commits' row is named"
first=$(printf '%s\n' "$JSON" | jq -r '[.trees[] | select(.timeline | length > 0)][0].name')
grep -qxF -- "$first" texts.txt
ok $? "the largest tree's row named ($first)"
grep -qE '^20[0-9]{2}-[0-9]{2}-[0-9]{2}$' texts.txt
ok $? "dates on the axis"
days=$(grep -cE '^20[0-9]{2}-[0-9]{2}-[0-9]{2}$' texts.txt)
is "$(awk -v n="$days" 'BEGIN { print (n >= 4 && n <= 20) }')" 1 \
   "a readable number of dates ($days)"

# The raster and the page.
is "$(head -c 8 tl.png | od -An -tx1 | tr -d ' \n')" 89504e470d0a1a0a "png: a PNG"
is "$(od -An -tu1 -j16 -N4 tl.png | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')" \
   2000 "png: 2000 pixels wide (twice the points)"
box=$(grep -aoE '/MediaBox \[ ?0 0 [0-9.]+ [0-9.]+ ?\]' tl.pdf | head -n 1 |
      grep -oE '[0-9.]+ [0-9.]+ ?\]' | tr -d ']')
is "$(echo "$box" | awk '{ print ($1 == 1000 && $2 > 400 && $2 < 3000) }')" 1 \
   "pdf: a page 1000 points wide and of a sane height ($box)"
pdftotext tl.pdf - | grep -qF "merge window"
ok $? "pdf: its text is text"
last=$(git -C "$G" log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S v1.9)
is "$(grep -ao '/CreationDate (D:[0-9]*' tl.pdf | sort -u)" "/CreationDate (D:$last" \
   "pdf: dated by the range's last mainline commit ($last), as the flow chart is"

# --- 40 trees of 100, and two cycles --------------------------------------------

"$TREEPLOT" -q -C "$G" --timeline --top 40 -o top.svg $R
is "$($SVGTEXT check top.svg 2>overlaps | sed 's/.*overlaps/overlaps/')" "overlaps 0" \
   "--top 40: no two labels overlapping"
[ -s overlaps ] && sed 's/^/# /' overlaps
fold=$(printf '%s\n' "$JSON" | jq '[.trees[] | select(.timeline | length > 0)] | length - 39')
$SVGTEXT texts top.svg >top.txt
grep -qxF "$fold other trees" top.txt
ok $? "--top 40: the rest folded into one row ($fold other trees)"
"$TREEPLOT" -q -C "$G" --timeline -o two.svg v1.8-rc3..v1.9
is "$($SVGTEXT check two.svg 2>overlaps | sed 's/.*overlaps/overlaps/')" "overlaps 0" \
   "two cycles, 16 phases: no two labels overlapping"
[ -s overlaps ] && sed 's/^/# /' overlaps
$SVGTEXT texts two.svg >two.txt
grep -qxF "merge window after v1.8" two.txt
ok $? "two cycles: the phases named in full"

# --- which chart -------------------------------------------------------------------

"$TREEPLOT" -q -C "$G" -T svg $R >flow.svg
grep -q '<!-- Generated by graphviz' flow.svg
ok $? "without --timeline: the flow chart"
"$TREEPLOT" -q -C "$G" --timeline -T dot $R >flow.dot
grep -q '^digraph' flow.dot
ok $? "--timeline -T dot: the flow chart's graph (Graphviz's own format)"

# --- untrusted names ---------------------------------------------------------------

mkdir h && cd h || exit 1
repo
mk a "first"
mk b "work" a
mk a2 "mainline" a
git tag v1 "$(id a)"
mk c "Merge branch 'x' of git://evil.example/t/<b>\"q\"&amp;'" a2 b
mk d "fix" c
git tag v2-rc1 "$(id d)"
mk e "more" d
git tag v2 "$(id e)"
tp --timeline -T svg v1..v2
is "$STATUS:$ERR" "0:" "untrusted names: drawn, nothing on stderr"
printf '%s\n' "$OUT" >h.svg
xmllint --noout h.svg
ok $? "untrusted names: the SVG is well-formed"
grep -qF '>evil.example/t/&lt;b&gt;&quot;q&quot;&amp;amp</text>' h.svg
ok $? "untrusted names: escaped in the <text>"
cd "$SCRATCH" || exit 1

# --- --size: laid out for a printed page ----------------------------------------
# The timeline chart ignored --size: a 1000 pt page whose 10 pt text was
# 4.7 pt in a 6.5-inch column.  Now the page is the width asked, the
# text keeps its size, and one line says what was folded.
cd "$SCRATCH" || exit 1
tp -C "$G" --timeline --top 20 --size 6.5in -o narrow.pdf -o narrow.svg $R
is "$STATUS:$(pdfinfo narrow.pdf | awk '/^Page size/ { print $3 }')" "0:468" \
   "--size 6.5in: a page 468 pt wide"
printf '%s\n' "$ERR" | grep -qx 'treeplot: --size 6.5in: names cut to 22 characters, legend in two lines, headings wrapped; smallest text 10.0pt, [0-9]*\.[0-9]in high'
ok $? "--size 6.5in: one line says what was folded and the smallest text ($ERR)"
is "$($SVGTEXT check narrow.svg 2>overlaps | sed 's/.*overlaps/overlaps/')" "overlaps 0" \
   "--size 6.5in: no two labels overlap"
tp -C "$G" --timeline --size 2in --min-font 11 -o tiny.svg $R
printf '%s\n' "$ERR" | grep -q '^treeplot: --size 2in: drawn 4in wide, the narrowest the timeline lays out.*, under --min-font 11.0pt'
ok $? "--size 2in --min-font 11: drawn at the narrowest, the text under --min-font said"

# --- pulls that one merge brought ---------------------------------------------------
# Three pulls of one tree into next, next merged once: one disc with its
# count ("3"), not three concentric ones; another tree's one pull stays
# a disc of its own.
mkdir "$SCRATCH/nx" && cd "$SCRATCH/nx" && repo bare || exit 1
DATE=1700000000 mk nx0 "initial"
nprev=nx0
for k in 1 2 3; do
	DATE=$((1700000000 + k * 3600)) mk "nxc$k" "dm: change $k" nx0
	DATE=$((1700000000 + k * 3600 + 60)) mk "nxn$k" \
		"Merge branch 'master' of git://example.org/dm into next" $nprev "nxc$k"
	nprev=nxn$k
done
DATE=1700050000 mk nxo "net: change" nx0
DATE=1700060000 mk nxm1 "Merge branch 'master' of git://example.org/net" nx0 nxo
DATE=1700090000 mk nxm2 "Merge branch 'next'" nxm1 $nprev
ref refs/heads/master nxm2
ref refs/tags/v1.0 nx0
ref refs/tags/v1.1 nxm2
git symbolic-ref HEAD refs/heads/master
tp -q --timeline -o ../nx.svg v1.0..v1.1
is "$STATUS" 0 "next: the chart is drawn"
"$PYTHON" - ../nx.svg <<'EOT' >../nx.txt
import re, sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
centres = {}
for p in ET.parse(sys.argv[1]).iter(NS + "path"):
    d = p.get("d") or ""
    if d.count("C") != 4 or p.get("fill", "") == "none":
        continue
    n = [float(v) for v in re.findall(r"-?[0-9.]+", d)]
    c = (round(sum(n[0::2]) / len(n[0::2])), round(sum(n[1::2]) / len(n[1::2])))
    centres[c] = centres.get(c, 0) + 1
print(sum(1 for v in centres.values() if v > 1))
EOT
is "$(cat ../nx.txt)" 0 "next: no two discs share a centre (the three pulls one disc)"
$SVGTEXT texts ../nx.svg | grep -q '^a number in a disc: the pulls one merge brought to the line; ' &&
	$SVGTEXT texts ../nx.svg | grep -c '^3$' | grep -qx 4
ok $? "next: the dm row's disc says it stands for 3 pulls (beside its commits, its pulls and the legend's 3), the note what the number is"
# The HTML report's timeline (headless Chromium) draws them so too: one
# disc for dm's three pulls, saying 3, whose panel lists the three.
tp -q --timeline -o ../nx.html v1.0..v1.1 &&
"$PYTHON" "$TESTDIR/../html_driver.py" open:"$SCRATCH/nx.html" timeline \
	pull:example.org/dm:0 >../nxh.txt
is "$(grep -c '^mark	example.org/dm	' ../nxh.txt):$(grep '^mark	example.org/dm	' ../nxh.txt | cut -f4)" \
   "1:3" "next, html: one disc for dm's three pulls, of their 3 commits"
grep -qx 'legend	a number in a disc: the pulls one merge brought' ../nxh.txt &&
	grep -qx 'panel	3 pulls in one merge' ../nxh.txt &&
	[ "$(grep -c '^panel	1 commit, newest first' ../nxh.txt)" = 3 ]
ok $? "next, html: the legend says what the number is; the panel lists the 3 pulls, a commit each"
[ -n "${VERBOSE:-}" ] && sed 's/^/# /' ../nxh.txt
cd "$SCRATCH" || exit 1

# --- errors ------------------------------------------------------------------------

tp -C "$G" --timeline -o bad.svg v1.8..nope
[ "$STATUS" = 2 ] && [ ! -e bad.svg ]
ok $? "a bad range: status 2, no chart written"

done_testing
