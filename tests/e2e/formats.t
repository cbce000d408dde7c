#!/bin/sh
# Output formats: the extension of -o, -T, agreement between renderers,
# atomic replacement, --title, --mainline, --mainline-url and
# remote.origin.url, and every layout engine.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

plan 65

mkdir fx
cd fx || exit 1
build_fixture
R=v1.0..v2.0

# The text of an SVG's <text> elements, one a line, entities decoded.
svg_texts() {
	sed -n 's/.*<text[^>]*>\(.*\)<\/text>.*/\1/p' "$1" |
	sed 's/&#45;/-/g; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&#39;/'"'"'/g; s/&amp;/\&/g'
}
# The edges of a DOT graph: "from<TAB>to<TAB>commits", from their tooltips
# ("FROM -> TO: N commits in P pulls"; the direct commits' edge has no
# pulls).  Labels do not say it: an edge carrying all of its tree's
# commits leaves the count to the tree's box.
dot_edges() {
	gvpr 'E { printf("%s\n", $.tooltip); }' "$1" | grep ' in [0-9]* pull' |
	sed 's/ -> /\t/; s/: \([0-9]*\) commits\{0,1\} in .*/\t\1/' | sort
}
magic() { head -c "$2" "$1" | od -An -tx1 | tr -d ' \n'; }

tp -T text $R;    TEXT=$OUT
tpc -T commits $R; COMMITS=$OUT
tp -T json $R;    JSON=$OUT

# --- -o: the format follows the extension ---------------------------------------------

tp -o out.svg $R
is "$STATUS:$(wc -c <"$SCRATCH/.out")" "0:0" ".svg: exit 0, nothing on stdout"
xmllint --noout out.svg
ok $? ".svg: well-formed XML"
grep -q '<svg' out.svg
ok $? ".svg: an <svg> element"
for n in mainline davem/net-2.6 linville/wireless-2.6 iwlwifi/iwlwifi-2.6 \
	 x86/linux-2.6-tip jikos/hid tiwai/sound-2.6; do
	svg_texts out.svg | grep -qxF "$n" || { echo "# no label $n"; false; }
done
ok $? ".svg: a label for the mainline and every tree"
tp -o out.png $R
is "$(magic out.png 8)" 89504e470d0a1a0a ".png: the PNG signature"
tp -o out.pdf $R
is "$(head -c 5 out.pdf)" "%PDF-" ".pdf: starts with %PDF-"
for e in dot gv; do
	tp -o out.$e $R
	dot -Tcanon out.$e >/dev/null 2>"$SCRATCH/.doterr" && [ ! -s "$SCRATCH/.doterr" ]
	ok $? ".$e: dot -Tcanon accepts it, no warnings"
	grep -q '^digraph' out.$e
	ok $? ".$e: a digraph"
done
cmp -s out.dot out.gv
ok $? ".dot and .gv: the same"
tp -T dot $R
is "$OUT" "$(cat out.dot)" ".dot: the same as -T dot"
tp -o out.json $R
jq -e . out.json >/dev/null
ok $? ".json: valid JSON (jq -e .)"
is "$(cat out.json)" "$JSON" ".json: the same as -T json"
tp -o out.tsv $R
is "$(paths <out.tsv)" "$COMMITS" ".tsv: the same as -T commits"
tp -o out.txt $R
is "$(cat out.txt)" "$TEXT" ".txt: the same as the default text"
tp $R
is "$OUT" "$TEXT" "no -o, no -T: text on stdout"
tp -o OUT.SVG $R
xmllint --noout OUT.SVG 2>/dev/null
ok $? ".SVG (upper case): SVG"

# --- -T and an extension that contradicts it --------------------------------------

# -T json -o x.svg wrote JSON into x.svg, exit 0: a usage error now,
# naming the file name that fits; nothing is written.
for c in "json t1.svg svg t1.json" "text t2.png png t2.txt" \
	 "commits t3.json json t3.tsv" "svg t4.txt text t4.svg" \
	 "png t5.pdf pdf t5.png"; do
	set -- $c
	tp -T "$1" -o "$2" $R
	[ "$STATUS" -eq 2 ] && [ ! -e "$2" ] &&
	[ "$ERR" = "treeplot: -T $1 does not fit the name '$2', whose extension means $3: name it '$4', or leave -T out" ]
	ok $? "-T $1 -o $2: exit 2, nothing written, '$4' named"
done
tp -T json -o t6 $R
is "$(cat t6)" "$JSON" "-T json -o a name without an extension: JSON"
tp -T svg -o t7.SVG $R
xmllint --noout t7.SVG
ok $? "-T svg -o x.SVG: the extension agrees, whatever its case"
"$TREEPLOT" -T png $R >stdout.png
is "$(magic stdout.png 8)" 89504e470d0a1a0a "-T png, no -o: PNG on stdout"
"$TREEPLOT" -T pdf $R >stdout.pdf
is "$(head -c 5 stdout.pdf)" "%PDF-" "-T pdf, no -o: PDF on stdout"

# --- the renderers agree ---------------------------------------------------------

is "$(printf '%s\n' "$TEXT" | sed -n 3p | sed 's/^ *//')" \
   "$(printf '%s\n' "$JSON" | jq -r '"\(.commits) commits, \(.direct) direct to the mainline, \(.merges) merges, \(.summary.tree_count) trees"')" \
   "text header and json: commits, direct, merges, trees"
t=$(printf '%s\n' "$TEXT" | awk '/^  commits in range/ {c=$NF} /^  direct to the mainline/ {d=$5} /^  merges/ {m=$NF} /^  trees  / {t=$NF} END {print c, d, m, t}')
is "$t" "$(printf '%s\n' "$JSON" | jq -r '"\(.commits) \(.direct) \(.merges) \(.summary.tree_count)"')" \
   "text summary and json: commits, direct, merges, trees"
# Trees feeding the mainline directly: text flow at depth 1 vs json edges.
is "$(printf '%s\n' "$TEXT" | awk '/^Flow/ {f=1; next} /^$/ {f=0} f && /^ *[0-9]+    [^ ]/ {print $2 "\t" $1}' | sort)" \
   "$(printf '%s\n' "$JSON" | jq -r '.edges[] | select(.to == "mainline") | "\(.from)\t\(.commits)"' | sort)" \
   "text flow and json: commits from each tree straight into the mainline"
is "$(printf '%s\n' "$JSON" | jq -r '.edges[] | "\(.from)\t\(.to)\t\(.commits)"' | sort)" \
   "$(dot_edges out.dot)" "json edges and DOT edge labels: the same commits"
is "$(printf '%s\n' "$JSON" | jq -r '.trees[] | "\(.name)\n\(.commits) commit\(if .commits == 1 then "" else "s" end)"' | paste - - | sort)" \
   "$(svg_texts out.svg | grep -B1 -E '^[0-9]+ commits?$' | grep -v -e '^--$' | paste - - | grep -v -e '^mainline	' -e '^applied on the mainline	' -e '^topic branches	' | sort)" \
   "json trees and SVG node labels: the same names and commits"
svg_texts out.svg | grep -A1 -x mainline | grep -qxF "$(printf '%s\n' "$JSON" | jq -r '"\(.commits) commits"')" &&
svg_texts out.svg | grep -A1 -x 'applied on the mainline' | grep -qxF "$(printf '%s\n' "$JSON" | jq -r '"\(.direct_applied) commits"')" &&
svg_texts out.svg | grep -A1 -x 'topic branches' | grep -qxF "$(printf '%s\n' "$JSON" | jq -r '"\(.direct_topics) commits"')"
ok $? "SVG mainline and direct nodes: json's commits, and direct's, applied and through topic branches"
is "$(printf '%s\n' "$COMMITS" | wc -l | tr -d ' ')" "$(printf '%s\n' "$JSON" | jq .commits)" \
   "commits lines = json commits"
is "$(printf '%s\n' "$COMMITS" | awk -F'\t' 'NF == 2' | wc -l | tr -d ' ')" \
   "$(printf '%s\n' "$JSON" | jq .direct)" "commits lines straight to the mainline = json direct"

# --- atomic replacement ------------------------------------------------------------

printf 'old content\n' >keep.svg
ln keep.svg keep.link
tp -o keep.svg nope
is "$STATUS" 2 "failing run onto an existing file: exit status 2"
is "$(cat keep.svg)" "old content" "failing run: the old file is intact"
is "$(ls -d .treeplot-* 2>/dev/null)" "" "failing run: no temporary file left"
tp -C "$SCRATCH/nowhere" -o keep.svg
is "$STATUS" 1 "failing run (no repository) onto an existing file: exit status 1"
is "$(cat keep.svg)" "old content" "failing run (no repository): the old file is intact"
tp -o keep.svg $R
is "$STATUS" 0 "successful run onto an existing file: exit status 0"
xmllint --noout keep.svg
ok $? "successful run: the file now holds the SVG"
is "$(cat keep.link)" "old content" \
   "successful run: the file was replaced (renamed over), not rewritten in place"
is "$(ls -d ./.treeplot-* 2>/dev/null)" "" "no temporary file left anywhere"

# --- --title ---------------------------------------------------------------------

tp -T svg -o title.svg --title 'Flow of 2.0 <&> "quoted"' $R
xmllint --noout title.svg
ok $? "--title: SVG still well-formed"
svg_texts title.svg | grep -qxF 'Flow of 2.0 <&> "quoted"'
ok $? "--title: the title appears in the SVG"
tp -T dot --title 'Flow of 2.0' $R
printf '%s\n' "$OUT" | grep -qF '<FONT POINT-SIZE="22">Flow of 2.0</FONT>'
ok $? "--title: the title in the graph's label in DOT"

# --- --mainline --------------------------------------------------------------------

tp --mainline Linus $R
printf '%s\n' "$OUT" | grep -Eqx ' +21  Linus'
ok $? "--mainline Linus: the root of the text flow"
printf '%s\n' "$OUT" | grep -Eq '^ +[0-9]+ +mainline$'
ok $((! $?)) "--mainline Linus: no 'mainline' node left in the text flow"
tpc -T commits --mainline Linus $R
is "$OUT" "$(printf '%s\n' "$COMMITS" | sed 's/	mainline$/	Linus/')" \
   "--mainline Linus: the last field of every commits line"
tp -T json --mainline Linus $R
is "$(printf '%s\n' "$OUT" | jq -c '[.mainline.name, ([.edges[] | select(.to == "Linus")] | length), ([.edges[] | select(.to == "mainline")] | length)]')" \
   '["Linus",4,0]' "--mainline Linus: json mainline name and edges into it"
tp -T dot --mainline Linus $R
printf '%s\n' "$OUT" | grep -qF 'label="Linus\n21 commits"'
ok $? "--mainline Linus: the root node in DOT"

# --- --mainline-url and remote.origin.url ---------------------------------------------

# With net's URL the mainline's own, net's merges are internal: its own
# commits are direct, the trees it pulled feed the mainline.
NET_AS_MAINLINE=$(printf '%s\n' "$FIXTURE_COMMITS" | sed 's/	davem\/net-2\.6//')
tpc -T commits --mainline-url "$K/davem/net-2.6" $R
is "$STATUS" 0 "--mainline-url: exit status 0"
is "$(printf '%s\n' "$OUT" | names)" "$NET_AS_MAINLINE" \
   "--mainline-url (net's git:// URL): net's merges are internal"
tpc -T commits --mainline-url https://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git/ $R
is "$(printf '%s\n' "$OUT" | names)" "$NET_AS_MAINLINE" \
   "--mainline-url (net's other spelling): the same"
tp -T json --mainline-url "$K/davem/net-2.6" $R
is "$(printf '%s\n' "$OUT" | jq -c '[.commits, .direct, .summary.tree_count, ([.trees[].name] | index("davem/net-2.6"))]')" \
   '[21,9,5,null]' "--mainline-url: json direct 9, 5 trees, net gone"
tpc -T commits --mainline-url "$K/davem/net-2.6" --mainline-url "$K/tiwai/sound-2.6" $R
is "$(printf '%s\n' "$OUT" | names)" \
   "$(printf '%s\n' "$NET_AS_MAINLINE" | sed 's/	tiwai\/sound-2\.6//')" \
   "--mainline-url twice: both trees internal"
git config remote.origin.url "$K/davem/net-2.6"
tpc -T commits $R
is "$(printf '%s\n' "$OUT" | names)" "$NET_AS_MAINLINE" \
   "remote.origin.url set to net's URL: the same as --mainline-url"
git config --unset remote.origin.url
tpc -T commits $R
is "$OUT" "$COMMITS" "remote.origin.url unset: back to the plain answer"

# --- every layout engine --------------------------------------------------------------

for l in dot twopi circo neato fdp sfdp; do
	tp -T svg -o layout-$l.svg --layout $l $R
	xmllint --noout layout-$l.svg 2>/dev/null &&
	svg_texts layout-$l.svg | grep -qxF davem/net-2.6
	ok $? "--layout $l: an SVG with the tree labels"
done

done_testing
