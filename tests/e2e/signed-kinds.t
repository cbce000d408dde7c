#!/bin/sh
# --signed, --require-signed: a pull is a merge that pulled a tree.
# Mailed series and patches (sources of kind mail) have no tag to sign:
# they are not pulls.  Subtree merges of a third party's tags are
# counted and listed apart.  treeplot.unsignedOk exempts trees, named by
# their name or by any spelling of their URL.  The merges of a code
# review server (Gerrit's 'Merge "SUBJECT"') are no pulls either: the
# server merged what it reviewed, no tag was pulled.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/addons.sh"

plan 18

build_kinds() {
	repo "$@"
	mk m0 "initial"
	mk m1 "mainline: 1" m0
	mk n1 "net: 1" m1
	mk n2 "net: 2" n1
	mk_merge mm1 "Merge tag 'net-next' of $K/davem/net" mergetag m1 n2
	mk s1 "sound: 1" m1
	mk_merge mm2 "Merge branch 'for-linus' of $K/tiwai/sound" none mm1 s1
	mk p1 "foo: a patch of the series" m1
	mk p2 "foo: another" p1
	mk_merge mm3 "Merge patch series \"foo: two patches\"" none mm2 p2
	mk a1 "mm: a patch from Andrew" m1
	mk_merge mm4 "Merge branch 'akpm' (patches from Andrew)" none mm3 a1
	mk d1 "dts: upstream 6.10" m0
	mk_merge mm5 "Subtree merge tag 'v6.10-dts' of devicetree-rebasing repo [1] into dts/upstream$LF$LF[1] https://git.kernel.org/pub/scm/linux/kernel/git/devicetree/devicetree-rebasing.git" none mm4 d1
	mk g1 "gadget: 1" m1
	mk_merge mm6 "Merge branch 'next' of https://github.com/acme/gadget.git" none mm5 g1
	mk x1 "x: 1" m1
	mk_merge mm7 "Merge branch 'master' of $K/x/x" none mm6 x1
	mk r1 "gpio: fix the pull-up" m1
	mk_merge mm8 "Merge \"gpio: fix the pull-up\"" none mm7 r1
	mk m2 "mainline: 2" mm8
	ref refs/heads/master m2
	ref refs/tags/v1 m1
	git symbolic-ref HEAD refs/heads/master
}
build_kinds

short() { id "$1" | cut -c1-12; }

tp --require-signed v1..master
is "$STATUS" 3 "--require-signed: exit status 3, three unsigned pulls of trees"
is "$ERR" "treeplot: 3 unsigned pulls (--require-signed)
treeplot: unsigned pull $(short mm2) from tiwai/sound into mainline: Merge branch 'for-linus' of $K/tiwai/sound
treeplot: unsigned pull $(short mm6) from github.com/acme/gadget into mainline: Merge branch 'next' of https://github.com/acme/gadget.git
treeplot: unsigned pull $(short mm7) from x/x into mainline: Merge branch 'master' of $K/x/x
treeplot: 1 subtree merge apart, not required to be signed
treeplot: subtree merge $(short mm5) from devicetree/devicetree-rebasing into mainline: Subtree merge tag 'v6.10-dts' of devicetree-rebasing repo [1] into dts/upstream" \
   "stderr: the mailed series and patches, the review server's merge, are no unsigned pulls; the subtree merge apart"
is "$(printf '%s\n' "$OUT" | sed -n '/^Signed pulls/,/^$/p')" \
"Signed pulls (a signed tag in the merge: present, not verified)
  pulls                              4  (trees pulled; not mail, review, subtrees)
  of which signed                    1  (25.0%)
  commits pulled into mainline       5
  through signed pulls               2  (40.0%)
  merges with their own gpgsig       0
  merges of mailed patches           2  (no tag to sign: not pulls)
  merges of a review server          1  (no tag to sign: not pulls)
  subtree merges                     1  (apart; 0 signed)" \
   "text: the share over the four real pulls"

tp -T json --signed v1..master
is "$(printf '%s\n' "$OUT" | jq -c '.signed | [.pulls, .signed_pulls, .exempted, .mail_merges, .review_merges, (.subtree | length), .subtree_signed, (.unsigned | length)]')" \
   '[4,1,0,2,1,1,0,3]' "json: pulls, signed, exempted, mail merges, review merges, subtree merges"
is "$(printf '%s\n' "$OUT" | jq -r '.signed.subtree[].id')" "$(id mm5)" "json: the subtree merge by id"

# The allow-list: gadget by another spelling of its URL, x/x by name.
git config --add treeplot.unsignedOk git://github.com/acme/gadget
git config --add treeplot.unsignedOk x/x
tp --require-signed v1..master
is "$STATUS" 3 "unsignedOk: sound still fails"
is "$ERR" "treeplot: 1 unsigned pull (--require-signed)
treeplot: unsigned pull $(short mm2) from tiwai/sound into mainline: Merge branch 'for-linus' of $K/tiwai/sound
treeplot: 2 unsigned pulls exempted (treeplot.unsignedOk)
treeplot: 1 subtree merge apart, not required to be signed
treeplot: subtree merge $(short mm5) from devicetree/devicetree-rebasing into mainline: Subtree merge tag 'v6.10-dts' of devicetree-rebasing repo [1] into dts/upstream" \
   "unsignedOk: two trees exempted, by URL spelling and by name, and counted"
is "$(printf '%s\n' "$OUT" | sed -n '/^  of which signed/,/^  commits/p')" \
"  of which signed                    1  (25.0%)
  unsigned, exempted                 2  (treeplot.unsignedOk)
  commits pulled into mainline       5" "text: the exempted pulls counted, the share unchanged"
tp -T json --signed v1..master
is "$(printf '%s\n' "$OUT" | jq -c '[.signed.exempted, [.signed.unsigned[].id]]')" \
   "[2,[\"$(id mm2)\"]]" "json: two exempted, one unsigned"
tp -T dot --signed v1..master
is "$(printf '%s\n' "$OUT" | grep -c 'style=dotted')" 1 \
   "dot: only the unsigned pull no one accepted is dotted"
is "$(printf '%s\n' "$OUT" | grep -c 'style=tapered')" 4 \
   "dot: the merges that pull no tag (two of mail, a review server's, a subtree's) tapered, their own style"

# The last one, by the URL as written in the merge.
git config --add treeplot.unsignedOk "$K/tiwai/sound.git"
tp --require-signed v1..master
is "$STATUS" 0 "unsignedOk: every unsigned tree accepted: exit status 0"
is "$ERR" "" "unsignedOk: nothing on stderr when nothing is unsigned"
git config --unset-all treeplot.unsignedOk

# Identity: gadget named otherwise by an alias is still the tree its
# spellings name, and the alias's name names it too.
git config treeplot.alias "acme https://github.com/acme/gadget.git"
git config treeplot.unsignedOk git://github.com/acme/gadget
tp -T json --signed v1..master
is "$(printf '%s\n' "$OUT" | jq -c '[.signed.exempted, ([.trees[].name] | index("acme") != null)]')" \
   '[1,true]' "unsignedOk: a spelling of an aliased tree's URL exempts it"
git config treeplot.unsignedOk acme
tp -T json --signed v1..master
is "$(printf '%s\n' "$OUT" | jq -c '.signed.exempted')" 1 \
   "unsignedOk: the alias's name exempts it"
git config --unset-all treeplot.unsignedOk
git config --unset-all treeplot.alias

# Only subtree and mail merges: nothing to require.
tp --require-signed "v1..$(id p2)"
is "$STATUS" 0 "no pull at all: exit status 0"
tp --require-signed "$(id mm4)..$(id mm5)"
is "$STATUS" 0 "an unsigned subtree merge alone does not fail"
tp --require-signed "$(id mm7)..$(id mm8)"
is "$STATUS$ERR" 0 "a review server's merge alone does not fail, and says nothing"
done_testing
