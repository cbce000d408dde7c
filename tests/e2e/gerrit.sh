# gerrit.sh - a history merged through a Gerrit review server, as Trusted
# Firmware-A's: changes merged one at a time ('Merge "SUBJECT" into
# integration'), several at once ('Merge changes I...,I... into
# integration', five and more), by topic (single and double quotes) and
# by several topics, a change that is itself a merge naming a URL, a
# merge into master (Gerrit writes no " into master"), an old server
# identity the .mailmap joins to the new one, fast-forwarded changes
# (direct), and the automerger's merges between branches ("... am:
# HASH"), which are no review server's.  Committed by the server, as
# Gerrit does.

LF='
'
# review NAME SUBJECT PARENT...: a merge committed by the review server
# (REVIEWER="Name <mail>", else TrustedFirmware Code Review's).
review() {
	who=${REVIEWER:-TrustedFirmware Code Review <review@trustedfirmware.org>}
	GIT_COMMITTER_NAME=${who% <*} GIT_COMMITTER_EMAIL=${who##*<}
	GIT_COMMITTER_EMAIL=${GIT_COMMITTER_EMAIL%>}
	export GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
	mk "$@"
	GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@example.org
}

build_gerrit() {
	repo bare
	git config remote.origin.url https://review.trustedfirmware.org/TF-A/trusted-firmware-a
	mk m0 "initial"
	mk m1 "docs: the first release" m0
	# one change
	mk c1 "docs: fix typo" m1
	review r1 "Merge \"docs: fix typo\" into integration" m1 c1
	# two changes, no topic
	mk c2 "fix(gic): mask the interrupt${LF}${LF}Change-Id: I17523700aa" r1
	mk c3 "fix(gic): unmask it later${LF}${LF}Change-Id: Ic05f3227bb" c2
	review r2 "Merge changes I17523700,Ic05f3227 into integration${LF}${LF}* changes:${LF}  fix(gic): unmask it later${LF}  fix(gic): mask the interrupt" r1 c3
	# a topic
	mk t1 "fix(versal): misra 10.1" r2
	mk t2 "fix(versal): misra 10.3" t1
	review r3 "Merge changes from topic \"xlnx_versal_misra_fixes\" into integration${LF}${LF}* changes:${LF}  fix(versal): misra 10.3${LF}  fix(versal): misra 10.1" r2 t2
	# a fast-forward: the change became the branch's tip, no merge
	mk d1 "build: bump the version" r3
	# two topics at once
	mk u1 "feat(a): one" d1
	mk u2 "feat(b): two" u1
	review r4 "Merge changes from topics \"topic-a\", \"topic-b\" into integration" d1 u2
	# a topic whose change was merged already by an earlier one: that
	# commit keeps the first topic
	mk x1 "feat(fw): update 1" r4
	mk x2 "feat(fw): update 2" x1
	review r5 "Merge changes from topic 'fw-update' into integration" r4 x2
	mk x3 "feat(fw): update 3" x2
	review r6 "Merge changes from topic \"fw-update-2\" into integration" r5 x3
	# more than five changes
	mk v1 "refactor: 1" r6
	mk v2 "refactor: 2" v1
	mk v3 "refactor: 3" v2
	mk v4 "refactor: 4" v3
	mk v5 "refactor: 5" v4
	mk v6 "refactor: 6" v5
	review r7 "Merge changes Ia1b2c3d4,I5e6f7a8b,I9c0d1e2f,I3a4b5c6d,I7e8f9a0b, ... into integration" r6 v6
	# a change that is a merge of another repository
	mk l1 "mbedtls: 3.6.1" r7
	mk lm "Merge branch 'mbedtls-3.6' of https://github.com/Mbed-TLS/mbedtls into integration" r7 l1
	review r8 "Merge \"Merge branch 'mbedtls-3.6' of https://github.com/Mbed-TLS/mbedtls into integration\" into integration" r7 lm
	# the server's old identity, joined by the .mailmap
	mk o1 "fix(psci): old server" r8
	REVIEWER="Gerrit Code Review <gerrit@review.trustedfirmware.org>"
	review r9 "Merge \"fix(psci): old server\" into integration" r8 o1
	unset REVIEWER
	# into master: no " into" at all
	mk w1 "docs: on master" r9
	review r10 "Merge \"docs: on master\"" r9 w1
	# the automerger, between branches of the same repository: what it
	# appends after " into BRANCH" is no Gerrit form; a change alone
	# reads as git's internal merge of a name, changes stay
	# unrecognised, two shapes
	mk y1 "plat: fix foo" r10
	mk ym1 "Merge \"plat: fix foo\" into lts-v2.8 am: 0a1b2c3d4e" r10 y1
	mk y2 "plat: fix bar" ym1
	mk ym2 "Merge changes Iaaaa1111,Ibbbb2222 into lts-v2.8 am: 5f6e7d8c9b" ym1 y2
	mk y3 "plat: fix baz" ym2
	mk ym3 "Merge changes Icccc3333,Idddd4444,Ieeee5555 into lts-v2.10 am: 1a2b3c4d5e" ym2 y3
	mk y4 "plat: fix qux" ym3
	mk ym4 "Merge changes from topic \"plat-fix\" into lts-v2.8 am: 6f7e8d9c0b am: 0123abcd45" ym3 y4
	mk m2 "docs: the second release" ym4
	ref refs/heads/integration m2
	ref refs/tags/v1.0 m1
	ref refs/tags/v2.0 m2
	git symbolic-ref HEAD refs/heads/integration
}

# With the .mailmap joining the server's identities.
GERRIT_MAILMAP='TrustedFirmware Code Review <review@trustedfirmware.org> Gerrit Code Review <gerrit@review.trustedfirmware.org>'

GERRIT_REVIEW='TrustedFirmware Code Review'
GERRIT_COMMITS="c1	$GERRIT_REVIEW	mainline
c2	$GERRIT_REVIEW	mainline
c3	$GERRIT_REVIEW	mainline
t1	$GERRIT_REVIEW	mainline
t2	$GERRIT_REVIEW	mainline
d1	mainline
u1	$GERRIT_REVIEW	mainline
u2	$GERRIT_REVIEW	mainline
x1	$GERRIT_REVIEW	mainline
x2	$GERRIT_REVIEW	mainline
x3	$GERRIT_REVIEW	mainline
v1	$GERRIT_REVIEW	mainline
v2	$GERRIT_REVIEW	mainline
v3	$GERRIT_REVIEW	mainline
v4	$GERRIT_REVIEW	mainline
v5	$GERRIT_REVIEW	mainline
v6	$GERRIT_REVIEW	mainline
l1	github.com/Mbed-TLS/mbedtls	$GERRIT_REVIEW	mainline
o1	$GERRIT_REVIEW	mainline
w1	$GERRIT_REVIEW	mainline
y1	mainline
y2	mainline
y3	mainline
y4	mainline
m2	mainline"
