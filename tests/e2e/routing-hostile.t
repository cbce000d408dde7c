#!/bin/bash
# --routing on a hostile MAINTAINERS: the repository's own file, so any
# size and any bytes.  A huge file, a pattern of 10,000 '*', a
# pathological N: regex (PCRE2's bounds), an N: that does not compile,
# CRLF, entries without a title, NULs, a missing file, a symbolic link in
# its place, a FIFO in the work tree: one warning or one clear error,
# time linear in the file, never a crash or a wait.  And --branches,
# whose nodes are branches of the trees MAINTAINERS names.
. "$(dirname "$0")/lib.sh"

plan 18

export GIT_AUTHOR_DATE=@1230000000 GIT_COMMITTER_DATE=@1230000000

# build DIR: a repository whose MAINTAINERS is $SCRATCH/M (committed as
# is, CRLF and NULs kept): a base, a pull of net's tree with one commit in
# net/ and one in drivers/bar/, and two direct commits (README, net/).
build() {
	rm -rf "$1" && mkdir -p "$1" && cd "$1" || exit 1
	git init -q -b master . && git config core.autocrlf false
	mkdir -p net drivers/bar && echo a >net/a.c && echo b >drivers/bar/b.c
	echo r >README && cp "$SCRATCH/M" MAINTAINERS
	git add -A && git commit -qm base && git tag v1
	git checkout -qb net
	echo 1 >>net/a.c && git commit -qam "net: one"
	echo 2 >>drivers/bar/b.c && git commit -qam "bar: through net"
	git checkout -q master
	echo x >>README && git commit -qam "readme: direct"
	echo y >net/c.c && git add net/c.c && git commit -qm "net: direct"
	git merge -q --no-ff net \
		-m "Merge branch 'master' of git://git.example.org/net"
	cd "$SCRATCH" || exit 1
}

# The verdicts of -T routing, subjects for ids: "SUBJECT VERDICT DECL".
verdicts() {
	"$TREEPLOT" -C "$1" --routing -T routing v1..master 2>"$SCRATCH/err" |
		while IFS='	' read -r c inner v decl; do
			printf '%s %s %s\n' "$(git -C "$1" log -1 --format=%s "$c")" \
				"$v" "$decl"
		done | sort
}

cat >"$SCRATCH/M" <<'EOT'
NET
M:	Net <net@example.org>
T:	git https://git.example.org/net.git
F:	net/

BAR
T:	git https://git.example.org/bar.git
F:	drivers/bar

THE REST
F:	*
F:	*/
EOT
build plain
want="bar: through net other git.example.org/bar
net: direct other git.example.org/net
net: one declared git.example.org/net
readme: direct declared mainline"
is "$(verdicts plain)" "$want" "a plain file: every verdict"
# --branches: a branch's node is its repository's tree.
is "$("$TREEPLOT" -C plain --routing --branches -T routing v1..master |
	cut -f3 | sort | uniq -c | tr -s ' ')" " 2 declared
 2 other" "--branches: the same verdicts"

# No catch-all: a file no entry covers has no declared tree (the first
# such path once made the run fail without a word).
grep -v '^F:	\*' "$SCRATCH/M" >"$SCRATCH/M.rest" && cp "$SCRATCH/M" "$SCRATCH/M0" &&
	cp "$SCRATCH/M.rest" "$SCRATCH/M"
build norest
"$TREEPLOT" -C norest --routing -T routing v1..master >/dev/null 2>&1
ok $? "no catch-all: the run succeeds"
is "$(verdicts norest | grep readme)" "readme: direct none " \
	"no catch-all: README has no declared tree"
cp "$SCRATCH/M0" "$SCRATCH/M"

# CRLF, a preamble, an entry without a title, a NUL: the same verdicts.
{ printf 'Preamble\r\n\tM: not a field\r\n\r\n'
  sed 's/$/\r/' "$SCRATCH/M"
  printf '\r\nF:\ttitleless/\r\nX:\tx\0y\r\n'; } >"$SCRATCH/M2"
cp "$SCRATCH/M2" "$SCRATCH/M"
build crlf
is "$(verdicts crlf)" "$want" "CRLF, no title, a NUL: the same verdicts"
[ ! -s "$SCRATCH/err" ]
ok $? "CRLF: no message"

# A pattern of 10,000 '*' and a catch-all: linear.
{ printf 'STARS\nT:\tgit https://git.example.org/stars.git\nF:\t'
  head -c 10000 /dev/zero | tr '\0' '*'
  printf 'x\n\n'; cat "$SCRATCH/M"; } >"$SCRATCH/M3"
cp "$SCRATCH/M3" "$SCRATCH/M"
build stars
start=$(date +%s)
got=$(verdicts stars)
[ $(($(date +%s) - start)) -lt 10 ]
ok $? "10,000 '*': at once"
is "$got" "$want" "10,000 '*': matches nothing here, the verdicts stand"

# An N: that does not compile: one warning, left out.
{ printf 'BAD\nT:\tgit https://git.example.org/bad.git\nN:\t(unclosed\n\n'
  cat "$SCRATCH/M2"; } >"$SCRATCH/M"
build badre
is "$(verdicts badre)" "$want" "a bad N: is left out"
is "$(grep -c . "$SCRATCH/err")" 1 "a bad N: one warning"
grep '^treeplot: warning: --routing: 1 N: pattern of MAINTAINERS left out (MAINTAINERS:3: N:' "$SCRATCH/err" | sed 's/^/# /'

# A pathological N: on a long path: PCRE2's match limit, one clear
# error, nothing written.
{ printf 'EVIL\nT:\tgit https://git.example.org/evil.git\nN:\t(a+)+$\n\n'
  cat "$SCRATCH/M2"; } >"$SCRATCH/M"
build evil
(cd evil && mkdir -p d && printf x >"d/$(head -c 40 /dev/zero | tr '\0' a)b" &&
 git add -A && git commit -qm "long path")
start=$(date +%s)
"$TREEPLOT" -C evil --routing -T routing v1..master >"$SCRATCH/out" \
	2>"$SCRATCH/err"
st=$?
[ "$st" -eq 1 ] && [ ! -s "$SCRATCH/out" ] &&
	[ "$(grep -c . "$SCRATCH/err")" -eq 1 ] &&
	grep -q '^treeplot: MAINTAINERS:3: N: gave up on the path' "$SCRATCH/err" &&
	[ $(($(date +%s) - start)) -lt 10 ]
ok $? "(a+)+\$: one error within the bounds, exit 1, nothing written"
sed 's/^/# /' "$SCRATCH/err"

# No MAINTAINERS, or a symbolic link in its place: one warning, nothing.
build missing
(cd missing && git rm -q MAINTAINERS && git commit -qm "no MAINTAINERS")
"$TREEPLOT" -C missing --routing -T routing v1..master >"$SCRATCH/out" \
	2>"$SCRATCH/err"
[ $? -eq 0 ] && [ ! -s "$SCRATCH/out" ] &&
	[ "$(cat "$SCRATCH/err")" = "treeplot: warning: --routing: no MAINTAINERS file at the range's end: nothing to compare" ]
ok $? "no MAINTAINERS: one warning, no line"
build link
(cd link && cp MAINTAINERS M.real && git rm -q MAINTAINERS &&
 ln -s M.real MAINTAINERS && git add -A && git commit -qm "a link")
"$TREEPLOT" -C link --routing -T routing v1..master >"$SCRATCH/out" \
	2>"$SCRATCH/err"
[ $? -eq 0 ] && [ ! -s "$SCRATCH/out" ] && grep -q 'no MAINTAINERS file' "$SCRATCH/err"
ok $? "a symbolic link: refused as no file, one warning"

# A FIFO in the work tree: MAINTAINERS is read from the commit's tree,
# never opened there.
build fifo
(cd fifo && rm MAINTAINERS && mkfifo MAINTAINERS)
timeout 20 "$TREEPLOT" -C fifo --routing -T routing v1..master \
	>"$SCRATCH/out" 2>"$SCRATCH/err"
[ $? -eq 0 ] && [ "$(wc -l <"$SCRATCH/out")" -eq 4 ]
ok $? "a FIFO in the work tree: no wait, the committed file read"

# A huge file: 1,000,000 entries, linear (fewer under the sanitizers).
n=$(scaled 1000000 20000)
"$PYTHON" - "$SCRATCH/M" "$n" <<'EOT'
import sys
with open(sys.argv[1], 'w') as f:
    for i in range(int(sys.argv[2])):
        f.write('E%d\nM:\tP%d <p%d@example.org>\nT:\tgit https://git.example.org/t%d.git\nF:\tarea/%d/\nN:\t^zz%d/\n\n' % (i, i, i, i, i, i))
EOT
cat "$SCRATCH/M2" >>"$SCRATCH/M"
build huge
start=$(date +%s)
got=$(verdicts huge)
took=$(($(date +%s) - start))
is "$got" "$want" "$n entries: the verdicts stand"
[ "$took" -lt 60 ]
ok $? "$n entries: ${took} s"
is "$(cat "$SCRATCH/err")" "treeplot: warning: --routing: $((n - 10000)) N: patterns of MAINTAINERS past the first 10000 left out" \
	"$n N: lines: those past 10,000 left out, one warning"

# Without --routing nothing of it is read: no warning with a bad N:.
"$TREEPLOT" -C badre -T text v1..master >/dev/null 2>"$SCRATCH/err"
[ $? -eq 0 ] && [ ! -s "$SCRATCH/err" ]
ok $? "without --routing: nothing read, no message"

done_testing
