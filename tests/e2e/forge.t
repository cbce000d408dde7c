#!/bin/sh
# Merge forms beyond the kernel's: GitHub, GitLab, mailed patches, subtree
# merges; Gitea, Bitbucket, pull requests merged by hand, and the slips
# of hand-typed subjects (the histories of forge.sh, with a known
# answer).
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/forge.sh"

plan 20
build_forge

tpc -T commits v1.0..v2.0
is "$STATUS" 0 "commits: exit status 0"
is "$(printf '%s\n' "$OUT" | names)" "$FORGE_COMMITS" \
   "commits: pull requests by owner, the merge request, mail and the subtree"

tp -T json v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -r '.trees[] | [.name, .commits, .own, .depth, .pulls, .kind // "-"] | @tsv')" \
"github:octocat	3	2	1	1	github
patches from Andrew	3	3	1	1	mail
devicetree/devicetree-rebasing	2	2	1	1	-
mailed patch series	2	2	1	1	mail
merge requests to acme/widget	2	2	1	1	gitlab
github:alice	1	1	2	1	github" "json: trees with their kinds (none for repositories)"
is "$(printf '%s\n' "$OUT" | jq -c '[.direct, .summary.mailed, .unrecognised]')" \
   '[2,5,[]]' "json: direct, mailed, nothing unrecognised"
is "$(printf '%s\n' "$OUT" | jq -c '.trees[] | select(.name == "devicetree/devicetree-rebasing") | .urls')" \
   '["https://git.kernel.org/pub/scm/linux/kernel/git/devicetree/devicetree-rebasing.git"]' \
   "json: the subtree's repository, from the footnote"
is "$(printf '%s\n' "$OUT" | jq -c '.edges[] | select(.from == "github:alice") | [.to, .commits]')" \
   '["github:octocat",1]' "json: a pull request into a fork is an edge between forks"

tp v1.0..v2.0
printf '%s\n' "$OUT" | grep -qx '  by mail, merged as a batch         5  (35.7%)'
ok $? "text: the commits that came by mail, apart from direct ones"
printf '%s\n' "$OUT" | grep -qx '  direct to the mainline             2  (14.3%)'
ok $? "text: direct commits are the mainline's own only"

tp -T dot v1.0..v2.0
is "$(printf '%s\n' "$OUT" | grep -c 'shape=note')" 2 \
   "dot: the two mail sources are drawn as notes"

# Without the mainline's GitHub URL, a pull request from its own owner's
# branch is a pull from github:acme; --mainline-url says it is internal.
git config --unset remote.origin.url
tpc -T commits v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names | grep '^t1')" "t1	github:acme	mainline" \
   "no origin: a pull request from the owner's own branch is github:acme"
tpc -T commits --mainline-url=git@github.com:acme/widget.git v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names)" "$FORGE_COMMITS" \
   "--mainline-url on github.com: the owner's pull requests are internal"
git config remote.origin.url https://github.com/acme/widget.git

# The bodies are read the same way through a commit-graph.
git commit-graph write --reachable
tpc -T commits v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names)" "$FORGE_COMMITS" "commit-graph: the same paths"

# A merge request whose body lost its trailer is an internal merge again,
# and a subtree merge without its footnote is unrecognised.
mk x1 "x: 1" m2
mk xm "Merge branch 'fix' into 'master'" m2 x1
mk y1 "y: 1"
mk ym "Subtree merge tag 'v1' of y repo [1] into y/upstream" xm y1
ref refs/heads/master ym
tpc -T commits v2.0..master
is "$(printf '%s\n' "$OUT" | names)" "x1	mainline
y1	mainline" "no trailer, no footnote: the commits stay on the mainline"
tp -T json v2.0..master
is "$(printf '%s\n' "$OUT" | jq -r '.unrecognised[].subject')" \
   "Subtree merge tag 'v1' of y repo [1] into y/upstream" \
   "json: the subtree merge without a footnote is listed as unrecognised"
# Every member the new options add is in the JSON schema.
git config remote.origin.url https://github.com/acme/widget.git
"$TREEPLOT" -T json --branches --signed --direct-by signoff --infer-ff \
	v1.0..v2.0 >all.json
schema_ok "json with --branches --signed --direct-by --infer-ff validates against the schema" all.json

# The other forges' forms, and slips.
GITHUB_PR=$(id mm1)
mkdir forms && cd forms || exit 1
build_forms
tpc -T commits v1.0..v2.0
is "$STATUS:$ERR:$(printf '%s\n' "$OUT" | names)" "0::$FORMS_COMMITS" \
   "forms: Gitea, Bitbucket, a pull request by hand, slips and near misses"
tp -T json v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -r '.trees[] | [.name, .commits, .kind // "-"] | @tsv')" \
"bitbucket pull requests	2	bitbucket
git.example.org/lib	2	-
git.example.org/tool	1	-
gitea:<deleted>	1	gitea
gitea:alice	1	gitea
github pull requests	1	github
github.com/sebasje/subsurface	1	-" "forms json: each forge a source of its kind"
is "$(printf '%s\n' "$OUT" | jq -c '[.direct, .unrecognised]')" '[5,[]]' \
   "forms json: nothing unrecognised, the near misses internal"
numbers=
for m in gm1 gm2 bm qm sm1 nm1; do
	numbers="$numbers$("$TREEPLOT" -T json --explain "$(id $m)" v1.0..v2.0 |
		jq -r '.explained[0] | [.number // "-", .verdict, .form] | @tsv')
"
done
is "$numbers" "12	external	Merge pull request 'TITLE' (#N) from OWNER/REPO:BRANCH into BASE
13	internal	Merge pull request 'TITLE' (#N) from BRANCH into BASE
7	external	Merged in BRANCH (pull request #N)
3953	external	Merge PR #N: TITLE
-	external	Merge WHAT 'NAME' of URL
-	internal	Merge WHAT 'NAME'[ of PATH][ into BRANCH]
" "explain: each form, its pull request's number, its verdict"
cd .. || exit 1
tp -T json --explain "$GITHUB_PR" v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -c '.explained[0].number')" 12 \
   "explain: a GitHub pull request's number"
done_testing
