#!/bin/sh
# Repositories in every state (ii): broken commit-graph files, an empty
# repository, an unborn HEAD, and ranges whose ends are not in line;
# broken-repo.t has the rest.  Each has a defined behaviour (treeplot(1),
# HOSTILE INPUT AND BROKEN REPOSITORIES): a complete answer, or exit 1
# with one line naming the object and no output at all.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
. "$TESTDIR/broken.sh"

plan 27

# --- broken commit-graph files: unusable, so ignored ---------------------------------

packed cg
git -C cg commit-graph write --reachable 2>/dev/null
G=cg/objects/info/commit-graph
cp "$G" graph.good
tpc -C cg -T commits master
is "$OUT" "$(cat full.commits)" "commit-graph: the same answer as without"
i=0
for damage in truncate garbage header chunks fanout; do
	i=$((i + 1))
	cp graph.good "$G"
	chmod u+w "$G"
	case $damage in
	truncate) head -c 100 graph.good >"$G" ;;
	garbage) head -c 4096 /dev/urandom >"$G" ;;
	header) printf 'CGPH\002' | dd of="$G" conv=notrunc 2>/dev/null ;;
	chunks) printf '\377\377\377\377\377\377\377\377' |
		dd of="$G" bs=1 seek=12 conv=notrunc 2>/dev/null ;;
	fanout) head -c 2000 /dev/urandom |
		dd of="$G" bs=1 seek=44 conv=notrunc 2>/dev/null ;;
	esac
	tpc -C cg -T commits master
	is "$STATUS $ERR" "0 " "commit-graph damaged ($damage): exit status 0, nothing on stderr"
done
# Fanout and record damage may still pass the checks: the walk must end
# and every commit it names must exist, whatever it concluded.
for c in $(printf '%s\n' "$OUT" | cut -f1); do
	git -C cg cat-file -e "$c" || { echo "# $c"; false; } || break
done
ok $? "commit-graph damaged: every commit named exists"
cp graph.good "$G"

# --- empty repositories, unborn HEAD -------------------------------------------------

git init -q empty
fails 1 "HEAD does not point to a commit (the repository is empty)" \
      "an empty repository" -C empty
fails 2 "unknown revision 'master'" "an empty repository, a revision" -C empty master
git init -q --bare empty.git
fails 1 "(the repository is empty)" "an empty bare repository" -C empty.git

loose unborn
git -C unborn symbolic-ref HEAD refs/heads/nothing-yet
fails 1 "HEAD does not point to a commit (an unborn branch: give a revision)" \
      "an unborn HEAD (other branches exist)" \
      -C unborn
tpc -C unborn -T commits master
is "$STATUS $OUT" "0 $(cat full.commits)" "an unborn HEAD: an explicit revision works"

# --- ranges whose ends are not in line ------------------------------------------------

# t4 (x86's tip) and m3 (the mainline before x86 was pulled) are not
# ancestors of each other: t4..m3 is what m3 reaches and t4 does not.
tpc -C "$SRC" -T commits "$(n t4)..$(n m3)"
is "$STATUS" 0 "A not an ancestor of B: exit status 0"
is "$(printf '%s\n' "$OUT" | names)" "m2	mainline
n1	davem/net-2.6	mainline
w1	linville/wireless-2.6	davem/net-2.6	mainline
i1	iwlwifi/iwlwifi-2.6	linville/wireless-2.6	davem/net-2.6	mainline
i2	iwlwifi/iwlwifi-2.6	linville/wireless-2.6	davem/net-2.6	mainline
w2	linville/wireless-2.6	davem/net-2.6	mainline
n2	davem/net-2.6	mainline
n3	davem/net-2.6	mainline
m3	mainline" "A not an ancestor of B: exactly the commits B reaches and A does not"
tpc -C "$SRC" -T commits "$(n m3)..$(n t4)"
is "$(printf '%s\n' "$OUT" | names | cut -f1 | sort | paste -sd ' ')" \
   "h1 t1 t2 t3 t4" "B..A the other way: the other side"

# B an ancestor of A: written the wrong way round, a usage error
# (ranges.t, gitenv.t); A..A is the empty range.
tp -C "$SRC" v2.0..v1.0
is "$STATUS:$OUT" "2:" "B an ancestor of A (v2.0..v1.0): exit status 2, no output"
printf '%s\n' "$ERR" | grep -q 'the other way round, v1.0..v2.0?$'
ok $? "B an ancestor of A: the range the other way round, named"
tp -C "$SRC" -T json v1.0..v1.0
is "$(printf '%s\n' "$OUT" | jq -c '[.commits, .merges, (.trees | length), (.edges | length)]')" \
   "[0,0,0,0]" "A..A: empty JSON figures"
tp -C "$SRC" -T svg -o empty.svg v1.0..v1.0
xmllint --noout empty.svg
ok $? "A..A: an empty range renders a well-formed SVG"

fails 2 "symmetric" "a symmetric range 'v1.0...'" -C "$SRC" v1.0...
fails 2 "symmetric" "a symmetric range '...v2.0'" -C "$SRC" ...v2.0

done_testing
