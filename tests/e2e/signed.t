#!/bin/sh
# --signed and --require-signed: merges that pulled a signed tag carry it
# in a mergetag header.  git writes one only from a real signed tag, so
# these merges are hand-written commit objects (git hash-object) with a
# fake signature block: presence is what treeplot reports.
. "$(dirname "$0")/lib.sh"

plan 16

K=git://git.kernel.org/pub/scm/linux/kernel/git

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

repo
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
git fsck --no-dangling >/dev/null 2>&1
ok $? "fixture: the hand-written merges are valid commits"

tp -T json --signed v1..master
is "$STATUS" 0 "--signed: exit status 0"
is "$(printf '%s\n' "$OUT" | jq -c '.signed | [.pulls, .signed_pulls, .pulled_commits, .signed_commits, .gpgsig_pulls]')" \
   '[5,2,7,3,1]' "json: pulls, signed pulls, commits into the mainline and through signed pulls, gpgsig"
is "$(printf '%s\n' "$OUT" | jq -r '.trees[] | [.name, .pulls, .signed_pulls, .signed_commits] | @tsv')" \
"davem/net	1	1	3
tiwai/sound	1	0	0
gregkh/usb	1	0	0
linville/wireless	1	1	1
x/x	1	0	0" "json: per tree, pulls, signed pulls and the commits they brought"
is "$(printf '%s\n' "$OUT" | jq -r '.edges[] | [.from, .to, .signed_pulls] | @tsv')" \
"davem/net	mainline	1
tiwai/sound	mainline	0
gregkh/usb	mainline	0
linville/wireless	davem/net	1
x/x	mainline	0" "json: per edge, signed pulls"
is "$(printf '%s\n' "$OUT" | jq -r '.signed.unsigned[].subject')" \
"Merge branch 'for-linus' of $K/tiwai/sound
Merge branch 'usb-linus' of $K/gregkh/usb
Merge tag 'plain' of $K/x/x" \
   "json: the unsigned pulls (a gpgsig alone, or a tag without signature, is not a signed pull)"

tp --signed v1..master
is "$(printf '%s\n' "$OUT" | sed -n '/^Signed pulls/,/^$/p')" \
"Signed pulls (a signed tag in the merge: present, not verified)
  pulls                              5
  of which signed                    2  (40.0%)
  commits pulled into mainline       7
  through signed pulls               3  (42.9%)
  merges with their own gpgsig       1" "text: the signed pulls overall"
printf '%s\n' "$OUT" | grep -qx '      1/1           3  davem/net'
ok $? "text: per tree, signed of pulls and the commits through them"

tp -T dot --signed v1..master
is "$(printf '%s\n' "$OUT" | grep -c 'style=dashed')" 3 "dot: the three unsigned pulls are dashed"
is "$(printf '%s\n' "$OUT" | grep -c 'arrowhead=onormal')" 3 "dot: with a hollow arrowhead, in the volume's colour"
tp -T dot v1..master
printf '%s\n' "$OUT" | grep -q 'dashed'
ok $((! $?)) "dot: no dashes without --signed"
tp -T json v1..master
is "$(printf '%s\n' "$OUT" | jq -c '[has("signed"), (.trees[0] | has("signed_pulls"))]')" \
   '[false,false]' "json: nothing about signatures without --signed"

tp --require-signed v1..master
is "$STATUS" 3 "--require-signed: exit status 3 with unsigned pulls"
is "$ERR" "treeplot: 3 unsigned pulls (--require-signed)
treeplot: unsigned pull $(id mm2 | cut -c1-12) from tiwai/sound into mainline: Merge branch 'for-linus' of $K/tiwai/sound
treeplot: unsigned pull $(id mm3 | cut -c1-12) from gregkh/usb into mainline: Merge branch 'usb-linus' of $K/gregkh/usb
treeplot: unsigned pull $(id mm4 | cut -c1-12) from x/x into mainline: Merge tag 'plain' of $K/x/x" \
   "--require-signed: lists the unsigned pulls on stderr"
printf '%s\n' "$OUT" | grep -q '^Signed pulls'
ok $? "--require-signed: the report is written all the same"

tp --require-signed "v1..$(id mm1)"
is "$STATUS" 0 "--require-signed: exit status 0 when every pull is signed"
done_testing
