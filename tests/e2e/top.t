#!/bin/sh
# --top N: the N largest trees feeding the mainline stay, the others (and
# everything behind them) fold into one node "K other trees".
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

plan 43

# Six trees feed the mainline directly, all of different sizes (commits
# through them): alpha 6 (deep, 2, behind it), bravo 5, charlie 4 (xray,
# 1, behind it), echo 3, foxtrot 2, golf 1; one commit is direct.
U=git://example.org/pub
mkdir six
cd six || exit 1
repo
mk m0 "main: 0"
mk m1 "main: 1" m0
mk d1 "d: 1" m1
mk d2 "d: 2" d1
mk a1 "a: 1" m1
mk a2 "a: 2" a1
mk a3 "a: 3" a2
mk am "Merge branch 'next' of $U/deep.git" a3 d2
mk a4 "a: 4" am
mk b1 "b: 1" m1
mk b2 "b: 2" b1
mk b3 "b: 3" b2
mk b4 "b: 4" b3
mk b5 "b: 5" b4
mk x1 "x: 1" m1
mk c1 "c: 1" m1
mk c2 "c: 2" c1
mk cm "Merge branch 'x' of $U/xray.git" c2 x1
mk c3 "c: 3" cm
mk e1 "e: 1" m1
mk e2 "e: 2" e1
mk e3 "e: 3" e2
mk f1 "f: 1" m1
mk f2 "f: 2" f1
mk g1 "g: 1" m1
mk M1 "Merge branch 'master' of $U/alpha.git" m1 a4
mk M2 "Merge branch 'master' of $U/bravo.git" M1 b5
mk M3 "Merge branch 'master' of $U/charlie.git" M2 c3
mk M4 "Merge branch 'master' of $U/echo.git" M3 e3
mk M5 "Merge branch 'master' of $U/foxtrot.git" M4 f2
mk M6 "Merge branch 'master' of $U/golf.git" M5 g1
mk m2 "main: 2" M6
ref refs/heads/master m2
ref refs/tags/v1 m1
git symbolic-ref HEAD refs/heads/master
P=example.org/pub

# flow: the text report's flow section, without its heading.
flow() { printf '%s\n' "$OUT" | awk '/^Flow/ {f=1; next} /^$/ {f=0} f'; }
summary() { printf '%s\n' "$OUT" | jq -c '[.commits, .direct, .merges, .summary.tree_count, .summary.by_depth, .summary.small_trees]'; }

tp
is "$(flow)" "     22  mainline
      6    $P/alpha
      2      $P/deep
      5    $P/bravo
      4    $P/charlie
      1      $P/xray
      3    $P/echo
      2    $P/foxtrot
      1    $P/golf" "fixture: six trees feed the mainline directly"
tp -T json
SUMMARY=$(summary)

# --- --top 2 ------------------------------------------------------------------

tp --top 2
is "$STATUS" 0 "--top 2: exit status 0"
is "$(flow | sort)" "$(printf '%s\n' "     22  mainline" "      6    $P/alpha" \
   "      2      $P/deep" "      5    $P/bravo" "     10    5 other trees" | sort)" \
   "--top 2, text: alpha (with deep) and bravo stay; 5 other trees with 10 commits"
printf '%s\n' "$OUT" | grep -Eq 'charlie|xray|echo|foxtrot|golf'
ok $((! $?)) "--top 2, text: no folded tree named anywhere in the report"
printf '%s\n' "$OUT" | grep -Eq '^  trees  +8$'
ok $? "--top 2, text: the summary still counts 8 trees"
tp -T json --top 2
is "$(summary)" "$SUMMARY" "--top 2, json: summary figures unchanged"
is "$(printf '%s\n' "$OUT" | jq -r '.trees[] | "\(.name)\t\(.commits)\t\(.depth)"' | sort)" \
"5 other trees	10	1
$P/alpha	6	1
$P/bravo	5	1
$P/deep	2	2" "--top 2, json: trees"
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | select(.name == "5 other trees") | .folded]')" \
   '[5]' "--top 2, json: the folded node counts the 5 trees it hides"
is "$(printf '%s\n' "$OUT" | jq .summary.folded)" 5 "--top 2, json: summary.folded 5"
is "$(printf '%s\n' "$OUT" | jq -r '.edges[] | "\(.from)\t\(.to)\t\(.commits)\t\(.pulls)"' | sort)" \
"5 other trees	mainline	10	4
$P/alpha	mainline	6	1
$P/bravo	mainline	5	1
$P/deep	$P/alpha	2	1" "--top 2, json: edges (the fold's commits and pulls are the sums)"
tp -T dot --top 2
printf '%s\n' "$OUT" | dot -Tcanon >/dev/null 2>&1
ok $? "--top 2, DOT: parses"
# Most trees are under example.org/pub/: the boxes drop it, the legend
# says it once, the tooltips keep the whole name.
is "$(printf '%s\n' "$OUT" | gvpr 'N { printf("%s\n", sub($.label, "\\\\n*")); }' | sort)" \
"5 other trees
alpha
applied on the mainline
bravo
deep
mainline" "--top 2, DOT: the nodes, without the prefix most share"
printf '%s\n' "$OUT" | grep -qF 'BGCOLOR="#E3EEF8">alpha</TD></TR></TABLE></TD><TD ALIGN="LEFT">= example.org/pub/alpha: prefix left out of names</TD>' &&
printf '%s\n' "$OUT" | grep -qF 'tooltip="example.org/pub/alpha\n'
ok $? "--top 2, DOT: the legend shows a box with the prefix left out, and its whole name; the tooltip keeps it"
printf '%s\n' "$OUT" | grep -qF 'label="5 other trees\n10 commits"'
ok $? "--top 2, DOT: the fold's label"
is "$(printf '%s\n' "$OUT" | gvpr 'E { printf("%s\n", $.tooltip); }' | grep ' pull' |
      sed 's/ -> .*: \([0-9]*\) commits\{0,1\} in .*/\t\1/' | sort)" \
"5 other trees	10
$P/alpha	6
$P/bravo	5
$P/deep	2" "--top 2, DOT: the edges' commits (tooltips)"
is "$(printf '%s\n' "$OUT" | gvpr 'E [match($.tooltip, "5 other trees -> ") == 0] { printf("%s\n", $.color); }')" \
   "#BBBBBB" "--top 2, DOT: the fold's edge neutral grey, however large"
tp -T svg --top 2 -o top2.svg
xmllint --noout top2.svg
ok $? "--top 2, SVG: well-formed"
grep -q '>5 other trees<' top2.svg
ok $? "--top 2, SVG: the fold's label"

# --- --top 3, 5: the count and the singular -------------------------------------

tp --top 3
is "$(flow | sort)" "$(printf '%s\n' "     22  mainline" "      6    $P/alpha" \
   "      2      $P/deep" "      5    $P/bravo" "      4    $P/charlie" \
   "      1      $P/xray" "      6    3 other trees" | sort)" \
   "--top 3, text: 3 other trees with 6 commits"
tp --top 5
is "$(flow | sort)" "$(printf '%s\n' "     22  mainline" "      6    $P/alpha" \
   "      2      $P/deep" "      5    $P/bravo" "      4    $P/charlie" \
   "      1      $P/xray" "      3    $P/echo" "      2    $P/foxtrot" \
   "      1    1 other tree" | sort)" \
   "--top 5, text: '1 other tree' (singular)"
tp -T json --top 5
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | select(.folded) | [.name, .commits, .folded]]')" \
   '[["1 other tree",1,1]]' "--top 5, json: '1 other tree', 1 commit"
is "$(summary)" "$SUMMARY" "--top 5, json: summary figures unchanged"
tp -T dot --top 5
printf '%s\n' "$OUT" | grep -qF 'label="1 other tree\n1 commit"'
ok $? "--top 5, DOT: label '1 other tree', '1 commit'"

# --- N at least the number of feeders: nothing changes --------------------------

# (Not for commits, which --top never changes and which refuses it.)
for f in text json dot svg; do
	tp -T $f
	base=$(cat "$SCRATCH/.out" | od -An -tx1 | md5sum)
	for n in 6 7 100; do
		tp -T $f --top $n
		is "$(od -An -tx1 <"$SCRATCH/.out" | md5sum)" "$base" \
		   "--top $n (>= 6 feeders), $f: byte for byte the same"
	done
done
tp -T json --top 4294967296
is "$STATUS:$(printf '%s\n' "$OUT" | jq -c .summary.folded 2>/dev/null)" "0:0" \
   "--top 4294967296 (a large positive number): accepted, nothing folded"

# --- a tree pulled both directly and through a kept tree --------------------------

# In the kernel fixture jikos/hid reaches the mainline directly (1 commit)
# and through x86/linux-2.6-tip (1 commit); 4 trees feed the mainline.
mkdir "$SCRATCH/fx"
cd "$SCRATCH/fx" || exit 1
: >"$T_MAP"
build_fixture
tp -T json --top 2 v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -r '.edges[] | select(.to == "mainline") | "\(.from)\t\(.commits)"' | sort)" \
"2 other trees	3
davem/net-2.6	7
x86/linux-2.6-tip	5" \
   "kernel --top 2: sound and hid's direct pull fold; the fold counts both trees of its routes"
for n in 3 4; do
	tp -T json --top $n v1.0..v2.0
	printf '%s\n' "$OUT" | jq -e '[.trees[].name, .edges[].from] | any(test("^0 other trees?$"))' >/dev/null
	ok $((! $?)) "kernel --top $n: no '0 other trees' node (json)"
	tp --top $n v1.0..v2.0
	printf '%s\n' "$OUT" | grep -q '0 other tree'
	ok $((! $?)) "kernel --top $n: no '0 other trees' node (text)"
	tp -T json --top $n v1.0..v2.0
	is "$(printf '%s\n' "$OUT" | jq '[.edges[] | select(.to == "mainline") | .commits] | add')" \
	   15 "kernel --top $n: 15 commits (21 - 6 direct) still reach the mainline through trees"
done

done_testing
