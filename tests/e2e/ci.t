#!/bin/bash
# For CI and scripts: several outputs from one walk (each byte for byte
# its own single run, all or none written), -o - and binary formats on a
# terminal, the shallow clone's boundary (git rev-list is the reference),
# the commit-graph hint, CSV line ends in a pipeline.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

plan 60

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist
mkdir fx
cd fx || exit 1
build_fixture
cd "$SCRATCH" || exit 1
R=$SCRATCH/fx
RG=v1.0..v2.0

# no_tmp FILE...: no temporary file (.treeplot-*) is left beside any FILE.
no_tmp() {
	for f in "$@"; do
		[ -z "$(ls -d "$(dirname "$f")"/.treeplot-* 2>/dev/null)" ] || return 1
	done
}
# single ARGS... -o FILE: treeplot's single run, for comparison.
single() { "$TREEPLOT" -C "$R" "$@" 2>/dev/null; }

# --- several outputs from one walk ------------------------------------

mkdir multi single
tp -C "$R" -o multi/f.svg -o multi/f.json -o multi/f.csv -o multi/f.txt \
	-o multi/f.tsv -o multi/f.dot -o multi/f.html -o multi/f.png $RG
is "$STATUS:$OUT:$ERR" "0::" "eight -o: exit 0, nothing on standard output or error"
r=0
for ext in svg json csv txt tsv dot html png; do
	single -o single/f.$ext $RG
	cmp -s multi/f.$ext single/f.$ext || { r=1; echo "# f.$ext differs"; }
done
ok $r "each of eight outputs is byte for byte its own single run"
grep -q '^<svg' multi/f.svg && jq -e .format_version multi/f.json >/dev/null &&
	head -c 8 multi/f.png | od -c | grep -q 'P   N   G'
ok $? "each file in its extension's format (svg, json, png checked)"

# Standard output among them: -o - is text, or -T's format.
tp -C "$R" -o multi/g.json -o - $RG
is "$OUT" "$(single $RG)" "-o f.json -o -: the text report on standard output"
cmp -s multi/g.json single/f.json
ok $? "-o f.json -o -: f.json as its own run"
tp -C "$R" -T csv -o multi/h.json -o - $RG
is "$OUT" "$(single -T csv $RG)" "-T csv -o f.json -o -: -T gives standard output's format"
cmp -s multi/h.json single/f.json
ok $? "-T csv -o f.json -o -: f.json is JSON, as its extension says"
tp -C "$R" -T json -o multi/noext -o multi/i.svg $RG
cmp -s multi/noext single/f.json && cmp -s multi/i.svg single/f.svg
ok $? "-T json names the format of a file whose extension names none"

# Options of one format apply to that output only.
tp -C "$R" --dpi 48 --crlf -o multi/d.png -o multi/d.svg -o multi/d.csv $RG
single --dpi 48 -o single/d.png $RG
single --crlf -o single/d.csv $RG
cmp -s multi/d.png single/d.png && cmp -s multi/d.svg single/f.svg &&
	cmp -s multi/d.csv single/d.csv
ok $? "--dpi and --crlf: for the png and the csv, the svg as without them"

# Mistakes: a usage error, nothing written.
tp -C "$R" -T json -o bad/a.svg -o bad/b.svg $RG
is "$STATUS:$ERR" "2:treeplot: -T json is the format of none of the outputs: with several, each file's extension gives its format, -T that of - and of files without one" \
   "-T that applies to none of several files: a usage error"
tp -C "$R" -o x.svg -o y.json -o x.svg $RG
is "$STATUS:$ERR" "2:treeplot: output 'x.svg' given twice" "a file given twice: a usage error"
tp -C "$R" -o x.svg -o y.unknown $RG
is "$STATUS:$ERR" "2:treeplot: cannot tell the format of 'y.unknown' from its extension: use -T" \
   "a file of unknown extension among several: a usage error"
tp -C "$R" --dpi 48 -o x.svg -o y.json $RG
is "$STATUS:$ERR" "2:treeplot: --dpi is for the png format" "--dpi without a png among the outputs"
# An option is refused only when none of the outputs uses it (the one
# table of where options apply, with several outputs).
tp -C "$R" --layout twopi -o x.json -o y.csv $RG
is "$STATUS:$ERR" "2:treeplot: --layout is for the svg, png, pdf and html formats" \
   "--layout with no drawn chart among the outputs: a usage error"
[ ! -e x.svg ] && [ ! -e y.json ] && [ ! -e x.json ] && [ ! -e y.csv ]
ok $? "usage errors write nothing"
mkdir -p lay
tp -C "$R" --layout twopi --title T -o lay/a.svg -o lay/a.json $RG
single --layout twopi --title T -o single/lay.svg $RG
single -o single/lay.json $RG
is "$STATUS:$ERR" "0:" "--layout and --title with an svg among the outputs: accepted"
cmp -s lay/a.svg single/lay.svg && cmp -s lay/a.json single/lay.json
ok $? "--layout and --title: the svg with them, the json as without them"

# All or none: the old files stay when one output cannot be written,
# at every stage (its destination, its temporary, a device written
# before the renames), and no temporary is left.
mkdir aon aon/dir.csv
echo old-svg >aon/a.svg
echo old-json >aon/b.json
for bad in aon/dir.csv aon/missing/c.csv /dev/full; do
	[ "$bad" = /dev/full ] && [ ! -c /dev/full ] && { ok 0 "# SKIP no /dev/full"; continue; }
	# /dev/full has no extension: -T gives its format.
	tflag=
	[ "$bad" = /dev/full ] && tflag="-T csv"
	tp -C "$R" $tflag -o aon/a.svg -o aon/b.json -o "$bad" $RG
	[ "$STATUS" = 1 ] && [ "$(wc -l <"$SCRATCH/.err")" -eq 1 ] &&
		[ "$(cat aon/a.svg)" = old-svg ] && [ "$(cat aon/b.json)" = old-json ] &&
		no_tmp aon/a.svg aon/b.json && [ ! -e aon/c.csv ]
	ok $? "-o a.svg -o b.json -o $bad: exit 1, one error, both old files untouched, no temporary"
done
tp -C "$R" -o aon/a.svg -o aon/b.json $RG
cmp -s aon/a.svg single/f.svg && cmp -s aon/b.json single/f.json && no_tmp aon/a.svg aon/b.json
ok $? "the same run without the bad output replaces both"

# --compare: text, json, csv and the trend chart from one walk.
CMP="v1.0..v2.0-rc1 v2.0-rc1..v2.0"
tp -C "$R" --compare -o multi/c.json -o multi/c.csv -o multi/c.svg -o multi/c.txt $CMP
r=$STATUS
for ext in json csv svg txt; do
	single --compare -o single/c.$ext $CMP
	cmp -s multi/c.$ext single/c.$ext || { r=1; echo "# c.$ext differs"; }
done
ok $r "--compare, four outputs: each its own single run"
tp -C "$R" --compare -o multi/c.tsv $CMP
is "$STATUS" 2 "--compare -o c.tsv: still refused"

# --trace: text and json from one resolution; standard input read once,
# an untraced commit reported once.
cd "$R" || exit 1
T1=$(id h1) T2=$(id w2)
cd "$SCRATCH" || exit 1
printf '%s\nnosuch\n' "$T2" >revs
"$TREEPLOT" -C "$R" --trace -o multi/t.json -o multi/t.txt "$T1" - $RG \
	<revs 2>trace.err
is "$?:$(cat trace.err)" "1:treeplot: nosuch: unknown revision" \
   "--trace, two outputs, stdin: exit 1, the untraced commit reported once"
single --trace -o single/t.json "$T1" - $RG <revs
single --trace -o single/t.txt "$T1" - $RG <revs
cmp -s multi/t.json single/t.json && cmp -s multi/t.txt single/t.txt
ok $? "--trace: json and text each their own single run (stdin's commits in both)"
tp -C "$R" --explain -o multi/e.json -o multi/e.txt "$(cd "$R" && id nm3)" $RG
single --explain -o single/e.json "$(cd "$R" && id nm3)" $RG
single --explain -o single/e.txt "$(cd "$R" && id nm3)" $RG
cmp -s multi/e.json single/e.json && cmp -s multi/e.txt single/e.txt
ok $? "--explain: json and text each their own single run"
tp -C "$R" --trace -o multi/t.svg -o multi/t2.json "$T1" $RG
is "$STATUS:$ERR" "2:treeplot: --trace writes text or json, not 'multi/t.svg'" \
   "--trace with an svg among the outputs: refused, naming it"

# --- -o -, and binary formats on a terminal -------------------------------

tp -C "$R" -o - -T json $RG
is "$OUT" "$(single -T json $RG)" "-o - -T json: standard output"
"$TREEPLOT" -C "$R" -o - -T png $RG | head -c 4 | od -An -c | tr -d ' \n' >magic
is "$(cat magic)" "211PNG" "-T png into a pipe: written"
if command -v script >/dev/null; then
	for f in png pdf; do
		F=$(echo $f | tr a-z A-Z)
		script -qec "'$TREEPLOT' -C '$R' -T $f $RG; echo status=\$?" /dev/null \
			</dev/null | tr -d '\r' >tty.out
		is "$(cat tty.out)" "treeplot: refusing to write $F to a terminal; use -o FILE or redirect
status=2" "-T $f on a terminal (script's pty): refused, as gzip does"
	done
	script -qec "'$TREEPLOT' -C '$R' -o tty.png -o - $RG >/dev/null; echo status=\$?" /dev/null \
		</dev/null | tr -d '\r' >tty.out
	is "$(cat tty.out)" "status=0" "a png file with text on the terminal: fine"
	cmp -s tty.png single/f.png
	ok $? "... and the png is its single run"
else
	for i in 1 2 3 4; do ok 0 "# SKIP no script(1)"; done
fi

# --- a shallow clone ------------------------------------------------------------

bash "$ROOT/tools/mkrepo.sh" gen --commits 3000 --trees 20 --seed 14 >/dev/null 2>&1
ok $? "generated history: tools/mkrepo.sh, 3000 commits"
git clone -q --bare --depth 30 "file://$SCRATCH/gen/repo.git" shallow.git 2>/dev/null
[ -s shallow.git/shallow ]
ok $? "git clone --depth 30: a shallow clone"
S=$SCRATCH/shallow.git
# reaches RANGE: git's answer, the boundary commits that git rev-list
# lists in RANGE.
reaches() { git -C "$S" rev-list $1 | grep -Fx -f "$S/shallow"; }
# over A B: git's reading of A..B when A's history is cut (else
# nothing): "CUT OVER ALL", the boundary commits of A's history, the
# non-merge commits of A..B that do not descend from each of them (any
# may be in A's history, beyond the cut: git rev-list --ancestry-path),
# and all the non-merge commits of A..B (exactly: B's set minus A's; a
# boundary merge, whose parents the clone lacks, is still a merge).
over() {
	git -C "$S" rev-list "$1" | sort >a.set
	grep -Fx -f "$S/shallow" a.set >cut.set || return 1
	git -C "$S" rev-list --no-merges "$2" | sort | comm -23 - a.set >in.set
	for x in $(grep -Fx -f "$S/shallow" in.set); do
		[ "$(git -C "$S" cat-file -p "$x" | grep -c '^parent ')" -gt 1 ] &&
			grep -vx "$x" in.set >in.new && mv in.new in.set
	done
	cp in.set sure.set
	while read -r x; do
		git -C "$S" rev-list --ancestry-path "$x..$2" | sort |
			comm -12 sure.set - >sure.new
		mv sure.new sure.set
	done <cut.set
	echo "$(wc -l <cut.set) $(comm -23 in.set sure.set | wc -l) $(wc -l <in.set)"
}
# full A B: the non-merge commits of A..B in the full history.
full() { "$TREEPLOT" -C gen/repo.git -T json "$1..$2" | jq .commits; }

refused=0
for rg in master master~1..master master~10..master master~30..master; do
	tp -C "$S" -q $rg
	if [ "$rg" != master ] && o=$(over "${rg%..*}" "${rg#*..}") &&
	   set -- $o && [ "$2" -gt 0 ]; then
		# The start's history cut: the counts would be too high by
		# up to OVER; refused, with git's figures.
		c1=$1 o1=$2 m1=$3 more=""
		[ "$c1" -gt 1 ] && more=" (one of $c1 boundary commits)"
		is "$STATUS:$(printf '%s\n' "$ERR" | sed 's/boundary at [0-9a-f]*/boundary at X/')" \
		   "4:treeplot: the range's start has its history cut by the shallow clone's boundary at X$more: up to $o1 of the $m1 commits counted may be in that history, so the counts would be too high; fetch it with 'git fetch --unshallow' (or '--deepen=N')" \
		   "$rg: the start's history cut (git rev-list: $c1 boundary commits, $o1 of $m1 commits not above them all): refused, exit 4"
		f=$(full "${rg%..*}" "${rg#*..}")
		[ $((m1 - f)) -le "$o1" ]
		ok $? "$rg: the full history's $f commits: the $((m1 - f)) too many are within the bound"
		[ "$m1" -gt "$f" ] && refused=$((refused + 1))
	elif b=$(reaches $rg); then
		n=$(printf '%s\n' "$b" | wc -l)
		named=$(printf '%s\n' "$ERR" | sed -n 's/.*boundary at \([0-9a-f]*\).*/\1/p')
		[ "$STATUS" = 0 ] && [ "$(printf '%s\n' "$ERR" | wc -l)" = 1 ] &&
			[ -n "$named" ] && printf '%s\n' "$b" | grep -q "^$named" &&
			case $ERR in "treeplot: warning: "*"'git fetch --unshallow'"*) true ;; *) false ;; esac &&
			{ [ "$n" = 1 ] || case $ERR in *"(one of $n boundary commits)"*) true ;; *) false ;; esac; }
		ok $? "$rg reaches $n boundary commits (git rev-list): one warning naming one, and git fetch --unshallow"
	else
		is "$STATUS:$ERR" "0:" "$rg stays above the boundary (git rev-list): no warning"
	fi
done
reaches master >/dev/null
ok $? "the whole history reaches the boundary (the case above was tested)"
[ "$refused" -gt 0 ]
ok $? "a range the cut start over-counts was refused ($refused)"

tp -C "$S" --require-complete -o out.json master
is "$STATUS" 4 "--require-complete at the boundary: exit status 4"
[ ! -e out.json ] && [ "$(wc -l <"$SCRATCH/.err")" -eq 1 ] &&
	case $ERR in "treeplot: the range reaches the shallow clone's boundary at "*"--unshallow"*) true ;; *) false ;; esac
ok $? "--require-complete: one error line with the way out, no output"
# --compare: the ranges' own commits count, not the union's walk (the
# union of A..B and B..C is A..C); the first range whose start's cut
# history could be counted refuses them all.
for c in "master~20 master~10 master" "master~2 master~1 master"; do
	set -- $c
	tp -C "$S" -q --compare $1..$2 $2..$3
	if o=$(over $1 $2) && [ "$(echo "$o" | cut -d' ' -f2)" -gt 0 ] ||
	   { o=$(over $2 $3) && [ "$(echo "$o" | cut -d' ' -f2)" -gt 0 ]; }; then
		case $ERR in "treeplot: the start of the range $1..$2 has its history cut"*|\
			     "treeplot: the start of the range $2..$3 has its history cut"*) r=0 ;;
			     *) r=1 ;; esac
		is "$STATUS:$r" "4:0" "--compare $1..$2 $2..$3: a start's history cut (git rev-list): refused, the range named"
	elif b=$(reaches $1..$3); then
		n=$(printf '%s\n' "$b" | wc -l)
		[ "$STATUS" = 0 ] &&
			case $ERR in "treeplot: warning: the range reaches"*"(one of $n boundary commits)"*) true ;; *) false ;; esac
		ok $? "--compare $1..$2 $2..$3 reaches $n boundary commits (git rev-list): the warning"
	else
		is "$STATUS:$ERR" "0:" "--compare $1..$2 $2..$3 stays above the boundary (git rev-list): no warning"
	fi
done

# --- the commit-graph hint ------------------------------------------------------

# The hint after a slow walk (TREEPLOT_SLOW_WALK_MS sets how slow: 0
# makes any walk slow, so that the test needs no slow run), naming -C's
# directory in the command when one was given.
HINT_RE="^treeplot: hint: 'git -C gen/repo.git commit-graph write --reachable' makes later runs like this one about [0-9][0-9]*x faster$"
[ ! -e gen/repo.git/objects/info/commit-graph ]
ok $? "the generated history has no commit-graph"
TREEPLOT_SLOW_WALK_MS=0 tp -C gen/repo.git master
[ "$STATUS" = 0 ] && [ "$(printf '%s\n' "$ERR" | wc -l)" = 1 ] &&
	printf '%s\n' "$ERR" | grep -q "$HINT_RE"
ok $? "a slow walk, no commit-graph: the hint, one line, with -C gen/repo.git"
hint_whole=$(printf '%s\n' "$ERR" | sed 's/.*about \([0-9]*\)x.*/\1/')
TREEPLOT_SLOW_WALK_MS=0 tp -C gen/repo.git v1.0..master
hint_range=$(printf '%s\n' "$ERR" | sed -n 's/.*about \([0-9]*\)x.*/\1/p')
grep -q "whole history.* ${hint_whole}x" "$ROOT/BENCHMARKS.md" &&
	grep -q "a release's range.* ${hint_range}x" "$ROOT/BENCHMARKS.md"
ok $? "the figures printed (${hint_whole}x whole, ${hint_range:-?}x range) are BENCHMARKS.md's measurements"
(cd gen/repo.git && TREEPLOT_SLOW_WALK_MS=0 "$TREEPLOT" master 2>&1 >/dev/null) >err
grep -q "^treeplot: hint: 'git commit-graph write --reachable' " err
ok $? "run inside the repository (no -C): the command names none"
mkdir -p "dir with 'quotes' \$x"
cp -r gen/repo.git "dir with 'quotes' \$x/r.git"
TREEPLOT_SLOW_WALK_MS=0 tp -C "dir with 'quotes' \$x/r.git" master
is "$ERR" "treeplot: hint: 'git -C \"dir with 'quotes' \\\$x/r.git\" commit-graph write --reachable' makes later runs like this one about ${hint_whole}x faster" \
   "a directory a shell would read: double-quoted, \$ escaped"
TREEPLOT_SLOW_WALK_MS=0 tp -C gen/repo.git -q master
is "$ERR" "" "-q: no hint"
printf '[treeplot]\n\tgraphHint = false\n' >nohint.cfg
TREEPLOT_SLOW_WALK_MS=0 tp -C gen/repo.git --config nohint.cfg master
is "$STATUS:$ERR" "0:" "treeplot.graphHint = false: no hint"
printf '[treeplot]\n\tgraphHint = true\n' >hint.cfg
TREEPLOT_SLOW_WALK_MS=0 tp -C gen/repo.git --config hint.cfg master
printf '%s\n' "$ERR" | grep -q "$HINT_RE"
ok $? "treeplot.graphHint = true: the hint"
printf '[treeplot]\n\tgraphHint = sometimes\n' >badhint.cfg
tp -C gen/repo.git --config badhint.cfg master
is "$STATUS:$ERR" "2:treeplot: badhint.cfg: treeplot.graphHint: bad value 'sometimes' (not a boolean (true or false))" \
   "treeplot.graphHint = sometimes: a bad value"
TREEPLOT_SLOW_WALK_MS= tp -C gen/repo.git master
is "$ERR" "" "the default threshold (two seconds): no hint for a walk of 3000 commits"
TREEPLOT_SLOW_WALK_MS=0 tp -C "$S" master
case $ERR in *hint*) false ;; *) true ;; esac
ok $? "a shallow clone (where git uses no commit-graph): no hint"
cp -r gen/repo.git graph.git
git -C graph.git commit-graph write --reachable 2>/dev/null
TREEPLOT_SLOW_WALK_MS=0 tp -C graph.git master
is "$STATUS:$ERR" "0:" "with a commit-graph written: no hint"

# --- CSV in a shell pipeline --------------------------------------------------------------

"$TREEPLOT" -C "$R" -T csv --csv-table trees $RG | sed -n 2p | cut -d, -f2 >field
is "$(od -An -c field | tr -d ' ')" '21\n' "cut -d, -f2 of the CSV: '21', no stray CR"

done_testing
