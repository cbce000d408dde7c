#!/bin/sh
# Repositories in every state (i): shallow and partial clones, missing
# and corrupt objects (loose and packed), a forged cycle; broken-graph.t
# has the rest.  Each has a defined behaviour (treeplot(1), HOSTILE
# INPUT AND BROKEN REPOSITORIES): a complete answer, or exit 1 with one
# line naming the object and no output at all.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
. "$TESTDIR/broken.sh"

plan 53

# --- a shallow clone --------------------------------------------------------------

git clone -q --depth 12 "file://$SRC" shallow 2>/dev/null
is "$(git -C shallow rev-parse --is-shallow-repository)" true \
   "shallow fixture: git clone --depth 12 of file://"
K=$(wc -l <shallow/.git/shallow)
tp -C shallow master
is "$STATUS" 0 "shallow, whole history: exit status 0"
# The whole history reaches the boundary: one warning, naming a
# boundary commit (ci.t tests it against git rev-list).
case $ERR in "treeplot: warning: the range reaches the shallow clone's boundary at "*"(one of $K boundary commits)"*) r=0 ;; *) r=1 ;; esac
[ "$(printf '%s\n' "$ERR" | wc -l)" = 1 ] || r=1
ok $r "shallow, whole history: one warning on stderr, the boundary's"
printf '%s\n' "$OUT" | grep -Eqx "  shallow boundary commits +$K  \(history is cut there\)"
ok $? "shallow, text: the summary says the history is cut at $K boundary commits"
tp -C shallow -T json master
is "$(printf '%s\n' "$OUT" | jq .shallow_boundary)" "$K" \
   "shallow, json: shallow_boundary $K"
tpc -C shallow -T commits master
is "$STATUS" 0 "shallow, commits: exit status 0"
# A boundary merge (nm1 at this depth) is still a merge: no line of its
# own, and its pulled side is simply absent.
printf '%s\n' "$OUT" | cut -f1 | sort >shallow.ids
cut -f1 full.commits | sort >full.ids
is "$(comm -23 shallow.ids full.ids)" "" \
   "shallow, commits: every commit listed is a non-merge commit of the full history"
is "$(git -C shallow cat-file -p "$(n nm1)" | grep -c '^parent ')" 2 \
   "shallow: nm1, a merge, is a boundary commit at this depth"
grep -qx "$(n nm1)" shallow/.git/shallow
ok $? "shallow: nm1 is listed in the shallow file"
# A merge the boundary cut is still a merge: --trace says so, as it does
# in the full clone, instead of tracing it along an empty path.
tp -C shallow --trace --range master "$(n nm1)"
is "$STATUS" 1 "shallow, --trace of the cut merge nm1: exit status 1 (not traced)"
is "$(printf '%s\n' "$ERR" | grep -v '^treeplot: warning: the range reaches the shallow')" \
   "treeplot: $(n nm1): a merge: only the commits merges carry are traced" \
   "shallow, --trace of the cut merge nm1: one line saying it is a merge (beside the boundary's warning)"
printf '%s\n' "$OUT" | grep -q '^commit '
is $? 1 "shallow, --trace of the cut merge nm1: no trace printed"
tp -C shallow -T json master
is "$(printf '%s\n' "$OUT" | jq -c '[.commits, .merges]')" \
   "[$(wc -l <shallow.ids),$(($(git -C shallow rev-list --count --merges master) + 1))]" \
   "shallow, json: the boundary merge counts as a merge, not as a commit"
# A range whose start's history the clone cuts: any of its commits that
# does not descend from every boundary commit of that history may be in
# it (its counts would be too high): refused, with the bound, even where
# the clone happens to hold the same commits as the full history.
tpc -C shallow -T commits v2.0-rc1..v2.0
is "$STATUS:$OUT:$(printf '%s\n' "$ERR" | sed -n 's/.*: up to \([0-9]*\) of the \([0-9]*\) commits counted may be in that history, so the counts would be too high; .*/\2/p')" \
   "4::$(wc -l <full.range | tr -d ' ')" \
   "shallow, a range whose start's history is cut: refused (exit 4, no output), its count and bound said"
c=$(git -C shallow rev-list --no-merges --first-parent -n 1 master)
tp -C shallow -T json "$c~1..$c"
is "$STATUS:$ERR:$(printf '%s\n' "$OUT" | jq -c '[.commits, .shallow_boundary]')" "0::[1,0]" \
   "shallow, a range of one commit above its start: provably in it, counted"

git clone -q --depth 3 "file://$SRC" shallow3 2>/dev/null
tp -C shallow3
is "$STATUS" 0 "shallow (depth 3), default range: exit status 0"
printf '%s\n' "$OUT" | grep -qx 'range       HEAD'
ok $? "shallow (depth 3), default range: no tag within reach, the whole (cut) history"
fails 2 "v1.0" "shallow (depth 3), a range from a tag beyond the boundary" \
      -C shallow3 v1.0..HEAD

# --- partial clones: only commits are read -------------------------------------------

mkdir files
cd files || exit 1
repo
# tree NAME: a tree holding the file NAME (its content NAME), for mk.
tree() {
	b=$(printf '%s\n' "$1" | git hash-object -w --stdin)
	T_EMPTY_TREE=$(printf '100644 blob %s\t%s\n' "$b" "$1" | git mktree)
}
# (Names apart from the fixture's: they share one name map.)
tree r && mk f_r "root"
tree a && mk f_a "a: 1" f_r
tree b && mk f_b "b: 1" f_a
tree c && mk f_c1 "topic: 1" f_r
tree d && mk f_c2 "topic: 2" f_c1
tree e && mk f_M "Merge branch 'topic' of git://example.org/topic" f_b f_c2
tree f && mk f_m "main" f_M
ref refs/heads/master f_m
git symbolic-ref HEAD refs/heads/master
git config uploadpack.allowFilter true
cd "$SCRATCH" || exit 1
"$TREEPLOT" -C files -T commits | paths >files.commits
"$TREEPLOT" -C files -T json | jq 'del(.repository)' >files.json

for filter in blob:none tree:0; do
	rm -rf partial
	git clone -q --bare --filter=$filter "file://$SCRATCH/files" partial 2>/dev/null
	missing=$(git -C partial rev-list --objects --missing=print --all | grep -c '^?')
	[ "$missing" -gt 0 ]
	ok $? "partial clone ($filter): $missing objects missing"
	tpc -C partial -T commits
	is "$STATUS $ERR" "0 " "partial clone ($filter): exit status 0, nothing on stderr"
	is "$OUT" "$(cat files.commits)" "partial clone ($filter): the same commits"
	tp -C partial -T json
	is "$(printf '%s\n' "$OUT" | jq 'del(.repository, .mainline.urls)')" \
	   "$(jq 'del(.mainline.urls)' files.json)" \
	   "partial clone ($filter): the same JSON"
done

# --- missing and corrupt objects -----------------------------------------------------


packed nobj n2
! git -C nobj cat-file -e "$(n n2)" 2>/dev/null
ok $? "missing object fixture: n2 is gone from the pack"
fails 1 "missing commit object $(n n2)" "a missing commit (n2) in the range" \
      -C nobj v1.0..v2.0
# Without a commit-graph the start's whole history is read, to settle
# exactly what it contains: an object missing there is an error too.
fails 1 "missing commit object $(n n2)" "a missing commit in the start's history" \
      -C nobj v2.0-rc1..v2.0

# With a commit-graph, parents come from the graph: only merges' objects
# are read (for their subjects), and the tips the pulls brought in (for
# their committers, who keep the trees).
packed gobj
git -C gobj commit-graph write --reachable 2>/dev/null
packed gobj.tmp n2 mm1
cp gobj/objects/info/commit-graph gobj.tmp/objects/info/ &&
	rm -rf gobj && mv gobj.tmp gobj
tpc -C gobj -T commits v1.0..v2.0
is "$STATUS" 1 "commit-graph, a missing merge (mm1): exit status 1"
is "$ERR" "treeplot: missing commit object $(n mm1)" \
   "commit-graph, a missing merge: named (its subject is needed)"
packed gobj2
git -C gobj2 commit-graph write --reachable 2>/dev/null
packed gobj2.tmp w1
cp gobj2/objects/info/commit-graph gobj2.tmp/objects/info/ &&
	rm -rf gobj2 && mv gobj2.tmp gobj2
tpc -C gobj2 -T commits master
is "$STATUS $OUT" "0 $(cat full.commits)" \
   "commit-graph, a missing non-merge commit (w1): not read, the full answer"
packed gobj3
git -C gobj3 commit-graph write --reachable 2>/dev/null
packed gobj3.tmp w2
cp gobj3/objects/info/commit-graph gobj3.tmp/objects/info/ &&
	rm -rf gobj3 && mv gobj3.tmp gobj3
fails 1 "missing commit object $(n w2)" \
      "commit-graph, a missing tip of a pull (w2): named (its committer is needed)" \
      -C gobj3 master

# put COPY NAME TYPE BODY: the loose object of commit NAME is a TYPE
# object holding BODY (a perl string expression) instead.
put() {
	f=$1/.git/objects/$(n "$2" | cut -c1-2)/$(n "$2" | cut -c3-)
	perl -MCompress::Zlib -e 'my $b = eval $ARGV[1];
		print compress("$ARGV[0] " . length($b) . "\0" . $b)' "$3" "$4" >"$f"
}

loose bad
f=bad/.git/objects/$(n n2 | cut -c1-2)/$(n n2 | cut -c3-)
printf 'not zlib at all' >"$f"
fails 1 "cannot read commit object $(n n2)" "a loose object that is not zlib data" \
      -C bad v1.0..v2.0
put bad n2 commit '"tree 0123\n\n"'
fails 1 "corrupt commit object $(n n2)" "a truncated commit (no whole tree line)" \
      -C bad v1.0..v2.0
put bad n2 commit '"tree '"$T_EMPTY_TREE"'\nparent 0123456789abcdefxyz\n\n"'
fails 1 "corrupt commit object $(n n2)" "a commit with a malformed parent line" \
      -C bad v1.0..v2.0
blob=$(printf 'x\n' | git -C bad hash-object -w --stdin)
put bad n2 commit '"tree '"$T_EMPTY_TREE"'\nparent '"$blob"'\n\n"'
fails 1 "object $blob is not a commit" "a parent that is a blob" \
      -C bad v1.0..v2.0
put bad n2 blob '"hello"'
fails 1 "object $(n n2) is not a commit" "a commit id that holds a blob" \
      -C bad v1.0..v2.0

packed badpack
p=$(ls "$SCRATCH"/badpack/objects/pack/*.pack)
set -- $(git verify-pack -v "${p%.pack}.idx" | grep "^$(n n2) ")
chmod u+w "$p"
printf '\377\377\377\377' | dd of="$p" bs=1 seek=$(($5 + $4 / 2)) conv=notrunc 2>/dev/null
fails 1 "cannot read commit object $(n n2)" "a damaged pack" -C badpack v1.0..v2.0

# A forged loose object: n2 names itself as its parent (nothing re-hashes
# objects, so nothing else notices).
loose cycle
git -C "$SRC" cat-file commit "$(n n2)" | sed "s/^parent .*/parent $(n n2)/" >self
put cycle n2 commit '`cat self`'
tpc -C cycle -T commits v1.0..v2.0
is "$STATUS" 0 "a forged cycle, walked from the objects: exit status 0 (the walk stops there)"
printf '%s\n' "$OUT" | grep -q "^$(n n2)	davem/net-2.6	mainline\$"
ok $? "a forged cycle, walked from the objects: the commit is charted once"
# With a commit-graph of older history, the newer commits' generations
# are worked out from their objects: the cycle is found.
git -C cycle rev-parse v1.0 | git -C cycle commit-graph write --stdin-commits
fails 1 "the history has a cycle at commit $(n n2)" \
      "a forged cycle, outside the commit-graph" -C cycle v1.0..v2.0

done_testing
