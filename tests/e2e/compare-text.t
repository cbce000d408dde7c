#!/bin/bash
# --compare's text layout, whole, against golden files: one range (a
# usage error), two ranges, and twelve (the range numbers reach two
# digits; trees that appeared after the second range or were gone
# before the last say in which range).  The history is genhist's, thirteen
# release tags (v1.0 to v1.12), so the files (tests/e2e/compare-text/)
# hold for any machine; after a deliberate change of the layout or of
# genhist, rewrite them with GOLDEN_UPDATE=1 and read the diff.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
GOLDEN=$TESTDIR/compare-text
export GENHIST=$BUILD/genhist

plan 12

# golden NAME: $SCRATCH/NAME against the golden file of that name.
golden() {
	if [ -n "${GOLDEN_UPDATE:-}" ]; then
		cp "$SCRATCH/$1" "$GOLDEN/$1"
	fi
	is "$(diff -u "$GOLDEN/$1" "$SCRATCH/$1" 2>&1)" "" "$2"
}

d=$SCRATCH/g
"$ROOT/tools/mkrepo.sh" "$d" --commits 2600 --trees 30 --releases 13 \
	--seed 17 >"$d.log" 2>&1
ok $? "generated: thirteen release tags, v1.0 to v1.12"
G=$d/repo.git
cycles=
for i in $(seq 0 11); do
	cycles="$cycles v1.$i..v1.$((i + 1))"
done

"$TREEPLOT" -C "$G" --compare v1.11..v1.12 >one.txt 2>one-range.err
is "$?:$(wc -c <one.txt)" "2:0" "one range: usage error, exit status 2, nothing on stdout"
golden one-range.err "one range: the golden error line"

"$TREEPLOT" -C "$G" --compare v1.10..v1.11 v1.11..v1.12 >two-ranges.txt 2>err
is "$?:$(wc -c <err)" "0:0" "two ranges: exit status 0, nothing on stderr"
golden two-ranges.txt "two ranges: the golden text (new and gone alone)"

# shellcheck disable=SC2086
"$TREEPLOT" -C "$G" --compare $cycles >twelve-ranges.txt 2>err
is "$?:$(wc -c <err)" "0:0" "twelve ranges: exit status 0, nothing on stderr"
golden twelve-ranges.txt "twelve ranges: the golden text"

# What the golden file must show, said apart so that a careless update
# of it cannot hide a regression.
is "$(sed -n 's/^ *\([0-9]*\)  v1\..*/\1/p' twelve-ranges.txt | awk '{ print length($0) }' | sort -u)" \
   "$(printf '%s\n' 1 2)" "twelve ranges: the numbers 1 to 12 listed"
is "$(grep -E '^ +(9|10)  v1\.' twelve-ranges.txt)" \
   "             9  v1.8..v1.9
            10  v1.9..v1.10" "twelve ranges: range 10 lines up with range 9"
is "$(awk '/^Trees/ { t = 1; next } t && /^$/ { exit } t' twelve-ranges.txt |
      awk 'NR > 1 { print index($0, "  " $NF) }' | sort -u | wc -l | tr -d ' ')" 1 \
   "twelve ranges: every tree's name starts in the same column"
# A tree absent from the first range says where it appeared: its first
# non-zero column is the range named.
is "$(awk '/ new in [0-9]+  / { for (i = 1; i <= 12; i++) if ($i > 0) break;
	  if ("in " i != $14 " " $15) print "wrong: " $0; n++ } END { print n + 0 }' \
	twelve-ranges.txt | grep -c wrong):$(grep -c ' new in [3-9]  ' twelve-ranges.txt)" "0:1" \
   "twelve ranges: 'new in K' is the first range with commits, one of them after range 2"
is "$(awk '/ gone in [0-9]+  / { k = 12; while (k > 1 && $(k) == 0) k--;
	  if ("in " k + 1 != $14 " " $15) print "wrong: " $0; n++ } END { print n + 0 }' \
	twelve-ranges.txt | grep -c wrong):$(grep -c ' gone in [0-9]  ' twelve-ranges.txt)" "0:1" \
   "twelve ranges: 'gone in K' follows the last range with commits, one of them before range 12"

done_testing
