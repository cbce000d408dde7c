#!/bin/bash
# --people on hostile input: mergetag headers cut short, nested, dated
# in a way git would not write, a tag of a megabyte; committers named
# with control characters; twenty thousand committers, counted in
# linear work.  One result each, nothing wrapped, names escaped.
. "$(dirname "$0")/lib.sh"

plan 10

K=git://git.kernel.org/pub/scm/linux/kernel/git
ESC=$(printf '\033')
D=1700000000

# merge NAME DATE SUBJECT HEADERFILE PARENT...: a merge whose headers
# after the committer line are HEADERFILE's (may be empty).
merge() {
	local name=$1 date=$2 subject=$3 hdr=$4
	shift 4
	{
		echo "tree $T_EMPTY_TREE"
		for p in "$@"; do echo "parent $(id "$p")"; done
		echo "author L <l@example.org> $date +0000"
		echo "committer L <l@example.org> $date +0000"
		cat "$hdr"
		echo
		echo "$subject"
	} >"$SCRATCH/.commit"
	h=$(git hash-object -t commit -w "$SCRATCH/.commit") || exit 1
	printf '%s\t%s\n' "$name" "$h" >>"$T_MAP"
}

repo
DATE=$D mk m0 "initial"
ref refs/tags/v1 m0
prev=m0
# tree K: its merge's mergetag, and what treeplot must make of it.
add() {
	local k=$1 hdr=$2
	GIT_COMMITTER_NAME="C$k" GIT_COMMITTER_EMAIL="c$k@example.org" \
		DATE=$((D + k * 100)) mk "x$k" "t$k: 1" m0
	merge "mm$k" $((D + k * 100 + 50)) "Merge tag 't$k' of $K/o/t$k" "$hdr" "$prev" "x$k"
	prev=mm$k
}
H=$SCRATCH/hdr
printf 'mergetag object %s\n type commit\n tag t1\n tagger T <t@x> 17000' \
	"$(id m0)" >"$H.1"			# cut short: no zone, no newline
echo >>"$H.1"
printf 'mergetag object %s\n type commit\n tag t2\n \n  tagger T <t@x> %s +0000\n' \
	"$(id m0)" "$D" >"$H.2"			# a tagger in the tag's message
printf 'mergetag object %s\n type commit\n tag t3\n tagger T <t@x> 99999999999999999999 +0000\n' \
	"$(id m0)" >"$H.3"			# more digits than a time has
printf 'mergetag object %s\n type commit\n tag t4\n tagger T <t@x> %s +0000\n \n' \
	"$(id m0)" $((D + 4 * 100 - 3600)) >"$H.4"
# A tag of a megabyte: its signature block, every line a header's look.
awk 'BEGIN { for (i = 0; i < 20000; i++)
	printf " tagger X <x@x> 1 +0000 -----BEGIN PGP SIGNATURE-----\n" }' >>"$H.4"
: >"$H.5"				# no mergetag: untagged
for k in 1 2 3 4 5; do add $k "$H.$k"; done
ref refs/heads/master "$prev"
git symbolic-ref HEAD refs/heads/master
git fsck --no-dangling >/dev/null 2>&1
ok $? "fixture: the hand-written merges are valid commits"
[ "$(git cat-file -s "$(id mm4)")" -gt 1000000 ]
ok $? "fixture: mm4's object is over a megabyte"

tp -T json --people v1..master
is "$STATUS" 0 "exit status 0"
is "$(printf '%s\n' "$OUT" | jq -c '.people_figures | [.tagged_pulls, .untagged_pulls, .undated_tags, .tag_wait_median]')" \
   '[4,1,3,3650]' \
   "cut short, nested, overlong: tagged but undated; the megabyte tag's wait read"
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | [.name, .people_figures.tagged_pulls, .people_figures.undated_tags, .people_figures.tag_wait_median]]')" \
   '[["o/t1",1,1,null],["o/t2",1,1,null],["o/t3",1,1,null],["o/t4",1,0,3650],["o/t5",0,0,null]]' \
   "per tree: each case one result"

# Names with control characters (the top committer's): escaped in the
# text, \u in the JSON.
GIT_COMMITTER_NAME="Evil${ESC}[31m" GIT_COMMITTER_EMAIL="e@example.org" \
	DATE=$((D + 900)) mk e1 "evil: 1" "$prev"
GIT_COMMITTER_NAME="Evil${ESC}[31m" GIT_COMMITTER_EMAIL="e@example.org" \
	DATE=$((D + 901)) mk e2 "evil: 2" e1
ref refs/heads/master e2
tp --people v1..master
printf '%s\n' "$OUT" | grep -qF 'Evil\x1b[31m <e@example.org>'
ok $? "text: a committer's ESC escaped"
printf '%s\n' "$OUT" | grep -q "$ESC"
ok $((! $?)) "text: no raw ESC anywhere"
tp -T json --people v1..master
printf '%s\n' "$OUT" | jq -r '.people_figures.top_committers[].name' | grep -qF "Evil${ESC}[31m <e@example.org>" &&
	printf '%s\n' "$OUT" | grep -qF 'Evil\u001b[31m'
ok $? "json: the name kept whole, written with a \\u escape"

# Twenty thousand committers, one commit each but one of two: counted
# in linear work (a second of CPU is generous).
N=$(scaled 20000 4000)
mkdir big && cd big && git init -q --bare . || exit 1
awk -v n="$N" 'BEGIN {
	for (i = 1; i <= n; i++) {
		printf "commit refs/heads/master\nmark :%d\n", i
		printf "author A%d <a%d@x> %d +0000\n", i, i, 1230000000 + i
		printf "committer C%d <c%d@x> %d +0000\n", i % (n - 1), i % (n - 1), 1230000000 + i
		printf "data 2\nc\n"
		if (i > 1) printf "from :%d\n", i - 1
		printf "\n"
	}
}' | git fast-import --quiet || exit 1
"$TREEPLOT" -T json --people master >big.json
cpu=$(perl -e 'system @ARGV; my @t = times; printf "%d\n", $t[2] + $t[3] + 0.999' \
	sh -c '"$1" -T json --people master >/dev/null' - "$TREEPLOT")
is "$(jq -c '.people_figures | [.commits, .committers, .committers_for_half, .top_committers[0].commits]' big.json)" \
   "[$N,$((N - 1)),$((N / 2 - 1)),2]" \
   "$N commits of $((N - 1)) committers: the fewest holding half, the top one's two"
[ "$cpu" -le 3 ]
ok $? "counted in linear work ($cpu s of CPU, at most 3)"

done_testing
