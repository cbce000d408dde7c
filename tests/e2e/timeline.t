#!/bin/bash
# --timeline: the phases of a cycle, each pull's phase, the late trees,
# the direct commits by day, against genhist's truth (--arrivals: each
# commit's merge, arrival and phase; --late and --rebase: late trees and
# commits committed just before their pull) on generated histories, and
# on a fixture built with git commands whose every date is set apart
# (GIT_AUTHOR_DATE, GIT_COMMITTER_DATE): the phases by the first-parent
# line, not the clock, several tags on one merge, ranges that start on
# no tag or on an -rc, and --latency's wait and soak against git's own
# dates.  Then the outputs (text, JSON, CSV, HTML), --compare, and the
# errors.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist
TRUTH="$PYTHON $TESTDIR/timeline-truth.py"
SCHEMA=$ROOT/docs/treeplot.schema.json
RANGES="v1.3..v1.4 v1.2..v1.4 v1.3-rc3..v1.4 master"

plan 60

# --- the generated history -----------------------------------------------------

d=$SCRATCH/h
"$ROOT/tools/mkrepo.sh" "$d" --commits 3000 --trees 25 --seed 7 --late \
	--rebase --dates "$SCRATCH/dates" --arrivals "$SCRATCH/arrivals" \
	>"$SCRATCH/mkrepo.log" 2>&1
ok $? "generated and imported, with --late, --rebase, --dates and --arrivals"
G=$d/repo.git

# genhist --arrivals against git: each commit's merge (the first merge of
# the first-parent line whose history holds it, or - on the line), its
# committer date, and the last tag on the line before it (its phase).
"$PYTHON" - "$G" "$d/marks" "$SCRATCH/arrivals" <<'EOT' >"$SCRATCH/arr.check"
import subprocess, sys
gd, marks, arr = sys.argv[1:4]
def git(*a):
    return subprocess.run(["git", "--git-dir", gd] + list(a), check=True,
                          capture_output=True, text=True).stdout
mark = dict(l.split() for l in open(marks))
want = {}
for l in open(arr):
    m, via, t, ph = l.rstrip("\n").split("\t")
    want[mark[m]] = (via if via == "-" else mark[via], int(t), ph)
tag = {}
for l in git("for-each-ref", "--format=%(objectname) %(*objectname) "
             "%(refname:short)", "refs/tags").splitlines():
    f = l.split()
    tag[f[1] if len(f) == 3 else f[0]] = f[-1]
ct = dict(l.split() for l in git("log", "--format=%H %ct", "master").splitlines())
got, phase = {}, "-"
for ln in git("log", "--first-parent", "--reverse", "--format=%H %P",
              "master").splitlines():
    c, *ps = ln.split()
    if len(ps) < 2:
        got[c] = ("-", int(ct[c]), phase)
    else:
        for b in git("rev-list", "--no-merges", c, "^" + ps[0]).split():
            got.setdefault(b, (c, int(ct[c]), phase))
    phase = tag.get(c, phase)
print(len(want), sum(1 for c in want if got.get(c) != want[c]), len(got))
EOT
n=$(wc -l <"$d/expected.tsv" | tr -d ' ')
is "$(cat "$SCRATCH/arr.check")" "$n 0 $n" \
   "genhist --arrivals: every commit's merge, arrival and phase as git has them"
"$GENHIST" --commits 2000 --seed 3 | md5sum >"$SCRATCH/s1"
"$GENHIST" --commits 2000 --seed 3 --arrivals "$SCRATCH/a2" | md5sum >"$SCRATCH/s2"
"$GENHIST" --commits 2000 --seed 3 --late | md5sum >"$SCRATCH/s3"
"$GENHIST" --commits 2000 --seed 3 --rebase | md5sum >"$SCRATCH/s4"
cmp -s "$SCRATCH/s1" "$SCRATCH/s2" && ! cmp -s "$SCRATCH/s1" "$SCRATCH/s3" &&
	! cmp -s "$SCRATCH/s1" "$SCRATCH/s4" && ! cmp -s "$SCRATCH/s3" "$SCRATCH/s4"
ok $? "genhist: --arrivals leaves the stream as it was, --late and --rebase change it"

for r in $RANGES; do
	$TRUTH truth "$G" "$r" "$d/marks" "$SCRATCH/arrivals" "$d/expected.tsv" \
		>"$SCRATCH/truth-${r%%..*}"
done
# What the generated cycle holds: pulls in all eight phases, late trees,
# and trees whose commits soaked under a day (rebased before their pull).
is "$(awk '$1 == "phase" && $(NF - 3) > 0' "$SCRATCH/truth-v1.3" | wc -l | tr -d ' '):$(grep -c '^late ' "$SCRATCH/truth-v1.3")" \
   "8:3" "v1.3..v1.4: pulls in every one of its 8 phases, 3 trees first pulled after the merge window"

for r in $RANGES; do
	"$TREEPLOT" -C "$G" --timeline -T json "$r" >"$SCRATCH/out.json"
	is "$($TRUTH of "$SCRATCH/out.json")" "$(cat "$SCRATCH/truth-${r%%..*}")" \
	   "$r: JSON: every phase, the late trees, the direct commits by day, every pull"
	is "$("$TREEPLOT" -C "$G" --timeline "$r" |
		sed -n '/^Timeline:/,$p' | sed '1,3d; /^$/d; /^Pulls by phase/d;
		/^  commits  pulls/d; /^  first  /d; s/  */ /g; s/^ //;
		s/^Trees first pulled after the merge window: /late: /')" \
	   "$($TRUTH text "$SCRATCH/out.json")" \
	   "$r: text: the phases, each tree's pulls by phase, the late trees"
	is "$("$TREEPLOT" -C "$G" --timeline -T csv --csv-table pulls "$r")" \
	   "$($TRUTH csv "$SCRATCH/out.json")" "$r: CSV: the pulls table"
	cp "$SCRATCH/out.json" "$SCRATCH/out-${r%%..*}.json"
done

# --top: the fold's pulls are the folded trees', the others' unchanged.
"$TREEPLOT" -C "$G" --timeline --top 4 -T json v1.3..v1.4 >"$SCRATCH/top.json"
"$PYTHON" - "$SCRATCH/out-v1.3.json" "$SCRATCH/top.json" <<'EOT' >"$SCRATCH/top.check"
import json, sys
full, top = (json.load(open(f)) for f in sys.argv[1:3])
shown = {t["name"] for t in top["trees"] if "folded" not in t}
key = lambda p: (p["merge"], p["commits"])
fold = sorted(key(p) for t in full["trees"] if t["name"] not in shown
              and t["depth"] == 1 for p in t["timeline"])
got = [t for t in top["trees"] if "folded" in t][0]
print(sorted(key(p) for p in got["timeline"]) == fold,
      all(t["timeline"] == [u for u in full["trees"] if u["name"] == t["name"]][0]["timeline"]
          for t in top["trees"] if "folded" not in t),
      top["phases"] == full["phases"])
EOT
is "$(cat "$SCRATCH/top.check")" "True True True" \
   "--top 4: the fold holds the folded trees' pulls; the others' and the phases unchanged"

# A commit-graph: only the line's dates are read after the walk, the same
# JSON on 1 and 4 threads; --latency's dates with it too.
git --git-dir="$G" commit-graph write --reachable 2>/dev/null
for r in v1.3..v1.4 master; do
	"$TREEPLOT" -q -j 1 -C "$G" --timeline -T json "$r" >"$SCRATCH/g1.json" &&
		"$TREEPLOT" -q -j 4 -C "$G" --timeline -T json "$r" >"$SCRATCH/g4.json" &&
		cmp -s "$SCRATCH/g1.json" "$SCRATCH/out-${r%%..*}.json" &&
		cmp -s "$SCRATCH/g4.json" "$SCRATCH/out-${r%%..*}.json"
	ok $? "$r: with a commit-graph, on 1 and 4 threads: the same JSON"
done
rm -f "$G/objects/info/commit-graph"

# --compare: each range's commits pulled after the merge window, as the
# single runs.
C="-C $G --compare --timeline v1.2..v1.3 v1.3..v1.4"
"$TREEPLOT" -C "$G" --timeline -T json v1.2..v1.3 >"$SCRATCH/c1.json"
want=$("$PYTHON" -c '
import json, sys
for f in sys.argv[1:]:
    d = json.load(open(f))
    print(d["late_pulled"], d["late_pulled_share"])' "$SCRATCH/c1.json" "$SCRATCH/out-v1.3.json")
# shellcheck disable=SC2086
is "$("$TREEPLOT" $C -T json | "$PYTHON" -c '
import json, sys
for r in json.load(sys.stdin)["ranges"]:
    print(r["late_pulled"], r["late_pulled_share"])')" "$want" \
   "--compare: each range's late_pulled and share in the JSON, as its own run's"
# shellcheck disable=SC2086
is "$("$TREEPLOT" $C -T csv --csv-table summary | grep '^late_pulled' | cut -d, -f1-3)" \
   "$(printf '%s\n' "$want" | awk '{ n[NR] = $1; s[NR] = $2 }
	END { print "late_pulled," n[1] "," n[2]; print "late_pulled_share," s[1] "," s[2] }')" \
   "--compare: the CSV summary's rows"
# shellcheck disable=SC2086
is "$("$TREEPLOT" $C | grep -E '^  (share )?pulled after the merge window' | sed 's/  */ /g; s/^ //')" \
   "$(printf '%s\n' "$want" | awk '{ n[NR] = $1; s[NR] = $2 }
	END { d = n[2] - n[1]; print "pulled after the merge window " n[1] " " n[2] " " (d > 0 ? "+" : "") d;
	      print "share pulled after the merge window " s[1] "% " s[2] "% " sprintf("%+.1f", s[2] - s[1]) }')" \
   "--compare: the text summary's rows"

# The HTML report's timeline view: a mark per pull, in each tree's row; a
# pull picked lists the commits it brought, as genhist made them.
"$TREEPLOT" -C "$G" --timeline -o "$SCRATCH/t.html" v1.3..v1.4
PICK=$("$PYTHON" -c '
import json, sys
d = json.load(open(sys.argv[1]))
t = [t for t in d["trees"] if len(t["timeline"]) > 1][0]
print(t["name"] + ":1\t" + t["timeline"][1]["merge"])' "$SCRATCH/out-v1.3.json")
"$PYTHON" "$ROOT/tests/html_driver.py" open:"$SCRATCH/t.html" \
	rects:'.views,#chart-pane,#search,#zoom-fit' timeline \
	rects:'.views,#timeline,#search' \
	pull:"${PICK%%	*}" log >"$SCRATCH/b.out" 2>"$SCRATCH/b.err"
sed 's/^/# /' "$SCRATCH/b.err" | tail -n 5
is "$(awk -F '\t' '$1 == "mark" { print $2 "\t" $3 "\t" $4 }' "$SCRATCH/b.out")" \
   "$("$PYTHON" -c '
import json, sys
for t in json.load(open(sys.argv[1]))["trees"]:
    for p in t["timeline"]:
        print(t["name"] + "\t" + p["phase"] + "\t" + str(p["commits"]))' "$SCRATCH/out-v1.3.json")" \
   "html: the timeline view's marks, every pull of every tree with its phase and commits"
is "$(awk -F '\t' '$1 == "band" { print $2 }' "$SCRATCH/b.out" | paste -sd ' ')" \
   "merge window rc1 rc2 rc3 rc4 rc5 rc6 rc7" "html: the phases' bands, named"
# The Flow/Timeline switch sits in the chart's pane, beside the zoom bar
# and clear of the search field, in either view.
views_ok() {
	awk -F '\t' -v k="$1" '$1 == "rect" && $2 == ".views" { n++ }
	$1 == "rect" && n == k && !($2 in l) { l[$2] = $3; t[$2] = $4; r[$2] = $5; b[$2] = $6 }
	function apart(a, c) { return r[a] <= l[c] || r[c] <= l[a] || b[a] <= t[c] || b[c] <= t[a] }
	function inside(a, c) { return l[a] >= l[c] && r[a] <= r[c] && t[a] >= t[c] && b[a] <= b[c] }
	END {
		if (l[".views"] == "none") print "no switch"
		if (!apart(".views", "#search")) print "switch over the search field"
		if (k == 1 && !inside(".views", "#chart-pane")) print "switch outside the chart pane"
		if (k == 1 && !apart(".views", "#zoom-fit")) print "switch over the zoom buttons"
		if (k == 2 && !inside(".views", "#timeline")) print "switch outside the timeline view"
	}' "$SCRATCH/b.out"
}
is "$(views_ok 1)" "" "html: the view switch in the chart's pane, beside the zoom bar"
is "$(views_ok 2)" "" "html: ... and in the timeline view, clear of the search field"
M=${PICK#*	}
is "$(awk -F '\t' '$1 == "panel" { print $2 }' "$SCRATCH/b.out" |
	grep -E '^[0-9a-f]{12} ' | tail -n +2 | cut -c1-12 | sort)" \
   "$(awk -v m="$M" 'NR == FNR { id[$1] = $2; next }
	id[$2] == m { print substr(id[$1], 1, 12) }' \
	"$d/marks" FS='\t' "$SCRATCH/arrivals" | sort)" \
   "html: a pull picked lists the commits it brought (genhist's)"
is "$(awk -F '\t' '$1 == "console" || $1 == "resource"' "$SCRATCH/b.out")" "" \
   "html: the console holds nothing, nothing fetched"

# --- -rc0: git.git's preview tags close the merge window --------------------------
# The figure says what it counts: the pulls after the tag that closed
# the window (-rc0 here, not -rc1), and which tag that was.
d0=$SCRATCH/rc0
"$ROOT/tools/mkrepo.sh" "$d0" --commits 2000 --trees 20 --seed 7 --rc0 \
	--arrivals "$SCRATCH/arrivals0" >"$SCRATCH/mkrepo0.log" 2>&1
ok $? "generated and imported, with --rc0"
$TRUTH truth "$d0/repo.git" v1.2..v1.3 "$d0/marks" "$SCRATCH/arrivals0" \
	"$d0/expected.tsv" >"$SCRATCH/truth0"
is "$(awk '$1 == "phase" && $2 == "rc0" { print ($(NF - 3) > 0) }
	$1 == "late_from" { print }' "$SCRATCH/truth0")" "1
late_from v1.3-rc0" "--rc0: pulls in the -rc0 phase, which closed the merge window"
"$TREEPLOT" -C "$d0/repo.git" --timeline -T json v1.2..v1.3 >"$SCRATCH/out0.json"
is "$($TRUTH of "$SCRATCH/out0.json")" "$(cat "$SCRATCH/truth0")" \
   "--rc0: JSON: every phase, late_pulled and late_pulled_from, every pull"
late=$(awk '$1 == "late_pulled" { print $2 }' "$SCRATCH/truth0")
tp -C "$d0/repo.git" --timeline v1.2..v1.3
is "$(printf '%s\n' "$OUT" | grep '^  pulled after' | sed 's/ ([0-9.]*%)$//')" \
   "  pulled after the merge window (from v1.3-rc0): $late commits" \
   "--rc0: text: the figure named by what it counts, from v1.3-rc0"
tp -C "$d0/repo.git" --timeline -T svg v1.2..v1.3
printf '%s\n' "$OUT" | grep -q "$late of them pulled after the merge window (from v1.3-rc0)"
is "$?:$(printf '%s\n' "$OUT" | grep -c 'after -rc1')" "0:0" \
   "--rc0: the chart's subtitle likewise"
tp -C "$G" --timeline -T json master
is "$(printf '%s\n' "$OUT" | jq -r '.late_pulled_from | [length, .[0], .[-1]] | join(" ")')" \
   "$(git -C "$G" tag -l 'v1.*-rc1' | wc -l) v1.1-rc1 $(git -C "$G" tag -l 'v1.*-rc1' --sort=v:refname | tail -1)" \
   "several cycles: one tag per merge window closed"

# --- -devel: util-linux's tags opening a cycle -----------------------------------
# genhist --devel tags v1.K-devel a little into each cycle's merge
# window: the window goes on (no "devel" phase), and the default range
# starts at the last such tag, as git describe finds it.
d1=$SCRATCH/devel
"$ROOT/tools/mkrepo.sh" "$d1" --commits 2000 --trees 20 --seed 7 --devel \
	--arrivals "$SCRATCH/arrivals1" >"$SCRATCH/mkrepo1.log" 2>&1
ok $? "generated and imported, with --devel"
for r in v1.2..v1.3 master; do
	$TRUTH truth "$d1/repo.git" "$r" "$d1/marks" "$SCRATCH/arrivals1" \
		"$d1/expected.tsv" >"$SCRATCH/truth1"
	"$TREEPLOT" -C "$d1/repo.git" --timeline -T json "$r" >"$SCRATCH/out1.json"
	is "$($TRUTH of "$SCRATCH/out1.json")" "$(cat "$SCRATCH/truth1")" \
	   "--devel, $r: JSON: every phase, every pull, against the truth"
done
is "$(jq -r '[.phases[] | .name] | map(select(test("devel"))) | length' "$SCRATCH/out1.json"):$(grep -c '	v1\.[0-9]*-devel$' "$SCRATCH/arrivals1" | tr -d ' ')" \
   "0:$(grep -c '	v1\.[0-9]*-devel$' "$SCRATCH/arrivals1" | tr -d ' ')" \
   "--devel: no phase of its own, though commits arrived after each -devel tag"
tp -C "$d1/repo.git" -T json
is "$(printf '%s\n' "$OUT" | jq -r '.default_range.from')" \
   "$(git -C "$d1/repo.git" describe --tags --abbrev=0 --match 'v*-devel' HEAD^)" \
   "--devel: the default range starts at the tag that opened the last cycle"
is "$(printf '%s\n' "$OUT" | jq -r '.default_range.reason')" \
   "the last tag opening a cycle on HEAD's first-parent line" \
   "--devel: ... and says why"

# --- a fixture built with git commands -------------------------------------------

# mkd NAME SUBJECT AUTHOR-DATE COMMITTER-DATE [PARENT...]: a commit whose
# dates are set apart (seconds from D, the first day of 2009).
D=1230768000
mkd() {
	local name=$1 subject=$2 a=$3 c=$4 p=() x
	shift 4
	for x in "$@"; do p+=(-p "$(id "$x")"); done
	x=$(GIT_AUTHOR_DATE="@$((D + a)) +0000" GIT_COMMITTER_DATE="@$((D + c)) +0000" \
	    git commit-tree "$T_EMPTY_TREE" "${p[@]}" -m "$subject") || exit 1
	printf '%s\t%s\n' "$name" "$x" >>"$T_MAP"
}
H=3600 DY=86400
pull() {	# pull NAME TREE DATE FIRST SECOND: the mainline pulls TREE
	mkd "$1" "Merge branch 'for-linus' of git://git.kernel.org/pub/scm/linux/kernel/git/$2" \
	    "$3" "$3" "$4" "$5"
}
mkdir fx && cd fx && repo
mkd l0 "Linux 1.0" 0 0
git tag -a -m "Linux 1.0" v1.0 "$(id l0)"
mkd n1 "net: one" $((1 * H)) $((2 * H)) l0
mkd n2 "net: two" $((3 * H)) $((1 * DY)) n1
pull m1 alice/net $((2 * DY)) l0 n2
mkd s1 "sound: one" $((-5 * DY)) $((1 * DY + H)) l0
pull m2 bob/sound $((3 * DY)) m1 s1
mkd d1 "fix a typo" $((3 * DY + H)) $((4 * DY)) m2
mkd l1 "Linux 1.1-rc1" $((14 * DY)) $((14 * DY)) d1
git tag v1.1-rc1 "$(id l1)"
mkd n3 "net: three" $((10 * DY)) $((12 * DY)) n2
pull m3 alice/net $((15 * DY)) l1 n3
# usb: authored weeks before, committed just before its pull (rebased).
mkd u1 "usb: one" $((5 * DY)) $((16 * DY - H)) l0
mkd u2 "usb: two" $((6 * DY)) $((16 * DY - 30 * 60)) u1
pull m4 carol/usb $((16 * DY)) m3 u2
# Two pre-release tags on one merge: it ends rc1, rc3 starts after it.
git tag -a -m "Linux 1.1-rc2" v1.1-rc2 "$(id m4)"
git tag v1.1-rc3 "$(id m4)"
# mm's merge dated before -rc1 (a clock behind), after -rc3 on the line.
mkd x1 "mm: one" $((17 * DY)) $((17 * DY)) l0
pull m5 dave/mm $((13 * DY)) m4 x1
# i2c's commit committed after its pull (a clock ahead): a negative soak.
mkd i1 "i2c: one" $((18 * DY)) $((25 * DY)) l0
pull m6 erin/i2c $((19 * DY)) m5 i1
mkd l2 "Linux 1.1" $((21 * DY)) $((21 * DY)) m6
git tag -a -m "Linux 1.1" v1.1 "$(id l2)"
mkd n4 "net: four" $((22 * DY)) $((22 * DY)) n3
pull m7 alice/net $((23 * DY)) l2 n4
mkd d3 "fix another typo" $((24 * DY)) $((24 * DY)) m7
ref refs/heads/master d3
git symbolic-ref HEAD refs/heads/master

tp --timeline v1.0..v1.1
is "$(printf '%s\n' "$OUT" | sed -n '/^Timeline:/,$p')" \
"Timeline: the phases of the mainline's first-parent line, cut at its release
and pre-release tags; a pull is in the phase where it reached that line
       phase         first day   last day     days  pulls  trees  commits   direct
    1  merge window  2009-01-03  2009-01-15     13      2      2        5        2
    2  rc1           2009-01-16  2009-01-17      2      2      2        3        0
    3  rc3           2009-01-20  2009-01-22      3      2      2        3        1
  pulled after the merge window (from v1.1-rc1): 5 commits (45.5%)

Pulls by phase (each tree's pulls in the phases above, the largest trees first)
  commits  pulls    1   2   3  tree
        3      2    1   1   .  alice/net
        2      1    .   1   .  carol/usb
        1      1    1   .   .  bob/sound
        1      1    .   .   1  dave/mm
        1      1    .   .   1  erin/i2c

Trees first pulled after the merge window: 3
  first         pulls  commits  tree
  rc1               1        2  carol/usb
  rc3               1        1  dave/mm
  rc3               1        1  erin/i2c" \
   "fixture: the phases by the line (mm's merge dated before -rc1 is in rc3, its day on the line i2c's merge's), two tags on one merge, the late trees"
tp --timeline -T json v1.0..v1.1
is "$(printf '%s\n' "$OUT" | jq -c '[.phases[] | [.name, .kind, .start_tag, .end_tag, .first_time, .last_time]]')" \
   "[[\"merge window\",\"merge_window\",\"v1.0\",\"v1.1-rc1\",$((D + 2 * DY)),$((D + 14 * DY))],[\"rc1\",\"pre_release\",\"v1.1-rc1\",\"v1.1-rc3\",$((D + 15 * DY)),$((D + 16 * DY))],[\"rc3\",\"pre_release\",\"v1.1-rc3\",\"v1.1\",$((D + 19 * DY)),$((D + 21 * DY))]]" \
   "fixture: JSON phases: names, kinds, tags, first and last commits' dates on the line"
is "$(printf '%s\n' "$OUT" | jq -c '[.late_pulled, .late_pulled_share, .late_pulled_from, .direct_by_day, ([.trees[] | select(.name == "alice/net") | .first_phase, (.timeline[] | [.phase, .commits, .time])])]')" \
   "[5,45.5,[\"v1.1-rc1\"],[{\"day\":\"2009-01-05\",\"commits\":1},{\"day\":\"2009-01-15\",\"commits\":1},{\"day\":\"2009-01-22\",\"commits\":1}],[\"merge window\",[\"merge window\",2,$((D + 2 * DY))],[\"rc1\",1,$((D + 15 * DY))]]]" \
   "fixture: JSON: pulled after the merge window (from v1.1-rc1), direct commits by day, a tree's pulls"
phase_names() { "$TREEPLOT" --timeline -T json "$@" | jq -r '[.phases[] | .name] | join("|")'; }
is "$(phase_names v1.1-rc1..v1.1)" "rc1|rc3" "fixture: a range from an -rc starts in its phase"
is "$(phase_names "$(id m2)..v1.1")" "before v1.1-rc1|rc1|rc3" \
   "fixture: a range from an untagged commit: before its first tag"
is "$(phase_names v1.1..master)" "merge window" \
   "fixture: a range to the middle of a cycle: the phases so far"
is "$(phase_names master)" \
   "before v1.0|merge window after v1.0|v1.1-rc1|v1.1-rc3|merge window after v1.1" \
   "fixture: the whole history: every phase in full, the first before v1.0"
# Tags opening a cycle (util-linux's -start and -devel): the next cycle's
# start where a release's line goes on (its branch point) cuts none of
# that release's phases; one inside a merge window goes on with it; one
# after the last -rc opens the next window.
git tag v1.2-start "$(id m5)"
git tag v1.2-devel "$(id m7)"
is "$(phase_names v1.0..v1.1)" "merge window|rc1|rc3" \
   "fixture: a later version's -start tag on v1.1's line cuts none of its phases"
is "$(phase_names v1.1..master)" "merge window" \
   "fixture: -devel inside the merge window goes on with it"
git tag -d v1.2-start v1.2-devel >/dev/null
git tag v1.2-devel "$(id m5)"
is "$(phase_names "v1.1-rc1..$(id m6)")" "rc1|rc3|merge window" \
   "fixture: -devel after the last -rc opens a merge window"
git tag -d v1.2-devel >/dev/null
tp --timeline -T json v1.1-rc1..v1.1
is "$(printf '%s\n' "$OUT" | jq -c '.late_trees')" "null" \
   "fixture: no merge window in the range: late_trees null"

# --latency's wait and soak against git's own dates: the commits output's
# fields, then every figure over the range, each tree and each depth.
"$TREEPLOT" --latency -T commits v1.0..v1.1 >../lat.tsv
git log --no-merges --format='%H %at %ct' v1.0..v1.1 | sort >../git.dates
is "$(awk -F '\t' '{ print $1, $3 - $4, $5 }' ../lat.tsv | sort)" "$(cat ../git.dates)" \
   "fixture: -T commits --latency: arrival - latency is git's %at, field 5 git's %ct"
"$TREEPLOT" --latency -T json v1.0..v1.1 >../lat.json
"$PYTHON" - ../lat.tsv ../lat.json "$PATH_FIELD" <<'EOT' >../lat.check
import json, math, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
out = json.load(open(sys.argv[2]))
PF = int(sys.argv[3])	# the path's first field
def stats(v):
    v = sorted(v)
    n = len(v)
    return {"median": v[(n - 1) // 2], "p90": v[math.ceil(0.9 * n) - 1],
            "negative": sum(1 for x in v if x < 0)}
def figs(rs):
    arr = [int(r[2]) for r in rs]
    lat = [int(r[3]) for r in rs]
    com = [int(r[4]) for r in rs]
    soak = [a - c for a, c in zip(arr, com)]
    wait = [c - (a - l) for a, l, c in zip(arr, lat, com)]
    return {"wait": stats(wait), "soak": stats(soak),
            "fresh": sum(1 for s in soak if s < 86400)}
bad = []
want = figs(rows)
for k in want:
    if out[k] != want[k]:
        bad.append(("all", k, out[k], want[k]))
for t in out["trees"]:
    want = figs([r for r in rows if t["name"] in r[PF - 1:]])
    for k in want:
        if t[k] != want[k]:
            bad.append((t["name"], k, t[k], want[k]))
for d in out["latency_by_depth"]:
    want = figs([r for r in rows if len(r) - PF == d["depth"]])
    for k in want:
        if d[k] != want[k]:
            bad.append(("depth", d["depth"], k))
print(bad or "ok", out["soak"]["negative"], out["fresh"])
EOT
is "$(cat ../lat.check)" "ok 2 7" \
   "fixture: JSON wait, soak and fresh (range, trees, depths) from git's dates: mm's and i2c's soaks negative, 7 fresh"
is "$("$TREEPLOT" --latency v1.0..v1.1 | sed -n '/^Wait and soak/,$p' | sed -n '6p;10p')" \
"       11        1.0     10.0         0        0.0      2.0         2    63.6%  all commits
        2       10.0     11.0         0        0.0      0.0         0   100.0%  carol/usb" \
   "fixture: text: the range's wait and soak, a rebased tree's soak near zero, all fresh"

# --- errors, and where it does not apply -----------------------------------------

tp --trace --timeline "$(id n1)" v1.0..v1.1
is "$STATUS:$ERR" "2:treeplot: --timeline does not apply to --trace (it is for a report or --compare)" \
   "--trace --timeline: a usage error"
tp -T csv --csv-table pulls v1.0..v1.1
is "$STATUS:$ERR:$OUT" "2:treeplot: the CSV pulls table needs --timeline:" \
   "--csv-table pulls without --timeline: a usage error, nothing written"
tp -o ../flow-pulls.csv v1.0..v1.1
is "$STATUS:$ERR:$(test -e ../flow-pulls.csv && echo written)" \
   "2:treeplot: the CSV pulls table (of ../flow-pulls.csv) needs --timeline:" \
   "a file named *-pulls.csv without --timeline: the same, no file"
tp --compare --timeline -T csv --csv-table pulls v1.0..v1.1-rc1 v1.1-rc1..v1.1
is "$STATUS:$ERR" "2:treeplot: --compare's CSV tables are trees and summary" \
   "--compare --csv-table pulls: a usage error"
tp -T json v1.0..v1.1
is "$(printf '%s\n' "$OUT" | jq -c '[has("phases"), has("late_trees"), (.trees[0] | has("timeline"))]')" \
   "[false,false,false]" "without --timeline: nothing of it in the JSON"

# The schema admits every JSON of it.
"$TREEPLOT" --timeline --latency --top 2 -T json v1.0..v1.1 >../s1.json &&
	"$TREEPLOT" --timeline -T json v1.1-rc1..v1.1 >../s2.json &&
	"$TREEPLOT" --compare --timeline --latency -T json v1.0..v1.1-rc1 v1.1-rc1..v1.1 >../s3.json
schema_ok "the schema admits the JSON of --timeline (with --latency, --top, --compare)" ../s1.json ../s2.json ../s3.json "$SCRATCH/out-master.json"

done_testing
