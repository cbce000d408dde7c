#!/bin/sh
# --signed and --require-signed: merges that pulled a signed tag carry it
# in a mergetag header.  git writes one only from a real signed tag, so
# these merges are hand-written commit objects (git hash-object) with a
# fake signature block: presence is what treeplot reports.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/addons.sh"

plan 16

build_signed
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
is "$(printf '%s\n' "$OUT" | grep -c 'style=dotted')" 3 "dot: the three edges of one unsigned pull each are dotted (none signed)"
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
