#!/bin/sh
# Charts an editor would print: on make demo's generated 100-tree cycle,
# counts by their own edge (measured from the SVG's geometry by
# chartgeom.py), the page shape and the smallest text at 1400 pixels,
# the legend (only what is used, thresholds from --major and --minor),
# the subtitle and --title, the direct commits as a flow, --dpi, the
# PDF's Title, one font family, and the engines' size limit.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist

plan 80

geom() { "$PYTHON" "$TESTDIR/chartgeom.py" "$@"; }

# The sample of make demo: v1.8..v1.9 is its 100-tree cycle.  make's
# (build/sample, generated once, tools/sample.sh: these arguments) when
# it is there, as examples.t's; run alone, the test makes its own.
if [ -f "$BUILD/sample/stamp" ] &&
   grep -q -- '--commits 30000 --trees 100' "$ROOT/tools/sample.sh" &&
   grep -q -- '--seed 2009' "$ROOT/tools/sample.sh"; then
	D=$BUILD/sample/repo.git
	git --git-dir="$D" rev-parse -q --verify v1.9 >/dev/null
else
	D=demo/repo.git
	bash "$ROOT/tools/mkrepo.sh" demo --commits 30000 --trees 100 --seed 2009 \
		>/dev/null 2>&1
fi
ok $? "the generated sample (make demo's)"
R=v1.8..v1.9
ch() { "$TREEPLOT" -C "$D" "$@" 2>"$SCRATCH/err"; }

# --- counts by their own edge, from the geometry --------------------------------

# Every edge that carries only part of its tree's commits has its count,
# in its tree's box where it leaves (JSON: an edge whose commits are not
# its tree's); the others leave it to the box.  How many counts each
# chart must draw.  The 100-tree cycle v1.8..v1.9 has none (no tree of it
# was pulled into two): v1.5..v1.6 (98 trees) and v1.0..v1.9 (the nine
# cycles) have, and are measured too.
ch -T json $R >all.json
split_edges() {
	jq '(reduce .trees[] as $x ({}; .[$x.name] = $x.commits)) as $t |
	    [.edges[] | select(.commits != $t[.from])] | length' "$1"
}
# counted NAME DESC RANGE ARGS...: charted (with --layout $LAYOUT when
# set: not for the JSON, which has no layout), then measured
counted() {
	name=$1 desc=$2 range=$3; shift 3
	ch ${LAYOUT:+--layout "$LAYOUT"} "$@" -o $name.svg $range &&
		ch "$@" -T json $range >$name.json
	geom counts $name.svg >$name.geom
	st=$?
	want=$(split_edges $name.json)
	got=$(tail -n 1 $name.geom | cut -d' ' -f1)
	[ $st -eq 0 ] && [ -n "$want" ] && [ "$got" = "$want" ]
	ok $? "$desc: $want counts drawn, each in its box by its own curve, none crossed"
	[ $st -eq 0 ] || sed 's/^/# /' $name.geom
}
counted dot "dot, the 100-tree cycle" $R
LAYOUT=twopi
counted twopi "twopi" $R
LAYOUT=
counted top20 "--top 20" $R --top 20
counted dot56 "dot, v1.5..v1.6" v1.5..v1.6
LAYOUT=twopi
counted twopi56 "twopi, v1.5..v1.6" v1.5..v1.6
LAYOUT=
counted top56 "--top 20, v1.5..v1.6" v1.5..v1.6 --top 20
counted dot09 "dot, v1.0..v1.9" v1.0..v1.9
LAYOUT=twopi
counted twopi09 "twopi, v1.0..v1.9" v1.0..v1.9
LAYOUT=
[ "$(split_edges dot56.json)" -ge 5 ] && [ "$(split_edges top56.json)" -ge 2 ] &&
	[ "$(split_edges dot09.json)" -ge 15 ]
ok $? "the cycles measured hold counts: $(split_edges dot56.json), $(split_edges top56.json) with --top 20, $(split_edges dot09.json)"
# The fixture's tree pulled into two trees: counts that must be drawn.
. "$TESTDIR/fixture.sh"
mkdir fx && (cd fx && build_fixture >/dev/null 2>&1)
"$TREEPLOT" -C fx -o fx.svg v1.0..v2.0 && "$TREEPLOT" -C fx -T json v1.0..v2.0 >fx.json
geom counts fx.svg >fx.geom
st=$?
[ $st -eq 0 ] || sed 's/^/# /' fx.geom
[ $st -eq 0 ] && [ "$(tail -n 1 fx.geom | cut -d' ' -f1)" = "$(split_edges fx.json)" ] &&
	[ "$(split_edges fx.json)" -gt 0 ]
ok $? "the e2e fixture: $(split_edges fx.json) counts drawn by their edges, measured"

counted branches "--branches" $R --branches
counted branches09 "--branches, v1.0..v1.9" v1.0..v1.9 --branches
for b in branches branches09; do
	geom titles $b.svg >$b.titles
	st=$?
	[ $st -eq 0 ] || sed 's/^/# /' $b.titles
	grep -q '^[1-9][0-9]* titles checked' $b.titles && [ $st -eq 0 ]
	ok $? "$b: no edge crosses a repository's name in its cluster ($(tail -n 1 $b.titles))"
done
# The node says the branch, its cluster the repository.
geom texts branches.svg >tb
jq -r '.trees[] | select(.name | test("^[^:]+:[^:]+$")) | .name' \
	"$(ch --branches -T json $R >bj.json && echo bj.json)" | head -n 3 >named
n=0
while IFS=: read -r repo branch; do
	grep -qx "$branch" tb && grep -qx "$(printf '%s' "$repo")" tb ||
		n=$((n + 1))
done <named
[ -s named ] && [ $n -eq 0 ] && ! grep -q "^[^ ]*:[^ ]*\$" tb
ok $? "--branches: boxes name the branch only, clusters the repository"

ch --infer-ff -o infer.svg $R && ch --infer-ff -T json $R >infer.json
geom counts infer.svg >infer.geom
st=$?
[ $st -eq 0 ] || sed 's/^/# /' infer.geom
geom texts infer.svg >ti
want=$(jq -r '.inferred_ff.edges[] | "~\(.commits) fast-forwarded"' infer.json | sort)
[ $st -eq 0 ] && [ -n "$want" ] &&
	[ "$(grep '^~[0-9]* fast-forwarded$' ti | sort)" = "$want" ]
ok $? "--infer-ff: each ~n in the box it leaves, $(printf '%s\n' "$want" | wc -l) of them; the counts measured"
grep -o 'stroke="#[0-9a-f]*" stroke-width="[0-9.]*" stroke-dasharray="1,5"' infer.svg |
	awk -F'"' '$4 < 2 { bad++ } END { exit !(NR > 0 && !bad) }'
ok $? "--infer-ff: the dotted edges at least 2 points wide"

# The checker itself fails on a count moved away from its edge.
awk '/class="edge"/ { e = 1 } e && /<\/g>/ && !done { print "<text text-anchor=\"middle\" x=\"-9999\" y=\"-9999\" font-size=\"10.00\">7</text>"; done = 1 } { print }' \
	dot.svg >moved.svg
geom counts moved.svg >/dev/null
ok $((! $?)) "chartgeom.py fails a count that is not by its edge"
# ... and a count moved out of its box, and one swapped with its
# neighbour (the nearest curve carries another count).
perl -0pe 's/(class="node">(?:(?!<\/g>).)*?<text[^>]*x=")([0-9.]+)("[^>]*>\d+<\/text>)/$1 . ($2 + 400) . $3/se' \
	dot56.svg >out.svg
! cmp -s dot56.svg out.svg && ! geom counts out.svg >/dev/null
ok $? "chartgeom.py fails a count moved out of its box"
perl -0pe 's/(class="node">(?:(?!<\/g>).)*?>)(\d+)(<\/text>(?:(?!<\/g>).)*?>)(\d+)(<\/text>)/$1$4$3$2$5/s' \
	dot56.svg >swapped.svg
! cmp -s dot56.svg swapped.svg && ! geom counts swapped.svg >/dev/null
ok $? "chartgeom.py fails two counts swapped in their box"

# --- the page ------------------------------------------------------------------------

a=$(geom aspect dot.svg)
ok $(awk -v a="$a" 'BEGIN { print !(a <= 1.5) }') "the 100-tree cycle: aspect $a, at most 1.5"
px=$(geom minpx 1400 dot.svg)
ok $(awk -v p="$px" 'BEGIN { print !(p >= 8) }') "the 100-tree cycle at 1400 px wide: smallest text $px px, at least 8"
is "$(geom fonts dot.svg)" "DejaVu Sans,sans-serif" "one font family, named in the SVG"
geom texts dot.svg >texts
# (The boxes after the legend, whose samples show their first lines.)
grep -qx 'applied on the mainline' texts &&
	grep -A1 -x 'applied on the mainline' texts | tail -n 1 | grep -qx "$(jq -r '"\(.direct_applied) commits"' all.json)" &&
	grep -A2 -x 'topic branches' texts | tail -n 3 | tr '\n' '|' | grep -qx "$(jq -r '"topic branches|\(.direct_topics) commits|\(.topic_merges) merges|"' all.json)" &&
	grep -q '<title>direct&#45;&gt;t0</title>' dot.svg && grep -q '<title>direct_topics&#45;&gt;t0</title>' dot.svg
ok $? "the direct commits: two flows of their own (applied on the mainline, through its topic branches), with their counts, each an edge into the mainline"

# --- title, subtitle, legend -----------------------------------------------------------

first=$(git -C $D log --first-parent --format=%cd --date=format-local:%Y-%m-%d $R | tail -n 1)
last=$(git -C $D log -1 --format=%cd --date=format-local:%Y-%m-%d v1.9)
is "$(sed -n 2p texts)" \
   "$(jq -r --arg f "$first" --arg l "$last" '"v1.8..v1.9, \($f) to \($l): \(.commits) commits, \(.direct) direct (\(.direct_applied) applied, \(.direct_topics) through topic branches), \(.summary.tree_count) trees"' all.json)" \
   "subtitle: the range, its first and last mainline commit's dates, the totals, the direct ones split"
is "$(sed -n 1p texts)|$(sed -n 3p texts)" \
   "sample: the trees behind mainline|treeplot $("$TREEPLOT" --version | awk '{ print $NF }'), sample" \
   "the default title; the source line: treeplot VERSION, REPOSITORY"
grep -qx 'from 5% of the commits' texts && grep -qx 'from 1% to 5%' texts &&
	grep -qx 'under 1%' texts && grep -qx 'width: 1%, 10%, 30% of the commits' texts
ok $? "legend: the default thresholds and the widths"
ch --major 7 --minor 2 -o thresholds.svg $R
geom texts thresholds.svg >t2
grep -qx 'from 7% of the commits' t2 && grep -qx 'from 2% to 7%' t2 && grep -qx 'under 2%' t2
ok $? "legend: the thresholds follow --major 7 --minor 2"
[ "$(grep -c 'stroke="#0072b2"' thresholds.svg)" -lt "$(grep -c 'stroke="#0072b2"' dot.svg)" ]
ok $? "--minor 2: fewer blue edges than at 1%"
grep -q 'folded by --top' texts || grep -q 'signed tag' texts || grep -q 'inferred' texts
ok $((! $?)) "legend: no folded, signed or inferred entry where the chart has none"
geom texts top20.svg >t20
grep -q 'trees folded by --top, grey whatever their size' t20
ok $? "legend: --top 20 lists the folded trees"
ch --signed -o signed.svg $R
geom texts signed.svg >ts
grep -qx 'hollow arrowhead: no pull signed' ts &&
	grep -qx 'in a box: its pulls, signed of all' ts
ok $? "legend: --signed lists what its pattern means"
geom texts infer.svg >ti
grep -q '^dotted, hollow dot, "~n fast-forwarded" in the box it leaves: commits inferred' ti
ok $? "legend: --infer-ff lists the dotted edges and their ~n"
grep -q 'stroke="#cc0000"' signed.svg
ok $((! $?)) "--signed: no red, colour is the volume's only"
# A range whose one pull pulled a signed tag: nothing dashed, no entry.
. "$TESTDIR/addons.sh"
mkdir sg && (cd sg && T_MAP=$SCRATCH/sg.names && : >"$T_MAP" && build_signed) >/dev/null 2>&1
mm1=$(T_MAP=$SCRATCH/sg.names id mm1)
"$TREEPLOT" -C sg --signed -o sg1.svg v1..$mm1 && "$TREEPLOT" -C sg --signed -o sg2.svg v1..master
geom texts sg1.svg >tsg1
geom texts sg2.svg >tsg2
grep -qx 'every pull signed (or accepted: treeplot.unsignedOk)' tsg1 &&
	! grep -q 'some pulls signed\|no pull signed' tsg1 &&
	! grep -q 'stroke-dasharray="5,2"' sg1.svg &&
	grep -qx 'hollow arrowhead: no pull signed' tsg2
ok $? "legend: --signed's entries only for the styles drawn (all signed, none)"

# --- the legend: what the final chart draws, each sample by its text --------------

# What each entry stands for in the chart (chartgeom.py drawn).
cat >entries <<'EOF'
from 5% of the commits|edge #d55e00
from 1% to 5%|edge #0072b2
under 1%|edge #999999
pulled into the mainline: its commits|fill #e3eef8
pulled into another tree|fill #f4f4f4
in a box: the commits of the edge that leaves it there, where it sent them to several|box counts
EOF
# legend_drawn NAME: NAME.svg's legend lists each of these exactly when
# the chart draws it.
legend_drawn() {
	geom texts $1.svg >$1.lt && geom drawn $1.svg >$1.drawn || return 1
	miss=
	while IFS='|' read -r entry thing; do
		e=0 d=0
		grep -qxF "$entry" $1.lt && e=1
		grep -qxF "$thing" $1.drawn && d=1
		[ $e = $d ] || miss="$miss [$entry: listed $e, drawn $d]"
	done <entries
	[ -z "$miss" ] || echo "#$miss"
	[ -z "$miss" ]
}
# --chart-depth 1 folds every tree behind another: the legend was
# planned before the fold, and kept "pulled into another tree" on every
# cycle, and the count's entry on v1.3..v1.4, where no box holds one
# once folded.
for c in fold34:v1.3..v1.4:1 fold56:v1.5..v1.6:1 fold78:v1.7..v1.8:1 \
	 fold56b:v1.5..v1.6:2 fold09:v1.0..v1.9:1; do
	name=${c%%:*} depth=${c##*:} range=${c#*:}
	range=${range%:*}
	ch --chart-depth $depth -o $name.svg $range
	legend_drawn $name
	ok $? "legend of $range --chart-depth $depth: only what the folded chart draws"
	geom counts $name.svg >$name.geom
	st=$?
	[ $st -eq 0 ] || sed 's/^/# /' $name.geom
	grep -q '<title>deeper</title>' $name.svg &&
		grep -qx 'trees pulled deeper than --chart-depth, folded' $name.lt &&
		[ $st -eq 0 ]
	ok $? "$range --chart-depth $depth: the fold and its entry; every count by its own edge"
done
for name in dot dot56 top20 dot09; do
	legend_drawn $name
	ok $? "legend of $name: only what the chart draws"
done

# Each sample right by its text: Graphviz stretched an entry's table to
# its column, and the sample stood 40 to 150 points from its text.
for name in dot dot56 top20 twopi branches signed infer thresholds fold56 sg2; do
	geom legend $name.svg >$name.lg
	st=$?
	[ $st -eq 0 ] || sed 's/^/# /' $name.lg
	ok $st "legend of $name: every sample at most 8 points from its text ($(tail -n 1 $name.lg))"
done
# The checker fails a sample moved away from its text.
perl -pe 's/(<polygon fill="#d55e00" stroke="transparent" points=")([^"]*)/$1 . join(" ", map { my ($x, $y) = split m{,}; ($x - 60) . ",$y" } split m{ }, $2)/e' \
	dot.svg >lmoved.svg
! cmp -s dot.svg lmoved.svg && ! geom legend lmoved.svg >/dev/null
ok $? "chartgeom.py fails a sample 60 points from its text"

# The fold's box stood beyond one side's trees and dragged the trees of
# the other side that it sends to across the chart, beyond it
# (v1.7..v1.8: aspect 1.57): every tree stays on its side, and the
# folded chart keeps the page's shape.
for name in fold34 fold56 fold78 fold56b fold09; do
	geom sides $name.svg >$name.sides
	st=$?
	[ $st -eq 0 ] || sed 's/^/# /' $name.sides
	a=$(geom aspect $name.svg)
	[ $st -eq 0 ] && awk -v a="$a" 'BEGIN { exit !(a <= 1.5) }'
	ok $? "$name: every tree on its side of the mainline ($(tail -n 1 $name.sides)); aspect $a, at most 1.5"
done

ch --title "$(printf 'Patches into 1.9\nby tree')" -o title.svg $R
geom texts title.svg >t3
is "$(sed -n '1,3p' t3)" "Patches into 1.9
by tree
$(sed -n 2p texts)" "--title: replaces the title only, a newline is a line break"
ch --title 'a <b> & "c" \N' -T dot $R >title.dot
grep -qF 'a &lt;b&gt; &amp; &quot;c&quot; \N</FONT>' title.dot
ok $? "--title: escaped for the HTML-like label, a backslash stays one"

# --- images ----------------------------------------------------------------------------

png_width() { od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }
ch -o a.png $R && ch --dpi 192 -o b.png $R
w1=$(png_width a.png) w2=$(png_width b.png)
ok $(( w2 < 2 * w1 - 2 || w2 > 2 * w1 + 2 )) "--dpi 192: twice the width of the default PNG ($w1, $w2)"
ch --dpi 192 -o x.svg $R
is "$?:$(cat "$SCRATCH/err")" "2:treeplot: --dpi is for the png format" "--dpi with svg: a usage error"
ch --dpi 5 -o x.png $R
is "$?" 2 "--dpi 5: a usage error"
ch --title "$(printf 'Flows \342\206\222 1.9')" -o t.pdf $R
"$PYTHON" - t.pdf <<'EOF'
import re, sys
pdf = open(sys.argv[1], 'rb').read()
title = re.findall(rb'/Title <FEFF([0-9A-F]*)>', pdf)[-1]
assert bytes.fromhex(title.decode()).decode('utf-16-be') == 'Flows \u2192 1.9'
# The update's startxref points at its xref, whose entry points at the
# new Info object; its trailer chains to cairo's.
at = int(re.findall(rb'startxref\n(\d+)', pdf)[-1])
assert pdf[at:at + 5] == b'xref\n'
n, off = re.match(rb'xref\n0 1\n0000000000 65535 f \n(\d+) 1\n(\d{10})', pdf[at:]).groups()
assert pdf[int(off):].startswith(n + b' 0 obj')
prev = int(re.findall(rb'/Prev (\d+)', pdf)[-1])
assert pdf[prev:prev + 4] == b'xref'
EOF
ok $? "pdf: the Title is the chart's title (UTF-16), in a valid incremental update"

# --- engines ---------------------------------------------------------------------------

# wide.pl N: the mainline merges N trees, one commit each.
cat >wide.pl <<'EOF'
my $N = shift;
my $who = "committer C <c\@example.org> 1230000000 +0000\n";
my $mark = 1;
sub commit {
	my ($ref, $msg, $from, @merge) = @_;
	print "commit $ref\nmark :$mark\n$who", "data ", length($msg), "\n$msg\n";
	print "from :$from\n" if $from;
	print "merge :$_\n" for @merge;
	print "\n";
	return $mark++;
}
my $main = commit("refs/heads/master", "root");
my $root = $main;
for my $k (1 .. $N) {
	my $tip = commit("refs/heads/side", "t$k", $root);
	$main = commit("refs/heads/master",
		       "Merge branch 'master' of https://wide.example/t$k.git",
		       $main, $tip);
}
print "done\n";
EOF
git init -q --bare wide.git
perl wide.pl 2100 | git -C wide.git fast-import --quiet --done &&
	git -C wide.git update-ref -d refs/heads/side
ok $? "a 2100-tree fixture"
# (--top all: a chart keeps 2000 trees unless told otherwise,
# hostile-charts.t)
for e in circo neato fdp; do
	"$TREEPLOT" -C wide.git --layout $e --top all -o w.svg 2>err.$e
	st=$?
	is "$st:$(cat err.$e):$([ -e w.svg ] && echo written)" \
	   "1:treeplot: the $e layout cannot place 2102 nodes in reasonable time (at most 2000): use dot, twopi or sfdp, or fold trees with --top:" \
	   "--layout $e over 2000 nodes: refused, one line, nothing written"
done
"$TREEPLOT" -C wide.git --layout circo --top 100 -o w.svg
ok $? "--layout circo with --top 100: under the limit, drawn"
# dot takes about a second on 2102 nodes (less on an idle machine): the
# line's delay is lowered to 50 ms so that it shows whatever the load; on
# a terminal it says so, then erases the line; not on a pipe, not with -q.
export TREEPLOT_PROGRESS_DELAY_MS=50
script -qec "'$TREEPLOT' -C wide.git --top all -o p1.svg" /dev/null >tty.out 2>&1
grep -q 'treeplot: laying out 2102 nodes with dot\.\.\.' tty.out &&
	grep -q "$(printf '\r\033\\[K')" tty.out
ok $? "a layout over a second: a progress line on a terminal, erased"
script -qec "'$TREEPLOT' -q -C wide.git -o p2.svg" /dev/null >tty2.out 2>&1
"$TREEPLOT" -C wide.git -o p3.svg 2>pipe.err
grep -q 'laying out' tty2.out pipe.err
ok $((! $?)) "no progress line with -q, nor on a pipe"
# Straight edges keep every engine near dot's time on a --branches chart
# (sfdp took 202 s with splines on 436 nodes); the times are measured in
# the closing note of issue 11, not asserted here.
"$TREEPLOT" -C "$D" --branches --layout sfdp -o sfdp.svg $R
ok $? "--branches with sfdp: drawn"

done_testing
