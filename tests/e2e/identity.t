#!/bin/bash
# Tree identity on small real-shaped histories (identity.sh, fast-import):
# u-boot's custodian trees moving host, rmk's kernel.org home directory,
# Xen's self-pulls of its central repository, util-linux forks.  One tree
# per repository, different owners' forks apart, aliases taking whole
# trees, and --explain saying why, in text and JSON.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/identity.sh"

plan 24

for f in uboot kernel xen forks unrec; do
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
is "$(trees forks)" \
   '[["github.com/alice/util-linux",3],["github.com/bob/util-linux",3],["github.com/carol/util-linux",1],["gitlab.com/carol/util-linux",1]]' \
   "forks: different owners' forks stay apart; another domain is not joined"
tp -C "$SCRATCH/forks" master
is "$(printf '%s\n' "$OUT" | sed -n '/^Likely aliases/,/^$/p' | sed -n 2p)" \
   "  git config --add treeplot.alias 'gitlab.com/carol/util-linux https://github.com/carol/util-linux'" \
   "forks: the move to another domain is a likely alias, with a ready line"
(cd "$SCRATCH/forks" && git config --add treeplot.alias 'gitlab.com/carol/util-linux https://github.com/carol/util-linux')
is "$(trees forks)" \
   '[["github.com/alice/util-linux",3],["github.com/bob/util-linux",3],["gitlab.com/carol/util-linux",2]]' \
   "forks: the pasted line joins them, and the hint is gone"
tp -C "$SCRATCH/forks" master
printf '%s\n' "$OUT" | grep -q '^Likely aliases'
is "$?" 1 "forks: no likely alias once applied"

tp -C "$SCRATCH/unrec" master
is "$(printf '%s\n' "$OUT" | sed -n '/^Unrecognised/,$p')" \
"Unrecognised merges (treated as internal): 8, by the shape of their subject
      3  $(id m1 | cut -c1-12)  merge with xen-unstable.hg
      2  $(id m2 | cut -c1-12)  Merge
      2  $(id m7 | cut -c1-12)  Merge 3 fixes
         like Merge N fixes
      1  $(id m4 | cut -c1-12)  Merged." \
   "unrecognised merges grouped by the shape of their subject, the largest group first"

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
              git.denx.de/u-boot-dm = gitlab.denx.de/u-boot/custodians/u-boot-dm (host-renamed): the
  verdict     external: pulled source.denx.de/u-boot/custodians/u-boot-dm into mainline, 2 commits" \
   "--explain, u-boot: the joins and their evidence, the verdict"
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
tp -C "$SCRATCH/forks" --explain "$(id ma1)" "$(id al1)" nope --range master
is "$STATUS:$ERR" "1:treeplot: $(id al1): not a merge
treeplot: nope: unknown revision" \
   "--explain: what is not a merge of the range is one line each, status 1"
tp -C "$SCRATCH/forks" -T json --explain "$(id ma1)" "$(id al1)" --range master
is "$(printf '%s\n' "$OUT" | jq -c '[.explained[] | [.form, .key, .tree, .verdict]], [.unexplained[].reason]')" \
'[["Merge WHAT '"'"'NAME'"'"' of URL","github.com/alice/util-linux","github.com/alice/util-linux","external"]]
["not-a-merge"]' "--explain -T json: the same"
if "$PYTHON" -c 'import jsonschema' 2>/dev/null; then
	printf '%s\n' "$OUT" >ex.json
	tp -C "$SCRATCH/forks" -T json master
	printf '%s\n' "$OUT" >rep.json
	"$PYTHON" - "$TESTDIR/../../docs/treeplot.schema.json" ex.json rep.json <<'EOT'
import json, sys, jsonschema
s = json.load(open(sys.argv[1]))
for f in sys.argv[2:]:
    jsonschema.validate(json.load(open(f)), s)
EOT
	ok $? "--explain's JSON and likely_aliases validate against the schema"
else
	ok 0 "# SKIP python3-jsonschema is not installed"
fi
tp -C "$SCRATCH/forks" --explain -T svg "$(id ma1)"
is "$STATUS:$ERR" "2:treeplot: --explain writes text or json, not 'svg'" \
   "--explain: text or json only"
tp -C "$SCRATCH/forks" --explain
is "$STATUS:$ERR" "2:treeplot: --explain needs merges to explain" \
   "--explain: merges needed"
tp -C "$SCRATCH/forks" --explain --trace x
is "$STATUS" 2 "--explain and --trace exclude each other"

done_testing
