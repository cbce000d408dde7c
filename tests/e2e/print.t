#!/bin/sh
# Charts on paper, on a history shaped like U-Boot's (uboot.py, with its
# ground truth): --signed's three styles, its "k/n signed" box lines and
# subtitle against the truth; the MAINTAINERS box lines.
. "$(dirname "$0")/lib.sh"

plan 9

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
done_testing
