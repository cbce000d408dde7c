#!/bin/bash
# Tree identity on small real-shaped histories (identity.sh, fast-import):
# u-boot's custodian trees moving host, and pulled from old and new
# spellings side by side for years; rmk's kernel.org home directory;
# Xen's self-pulls of its central repository; util-linux forks.  One
# tree per repository, kept by one person; different owners' forks
# apart; what the evidence cannot decide listed, not joined; aliases
# taking whole trees; and --explain saying why, in text and JSON.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/identity.sh"

plan 38

for f in uboot custodians kernel xen forks utillinux unrec; do
	mkdir "$SCRATCH/$f"
	(cd "$SCRATCH/$f" && build_$f >/dev/null 2>&1)
	: >>"$T_MAP"
done
# the names of every fixture's commits (each build appended its own)
trees() { tp -C "$SCRATCH/$1" -T json "${@:2}" master; printf '%s\n' "$OUT" | jq -c '[.trees[] | [.name, .commits]]'; }

# --- one tree per repository -------------------------------------------

is "$(trees uboot)" \
   '[["source.denx.de/u-boot/custodians/u-boot-dm",12],["source.denx.de/u-boot/custodians/u-boot-net",6]]' \
   "u-boot: each custodian tree is one tree across two host renames, named by its latest spelling"
tp -C "$SCRATCH/uboot" -T json master
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | (.urls | length)]')" '[6,3]' \
   "u-boot: each tree keeps all its spellings"
is "$(trees kernel)" \
   '[["rmk/linux-2.6-arm",4],["davem/net-2.6",2],["git.pengutronix.de/git/imx/linux-2.6",1]]' \
   "kernel: master.kernel.org:/home/rmk/... and git://.../rmk/... are one tree"
tpc -C "$SCRATCH/kernel" -T commits master
is "$(printf '%s\n' "$OUT" | names | grep -E '^(a1|x1)	' | sort)" \
   "$(printf 'a1\trmk/linux-2.6-arm\tmainline\nx1\tgit.pengutronix.de/git/imx/linux-2.6\trmk/linux-2.6-arm\tmainline')" \
   "kernel: rmk's merge of his home directory is no hop"
is "$(trees xen)" '[["xenbits.xen.org/people/royger/xen",1]]' \
   "xen: the self-pulled central repository is the mainline's"
tp -C "$SCRATCH/xen" -T json master
is "$(printf '%s\n' "$OUT" | jq -c '[.direct, .mainline.urls]')" \
   '[10,["ssh://xenbits.xen.org/home/xen/git/xen"]]' \
   "xen: the commits it brought are direct, its URL the mainline's"
is "$(trees custodians)" \
   '[["source.denx.de/u-boot/custodians/u-boot-dm",6],["source.denx.de/u-boot/custodians/u-boot-efi",6],["source.denx.de/u-boot/custodians/u-boot-net",6]]' \
   "custodians: spellings side by side for years are one tree (the path on sibling hosts; the old path by its keeper, one name under two addresses one person)"
tp -C "$SCRATCH/custodians" -T json master
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | [(.urls | length), (.keepers[] | [.name, .email, .pulls])]]')" \
   '[[6,["Simon Glass","simon.glass@example.org",6]],[2,["Heinrich Schuchardt","heinrich.schuchardt@example.org",6]],[2,["Joe Hershberger","joe.hershberger@gmail.example",3],["Joe Hershberger","joe.hershberger@ni.example",3]]]' \
   "custodians: every spelling kept; the keepers, the tips Tom merged the mainline into looked behind"
# One name under two addresses is one person, as --review compares
# people: the keepers meet, the spellings are joined, and said so.
tp -C "$SCRATCH/custodians" --explain "$(id cmn1)" --range master
is "$(printf '%s\n' "$OUT" | grep '^  joined' | sed 's/: they committed.*//')" \
"  joined      git.denx.de/u-boot-net = source.denx.de/u-boot/custodians/u-boot-net (same-keeper): the repository name 'u-boot-net' within denx.de, kept by the same person, Joe Hershberger <joe.hershberger@gmail.example> (also Joe Hershberger <joe.hershberger@ni.example>)" \
   "custodians: one name under two addresses is one keeper: joined, with both addresses said"
printf 'Joe Hershberger <joe.hershberger@ni.example> <joe.hershberger@gmail.example>\n' >mailmap
git -C "$SCRATCH/custodians" config mailmap.file "$SCRATCH/mailmap"
is "$(trees custodians | jq -c '[.[] | select(.[0] | endswith("u-boot-net"))]')" \
   '[["source.denx.de/u-boot/custodians/u-boot-net",6]]' \
   "custodians: the .mailmap makes the two addresses one keeper: one tree"
tp -C "$SCRATCH/custodians" master
printf '%s\n' "$OUT" | grep -q '^Likely aliases'
is "$?" 1 "custodians: ... and no likely alias is left"
git -C "$SCRATCH/custodians" config --unset mailmap.file
is "$(trees forks)" \
   '[["github.com/alice/util-linux",3],["github.com/bob/util-linux",3],["gitlab.com/carol/util-linux",2],["github.com/alice/lsblk-next",1]]' \
   "forks: different owners' forks apart, one keeper's move to another domain one tree, one keeper's other repository another"
tp -C "$SCRATCH/forks" master
printf '%s\n' "$OUT" | grep -q '^Likely aliases'
is "$?" 1 "forks: the keepers decided everything: no likely alias"
# --compare across the years: one line per tree; the trend chart's
# legend names them apart (they were all "source.denx.de/u-boot/custo...").
R1="$(id cm0)..$(id cmn3)" R2="$(id cmn3)..$(id cend)"
tp -C "$SCRATCH/custodians" --compare -T json "$R1" "$R2"
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | [.name, .commits_by_range]]')" \
   '[["source.denx.de/u-boot/custodians/u-boot-dm",[3,3]],["source.denx.de/u-boot/custodians/u-boot-efi",[3,3]],["source.denx.de/u-boot/custodians/u-boot-net",[3,3]]]' \
   "custodians: --compare, one line per tree, both ranges"
tp -C "$SCRATCH/custodians" --compare -o trend.pdf "$R1" "$R2"
pdftotext -layout trend.pdf - | grep -oE '(…|[a-z./-]*)u-boot-[a-z]+(…)?' | sort | uniq -c |
	awk '{ print $1 }' | sort -u | tr '\n' ' ' >legend.txt
pdftotext -layout trend.pdf - | grep -A1 'Commits through the largest trees' |
	grep -q 'trees under source.denx.de/u-boot/custodians/ are named without it'
is "$?:$(cat legend.txt)" "0:1 " \
   "custodians: the trend chart's legend names each tree once, none alike, the start they share said under the title"
(cd "$SCRATCH/custodians" && git config --add treeplot.alias 'source.denx.de/u-boot/custodians/u-boot-net git://git.denx.de/u-boot-net')
is "$(trees custodians | jq -c '[.[] | select(.[0] | endswith("u-boot-net"))]')" \
   '[["source.denx.de/u-boot/custodians/u-boot-net",6]]' \
   "custodians: the pasted line joins them"
tp -C "$SCRATCH/custodians" master
printf '%s\n' "$OUT" | grep -q '^Likely aliases'
is "$?" 1 "custodians: no likely alias once applied"
git -C "$SCRATCH/custodians" config --unset-all treeplot.alias

tp -C "$SCRATCH/unrec" master
is "$(printf '%s\n' "$OUT" | sed -n '/^Unrecognised/,$p')" \
"Unrecognised merges (treated as internal): 8, by the shape of their subject
      3  $(id m1 | cut -c1-12)  merge with xen-unstable.hg
      2  $(id m2 | cut -c1-12)  Merge
      2  $(id m7 | cut -c1-12)  Merge 3 fixes
         like Merge N fixes
      1  $(id m4 | cut -c1-12)  Merged." \
   "unrecognised merges grouped by the shape of their subject, the largest group first"

# A family of forks in the chart: each named by its owner, the rest said
# once in the legend, the others of the host without it.
tp -C "$SCRATCH/utillinux" -T dot master
is "$(printf '%s\n' "$OUT" | sed -n 's/^[[:space:]]*label="\([^"\\]*\)\\n1 commit",$/\1/p' | sort | tr '\n' ' ')" \
   "ajaeger cgoesche gitlab.com/bensberg/util-linux karelzak/util-linux-work mariobl masatake t-8ch thomasweissschuh yarikoptic " \
   "utillinux: the chart names each fork by its owner"
printf '%s\n' "$OUT" | grep -q 'github.com/NAME/util-linux is named NAME; other trees under github.com/, without it'
ok $? "utillinux: the legend says the rest once"

# --- aliases name whole trees -------------------------------------------

is "$(trees kernel -c x 2>/dev/null; tp -C "$SCRATCH/kernel" --config /dev/null -T json master; git -C "$SCRATCH/kernel" config treeplot.alias 'net git://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git'; tp -C "$SCRATCH/kernel" -T json master; printf '%s\n' "$OUT" | jq -c '[.trees[] | select(.name == "net") | [.commits, (.urls | length)]]')" \
   '[[2,2]]' "an alias naming one spelling takes the whole tree (its master.kernel.org: spelling too)"
tp -C "$SCRATCH/kernel" -T json master
is "$(printf '%s\n' "$OUT" | jq '.summary.tree_count')" 3 "... so the tree count is unchanged"
git -C "$SCRATCH/kernel" config --unset-all treeplot.alias
git -C "$SCRATCH/uboot" config treeplot.alias 'custodians https://source.denx.de/u-boot/custodians/*'
is "$(trees uboot)" '[["custodians",18]]' \
   "a prefix alias ('*') takes every tree with a spelling under it, whole"
git -C "$SCRATCH/uboot" config --unset-all treeplot.alias

# --- --explain -----------------------------------------------------------

tp -C "$SCRATCH/uboot" --explain "$(id md1)" --range master
is "$(printf '%s\n' "$OUT" | sed -n '/^  tree/p;/^  joined/,/^  verdict/p' | cut -c1-100)" \
"  tree        source.denx.de/u-boot/custodians/u-boot-dm, named by its most recent spelling
  joined      gitlab.denx.de/u-boot/custodians/u-boot-dm = source.denx.de/u-boot/custodians/u-boot-d
              git.denx.de/u-boot-dm = gitlab.denx.de/u-boot/custodians/u-boot-dm (same-keeper): the 
  verdict     external: pulled source.denx.de/u-boot/custodians/u-boot-dm into mainline, 2 commits" \
   "--explain, u-boot: the joins and their evidence, the verdict"
tp -C "$SCRATCH/custodians" --explain "$(id cmd1)" --range master
is "$(printf '%s\n' "$OUT" | sed -n '/^  spellings/,/^  verdict/p')" \
"  spellings   git.denx.de/u-boot-dm  2 pulls, 2005-01-12 .. 2005-09-09
                kept by Simon Glass <simon.glass@example.org> (2 of 2 pulls)
              gitlab.denx.de/u-boot/custodians/u-boot-dm  2 pulls, 2005-05-12 .. 2006-05-07
                kept by Simon Glass <simon.glass@example.org> (2 of 2 pulls)
              source.denx.de/u-boot/custodians/u-boot-dm  2 pulls, 2006-01-07 .. 2006-09-04
                kept by Simon Glass <simon.glass@example.org> (2 of 2 pulls)
  joined      gitlab.denx.de/u-boot/custodians/u-boot-dm = source.denx.de/u-boot/custodians/u-boot-dm (same-path): the repository path 'u-boot/custodians/u-boot-dm' on gitlab.denx.de (2 pulls, 2005-05-12 .. 2006-05-07) and on source.denx.de (2 pulls, 2006-01-07 .. 2006-09-04), hosts of denx.de: one repository
              git.denx.de/u-boot-dm = gitlab.denx.de/u-boot/custodians/u-boot-dm (same-keeper): the repository name 'u-boot-dm' within denx.de, kept by the same person, Simon Glass <simon.glass@example.org>: they committed the tips of 2 of 2 pulls of git.denx.de/u-boot-dm and 2 of 2 pulls of gitlab.denx.de/u-boot/custodians/u-boot-dm; their tags share 'dm-'
  verdict     external: pulled source.denx.de/u-boot/custodians/u-boot-dm into mainline, 1 commit" \
   "--explain, custodians: each spelling's dates, pulls and keeper, each join's rule and evidence"
tp -C "$SCRATCH/custodians" --explain "$(id cmn1)" --range master
is "$(printf '%s\n' "$OUT" | grep -c '^  apart')" 0 \
   "--explain, custodians: no similar name kept apart (one name, two addresses: one keeper)"
tp -C "$SCRATCH/kernel" --explain "$(id l1)" "$(id ra)" --range master
is "$(printf '%s\n' "$OUT" | grep -E '^  (key|verdict)')" \
"  key         rmk/linux-2.6-arm (scheme, user, port, \".git\" and slashes dropped; on kernel.org, /home/USER/REPO is /pub/scm/linux/kernel/git/USER/REPO)
  verdict     external: pulled rmk/linux-2.6-arm into mainline, 3 commits
  key         rmk/linux-2.6-arm (scheme, user, port, \".git\" and slashes dropped; on kernel.org, /home/USER/REPO is /pub/scm/linux/kernel/git/USER/REPO)
  verdict     internal: it names the repository of the line it sits on (rmk/linux-2.6-arm)" \
   "--explain, kernel: the home directory read, the pull into rmk's own line internal"
tp -C "$SCRATCH/xen" --explain "$(id s1)" --range master
is "$(printf '%s\n' "$OUT" | grep '^  verdict')" \
   "  verdict     internal: it names the mainline's repository, known from: a self-pull: every merge naming it merges branch X into X on the mainline's first-parent line" \
   "--explain, xen: a self-pull"
tp -C "$SCRATCH/forks" --explain "$(id ma1)" "$(id mb1)" --range master
is "$(printf '%s\n' "$OUT" | grep -E '^  (tree|verdict)')" \
"  tree        github.com/alice/util-linux, named by its most recent spelling
  verdict     external: pulled github.com/alice/util-linux into mainline, 1 commit
  tree        github.com/bob/util-linux, named by its most recent spelling
  verdict     external: pulled github.com/bob/util-linux into mainline, 1 commit" \
   "--explain, forks: two trees"
is "$(printf '%s\n' "$OUT" | sed -n '/^merge/,/^  verdict/p' | sed -n '/^  apart/,/^  verdict/p' | sed '$d' | head -3)" \
"  apart       github.com/bob/util-linux: different keepers: kept by Bob Jones <bob.jones@example.org> (3 of 3 pulls), where github.com/alice/util-linux is kept by Alice Smith <alice.smith@example.org> (3 of 3 pulls)
              github.com/carol/util-linux: different keepers: kept by Carol White <carol.white@example.org> (1 of 1 pull), where github.com/alice/util-linux is kept by Alice Smith <alice.smith@example.org> (3 of 3 pulls)
              gitlab.com/carol/util-linux: different keepers: kept by Carol White <carol.white@example.org> (1 of 1 pull), where github.com/alice/util-linux is kept by Alice Smith <alice.smith@example.org> (3 of 3 pulls)" \
   "--explain, forks: a fork kept apart from the others of its name, and why (different keepers)"
tp -C "$SCRATCH/forks" --explain "$(id ma1)" "$(id al1)" nope --range master
is "$STATUS:$ERR" "1:treeplot: $(id al1): not a merge
treeplot: nope: unknown revision" \
   "--explain: what is not a merge of the range is one line each, status 1"
tp -C "$SCRATCH/forks" -T json --explain "$(id ma1)" "$(id al1)" --range master
is "$(printf '%s\n' "$OUT" | jq -c '[.explained[] | [.form, .key, .tree, .verdict, [.spellings[].keepers[].name], [.apart[].tree]]], [.unexplained[].reason]')" \
'[["Merge WHAT '"'"'NAME'"'"' of URL","github.com/alice/util-linux","github.com/alice/util-linux","external",["Alice Smith"],["github.com/bob/util-linux","gitlab.com/carol/util-linux","gitlab.com/carol/util-linux"]]]
["not-a-merge"]' "--explain -T json: the same, keepers and similar names apart"
printf '%s\n' "$OUT" >ex.json
tp -C "$SCRATCH/custodians" -T json master
printf '%s\n' "$OUT" >rep.json
tp -C "$SCRATCH/custodians" -T json --explain "$(id cmd1)" "$(id cmn1)" --range master
printf '%s\n' "$OUT" >ex2.json
schema_ok "--explain's JSON and likely_aliases validate against the schema" ex.json rep.json ex2.json
tp -C "$SCRATCH/forks" --explain -T svg "$(id ma1)"
is "$STATUS:$ERR" "2:treeplot: --explain writes text or json, not 'svg'" \
   "--explain: text or json only"
tp -C "$SCRATCH/forks" --explain
is "$STATUS:$ERR" "2:treeplot: --explain needs merges to explain" \
   "--explain: merges needed"
tp -C "$SCRATCH/forks" --explain --trace x
is "$STATUS" 2 "--explain and --trace exclude each other"

# A family's tree pulled only from a sibling host (gitlab.denx.de beside
# source.denx.de) is named like the family in the chart's boxes: it was
# shown whole, while its siblings were shortened.
mkdir "$SCRATCH/sib" && cd "$SCRATCH/sib" && repo bare || exit 1
mk sb0 "initial"
prev=sb0
for t in source:u-boot-dm source:u-boot-efi source:u-boot-net gitlab:u-boot-imx; do
	host=${t%%:*} tn=${t#*:}
	mk "sb-$tn" "$tn: change" $prev
	mk "sbm-$tn" "Merge branch 'master' of https://$host.denx.de/u-boot/custodians/$tn" \
		$prev "sb-$tn"
	prev=sbm-$tn
done
ref refs/heads/master "$prev"
git symbolic-ref HEAD refs/heads/master
"$TREEPLOT" -q -o "$SCRATCH/sib.svg" master
$PYTHON "$TESTDIR/svgtext.py" texts "$SCRATCH/sib.svg" >"$SCRATCH/sib.txt"
is "$(grep -o '^u-boot-[a-z]*$\|^[a-z.]*denx.de/u-boot/custodians/u-boot-[a-z]*$' "$SCRATCH/sib.txt" | sort | tr '\n' ' ')" \
   "u-boot-dm u-boot-dm u-boot-efi u-boot-imx u-boot-net " \
   "a sibling host's tree named like its family in the chart (u-boot-dm in the legend too)"
grep -qx '= source.denx.de/u-boot/custodians/u-boot-dm: prefix left out of names (on the other denx.de hosts too)' "$SCRATCH/sib.txt"
ok $? "the legend's sample is under the prefix, and says the sibling hosts' trees are named alike"
cd "$SCRATCH" || exit 1

done_testing
