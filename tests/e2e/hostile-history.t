#!/bin/sh
# Extreme histories: an octopus merge of 100 parents, a chain of 100,000
# nested merges (each merging the next, deeper tree) and 10,000 distinct
# trees.  treeplot must finish in linear time without a stack overflow
# (the deep runs get a 256 KB stack: nothing may recurse per level), and
# its outputs must stay well-formed and readable.  The large histories
# are written with git fast-import; smaller under make check-sanitize
# (lib.sh's scaled).
. "$(dirname "$0")/lib.sh"

plan 41

# The work of a run (lib.sh's counted) is bounded by PER steps a level
# or a tree: linear work (at most 3,000 a level, the DOT of the chain,
# when this was written; the same at 20,000 and 100,000 levels).
# Quadratic work on these sizes is thousands of times more (its figure
# a level grows with the depth), and a loaded machine changes no count.
PER=12000

# --- an octopus merge of 100 parents ---------------------------------------------

mkdir octo
cd octo || exit 1
repo bare
mk r "root"
ps= bs=
for i in $(seq 1 99); do
	mk p$i "p: $i" r
	ps="$ps p$i"
	bs="$bs'b$i', "
done
bs="${bs%, 'b99', } and 'b99'"
mk O "Merge branches $bs of git://octo.example/many" r $ps
qs= as=
for i in $(seq 1 99); do
	mk q$i "q: $i" O
	qs="$qs q$i"
	as="$as'a$i', "
done
as="${as%, 'a99', } and 'a99'"
mk I "Merge branches $as into next" O $qs
ref refs/heads/master I
git symbolic-ref HEAD refs/heads/master

is "$(git cat-file -p "$(id O)" | grep -c '^parent ')" 100 \
   "octopus fixture: the pull has 100 parents"
is "$(git cat-file -p "$(id I)" | grep -c '^parent ')" 100 \
   "octopus fixture: the internal merge has 100 parents"

tp
is "$STATUS" 0 "octopus: exit status 0"
is "$(printf '%s\n' "$OUT" | sed -n 3p)" \
   "            199 commits, 100 direct to the mainline, 2 merges, 1 tree" \
   "octopus, text: 99 commits through the pulled tree, 100 direct"
printf '%s\n' "$OUT" | grep -qx '     99    octo.example/many'
ok $? "octopus, text: the tree carries the 99 pulled commits"
tpc -T commits
is "$(printf '%s\n' "$OUT" | cut -f2- | sort | uniq -c | sed 's/^ *//')" \
"100 mainline
99 octo.example/many	mainline" "octopus, commits: 99 through the tree, 100 direct"
printf '%s\n' "$OUT" >commits.plain
tp -T json
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | [.name, .commits, .pulls]], [.edges[] | [.from, .to, .commits, .pulls]]')" \
'[["octo.example/many",99,1]]
[["octo.example/many","mainline",99,1]]' "octopus, json: one tree, one pull, one edge of 99"
# (Beside the bare repository: treeplot writes nothing into one.)
tp -T svg -o ../octo.svg
xmllint --noout ../octo.svg
ok $? "octopus, svg: well-formed"

# With a commit-graph, the parents beyond the second are in its EDGE chunk.
git commit-graph write --reachable 2>/dev/null
grep -q EDGE objects/info/commit-graph
ok $? "octopus, commit-graph: written, with an EDGE chunk"
tpc -T commits
is "$OUT" "$(cat commits.plain)" "octopus, commit-graph: the same commits output"
cd "$SCRATCH" || exit 1

# --- a chain of 100,000 nested merges ----------------------------------------------

# deep.pl N: the fast-import stream.  Tree tK's line is "tK: 1" (forked
# from the root) then, for K < N, a merge of t(K+1)'s line into it; the
# mainline is the root, then the merge of t1.  So tK is K levels deep
# and carries N - K + 1 commits.
cat >deep.pl <<'EOF'
my $N = shift;
my $who = "committer C <c\@example.org> 1230000000 +0000\n";
sub commit {
	my ($ref, $mark, $msg, $from, @merge) = @_;
	print "commit $ref\nmark :$mark\n$who", "data ", length($msg), "\n$msg\n";
	print "from :$from\n" if $from;
	print "merge :$_\n" for @merge;
	print "\n";
}
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
# 100,000 levels (TREEPLOT_TEST_DEPTH=N for another depth, in a hurry);
# 20,000 under the sanitizer (lib.sh's scaled): a recursion per level
# would still overflow the 256 KB stack, at 13 bytes a level.
N=${TREEPLOT_TEST_DEPTH:-$(scaled 100000 20000)}
W=$((N + 1))
W=$(( ${#W} > 5 ? ${#W} : 5 ))	# the width of the counts: the total's
git init -q --bare deep.git
perl deep.pl $N | git -C deep.git fast-import --quiet --done &&
	git -C deep.git update-ref -d refs/heads/side &&
	git -C deep.git symbolic-ref HEAD refs/heads/master
ok $? "deep fixture: $N nested merges written by fast-import"

# deep FORMAT [OPTION]: treeplot on the chain with a 256 KB stack, into
# deep.FORMAT (its stderr into deep.FORMAT.err, $WORK its work).
deep() {
	counted "deep.$1.err" deep_run "$@"
}
deep_run() {
	(ulimit -s 256 && exec "$TREEPLOT" -C deep.git -T "$@") >"deep.$1"
}
deep text
is "$?" 0 "deep, text: exit status 0 with a 256 KB stack"
[ "$WORK" -lt $((N * PER)) ]
ok $? "deep, text: linear work ($WORK steps)"
is "$(sed -n 3p deep.text)" \
   "            $((N + 1)) commits, 1 direct to the mainline, $N merges, $N trees" \
   "deep, text: the header counts every level"
is "$(sed -n '/^Flow/,/^$/p' deep.text | grep -c .)" $((N + 2)) \
   "deep, text: one flow line per level (and the mainline)"
SP60=$(printf '%60s' '')
grep -qx "$(printf "  %${W}d  " $((N - 29)))${SP60}deep.example/t30" deep.text
ok $? "deep, text: level 30 indented by 60 spaces"
grep -qx "$(printf "  %${W}d  " $((N - 30)))${SP60}(level 31) deep.example/t31" deep.text
ok $? "deep, text: from level 31, the indentation stays and the level is named"
grep -qx "$(printf "  %${W}d  " 1)${SP60}(level $N) deep.example/t$N" deep.text
ok $? "deep, text: the deepest tree, level $N, one commit"
[ "$(wc -c <deep.text)" -lt $((N * 200)) ]
ok $? "deep, text: the report grows linearly ($(wc -c <deep.text) bytes)"

deep json
is "$?" 0 "deep, json: exit status 0 with a 256 KB stack"
[ "$WORK" -lt $((N * PER)) ]
ok $? "deep, json: linear work ($WORK steps)"
is "$(jq -c '[(.trees | length), (.edges | length), (.summary.by_depth | length),
	     .summary.by_depth[-1].depth, .trees[-1].name, .trees[-1].depth]' deep.json)" \
   "[$N,$N,$N,$N,\"deep.example/t$N\",$N]" \
   "deep, json: $N trees, edges and depths; the last tree $N deep"

# The whole graph: no fold (hostile-scale.t charts the fold).
deep dot --chart-depth=0
is "$?" 0 "deep, dot: exit status 0 with a 256 KB stack"
[ "$WORK" -lt $((N * PER)) ]
ok $? "deep, dot: linear work ($WORK steps)"
is "$(grep -cE '^	t[0-9]+ -> t[0-9]+' deep.dot)" $N "deep, dot: $N edges"

# The commit-graph walk of a range inside the chain: from the merge of t2
# (its second parent) to the top: t1's own commit and the mainline merge.
git -C deep.git commit-graph write --reachable 2>/dev/null
(ulimit -s 256 && exec "$TREEPLOT" -C deep.git -T commits master^2^2..master) \
	>deep.range 2>deep.range.err
is "$?" 0 "deep, commit-graph, A..B: exit status 0 with a 256 KB stack"
is "$(paths <deep.range | cut -f2-)" "deep.example/t1	mainline" \
   "deep, commit-graph, A..B: one commit, through t1"

# --- 10,000 distinct trees -----------------------------------------------------------

# wide.pl N: the mainline merges N trees, one merge each; tK brings
# 32 - K commits for K <= 30 (t1 the largest), one commit otherwise.
cat >wide.pl <<'EOF'
my $N = shift;
my $who = "committer C <c\@example.org> 1230000000 +0000\n";
my $mark = 1;
sub commit {
	my ($ref, $msg, $from, @merge) = @_;
	print "commit $ref\nmark :$mark\n$who", "data ", length($msg), "\n$msg\n";
	print "from :$from\n" if $from;
	print "merge :$_\n" for @merge;
	print "\n";
	return $mark++;
}
my $main = commit("refs/heads/master", "root");
my $root = $main;
for my $k (1 .. $N) {
	my $tip = $root;
	for my $i (1 .. ($k <= 30 ? 32 - $k : 1)) {
		$tip = commit("refs/heads/side", "t$k: $i", $tip);
	}
	$main = commit("refs/heads/master",
		       "Merge branch 'master' of https://wide.example/t$k.git",
		       $main, $tip);
}
print "done\n";
EOF
# 10,000 trees, 2,000 under the sanitizer (lib.sh's scaled); tK for
# K <= 30 brings 32 - K commits, 495 in all.
WN=$(scaled 10000 2000)
git init -q --bare wide.git
perl wide.pl $WN | git -C wide.git fast-import --quiet --done &&
	git -C wide.git update-ref -d refs/heads/side &&
	git -C wide.git symbolic-ref HEAD refs/heads/master
ok $? "wide fixture: $WN trees written by fast-import"

counted wide.err "$TREEPLOT" -C wide.git >wide.text
is "$?" 0 "wide, text: exit status 0"
[ "$WORK" -lt $((WN * PER)) ]
ok $? "wide, text: linear work ($WORK steps)"
is "$(sed -n 3p wide.text)" \
   "            $((WN + 466)) commits, 1 direct to the mainline, $WN merges, $WN trees" \
   "wide, text: every tree counted"

"$TREEPLOT" -C wide.git --top 20 >top.text 2>top.err
is "$?" 0 "wide, --top 20, text: exit status 0"
is "$(sed -n '/^Flow/,/^$/p' top.text | grep -c .)" 23 \
   "wide, --top 20, text: the mainline, 20 trees and the fold"
grep -qx "$(printf '%7d    %d other trees' $((WN + 35)) $((WN - 20)))" top.text
ok $? "wide, --top 20, text: $((WN - 20)) other trees with $((WN + 35)) commits"
grep -qx '     31    wide.example/t1' top.text &&
	grep -qx '     12    wide.example/t20' top.text &&
	! grep -q 'wide.example/t21$' top.text
ok $? "wide, --top 20, text: t1 to t20 kept, t21 folded"

"$TREEPLOT" -C wide.git --top 20 -T json >top.json 2>top.err
is "$(jq -c '[(.trees | length), .summary.tree_count, .summary.folded,
	     (.edges | length)]' top.json)" "[21,$WN,$((WN - 20)),21]" \
   "wide, --top 20, json: 21 trees and edges shown, $WN counted, $((WN - 20)) folded"

"$TREEPLOT" -C wide.git --top 20 -T dot >top.dot 2>top.err
is "$(gvpr 'BEG_G { printf("%d %d\n", nNodes($G), nEdges($G)); }' top.dot)" \
   "23 22" "wide, --top 20, dot: 23 nodes (the direct commits' too), 22 edges"
counted top.err "$TREEPLOT" -C wide.git --top 20 -o top.svg
is "$?" 0 "wide, --top 20, svg: exit status 0"
xmllint --noout top.svg && [ "$(grep -c 'class="node"' top.svg)" -eq 23 ]
ok $? "wide, --top 20, svg: well-formed, 23 nodes"
[ "$WORK" -lt $((WN * PER)) ]
ok $? "wide, --top 20, svg: linear work ($WORK steps)"

"$TREEPLOT" -C wide.git -T json >wide.json 2>wide.err
jq -e --argjson n $WN '(.trees | length) == $n and .summary.folded == 0' wide.json >/dev/null
ok $? "wide, json without --top: all $WN trees"

done_testing
