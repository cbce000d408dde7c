#!/bin/bash
# The direct commits split in two: applied on the mainline's own
# first-parent line, or through its own topic branches (internal merges
# on that line, git.git's "Merge branch 'ps/...'"), in every output, and
# with --branches the topic branches grouped by their xx/ prefix or stem.
# Checked against genhist's ground truth (--topics: which merge brought
# each direct commit) and against a history written by hand.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist

plan 20

# --- a generated history: the truth, commit by commit -----------------------

# --identity adds the central pulls (Xen's committers merging the
# mainline's own repository into their checkout): topic merges too.
G=$SCRATCH/gen
"$ROOT/tools/mkrepo.sh" "$G" --commits "$(scaled 4000 2000)" --trees 30 \
	--seed 5 --identity >/dev/null 2>&1
ok $? "generated: 4000 commits, 30 trees, with central pulls"
tp -C "$G/repo.git" -T commits master
# The direct commits (path the mainline alone) and their merge field.
printf '%s\n' "$OUT" | awk -F'\t' -v n="$PATH_FIELD" 'NF == n { print $1 "\t" $2 }' | sort >got.tsv
is "$(wc -l <"$G/topics.tsv" | tr -d ' '):$(grep -vc '	-$' "$G/topics.tsv")" \
   "$(wc -l <got.tsv | tr -d ' '):$(grep -vc '	-$' got.tsv)" \
   "-T commits: as many direct commits, as many through topic merges, as genhist made"
cmp -s "$G/topics.tsv" got.tsv
ok $? "-T commits: each direct commit's merge field is genhist's (the topic merge, or - on the line)"
diff "$G/topics.tsv" got.tsv | head -5 | sed 's/^/# /'
applied=$(grep -c '	-$' "$G/topics.tsv")
through=$(grep -vc '	-$' "$G/topics.tsv")
merges=$(grep -v '	-$' "$G/topics.tsv" | cut -f2 | sort -u | wc -l | tr -d ' ')
tp -C "$G/repo.git" -T json master
is "$(printf '%s\n' "$OUT" | jq -c '[.direct, .direct_applied, .direct_topics, .topic_merges]')" \
   "[$((applied + through)),$applied,$through,$merges]" \
   "json: direct, applied, through topic branches ($through), their merges ($merges): genhist's"
# Every merge field is git's: the merge of master's first-parent line
# whose first parent lacks the commit and which has it.
git -C "$G/repo.git" rev-list --first-parent master | sort >fp
"$TREEPLOT" -C "$G/repo.git" -T commits master >all.commits
awk -F'\t' '$2 != "-" { print $2 }' all.commits | sort -u >merges.used
is "$(comm -23 merges.used fp | wc -l | tr -d ' ')" 0 \
   "every merge named is on master's first-parent line"
bad=0
# One commit of every twentieth merge, each checked with git.
for m in $(awk 'NR % 20 == 1' merges.used); do
	c=$(awk -F'\t' -v m="$m" '$2 == m { print $1; exit }' all.commits)
	git -C "$G/repo.git" merge-base --is-ancestor "$c" "$m" &&
		! git -C "$G/repo.git" merge-base --is-ancestor "$c" "$m^1" || bad=1
done
ok $bad "every twentieth merge: it has its commit, its first parent has not (git merge-base)"

# --- a history by hand: the outputs -----------------------------------------

mkdir hand && cd hand || exit 1
repo
mk m0 "initial"
mk m1 "v1" m0
mk a1 "applied: 1" m1
# git.git's shape: topic branches merged on the mainline
mk p1 "ps: one" a1
mk p2 "ps: two" p1
mk M1 "Merge branch 'ps/refs-cleanup'" a1 p2
mk q1 "ps: three" M1
mk M2 "Merge branch 'ps/reftable'" M1 q1
mk j1 "jk: one" M2
mk M3 "Merge remote-tracking branch 'origin/jk/fsck'" M2 j1
mk f1 "fixes 1" M3
mk f2 "fixes 2" M3
mk M4 "Merge branches 'fixes-1' and 'fixes-2'" M3 f1 f2
# a topic that merged a subsystem tree: its commits are that tree's
mk n1 "net: 1" M4
mk t1 "topic: 1" M4
mk T1 "Merge branch 'master' of git://git.kernel.org/pub/scm/net" t1 n1
mk M5 "Merge branch 'mixed'" M4 T1
mk a2 "applied: 2" M5
ref refs/heads/master a2
ref refs/tags/v1 m1
git symbolic-ref HEAD refs/heads/master

tp v1..master
is "$(printf '%s\n' "$OUT" | sed -n '/^  direct to the mainline/,/^  merges/p')" \
"  direct to the mainline             9  (90.0%)
    applied on the mainline          2
    through its topic branches       7  (5 merges)
  merges                             6" \
   "text: 9 direct: 2 applied (a1, a2), 7 through 5 topic merges (the net commit is the tree's)"
tp -T json v1..master
is "$(printf '%s\n' "$OUT" | jq -c '[.commits, .direct, .direct_applied, .direct_topics, .topic_merges, has("topic_branches")]')" \
   "[10,9,2,7,5,false]" "json: the split; no topic_branches without --branches"
tp -T csv v1..master
is "$(printf '%s\n' "$OUT" | sed -n 2p)" "mainline,10,9,0,0,0,2,7,5," \
   "csv: the mainline's row, applied, topics, topic_merges"
tp -T commits v1..master
is "$(printf '%s\n' "$OUT" | cut -f1,2 | names)" "a1	-
p1	M1
p2	M1
q1	M2
j1	M3
f1	M4
f2	M4
t1	M5
n1	M5
a2	-" "commits: each commit's merge of the mainline's line (- for a1 and a2)"
tp --branches v1..master
is "$(printf '%s\n' "$OUT" | sed -n '/^Topic branches/,/^$/p')" \
"Topic branches of the mainline (direct commits through each, by prefix or stem)
      3      2 merges  ps/
      2      1 merge   fixes-*
      1      1 merge   jk/
      1      1 merge   mixed" \
   "--branches, text: ps/ (two merges), fixes-* (one octopus of two), jk/ (origin/ dropped), mixed"
tp -T json --branches v1..master
is "$(printf '%s\n' "$OUT" | jq -c '.topic_branches')" \
   '[{"name":"ps/","commits":3,"merges":2},{"name":"fixes-*","commits":2,"merges":1},{"name":"jk/","commits":1,"merges":1},{"name":"mixed","commits":1,"merges":1}]' \
   "--branches, json: topic_branches"
tp -T dot v1..master
printf '%s\n' "$OUT" | grep -q 'label="applied on the mainline\\n2 commits"' &&
	printf '%s\n' "$OUT" | grep -q 'label="topic branches\\n7 commits\\n5 merges"' &&
	printf '%s\n' "$OUT" | grep -q '^	direct -> t0' &&
	printf '%s\n' "$OUT" | grep -q '^	direct_topics -> t0'
ok $? "dot: two flows into the mainline, applied and through topic branches, each with its count"
tp --compare "v1..$(id M2)" "$(id M2)..master"
is "$(printf '%s\n' "$OUT" | sed -n '/^    applied/,/^    topic-branch/p')" \
"    applied on the mainline            1       1       0
    through topic branches             3       4      +1
    topic-branch merges                2       3      +1" "--compare: the split per range"
# Selected: only the selected commits, and the merges that carried one.
tp -T json --author='^A ' v1..master
is "$(printf '%s\n' "$OUT" | jq -c '[.direct, .direct_applied, .direct_topics, .topic_merges, .merges]')" \
   "[9,2,7,5,6]" "a selection of every author: the same"
cd "$SCRATCH" || exit 1

# barebox's shape: every topic branch under one prefix (for-next/): the
# groups are what differs after it, not one "for-next/" row.
mkdir bb && cd bb && repo || exit 1
mk bb0 "initial"
mk bb1 "v1" bb0
prev=bb1
for b in pci misc mips pci/host; do
	mk "bbc-$b" "$b: change" $prev
	mk "bbm-$b" "Merge branch 'for-next/$b'" $prev "bbc-$b"
	prev=bbm-$b
done
ref refs/heads/master "$prev"
ref refs/tags/v1 bb1
git symbolic-ref HEAD refs/heads/master
tp -T json --branches v1..master
is "$(printf '%s\n' "$OUT" | jq -c '[.topic_branches[] | [.name, .commits]]')" \
   '[["for-next/pci",2],["for-next/mips",1],["for-next/misc",1]]' \
   "--branches, one prefix for all (for-next/): grouped by what differs after it"
cd "$SCRATCH" || exit 1

# The HTML report: a topic commit's way names its merge.
tp -C hand -o h.html v1..master
is "$STATUS" 0 "html: written"
"$PYTHON" - h.html <<'EOT'
import json, re, sys
s = open(sys.argv[1], encoding='utf-8').read()
flow = json.loads(re.search(r'<script type="application/json" id="flow">(.*?)</script>', s, re.S).group(1).replace('\\u003c', '<'))
ok = [flow["direct_applied"], flow["direct_topics"], flow["topic_merges"]] == [2, 7, 5]
sys.exit(0 if ok else 1)
EOT
ok $? "html: the flow block holds the split"

# --- the truth file itself: genhist's stream does not change -------------

"$GENHIST" --commits 600 --trees 8 --seed 2 --identity >a.fi
"$GENHIST" --commits 600 --trees 8 --seed 2 --identity --topics t.marks >b.fi
cmp -s a.fi b.fi
ok $? "genhist --topics: the same stream, the truth aside"
awk -F'\t' '$2 != "-"' t.marks | grep -c . >n
[ "$(cat n)" -gt 0 ]
ok $? "genhist --topics: some direct commits came through topic merges ($(cat n))"
done_testing
