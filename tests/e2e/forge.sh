# forge.sh - a history merged the ways projects other than the kernel
# merge: GitHub pull requests (from forks, nested, and from a branch of
# the mainline's own repository), a GitLab merge request, a b4 patch
# series, a batch of mailed patches from Andrew, a subtree merge naming
# its repository in a footnote, and direct commits.

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
