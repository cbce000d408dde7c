#!/bin/sh
# A project that merges through a Gerrit review server (gerrit.sh, with a
# known answer): the server is one source of kind review, named by its
# merges' committer through the .mailmap; its topics are listed in the
# text report, the JSON, the chart's tooltip and the HTML report; the
# automerger's merges stay unrecognised, grouped by shape.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/gerrit.sh"

plan 15
mkdir tfa.git && cd tfa.git || exit 1
build_gerrit
printf '%s\n' "$GERRIT_MAILMAP" >"$SCRATCH/mailmap"
git config mailmap.file "$SCRATCH/mailmap"

tpc -T commits v1.0..v2.0
is "$STATUS:$ERR" "0:" "commits: exit status 0, nothing on stderr"
is "$(printf '%s\n' "$OUT" | names)" "$GERRIT_COMMITS" \
   "commits: every change through the review server, the rest direct"

ym2=$(id ym2 | cut -c1-12) ym4=$(id ym4 | cut -c1-12)
tp v1.0..v2.0
is "$OUT" "repository  trusted-firmware-a
range       v1.0..v2.0
            25 commits, 6 direct to the mainline, 15 merges, 2 trees

Flow (commits through each tree; a tree pulled by another is indented below it)
     25  mainline
     19    TrustedFirmware Code Review
      1      github.com/Mbed-TLS/mbedtls

Summary
  commits in range                  25
  direct to the mainline             6  (24.0%)
    applied on the mainline          2
    through its topic branches       4  (4 merges)
  merges                            15
  trees                              2
  trees by depth                 1: 1, 2: 1
  trees with 5 or fewer commits      1

Biggest waypoints (commits through each tree, including what it pulled)
     19   76.0%  TrustedFirmware Code Review
      1    4.0%  github.com/Mbed-TLS/mbedtls

Review topics (commits, merges, topic; a merge of several topics counts its commits for the first)
  TrustedFirmware Code Review: 5 topics, 7 of its 19 commits
      2      1  fw-update
      2      1  topic-a
      2      1  xlnx_versal_misra_fixes
      1      1  fw-update-2
      0      1  topic-b

Unrecognised merges (treated as internal): 3, by the shape of their subject
      2  $ym2  Merge changes Iaaaa1111,Ibbbb2222 into lts-v2.8 am: 5f6e7d8c9b
         like Merge changes ID into lts-vN.N am: HEX
      1  $ym4  Merge changes from topic \"plat-fix\" into lts-v2.8 am: 6f7e8d9c0b am: 0123abcd45
         like Merge changes from topic \"X\" into lts-vN.N am: HEX am: HEX" \
   "text: the review server, its topics, the automerger's two shapes"

tp -T json v1.0..v2.0
printf '%s\n' "$OUT" >gerrit.json
is "$(jq -c '[.trees[] | [.name, .kind // "-", .commits, .pulls]]' gerrit.json)" \
   '[["TrustedFirmware Code Review","review",19,10],["github.com/Mbed-TLS/mbedtls","-",1,1]]' \
   "json: one review tree of kind review, ten merges"
is "$(jq -r '.trees[0].topics[] | [.name, .commits, .merges] | @tsv' gerrit.json)" \
"fw-update	2	1
topic-a	2	1
xlnx_versal_misra_fixes	2	1
fw-update-2	1	1
topic-b	0	1" "json: the topics, a commit merged again by a later topic kept by the first"
schema_ok "json: validates against the schema" gerrit.json

# --explain names each form, and how the server got its name.
forms=
for m in r1 r2 r3 r4 r5 r7 r8 r10 ym1 ym2; do
	forms="$forms$m $("$TREEPLOT" --explain "$(id $m)" v1.0..v2.0 |
		sed -n 's/^  form        //p')
"
done
is "$forms" "r1 Merge \"SUBJECT\"[ into BRANCH]
r2 Merge changes ID,ID[, ...][ into BRANCH]
r3 Merge changes from topic \"TOPIC\"[ into BRANCH]
r4 Merge changes from topics \"A\", \"B\"[ into BRANCH]
r5 Merge changes from topic \"TOPIC\"[ into BRANCH]
r7 Merge changes ID,ID[, ...][ into BRANCH]
r8 Merge \"SUBJECT\"[ into BRANCH]
r10 Merge \"SUBJECT\"[ into BRANCH]
ym1 Merge WHAT 'NAME'[ of PATH][ into BRANCH]
ym2 none (unrecognised)
" "explain: the form of each of Gerrit's merges, and of the automerger's"
tp -T json --explain "$(id r9)" v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -r '.explained[0] | [.form, .number, .tree, .named_by] | @tsv')" \
   "Merge \"SUBJECT\"[ into BRANCH]		TrustedFirmware Code Review	the committer of its merges, through the .mailmap" \
   "explain json: the old identity's merge, named through the .mailmap"

# The chart: the server's node, its largest topics in its tooltip.
tp -T dot v1.0..v2.0
# (backslashes and the lines' continuations dropped: "\n" reads "n")
printf '%s\n' "$OUT" | tr -d '\\\n' | grep -q 'tooltip="TrustedFirmware Code Reviewn5 topics: fw-update (2), topic-a (2), xlnx_versal_misra_fixes (2), fw-update-2 (1), topic-b (0)nchanges merged by a code review server'
ok $? "dot: the server's tooltip lists its topics"

# Without the .mailmap the old identity is a server of its own.
git config --unset mailmap.file
tpc -T commits v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names | grep '^o1')" "o1	Gerrit Code Review	mainline" \
   "no .mailmap: the old identity names a second server"
git config mailmap.file "$SCRATCH/mailmap"

# The same through a commit-graph: merges' committers are read after
# the walk with their subjects.
git commit-graph write --reachable
tpc -T commits v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names)" "$GERRIT_COMMITS" "commit-graph: the same paths"

# --branches: a review server has no branches (the repository a change
# merged has); --compare: one tree.
tpc -T commits --branches v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names)" \
   "$(printf '%s\n' "$GERRIT_COMMITS" | sed 's|Mbed-TLS/mbedtls|&:mbedtls-3.6|')" \
   "--branches: the server stays one node"
tp -T csv --compare v1.0..v2.0 v2.0
printf '%s\n' "$OUT" | grep -q '^TrustedFirmware Code Review,19,19,0'
ok $? "--compare: the server is one tree in both ranges"

# A generated history whose mainline merges every change of its own
# through the server (genhist --gerrit), against its ground truth.
GENHIST=${GENHIST:-$BUILD/genhist} "$TESTDIR/../../tools/mkrepo.sh" \
	"$SCRATCH/gen" --commits "$(scaled 2000 600)" --seed 3 --gerrit \
	>"$SCRATCH/gen.log" 2>&1 &&
	"$TREEPLOT" -C "$SCRATCH/gen/repo.git" -T commits master | paths | sort |
	cmp -s - "$SCRATCH/gen/expected.tsv"
ok $? "genhist --gerrit: every commit's path as generated"

# The HTML report: the server's panel lists its topics.
if [ -n "${TREEPLOT_NO_BROWSER:-}" ] || ! "$PYTHON" -c 'import selenium' 2>/dev/null; then
	ok 0 "# SKIP no selenium"
else
	"$TREEPLOT" -T html -o ../gerrit.html v1.0..v2.0
	"$PYTHON" "$TESTDIR/../html_driver.py" open:"$PWD/../gerrit.html" \
		click:"TrustedFirmware Code Review" >driver.out 2>driver.err
	is "$(grep '^fig	topic	' driver.out | cut -f3)" "fw-update: 2 commits, 1 merge
topic-a: 2 commits, 1 merge
xlnx_versal_misra_fixes: 2 commits, 1 merge
fw-update-2: 1 commit, 1 merge
topic-b: 0 commits, 1 merge" "html: the server's panel lists its topics"
fi
done_testing
