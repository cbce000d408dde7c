#!/bin/bash
# --review on a generated history (genhist --trailers: messages with the
# trailers kernel commits carry, and what each must count as): every
# figure (the range, each depth, each tree, --top's fold, the top
# reviewers and testers) against what review-truth.py computes apart
# from genhist's truth, every commit's fields against the truth and
# against git's own reading of it; the chart's box lines and tooltips,
# the CSV, the HTML panel, --compare and its trend chart; the same on 1
# and 4 threads, with and without a commit-graph.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist
TRUTH="$PYTHON $TESTDIR/review-truth.py"
# fields: -T commits lines as the id, the six review fields and the path.
fields() { cut -f1,7-12,"$PATH_FIELD"-; }
RANGES="v1.3..v1.5 master"

plan $((5 + 7 * 2 + 13))

d=$SCRATCH/h
"$ROOT/tools/mkrepo.sh" "$d" --commits 3000 --trees 25 --seed 7 \
	--trailers "$SCRATCH/trailers" --mailmap "$SCRATCH/mailmap" \
	--mailmap-tree >"$SCRATCH/mkrepo.log" 2>&1
ok $? "generated and imported, with genhist's trailers"
G=$d/repo.git
# The .mailmap is committed (--mailmap-tree) and the repository bare:
# read as HEAD:.mailmap, as git reads it there, with no configuration.
git --git-dir="$G" show HEAD:.mailmap | cmp -s - "$SCRATCH/mailmap" &&
	[ -s "$SCRATCH/mailmap" ] && [ -z "$(git --git-dir="$G" config mailmap.file)" ]
ok $? "bare, the .mailmap in HEAD's tree only (genhist --mailmap-tree)"

# genhist: the messages change, nothing else.
"$GENHIST" --commits 2000 --seed 3 >"$SCRATCH/s1"
"$GENHIST" --commits 2000 --seed 3 --mailmap "$SCRATCH/mm2" | cmp -s - "$SCRATCH/s1"
ok $? "genhist: without --trailers the stream is the same"
shape() { grep -avE '^(data |[^a-z]|$)' "$1" | grep -aE '^(commit|mark|author|committer|from|merge|reset|tag) '; }
"$GENHIST" --commits 2000 --seed 3 --trailers "$SCRATCH/t2" >"$SCRATCH/s2"
cmp -s <(shape "$SCRATCH/s1") <(shape "$SCRATCH/s2") && ! cmp -s "$SCRATCH/s1" "$SCRATCH/s2"
ok $? "genhist --trailers: the same commits, parents and dates; other messages"
is "$(awk -F '\t' '{ r += $2; t += $3; h[$7 > 4 ? 5 : $7]++ } END {
	print (r > 500), (t > 100), (h[0] > 0), (h[1] > 0), (h[2] > 0),
	      (h[3] > 0), (h[4] > 0), h[5] + 0 }' "$SCRATCH/t2")" "1 1 1 1 1 1 1 0" \
   "genhist --trailers: reviews and tests, hand-off chains of 0 to 4"

# check RANGE: the JSON's figures, the commits output, the text report's
# section, the CSV's columns and the chart's lines and tooltips.
check() {
	local r=$1 w=$SCRATCH/w

	mkdir -p "$w"
	$TRUTH "$G" "$r" "$d/marks" "$SCRATCH/trailers" "$d/expected.tsv" \
		>"$w/truth.json"
	ok $? "$r: the truth computed"
	"$TREEPLOT" -C "$G" --review -T json "$r" >"$w/out.json"
	ok $? "$r: -T json"
	is "$($TRUTH figures-of "$w/out.json")" "$($TRUTH figures "$w/truth.json")" \
	   "$r: JSON: over the range, per depth, per tree (counts, median hand-offs, top reviewers and testers)"
	is "$("$TREEPLOT" -C "$G" --review -T commits "$r" | fields | sort)" \
	   "$($TRUTH commits "$w/truth.json")" \
	   "$r: -T commits: every commit's six fields (6 to 11), and its path"
	is "$("$TREEPLOT" -C "$G" --review "$r" | sed -n '/^Review, from the commits/,$p' |
		sed '1d; s/  */ /g; s/^ //')" \
	   "$($TRUTH text "$w/truth.json" "$w/out.json")" \
	   "$r: text: the section's rows and people"
	is "$("$TREEPLOT" -C "$G" --review -T csv --csv-table trees "$r" |
		$PYTHON -c '
import csv, sys
for row in csv.DictReader(sys.stdin):
    print(row["tree"], row["commits"], row["reviewed"], row["tested"],
          row["linked"], row["fixes"], row["stable"], row["handoffs_median"])')" \
	   "$($PYTHON -c '
import json, sys
d = json.load(open(sys.argv[1]))
for name, r in [(d["mainline"]["name"], d["review"])] + \
        [(t["name"], t["review"]) for t in d["trees"]]:
    print(name, r["commits"], r["reviewed"], r["tested"], r["linked"],
          r["fixes"], r["stable"], r["handoffs_median"])' "$w/out.json")" \
	   "$r: CSV: the trees table's columns"
	"$TREEPLOT" -C "$G" --review -T dot "$r" |
		sed -e ':a' -e '/\\$/{N; s/\\\n//; ba' -e '}' >"$w/dot"
	missing=$($PYTHON -c '
import json, re, sys
truth = json.load(open(sys.argv[1])); out = json.load(open(sys.argv[2]))
dot = open(sys.argv[3]).read()
def tenths(p, w):
    t = (2000 * p + w) // (2 * w)
    return "%d.%d%%" % (t // 10, t % 10)
want = [("mainline", truth["all"])] + [(t["name"], truth["trees"][t["name"]])
                                      for t in out["trees"]]
for name, s in want:
    n = s["commits"]
    line = "%d%% reviewed" % ((200 * s["reviewed"] + n) // (2 * n))
    box = re.escape(name) + r"(\\n|<BR/>)[0-9]+ commits?(\\n|<BR/>)" + \
        line + "[\"<]"
    if not re.search(box, dot):
        print("box", name, line)
    tip = "review: %s reviewed, %s tested, %s linked, %s fixes, %s for " \
          "stable; median hand-offs %d" % tuple(
              [tenths(s[f], n) for f in ("reviewed", "tested", "linked",
                                         "fixes", "stable")] +
              [s["handoffs_median"]])
    if tip not in dot:
        print("tip", name, tip)' "$w/truth.json" "$w/out.json" "$w/dot" ||
		echo "the check failed")
	is "$missing" "" "$r: the chart: each box's share reviewed, each tooltip's figures"
	cp "$w/truth.json" "$SCRATCH/truth-${r%%..*}.json"
	cp "$w/out.json" "$SCRATCH/out-${r%%..*}.json"
	rm -rf "$w"
}

for r in $RANGES; do
	check "$r"
done

# Every commit as git reads it: %(trailers), %aN, %cN, check-mailmap.
is "$("$TREEPLOT" -C "$G" --review -T commits master | cut -f1,7-12 | sort)" \
   "$($TRUTH git "$G" master)" \
   "master: every commit's fields as git's own reading gives them"

# --top: each tree's figures over the commits the flow counts for it.
"$TREEPLOT" -C "$G" --review --top 4 -T json v1.3..v1.5 >"$SCRATCH/top.json"
is "$($TRUTH figures-of "$SCRATCH/top.json" | grep '^tree ' | sort)" \
   "$($TRUTH fold "$SCRATCH/truth-v1.3.json" "$SCRATCH/top.json" | sort)" \
   "--top 4: every tree's figures, the fold's too"

# Read on every thread: the same on 1 and 4, with a commit-graph too.
"$TREEPLOT" -q -j 1 -C "$G" --review -T json master >"$SCRATCH/j1.json" &&
	"$TREEPLOT" -q -j 4 -C "$G" --review -T json master >"$SCRATCH/j4.json" &&
	cmp -s "$SCRATCH/j1.json" "$SCRATCH/j4.json" &&
	cmp -s "$SCRATCH/j1.json" "$SCRATCH/out-master.json"
ok $? "the same JSON on 1 and 4 threads"
git --git-dir="$G" commit-graph write --reachable 2>/dev/null &&
	"$TREEPLOT" -q -j 4 -C "$G" --review -T json master >"$SCRATCH/g.json" &&
	cmp -s "$SCRATCH/g.json" "$SCRATCH/out-master.json"
ok $? "with a commit-graph: the same JSON"

# --compare --review: each range's figures as the truth has them.
C="-C $G --compare --review v1.3..v1.5 master"
want=$($PYTHON -c '
import json, sys
for f in sys.argv[1:]:
    a = json.load(open(f))["all"]
    print(a["commits"], a["reviewed"], a["tested"], a["linked"], a["fixes"],
          a["stable"], a["handoffs_median"])' "$SCRATCH/truth-v1.3.json" \
	"$SCRATCH/truth-master.json")
# shellcheck disable=SC2086
"$TREEPLOT" $C -T json >"$SCRATCH/c.json"
is "$(jq -r '.ranges[].review | [.commits, .reviewed, .tested, .linked,
	.fixes, .stable, .handoffs_median] | map(tostring) | join(" ")' "$SCRATCH/c.json")" \
   "$want" "--compare: each range's review in the JSON"
sh_of() { printf '%s\n' "$want" | awk -v k="$1" -v n="$2" '
	NR == n { t = int((2000 * $k + $1) / (2 * $1)); printf "%d.%d", t / 10, t % 10 }'; }
# shellcheck disable=SC2086
is "$("$TREEPLOT" $C -T csv --csv-table summary | grep -E '^(reviewed|tested|linked|fixes|stable)_share,|^handoffs_median,' | cut -d, -f1-3)" \
   "reviewed_share,$(sh_of 2 1),$(sh_of 2 2)
tested_share,$(sh_of 3 1),$(sh_of 3 2)
linked_share,$(sh_of 4 1),$(sh_of 4 2)
fixes_share,$(sh_of 5 1),$(sh_of 5 2)
stable_share,$(sh_of 6 1),$(sh_of 6 2)
handoffs_median,$(printf '%s\n' "$want" | awk 'NR == 1 { a = $7 } NR == 2 { print a "," $7 }')" \
   "--compare: the CSV summary's rows, shares in tenths of a percent"
# shellcheck disable=SC2086
"$TREEPLOT" $C | grep -q "^  reviewed share  *$(sh_of 2 1)%  *$(sh_of 2 2)%  "
ok $? "--compare: the text summary's reviewed share"
# shellcheck disable=SC2086
"$TREEPLOT" $C -o trend.pdf && pdftotext trend.pdf trend.txt &&
	grep -q 'Reviewed share' trend.txt &&
	"$TREEPLOT" -C "$G" --compare v1.3..v1.5 master -o plain.pdf &&
	pdftotext plain.pdf plain.txt && ! grep -q 'Reviewed share' plain.txt
ok $? "--compare: the trend chart's reviewed share panel, only with --review"

# The HTML report's tree panel, in the browser, as the truth says.
"$TREEPLOT" -C "$G" --review -T html v1.3..v1.5 >"$SCRATCH/r.html"
BIG=$(jq -r '.trees[0].name' "$SCRATCH/out-v1.3.json")
"$PYTHON" "$ROOT/tests/html_driver.py" open:"$SCRATCH/r.html" click:"$BIG" \
	log >"$SCRATCH/b.out" 2>"$SCRATCH/b.err"
sed 's/^/# /' "$SCRATCH/b.err" | tail -n 5
is "$(awk -F '\t' '$1 == "fig" && $2 ~ /^(reviewed|tested|linked|fixes|for stable|median hand-offs|reviewer|tester)$/ { print $2 ": " $3 }' "$SCRATCH/b.out")" \
   "$($PYTHON -c '
import json, sys
s = json.load(open(sys.argv[1]))["trees"][sys.argv[2]]
n = s["commits"]
for f, what in (("reviewed", "reviewed"), ("tested", "tested"),
                ("linked", "linked"), ("fixes", "fixes"),
                ("stable", "for stable")):
    t = (2000 * s[f] + n) // (2 * n)
    print("%s: %d.%d%% (%d of %d)" % (what, t // 10, t % 10, s[f], n))
print("median hand-offs: %d" % s["handoffs_median"])
for role in ("reviewer", "tester"):
    for p in s[role + "s"]:
        print("%s: %s: %d commit%s" % (role, p["name"], p["commits"],
                                       "" if p["commits"] == 1 else "s"))
' "$SCRATCH/truth-v1.3.json" "$BIG")" "html: a click on $BIG's node gives its review figures"
is "$(awk -F '\t' '$1 == "console" || $1 == "resource"' "$SCRATCH/b.out")" "" \
   "html: the console holds nothing, nothing fetched"

# Without --review nothing of it; where it does not apply, a usage error.
"$TREEPLOT" -C "$G" -T json v1.3..v1.5 | grep -c '"review' >"$SCRATCH/n"
is "$(cat "$SCRATCH/n")" "0" "without --review: no review in the JSON"
tp -C "$G" --trace --review master~3 v1.3..v1.5
is "$STATUS:$ERR:$OUT" "2:treeplot: --review does not apply to --trace (it is for a report or --compare):" \
   "--trace --review: a usage error"
"$PYTHON" -c '
import json, sys, jsonschema
s = json.load(open(sys.argv[1]))
for f in sys.argv[2:]:
    jsonschema.validate(json.load(open(f)), s)
' "$ROOT/docs/treeplot.schema.json" "$SCRATCH/top.json" "$SCRATCH/c.json" \
	"$SCRATCH/out-master.json"
ok $? "the JSON with --review validates against the schema (a report, --top, --compare)"

done_testing
