#!/bin/bash
# --check fixes,signoff on a history built with git commands (fixed
# dates): each problem once, in a tree's pull and on the mainline, and
# the near-misses that must not be found (a subject cut with "...", one
# cut with an ellipsis, a tag's id, an author's sign-off under another
# name and address that the .mailmap joins, a sign-off in another case).
# Every line of -T findings against the construction's expected lines;
# the construction itself against git where git answers (git rev-parse
# --verify ID^{commit}, git merge-base --is-ancestor, git log -1
# --format=%s, git check-mailmap); the exit statuses (3 with findings,
# 0 clean, 0 when treeplot.checkAllow allows them all, by code or by
# code and tree); the text section; the usage errors.
. "$(dirname "$0")/lib.sh"

plan 28

G=$SCRATCH/repo
D=1700000000
LF='
'
git init -q -b master "$G" || exit 1
cd "$G" || exit 1

SOB_A='Signed-off-by: A <a@example.org>'
SOB_C='Signed-off-by: C <c@example.org>'

# The date of the last commit, kept in a file: the helpers run in
# $(...).
echo "$D" >"$SCRATCH/.date"
tick() {
	D=$(($(cat "$SCRATCH/.date") + $1))
	echo "$D" >"$SCRATCH/.date"
}

# commit MESSAGE [AUTHOR-NAME AUTHOR-MAIL]: an empty commit, STEP
# seconds (a day) after the last, by C; prints its id.
commit() {
	tick "${STEP:-86400}"
	printf '%s\n' "$1" >"$SCRATCH/.msg"
	GIT_AUTHOR_NAME=${2:-A} GIT_AUTHOR_EMAIL=${3:-a@example.org} \
	GIT_AUTHOR_DATE="@$D" GIT_COMMITTER_DATE="@$D" \
		git commit -q --allow-empty -F "$SCRATCH/.msg" || exit 1
	git rev-parse HEAD
}

printf 'A. Other <ann@new.example.org> <ann@old.example.org>\n' >.mailmap
git add .mailmap
commit "init$LF$LF$SOB_A$LF$SOB_C" >/dev/null
T1=$(commit "net: add the thing that broke$LF$LF$SOB_A$LF$SOB_C")
T2=$(commit "mm: make it faster$LF$LF$SOB_A$LF$SOB_C")
git tag -a -m "v1" v1 || exit 1
TAG=$(git rev-parse v1)
TREE=$(git rev-parse "HEAD^{tree}")
# A side branch never merged: its commit is no ancestor of anything.
git checkout -q -b side
SIDE=$(commit "side: never merged$LF$LF$SOB_A$LF$SOB_C")
git checkout -q master

# The mainline goes on: a tagged release, an annotated one, an untagged
# commit, for the tree to merge back.
B1=$(commit "core: b1$LF$LF$SOB_A$LF$SOB_C")
git tag v1.1 || exit 1
B2=$(commit "core: b2$LF$LF$SOB_A$LF$SOB_C")
git tag -a -m "v1.2: the second point release" v1.2 || exit 1
B3=$(commit "core: b3$LF$LF$SOB_A$LF$SOB_C")

# The tree's pull: fixes with each Fixes problem, back-merges.
git checkout -q -b drm v1
# merge WHAT [GIT-MERGE-OPTIONS...]: a merge a day later.
merge() {
	tick 86400
	GIT_AUTHOR_DATE="@$D" GIT_COMMITTER_DATE="@$D" \
		git merge -q --no-ff "$@" || exit 1
	git rev-parse HEAD
}
# A tag, said nothing of: its Conflicts: lines and trailers are nothing;
# an annotated tag, its message copied by git: explained; an untagged
# commit, said nothing of.
BM2=$(merge v1.1 -m "Merge tag 'v1.1' into drm" -m "Conflicts:$LF	drivers/gpu/x.c" -m "$SOB_C")
BM3=$(merge v1.2 --no-edit)
BM1=$(merge "$B3" -m "Merge branch 'master' into drm")
N1=$(commit "drm: no id$LF${LF}Fixes: commit ${T1:0:12} (\"net: add the thing that broke\")$LF$SOB_A$LF$SOB_C")
N2=$(commit "drm: short id$LF${LF}Fixes: ${T1:0:8} (\"net: add the thing that broke\")$LF$SOB_A$LF$SOB_C")
N3=$(commit "drm: unknown ids$LF${LF}Fixes: 0000000000dead0000000$LF""Fixes: $TREE$LF$SOB_A$LF$SOB_C")
N4=$(commit "drm: wrong subject$LF${LF}Fixes: ${T1:0:12} (\"net: add the thing\")$LF$SOB_A$LF$SOB_C")
N5=$(commit "drm: not an ancestor$LF${LF}Fixes: ${SIDE:0:12} (\"side: never merged\")$LF$SOB_A$LF$SOB_C")
# Near-misses: cut subjects, a tag's id, quotes without parentheses.
M1=$(commit "drm: cut subjects$LF${LF}Fixes: ${T1:0:12} (\"net: add the thing...\")$LF""Fixes: ${T2:0:14} (\"mm: make it f…\")$LF""Fixes: $TAG \"mm: make it faster\"$LF$SOB_A$LF$SOB_C")
git checkout -q master
PD=$(merge drm -m "Merge tag 'drm-fixes-2024' of git://git.example.org/drm")
# Pulls: five commits within the hour, an hour before it (found); five
# within the hour, three days before it; four within the hour.
for t in net:5:3600 sound:5:259200 usb:4:3600; do
	IFS=: read -r tree n before <<<"$t"
	git checkout -q -b "$tree" master
	for k in $(seq "$n"); do
		STEP=600 commit "$tree: change $k$LF$LF$SOB_A$LF$SOB_C" >/dev/null
	done
	git checkout -q master
	tick $((before - 86400))
	merge "$tree" -m "Merge tag '$tree-2024' of git://git.example.org/$tree" >/dev/null
done
PNET=$(git rev-parse "master~2")
PSOUND=$(git rev-parse "master~1")
PUSB=$(git rev-parse master)
# On the mainline: sign-offs.
S1=$(commit "core: no author's sign-off$LF$LF$SOB_C" B b@example.org)
S2=$(commit "core: no committer's sign-off$LF$LF$SOB_A")
# Near-misses: the author under another name and address joined by the
# .mailmap; the committer's address in another case.
M2=$(commit "core: joined$LF${LF}Signed-off-by: A. Other <ann@new.example.org>${LF}Signed-off-by: C <C@Example.ORG>" Ann ann@old.example.org)
git tag v2 || exit 1

# git's own reading of the construction.
git rev-parse -q --verify "0000000000dead0000000^{commit}" >/dev/null ||
	git rev-parse -q --verify "$TREE^{commit}" >/dev/null 2>&1
ok $((! $?)) "git: neither 0000000000dead0000000 nor the tree's id names a commit"
[ "$(git rev-parse --verify "$TAG^{commit}")" = "$T2" ] &&
	[ "$(git rev-parse --verify "${T1:0:8}^{commit}")" = "$T1" ]
ok $? "git: the tag peels to T2, the 8 digits name T1"
git merge-base --is-ancestor "$SIDE" "$N5"
st=$?
git merge-base --is-ancestor "$T1" "$N4"
ok $(( st == 1 && $? == 0 ? 0 : 1 )) "git: SIDE is no ancestor of N5, T1 is one of N4"
is "$(git log -1 --format=%s "$T1")|$(git log -1 --format=%s "$T2")" \
   "net: add the thing that broke|mm: make it faster" "git: the targets' subjects"
is "$(git check-mailmap 'Ann <ann@old.example.org>')" \
   "A. Other <ann@new.example.org>" "git: the .mailmap joins the author to the sign-off"

"$TREEPLOT" --check all -T commits v1..v2 >"$SCRATCH/commits" 2>/dev/null
TR=$(awk -F '\t' -v c="$N1" '$1 == c { print $13 }' "$SCRATCH/commits")
ML=$(awk -F '\t' -v c="$S1" '$1 == c { print $13 }' "$SCRATCH/commits")
[ -n "$TR" ] && [ -n "$ML" ] && [ "$TR" != "$ML" ]
ok $? "the pull's commits are in a tree ($TR), the direct ones on the mainline ($ML)"
NET=$(awk -F '\t' -v c="$PNET" '$2 == c { print $13; exit }' "$SCRATCH/commits")
is "$(git log -1 --format=%B "$BM3" | sed -n 3p)" "v1.2: the second point release" \
   "git: the merge of v1.2 holds the tag's message"

cat >"$SCRATCH/want" <<EOF
$N1	fixes-no-id	$TR	commit ${T1:0:12} ("net: add the thing that broke")
$N2	fixes-short-id	$TR	${T1:0:8}: 8 digits
$N3	fixes-unknown	$TR	0000000000dead0000000: no such commit
$N3	fixes-unknown	$TR	$TREE: not a commit
$N4	fixes-subject	$TR	${T1:0:12} ("net: add the thing"): "net: add the thing that broke"
$N5	fixes-not-ancestor	$TR	${SIDE:0:12}: $SIDE is not an ancestor
$S1	signoff-author	$ML	B <b@example.org>
$S2	signoff-committer	$ML	C <c@example.org>
$BM2	backmerge-unexplained	$TR	merges v1.1 $B1, says nothing beyond its subject
$BM1	backmerge-untagged	$TR	merges $B3 of the mainline, at no tag
$BM1	backmerge-unexplained	$TR	merges $B3, says nothing beyond its subject
$PNET	pull-rebased	$NET	5 commits committed within 40 minutes, the newest 60 minutes before the pull
EOF

"$TREEPLOT" --check all -T findings v1..v2 >"$SCRATCH/got" 2>"$SCRATCH/err"
st=$?
is "$(cat "$SCRATCH/got")" "$(cat "$SCRATCH/want")" "every line of -T findings, in order"
is "$st" 3 "exit 3 with findings"
grep -q '^treeplot: --check: 12 findings' "$SCRATCH/err"
ok $? "stderr says how many: $(head -1 "$SCRATCH/err")"

# The ancestry from a commit-graph: the same.
git commit-graph write --reachable 2>/dev/null
"$TREEPLOT" --check all -T findings v1..v2 >"$SCRATCH/got" 2>/dev/null
is "$(cat "$SCRATCH/got")" "$(cat "$SCRATCH/want")" "with a commit-graph: the same lines"
rm -f .git/objects/info/commit-graph
"$TREEPLOT" --check fixes -T findings v1..v2 >"$SCRATCH/got" 2>/dev/null
is "$(cat "$SCRATCH/got")" "$(grep '	fixes-' "$SCRATCH/want")" "--check fixes: the fixes- lines alone"
"$TREEPLOT" --check signoff,fixes -T findings v1..v2 >"$SCRATCH/got" 2>/dev/null
is "$(cat "$SCRATCH/got")" "$(grep '	fixes-\|	signoff-' "$SCRATCH/want")" "--check signoff,fixes: theirs"
"$TREEPLOT" --check backmerge,rebase -T findings v1..v2 >"$SCRATCH/got" 2>/dev/null
is "$(cat "$SCRATCH/got")" "$(grep '	backmerge-\|	pull-' "$SCRATCH/want")" "--check backmerge,rebase: theirs"
git config treeplot.rebaseCommits 4
git config treeplot.rebaseRecent 4d
"$TREEPLOT" --check rebase -T findings v1..v2 2>/dev/null | cut -f 1,2 >"$SCRATCH/got"
is "$(cat "$SCRATCH/got")" "$PNET	pull-rebased$LF$PSOUND	pull-rebased$LF$PUSB	pull-rebased" \
   "treeplot.rebaseCommits 4, rebaseRecent 4d: the pull of old commits and the one of four found"
git config treeplot.rebaseWindow 29m
"$TREEPLOT" --check rebase -T findings v1..v2 2>/dev/null | cut -f 1,2 >"$SCRATCH/got"
is "$(cat "$SCRATCH/got")" "" "treeplot.rebaseWindow 29m: none (spreads of 40 and 30 minutes)"
git config --remove-section treeplot

# The same findings as GitHub annotations, and in the JSON.
"$TREEPLOT" --check all -T github v1..v2 >"$SCRATCH/got" 2>/dev/null
is "$?:$(cat "$SCRATCH/got")" "3:$(awk -F '\t' '{ gsub(/%/, "%25", $4)
	printf "::warning title=%s::%s %s: %s\n", $2, substr($1, 1, 12), $3, $4 }' "$SCRATCH/want")" \
   "-T github: a warning each, exit 3"
"$TREEPLOT" --check all -T json v1..v2 >"$SCRATCH/out.json" 2>/dev/null
is "$("$PYTHON" -c '
import json, sys
c = json.load(open(sys.argv[1]))["checks"]
for f in c["findings"]:
    print("\t".join((f["commit"], f["code"], f["tree"], f["detail"])))
n = sum(c["by_code"].values())
t = sum(x["found"] for x in c["by_tree"])
print(n, t, len(c["findings"]), c["allowed"], len(c["by_code"]))' "$SCRATCH/out.json")" \
   "$(cat "$SCRATCH/want"; echo "12 12 12 0 10")" \
   "JSON: the findings as -T findings has them, the counts by code and by tree"
schema_ok "JSON: valid against the schema" "$SCRATCH/out.json"

# Clean: the range of the near-misses alone.
"$TREEPLOT" --check all -T findings "$M1~1..$M1" >"$SCRATCH/got" 2>&1
st=$?
is "$st:$(cat "$SCRATCH/got")" "0:" "the cut subjects and the tag's id: nothing, exit 0"
"$TREEPLOT" --check all -T findings "$S2..$M2" >"$SCRATCH/got" 2>&1
st=$?
is "$st:$(cat "$SCRATCH/got")" "0:" "the sign-offs the .mailmap joins, another case: nothing, exit 0"

# The allow-list: every code, then a code in one tree only.
for c in fixes-no-id fixes-short-id fixes-unknown fixes-subject \
	 fixes-not-ancestor signoff-author backmerge-untagged \
	 backmerge-unexplained pull-rebased; do
	git config --add treeplot.checkAllow "$c"
done
git config --add treeplot.checkAllow "signoff-committer $ML"
"$TREEPLOT" --check all -T findings v1..v2 >"$SCRATCH/got" 2>&1
st=$?
is "$st:$(cat "$SCRATCH/got")" "0:" "treeplot.checkAllow allows all of them: exit 0"
git config --unset-all treeplot.checkAllow
git config --add treeplot.checkAllow "signoff-committer $TR"
git config --add treeplot.checkAllow fixes-unknown
"$TREEPLOT" --check all -T findings v1..v2 >"$SCRATCH/got" 2>/dev/null
st=$?
is "$st:$(cat "$SCRATCH/got")" "3:$(grep -v '	fixes-unknown	' "$SCRATCH/want")" \
   "a code, and a code in another tree: those dropped, the rest kept"
"$TREEPLOT" --check all v1..v2 >"$SCRATCH/text" 2>/dev/null
grep -q '^  allowed (treeplot.checkAllow) *2$' "$SCRATCH/text" &&
	grep -q "^    ${N5:0:12} $TR: ${SIDE:0:12}: $SIDE is not an ancestor\$" "$SCRATCH/text"
ok $? "the text's Checks section: the allowed count, a finding's line"
git config --unset-all treeplot.checkAllow
git config --add treeplot.checkAllow "signoff-everything"
"$TREEPLOT" --check all -T findings v1..v2 >"$SCRATCH/got" 2>"$SCRATCH/err"
st=$?
is "$st:$(cat "$SCRATCH/got")|$(cat "$SCRATCH/err")" \
   "1:|treeplot: treeplot.checkAllow: no check is named 'signoff-everything'" \
   "an unknown code in treeplot.checkAllow: an error, no output"
git config --unset-all treeplot.checkAllow

# Usage.
"$TREEPLOT" -T findings v1..v2 >/dev/null 2>"$SCRATCH/err"
st=$?
is "$st:$(cat "$SCRATCH/err")" "2:treeplot: -T findings is written by --check: give it too" \
   "-T findings without --check: a usage error"
"$TREEPLOT" --check fixes,nothing v1..v2 >/dev/null 2>"$SCRATCH/err"
is "$?:$(head -1 "$SCRATCH/err")" \
   "2:treeplot: --check takes a comma-separated list of fixes, signoff, backmerge, rebase or all, not 'fixes,nothing'" \
   "--check with an unknown group: a usage error"

# --fixes is unchanged by the Fixes values naming no id: only ids.
"$TREEPLOT" --fixes -T fixes v1..v2 | cut -f 1,2,4 | sort >"$SCRATCH/got"
sort >"$SCRATCH/want" <<EOF
$N2	fixes	${T1:0:8}
$N3	fixes	0000000000dead0000000
$N3	fixes	$TREE
$N4	fixes	${T1:0:12}
$N5	fixes	${SIDE:0:12}
$M1	fixes	${T1:0:12}
$M1	fixes	${T2:0:14}
$M1	fixes	$TAG
EOF
is "$(cat "$SCRATCH/got")" "$(cat "$SCRATCH/want")" "--fixes: the ids, never the value naming none"

done_testing
