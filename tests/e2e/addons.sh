# addons.sh - the histories the add-on tests chart, shared by their own
# tests (signed.t, infer.t, direct.t, maintainers.t, branches.t) and by
# golden.t, which pins their whole outputs.  Source it after lib.sh and
# fixture.sh.  Each builder makes the repository in the current
# directory; the ids depend only on the order of the commits (lib.sh's
# clock), so a builder gives the same ids wherever it runs.

K=git://git.kernel.org/pub/scm/linux/kernel/git
LF='
'
L='Linus Torvalds <torvalds@example.org>'
A='Andrew Morton <akpm@example.org>'

# as NAME MAIL: the committer of the next commits.
as() { GIT_COMMITTER_NAME=$1; GIT_COMMITTER_EMAIL=$2; }

# mk_merge NAME SUBJECT HEADER PARENT...: a merge whose object has HEADER
# (mergetag, gpgsig or none) after the committer line.
mk_merge() {
	name=$1 subject=$2 header=$3
	shift 3
	T_DATE=$((T_DATE + 60))
	{
		echo "tree $T_EMPTY_TREE"
		for p in "$@"; do echo "parent $(id "$p")"; done
		echo "author A <a@example.org> $T_DATE +0000"
		echo "committer C <c@example.org> $T_DATE +0000"
		case $header in
		mergetag)
			echo "mergetag object $(id "$2")"
			echo " type commit"
			echo " tag for-linus"
			echo " tagger T <t@example.org> $T_DATE +0000"
			echo " "
			echo " Please pull."
			echo " -----BEGIN PGP SIGNATURE-----"
			echo " "
			echo " iQEzBAABCAAdFiEEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE"
			echo " =FAKE"
			echo " -----END PGP SIGNATURE-----"
			;;
		unsignedtag)
			# Not what git writes: a mergetag without a signature.
			echo "mergetag object $(id "$2")"
			echo " type commit"
			echo " tag plain"
			echo " tagger T <t@example.org> $T_DATE +0000"
			echo " "
			echo " Not signed."
			;;
		gpgsig)
			echo "gpgsig -----BEGIN PGP SIGNATURE-----"
			echo " "
			echo " iQEzBAABCAAdFiEEFAKEFAKE"
			echo " -----END PGP SIGNATURE-----"
			;;
		esac
		echo
		echo "$subject"
	} >"$SCRATCH/.commit"
	c=$(git hash-object -t commit -w "$SCRATCH/.commit") || exit 1
	printf '%s\t%s\n' "$name" "$c" >>"$T_MAP"
}

# --signed: two merges that pulled a signed tag (one of them pulled a
# tree that itself pulled a signed tag), a plain merge, one with only its
# own gpgsig, one whose mergetag has no signature.
build_signed() {
	repo "$@"
	mk m0 "initial"
	mk m1 "mainline: 1" m0
	mk w1 "wireless: 1" m1
	mk n1 "net: 1" m1
	mk_merge nm1 "Merge tag 'wireless-next' of $K/linville/wireless" mergetag n1 w1
	mk n2 "net: 2" nm1
	mk_merge mm1 "Merge tag 'net-next' of $K/davem/net" mergetag m1 n2
	mk s1 "sound: 1" m1
	mk s2 "sound: 2" s1
	mk_merge mm2 "Merge branch 'for-linus' of $K/tiwai/sound" none mm1 s2
	mk u1 "usb: 1" m1
	mk_merge mm3 "Merge branch 'usb-linus' of $K/gregkh/usb" gpgsig mm2 u1
	mk x1 "x: 1" m1
	mk_merge mm4 "Merge tag 'plain' of $K/x/x" unsignedtag mm3 x1
	mk m2 "mainline: 2" mm4
	ref refs/heads/master m2
	ref refs/tags/v1 m1
	git symbolic-ref HEAD refs/heads/master
}

# --infer-ff: net is pulled once by a merge (who commits net: Dave), then
# fast-forwarded (Dave's commits on the mainline's line); a stranger's
# commit belongs to no tree.
build_infer() {
	repo "$@"
	as Linus torvalds@example.org
	mk m0 "initial"
	mk m1 "mainline: 1" m0
	# net is pulled by a merge: its commits teach who commits net (Dave).
	as Dave davem@example.org
	mk n1 "net: 1" m1
	mk n2 "net: 2" n1
	as Linus torvalds@example.org
	mk mm1 "Merge branch 'master' of $K/davem/net" m1 n2
	# Then net is fast-forwarded: Dave's commits on the mainline's own line.
	as Dave davem@example.org
	mk f1 "net: 3, fast-forwarded" mm1
	mk f2 "net: 4, fast-forwarded" f1
	# A commit by someone who commits no tree, and one of the mainline's.
	as Stranger s@example.org
	mk x1 "stranger: 1" f2
	as Linus torvalds@example.org
	mk m2 "mainline: 2" x1
	ref refs/heads/master m2
	ref refs/tags/v1 m1
	git symbolic-ref HEAD refs/heads/master
}

# --infer-ff, the ties.  The mainline's merges are committed by Linus
# and Greg once each: its usual committer is whoever the run met first
# (Linus, by the first commit of the range), so Greg's commit on the
# mainline's line came from usb, the tree Greg commits.
build_infer_tie_usual() {
	repo "$@"
	as Linus torvalds@example.org
	mk m0 "initial"
	mk m1 "mainline: 1" m0
	mk m2 "mainline: 2" m1
	as Greg greg@example.org
	mk u1 "usb: 1" m1
	as Linus torvalds@example.org
	mk mm1 "Merge branch 'usb-linus' of $K/gregkh/usb" m2 u1
	as Dave davem@example.org
	mk n1 "net: 1" m1
	as Greg greg@example.org
	mk mm2 "Merge branch 'master' of $K/davem/net" mm1 n1
	mk g1 "usb: 2, fast-forwarded" mm2
	as Linus torvalds@example.org
	mk m3 "mainline: 3" g1
	ref refs/heads/master m3
	ref refs/tags/v1 m1
	git symbolic-ref HEAD refs/heads/master
}

# Dave commits two trees, each pulled once into the mainline: his commit
# on the mainline's line is guessed to come from the first of them in
# the order of tree ids, net-next (the walk from the tip meets it first).
build_infer_tie_pulls() {
	repo "$@"
	as Linus torvalds@example.org
	mk m0 "initial"
	mk m1 "mainline: 1" m0
	mk m2 "mainline: 2" m1
	as Dave davem@example.org
	mk n1 "net: 1" m1
	as Linus torvalds@example.org
	mk mm1 "Merge branch 'master' of $K/davem/net" m2 n1
	as Dave davem@example.org
	mk x1 "net-next: 1" m1
	as Linus torvalds@example.org
	mk mm2 "Merge branch 'master' of $K/davem/net-next" mm1 x1
	as Dave davem@example.org
	mk f1 "net: 2, fast-forwarded" mm2
	as Linus torvalds@example.org
	mk m3 "mainline: 3" f1
	ref refs/heads/master m3
	ref refs/tags/v1 m1
	git symbolic-ref HEAD refs/heads/master
}

# The mainline's repository guessed from back-merges, in a tie: net
# back-merges torvalds/linux-2.6 and usb torvalds/linux, once each; the
# first in tree order is taken for the mainline's.
build_mainline_tie() {
	repo "$@"
	mk m0 "initial"
	mk m1 "mainline: 1" m0
	mk m2 "mainline: 2" m1
	mk m3 "mainline: 3" m2
	mk n1 "net: 1" m1
	mk nm1 "Merge branch 'master' of $K/torvalds/linux-2.6" n1 m2
	mk u1 "usb: 1" m1
	mk um1 "Merge branch 'master' of $K/torvalds/linux" u1 m3
	mk mm1 "Merge branch 'master' of $K/davem/net" m3 nm1
	mk mm2 "Merge branch 'usb-linus' of $K/gregkh/usb" mm1 um1
	mk m4 "mainline: 4" mm2
	ref refs/heads/master m4
	ref refs/tags/v1 m1
	git symbolic-ref HEAD refs/heads/master
}

# --direct-by: direct commits signed off by way of Andrew, by the
# committer only, by nobody, by someone else than their committer; and
# one pulled commit, which is not direct.
build_direct() {
	repo "$@"
	as 'Linus Torvalds' torvalds@example.org
	mk m0 "initial"
	mk d1 "mm: one${LF}${LF}Signed-off-by: Author One <one@example.org>${LF}Signed-off-by: $A${LF}Signed-off-by: $L" m0
	mk d2 "mm: two${LF}${LF}Signed-off-by: Author Two <two@example.org>${LF}Acked-by: Someone <s@example.org>${LF}signed-off-by: $A${LF}Signed-off-by: Linus Torvalds <TORVALDS@example.org>" d1
	mk d3 "linus: own${LF}${LF}Signed-off-by: $L" d2
	mk d4 "linus: unsigned" d3
	as 'Greg KH' greg@example.org
	mk d5 "usb: fix${LF}${LF}Signed-off-by: Dev <dev@example.org>" d4
	as 'Linus Torvalds' torvalds@example.org
	mk n1 "net: 1${LF}${LF}Signed-off-by: Net Dev <nd@example.org>" m0
	mk mm1 "Merge branch 'master' of $K/davem/net" d5 n1
	ref refs/heads/master mm1
	ref refs/tags/v1 m0
	git symbolic-ref HEAD refs/heads/master
}

# MAINTAINERS labels: on top of build_fixture, a commit adding a
# MAINTAINERS file (also left in the work tree as MAINTAINERS.txt),
# tagged v2.1, off master.
add_maintainers() {
	cat >MAINTAINERS.txt <<EOT
List of maintainers and how to submit kernel changes

Descriptions of section entries and preferred order
	M: *Mail* patches to: FullName <address@domain>
	T: *SCM* tree type and location.

NETWORKING [GENERAL]
M:	David S. Miller <davem@davemloft.net>
M:	Jakub Kicinski <kuba@kernel.org>
L:	netdev@vger.kernel.org
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/davem/net-next-2.6.git
F:	net/

HID CORE LAYER
M:	Jiri Kosina <jikos@kernel.org>
S:	Maintained
T:	git https://git.kernel.org/pub/scm/linux/kernel/git/jikos/hid.git for-next
F:	drivers/hid/

USB HID/HIDBP DRIVERS (USB KEYBOARDS, MICE, REMOTE CONTROLS, ...)
M:	Jiri Kosina <jikos@kernel.org>
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/jikos/hid.git

SOUND
M:	Takashi Iwai <tiwai@suse.com>
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/tiwai/sound.git

THE REST
M:	Linus Torvalds <torvalds@linux-foundation.org>
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git
EOT
	blob=$(git hash-object -w MAINTAINERS.txt)
	tree=$(printf '100644 blob %s\tMAINTAINERS\n' "$blob" | git mktree)
	c=$(GIT_AUTHOR_DATE=@1240000000 GIT_COMMITTER_DATE=@1240000000 \
	    git commit-tree "$tree" -p "$(id m4)" -m "MAINTAINERS")
	git update-ref refs/tags/v2.1 "$c"
}

# --branches: on top of build_fixture, tags of one stem pulled twice and a
# GitHub pull request's branch; master moves to the last merge.
add_branch_tags() {
	mk s3 "sound: 3" m4
	mk mm7 "Merge tag 'sound-6.1-rc1' of $K/tiwai/sound-2.6" m4 s3
	mk s4 "sound: 4" s3
	mk mm8 "Merge tag 'sound-6.2' of $K/tiwai/sound-2.6" mm7 s4
	mk g1 "gh: 1" mm8
	mk mm9 "Merge pull request #5 from octocat/feature/x" mm8 g1
	ref refs/heads/master mm9
}
