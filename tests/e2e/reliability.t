#!/bin/sh
# Issue 16, reliability round two: names that would display alike,
# messages carrying a repository's text, standard input closed, a FIFO
# for a configuration file, and configured patterns on hostile subjects.
# Every run that could hang is under timeout, so a hang fails.
. "$(dirname "$0")/lib.sh"

plan 67

ESC=$(printf '\033')
BEL=$(printf '\007')
T=30	# seconds: any run here takes well under one

# tpt ARGS: tp under timeout (status 124 when it hung).
tpt() {
	timeout "$T" "$TREEPLOT" "$@" >"$SCRATCH/.out" 2>"$SCRATCH/.err"
	STATUS=$?
	case " $* " in	# -T commits: the id and the path of each line
	*" -T commits "*) paths <"$SCRATCH/.out" >"$SCRATCH/.p" &&
			  mv "$SCRATCH/.p" "$SCRATCH/.out" ;;
	esac
	OUT=$(cat "$SCRATCH/.out")
	ERR=$(cat "$SCRATCH/.err")
}

# --- invisible characters: seven trees, seven names on display -----------------

# U+200B zero-width space, U+2060 word joiner, U+00AD soft hyphen, U+FEFF
# byte order mark, U+E0001 language tag, U+115F Hangul choseong filler.
ZWSP=$(printf '\342\200\213') WJ=$(printf '\342\201\240')
SHY=$(printf '\302\255') BOM=$(printf '\357\273\277')
TAG=$(printf '\363\240\200\201') HF=$(printf '\341\205\237')

mkdir spoof
cd spoof || exit 1
repo
mk m0 "main: 0"
prev=m0 i=0
for inv in "" "$ZWSP" "$WJ" "$SHY" "$BOM" "$TAG" "$HF"; do
	i=$((i + 1))
	DATE=$((1230000000 + 1000 * i)) mk a$i "a: $i" m0
	DATE=$((1230000000 + 1000 * i + 1)) \
	mk M$i "Merge branch 'x' of git://evil.example/tr${inv}ee" $prev a$i
	prev=M$i
done
# A tree named like the mainline, and one named like the renamed one.
mk b1 "b: 1" m0
mk N1 "Merge branch 'x' of git://mainline" $prev b1
mk b2 "b: 2" m0
mk N2 "Merge branch 'x' of git://mainline/" N1 b2
ref refs/heads/master N2
git symbolic-ref HEAD refs/heads/master

tpt -T commits
is "$STATUS" 0 "invisible: commits, exit status 0"
is "$(names <"$SCRATCH/.out" | sort)" "$(sort <<EOF
a1	evil.example/tree	mainline
a2	evil.example/tr\xe2\x80\x8bee	mainline
a3	evil.example/tr\xe2\x81\xa0ee	mainline
a4	evil.example/tr\xc2\xadee	mainline
a5	evil.example/tr\xef\xbb\xbfee	mainline
a6	evil.example/tr\xf3\xa0\x80\x81ee	mainline
a7	evil.example/tr\xe1\x85\x9fee	mainline
b1	mainline (tree)	mainline
b2	mainline (tree)	mainline
m0	mainline
EOF
)" "invisible: commits, each invisible character escaped, the mainline's namesake renamed"

tpt
is "$(printf '%s\n' "$OUT" | sed -n '/^Flow/,/^$/p' | sort)" "$(sort <<'EOF'
Flow (commits through each tree; a tree pulled by another is indented below it)
     10  mainline
      2    mainline (tree)
      1    evil.example/tree
      1    evil.example/tr\xe2\x80\x8bee
      1    evil.example/tr\xe2\x81\xa0ee
      1    evil.example/tr\xc2\xadee
      1    evil.example/tr\xef\xbb\xbfee
      1    evil.example/tr\xf3\xa0\x80\x81ee
      1    evil.example/tr\xe1\x85\x9fee

EOF
)" "invisible: text, nine lines that all differ, one mainline"

tpt -T json
is "$STATUS" 0 "invisible: json, exit status 0"
printf '%s\n' "$OUT" >spoof.json
is "$(jq -r '.trees[].name' spoof.json | sort -u | wc -l)" 8 \
   "invisible: json, eight distinct tree names"
is "$(jq '[.trees[].name, .edges[].from] | map(select(. == "mainline")) | length' spoof.json)" 0 \
   "invisible: json, no tree and no edge source is named like the mainline"
for esc in 'tr\u200bee' 'tr\u2060ee' 'tr\u00adee' 'tr\ufeffee' \
	   'tr\udb40\udc01ee' 'tr\u115fee'; do
	grep -qF "\"evil.example/$esc\"" spoof.json
	ok $? "invisible: json writes $esc as \\u escapes"
done
jq -e --arg n "evil.example/tr${TAG}ee" '[.trees[].name] | index($n) != null' \
   spoof.json >/dev/null
ok $? "invisible: json, the surrogate pair decodes to U+E0001"

tpt -T dot
dot -Tsvg >spoof.svg 2>/dev/null <"$SCRATCH/.out"
ok $? "invisible: dot renders"
is "$(grep -c 'evil.example/tr\\\\x' "$SCRATCH/.out")" 6 \
   "invisible: dot, the six labels show their invisible character as \\\\xNN"

tpt -T csv --csv-table trees
is "$(printf '%s\n' "$OUT" | cut -d, -f1 | sed 1,2d | sort -u | wc -l)" 8 \
   "invisible: csv, eight distinct tree names"

tpt -T commits --mainline 'evil.example/tree'
is "$(names <"$SCRATCH/.out" | awk -F'\t' '$1 == "a1" || $1 == "m0"' | sort)" \
"a1	evil.example/tree (tree)	evil.example/tree
m0	evil.example/tree" "--mainline: a tree named like the label is renamed"
cd "$SCRATCH" || exit 1

# --- every message escaped -------------------------------------------------------

mkdir msgs
cd msgs || exit 1
repo
mk n0 "main: 0"
ref refs/heads/master n0
git symbolic-ref HEAD refs/heads/master
RLO=$(printf '\342\200\256')
tpt "no${ESC}]0;pwned${BEL}such${ESC}[2J${RLO}rev"
is "$STATUS" 2 "message: an unknown revision, exit status 2"
is "$ERR" 'treeplot: unknown revision '"'"'no\x1b]0;pwned\x07such\x1b[2J\xe2\x80\xaerev'"'" \
   "message: the revision's escapes and U+202E are escaped"
tpt --config "$SCRATCH/x${ESC}[31m.cfg"
is "$ERR" "treeplot: cannot read '$SCRATCH/x\\x1b[31m.cfg': No such file or directory" \
   "message: a path with an escape is escaped"
tpt --no-such-option="${ESC}[31m"
is "$(printf '%s' "$ERR" | grep -c "$ESC")" 0 "message: an unknown option's text is escaped"
cd "$SCRATCH" || exit 1

# --- standard input closed, FIFOs --------------------------------------------------

cd msgs || exit 1
tpt --trace - <&-
is "$STATUS $ERR" "2 treeplot: --trace -: standard input is closed" \
   "--trace - with standard input closed: refused"
echo HEAD >heads
tpt --trace - <heads
is "$STATUS" 0 "--trace - with standard input open: traced"
mkfifo "$SCRATCH/fifo"
tpt --config "$SCRATCH/fifo"
is "$STATUS $ERR" "2 treeplot: cannot read '$SCRATCH/fifo': not a regular file" \
   "--config FIFO: refused, not waited on"
tpt --config /dev/zero
is "$STATUS $ERR" "2 treeplot: cannot read '/dev/zero': not a regular file" \
   "--config a device: refused, not read without end"
mkdir -p "$XDG_CONFIG_HOME/treeplot"
mkfifo "$XDG_CONFIG_HOME/treeplot/config"
tpt
is "$STATUS $ERR" "2 treeplot: cannot read '$XDG_CONFIG_HOME/treeplot/config': not a regular file" \
   "the user's configuration a FIFO: refused"
tpt --no-config
is "$STATUS $ERR" "0 " "--no-config skips it"
rm -f "$XDG_CONFIG_HOME/treeplot/config"
cd "$SCRATCH" || exit 1

# --- configured patterns on hostile subjects: bounded ---------------------------------

mkdir re
cd re || exit 1
repo
AS=$(printf '%2000s' '' | tr ' ' a)
mk r0 "main: 0"
mk r1 "a: 1" r0
mk R1 "Merge ${AS}d" r0 r1
mk r2 "a: 2" r0
mk R2 "Merge branch 'x' of git://ok.example/tree" R1 r2
ref refs/heads/master R2
git symbolic-ref HEAD refs/heads/master

printf '[treeplot]\n\tinternalPattern = "(a*)*\\\\1b"\n' >backref.cfg
tpt -T commits --config backref.cfg
is "$STATUS" 0 "pattern: a backreference on a 2,000-byte subject ends, exit 0"
is "$(names <"$SCRATCH/.out" | sort)" "r0	mainline
r1	mainline
r2	mainline" \
   "pattern: it matched the subject with a b (internal), not the long one"

printf '[treeplot]\n\tinternalPattern = "^Merge branch"\n\tinternalPattern = "(a+)+(b|c)"\n' >nested.cfg
tpt -o out.txt --config nested.cfg
is "$STATUS" 2 "pattern: nested quantifiers hit the match limit, exit status 2"
is "$ERR" "treeplot: nested.cfg: treeplot.internalPattern: pattern '(a+)+(b|c)' gave up on a merge subject of 2007 bytes: match limit exceeded" \
   "pattern: one line naming the file, the key, the pattern and the limit"
[ ! -e out.txt ]
ok $? "pattern: no output written"

perl -e 'print "[treeplot]\n\tinternalPattern = \"", join("|", map { "alt$_" } 1 .. 200000), "\"\n"' >wide.cfg
tpt --config wide.cfg
is "$STATUS" 2 "pattern: 200,000 alternatives refused, exit status 2"
is "$(printf '%s\n' "$ERR" | wc -l) $(printf '%s' "$ERR" | wc -c)" "1 307" \
   "pattern: one line, the value cut at 200 bytes"
printf '%s\n' "$ERR" | grep -q "^treeplot: wide.cfg: treeplot.internalPattern: bad value 'alt1|alt2|.*\.\.\.' (regular expression is too large"
ok $? "pattern: the error says the expression is too large"

printf '[treeplot]\n\texternalPattern = "^Merge (a+)d"\n' >ext.cfg
tpt -T commits --config ext.cfg
is "$(names <"$SCRATCH/.out" | awk -F'\t' '$1 == "r1" { print $2 }')" "$AS" \
   "pattern: an external pattern's group names the tree"
printf '[treeplot]\n\texternalPattern = "^Merge (?:a+)d"\n' >nogroup.cfg
tpt --config nogroup.cfg
is "$STATUS $ERR" "2 treeplot: nogroup.cfg: treeplot.externalPattern: bad value '^Merge (?:a+)d' (no parenthesised group for the URL)" \
   "pattern: an external pattern without a capturing group refused"
cd "$SCRATCH" || exit 1

# --- absurd dates: every output stays schema-valid ------------------------------------

mkdir dates
cd dates || exit 1
repo
# mkdated NAME WHEN ZONE SUBJECT PARENT...: a commit dated as git
# fast-import would take it.
mkdated() {
	name=$1 when=$2 zone=$3 subject=$4
	shift 4
	{
		printf 'tree %s\n' "$T_EMPTY_TREE"
		for p in "$@"; do printf 'parent %s\n' "$(id "$p")"; done
		printf 'author A <a@example.org> %s %s\n' "$when" "$zone"
		printf 'committer C <c@example.org> %s %s\n\n%s\n' "$when" "$zone" "$subject"
	} >"$SCRATCH/.raw"
	c=$(git hash-object -t commit -w --literally "$SCRATCH/.raw") || exit 1
	printf '%s\t%s\n' "$name" "$c" >>"$T_MAP"
}
mk d0 "main: 0"
mk x1 "x: 1" d0
mkdated D1 9223372036854775807 +9999 "Merge branch 'a' of git://far.example/a" d0 x1
mk x2 "x: 2" d0
mkdated D2 -1000000000000 -0130 "Merge branch 'b' of git://far.example/b" D1 x2
mk x3 "x: 3" d0
mkdated D3 1230000000 +0100 "Merge branch 'c' of git://far.example/c" D2 x3
ref refs/heads/master D3
git symbolic-ref HEAD refs/heads/master

tpt --trace -T json "$(id x1)" "$(id x2)" "$(id x3)"
is "$STATUS" 0 "dates: --trace -T json, exit status 0"
printf '%s\n' "$OUT" >dates.json
is "$(tr -d ' \n' <dates.json | grep -o '"date":[^,]*,"time":[^,]*')" \
'"date":null,"time":9223372036854775807
"date":null,"time":-1000000000000
"date":"2008-12-23T03:40:00+01:00","time":1230000000' \
   "dates: past year 9999 or before year 0, the date is null, the time exact"
schema_ok "dates: the trace validates against the schema" dates.json
tpt --trace "$(id x1)"
printf '%s\n' "$OUT" | grep -q "(date out of range)  Merge branch 'a'"
ok $? "dates: text, the date said to be out of range"
cd "$SCRATCH" || exit 1

# --- forged loose objects: an error naming the object, never a hang or a crash ------

# forge NAME KIND: rewrite commit NAME's loose object: its zlib stream
# cut short, or a header declaring 54 bytes fewer, or 40 more.
forge() {
	f=.git/objects/$(id "$1" | cut -c1-2)/$(id "$1" | cut -c3-)
	chmod u+w "$f"
	"$PYTHON" - "$f" "$2" <<'PY'
import sys, zlib
f, kind = sys.argv[1], sys.argv[2]
raw = zlib.decompress(open(f, 'rb').read())
head, body = raw.split(b'\0', 1)
t = head.split(b' ')[0]
if kind == 'truncated':
    out = zlib.compress(raw)[:-12]
else:
    n = len(body) - 54 if kind == 'fewer' else len(body) + 40
    out = zlib.compress(t + b' ' + str(n).encode() + b'\0' + body)
open(f, 'wb').write(out)
PY
}
for kind in truncated fewer more; do
	mkdir "loose-$kind"
	cd "loose-$kind" || exit 1
	repo
	mk l0$kind "main: 0"
	mk l1$kind "main: 1" l0$kind
	mk la$kind "a: 1" l1$kind
	mk LM$kind "Merge branch 'a' of git://x.example/a" l1$kind la$kind
	mk l2$kind "main: 2" LM$kind
	ref refs/heads/master l2$kind
	ref refs/tags/v1 l0$kind
	git symbolic-ref HEAD refs/heads/master
	forge LM$kind $kind
	case $kind in
	truncated) why=truncated ;;
	fewer) why="longer than its header says" ;;
	more) why="shorter than its header says" ;;
	esac
	tpt v1..master
	is "$STATUS $ERR" "1 treeplot: cannot read commit object $(id LM$kind): corrupt loose object $(id LM$kind): $why" \
	   "loose object $kind: the walk stops with an error naming it"
	tpt
	is "$STATUS $ERR" "1 treeplot: cannot read commit $(id LM$kind), the first parent of $(id l2$kind): corrupt loose object $(id LM$kind): $why" \
	   "loose object $kind: the default range too"
	cd "$SCRATCH" || exit 1
done

# --- a tag naming itself; invalid ref names ----------------------------------------------

mkdir tags
cd tags || exit 1
repo
mk t0 "main: 0"
mk t1 "main: 1" t0
ref refs/heads/master t1
ref refs/tags/v1 t0
git symbolic-ref HEAD refs/heads/master
X=1111111111111111111111111111111111111111
"$PYTHON" - "$X" <<'PY'
import sys, zlib, os
x = sys.argv[1]
body = ('object %s\ntype tag\ntag vself\ntagger T <t@example.org> 1230000000 +0000\n\nself\n' % x).encode()
d = '.git/objects/' + x[:2]
os.makedirs(d, exist_ok=True)
open(d + '/' + x[2:], 'wb').write(zlib.compress(b'tag %d\0' % len(body) + body))
PY
echo "$X" >.git/refs/tags/vself
tpt
is "$STATUS $(printf '%s\n' "$OUT" | sed -n 2p)" "0 range       v1..HEAD" \
   "a tag naming itself: the default range passes it by"
tpt vself..master
is "$STATUS $ERR" "2 treeplot: 'vself' is not a commit" "a tag naming itself: named, not a commit"
tpt --trace vself master
is "$STATUS $ERR" "1 treeplot: vself: not a commit" "a tag naming itself: traced, not a commit"
rm .git/refs/tags/vself
echo "$(id t0)" >".git/refs/tags/bad${ESC}]0;x${BEL}name"
echo "$(id t0)" >.git/refs/tags/bad..dots
echo "$(id t0)" >".git/refs/tags/v0${RLO}"
tpt
is "$STATUS $ERR $(printf '%s\n' "$OUT" | sed -n 2p)" '0  range       v0\xe2\x80\xae..HEAD' \
   "invalid ref names: skipped, as git skips them; a valid one with U+202E escaped"
cd "$SCRATCH" || exit 1

# --- the default range: a missing first parent is an error, not a boundary -------------

mkdir line
cd line || exit 1
repo
mk f0 "main: 0"
mk f1 "main: 1" f0
mk f2 "main: 2" f1
mk fa "a: 1" f2
mk FM "Merge branch 'a' of git://x.example/a" f2 fa
mk f3 "main: 3" FM
ref refs/heads/master f3
ref refs/tags/v1 f1
git symbolic-ref HEAD refs/heads/master
git commit-graph write --reachable 2>/dev/null
rm -f ".git/objects/$(id f2 | cut -c1-2)/$(id f2 | cut -c3-)"
tpt
is "$STATUS $ERR" "1 treeplot: cannot read commit $(id f2), the first parent of $(id FM): object not found - no match for id ($(id f2))" \
   "missing first parent with a commit-graph: an error, not the whole history"
cd "$SCRATCH" || exit 1

# --- a "parent" header after "author": not a parent, as git reads it --------------------

mkdir late
cd late || exit 1
repo
mk p0 "main: 0"
mk px "x: 0"
mk p1 "main: 1" p0
{
	printf 'tree %s\nparent %s\n' "$T_EMPTY_TREE" "$(id p1)"
	printf 'author A <a@example.org> 1230009000 +0000\nparent %s\n' "$(id px)"
	printf 'committer C <c@example.org> 1230009000 +0000\n\nmain: 2\n'
} >raw
printf 'p2\t%s\n' "$(git hash-object -t commit -w --literally raw)" >>"$T_MAP"
ref refs/heads/master p2
git symbolic-ref HEAD refs/heads/master
is "$(git rev-list "$(id p2)" | names | tr '\n' ' ')" "p2 p1 p0 " "late parent: git ignores it"
tpt -T commits "$(id p2)"
is "$STATUS $(printf '%s\n' "$OUT" | names | sort | tr '\n' ' ')" \
   "0 p0	mainline p1	mainline p2	mainline " "late parent: treeplot reads the same three commits, by full id"
tpt -T commits "$(id p0)..master"
is "$STATUS $(printf '%s\n' "$OUT" | names | sort | tr '\n' ' ')" \
   "0 p1	mainline p2	mainline " "late parent: and through a ref"
cd "$SCRATCH" || exit 1

# --- split commit-graph chains checked against their BASE chunks ------------------------

mkdir chain
cd chain || exit 1
repo bare
mk k0 "main: 0"
prev=k0
for layer in 1 2 3; do
	for i in 1 2 3; do
		mk ka$layer$i "a: $layer $i" $prev
		mk KM$layer$i "Merge branch 'a' of git://chain.example/t$layer" $prev ka$layer$i
		prev=KM$layer$i
	done
	ref refs/heads/master $prev
	git commit-graph write --reachable --split=no-merge 2>/dev/null
done
git symbolic-ref HEAD refs/heads/master
is "$(wc -l <objects/info/commit-graphs/commit-graph-chain)" 3 "chain fixture: three layers"
tpt -T commits
printf '%s\n' "$OUT" >chain.commits
mv objects/info/commit-graphs graphs.saved
tpt -T commits
is "$OUT" "$(cat chain.commits)" "chain: the layers give what the objects give"
mkdir objects/info/commit-graphs
cp graphs.saved/*.graph objects/info/commit-graphs/
tac graphs.saved/commit-graph-chain >objects/info/commit-graphs/commit-graph-chain
tpt -T commits
is "$STATUS $OUT" "0 $(cat chain.commits)" "chain in the wrong order: not used, the same answer"
sed 1d graphs.saved/commit-graph-chain >objects/info/commit-graphs/commit-graph-chain
tpt -T commits
is "$STATUS $OUT" "0 $(cat chain.commits)" "chain missing its base: not used, the same answer"
cd "$SCRATCH" || exit 1

# --- an octopus of 65,536 parents: refused, saying the limit --------------------------

mkdir octo
cd octo || exit 1
repo bare
awk 'BEGIN {
	for (i = 1; i <= 65536; i++)
		printf "reset refs/roots/r\ncommit refs/roots/r\nmark :%d\n" \
		       "committer C <c@example.org> 1230000000 +0000\n" \
		       "data %d\n%d\n", i, length(i "") + 1, i
}' | git fast-import --quiet --export-marks=marks
git update-ref -d refs/roots/r
{
	printf 'tree %s\n' "$T_EMPTY_TREE"
	awk '{ print "parent " $2 }' marks
	printf 'author A <a@example.org> 1230000100 +0000\n'
	printf 'committer C <c@example.org> 1230000100 +0000\n\n'
	printf "Merge branches of git://octo.example/wide\n"
} >raw
O=$(git hash-object -t commit -w --literally raw)
git update-ref refs/heads/master "$O"
git symbolic-ref HEAD refs/heads/master
is "$(git cat-file -p "$O" | grep -c '^parent ')" 65536 "octopus fixture: 65,536 parents"
tpt
is "$STATUS $ERR" "1 treeplot: commit $O has too many parents (65536; treeplot reads up to 65535)" \
   "octopus of 65,536: refused, the limit said"
# git 2.39 computes the octopus's generation in time quadratic in its
# parents (a minute, most of this file's time) unless the parents'
# are known: so the roots are written first, as a layer, then the
# octopus with them into one layer again (--split=replace): one graph
# file holding every commit and the EDGE chunk, as a plain write gives.
awk '{ print $2 }' marks | git commit-graph write --stdin-commits --split=no-merge 2>/dev/null &&
	git commit-graph write --reachable --split=replace 2>/dev/null &&
	[ "$(grep -c . objects/info/commit-graphs/commit-graph-chain)" -eq 1 ] &&
	git commit-graph verify 2>/dev/null
ok $? "octopus, commit-graph: git writes it (one layer) and verifies it"
tpt
is "$STATUS $ERR" "1 treeplot: commit $O has too many parents (65536; treeplot reads up to 65535)" \
   "octopus of 65,536, commit-graph: the same error, not a corrupt record"
cd "$SCRATCH" || exit 1

# --- error classes: libgit2's reason kept -----------------------------------------------

mkdir classes
cd classes || exit 1
repo
mk c0 "main: 0"
ref refs/heads/master c0
git symbolic-ref HEAD refs/heads/master
cp .git/config config.good
printf '[core\n' >>.git/config
tpt
is "$STATUS $ERR" "1 treeplot: cannot open the repository '.': failed to parse config file: missing ']' in section header (in $SCRATCH/classes/.git/config:7)" \
   "a bad .git/config: its reason, not 'not a git repository'"
cp config.good .git/config
git config core.repositoryformatversion 1
git config extensions.weird yes
tpt
is "$STATUS $ERR" "1 treeplot: cannot open the repository '.': unsupported extension name extensions.weird" \
   "an unsupported extension: its reason"
cp config.good .git/config
cd "$SCRATCH" || exit 1

# --- replace refs and grafts are ignored, as documented ------------------------------

mkdir graft
cd graft || exit 1
repo
mk g0 "main: 0"
mk g1 "g: 1" g0
mk G1 "Merge branch 'g' of git://graft.example/g" g0 g1
mk g2 "main: 2" G1
ref refs/heads/master g2
git symbolic-ref HEAD refs/heads/master
tpt -T commits
printf '%s\n' "$OUT" >before
# Graft the merge away: git log now sees g2 on g0 alone.
git replace --graft "$(id g2)" "$(id g0)"
is "$(git log --format=%s | sed -n 2p)" "main: 0" "graft: git log follows the replacement"
mkdir -p .git/info
printf '%s %s\n' "$(id G1)" "$(id g0)" >.git/info/grafts
tpt -T commits
is "$STATUS $OUT" "0 $(cat before)" "graft: treeplot reads the commits as they are written"
cd "$SCRATCH" || exit 1

done_testing
