#!/bin/sh
# Issue 36, reliability round four: what a hostile repository owner
# chooses (its encoding names, the outputs' paths, the dates, the number
# of trees) gives one clear result, in bounded work.
. "$(dirname "$0")/lib.sh"

plan 23

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

# --- an output link swapped between the check and the write -------------------

# --trace - waits on its standard input after the outputs were checked:
# the link (or a directory on the way) is made to point into the
# repository then.  The write must see it, whatever the check saw.
mkdir race && cd race || exit 1
git init -q repo && git -C repo commit -q --allow-empty -m one || exit 1
cp repo/.git/config config.orig
mkdir safe
# swapped LINK OLD NEW OUT: treeplot --trace - -o OUT started while LINK
# points to OLD, LINK pointed to NEW before a commit comes on its input.
swapped() {
	ln -sfn "$2" "$1"
	rm -f in && mkfifo in
	"$TREEPLOT" -C repo --trace - -o "$4" <in >/dev/null 2>err &
	pid=$!
	exec 9>in
	# (the outputs are checked before the first line is read; a slow
	# start only makes the swap come before the check, which passes
	# too: then the check refuses, exit 2)
	sleep 1
	ln -sfn "$3" "$1"
	git -C repo rev-parse HEAD >&9
	exec 9>&-
	wait $pid
	STATUS=$?
}
swapped out.txt "$PWD/safe/out.txt" "$PWD/repo/.git/config" out.txt
[ "$STATUS" -ne 0 ]
ok $? "swapped link: exit status not 0 ($STATUS)"
cmp -s config.orig repo/.git/config
ok $? "swapped link: .git/config is as it was"
grep -q "^treeplot: refusing to write '.*/repo/.git/config': it is inside the repository" err
ok $? "swapped link: one line says why"
swapped dir "$PWD/safe" "$PWD/repo/.git" dir/config
[ "$STATUS" -ne 0 ] && cmp -s config.orig repo/.git/config
ok $? "swapped directory on the way: refused, .git/config as it was"
[ -z "$(find repo/.git -name '.treeplot-*')" ] && [ -z "$(ls -A safe)" ]
ok $? "swapped: no temporary file left anywhere"
ln -sfn "$PWD/safe/new.txt" out.txt
"$TREEPLOT" -C repo -o out.txt HEAD 2>err
[ $? -eq 0 ] && [ -s safe/new.txt ] && [ -L out.txt ]
ok $? "a link into a safe place: written through it, the link kept"
cd "$SCRATCH" || exit 1

# --- out of memory while drawing ------------------------------------------------

# Under ulimit -v the walk said "out of memory", but a chart ended in
# SIGSEGV inside fontconfig, SIGTRAP from GLib ("creating thread
# '[pango] ...'") or "renderer for png is unavailable".  Every limit
# now gives a chart or "out of memory", exit status 1.  (AddressSanitizer
# cannot run under an address space limit: the plain pass proves it.)
mkdir oom && cd oom || exit 1
repo
mk m0 "main: 0"
mk a1 "a: 1" m0
mk b1 "b: 1" m0
mk M1 "Merge branch 'a' of git://git.example.org/a" m0 a1
mk M2 "Merge branch 'b' of git://git.example.org/b" M1 b1
ref refs/heads/master M2
ref refs/tags/v1 m0
git symbolic-ref HEAD refs/heads/master
if [ -n "${TREEPLOT_TEST_SANITIZER:-}" ]; then
	ok 0 "# SKIP AddressSanitizer cannot run under ulimit -v"
	ok 0 "# SKIP AddressSanitizer cannot run under ulimit -v"
else
	bad= drawn=0
	for fmt in svg png html; do
		lim=40000
		while [ $lim -le 160000 ]; do
			(ulimit -v $lim; exec "$TREEPLOT" -o "$SCRATCH/x.$fmt" \
				v1..HEAD) >/dev/null 2>"$SCRATCH/oom.err"
			st=$?
			if [ $st -eq 0 ]; then
				drawn=$((drawn + 1))
			elif [ $st -ne 1 ] ||
			     ! grep -q 'out of memory$' "$SCRATCH/oom.err" ||
			     [ "$(wc -l <"$SCRATCH/oom.err")" -ne 1 ]; then
				bad="$bad $fmt@${lim}K:$st:$(head -c 80 "$SCRATCH/oom.err")"
			fi
			lim=$((lim + 12000))
		done
	done
	is "${bad:-none}" none "ulimit -v 40 to 160 MB: a chart or one line 'out of memory', never a crash"
	[ $drawn -gt 0 ]
	ok $? "ulimit -v: the larger limits draw ($drawn of 33)"
fi
cd "$SCRATCH" || exit 1

# --- host identity ----------------------------------------------------------------

# davem/net pulled four times from git.kernel.org, once with the root's
# trailing dot, once from an address literal, last: one tree, named as
# the kernel names it.
mkdir hosts && cd hosts || exit 1
repo
KO=pub/scm/linux/kernel/git/davem/net
mk h0 "main: 0"
prev=h0
for i in 1 2 3 4 5 6; do
	case $i in
	5) url=git://git.kernel.org./$KO ;;
	6) url=https://127.0.0.1/$KO ;;
	*) url=git://git.kernel.org/$KO ;;
	esac
	GIT_COMMITTER_NAME="Dave M" GIT_COMMITTER_EMAIL=davem@example.org \
		mk hn$i "net: $i" $prev
	mk hM$i "Merge branch 'master' of $url" $prev hn$i
	prev=hM$i
done
ref refs/heads/master $prev
ref refs/tags/v1 h0
git symbolic-ref HEAD refs/heads/master
tp -T csv v1..HEAD
is "$(printf '%s\n' "$OUT" | sed 1d | cut -d, -f1,2 | sort)" "davem/net,6
mainline,6" "one tree davem/net with all six commits (the trailing dot, the address literal)"
tp -T json v1..HEAD
printf '%s\n' "$OUT" | jq -e '.trees[0].urls | index("git://git.kernel.org./'"$KO"'") != null' >/dev/null
ok $? "the spelling with the trailing dot is one of the tree's URLs"
printf '%s\n' "$OUT" | jq -e '[.trees[].name] == ["davem/net"]' >/dev/null
ok $? "the address literal, pulled last, does not name the tree"
cd "$SCRATCH" || exit 1

# --- treeplot.releasePattern as an attacker writes it ------------------------------

# glibc's regex: "(|)(\1\1)*" recursed until SIGSEGV; back-references
# ran for minutes.  PCRE2 within limits now, back-references refused.
mkdir rp && cd rp || exit 1
repo
mk r0 "main: 0"
mk r1 "main: 1" r0
ref refs/heads/master r1
ref refs/tags/v1.0 r0
ref refs/tags/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab r0
git symbolic-ref HEAD refs/heads/master
git config treeplot.releasePattern '(|)(\1\1)*'
tp -q
[ "$STATUS" -eq 2 ] && [ -z "$OUT" ] &&
	[ "$ERR" = "treeplot: $PWD/.git/config: treeplot.releasePattern: bad value '(|)(\\\\1\\\\1)*' (a back-reference: a tag pattern never needs one, and it makes matching exponential)" ]
ok $? "releasePattern of an empty group repeated by back-reference: a usage error naming the key, no crash"
git config treeplot.releasePattern '(.*)(.*)(.*)(.*)(.*)\5\4\3\2\1x'
tp -q
[ "$STATUS" -eq 2 ] && printf '%s\n' "$ERR" | grep -q 'treeplot.releasePattern: bad value.*back-reference'
ok $? "releasePattern with five back-references: refused at once"
git config treeplot.releasePattern '^(a|aa)+$'
tp -q -o out.json
[ "$STATUS" -eq 2 ] && [ ! -e out.json ] &&
	[ "$ERR" = "treeplot: $PWD/.git/config: treeplot.releasePattern gave up on the name 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab': match limit exceeded" ]
ok $? "an exponential pattern on a 58-byte tag: gives up, says where, exit 2, nothing written"
git config treeplot.releasePattern '^v[0-9.]+$'
tp -q -T json
is "$STATUS:$(printf '%s\n' "$OUT" | jq -r .range)" "0:v1.0..HEAD" \
   "an everyday pattern: the release it names opens the default range"
cd "$SCRATCH" || exit 1

# --- tenants of a multi-tenant domain -----------------------------------------------

# Two Azure DevOps organisations, one repository path each, kept by
# different people: visualstudio.com is not in the Public Suffix List,
# so the sibling-host rule took them for one repository.  Different
# keepers, no tag in common: two trees.  One keeper on two hosts of one
# domain stays one tree.
mkdir tenants && cd tenants || exit 1
repo
mk t0 "main: 0"
prev=t0
for i in 1 2 3; do
	GIT_COMMITTER_NAME="Alice Ames" GIT_COMMITTER_EMAIL=alice@example.org \
		mk ta$i "a: $i" $prev
	mk tA$i "Merge branch 'main' of https://alice.visualstudio.com/_git/app" $prev ta$i
	GIT_COMMITTER_NAME="Bob Berg" GIT_COMMITTER_EMAIL=bob@example.org \
		mk tb$i "b: $i" tA$i
	mk tB$i "Merge branch 'main' of https://bob.visualstudio.com/_git/app" tA$i tb$i
	GIT_COMMITTER_NAME="Cy Cole" GIT_COMMITTER_EMAIL=cy@example.org \
		mk tc$i "c: $i" tB$i
	h=git; [ $i = 2 ] && h=gitlab
	mk tC$i "Merge branch 'main' of https://$h.cole.example/cy/tool" tB$i tc$i
	prev=tC$i
done
ref refs/heads/master $prev
ref refs/tags/v1 t0
git symbolic-ref HEAD refs/heads/master
tp -T csv v1..HEAD
is "$(printf '%s\n' "$OUT" | sed 1d | cut -d, -f1,2 | sort)" "alice.visualstudio.com/_git/app,3
bob.visualstudio.com/_git/app,3
git.cole.example/cy/tool,3
mainline,9" "two tenants' repositories of one path: two trees; one keeper's on two hosts: one"
tp --explain "$(id tB1)" v1..HEAD
printf '%s\n' "$OUT" | grep -q 'bob.visualstudio.com/_git/app'
ok $? "--explain of a tenant's pull names its own tree"
cd "$SCRATCH" || exit 1

done_testing
