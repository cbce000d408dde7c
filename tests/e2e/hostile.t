#!/bin/sh
# Untrusted text: tree names and subjects come from commit messages.
# Every output must stay well-formed and inert whatever they hold.
. "$(dirname "$0")/lib.sh"

plan 62

ESC=$(printf '\033')
TAB=$(printf '\t')
BAD=$(printf '\377\376')

# mkraw NAME SUBJECT [PARENT...]: like mk, but the commit object is
# written as is (git commit-tree would re-encode invalid UTF-8).
mkraw() {
	name=$1 subject=$2
	shift 2
	T_DATE=$((T_DATE + 60))
	{
		printf 'tree %s\n' "$T_EMPTY_TREE"
		for p in "$@"; do printf 'parent %s\n' "$(id "$p")"; done
		printf 'author A <a@example.org> %s +0000\n' "$T_DATE"
		printf 'committer C <c@example.org> %s +0000\n\n' "$T_DATE"
		printf '%s\n' "$subject"
	} >"$SCRATCH/.raw"
	c=$(git hash-object -t commit -w "$SCRATCH/.raw") || exit 1
	printf '%s\t%s\n' "$name" "$c" >>"$T_MAP"
}

QUOTE='evil.example/"quote"<script>alert(1)</script>&amp;{brace}\back'
DEEP='evil.example/deep\N"x"\l'
mkdir hostile
cd hostile || exit 1
repo
mk m0 "main: 0"
mk m1 "main: 1" m0
mk p1 "p: 1" m1
mk q1 "q: 1" m1
mk qm "Merge branch 'p' of git://$DEEP" q1 p1
mk y1 "y: 1" m1
mk z1 "z: 1" m1
mk u1 "u: 1" m1
mk w1 "w: 1" m1
mk M1 "Merge branch 'x' of git://$QUOTE" m1 qm
mk M2 "Merge branch 'y' of git://evil.example/$ESC[31mred${TAB}tab" M1 y1
mkraw M3 "Merge branch 'z' of git://evil.example/bad${BAD}utf8" M2 z1
mkraw M4 "Unrecognised $ESC[2J merge${TAB}here $BAD back\\slash" M3 u1
mk M5 "Merge branch 'w${TAB}${ESC}[0m' of git://evil.example/tree" M4 w1
mk m2 "main: 2" M5
ref refs/heads/master m2
ref refs/tags/v1 m1
git symbolic-ref HEAD refs/heads/master

git cat-file commit "$(id M3)" | grep -q "$BAD"
ok $? "fixture: M3's subject holds the invalid bytes as they are"

# valid_utf8 FILE: the file is valid UTF-8.
valid_utf8() {
	perl -MEncode -e 'local $/; my $s = <STDIN>;
		eval { decode("UTF-8", $s, Encode::FB_CROAK); 1 } or exit 1' <"$1"
}
# controls FILE: how many lines hold a control character (but tab).
controls() { tr -d '\t' <"$1" | LC_ALL=C grep -c '[[:cntrl:]]'; }
# svg_texts FILE: the text of the <text> elements, entities decoded.
svg_texts() {
	sed -n 's/.*<text[^>]*>\(.*\)<\/text>.*/\1/p' "$1" |
	sed 's/&#45;/-/g; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&#39;/'"'"'/g; s/&amp;/\&/g'
}

# --- text ---------------------------------------------------------------------

"$TREEPLOT" >text.out 2>text.err
is "$?" 0 "text: exit status 0"
is "$(grep -c "$ESC" text.out)" 0 "text: no raw ESC byte"
is "$(controls text.out)" 0 "text: no raw control character"
grep -q "$TAB" text.out
ok $((! $?)) "text: no raw tab"
grep -qF 'Unrecognised \x1b[2J merge\there' text.out
ok $? "text: the unrecognised subject shows ESC and tab escaped (backslash-x1b, backslash-t)"
grep -qF 'back\\slash' text.out
ok $? "text: a backslash in a subject is doubled"
grep -qF 'evil.example/\x1b[31mred\ttab' text.out
ok $? "text: the URL with ESC and tab appears escaped"
grep -qF 'evil.example/"quote"<script>alert(1)</script>&amp;{brace}\\back' text.out
ok $? "text: the quote tree's name, its backslash doubled"
is "$(grep -c "$BAD" text.out)" 0 "text: no raw invalid bytes"

# --- commits ---------------------------------------------------------------------

"$TREEPLOT" -T commits | paths >commits.out
is "$?" 0 "commits: exit status 0"
is "$(controls commits.out)" 0 "commits: no control character but the separating tabs"
is "$(names <commits.out | awk -F'\t' '{ print $1, NF }' | sort)" "m2 2
p1 4
q1 3
u1 2
w1 3
y1 2
z1 3" "commits: every line has 1 + its path + the mainline fields"
is "$(names <commits.out | awk -F'\t' '$1 == "p1" { print $2 }')" \
   'evil.example/deep\\N"x"\\l' "commits: the deep tree's name, backslashes doubled"
is "$(names <commits.out | awk -F'\t' '$1 == "w1" { print $2 }')" \
   'evil.example/tree' "commits: a hostile branch name does not leak into the tree's name"

# --- JSON -------------------------------------------------------------------------

"$TREEPLOT" -T json >json.out
is "$?" 0 "json: exit status 0"
jq -e . json.out >/dev/null
ok $? "json: valid (jq -e .)"
valid_utf8 json.out
ok $? "json: valid UTF-8"
is "$(controls json.out)" 0 "json: no raw control character"
jq -e --arg n "$QUOTE" '[.trees[].name] | index($n) != null' json.out >/dev/null
ok $? "json: the quote tree's name round-trips exactly"
jq -e --arg n "$DEEP" '[.trees[].name] | index($n) != null' json.out >/dev/null
ok $? "json: the deep tree's name round-trips exactly"
jq -e '[.trees[].name] | index("evil.example/bad\ufffd\ufffdutf8") != null' json.out >/dev/null
ok $? "json: invalid bytes become U+FFFD"
jq -e --arg a "Unrecognised $ESC[2J merge${TAB}here " --arg b " back\\slash" \
   '[.unrecognised[].subject] | index($a + "\ufffd\ufffd" + $b) != null' json.out >/dev/null
ok $? "json: the unrecognised subject round-trips (ESC, tab, U+FFFD, backslash)"
grep -qF '\u001b' json.out
ok $? "json: ESC written as a \\u escape"

# --- DOT ---------------------------------------------------------------------------

"$TREEPLOT" -T dot >dot.out
is "$?" 0 "dot: exit status 0"
dot -Tcanon dot.out >/dev/null 2>dot.err && [ ! -s dot.err ]
ok $? "dot: dot -Tcanon parses it, no warnings"
valid_utf8 dot.out
ok $? "dot: valid UTF-8"
is "$(controls dot.out)" 0 "dot: no raw control character"
dot -Tsvg dot.out >dot.svg 2>/dev/null
svg_texts dot.svg | grep -qxF "$QUOTE" && svg_texts dot.svg | grep -qxF "$DEEP"
ok $? "dot: rendered by dot, the labels show the names exactly"

# --- SVG ---------------------------------------------------------------------------

"$TREEPLOT" -T svg >svg.out
is "$?" 0 "svg: exit status 0"
xmllint --noout svg.out
ok $? "svg: well-formed (xmllint)"
is "$(grep -c '<script' svg.out)" 0 "svg: no <script element"
grep -q '&lt;script&gt;' svg.out
ok $? "svg: the text <script> appears escaped"
svg_texts svg.out | grep -qxF "$QUOTE"
ok $? "svg: the quote tree's label shows the name exactly"
svg_texts svg.out | grep -qxF "$DEEP"
ok $? "svg: the deep tree's label shows the name exactly (no Graphviz escape expansion)"
is "$(controls svg.out)" 0 "svg: no raw control character"

# --- the mainline's name and the title are escaped too ---------------------------------

"$TREEPLOT" -T commits --mainline "Li${TAB}nus${ESC}" | paths >ml.out
is "$(awk -F'\t' '{ print $NF }' ml.out | sort -u)" 'Li\tnus\x1b' \
   "--mainline with a tab and ESC: escaped in the last commits field"
"$TREEPLOT" -T svg --title "<script>alert(2)</script>$ESC" \
	    --mainline '<script>x</script>' >t.svg
xmllint --noout t.svg && [ "$(grep -c '<script' t.svg)" -eq 0 ]
ok $? "--title and --mainline with <script>: SVG well-formed, no <script element"

# --- more: lone specials, scripts in branch names, javascript:, bidi, 100 KB -------

RLO=$(printf '\342\200\256')		# U+202E RIGHT-TO-LEFT OVERRIDE
LRI=$(printf '\342\201\246')		# U+2066 LEFT-TO-RIGHT ISOLATE
LONE='evil.example/lone"{<&\'
BIDI="evil.example/bidi${RLO}gpj.exe${LRI}x"
LONG=$(head -c 100000 /dev/zero | tr '\0' 'u')
cd "$SCRATCH" || exit 1
mkdir more
cd more || exit 1
repo
mk r "main: 0"
for b in a b c d e f g; do mk $b "$b: 1" r; done
mk X1 "Merge branch 'x' of git://$LONE" r a
mk X2 "Merge branch '<script>alert(3)</script>' of git://evil.example/branch" X1 b
mk X3 "Merge branch 'j' of javascript://evil.example/%0aalert(1)" X2 c
mk X4 "Merge branch 'b' of git://$BIDI" X3 d
mkraw X5 "Merge branch 'l' of git://evil.example/$LONG" X4 e
mkraw X6 "Merge odd \" { < & \\ ${RLO}done" X5 f
mkraw X7 "Merge $LONG $LONG" X6 g
ref refs/heads/master X7
git symbolic-ref HEAD refs/heads/master

# The work (lib.sh's counted) grows with the text: under 64 steps a
# byte of the messages (100 KB names, 200 KB subjects; 8 a byte when
# this was written), where handling them in quadratic time takes
# hundreds of thousands.
counted more.err "$TREEPLOT" -T text "$(id r)..master" >more.txt
is "$?" 0 "more, text: exit status 0"
BYTES=$(git log --format='%s%n%b' "$(id r)..master" | wc -c)
[ "$WORK" -lt $((BYTES * 64)) ]
ok $? "more, text: 100 KB subjects and names in $WORK steps for $BYTES bytes"
is "$(controls more.txt)" 0 "more, text: no raw control character"
is "$(grep -c "$RLO\|$LRI" more.txt)" 0 "more, text: no raw bidirectional control"
grep -qxF '      1    evil.example/bidi\xe2\x80\xaegpj.exe\xe2\x81\xa6x' more.txt
ok $? "more, text: bidirectional controls escaped as their bytes"
grep -qxF '      1    evil.example/lone"{<&\\' more.txt
ok $? "more, text: lone quote, brace, angle, ampersand as they are, the backslash doubled"
grep -qF 'Merge odd " { < & \\ \xe2\x80\xaedone' more.txt
ok $? "more, text: the unrecognised subject with lone specials and an override"
[ "$(awk '/^      1    evil\.example\/u+$/ { print length($0) }' more.txt)" \
  -eq $((11 + 13 + 100000)) ] &&
[ "$(awk '/^ +1  [0-9a-f]+  Merge u+ u+$/ { print length($0) }' more.txt)" \
  -eq $((9 + 12 + 2 + 6 + 200001)) ]
ok $? "more, text: the 100 KB name and the 200 KB subject, whole"
grep -q 'script\|alert(3)' more.txt
ok $((! $?)) "more, text: a branch name (<script>) never becomes a tree name"

"$TREEPLOT" -T commits "$(id r)..master" | paths >more.tsv
is "$(controls more.tsv)" 0 "more, commits: no raw control character but tabs"
is "$(grep -c "$RLO" more.tsv)" 0 "more, commits: no raw bidirectional control"

"$TREEPLOT" -T json "$(id r)..master" >more.json
jq -e . more.json >/dev/null && valid_utf8 more.json
ok $? "more, json: valid JSON, valid UTF-8"
is "$(grep -c "$RLO\|$LRI" more.json)" 0 "more, json: no raw bidirectional control"
jq -e --arg n "$BIDI" --arg l "$LONE" --arg g "evil.example/$LONG" \
   '[.trees[].name] | index($n) != null and index($l) != null and index($g) != null' \
   more.json >/dev/null
ok $? "more, json: the bidi, lone-specials and 100 KB names round-trip (as \\u escapes)"

"$TREEPLOT" -T dot "$(id r)..master" >more.dot
dot -Tcanon more.dot >/dev/null 2>more.dot.err && [ ! -s more.dot.err ]
ok $? "more, dot: dot -Tcanon parses it, no warnings"
is "$(grep -c "$RLO" more.dot)" 0 "more, dot: no raw bidirectional control"

"$TREEPLOT" -T svg "$(id r)..master" >more.svg
xmllint --noout more.svg
ok $? "more, svg: well-formed"
# xpath COUNT-EXPR: the number it gives on more.svg.
xpath() { xmllint --xpath "$1" more.svg 2>/dev/null; }
is "$(xpath "count(//*[local-name()='script' or local-name()='foreignObject' or
	local-name()='iframe' or local-name()='object' or local-name()='embed'])")" 0 \
   "more, svg: no script, foreignObject, iframe, object or embed element"
is "$(xpath "count(//@*[local-name()='href'])")" 0 "more, svg: no link (no href attribute)"
is "$(xpath "count(//@*[starts-with(local-name(), 'on')])")" 0 \
   "more, svg: no event handler attribute"
is "$(xpath "count(//@*[local-name()!='title'][contains(., 'javascript:')]) +
	count(//text()[contains(., 'javascript:')])")" 0 \
   "more, svg: javascript: only inside tooltips, as text"
svg_texts more.svg | grep -qxF 'evil.example/bidi\xe2\x80\xaegpj.exe\xe2\x81\xa6x'
ok $? "more, svg: the bidi name's label shows the escapes, not the override"
# Charts cut a text at 512 bytes, with an ellipsis: a node 100 KB wide
# is no chart, and dot reads no string over 16 KB.
svg_texts more.svg | grep -qx "evil.example/$(printf '%.499s' "$LONG")…"
ok $? "more, svg: the 100 KB name's label is cut at 512 bytes, with an ellipsis"
[ "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' more.dot)" -lt 16384 ]
ok $? "more, dot: no line (no string) reaches dot's 16 KB limit"

done_testing
