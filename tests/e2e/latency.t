#!/bin/bash
# --latency on generated histories: every figure (the whole range, each
# tree, each depth, --top's fold) and every commit's arrival and latency
# against what latency-truth.py computes apart, from genhist's dates
# (--dates: author dates, some in the future) and plain git.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist
TRUTH="$PYTHON $TESTDIR/latency-truth.py"
# arrivals: -T commits lines as the id, the arrival, the latency and the
# committer date (fields 3 to 5) and the path.
arrivals() { cut -f1,3-5,"$PATH_FIELD"-; }
MAINLINE_URL=git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git
RANGES="v1.3..v1.5 master v1.5-rc3..v1.5-rc5"

plan $((3 + 8 * 3 + 22 + 3 * 2 + 1))

d=$SCRATCH/h
"$ROOT/tools/mkrepo.sh" "$d" --commits 3000 --trees 25 --seed 7 \
	--rebase --dates "$SCRATCH/dates" >"$SCRATCH/mkrepo.log" 2>&1
ok $? "generated and imported, with genhist's dates, some trees rebased"
G=$d/repo.git

# genhist --dates: the dates every commit of master was written with,
# some authored after they were committed.
git --git-dir="$G" log --no-merges --format='%H %at %ct' master | sort >"$SCRATCH/git-dates"
awk 'NR == FNR { id[$1] = $2; next }
     { print id[$1], $2, $3 }' "$d/marks" FS='\t' \
	"$SCRATCH/dates" | sort >"$SCRATCH/gen-dates"
[ "$(join "$SCRATCH/git-dates" "$SCRATCH/gen-dates" | awk '$2 == $4 && $3 == $5' |
	wc -l)" -eq "$(wc -l <"$SCRATCH/git-dates")" ] &&
	[ "$(awk -F '\t' '$2 > $3' "$SCRATCH/dates" | wc -l)" -gt 20 ]
ok $? "genhist --dates: every commit of master's dates, some in the future"
"$GENHIST" --commits 2000 --seed 3 | md5sum >"$SCRATCH/s1"
"$GENHIST" --commits 2000 --seed 3 --dates "$SCRATCH/d2" | md5sum >"$SCRATCH/s2"
! cmp -s "$SCRATCH/s1" "$SCRATCH/s2"
ok $? "genhist: --dates changes the stream"

# check RANGE: the JSON's figures, the commits output, the text report's
# rows, the CSV's columns and the chart's tooltips.
check() {
	local r=$1 opts=() w=$SCRATCH/w

	case $r in *rc*) opts=(--mainline-url="$MAINLINE_URL") ;; esac
	mkdir -p "$w"
	$TRUTH "$G" "$r" "$d/marks" "$SCRATCH/dates" "$d/expected.tsv" \
		>"$w/truth.json"
	ok $? "$r: the truth computed"
	"$TREEPLOT" -C "$G" "${opts[@]}" --latency -T json "$r" >"$w/out.json"
	ok $? "$r: -T json"
	is "$($TRUTH figures-of "$w/out.json")" \
	   "$($TRUTH figures "$w/truth.json")" \
	   "$r: JSON: latency, wait, soak and fresh, over the range, per depth, per tree"
	is "$("$TREEPLOT" -C "$G" "${opts[@]}" --latency -T commits "$r" | arrivals | sort)" \
	   "$($TRUTH commits "$w/truth.json")" \
	   "$r: -T commits: every commit's arrival, latency and committer date (fields 3 to 5), and its path"
	is "$("$TREEPLOT" -C "$G" "${opts[@]}" --latency "$r" |
		sed -n '/^Latency: from author date to arrival in the mainline (days)$/,/^$/p' |
		sed '1d; /^$/d; s/  */ /g; s/^ //')" \
	   "$($TRUTH text "$w/truth.json" "$w/out.json")" \
	   "$r: text: the section's rows, in days"
	is "$("$TREEPLOT" -C "$G" "${opts[@]}" --latency "$r" |
		sed -n '/^Wait and soak: /,/^$/p' |
		sed '1,4d; /^$/d; s/  */ /g; s/^ //')" \
	   "$($TRUTH split-text "$w/truth.json" "$w/out.json")" \
	   "$r: text: the wait and soak section's rows, the share fresh"
	is "$("$TREEPLOT" -C "$G" "${opts[@]}" --latency -T csv --csv-table trees "$r" |
		$PYTHON -c '
import csv, sys
for row in csv.DictReader(sys.stdin):
    print(row["tree"], row["commits"], *(row[k + "_" + f] for k in
          ("latency", "wait", "soak") for f in ("median", "p90", "negative")),
          row["fresh"])')" \
	   "$($PYTHON -c '
import json, sys
d = json.load(open(sys.argv[1]))
def cells(o):
    return [o[k][f] for k in ("latency", "wait", "soak")
            for f in ("median", "p90", "negative")] + [o["fresh"]]
print(d["mainline"]["name"], d["commits"], *cells(d))
for t in d["trees"]:
    print(t["name"], t["commits"], *cells(t))' \
		"$w/out.json")" \
	   "$r: CSV: the trees table's columns, latency, wait, soak and fresh"
	"$TREEPLOT" -C "$G" "${opts[@]}" --latency -T dot "$r" |
		sed -e ':a' -e '/\\$/{N; s/\\\n//; ba' -e '}' >"$w/dot"
	missing=$($PYTHON -c '
import json, sys
truth = json.load(open(sys.argv[1])); out = json.load(open(sys.argv[2]))
dot = open(sys.argv[3]).read()
def days(s):
    t = (abs(s) + 4320) // 8640
    return "%s%d.%d" % ("-" if s < 0 and t else "", t // 10, t % 10)
want = [("mainline", truth["all"])] + [(t["name"], truth["trees"][t["name"]])
                                      for t in out["trees"]]
def line(what, s):
    tip = "%s (days): median %s, p90 %s" % (what, days(s["median"]),
                                            days(s["p90"]))
    if s["negative"]:
        tip += ", %d negative" % s["negative"]
    return tip
for name, s in want:
    tip = line("latency", s)
    if tip + "\\n" not in dot and tip + "\"" not in dot:
        print(name, tip)
    tip = "%s\\n%s; %.1f%% fresh at pull" % (line("wait", s["wait"]),
        line("soak", s["soak"]), 100.0 * s["fresh"] / s["n"])
    if tip + "\\n" not in dot and tip + "\"" not in dot:
        print(name, tip)' "$w/truth.json" "$w/out.json" "$w/dot")
	is "$missing" "" "$r: the chart's tooltips, every node: latency, wait, soak and fresh"
	cp "$w/truth.json" "$SCRATCH/truth-${r%%..*}.json"
	rm -rf "$w"
}

for r in $RANGES; do
	check "$r"
done

# Latencies below zero are there, and kept.
"$TREEPLOT" -C "$G" --latency -T json master >"$SCRATCH/all.json"
$PYTHON -c '
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(not d["latency"]["negative"] > 0)' "$SCRATCH/all.json"
ok $? "master: negative latencies counted"
# --rebase: trees whose commits were committed just before their pull:
# most of theirs fresh at pull, their median soak under a day.
$PYTHON -c '
import json, sys
d = json.load(open(sys.argv[1]))
n = [t["name"] for t in d["trees"] if t["depth"] == 1 and t["commits"] >= 10
     and t["fresh"] * 2 > t["commits"] and t["soak"]["median"] < 86400]
print(len(n) > 0, d["fresh"] < d["commits"] / 2)' "$SCRATCH/all.json" >"$SCRATCH/fresh"
is "$(cat "$SCRATCH/fresh")" "True True" \
   "master: rebased trees mostly fresh at pull, the range not"

# --top: each tree's figures over the commits the flow counts for it;
# the fold's are those of the commits its feeders brought.
$TRUTH "$G" v1.3..v1.5 "$d/marks" "$SCRATCH/dates" "$d/expected.tsv" \
	>"$SCRATCH/truth.json"
"$TREEPLOT" -C "$G" --latency --top 4 -T json v1.3..v1.5 >"$SCRATCH/top.json"
is "$($TRUTH figures-of "$SCRATCH/top.json" | grep '^tree ' | sort)" \
   "$($TRUTH fold "$SCRATCH/truth.json" "$SCRATCH/top.json" | sort)" \
   "--top 4: every tree's figures, the fold's too"
is "$($TRUTH figures-of "$SCRATCH/top.json" | grep -v ' other trees ' |
	grep -v '^tree ')" \
   "$($TRUTH figures "$SCRATCH/truth.json" | grep -v '^tree ')" \
   "--top 4: the range's and depths' figures unchanged"

# The dates are read on every thread: on 1 and 4 the same commits output
# and --compare JSON, the commits' as the truth has them.
threads_agree() {
	local desc=$1 C="--compare v1.3..v1.5 master -T json"

	"$TREEPLOT" -q -j 1 -C "$G" --latency -T commits master >"$SCRATCH/t1" &&
		"$TREEPLOT" -q -j 4 -C "$G" --latency -T commits master >"$SCRATCH/t4" &&
		cmp -s "$SCRATCH/t1" "$SCRATCH/t4"
	ok $? "$desc: -T commits, the same on 1 and 4 threads"
	is "$(arrivals <"$SCRATCH/t4" | sort)" "$($TRUTH commits "$SCRATCH/truth-master.json")" \
	   "$desc: -T commits on 4 threads, the truth's arrivals and latencies"
	# shellcheck disable=SC2086
	"$TREEPLOT" -q -j 1 -C "$G" --latency $C >"$SCRATCH/t1" &&
		"$TREEPLOT" -q -j 4 -C "$G" --latency $C >"$SCRATCH/t4" &&
		cmp -s "$SCRATCH/t1" "$SCRATCH/t4"
	ok $? "$desc: --compare's JSON, the same on 1 and 4 threads"
}
threads_agree "no commit-graph"

# A commit-graph up to v1.5: the newer commits' dates from the walk's
# reads, the older ones' read after it; the same figures.
rev=$(git --git-dir="$G" rev-parse v1.5^{commit})
echo "$rev" | git --git-dir="$G" commit-graph write --stdin-commits 2>/dev/null
"$TREEPLOT" -C "$G" --latency -T json master >"$SCRATCH/part.json"
cmp -s "$SCRATCH/all.json" "$SCRATCH/part.json"
ok $? "a commit-graph up to v1.5: the same JSON"

# With a commit-graph, the same figures.
git --git-dir="$G" commit-graph write --reachable 2>/dev/null &&
	[ -f "$G/objects/info/commit-graph" ]
ok $? "commit-graph written"
threads_agree "commit-graph"
"$TREEPLOT" -C "$G" --latency -T json master >"$SCRATCH/graph.json"
cmp -s "$SCRATCH/all.json" "$SCRATCH/graph.json"
ok $? "commit-graph: the same JSON"
"$TREEPLOT" -C "$G" --latency -T commits master >"$SCRATCH/c1"
"$TREEPLOT" -C "$G" -T commits master | cut -f1 >"$SCRATCH/c2"
is "$(cut -f1 "$SCRATCH/c1")" "$(cat "$SCRATCH/c2")" \
   "-T commits: the same commits, in the same order, with or without"

# --compare --latency: each range's figures, as the truth has them, in
# the JSON, the text's summary (days), the CSV's (seconds) and the trend
# chart's panel.
C="-C $G --compare --latency v1.3..v1.5 master"
want=$($PYTHON -c '
import json, sys
for f in sys.argv[1:]:
    a = json.load(open(f))["all"]
    print(a["median"], a["p90"], a["negative"])' "$SCRATCH/truth-v1.3.json" \
	"$SCRATCH/truth-master.json")
# shellcheck disable=SC2086
is "$("$TREEPLOT" $C -T json | $PYTHON -c '
import json, sys
for r in json.load(sys.stdin)["ranges"]:
    l = r["latency"]
    print(l["median"], l["p90"], l["negative"])')" "$want" \
   "--compare: each range's latency in the JSON"
# shellcheck disable=SC2086
is "$("$TREEPLOT" $C -T json | $PYTHON -c '
import json, sys
for r in json.load(sys.stdin)["ranges"]:
    print(r["soak"]["median"], r["soak"]["p90"], r["soak"]["negative"])')" \
   "$($PYTHON -c '
import json, sys
for f in sys.argv[1:]:
    a = json.load(open(f))["all"]["soak"]
    print(a["median"], a["p90"], a["negative"])' "$SCRATCH/truth-v1.3.json" \
	"$SCRATCH/truth-master.json")" \
   "--compare: each range's soak in the JSON"
# shellcheck disable=SC2086
is "$("$TREEPLOT" $C -T csv --csv-table summary | grep '^soak_median,')" \
   "$($PYTHON -c '
import json, sys
m = [json.load(open(f))["all"]["soak"]["median"] for f in sys.argv[1:]]
print("soak_median,%d,%d,%d" % (m[0], m[1], m[1] - m[0]))' "$SCRATCH/truth-v1.3.json" \
	"$SCRATCH/truth-master.json")" \
   "--compare: the CSV summary's median soak, in seconds"
# shellcheck disable=SC2086
is "$("$TREEPLOT" $C -T csv --csv-table summary | grep '^latency_' |
	cut -d, -f2,3 | tr ',' ' ' | paste -sd ' ')" \
   "$(printf '%s\n' "$want" | awk '{ m[NR] = $1; p[NR] = $2; n[NR] = $3 }
	END { print m[1], m[2], p[1], p[2], n[1], n[2] }')" \
   "--compare: the CSV summary's latency rows, in seconds"
# shellcheck disable=SC2086
is "$("$TREEPLOT" $C | grep -E '^  (median latency|90th percentile|negative latencies)' |
	sed 's/  */ /g; s/^ //')" \
   "$(printf '%s\n' "$want" | $PYTHON -c '
import sys
def days(s):
    t = (abs(s) + 4320) // 8640
    return "%s%d.%d" % ("-" if s < 0 and t else "", t // 10, t % 10)
def change(s):
    d = days(s)
    return d if d.startswith("-") or d == "0.0" else "+" + d
r = [[int(x) for x in l.split()] for l in sys.stdin]
print("median latency (days)", days(r[0][0]), days(r[1][0]),
      change(r[1][0] - r[0][0]))
print("90th percentile (days)", days(r[0][1]), days(r[1][1]),
      change(r[1][1] - r[0][1]))
d = r[1][2] - r[0][2]
print("negative latencies", r[0][2], r[1][2], ("+%d" % d) if d > 0 else d)')" \
   "--compare: the text summary's latency rows, in days"
# shellcheck disable=SC2086
"$TREEPLOT" $C -o trend.pdf && pdftotext trend.pdf trend.txt &&
	grep -q 'Median latency, from author date to arrival in the mainline' trend.txt &&
	"$TREEPLOT" -C "$G" --compare v1.3..v1.5 master -o plain.pdf &&
	pdftotext plain.pdf plain.txt && ! grep -q 'Median latency' plain.txt
ok $? "--compare: the trend chart's median latency panel, only with --latency"

# The HTML report's panels, in the browser: the range's figures in the
# summary, a tree's when its node is clicked, as text.
"$TREEPLOT" -C "$G" --latency -T html v1.3..v1.5 >"$SCRATCH/l.html"
BIG=$($PYTHON -c '
import json, sys
print(json.load(open(sys.argv[1]))["trees"][0]["name"])' "$SCRATCH/top.json")
"$PYTHON" "$ROOT/tests/html_driver.py" open:"$SCRATCH/l.html" page \
	click:"$BIG" log >"$SCRATCH/b.out" 2>"$SCRATCH/b.err"
sed 's/^/# /' "$SCRATCH/b.err" | tail -n 5
latency_text() {
	$PYTHON -c '
import json, sys
t = json.load(open(sys.argv[1]))
s = t["all"] if sys.argv[2] == "" else t["trees"][sys.argv[2]]
def days(s):
    v = (abs(s) + 4320) // 8640
    return "%s%d.%d" % ("-" if s < 0 and v else "", v // 10, v % 10)
print("median %s days, 90th percentile %s days%s" % (days(s["median"]),
      days(s["p90"]), ", %d negative" % s["negative"] if s["negative"] else ""))
' "$SCRATCH/truth-v1.3.json" "$1"
}
awk -F '\t' '$1 == "text"' "$SCRATCH/b.out" | grep -qxF "text	$(latency_text "")"
ok $? "html: the summary gives the range's latency, as text"
is "$(awk -F '\t' '$1 == "fig" && $2 == "latency" { print $3 }' "$SCRATCH/b.out")" \
   "$(latency_text "$BIG")" "html: a click on $BIG's node gives its latency"
is "$(awk -F '\t' '$1 == "console" || $1 == "resource"' "$SCRATCH/b.out")" "" \
   "html: the console holds nothing, nothing fetched"

# Without --latency nothing of it.
"$TREEPLOT" -C "$G" -T json v1.3..v1.5 | grep -c latency >"$SCRATCH/n"
is "$(cat "$SCRATCH/n")" "0" "without --latency: no latency in the JSON"

# Where it does not apply: one line, status 2, nothing written.
tp -C "$G" --trace --latency master~3 v1.3..v1.5
is "$STATUS:$ERR:$OUT" "2:treeplot: --latency does not apply to --trace (it is for a report or --compare):" \
   "--trace --latency: a usage error"
tp -C "$G" --explain --latency master v1.3..v1.5
is "$STATUS:$ERR" "2:treeplot: --latency does not apply to --explain (it is for a report or --compare)" \
   "--explain --latency: a usage error"
tp -C "$G" --latency=1 master
is "$STATUS:$ERR" "2:treeplot: option '--latency' takes no value" \
   "--latency=1: takes no value"

# The schema admits it.
"$TREEPLOT" -C "$G" --latency --top 4 -T json master >"$SCRATCH/s.json"
$PYTHON -c '
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
' "$SCRATCH/s.json" "$ROOT/docs/treeplot.schema.json"
ok $? "the JSON with --latency validates against the schema"
"$TREEPLOT" -C "$G" --latency --compare -T json v1.3..v1.5 master..master \
	>"$SCRATCH/c.json"
$PYTHON -c '
import json, sys, jsonschema
d = json.load(open(sys.argv[1]))
jsonschema.validate(d, json.load(open(sys.argv[2])))
sys.exit(d["ranges"][1]["latency"] != {"median": None, "p90": None, "negative": 0})
' "$SCRATCH/c.json" "$ROOT/docs/treeplot.schema.json"
ok $? "--compare's JSON with --latency validates; an empty range's are null"

done_testing
