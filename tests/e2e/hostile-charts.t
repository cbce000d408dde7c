#!/bin/sh
# Issue 36, reliability round four (ii): charts of thousands of trees.
# dot takes minutes past a few thousand trees, and cairo cannot make a
# PNG taller than 32,767 pixels: a chart output keeps the 2,000 largest
# trees unless --top says otherwise (saying so), and a chart too large
# for its format says what to do instead of cairo's words.
. "$(dirname "$0")/lib.sh"

plan 11

# N trees, each pulled once into the mainline with one commit of its
# own (tree K carries K mod 7 + 1 commits, so that sizes differ).
N=2100
mkdir many.git && cd many.git || exit 1
repo bare
perl -e '
	my ($n, $mark, $t) = ($ARGV[0], 0, 1230000000);
	sub commit { my ($ref, $msg, @p) = @_; $mark++; $t += 60;
		print "commit $ref\nmark :$mark\n",
		      "author A <a\@example.org> $t +0000\n",
		      "committer C <c\@example.org> $t +0000\n",
		      "data ", length($msg), "\n$msg\n";
		print "from :$p[0]\n" if @p;
		print "merge :$_\n" for @p[1 .. $#p];
		print "\n"; return $mark; }
	my $m = commit("refs/heads/master", "root");
	print "reset refs/tags/v1.0\nfrom :$m\n\n";
	for my $k (1 .. $n) {
		my $s = $m;
		$s = commit("refs/heads/side", "t$k: $_", $s) for 1 .. $k % 7 + 1;
		$m = commit("refs/heads/master",
			"Merge branch \x27for-linus\x27 of git://git.example.org/t$k",
			$m, $s);
	}
	print "reset refs/tags/v1.1\nfrom :$m\n\n";
' $N | git fast-import --quiet || exit 1
git symbolic-ref HEAD refs/heads/master
cd "$SCRATCH" || exit 1
R="$SCRATCH/many.git"

tp -C "$R" -o flow.svg -o flow.json v1.0..v1.1
is "$STATUS" 0 "2,100 trees to an SVG: exit status 0"
is "$ERR" "treeplot: warning: $N trees are more than a chart lays out in reasonable time: the 2000 that brought the most commits into the mainline are kept, the other 100 folded into one (--top N keeps another number, --top all every tree)" \
   "2,100 trees to an SVG: one warning says what was folded and how to change it"
is "$(jq '.trees | length' flow.json)" 2001 \
   "the JSON of the same run: 2,000 trees and the fold"
is "$(grep -c 'class="node"' flow.svg)" 2002 \
   "the SVG: 2,002 boxes (not 2,101)"
grep -q '100 other trees' flow.svg
ok $? "the SVG names the fold"
tp -C "$R" -q -o flow.svg v1.0..v1.1
is "$(printf '%s\n' "$ERR" | grep -c 'folded into one')" 1 "-q: the warning still shows"
tp -C "$R" -T json v1.0..v1.1
[ "$STATUS" -eq 0 ] && [ -z "$ERR" ] &&
	[ "$(printf '%s\n' "$OUT" | jq '.trees | length')" -eq $N ]
ok $? "JSON alone lays nothing out: every tree, no warning"
tp -C "$R" --top all -T dot v1.0..v1.1
[ "$STATUS" -eq 0 ] && [ -z "$ERR" ]
ok $? "--top all: every tree, no warning"

# A PNG of more than 32,767 pixels on a side: cairo's own words were
# "invalid value (typically too big) for the size of the input".
tp -C "$R" --timeline -o tl.png v1.0..v1.1
[ "$STATUS" -eq 1 ] && [ ! -e tl.png ]
ok $? "timeline PNG of 2,000 rows: exit status 1, nothing written"
printf '%s\n' "$ERR" | grep -q "^treeplot: cannot draw the timeline chart as a PNG: it would be 2000 by [0-9]* pixels, and a PNG is drawn at most 32767 on a side; fold trees with --top, or write SVG or PDF$"
ok $? "timeline PNG: the message says why and what to do"
tp -C "$R" --timeline --top 500 -o tl.png v1.0..v1.1
[ "$STATUS" -eq 0 ] && [ -s tl.png ]
ok $? "timeline PNG folded with --top 500: drawn"

done_testing
