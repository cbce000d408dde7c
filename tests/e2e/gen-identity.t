#!/bin/bash
# Generated histories with the cases of tree identity (genhist
# --identity, its cases listed by --cases): one repository on sibling
# hosts side by side for years, a host renamed halfway, a path moved
# under a new group while the old one stays in use (pulled after the
# mainline's maintainer merged the mainline into it), a move across
# domains by its keeper, one keeper's two trees of different names, one
# name taken up by another keeper, four owners' forks of one project
# (three edited in GitHub's web page: committed by its noreply identity),
# kernel.org home-directory spellings, the mainline's committers pulling
# the central repository into master.  Every commit's path must be
# genhist's ground truth, every tree one node named as genhist says, a
# range's and --compare's alike; and no two trees are ever shown under
# one name, in any output.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
GENHIST=$BUILD/genhist
export GENHIST
CONFIGS="1:3000 4:20000"

plan $((10 * $(echo $CONFIGS | wc -w) + 8))

"$GENHIST" --commits 2000 --seed 3 >"$SCRATCH/plain" &&
"$GENHIST" --commits 2000 --seed 3 --identity >"$SCRATCH/ident" &&
! cmp -s "$SCRATCH/plain" "$SCRATCH/ident"
ok $? "genhist: --identity changes the stream (and only with it)"
rm -f "$SCRATCH/plain" "$SCRATCH/ident"

# cases.py CASES JSON EXPECTED: each case's tree that was pulled (a small
# fork may never be), as genhist's ground truth says.
cat >"$SCRATCH/cases.py" <<'EOT'
import json, sys
from urllib.parse import urlsplit
pulled = {n for l in open(sys.argv[3], encoding="utf-8")
          for n in l.rstrip("\n").split("\t")[1:]}
cases = [c for c in (l.rstrip("\n").split("\t")
         for l in open(sys.argv[1], encoding="utf-8")) if c[1] in pulled]
trees = {t["name"]: t for t in json.load(open(sys.argv[2]))["trees"]}
def host(u):
    return urlsplit(u).hostname if "://" in u else u.split(":")[0]
bad = []
by = {}
for what, name, urls in cases:
    by.setdefault(what, []).append(name)
    t = trees.get(name)
    if t is None:
        bad.append("no tree %s (%s)" % (name, what))
        continue
    if not set(t["urls"]) <= set(urls.split(" ")):
        bad.append("%s: spellings not its own: %s" % (name, t["urls"]))
    if what in ("side-by-side", "host-renamed", "moved-group", "cross-domain",
                "moved-domain", "new-address") \
       and len({host(u) for u in t["urls"]}) < 2:
        bad.append("%s (%s): one host only: %s" % (name, what, t["urls"]))
    if not t["keepers"] or any(k["name"] == "Main Line" or
                               k["email"] == "noreply@github.com"
                               for k in t["keepers"]):
        bad.append("%s: keepers %s" % (name, t["keepers"]))
# A forge's web committer over the forks is no keeper: forks of
# different owners stay apart, each kept by its owner.
by["fork"] = by.get("fork", []) + by.pop("web-fork", [])
for what in ("taken-up", "one-keeper", "fork"):
    names = by.get(what, [])
    if len(set(names)) != len(names) or len(names) < 2:
        bad.append("%s: %s" % (what, names))
    keepers = {trees[n]["keepers"][0]["email"] for n in names if n in trees}
    if (what == "one-keeper") != (len(keepers) == 1):
        bad.append("%s: keepers %s" % (what, keepers))
print("\n".join("# " + b for b in bad))
sys.exit(1 if bad else 0)
EOT

for cfg in $CONFIGS; do
	seed=${cfg%%:*} n=${cfg#*:}
	d=$SCRATCH/h$seed
	what="seed $seed, $n commits, --identity"

	mkdir -p "$d"
	"$ROOT/tools/mkrepo.sh" "$d" --commits "$n" --seed "$seed" \
		--identity --cases "$d/cases.tsv" >"$d.log" 2>&1
	ok $? "$what: generated and imported"

	"$TREEPLOT" -C "$d/repo.git" -T commits master 2>"$d/err" |
		paths | sort >"$d/got"
	cmp -s "$d/expected.tsv" "$d/got"
	ok $? "$what: every commit of master has its true path"
	diff "$d/expected.tsv" "$d/got" | head -5 | sed 's/^/# /'

	"$TREEPLOT" -C "$d/repo.git" -T json master >"$d/json" 2>>"$d/err"
	want=$(cut -f2- "$d/expected.tsv" | tr '\t' '\n' | sort -u |
	       grep -vcx mainline)
	is "$(jq '.summary.tree_count' "$d/json")" "$want" \
	   "$what: one node per tree ($want trees)"
	"$PYTHON" "$SCRATCH/cases.py" "$d/cases.tsv" "$d/json" "$d/expected.tsv"
	ok $? "$what: each case's tree one node, named and spelled as genhist says, kept by its maintainer"
	is "$(jq '[.mainline.urls[] | select(. == "ssh://central.example.org/home/linux/git/linux")] | length' "$d/json")" 1 \
	   "$what: the central repository self-pulled into master is the mainline's"
	jq -e '[.trees[].urls[] | select(startswith("master.kernel.org:/home/"))] | length > 0' "$d/json" >/dev/null
	ok $? "$what: home-directory spellings are in their kernel.org trees"
	tp -C "$d/repo.git" master
	printf '%s\n' "$OUT" | grep -q '^Likely aliases'
	is "$?" 1 "$what: the evidence decided every case: no likely alias"

	# --explain of one merge of each case, by its first spelling: the
	# case's tree (those pulled).
	cut -f2- "$d/expected.tsv" | tr '\t' '\n' | sort -u >"$d/pulled"
	awk -F '\t' 'NR == FNR { p[$1] = 1; next } ($2 in p) { split($3, u, " "); print $2 "\t" u[1] }' \
		"$d/pulled" "$d/cases.tsv" >"$d/firsts"
	merges=$(while IFS='	' read -r name url; do
			git -C "$d/repo.git" log --merges --format='%H %s' master |
				grep -F -m 1 " of $url" | cut -d' ' -f1
		done <"$d/firsts")
	# shellcheck disable=SC2086
	"$TREEPLOT" -C "$d/repo.git" -T json --explain $merges --range master \
		>"$d/explain" 2>>"$d/err"
	is "$(jq -r '.explained[].tree' "$d/explain" | sort)" \
	   "$(cut -f1 "$d/firsts" | sort)" \
	   "$what: --explain names each case's tree from a merge of its first spelling"

	# A range of its own: exactly its commits, with their true paths
	# (a tree named by its most recent spelling in the range).
	grep -E '	(v1\.(5|6|7)(-rc[0-9])?)$' "$d/cycles.tsv" | cut -f1 | sort >"$d/ids"
	join -t "	" "$d/ids" "$d/expected.tsv" >"$d/want"
	"$TREEPLOT" -C "$d/repo.git" -T json v1.4..v1.7 >"$d/rjson" 2>>"$d/err"
	jq -r --slurpfile m "$d/json" '
		($m[0].trees | map(.name as $n | .urls[] | {(.): $n}) | add) as $by |
		.trees[] | "\(.name)\t\($by[.urls[0]] // .name)"' "$d/rjson" >"$d/rename"
	"$TREEPLOT" -C "$d/repo.git" -T commits v1.4..v1.7 2>>"$d/err" |
		paths | awk -F '\t' -v OFS='\t' 'NR == FNR { to[$1] = $2; next }
			{ for (i = 2; i <= NF; i++) if ($i in to) $i = to[$i]; print }' \
			"$d/rename" - | sort >"$d/got"
	cmp -s "$d/want" "$d/got"
	ok $? "$what: v1.4..v1.7, exactly its commits, with their true paths"
	diff "$d/want" "$d/got" | head -5 | sed 's/^/# /'

	# --compare across the renames and the move: one tree in both
	# ranges, neither appeared nor disappeared.
	"$TREEPLOT" -C "$d/repo.git" --compare -T json v1.3..v1.4 v1.5..v1.6 \
		>"$d/cmp" 2>>"$d/err"
	moved=$(awk -F '\t' '$1 == "host-renamed" || $1 == "cross-domain" { print $2 }' "$d/cases.tsv" |
		jq -R . | jq -sc .)
	is "$(jq -c --argjson m "$moved" '[([.trees[] | select(.name as $n | $m | index($n)) | (.commits_by_range | map(. > 0))]),
		      ([.appeared[], .disappeared[]] | map(select(. as $n | $m | index($n))))]' "$d/cmp")" \
	   '[[[true,true],[true,true]],[]]' \
	   "$what: --compare across the moves: one tree in both ranges"
	sed 's/^/# /' "$d/err" | head -5
	[ "$seed" = 1 ] || rm -rf "$d"
done

# --- no two trees under one name, in any output ------------------------------

d=$SCRATCH/h1
R=v1.5..v1.9
cd "$d" || exit 1
"$TREEPLOT" -C repo.git -q -o r.txt -o r.json -o r.svg -o r.html $R
ok $? "the outputs of $R"
# The flow lists a tree once per way it took: its names, once each, are
# as many as the trees.
sed -n '/^Flow/,/^$/p' r.txt | sed -n '3,$s/^ *[0-9]*  *//p' | grep . | sort -u >names.txt
is "$(wc -l <names.txt)" "$(jq '.summary.tree_count' r.json)" \
   "text: as many names as trees: none shared"
is "$(jq -r '.trees[].name' r.json | sort | uniq -d)" "" "json: no name twice"
# The chart's boxes: each node's first line of text.
cat >shown.py <<'EOT'
import html, re, sys
svg = open(sys.argv[1], encoding="utf-8").read()
names = []
for m in re.finditer(r'<g id="node\d+" class="node"[^>]*>\s*<title>(t\d+)</title>(.*?)</g>\s*</g>', svg, re.S):
    t = re.search(r'<text[^>]*>([^<]*)</text>', m.group(2))
    names.append(html.unescape(t.group(1)))
print("\n".join(names))
EOT
"$PYTHON" shown.py r.svg >svg.txt
is "$(sort svg.txt | uniq -d)$(wc -l <svg.txt)" "$(($(jq '.summary.tree_count' r.json) + 1))" \
   "chart: every box named, none alike, none like the mainline"
"$PYTHON" - r.html <<'EOT'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
trees = re.findall(r'data-tree="([^"]*)"', page)
sys.exit(0 if trees and len(set(trees)) == len(trees) else 1)
EOT
ok $? "html: every node's tree once"
"$TREEPLOT" -C repo.git --compare --cycles v1.0..v1.9 -o cmp.txt -o trend.pdf
sed -n '/^Trees (commits/,/^$/p' cmp.txt | sed -n '2,$p' | sed 's/.*  //' | grep . >cmp-names.txt
is "$(sort cmp-names.txt | uniq -d)" "" "--compare text: no tree twice"
pdftotext -layout trend.pdf trend.txt
jq -r '.trees[:5][].name' <("$TREEPLOT" -C repo.git --compare --cycles v1.0..v1.9 -T json) >top.txt
"$PYTHON" - top.txt trend.txt <<'EOT'
import re, sys
names = open(sys.argv[1], encoding="utf-8").read().split("\n")[:-1]
text = open(sys.argv[2], encoding="utf-8").read()
title = re.search(r"Commits through the largest trees(?: \((.*)\))?", text)
note = title.group(1) or ""
pre = re.match(r"trees under (\S+) are named without it", note)
pre = pre.group(1) if pre else ""
cells = [c for line in text.split("\n") for c in re.split(r"\s{2,}", line.strip()) if c]
shown = []
for n in names:
    short = n[len(pre):] if pre and n.startswith(pre) else n
    def fits(c):
        if c == short:
            return True
        if len(c) > 28 or "\u2026" not in c:
            return False
        a, b = c.split("\u2026", 1)
        return short.startswith(a) and short.endswith(b)
    found = [c for c in cells if fits(c)]
    if not found:
        sys.exit("no legend entry for " + n)
    shown.append(found[0])
sys.exit(0 if len(set(shown)) == len(shown) else "two alike: %s" % shown)
EOT
ok $? "trend chart: the five largest trees in the legend, none alike"
cd "$SCRATCH" || exit 1

done_testing
