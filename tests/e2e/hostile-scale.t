#!/bin/sh
# Hostile sizes (issue 16, items 1 and 10): a tree named by 320,000
# spellings of its URL, a MAINTAINERS entry of 640,000 T: lines, both
# read in linear time; a chain of 20,000 nested pulls charted as SVG and
# PNG, the trees past --chart-depth folded into one box; one tree
# pulled from thousands of hosts by one keeper, its spellings joined in
# near-linear work (issue 36, item 4: the union-find's chains).
#
# Times are CPU seconds of treeplot alone (perl's times), not wall time:
# a loaded machine stretches the wall clock, not the work.  The bounds
# hold for the sanitizer build; the quadratic code took several times
# them (the figures are in the commit that added this file).  Under
# make check-sanitize the sizes are an eighth to a quarter (lib.sh's
# scaled says why that keeps the memory-safety coverage).
. "$(dirname "$0")/lib.sh"

plan 25

# cpu CMD...: run CMD; $CPU is its user+system time in whole seconds
# (rounded up), its exit status returned.
cpu() {
	CPU=$(perl -e 'my $s = system @ARGV; my @t = times;
		       printf "%d %d\n", $s >> 8, $t[2] + $t[3] + 0.999' "$@")
	c_status=${CPU% *}
	CPU=${CPU#* }
	return "$c_status"
}

# fast-import's stream: commit REF MARK MESSAGE [FROM [MERGE]].
cat >stream.pl <<'EOF'
our $who = "committer C <c\@example.org> 1230000000 +0000\n";
sub commit {
	my ($ref, $mark, $msg, $from, @merge) = @_;
	print "commit $ref\nmark :$mark\n$who", "data ", length($msg), "\n$msg\n";
	print "from :$from\n" if $from;
	print "merge :$_\n" for @merge;
	print "\n";
}
1;
EOF

# --- one tree, 320,000 spellings -------------------------------------------------

# spell.pl N: the mainline merges the one side commit N times, each time
# from another spelling of ssh://spell.example/tree (the user differs,
# which names the same tree).  Every merge after the first brings
# nothing new: the history stays small, the spellings many.
cat >spell.pl <<'EOF'
require "./stream.pl";
my $N = shift;
commit("refs/heads/master", 1, "root");
commit("refs/heads/side", 2, "side: 1", 1);
for my $k (1 .. $N) {
	commit("refs/heads/master", $k + 2,
	       "Merge branch 'b' of ssh://u$k\@spell.example/tree",
	       $k == 1 ? 1 : $k + 1, 2);
}
print "done\n";
EOF
N=${TREEPLOT_TEST_SPELLINGS:-$(scaled 320000 40000)}
git init -q --bare spell.git
perl spell.pl "$N" | git -C spell.git fast-import --quiet --done &&
	git -C spell.git update-ref -d refs/heads/side &&
	git -C spell.git symbolic-ref HEAD refs/heads/master
ok $? "spellings fixture: $N merges, each naming the tree another way"

cpu "$TREEPLOT" -C spell.git -T json -o spell.json
is "$?" 0 "spellings: exit status 0"
[ "$CPU" -lt 60 ]
ok $? "spellings: linear time ($CPU s of CPU for $N spellings)"
is "$(jq -c '[(.trees | length), .trees[0].name, (.trees[0].urls | length),
	     (.trees[0].urls | unique | length), .trees[0].pulls]' spell.json)" \
   "[1,\"spell.example/tree\",$N,$N,$N]" \
   "spellings: one tree, every spelling kept once, every pull counted"
is "$(jq -c '.trees[0].urls == (.trees[0].urls | sort)' spell.json)" true \
   "spellings: the spellings in byte order"

# --- a MAINTAINERS entry of 640,000 T: lines ---------------------------------------

# maint.pl N: one merge of git://m.example/tree, then a commit adding a
# MAINTAINERS file whose one entry lists the tree N times (N/2 spelt as
# the merge spells it, N/2 another way) and one other tree.
cat >maint.pl <<'EOF'
require "./stream.pl";
my $N = shift;
my $m = "HOSTILE ENTRY\nM:\tA Maintainer <a\@example.org>\n";
for my $k (1 .. $N) {
	$m .= $k % 2 ? "T:\tgit git://m.example/tree\n"
		     : "T:\tgit https://M.example/tree.git/ master\n";
}
$m .= "T:\tgit git://other.example/tree\n\nOTHER ENTRY\n"
    . "M:\tB Other <b\@example.org>\nT:\tgit git://m.example/tree\n";
commit("refs/heads/master", 1, "root");
commit("refs/heads/side", 2, "side: 1", 1);
commit("refs/heads/master", 3, "Merge branch 'b' of git://m.example/tree",
       1, 2);
print "commit refs/heads/master\nmark :4\n$who", "data 11\nMAINTAINERS\n",
      "from :3\nM 100644 inline MAINTAINERS\ndata ", length($m), "\n$m\n\n";
print "done\n";
EOF
M=${TREEPLOT_TEST_T_LINES:-$(scaled 640000 80000)}
git init -q --bare maint.git
perl maint.pl "$M" | git -C maint.git fast-import --quiet --done &&
	git -C maint.git update-ref -d refs/heads/side &&
	git -C maint.git symbolic-ref HEAD refs/heads/master
ok $? "MAINTAINERS fixture: one entry of $M T: lines"

cpu "$TREEPLOT" -C maint.git -T json -o maint.json
is "$?" 0 "MAINTAINERS: exit status 0"
[ "$CPU" -lt 60 ]
ok $? "MAINTAINERS: linear time ($CPU s of CPU for $M T: lines)"
is "$(jq -c '.trees[] | [.name, [.subsystems[] | [.name, .maintainers]]]' maint.json)" \
   '["m.example/tree",[["HOSTILE ENTRY",["A Maintainer <a@example.org>"]],["OTHER ENTRY",["B Other <b@example.org>"]]]]' \
   "MAINTAINERS: the tree in each entry once, in file order"

# --- a chain of 20,000 nested pulls, charted -----------------------------------------

# deep.pl N (as in hostile-history.t): tree tK is K levels deep.
cat >deep.pl <<'EOF'
require "./stream.pl";
my $N = shift;
sub tip { my $k = shift; $k == $N ? 2 * $k : 2 * $k + 1 }
commit("refs/heads/side", 1, "root");
for (my $k = $N; $k >= 1; $k--) {
	commit("refs/heads/side", 2 * $k, "t$k: 1", 1);
	commit("refs/heads/side", 2 * $k + 1,
	       "Merge branch 'b' of git://deep.example/t" . ($k + 1),
	       2 * $k, tip($k + 1)) if $k < $N;
}
commit("refs/heads/master", 2 * $N + 2,
       "Merge branch 'b' of git://deep.example/t1", 1, tip(1));
print "done\n";
EOF
D=${TREEPLOT_TEST_CHAIN:-$(scaled 20000 5000)}
git init -q --bare deep.git
perl deep.pl "$D" | git -C deep.git fast-import --quiet --done &&
	git -C deep.git update-ref -d refs/heads/side &&
	git -C deep.git symbolic-ref HEAD refs/heads/master
ok $? "chain fixture: $D nested pulls"

F=$((D - 64))
cpu "$TREEPLOT" -C deep.git -o deep.svg 2>deep.svg.err
is "$?" 0 "chain, svg: exit status 0"
[ "$CPU" -lt 120 ]
ok $? "chain, svg: laid out in bounded time ($CPU s of CPU)"
is "$(cat deep.svg.err)" \
   "treeplot: the chart folds $F trees deeper than level 64 into one box (--chart-depth)" \
   "chain, svg: one line on stderr says what was folded"
xmllint --noout deep.svg
ok $? "chain, svg: well-formed"
# Nodes: the mainline, the direct commits, levels 1 to 64 and the fold.
is "$(grep -c '<g id="node' deep.svg)" 67 \
   "chain, svg: 67 boxes (mainline, direct, 64 levels, the fold)"
grep -q ">$F trees deeper<" deep.svg && grep -q '>than level 64<' deep.svg
ok $? "chain, svg: the fold's box names how many trees it holds"
grep -q "$D trees ($F deeper than level 64 folded)" deep.svg
ok $? "chain, svg: the subtitle says it"
grep -q 'trees pulled deeper than &#45;&#45;chart&#45;depth, folded' deep.svg
ok $? "chain, svg: the legend says it"
grep -q '>deep.example/t64<' deep.svg && ! grep -q '>deep.example/t65<' deep.svg
ok $? "chain, svg: level 64 shown, level 65 folded"

cpu "$TREEPLOT" -C deep.git -o deep.png 2>/dev/null
is "$?" 0 "chain, png: exit status 0"
[ "$CPU" -lt 120 ] && [ "$(head -c 8 deep.png | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ]
ok $? "chain, png: a PNG, in bounded time ($CPU s of CPU)"

# Another bound: 5 levels, then the fold; the DOT shows the same graph.
"$TREEPLOT" -C deep.git -T dot --chart-depth 5 -o deep5.dot 2>/dev/null
is "$(grep -cE '^	(t[0-9]+|direct|deeper) -> ' deep5.dot)" 7 \
   "--chart-depth 5: 5 levels' edges, the direct one and the fold's"
is "$("$TREEPLOT" -C deep.git -T dot --chart-depth x 2>&1 >/dev/null; echo $?)" \
   "treeplot: --chart-depth takes a level from 0 to 1000000, not 'x'
2" "--chart-depth x: a usage error"

# --- one tree, thousands of hosts, one keeper ---------------------------------------

# Each pull names another host; one keeper commits every tip, so every
# spelling joins the first (same last component, same keeper).  The
# union-find walked its chains whole: 0.5 s at 2,000 pulls, 6.7 s at
# 8,000, 32 s at 16,000.  Counted work (lib.sh's counted): four times
# the pulls must cost well under eight times the work (a quadratic
# join costs sixteen).
hosts() {
	perl -e '
		my ($n, $mark, $t) = ($ARGV[0], 0, 1230000000);
		sub c { my ($ref, $msg, $who, @p) = @_; $mark++; $t += 60;
			print "commit $ref\nmark :$mark\n",
			      "author A <a\@example.org> $t +0000\n",
			      "committer $who $t +0000\n",
			      "data ", length($msg), "\n$msg\n";
			print "from :$p[0]\n" if @p;
			print "merge :$_\n" for @p[1 .. $#p];
			print "\n"; return $mark; }
		my $m = c("refs/heads/master", "root", "L <l\@example.org>");
		print "reset refs/tags/v1.0\nfrom :$m\n\n";
		for my $k (1 .. $n) {
			my $s = c("refs/heads/side", "foo: $k",
				  "Kim Keeper <kim\@example.org>", $m);
			$m = c("refs/heads/master", "Merge branch \x27for-linus\x27" .
			       " of git://h$k.example$k.org/pub/scm/foo",
			       "L <l\@example.org>", $m, $s);
		}' "$1" | git -C "$2" fast-import --quiet
	git -C "$2" symbolic-ref HEAD refs/heads/master
}
N=$(scaled 2000 500)
git init -q --bare hosts1.git && hosts $N hosts1.git &&
	git init -q --bare hosts4.git && hosts $((4 * N)) hosts4.git
counted hosts1.err "$TREEPLOT" -C hosts1.git -q -T json v1.0..HEAD >hosts1.json
w1=$WORK
counted hosts4.err "$TREEPLOT" -C hosts4.git -q -T json v1.0..HEAD >hosts4.json
w4=$WORK
is "$(jq -c '[(.trees | length), .trees[0].pulls]' hosts4.json)" "[1,$((4 * N))]" \
   "$((4 * N)) pulls from $((4 * N)) hosts, one keeper: one tree"
[ "$w1" != none ] && [ "$w4" != none ] && [ "$w4" -lt $((8 * w1)) ]
ok $? "the spellings joined in near-linear work ($w1 steps for $N pulls, $w4 for $((4 * N)))"
