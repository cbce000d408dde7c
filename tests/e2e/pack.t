#!/bin/bash
# The packs read directly (src/git/pack.c): every kind of pack a repository
# may hold gives the same output as libgit2's reader
# (TREEPLOT_PACK_READER=0) and the generator's ground truth, on one
# thread and on several; what the direct reader does not read (idx
# version 1, loose objects, alternates, malformed objects) is read by
# libgit2, with libgit2's error lines.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
GENHIST=$BUILD/genhist
export GENHIST

plan 30

bash "$ROOT/tools/mkrepo.sh" gen --commits 3000 --seed 11 >/dev/null 2>&1
ok $? "a generated history of 3,000 commits"
EXPECTED=$SCRATCH/gen/expected.tsv

# the one pack of NAME.git, without its extension
pack_of() {
	local p
	p=$(ls "$1"/objects/pack/*.idx) && echo "${p%.idx}"
}

# copy NAME: a copy of the generated repository, its files writable
copy() {
	rm -rf "$1"
	cp -R gen/repo.git "$1" && chmod -R u+w "$1"
}

# same NAME DESC: both readers, on 1 and 4 threads, give the same output,
# errors and status, for the whole history (-T commits, which is then
# the ground truth) and a cycle's JSON report with the merges' subjects
same() {
	local repo=$1 desc=$2 bad=0 env j
	for env in 1 0; do
		for j in 1 4; do
			TREEPLOT_PACK_READER=$env "$TREEPLOT" -q -j $j -C "$repo" \
				-T commits master >"c.$env.$j" 2>"e.$env.$j"
			echo $? >>"c.$env.$j"
			TREEPLOT_PACK_READER=$env "$TREEPLOT" -q -j $j -C "$repo" \
				-T json v1.1..v1.3 >"j.$env.$j" 2>>"e.$env.$j"
		done
	done
	for f in c.0.4 c.1.1 c.1.4; do
		cmp -s c.0.1 $f || { bad=1; echo "# $f differs"; }
	done
	for f in j.0.4 j.1.1 j.1.4; do
		cmp -s j.0.1 $f || { bad=1; echo "# $f differs"; }
	done
	for f in e.0.4 e.1.1 e.1.4; do
		cmp -s e.0.1 $f || { bad=1; echo "# $f differs"; }
	done
	ok $bad "$desc: both readers, 1 and 4 threads, the same"
	sed '$d' c.1.4 | paths | sort | cmp -s - "$EXPECTED"
	ok $? "$desc: the ground truth"
}

# the commits of pack P (its .idx) stored as TYPE (6 ofs-delta,
# 7 ref-delta, 1 whole), counted from the objects' headers
count_type() {
	git verify-pack -v "$1.idx" |
	"$PYTHON" -c '
import sys
data = open(sys.argv[1] + ".pack", "rb").read()
n = 0
for line in sys.stdin:
    f = line.split()
    if len(f) >= 5 and f[1] == "commit" and (data[int(f[4])] >> 4) & 7 == int(sys.argv[2]):
        n += 1
print(n)' "$1" "$2"
}

# --- packs as clones and repacks write them ------------------------------

git clone -q --bare --no-local gen/repo.git clone.git
same clone.git "a fresh clone's pack"

git clone -q --bare --no-local gen/repo.git ofs.git
git -C ofs.git repack -adfq --window=250 --depth=50
n=$(count_type "$(pack_of ofs.git)" 6)
[ "$n" -gt 100 ]
ok $? "repack -adf --depth=50 stores commits as offset deltas ($n)"
depth=$(git verify-pack -v "$(pack_of ofs.git).idx" |
	awk '$2 == "commit" && NF >= 7 && $6 > m { m = $6 } END { print m + 0 }')
[ "$depth" -gt 1 ]
ok $? "... in chains deeper than one ($depth)"
same ofs.git "offset deltas"

git clone -q --bare --no-local gen/repo.git ref.git
git -C ref.git -c repack.useDeltaBaseOffset=false repack -adfq --window=250 \
	--depth=50
n=$(count_type "$(pack_of ref.git)" 7)
[ "$n" -gt 100 ]
ok $? "useDeltaBaseOffset=false stores commits as reference deltas ($n)"
same ref.git "reference deltas"

# 64-bit offsets: index-pack's test switch puts every offset above half
# the pack in the index's large offset table
copy big.git
p=$(pack_of big.git)
git index-pack --index-version=2,$(($(stat -c %s "$p.pack") / 2)) \
	-o big.idx "$p.pack" >/dev/null && cp big.idx "$p.idx" &&
	[ "$(stat -c %s big.idx)" -gt "$(stat -c %s "$(pack_of gen/repo.git).idx")" ]
ok $? "an index with half its offsets in its 64-bit table"
same big.git "64-bit offsets"

# an index of version 1 is libgit2's to read
copy v1.git
p=$(pack_of v1.git)
git index-pack --index-version=1 -o v1.idx "$p.pack" >/dev/null &&
	cp v1.idx "$p.idx"
ok $? "an index of version 1"
same v1.git "index version 1"

# several packs and loose objects: fetched in three steps, the last one
# unpacked
git init -q --bare multi.git
git -C multi.git fetch -q ../gen/repo.git 'refs/tags/v1.1:refs/tags/v1.1' &&
git -C multi.git fetch -q ../gen/repo.git 'refs/tags/v1.3:refs/tags/v1.3' &&
git -C multi.git -c fetch.unpackLimit=1000000 fetch -q ../gen/repo.git \
	'refs/*:refs/*'
ok $? "a repository of two packs and loose objects"
[ "$(ls multi.git/objects/pack/*.idx | wc -l)" = 2 ] &&
	[ "$(git -C multi.git count-objects | cut -d' ' -f1)" -gt 100 ]
ok $? "... it holds two packs and loose objects"
same multi.git "two packs and loose objects"

# alternates: the objects are another repository's
git clone -q --bare --shared gen/repo.git alt.git
[ -s alt.git/objects/info/alternates ] &&
	[ -z "$(ls alt.git/objects/pack/ 2>/dev/null)" ]
ok $? "a repository whose objects are all its alternate's"
same alt.git "alternates"

# --- malformed packs -------------------------------------------------------

# offset and size in REPO's pack of commit $victim: one of the oldest
# release, stored whole (fast-import packs commits whole)
victim=$(git -C gen/repo.git rev-list --no-merges -1 v1.1)
where() {
	git verify-pack -v "$(pack_of "$1").idx" |
	awk -v id="$victim" '$1 == id { print $5, $4 }'
}
# poke REPO OFFSET BYTE: one byte of REPO's pack overwritten
poke() {
	chmod u+w "$(pack_of "$1").pack"
	printf "$3" | dd of="$(pack_of "$1").pack" bs=1 seek="$2" conv=notrunc \
		2>/dev/null
}
# byte_at REPO OFFSET: the byte there, a number
byte_at() {
	od -An -tu1 -j "$2" -N1 "$(pack_of "$1").pack" | tr -d ' '
}

# a commit's type overwritten with 5, which no object has: the direct
# reader leaves it to libgit2, whose error is the same with either
copy type.git
set -- $(where type.git)
byte=$(byte_at type.git "$1")
poke type.git "$1" "$(printf '\\x%02x' $(((byte & 0x8f) | 0x50)))"
same_error() {
	local repo=$1 desc=$2
	"$TREEPLOT" -q -j 4 -C "$repo" master >o.1 2>e.1
	echo $? >>e.1
	TREEPLOT_PACK_READER=0 "$TREEPLOT" -q -j 4 -C "$repo" master >o.0 2>e.0
	echo $? >>e.0
	cmp -s e.1 e.0 && [ ! -s o.1 ] && [ "$(tail -1 e.1)" != 0 ]
	ok $? "$desc: the same error with either reader"
	sed 's/^/# /' e.1 | head -3
}
same_error type.git "an object of no type"

# an index that is another pack's: libgit2 refuses it, so does pack.c
copy mismatch.git
p=$(pack_of mismatch.git)
printf 'x' | dd of="$p.idx" bs=1 seek=$(($(stat -c %s "$p.idx") - 21)) \
	conv=notrunc 2>/dev/null
same_error mismatch.git "an index naming another pack"

# a pack cut short
copy cut.git
p=$(pack_of cut.git)
truncate -s 50000 "$p.pack"
same_error cut.git "a pack cut short"

# --- long messages and headers ----------------------------------------------

# commits whose headers are longer than what is inflated at a time, and
# merges with long bodies, partly stored as deltas of one another
mkdir long.git && cd long.git && repo bare
body=$(for k in $(seq 1 60); do printf 'line %d of a long explanation\n' $k; done)
name=$(printf 'N%.0s' $(seq 1 900))
mk m0 "start"
mk t1 "net: one
$body" m0
GIT_AUTHOR_NAME=$name mk t2 "net: two
$body" t1
mk t3 "net: three
$body" t2
mk m1 "Merge branch 'for-linus' of git://git.example.org/net

$body" m0 t3
mk t4 "usb: four
$body" m1
mk m2 "Merge branch 'usb-next' of git://git.example.org/usb

$body" m1 t4
ref refs/heads/master m2
cd ..
cp -R long.git adler.git
git -C long.git repack -adfq --window=250 --depth=50
for env in 1 0; do
	TREEPLOT_PACK_READER=$env "$TREEPLOT" -q -C long.git -T json master \
		>long.$env.json 2>&1
done
[ "$(count_type "$(pack_of long.git)" 6)" -gt 0 ] &&
	cmp -s long.1.json long.0.json && grep -q '"git.example.org/usb"' long.1.json
ok $? "long messages and headers, some as deltas: the same report with either reader"
"$TREEPLOT" -q -C long.git -T commits master | paths | cut -f1,2 | names | sort >got
printf '%s\t%s\n' m0 mainline t1 git.example.org/net t2 git.example.org/net \
	t3 git.example.org/net t4 git.example.org/usb | sort >want
cmp -s want got
ok $? "... and the right trees"
diff want got | sed 's/^/# /' | head

# the last byte of the zlib stream (its Adler-32) of a commit that is not
# a merge: the walk reads only its headers, libgit2 reads it whole
git -C adler.git repack -adq --window=0
victim=$(id t1)
set -- $(where adler.git)
at=$(($1 + $2 - 1))
poke adler.git $at "$(printf '\\x%02x' $(($(byte_at adler.git $at) ^ 0xff)))"
"$TREEPLOT" -q -C adler.git -T commits master | paths | cut -f1,2 | names | sort | cmp -s - want
ok $? "a corrupt checksum after a commit's headers: the walk reads only them"
TREEPLOT_PACK_READER=0 "$TREEPLOT" -q -C adler.git -T commits master \
	>/dev/null 2>err.0
s0=$?
[ $s0 != 0 ] && grep -q "$victim" err.0
ok $? "... libgit2, reading the whole object, fails on it"


done_testing
