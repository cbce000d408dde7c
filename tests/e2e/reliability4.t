#!/bin/sh
# Issue 36, reliability round four: what a hostile repository owner
# chooses (its encoding names, the outputs' paths, the dates, the number
# of trees) gives one clear result, in bounded work.
. "$(dirname "$0")/lib.sh"

plan 6

# --- encoding names of a megabyte ----------------------------------------------

# rawenc NAME ENCODING [PARENT]: a commit declaring ENCODING (iconv knows
# none of these), written byte for byte.
rawenc() {
	n=$1 enc=$2
	shift 2
	T_DATE=$((T_DATE + 60))
	c=$({
		printf 'tree %s\n' "$T_EMPTY_TREE"
		for p in "$@"; do printf 'parent %s\n' "$(id "$p")"; done
		printf 'author A <a@example.org> %s +0000\n' "$T_DATE"
		printf 'committer C <c@example.org> %s +0000\n' "$T_DATE"
		printf 'encoding %s\n\n%s\n' "$enc" "$n"
	} | git hash-object -t commit -w --stdin) || exit 1
	printf '%s\t%s\n' "$n" "$c" >>"$T_MAP"
}

mkdir enc.git && cd enc.git || exit 1
repo bare
BIG=$(head -c 1000000 /dev/zero | tr '\0' x)
N=$(scaled 20 4)
rawenc c0 "x-bogus-0"
prev=c0
i=1
while [ $i -le $N ]; do
	rawenc c$i "$BIG$i" $prev
	prev=c$i
	i=$((i + 1))
done
# Twelve more names, each its own group of the warning: fourteen groups,
# eight said, the largest first.
while [ $i -le $((N + 12)) ]; do
	rawenc c$i "x-made-up-$i" $prev
	prev=c$i
	i=$((i + 1))
done
ref refs/heads/master $prev
git symbolic-ref HEAD refs/heads/master

tp --review HEAD
is "$STATUS" 0 "encoding: megabyte names, the report is written"
is "$(wc -l <"$SCRATCH/.err")" 1 "encoding: one warning line"
[ "$(wc -c <"$SCRATCH/.err")" -lt 2000 ]
ok $? "encoding: the warning is short (not the names whole: $(wc -c <"$SCRATCH/.err") bytes)"
printf '%s\n' "$ERR" | grep -q "$N declare 'x\{64\}\.\.\.', an encoding iconv"
ok $? "encoding: a long name is said cut to 64 bytes and an ellipsis, its commits one group"
printf '%s\n' "$ERR" | grep -q '; and 6 more encoding names$'
ok $? "encoding: past eight groups, a count"
tp --trace "$(id c3)" HEAD
[ "$STATUS" -eq 0 ] && [ "$(wc -c <"$SCRATCH/.err")" -lt 2000 ]
ok $? "encoding: --trace reads one text, says its name cut"

cd "$SCRATCH" || exit 1
done_testing
