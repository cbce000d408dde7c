# forge.sh - a history merged the ways projects other than the kernel
# merge: GitHub pull requests (from forks, nested, and from a branch of
# the mainline's own repository), a GitLab merge request, a b4 patch
# series, a batch of mailed patches from Andrew, a subtree merge naming
# its repository in a footnote, and direct commits (build_forge); and
# the other forges' forms and the slips of hand-typed subjects, with
# their near misses (build_forms).

LF='
'
build_forge() {
	repo "$@"
	git config remote.origin.url https://github.com/acme/widget.git
	mk m0 "initial"
	mk m1 "widget: 1" m0
	mk a1 "alice: 1" m1
	mk o1 "octocat: 1" m1
	mk om1 "Merge pull request #3 from alice/speedup${LF}${LF}Make it fast" o1 a1
	mk o2 "octocat: 2" om1
	mk mm1 "Merge pull request #12 from octocat/fix-typo${LF}${LF}Fix the typo" m1 o2
	mk t1 "acme topic: 1" mm1
	mk mm2 "Merge pull request #13 from acme/topic${LF}${LF}A branch of our own" mm1 t1
	mk l1 "gitlab: 1" mm2
	mk l2 "gitlab: 2" l1
	mk mm3 "Merge branch 'fix-ci' into 'master'${LF}${LF}Fix CI${LF}${LF}See merge request acme/widget!42" mm2 l2
	mk p1 "foo: fix bar 1/2" mm3
	mk p2 "foo: fix bar 2/2" p1
	mk mm4 "Merge patch series \"foo: fix bar\"${LF}${LF}A Developer <a@example.org> says:${LF}${LF}Two fixes.${LF}${LF}Link: https://lore.kernel.org/r/1@example.org" mm3 p2
	mk k1 "mm: 1" mm4
	mk k2 "mm: 2" k1
	mk k3 "mm: 3" k2
	mk mm5 "Merge branch 'akpm' (patches from Andrew)${LF}${LF}Merge misc fixes from Andrew Morton:${LF}${LF}3 patches." mm4 k3
	mk d1 "dts: upstream 1"
	mk d2 "dts: upstream 2" d1
	mk mm6 "Subtree merge tag 'v6.10-dts' of devicetree-rebasing repo [1] into dts/upstream${LF}${LF}Update the device trees.${LF}${LF}[1] https://git.kernel.org/pub/scm/linux/kernel/git/devicetree/devicetree-rebasing.git" mm5 d2
	mk m2 "widget: 2" mm6
	ref refs/heads/master m2
	ref refs/tags/v1.0 m1
	ref refs/tags/v2.0 m2
	git symbolic-ref HEAD refs/heads/master
}

FORGE_COMMITS='o1	github:octocat	mainline
a1	github:alice	github:octocat	mainline
o2	github:octocat	mainline
t1	mainline
l1	merge requests to acme/widget	mainline
l2	merge requests to acme/widget	mainline
p1	mailed patch series	mainline
p2	mailed patch series	mainline
k1	patches from Andrew	mainline
k2	patches from Andrew	mainline
k3	patches from Andrew	mainline
d1	devicetree/devicetree-rebasing	mainline
d2	devicetree/devicetree-rebasing	mainline
m2	mainline'

# Gitea's pull requests from a fork, from a branch of the repository
# itself (internal) and from a deleted fork; Bitbucket's; a pull request
# merged by hand (util-linux's form); subjects with slips (a tab before
# the URL, runs of spaces and a full stop, a tag not quoted, double
# quotes); near misses that stay internal.
build_forms() {
	repo "$@"
	mk fm0 "initial"
	mk fm1 "widget: 1" fm0
	mk g1 "feature: 1" fm1
	mk gm1 "Merge pull request 'Add the feature' (#12) from alice/widget:feature into main${LF}${LF}Reviewed-on: https://codeberg.org/acme/widget/pulls/12" fm1 g1
	mk g2 "fix: build" gm1
	mk gm2 "Merge pull request 'Fix the build' (#13) from fix-build into main" gm1 g2
	mk g3 "old: 1" gm2
	mk gm3 "Merge pull request 'Old work' (#14) from <deleted>:old into main" gm2 g3
	mk b1 "bb: 1" gm3
	mk b2 "bb: 2" b1
	mk bm "Merged in user/branch (pull request #7)${LF}${LF}Add bb" gm3 b2
	mk q1 "waitpid: pidfd inode" bm
	mk qm "Merge PR #3953: waitpid pidfd inode format support" bm q1
	mk s1 "kirigami: port" qm
	mk sm1 "Merge branch 'kirigamiPort' of 	https://github.com/sebasje/subsurface into mergeKirigamiPort" qm s1
	mk s2 "lib: 1" sm1
	mk sm2 "Merge  tag  'v1.0'  of  git://git.example.org/lib.git." sm1 s2
	mk s3 "lib: 2" sm2
	mk sm3 "Merge tag v2.0 of git://git.example.org/lib.git" sm2 s3
	mk s4 "tool: 1" sm3
	mk sm4 "Merge branch \"next\" of https://git.example.org/tool" sm3 s4
	mk n1 "near: 1" sm4
	mk nm1 "Merge branch 'x' of ." sm4 n1
	mk n2 "near: 2" nm1
	mk nm2 "Merge branch x of ../local" nm1 n2
	mk n3 "near: 3" nm2
	mk nm3 "Merge branch 'y'." nm2 n3
	mk fm2 "widget: 2" nm3
	ref refs/heads/main fm2
	ref refs/tags/v1.0 fm1
	ref refs/tags/v2.0 fm2
	git symbolic-ref HEAD refs/heads/main
}

FORMS_COMMITS='g1	gitea:alice	mainline
g2	mainline
g3	gitea:<deleted>	mainline
b1	bitbucket pull requests	mainline
b2	bitbucket pull requests	mainline
q1	github pull requests	mainline
s1	github.com/sebasje/subsurface	mainline
s2	git.example.org/lib	mainline
s3	git.example.org/lib	mainline
s4	git.example.org/tool	mainline
n1	mainline
n2	mainline
n3	mainline
fm2	mainline'
