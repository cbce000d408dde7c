#!/bin/bash
# The trend chart of --compare (-o trend.svg, .png, .pdf): drawn by cairo
# into each format, the same bytes on every run, and what it shows read
# back from the PDF's text (pdftotext): the titles, the release names in
# order on the x axis, the legend's trees (the largest five of the JSON,
# in its order) and depths.  Untrusted tree names are drawn safely.
. "$(dirname "$0")/lib.sh"

plan 42

git init -q --bare gen
"$BUILD/genhist" --commits 3000 --trees 40 --releases 11 --seed 7 |
	git -C gen fast-import --quiet
G=$SCRATCH/gen
SVGTEXT="$PYTHON $TESTDIR/svgtext.py"
ARGS="-C $G --compare --cycles v1.0..v1.10"

# shellcheck disable=SC2086
for f in svg png pdf; do
	"$TREEPLOT" $ARGS -o "trend.$f"
	ok $? "$f: exit status 0"
	"$TREEPLOT" $ARGS -T $f >"again.$f"
	cmp -s "trend.$f" "again.$f"
	ok $? "$f: -o and -T write the same bytes, run after run"
done

xmllint --noout trend.svg 2>/dev/null
ok $? "svg: well-formed XML"
is "$(grep -o '<svg[^>]*' trend.svg | grep -o ' width="[^"]*"')" ' width="1000pt"' \
   "svg: 1000 points wide"
# The SVG's text is text: <text> elements in DejaVu Sans, no glyph
# outlines (<symbol>), no two labels overlapping (svgtext.py).
is "$($PYTHON "$TESTDIR/svgtext.py" check trend.svg 2>overlaps | sed 's/^texts [0-9]* //')" \
   "symbols 0 fonts DejaVu Sans overlaps 0" \
   "svg: text as <text> in DejaVu Sans, no glyph outlines, no two labels overlapping"
[ -s overlaps ] && sed 's/^/# /' overlaps
"$PYTHON" "$TESTDIR/svgtext.py" texts trend.svg >svg.txt
grep -qxF "gen: 10 ranges, from v1.0 to v1.10" svg.txt && grep -qxF "v1.10" svg.txt
ok $? "svg: the title and the release names as <text>"
is "$(head -c 16 trend.png | od -An -tx1 | tr -d ' \n')" \
   "89504e470d0a1a0a0000000d49484452" "png: a PNG"
is "$(od -An -tu1 -j16 -N4 trend.png | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')" \
   2000 "png: 2000 pixels wide (twice the points, for print)"
is "$(head -c 5 trend.pdf)" "%PDF-" "pdf: a PDF"
last=$(git -C "$G" log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S v1.10)
is "$(grep -ao '/CreationDate (D:[0-9]*' trend.pdf | sort -u)" "/CreationDate (D:$last" \
   "pdf: dated by the last range's end ($last), as the flow chart is"
# shellcheck disable=SC2086
SOURCE_DATE_EPOCH=1700000000 "$TREEPLOT" $ARGS -o sde.pdf
grep -aq '/CreationDate (D:20231114221320' sde.pdf
ok $? "pdf: SOURCE_DATE_EPOCH sets it"

# --- what the chart says --------------------------------------------------------

pdftotext -layout trend.pdf text.txt
TEXT=$(cat text.txt)
has() { printf '%s\n' "$TEXT" | grep -qF -- "$1"; }
has "gen: 10 ranges, from v1.0 to v1.10"
ok $? "the title: repository, number of ranges, first and last release"
ok "$(for s in "Direct share" "% of the commits" "Trees" "Trees by depth" \
	"Commits through the largest trees" "commits" \
	"range (named by its end)"; do has "$s" || exit 1; done; echo $?)" \
   "the panels' titles and the axes' titles with their units"
# The x axis: one line under the last panel holds the names in order.
is "$(grep -E '^ *v1\.1 +v1\.2 ' text.txt | tr -s ' ' '\n' | sed '/^$/d' | tr '\n' ' ')" \
   "v1.1 v1.2 v1.3 v1.4 v1.5 v1.6 v1.7 v1.8 v1.9 v1.10 " \
   "the x axis: each release, in order, upright at ten ranges"
# shellcheck disable=SC2086
JSON=$("$TREEPLOT" $ARGS -T json)
# The legend: the five largest trees, as the table orders them, each
# whole or cut to 28 characters (its start and its end, an ellipsis
# between), no two alike.
printf '%s\n' "$JSON" | jq -r '.trees[:5][].name' >top.txt
"$PYTHON" - top.txt text.txt <<'EOT'
import re, sys
names = open(sys.argv[1], encoding="utf-8").read().split("\n")[:-1]
cells = [c for line in open(sys.argv[2], encoding="utf-8")
         for c in re.split(r"\s{2,}", line.strip()) if c]
shown = []
for n in names:
    def fits(c):
        if c == n:
            return True
        if len(c) > 28 or "\u2026" not in c:
            return False
        a, b = c.split("\u2026", 1)
        return n.startswith(a) and n.endswith(b) and len(n) > 28
    found = [c for c in cells if fits(c)]
    if not found:
        sys.exit("no legend entry for " + n)
    shown.append(found[0])
sys.exit(0 if len(set(shown)) == len(shown) else "two alike")
EOT
ok $? "the legend: the five largest trees, in the table's order, cut to fit, none alike"
depths=$(printf '%s\n' "$JSON" | jq -r '[.ranges[].by_depth[].depth] | max')
is "$(grep -oE 'depth [0-9]+' text.txt | sort -u | tr '\n' ' ')" \
   "$(seq 1 "$depths" | sed 's/^/depth /' | tr '\n' ' ')" \
   "the legend: every depth the ranges have"
# Direct share's axis ends on a round tick above the largest share.
max=$(printf '%s\n' "$JSON" | jq '[.ranges[].direct_share] | max')
is "$(awk -v m="$max" 'BEGIN { print (m <= 20 && m > 15) }')" 1 \
   "the generated shares lie between 15% and 20% ..."
has "20"
ok $? "... and the axis ends at 20"

# --- thirty cycles ----------------------------------------------------------------

git init -q --bare gen30
"$BUILD/genhist" --commits 6000 --trees 40 --releases 31 --seed 3 |
	git -C gen30 fast-import --quiet
"$TREEPLOT" -C gen30 --compare --cycles v1.0..v1.30 -o t30.pdf
ok $? "thirty cycles: drawn"
# pdftotext reads upright and vertical text only: the names, turned at 45
# degrees so as not to overlap, are not on the page's lines.
pdftotext -layout t30.pdf - | grep -qE '^ *v1\.1 +v1\.2 '
ok "$((! $?))" "thirty cycles: the names are turned, not upright side by side"

# --- a U-Boot-like history ------------------------------------------------------

# Eleven quarterly cycles, every tree at depth 1 (forty custodian trees
# under one path), mailed series far above any tree.
git init -q --bare ub
"$PYTHON" "$TESTDIR/uboot-like.py" | git -C ub fast-import --quiet
UB="-C $SCRATCH/ub --compare --cycles v2022.10..v2025.07 --latency --timeline"
# shellcheck disable=SC2086
"$TREEPLOT" $UB -o ub.svg
ok $? "U-Boot-like: drawn"
"$PYTHON" "$TESTDIR/svgtext.py" texts ub.svg >ub.txt
is "$(grep -cxF "Trees" ub.txt):$(grep -c "Trees by depth" ub.txt)" "1:0" \
   "U-Boot-like: every tree at depth 1, no depth panel"
# shellcheck disable=SC2086
big=$("$TREEPLOT" $UB -T json | jq '[.trees[] | select(.name == "mailed patch series") | .commits_by_range[]] | max')
grep -qF "mailed patch series left out (up to $big commits a range)" ub.txt
ok $? "U-Boot-like: the mailed series ($big commits at most) left out of the largest trees, said"
is "$(grep '^u-boot-' ub.txt | sort | uniq -d | wc -l | tr -d ' '):$(grep -c '^u-boot-' ub.txt)" "0:5" \
   "U-Boot-like: five trees in the legend, named apart"
grep -qF "trees under source.denx.de/u-boot/custodians/ are named without it" ub.txt
ok $? "U-Boot-like: what the names leave out, said once"
grep -qxF "Median soak, from committer date to arrival in the mainline" ub.txt &&
	grep -qxF "Pulled after the merge window, closed by the cycle's first pre-release tag" ub.txt
ok $? "U-Boot-like: the median soak (--latency) and the share pulled after the merge window (--timeline)"
is "$($PYTHON "$TESTDIR/svgtext.py" check ub.svg 2>overlaps | sed 's/.*overlaps/overlaps/')" "overlaps 0" \
   "U-Boot-like: no two labels overlapping"
[ -s overlaps ] && sed 's/^/# /' overlaps

# --- untrusted names --------------------------------------------------------------

# A tree's name from a merge subject (markup and a long name), the
# repository's from its directory (a control character).
H="h$(printf '\033')x"
mkdir "$H"
cd "$H" || exit 1
repo
mk a "first"
mk b "work" a
mk a2 "mainline" a
mk c "Merge branch 'x' of git://evil.example/a-very-long-tree-name/<b>\"q\"&amp;" a2 b
mk d "second" c
git tag v1 "$(id a)"; git tag v2 "$(id a2)"; git tag v3 "$(id d)"
tp --compare v1..v2 v2..v3 -o ../h.pdf
is "$STATUS:$ERR" "0:" "untrusted names: drawn, nothing on stderr"
pdftotext ../h.pdf - >../h.txt
grep -qF 'h�x: 2 ranges, from v1 to v3' ../h.txt
ok $? "untrusted names: a control character drawn as U+FFFD"
grep -qxF 'evil.example/…/<b>"q"&amp' ../h.txt
ok $? "untrusted names: markup drawn as it is written, cut at 28 characters"
cd "$SCRATCH" || exit 1

# --- --size: laid out for a printed page -------------------------------------------
# --compare --size was refused: the trend chart was 1000 pt wide, its
# 11 pt text 5 pt in a 6.5-inch column.  Now the page is the width asked,
# the text keeps its size, the legend's names are cut to the room left,
# and one line says so (once for two charts).
cd "$SCRATCH" || exit 1
tp -C "$G" --compare --size 6.5in -o t65.pdf -o t65.svg v1.0..v1.1 v1.1..v1.2 v1.2..v1.3
is "$STATUS:$(pdfinfo t65.pdf | awk '/^Page size/ { print $3 }')" "0:468" \
   "--compare --size 6.5in: a page 468 pt wide"
is "$(printf '%s\n' "$ERR" | grep -c '^treeplot: --size 6.5in: legend names cut to 15 characters; smallest text 11.0pt, [0-9]*\.[0-9]in high$')" 1 \
   "--compare --size 6.5in: one line, once, says what was folded and the smallest text"
is "$($SVGTEXT check t65.svg 2>overlaps | sed 's/.*overlaps/overlaps/')" "overlaps 0" \
   "--compare --size 6.5in: no two labels overlap"
tp -C "$G" --compare --size 5in --min-font 12 -o t5.svg v1.0..v1.1 v1.1..v1.2
printf '%s\n' "$ERR" | grep -q '^treeplot: --size 5in: .*, under --min-font 12.0pt'
ok $? "--compare --min-font above the chart's text: said"

# --- lines that coincide ---------------------------------------------------------
# Two trees with the same commits in every range: drawn over each other
# in one colour, the second's legend entry had no line to find.  The
# second is dashed, here and in its legend sample; nothing else is.
mkdir "$SCRATCH/same" && cd "$SCRATCH/same" && repo || exit 1
mk sm0 "initial"
git tag v1 "$(id sm0)"
prev=sm0
for v in 2 3 4; do
	for t in aa bb; do
		mk "sm$t$v" "$t: change" $prev
		mk "smm$t$v" "Merge branch 'master' of git://example.org/$t" \
			$prev "sm$t$v"
		prev=smm$t$v
	done
	git tag "v$v" "$(id "$prev")"
done
ref refs/heads/master "$prev"
git symbolic-ref HEAD refs/heads/master
tp --compare v1..v2 v2..v3 v3..v4 -o same.svg
is "$STATUS" 0 "coinciding lines: drawn"
"$PYTHON" - same.svg <<'EOT' >same.txt
import sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
dashed = 0
for p in ET.parse(sys.argv[1]).iter(NS + "path"):
    st = (p.get("style") or "") + " " + (p.get("stroke-dasharray") or "")
    if "dasharray" in st.replace("stroke-dasharray", "dasharray") and "none" not in (p.get("stroke-dasharray") or ""):
        dashed += 1
print(dashed)
EOT
[ "$(cat same.txt)" -ge 2 ]
ok $? "coinciding lines: the second tree's line and legend sample dashed ($(cat same.txt) paths)"
cd "$SCRATCH" || exit 1

# --- errors --------------------------------------------------------------------

tp --compare -T dot -C "$G" v1.0..v1.1 v1.1..v1.2
is "$STATUS:$ERR" \
   "2:treeplot: --compare writes text, json, csv, or a trend chart (svg, png, pdf), not 'dot'" \
   "dot is no trend chart"
tp --compare -C "$G" -o bad.svg v1.0..v1.1 v1.1..nope
[ "$STATUS" = 2 ] && [ ! -e bad.svg ]
ok $? "a bad range: status 2, no chart written"

done_testing
