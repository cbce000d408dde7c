#!/bin/bash
# The HTML report (-T html, .html): one self-contained page, checked as a
# file (its data blocks against -T json and the truth, its policy, its
# size, its bytes run after run) and in headless Chromium through
# selenium (tests/html_driver.py, one browser session): a deep commit
# found by its id shows its true path (genhist's ground truth) and the
# merges --trace names, a tree's node shows the JSON's figures, nothing
# is fetched, the console holds no error, and a history full of markup
# and script shows it as text and runs none of it.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
DRIVER="$ROOT/tests/html_driver.py"
export GENHIST=$BUILD/genhist

plan 60

# block NAME FILE: the content of <script type="application/json"
# id="NAME">, as the page holds it.
block() {
	"$PYTHON" - "$1" "$2" <<'EOF'
import re, sys
s = open(sys.argv[2], encoding='utf-8').read()
m = re.search(r'<script type="application/json" id="%s">(.*?)</script>'
              % sys.argv[1], s, re.S)
sys.stdout.write(m.group(1) if m else '')
EOF
}
# field TAG FILE: the values of the driver's lines "TAG<TAB>...".
field() { awk -F '\t' -v t="$1" '$1 == t { sub(/^[^\t]*\t/, ""); print }' "$2"; }
# plural_n N WORD: "1 WORD", "N WORDs".
plural_n() { [ "$1" = 1 ] && echo "1 $2" || echo "$1 $2s"; }

# --- a generated history, with its ground truth -----------------------

G=$SCRATCH/gen
"$ROOT/tools/mkrepo.sh" "$G" --commits 3000 --seed 3 >"$SCRATCH/mkrepo.log" 2>&1
ok $? "a generated history of 3000 commits, with its truth"
RANGE=v1.3..v1.6
(cd "$G/repo.git" && "$TREEPLOT" -T html "$RANGE" >"$SCRATCH/g.html" 2>"$SCRATCH/err")
ok $? "-T html: exit 0"
(cd "$G/repo.git" && "$TREEPLOT" -o "$SCRATCH/g2.html" "$RANGE" &&
 "$TREEPLOT" -o "$SCRATCH/g3.HTM" "$RANGE" &&
 "$TREEPLOT" -T json "$RANGE" >"$SCRATCH/g.json" &&
 "$TREEPLOT" -T commits "$RANGE" >"$SCRATCH/g.commits" &&
 paths <"$SCRATCH/g.commits" >"$SCRATCH/g.tsv")
# A direct commit that came through one of the mainline's topic
# branches, and that merge.
TOPIC=$(awk -F '\t' -v n="$PATH_FIELD" 'NF == n && $2 != "-" { print $1 "\t" $2; exit }' "$SCRATCH/g.commits")
cmp -s "$SCRATCH/g.html" "$SCRATCH/g2.html" && cmp -s "$SCRATCH/g.html" "$SCRATCH/g3.HTM"
ok $? "-o x.html and -o x.HTM write what -T html writes"
# A clone of a local repository: its origin, a local path, nowhere on
# the page (not as the mainline's URL, not in the chart).
git clone -q --bare "$G/repo.git" "$SCRATCH/clone.git" &&
	"$TREEPLOT" -C "$SCRATCH/clone.git" -o "$SCRATCH/clone.html" "$RANGE" &&
	git -C "$SCRATCH/clone.git" config remote.origin.url | grep -q "^$G"
ok $? "a clone of a local repository, its origin a path"
is "$(grep -c -F "$G" "$SCRATCH/clone.html")" 0 "its page shows no local path"
(cd "$G/repo.git" && "$TREEPLOT" -T html "$RANGE") | cmp -s - "$SCRATCH/g.html"
ok $? "the same inputs give the same bytes"

# The flow block is the JSON renderer's output, only '<' spelled \u003c.
block flow "$SCRATCH/g.html" | sed 's/\\u003c/</g' >"$SCRATCH/flow.json"
cmp -s "$SCRATCH/flow.json" "$SCRATCH/g.json"
ok $? "the page's flow is exactly -T json's"

block commits "$SCRATCH/g.html" >"$SCRATCH/commits.json"
n=$(wc -l <"$SCRATCH/g.tsv")
jq -e --argjson n "$n" '.commits | length == 5 * $n' "$SCRATCH/commits.json" >/dev/null
ok $? "the commit table has every commit of the range ($n)"
size=$(wc -c <"$SCRATCH/g.html")
# The script and the style are the same on every page: what grows with
# the history is the rest, the data and the chart.
fixed=$(cat "$ROOT/src/render/html/report.js" "$ROOT/src/render/html/report.css" | wc -c)
echo "# page: $size bytes ($fixed of script and style), $n commits, $(((size - fixed) / n)) bytes a commit"
[ $((size - fixed)) -le $((400 * n)) ] && [ "$fixed" -le 65536 ]
ok $? "at most 400 bytes a commit beside the script and style ($(((size - fixed) / n))), those at most 64 KiB ($fixed)"

# The policy: nothing but the embedded script and style, by hash.
"$PYTHON" - "$SCRATCH/g.html" <<'EOF'
import base64, hashlib, re, sys
s = open(sys.argv[1], 'rb').read()
csp = re.search(rb'http-equiv="Content-Security-Policy" content="([^"]*)"', s)
def h(b):
    return b"'sha256-" + base64.b64encode(hashlib.sha256(b).digest()) + b"'"
code = re.findall(rb'<script>(.*?)</script>', s, re.S)
style = re.findall(rb'<style>(.*?)</style>', s, re.S)
want = (b"default-src 'none'; script-src " + h(code[0]) + b"; style-src " +
        h(style[0]) + b"; base-uri 'none'; form-action 'none'")
ok = (csp and csp.group(1) == want and len(code) == 1 and len(style) == 1
      and len(re.findall(rb'<script\b', s)) == 3
      and not re.search(rb'\s(src|href)=', s.split(b'<svg', 1)[0])
      and not re.search(rb'\sstyle=', s))
sys.exit(0 if ok else 1)
EOF
ok $? "CSP: default-src 'none', the one script and the one style by hash, no source, no style attribute"

# Every tree node carries its name, and every tree has a node.
"$PYTHON" - "$SCRATCH/g.html" "$SCRATCH/g.json" <<'EOF'
import json, re, sys, html
s = open(sys.argv[1], encoding='utf-8').read()
j = json.load(open(sys.argv[2]))
got = sorted(html.unescape(x) for x in
             re.findall(r'<g id="node\d+" class="node" data-tree="([^"]*)">', s))
want = sorted([j['mainline']['name']] + [t['name'] for t in j['trees']])
# The chart's nodes that are no tree: the direct commits' two flows.
others = len(re.findall(r'class="node">\n<title>(?:direct|direct_topics)</title>', s))
sys.exit(0 if got == want and others <= 2 and
         len(re.findall(r'class="node"', s)) == len(want) + others else 1)
EOF
ok $? "every tree's g.node has data-tree=NAME, one a tree of the JSON; the others are the direct flows"

# The deepest commit of the range by the truth (the longest path, then
# the smallest id), its path, and what --trace says of it.
DEEP=$(awk -F '\t' 'NR == FNR { in_range[$1] = 1; next }
	$1 in in_range { print NF "\t" $0 }' "$SCRATCH/g.tsv" "$G/expected.tsv" |
	sort -t "$(printf '\t')" -k1,1nr -k2,2 | head -n 1 | cut -f2-)
DEEP_ID=${DEEP%%	*}
DEEP_PATH=$(printf '%s\n' "$DEEP" | cut -f2- | tr '\t' '\n')
echo "# deep commit: $(printf '%s' "$DEEP" | tr '\t' ' ')"
[ "$(printf '%s\n' "$DEEP_PATH" | wc -l)" -ge 3 ]
ok $? "the range holds a commit at least two trees deep"
TRACE=$(cd "$G/repo.git" && "$TREEPLOT" --trace "$DEEP_ID" "$RANGE" |
	awk '/^  [^ ]/ { split($0, a, " -> "); from = substr(a[1], 3); to = a[2] }
	     /^    / { sub(/^    /, ""); id = $1; date = $2 " " $3 " " $4;
		     sub(/^[^ ]+  [^ ]+ [^ ]+ [^ ]+  /, "");
		     print from "\t" to "\t" id "\t" date "\t" $0 }')
AUTHOR=$(git --git-dir="$G/repo.git" log -1 --format=%an "$DEEP_ID")
SUBJECT=$(git --git-dir="$G/repo.git" log -1 --format=%s "$DEEP_ID")
BIG=$(jq -r '.trees[0].name' "$SCRATCH/g.json")
# With --top, the node of the folded trees stands for their commits.
(cd "$G/repo.git" && "$TREEPLOT" --top 5 -o "$SCRATCH/top.html" "$RANGE" &&
 "$TREEPLOT" --top 5 -T json "$RANGE" >"$SCRATCH/top.json")
FOLD=$(jq -r '.trees[] | select(.folded) | .name' "$SCRATCH/top.json")
FOLD_N=$(jq -r '.trees[] | select(.folded) | .commits' "$SCRATCH/top.json")

# --- a hostile history ----------------------------------------------------

H=$SCRATCH/hostile
mkdir "$H" && cd "$H" || exit 1
repo
S1='</script><script>window.pwned=1</script> fix'
S2='<img src=x onerror="window.pwned=2"> "><svg onload=window.pwned=3> & more'
A1='<img src=x onerror=window.pwned=4> "><svg onload=window.pwned=5>'
B1='</script><img src=x onerror=window.pwned=6>'
U1='javascript:window.pwned=7//'
mk m0 "main: 0"
mk m1 "main: 1" m0
# mkraw NAME AUTHOR SUBJECT PARENT: a commit object written as is (git
# commit-tree would drop the '<' and '>' of the author's name).
mkraw() {
	T_DATE=$((T_DATE + 60))
	printf 'tree %s\nparent %s\nauthor %s <a@example.org> %s +0000\ncommitter C <c@example.org> %s +0000\n\n%s\n' \
		"$T_EMPTY_TREE" "$(id "$4")" "$2" "$T_DATE" "$T_DATE" "$3" >"$SCRATCH/.raw"
	printf '%s\t%s\n' "$1" "$(git hash-object -t commit -w "$SCRATCH/.raw")" >>"$T_MAP"
}
mkraw x1 "$A1" "$S1" m1
mkraw x2 "$A1" "$S2" x1
mk xm "Merge branch '$B1' of git://evil.example/\"><svg onload=window.pwned=8>" m1 x2
mk y1 "y: 1" m1
mk ym "Merge branch 'y' of $U1" xm y1
mk m2 "main: 2" ym
ref refs/heads/master m2
ref refs/tags/v0 m0
git symbolic-ref HEAD refs/heads/master
git config treeplot.commitUrl 'https://git.example.org/c/%H?x=<b>'
"$TREEPLOT" -o "$SCRATCH/h.html" v0..master 2>"$SCRATCH/err"
ok $? "the hostile history's page is written"
"$TREEPLOT" -T json v0..master >"$SCRATCH/h.json"
HTREES=$(jq -r '.trees[].name' "$SCRATCH/h.json")
echo "# hostile trees: $(printf '%s' "$HTREES" | tr '\n' ' ')"
! grep -q '<img\|<svg onload\|</script><script' "$SCRATCH/h.html"
ok $? "no markup of the history's reaches the file as markup"

git config treeplot.commitUrl 'javascript:alert(1)//%H'
tp -o "$SCRATCH/bad.html" v0..master
is "$STATUS:$(test -e "$SCRATCH/bad.html"; echo $?):$ERR" \
   "2:1:treeplot: $H/.git/config: treeplot.commitUrl: bad value 'javascript:alert(1)//%H' (not an http:// or https:// URL)" \
   "treeplot.commitUrl = javascript:...: exit 2, one line, no page"
git config treeplot.commitUrl 'https://git.example.org/c/'
tp -o "$SCRATCH/bad.html" v0..master
is "$STATUS:$ERR" \
   "2:treeplot: $H/.git/config: treeplot.commitUrl: bad value 'https://git.example.org/c/' (no %H for the commit id)" \
   "treeplot.commitUrl without %H: exit 2"
# With a commit URL, ids link to it (http(s) only, %H the full id).
git config treeplot.commitUrl 'https://git.example.org/c/%H'
"$TREEPLOT" -o "$SCRATCH/u.html" v0..master
"$TREEPLOT" -o "$SCRATCH/e.html" master..master
git config --unset treeplot.commitUrl
tp -T html --trace "$(id x1)" v0..master
is "$STATUS:$OUT:$ERR" "2::treeplot: --trace writes text or json, not 'html'" \
   "--trace -T html: a usage error"
cd "$SCRATCH" || exit 1

# u-boot's move to another domain (identity.sh): a tree's keeper in its
# panel, the likely aliases with the line that joins each, as text.
. "$TESTDIR/identity.sh"
mkdir "$SCRATCH/cust" && (cd "$SCRATCH/cust" && build_moved >/dev/null 2>&1) &&
	"$TREEPLOT" -C "$SCRATCH/cust" -o "$SCRATCH/c.html" master &&
	"$TREEPLOT" -C "$SCRATCH/cust" -T json master >"$SCRATCH/c.json"
ok $? "u-boot's move: a page"
# --- in the browser: one session -------------------------------------------

# A chart of three trees: narrower than its legend.
# Their names share a start, which the timeline view says once.
mkdir "$SCRATCH/few" && (cd "$SCRATCH/few" && repo bare && mk fw0 "initial" &&
	mk fwa "a: 1" fw0 && mk fwm1 "Merge branch 'master' of git://example.org/pub/a" fw0 fwa &&
	mk fwb "b: 1" fw0 && mk fwm2 "Merge branch 'master' of git://example.org/pub/b" fwm1 fwb &&
	mk fwc "c: 1" fw0 && mk fwm3 "Merge branch 'master' of git://example.org/pub/c" fwm2 fwc &&
	ref refs/heads/master fwm3 && ref refs/tags/v1 fw0 && ref refs/tags/v2 fwm3 &&
	git symbolic-ref HEAD refs/heads/master &&
	"$TREEPLOT" -q --timeline -T html v1..v2 >"$SCRATCH/few.html") || echo "# few: not made"
(cd "$G/repo.git" && "$TREEPLOT" --review -T html "$RANGE" >"$SCRATCH/r.html" &&
	"$TREEPLOT" --review -T json "$RANGE" >"$SCRATCH/r.json")
"$PYTHON" "$DRIVER" \
	open:"$SCRATCH/g.html" log \
	search:"$DEEP_ID" pick:0 shot:"$SCRATCH/g.png" \
	search:"${DEEP_ID:0:7}" \
	click:"$BIG" keys:"$BIG" filter:"$SUBJECT" \
	search:"$AUTHOR $SUBJECT" \
	log \
	open:"$SCRATCH/h.html" page inert \
	search:pwned=1 pick:0 \
	search:onload \
	log \
	open:"$SCRATCH/u.html" search:pwned=1 pick:0 inert \
	open:"$SCRATCH/top.html" click:"$FOLD" \
	open:"$SCRATCH/e.html" search:x log \
	open:"$SCRATCH/g.html" search:"${TOPIC%%	*}" pick:0 \
	click:"$BIG" fit layout size:900,700 layout shot:"$SCRATCH/narrow.png" \
	size:1400,900 \
	open:"$SCRATCH/c.html" page click:git.u-boot-project.org/u-boot/custodians/u-boot-riscv log \
	open:"$SCRATCH/r.html" click:"$BIG" \
	size:900,700 open:"$SCRATCH/few.html" layout timeline \
	>"$SCRATCH/b.out" 2>"$SCRATCH/b.err"
ok $? "the browser session ran"
sed 's/^/# /' "$SCRATCH/b.err" | tail -n 20

# Split the session's output at each "open".
awk -v d="$SCRATCH" '/^ready\t/ { n++ } { print >(d "/b" n ".out") }' "$SCRATCH/b.out"
B1OUT=$SCRATCH/b1.out B2OUT=$SCRATCH/b2.out B3OUT=$SCRATCH/b3.out
B4OUT=$SCRATCH/b4.out B5OUT=$SCRATCH/b5.out B6OUT=$SCRATCH/b6.out
B7OUT=$SCRATCH/b7.out B8OUT=$SCRATCH/b8.out B9OUT=$SCRATCH/b9.out
echo "# generated page: script $(field ready "$B1OUT") ms, load $(field load "$B1OUT") ms," \
     "searches $(field search-ms "$B1OUT" | paste -sd ' ') ms"

# The deep commit, found by its full id: one result, then its path.
results=$(field results "$B1OUT" | head -n 1)
first=$(field result "$B1OUT" | head -n 1)
is "$results:$first" "1:${DEEP_ID:0:12} $SUBJECT" \
   "search by the full id: one result, the short id and the subject"
is "$(field note "$B1OUT" | head -n 1)" "1 commit" "the number of results shown above them"
n=$(awk -F '\t' '$1 == "results" { s++ } s == 3 && $1 == "result"' "$B1OUT" | wc -l)
is "$(awk -F '\t' '$1 == "results" { s++ } s == 3 && $1 == "note" { print $2 }' "$B1OUT")" \
   "$(plural_n "$n" commit)" "... for words too: as many as listed ($n)"
path=$(awk -F '\t' 'BEGIN { n = 0 } $1 == "results" { s++ }
	s == 1 && $1 == "hop" { if (!n++) print $2; print $3 }' "$B1OUT")
is "$path" "$DEEP_PATH" "its panel shows the true path, innermost tree first (genhist's truth)"
is "$(awk -F '\t' '$1 == "results" { s++ } s == 1 && $1 == "hop"' "$B1OUT" | cut -f2-)" \
   "$TRACE" "each hop's trees, merge id, date and subject are --trace's"
is "$(awk -F '\t' '$1 == "results" { s++ } s == 1 && $1 == "panel"' "$B1OUT" | sed -n 3p | cut -f2)" \
   "$(git --git-dir="$G/repo.git" log -1 --format='%an <%ae>' "$DEEP_ID")" \
   "the panel shows the commit's author"
lit=$(awk -F '\t' '$1 == "results" { s++ } s == 1 && $1 == "lit" { print $2 }' "$B1OUT" | sort)
is "$lit" "$(printf '%s\n' "$DEEP_PATH" | sort)" "its way is lit in the chart: the nodes of its path"
r2=$(awk -F '\t' '$1 == "results" { s++ } s == 2 && $1 == "result" { print $2 }' "$B1OUT")
printf '%s\n' "$r2" | grep -qx "${DEEP_ID:0:12} $SUBJECT"
ok $? "a 7-digit prefix finds it too"

# A click on the largest tree's node: the JSON's figures.
figs() {
	awk -F '\t' -v k="$1" '$1 == "panel" && $2 == "Tree" { s++ }
		s == k && $1 == "fig" { print $2 "=" $3 }' "$B1OUT"
}
want=$(jq -r --arg n "$BIG" '.trees[] | select(.name == $n) |
	"commits through it=\(.commits)\nits own=\(.own)\npulls=\(.pulls)\ndepth=\(.depth)",
	(.keepers[] | "keeper=\(.name) <\(.email)>: \(.pulls) pull\(if .pulls == 1 then "" else "s" end)")' \
	"$SCRATCH/g.json")
is "$(figs 1)" "$want" "a click on $BIG's node shows the JSON's figures"
is "$(figs 2)" "$want" "Enter on its focused node does the same"
count=$(awk -F '\t' '$1 == "panel" && $2 ~ /, newest first$/ { print $2 }' "$B1OUT" | head -n 1)
is "$count" "$(jq -r --arg n "$BIG" '.trees[] | select(.name == $n) | "\(.commits) commits, newest first"' "$SCRATCH/g.json")" \
   "its panel lists as many commits as went through it"
fl=$(field commit "$B1OUT" | grep -c " $SUBJECT\$")
want=$(awk -F '\t' -v b="$BIG" '{ for (i = 2; i <= NF; i++) if ($i == b) print $1 }' "$SCRATCH/g.tsv" |
	while read -r c; do git --git-dir="$G/repo.git" log -1 --format=%s "$c"; done |
	grep -cxF "$SUBJECT")
is "$fl" "$want" "its commit filter keeps the commits with that subject"
# Author and subject words together.
res=$(awk -F '\t' '$1 == "results" { s++ } s == 3 && $1 == "result" { print $2 }' "$B1OUT")
printf '%s\n' "$res" | grep -qxF "${DEEP_ID:0:12} $SUBJECT"
ok $? "search by the author's name and subject words finds the commit"

is "$(field console "$B1OUT")" "" "generated page: the console holds nothing"
is "$(field resource "$B1OUT")" "" "generated page: nothing was fetched"

# The hostile page: everything shows as written, nothing ran.
title=$(field title "$B2OUT")
is "$title" "treeplot: hostile v0..master" "hostile: the title"
text=$(field text "$B2OUT")
# The panel of the mainline lists the pulled trees by name.
missing=
while IFS= read -r t; do
	printf '%s\n' "$text" | grep -qF -- "$t" || missing="$missing [$t]"
done <<EOF
$HTREES
EOF
is "$missing" "" "hostile: every tree name shows as written"
is "$(field img "$B2OUT"):$(field onattr "$B2OUT"):$(field pwned "$B2OUT")" "0:0:undefined,undefined" \
   "hostile: no img, no on* attribute, no payload ran"
res=$(awk -F '\t' '$1 == "results" { s++ } s == 1 && $1 == "result" { print $2 }' "$B2OUT")
is "$res" "$(id x1 | cut -c1-12) $S1" "hostile: a search for 'pwned=1' lists the subject as written"
hp=$(awk -F '\t' '$1 == "results" { s++ } s == 1 && $1 == "panel"' "$B2OUT" | cut -f2)
printf '%s\n' "$hp" | grep -qxF "$A1 <a@example.org>"
ok $? "hostile: the panel shows the author's name as written"
res=$(awk -F '\t' '$1 == "results" { s++ } s == 2 && $1 == "result" { print $2 }' "$B2OUT")
printf '%s\n' "$res" | grep -qxF "$(id x2 | cut -c1-12) $S2"
ok $? "hostile: a search for 'onload' finds the subject holding it, as written"
is "$(field a-href "$B2OUT")" "" "hostile: without treeplot.commitUrl no link"
is "$(field console "$B2OUT")" "" "hostile: the console holds nothing (no CSP violation)"
is "$(field resource "$B2OUT")" "" "hostile: nothing was fetched"

# With treeplot.commitUrl, ids link to it.
is "$(field a-href "$B3OUT" | grep -cxF "https://git.example.org/c/$(id x1)")" 1 \
   "treeplot.commitUrl: the commit's id links to the URL with %H the full id"
is "$(field a-href "$B3OUT" | grep -vc '^https://git.example.org/c/[0-9a-f]\{40\}$')" "0" \
   "every link is the commit URL's"

# --top: the folded trees' node lists their commits.
is "$(field fig "$B4OUT" | grep -v '^trees folded')" "$(jq -r '.trees[] | select(.folded) |
	"commits through it\t\(.commits)\nits own\t\(.own)\npulls\t\(.pulls)\ndepth\t\(.depth)"' "$SCRATCH/top.json")" \
   "--top: the node of '$FOLD' shows the JSON's figures"
is "$(field panel "$B4OUT" | grep 'newest first$')" "$FOLD_N commits, newest first" \
   "--top: and lists the commits of the trees folded ($FOLD_N)"

# An empty range: a page all the same, quiet.
is "$(field note "$B5OUT"):$(field console "$B5OUT")" "nothing matches:" \
   "an empty range: the page loads, searches, and the console holds nothing"

# A direct commit's way: through a topic branch, its merge named.
m=${TOPIC#*	}
is "$(field panel "$B6OUT" | sed -n '/^Its way to the mainline$/,$p' | sed -n '2,3p' | cut -c1-12)" \
   "direct to ma
${m:0:12}" "a topic branch's commit: direct to the mainline, with the merge of its branch"
field panel "$B6OUT" | grep -qx 'direct to mainline, through its topic branch'
ok $? "... said: through its topic branch"
is "$(awk -F '\t' '$1 == "panel" && $2 == "Tree" { exit } $1 == "lit" { print $2 }' "$B6OUT" | sort)" \
"direct_topics
mainline" "... lit: the topic branches' box and the mainline"

# The chart beside the panel, a tree's panel open: its boxes (at the
# fit, which is the chart's, not its legend's) within the chart's pane,
# clear of the panel and of the zoom bar, wide and narrow (the page
# re-fits when the pane changes shape).
layout_ok() {
	awk -F '\t' -v k="$1" '$1 == "rect" { n++ } $1 == "rect" && int((n - 1) / 5) == k - 1 {
		l[$2] = $3; t[$2] = $4; r[$2] = $5; b[$2] = $6 }
	function apart(a, c) { return r[a] <= l[c] || r[c] <= l[a] || b[a] <= t[c] || b[c] <= t[a] }
	END {
		if (!apart("boxes", "panel")) print "boxes over the panel"
		if (!apart("boxes", "zoom")) print "boxes under the zoom bar"
		if (l["boxes"] < l["chart"] || r["boxes"] > r["chart"] + 1 ||
		    t["boxes"] < t["chart"] || b["boxes"] > b["chart"] + 1)
			print "boxes outside the chart"
		if (r["chart"] > l["panel"]) print "chart under the panel"
	}' "$B6OUT"
}
is "$(layout_ok 1)" "" "1400x900, a panel open: the chart clear of the panel and the zoom bar"
is "$(layout_ok 2)" "" "900x700: the same, re-fitted"

# The custodians' page: the keeper, and what the evidence could not decide.
is "$(field fig "$B7OUT" | grep '^keeper')" \
   "$(jq -r '.trees[] | select(.name == "git.u-boot-project.org/u-boot/custodians/u-boot-riscv") | .keepers[] | "keeper\t\(.name) <\(.email)>: \(.pulls) pulls"' "$SCRATCH/c.json")" \
   "u-boot's move: a tree's panel names its keepers (one person, two addresses), as the JSON does"
is "$(field text "$B7OUT" | grep -A2 '^2 likely aliases')" \
"2 likely aliases (not applied: the line joins them)
$(jq -r '.likely_aliases[0] | "git config --add treeplot.alias '"'"'\(.name) \(.url)'"'"'\n\(.evidence)"' "$SCRATCH/c.json")" \
   "u-boot's move: the likely aliases as text, with the line that joins each and why"
is "$(field console "$B7OUT")" "" "u-boot's move: the console holds nothing"

# A chart narrower than its legend (a few trees): the fit on load is
# the chart's, its boxes' text readable (it was about 4 px under a
# legend as wide as a page).
px=$(field text-px "$B9OUT")
[ "${px:-0}" -ge 11 ]
ok $? "a narrow chart under a wide legend: the fit is the chart's, its text $px px high"

# The timeline view's rows named without the start they share, which
# its legend says once (as the SVG chart does); their titles whole.
is "$(field shown "$B9OUT" | paste -sd ' '):$(field row "$B9OUT" | paste -sd ' '):$(field legend "$B9OUT" | grep -c '^trees under example.org/pub/ are named without it$')" \
   "direct, by day a b c:direct, by day example.org/pub/a example.org/pub/b example.org/pub/c:1" \
   "timeline view: rows named without their shared start, said once in the legend"

# One palette with the SVG timeline chart: its direct commits are
# vermillion (#d55e00), so the page's are too, and its late pulls take
# a colour the chart gives nothing else (they were vermillion).
direct=$(grep -o '\.tl-direct { fill: #[0-9a-f]*' "$SCRATCH/g.html" | sed 's/.*#/#/')
late=$(grep -o '\.tl-pull\.late { fill: #[0-9a-f]*' "$SCRATCH/g.html" | sed 's/.*#/#/')
[ "$direct" = "#d55e00" ] && [ -n "$late" ] && [ "$late" != "#d55e00" ] && [ "$late" != "#0072b2" ]
ok $? "timeline view: direct commits vermillion as in the SVG chart, late pulls another colour ($late)"

# --review's figures in a tree's panel say what "reviewed" counts.
is "$(awk -F '\t' '$1 == "fig" && $2 ~ /^reviewed/ { print $2 ": " $3 }' "$B8OUT" | sed 's/ (.*)$//')" \
   "reviewed: $(jq -r --arg t "$BIG" '.trees[] | select(.name == $t) | .review |
	(1000 * .reviewed / .commits + 0.5 | floor) / 10 | tostring |
	if test("\\.") then . else . + ".0" end + "%"' "$SCRATCH/r.json")
reviewed means: a Reviewed-by or Acked-by from neither author nor committer" \
   "--review: a tree's panel gives its reviewed share and what it counts"

# HTML_SHOT=FILE keeps the screenshot of the deep commit's panel (the
# README's is one).
[ -z "${HTML_SHOT:-}" ] || cp "$SCRATCH/g.png" "$HTML_SHOT"
done_testing
