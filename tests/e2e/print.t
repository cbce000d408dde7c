#!/bin/sh
# Charts on paper, on a history shaped like U-Boot's (uboot.py, with its
# ground truth): --size and --min-font, measured in the rendered SVG (its
# smallest text at the page's width) and the PDF's page box and date;
# --signed's three styles, its "k/n signed" box lines and subtitle
# against the truth; the MAINTAINERS box lines.
. "$(dirname "$0")/lib.sh"

plan 23

GEOM="$PYTHON $TESTDIR/chartgeom.py"
R=v2024.01..v2024.04
U=$SCRATCH/u.git
"$PYTHON" "$TESTDIR/uboot.py" "$U" --truth "$SCRATCH/truth" >/dev/null
ok $? "a u-boot-like history, with the signed pulls' truth"

# --- --signed: per tree, its pulls signed of all ---------------------------

"$TREEPLOT" -C "$U" --signed --no-maintainers -o signed.svg $R
ok $? "--signed: a chart"
$GEOM boxes signed.svg >boxes
$GEOM strokes signed.svg >strokes
# Every tree of the truth: "tree<TAB>S/N signed<TAB>pattern arrowhead" as
# the chart draws it (the edge it leaves by), sorted.
awk -F '\t' 'FILENAME == ARGV[1] { id[$2] = $1; text[$2] = $3; next }
	# The edge into the mainline, else the one into another tree (a
	# tree right of its puller is drawn reversed, "TO->FROM").
	{ split($1, e, "->")
	  for (k = 1; k <= 2; k++)
		if (e[1] == "t0" || e[2] == "t0") main[e[k]] = $2 " " $3
		else other[e[k]] = $2 " " $3 }
	END {
		for (n in id) if (id[n] ~ /^t[1-9]/) {
			k = split(text[n], part, " \\| ")
			t = id[n]
			if (part[k] ~ / signed$/)
				print n "\t" part[k] "\t" (t in main ? main[t] : other[t])
		}
	}' boxes strokes | sort >got
awk -F '\t' '{
	look = $2 == $3 ? "solid filled" : $2 == 0 ? "dotted hollow" : "dashed hollow"
	print $1 "\t" $2 "/" $3 " signed\t" look
}' "$SCRATCH/truth" | sort >want
is "$(cat got)" "$(cat want)" \
   "each tree's box says its signed pulls of all, its edge solid (all), dashed (some) or dotted (none), as the truth"
grep -q '^source.denx.de/u-boot/custodians/u-boot-dm	4/4 signed	solid filled$' got &&
	grep -q '	dashed hollow$' got && grep -q '	dotted hollow$' got
ok $? "... the three styles are all there"
pulls=$(awk -F '\t' '{ s += $2; n += $3 } END { print s " of " n }' "$SCRATCH/truth")
$GEOM texts signed.svg >texts
grep -q ", $pulls pulls signed\$" texts
ok $? "the subtitle: $pulls pulls signed"
mail=$(awk -F '\t' '$3 ~ /^mailed patch series/ { print $1 }' boxes)
is "$(awk -F '\t' -v m="$mail" '$1 == m "->t0" || $1 == "t0->" m { print $2 }' strokes)" \
   tapered "the mailed series' edge in a style of its own: tapered"
grep -qx 'every pull signed (or accepted: treeplot.unsignedOk)' texts &&
	grep -qx 'hollow arrowhead: some pulls signed' texts &&
	grep -qx 'hollow arrowhead: no pull signed' texts &&
	grep -qx 'no tag to sign: mail, review server, subtree' texts &&
	grep -qx 'in a box: its pulls, signed of all' texts
ok $? "the legend: an entry for each style and for the box line"

# --- MAINTAINERS: the subsystem in the box ---------------------------------

"$TREEPLOT" -C "$U" -o mt.svg $R
$GEOM boxes mt.svg >mboxes
is "$(grep -e 'u-boot-dm	' -e 'u-boot-marvell	' -e 'u-boot-efi	' mboxes | cut -f3)" \
"u-boot-dm | 420 commits | DRIVER MODEL +1
u-boot-marvell | 147 commits | ARM MARVELL KIRKWOOD PXA…
u-boot-efi | 52 commits | EFI PAYLOAD AND UEFI BOOT…" \
   "a box's second line: its subsystem, shortened at a blank, +N for more"
"$TREEPLOT" -C "$U" --maintainer-names -o mtn.svg $R
$GEOM boxes mtn.svg | grep 'u-boot-rockchip	' | cut -f3 >rk
is "$(cat rk)" "u-boot-rockchip | 91 commits | ARM ROCKCHIP | Simone Glas, Philipp Tomic…" \
   "--maintainer-names: the names, no address, shortened"

# --- --size: laid out for a 6.5-inch column, text at 7 points or more -----

# printed SVG: "WIDTH HEIGHT SMALLEST" in points, the page's.
printed() { $GEOM printed "$1"; }
tp_size() { "$TREEPLOT" -C "$U" --signed "$@" $R; }
tp_size --size 6.5in -o p.svg -o p.pdf -o p.png 2>err
ok $? "--size 6.5in: SVG, PDF and PNG"
set -- $(printed p.svg)
is "$1" 468.00 "the SVG is 6.5 inches (468 points) wide"
[ "${3%.*}${3#*.}" -ge 700 ]
ok $? "its smallest text, at that width, is 7 points or more ($3)"
is "$(wc -l <err)" 1 "one line on stderr for the three charts"
grep -q "^treeplot: --size 6.5in: legend in two columns, headings wrapped, .*; smallest text $(echo "$3" | cut -c1-3)pt, [0-9.]*in high\$" err
ok $? "it says what was folded and the smallest text ($(cat err))"
# The plain chart's text at 6.5 inches, for comparison: what --size is for.
tp_size -q -o n.svg
set -- $(printed n.svg)
w=$1
"$PYTHON" -c "import sys; sys.exit(not float(sys.argv[1]) * 468 / float(sys.argv[2]) < 7)" "$3" "$w"
ok $? "without --size, scaled to 6.5 inches its text is under 7 points (the case)"
# The PDF: the SVG's page, no margin; dated by the range's last commit.
pdfinfo p.pdf >pi 2>&1
set -- $(printed p.svg)
is "$(sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p' pi)" "${1%.00} ${2%.00}" \
   "the PDF's page is the SVG's (468 points wide, no margin)"
set -- $(printed n.svg)
tp_size -q -o n.pdf && pdfinfo n.pdf >ni 2>&1
is "$(sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p' ni)" "${1%.00} ${2%.00}" \
   "without --size too: the PDF's page is the SVG's"
last=$(git --git-dir="$U" log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S v2024.04)
is "$(grep -a -o '/CreationDate (D:[0-9]*' p.pdf | sort -u)" "/CreationDate (D:$last" \
   "the PDF dated by the range's last commit ($last), not 1970"
tp_size -q --size 6.5in -o p2.svg -o p2.pdf -o p2.png
cmp -s p.svg p2.svg && cmp -s p.pdf p2.pdf && cmp -s p.png p2.png
ok $? "the same bytes run after run"
tp_size -q --size 468pt -o pt.svg && tp_size -q --size 6.5 -o bare.svg
cmp -s p.svg pt.svg && cmp -s p.svg bare.svg
ok $? "468pt and a bare 6.5 (inches) are 6.5in"
tp_size --size 16.5cm -o cm.svg 2>/dev/null
is "$(printed cm.svg | cut -d' ' -f1)" 468.00 "16.5cm: 467.7 points, which Graphviz writes in whole points"
# --min-font 5: less folding is enough.
tp_size --size 6.5in --min-font 5 -o m5.svg 2>err5
set -- $(printed m5.svg)
[ "${3%.*}${3#*.}" -ge 500 ] && ! grep -q 'long box lines folded' err5
ok $? "--min-font 5: the long lines stay whole, the text 5 points or more ($3)"
tp -C "$U" --size 2furlongs -T svg $R
is "$STATUS:$(printf '%s' "$OUT" | wc -c):$ERR" \
   "2:0:treeplot: --size takes a width from 1 to 100 inches (6.5in, 16.5cm, 468pt), not '2furlongs'" \
   "--size 2furlongs: one line, exit status 2, no output"
done_testing
