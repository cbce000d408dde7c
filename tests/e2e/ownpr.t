#!/bin/bash
# A project's own pull-request branches with no URL of the mainline
# known (a mirror, a CI checkout by hash: no remote.origin.url):
# "Merge pull request #N from libgit2/ethomson/..." would be charted as
# the tree github:libgit2.  One warning (shown under -q) says which tree
# looks like the mainline's own and how to name it; when its owner is
# the repository's name it is taken for the mainline's.
. "$(dirname "$0")/lib.sh"

plan 9

build() {
	repo
	mk b0 "initial"
	git tag v1.0 "$(id b0)"
	prev=b0
	for n in 1 2 3 4; do
		mk o$n "fix $n" $prev
		mk o${n}b "fix $n, part two" o$n
		mk p$n "Merge pull request #$((100 + n)) from libgit2/ethomson/fix$n" $prev o${n}b
		prev=p$n
	done
	mk f1 "a fork's fix" $prev
	mk pf "Merge pull request #200 from alice/typo" $prev f1
	mk d1 "a direct commit" pf
	ref refs/heads/main d1
	git symbolic-ref HEAD refs/heads/main
}
mkdir libgit2 && cd libgit2 && build

tp -q -T json v1.0..main
printf '%s\n' "$OUT" >own.json
is "$ERR" "treeplot: warning: no URL of the mainline is known (no remote.origin.url): github:libgit2, 4 pull requests merged on its first-parent line, looks like the mainline's own GitHub repository (its owner is the repository's name): taken for it; name it with --mainline-url https://github.com/libgit2/libgit2 (or git config treeplot.mainlineUrl)" \
   "the repository named as the owner: one warning under -q, the tree taken for the mainline's"
is "$(jq -c '[.direct, [.trees[].name]]' own.json)" '[9,["github:alice"]]' \
   "its pull requests' commits are direct; a fork's pull request a tree"
tp -q -T json --mainline-url https://github.com/libgit2/libgit2 v1.0..main
is "$STATUS:$ERR:$(printf '%s\n' "$OUT" | jq -c '[.direct, [.trees[].name]]')" \
   '0::[9,["github:alice"]]' "--mainline-url given: the same figures, no warning"
git config remote.origin.url https://github.com/libgit2/libgit2.git
tp -q v1.0..main
is "$STATUS:$ERR" "0:" "remote.origin.url set: no warning"
git config --unset remote.origin.url

# A mirror of another name: the warning alone, the tree charted.
cd .. && git clone -q --mirror libgit2 mirror.git && cd mirror.git &&
	git config --unset remote.origin.url
tp -q -T json v1.0..main
is "$ERR" "treeplot: warning: no URL of the mainline is known (no remote.origin.url): github:libgit2, 4 pull requests merged on its first-parent line, looks like the mainline's own GitHub repository: charted as a tree; name it with --mainline-url https://github.com/libgit2/REPO (or git config treeplot.mainlineUrl)" \
   "another name: the warning says which tree and how to name the mainline"
is "$(printf '%s\n' "$OUT" | jq -c '[.direct, [.trees[].name]]')" '[1,["github:libgit2","github:alice"]]' \
   "another name: nothing inferred, the tree charted"
git config treeplot.mainlineUrl https://github.com/libgit2/libgit2
tp -q -T json v1.0..main
is "$ERR:$(printf '%s\n' "$OUT" | jq -c '[.direct, [.trees[].name]]')" ':[9,["github:alice"]]' \
   "treeplot.mainlineUrl names it: its branches direct, no warning"
git config --unset treeplot.mainlineUrl
# --compare charts two ranges: the warning once.
git tag v1.1 "$(id p3)"
tp -q --compare v1.0..v1.1 v1.0..main
is "$(printf '%s\n' "$ERR" | grep -c warning)" 1 "--compare: the warning once"
# Few pull requests: nothing said.
tp -q v1.0..$(id p2)
is "$ERR" "" "two pull requests only: no warning"

done_testing
