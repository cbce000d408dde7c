# fixture.sh - the kernel-shaped history most end-to-end tests chart.
#
# v1.0..v2.0 holds: a tree three levels deep (iwlwifi -> wireless -> net),
# trees forked before v1.0, a back-merge of the mainline into net, net
# pulling its own public tree, an internal octopus of topic branches in
# tip, hid pulled at two levels (into tip, then into the mainline), an
# octopus pull of two sound branches, an internal "Merge branch 'akpm'",
# an unrecognised merge, and a chain of commits in v1.0's history whose
# clock was a year behind, so that a date-ordered walk of v1.0..v2.0
# (git rev-list's) lists Y and m0 although v1.0 contains them.

K=git://git.kernel.org/pub/scm/linux/kernel/git
build_fixture() {
	repo "$@"
	mk m0 "mainline: initial"
	mk Y "mainline: y" m0
	prev=Y
	for i in 1 2 3 4 5 6 7 8; do
		DATE=$((T_DATE - 31536000)) mk k$i "mainline: k$i" $prev
		prev=k$i
	done
	mk m1 "mainline: v1.0" k8
	mk i1 "iwl: 1" Y
	mk i2 "iwl: 2" i1
	mk w1 "wireless: 1" Y
	mk wm1 "Merge branch 'for-linville' of $K/iwlwifi/iwlwifi-2.6.git" w1 i2
	mk w2 "wireless: 2" wm1
	mk n1 "net: 1" m1
	mk nm1 "Merge branch 'master' of master.kernel.org:/pub/scm/linux/kernel/git/linville/wireless-2.6" n1 w2
	mk m2 "mainline: 2" m1
	mk nm2 "Merge branch 'master' of $K/torvalds/linux-2.6" nm1 m2
	mk n2 "net: 2" nm2
	mk n3 "net: 3, from the laptop" n2
	mk nm3 "Merge branch 'master' of https://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git/" n2 n3
	mk t1 "x86: 1" m1
	mk t2 "sched: 1" m1
	mk t3 "mm: 1" m1
	mk tm1 "Merge branches 'x86/apic', 'sched/core' and 'mm/numa' into x86/core" t1 t2 t3
	mk h1 "hid: 1" m1
	mk tm2 "Merge branch 'for-ingo' of master.kernel.org:/pub/scm/linux/kernel/git/jikos/hid" tm1 h1
	mk t4 "x86: 2" tm2
	mk s1 "sound: fix" m1
	mk s2 "sound: next" m1
	mk h2 "hid: 2" h1
	mk a1 "akpm: 1" m2
	mk a2 "akpm: 2" a1
	mk b1 "bob: 1" m2
	mk mm1 "Merge git://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6" m2 nm3
	mk m3 "mainline: 3" mm1
	mk mm2 "Merge branch 'x86-core-for-linus' of $K/x86/linux-2.6-tip" m3 t4
	mk mm3 "Merge branch 'for-linus' of $K/jikos/hid.git" mm2 h2
	mk mm4 "Merge branches 'fix' and 'next' of $K/tiwai/sound-2.6" mm3 s1 s2
	mk mm5 "Merge branch 'akpm'" mm4 a2
	mk mm6 "Pull bob's stuff" mm5 b1
	mk m4 "mainline: 4" mm6
	ref refs/heads/master m4
	ref refs/tags/v1.0 m1
	ref refs/tags/v2.0-rc1 m3
	ref refs/tags/v2.0 m4
	git symbolic-ref HEAD refs/heads/master
}

# The answer, in attribution order (treeplot -T commits, ids as names).
FIXTURE_COMMITS='m2	mainline
n1	davem/net-2.6	mainline
w1	linville/wireless-2.6	davem/net-2.6	mainline
i1	iwlwifi/iwlwifi-2.6	linville/wireless-2.6	davem/net-2.6	mainline
i2	iwlwifi/iwlwifi-2.6	linville/wireless-2.6	davem/net-2.6	mainline
w2	linville/wireless-2.6	davem/net-2.6	mainline
n2	davem/net-2.6	mainline
n3	davem/net-2.6	mainline
m3	mainline
t1	x86/linux-2.6-tip	mainline
t2	x86/linux-2.6-tip	mainline
t3	x86/linux-2.6-tip	mainline
h1	jikos/hid	x86/linux-2.6-tip	mainline
t4	x86/linux-2.6-tip	mainline
h2	jikos/hid	mainline
s1	tiwai/sound-2.6	mainline
s2	tiwai/sound-2.6	mainline
a1	mainline
a2	mainline
b1	mainline
m4	mainline'
