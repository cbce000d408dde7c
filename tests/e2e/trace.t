#!/bin/bash
# --trace: the way each named commit took, with the merge of every hop.
# On the fixture the answer is known by hand; on generated histories
# every hop is checked against the generator's truth and against git
# itself (the merge's first parent lacks the commit, the merge has it;
# the last hop is the merge of the mainline's first-parent line that
# brought it in, as git rev-list --first-parent --ancestry-path says).
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist

plan 63

mkdir fx
cd fx || exit 1
build_fixture
R=v1.0..v2.0

short() { id "$1" | cut -c1-12; }
# hop FROM TO MERGE: a hop's two lines, the date and subject from git.
hop() {
	printf '  %s -> %s\n    %s  %s\n' "$1" "$2" "$(short "$3")" \
		"$(git show -s --format='%ci  %s' "$(id "$3")")"
}
through() {	# through BRANCH MERGE: a direct commit of a topic branch
	printf '  direct to mainline, through %s\n    %s  %s\n' "$1" \
		"$(short "$2")" "$(git show -s --format='%ci  %s' "$(id "$2")")"
}
head_line() {
	printf '\ncommit %s  %s\n' "$(short "$1")" \
		"$(git show -s --format=%s "$(id "$1")")"
}

# --- the answer on the fixture ------------------------------------------

EXPECTED="repository  fx
range       $R
$(head_line i1)
$(hop iwlwifi/iwlwifi-2.6 linville/wireless-2.6 wm1)
$(hop linville/wireless-2.6 davem/net-2.6 nm1)
$(hop davem/net-2.6 mainline mm1)
$(head_line m2)
  direct to mainline
$(head_line t2)
$(hop x86/linux-2.6-tip mainline mm2)
$(head_line h1)
$(hop jikos/hid x86/linux-2.6-tip tm2)
$(hop x86/linux-2.6-tip mainline mm2)
$(head_line h2)
$(hop jikos/hid mainline mm3)
$(head_line s2)
$(hop tiwai/sound-2.6 mainline mm4)
$(head_line a1)
$(through akpm mm5)
$(head_line n3)
$(hop davem/net-2.6 mainline mm1)"

tp --trace $(for c in i1 m2 t2 h1 h2 s2 a1 n3; do id $c; done) $R
is "$STATUS" 0 "every commit traced: exit status 0"
is "$OUT" "$EXPECTED" \
   "text: each hop with its merge, date and subject, innermost first; internal merges (the octopus into tip, akpm's, net's own) are no hop"
is "$ERR" "" "every commit traced: nothing on stderr"

# Every commit of the range: the path of each trace is its -T commits line.
tpc -T commits $R
COMMITS=$OUT
printf '%s\n' "$COMMITS" | cut -f1 >all.ids
tp --trace -T json - $R <all.ids
is "$STATUS" 0 "json, every commit of the range from stdin: exit status 0"
printf '%s\n' "$OUT" >all.json
is "$(jq -r '.traces[] | [.id] + .path | @tsv' all.json)" "$COMMITS" \
   "json: each path is the commit's -T commits line, in the order named"
# A topic branch's direct commit (akpm's) has one hop more: the branch
# into the mainline, by the merge of its first-parent line.
is "$(jq '[.traces[] | select((.hops | length) != (.path | length) - 1 and ((.hops | length) != (.path | length) or .hops[-1].to != "mainline"))] | length' all.json)" 0 \
   "json: one hop per step of every path, and one for a topic branch"
is "$(jq '[.traces[] | .path as $p | select((.hops | length) < ($p | length)) | .hops | to_entries[] | select(.value.from != $p[.key] or .value.to != $p[.key + 1])] | length' all.json)" 0 \
   "json: each hop goes from one tree of the path to the next"
is "$(jq -c '[.traces[] | select(.id == "'"$(id a1)"'") | .path, [.hops[] | [.from, .to, .merge]]]' all.json)" \
   "[[\"mainline\"],[[\"akpm\",\"mainline\",\"$(id mm5)\"]]]" \
   "json: a1, direct through akpm's branch: the hop of the merge that brought it"
is "$(jq -r '.traces[] | select(.id == "'"$(id w2)"'") | [.hops[].merge] | join(" ")' all.json)" \
   "$(id nm1) $(id mm1)" "json: w2's hops are nm1 then mm1"
is "$(jq -c '[."$schema", .format_version, .repository, .range, .mainline.name, (.untraced | length)]' all.json)" \
   "[\"https://treeplot.invalid/treeplot.schema.json\",2,\"fx\",\"$R\",\"mainline\",0]" "json: \$schema, format_version, repository, range, mainline"
is "$(jq -r '.traces[] | select(.id == "'"$(id i1)"'") | .hops[0] | [.date, .time, .subject] | @tsv' all.json)" \
   "$(git show -s --format='%cI%x09%ct%x09%s' "$(id wm1)" | sed 's/Z	/+00:00	/')" \
   "json: a hop's date (ISO 8601), time and subject are git's"

# --- what cannot be traced -------------------------------------------------

tp --trace "$(id i1)" "$(id Y)" "$(id nm1)" nope "$(git rev-parse HEAD^{tree})" \
   "$(id s1)" $R
is "$STATUS" 1 "some commits not traced: exit status 1"
is "$(printf '%s\n' "$OUT" | grep -c '^commit ')" 2 \
   "the others are traced all the same (i1, s1)"
is "$ERR" "treeplot: $(id Y): not in the range $R
treeplot: $(id nm1): a merge: only the commits merges carry are traced
treeplot: nope: unknown revision
treeplot: $(git rev-parse HEAD^{tree}): not a commit" \
   "one line on stderr per commit not traced, saying why, in the order named"
tp --trace -T json "$(id i1)" v1.0 "$(id nm1)" nope $R
is "$(printf '%s\n' "$OUT" | jq -c '[.untraced[] | [.argument, .reason, (.id != null)]]')" \
   '[["v1.0","not-in-range",true],["'"$(id nm1)"'","merge",true],["nope","unknown-revision",false]]' \
   "json: the untraced, with a reason each"
is "$STATUS" 1 "json with commits not traced: exit status 1"
tp --trace -o traced.txt "$(id Y)" "$(id i1)" $R
is "$STATUS:$(grep -c '^commit ' traced.txt)" 1:1 \
   "-o with a commit not traced: the file is written, exit status 1"
# An abbreviated id: m0's first four digits are no other object's, then
# a blob whose id starts so makes them ambiguous (its text found by
# trying "treeplot N" for N = 0, 1, ...: the fixture's ids are fixed).
M0=$(id m0 | cut -c1-4)
git rev-parse --disambiguate="$M0" >prefixed
is "$(cat prefixed)" "$(id m0)" "fixture: $M0 is m0's prefix alone"
tp --trace "$M0" $R
is "$STATUS:$ERR" "1:treeplot: $M0: not in the range $R" \
   "an abbreviated id: resolved (m0, not in the range), exit 1"
n=$("$PYTHON" -c '
import hashlib, sys
i = 0
while True:
    c = b"treeplot %d\n" % i
    if hashlib.sha1(b"blob %d\0" % len(c) + c).hexdigest().startswith(sys.argv[1]):
        print(i)
        break
    i += 1' "$M0")
printf 'treeplot %s\n' "$n" | git hash-object -w --stdin >/dev/null
tp --trace "$M0" "$(id i1)" $R
is "$STATUS:$ERR" "1:treeplot: $M0: ambiguous: several objects' ids start so" \
   "an ambiguous abbreviated id: said so, exit 1"
is "$(printf '%s\n' "$OUT" | grep -c '^commit ')" 1 "the others are traced all the same"

# --- the command line ---------------------------------------------------------

tp --trace i1
is "$STATUS" 1 "a name that is no revision: exit 1 (the batch goes on), not 2"
tp --trace "$(id i1)" v1.0..v2.0
is "$(printf '%s\n' "$OUT" | sed -n 2p)" "range       v1.0..v2.0" \
   "the last argument, having '..', is the range"
tp --trace --range v1.0..v2.0 "$(id i1)"
is "$(printf '%s\n' "$OUT" | sed -n 2p)" "range       v1.0..v2.0" "--range gives it too"
tp --trace --range v2.0 "$(id Y)"
is "$STATUS" 0 "--range with a single revision (the whole history): Y traced"
# Without a range, the whole history to HEAD, as git-when-merged
# searches: a commit of an earlier cycle is found.
tp --trace "$(id i1)"
is "$(printf '%s\n' "$OUT" | sed -n 2p)" "range       HEAD" \
   "no range: the whole history to HEAD"
tp --trace "$(id Y)"
is "$STATUS:$ERR:$(printf '%s\n' "$OUT" | tail -n 1)" "0::  direct to mainline" \
   "no range: Y, of the cycle before v1.0, traced (with $R it is not in the range)"
tp --explain "$(id mm5)"
is "$STATUS:$(printf '%s\n' "$OUT" | sed -n 2p)" "0:range       HEAD" \
   "--explain without a range: the whole history to HEAD too"
# What it cost, said when the walk was slow (TREEPLOT_SLOW_WALK_MS: any
# walk is, for the test) and had no commit-graph to make it cheap.
TREEPLOT_SLOW_WALK_MS=0 tp -q --trace "$(id Y)"
is "$ERR" "" "-q: nothing said of the cost"
TREEPLOT_SLOW_WALK_MS=0 tp --trace "$(id Y)"
is "$(printf '%s\n' "$ERR" | sed -n 1p | sed 's/([0-9.]* s)/(T s)/')" \
   "treeplot: note: --trace without a range searched the whole history to HEAD, a walk of $(git rev-list --count HEAD) commits (T s); a range (A..B, or --range) searches less" \
   "a slow walk of the whole history: its cost said, commits as git counts them"
TREEPLOT_SLOW_WALK_MS=0 tp --trace "$(id Y)" $R
is "$(printf '%s\n' "$ERR" | grep -c note)" 0 "a range given: no note (Y is only not in it)"
# Two tags where a range was meant.
tp --trace "$(id i1)" v1.0 v2.0
is "$STATUS:$ERR:$OUT" "2:treeplot: 'v1.0' and 'v2.0' are tags: did you mean v1.0..v2.0? (to trace the tags themselves, give a range: --range HEAD):" \
   "--trace C v1.0 v2.0: did you mean v1.0..v2.0?"
tp --trace "$(id i1)" v1.0 v2.0 --range HEAD
is "$STATUS:$(printf '%s\n' "$OUT" | grep -c '^commit ')" "0:3" \
   "--range given: the tags are commits to trace"
tp --explain "$(id mm5)" v1.0 v2.0
is "$STATUS" 2 "--explain M v1.0 v2.0: the same usage error"
for args in "--trace" "--trace $R" "--trace v1.0..v1.0 $(id i1) $R" \
	    "--trace --compare $(id i1)" "--trace -T svg $(id i1)" \
	    "--trace -o x.png $(id i1)" "--trace --top 3 $(id i1)" \
	    "--trace --range $R $(id i1) $R"; do
	tp $args
	is "$STATUS" 2 "usage error: $args"
done
[ ! -e x.png ]
ok $? "usage error: no output file"
tp --trace "$(id i1)" nope..v2.0
is "$STATUS" 2 "an unknown revision in the range: exit status 2"

# Standard input: the first word of each line, blank lines skipped.
git log --no-walk=unsorted --oneline $(cat all.ids) >oneline
printf '\n  \n' >>oneline
tp --trace - $R <oneline
is "$STATUS:$(printf '%s\n' "$OUT" | grep -c '^commit ')" \
   "0:$(wc -l <all.ids | tr -d ' ')" \
   "--trace - reads 'git log --oneline' (first words, blank lines skipped)"
id a1 >one
tp --trace "$(id i1)" - "$(id a2)" $R <one
is "$(printf '%s\n' "$OUT" | sed -n 's/^commit \([0-9a-f]*\).*/\1/p' | tr '\n' ' ')" \
   "$(short i1) $(short a1) $(short a2) " "'-' among commits: stdin's in its place"

# Duplicates are traced as named.
tp --trace "$(id a1)" "$(id a1)" $R
is "$(printf '%s\n' "$OUT" | grep -c '^commit ')" 2 "a commit named twice is traced twice"

# A commit in the range but never merged in any known way still has a path.
tp --trace "$(id b1)" $R
is "$(printf '%s\n' "$OUT" | tail -n 2 | head -n 1)" "  direct to mainline, through (a branch)" \
   "b1 (pulled by an unrecognised merge): direct, through it"
tp --trace --mainline Linus "$(id a1)" $R
is "$(printf '%s\n' "$OUT" | tail -n 2 | head -n 1)" "  direct to Linus, through akpm" "--mainline names the mainline"

# With a commit-graph the answer is the same.
git commit-graph write --reachable
tp --trace -T json - $R <all.ids
is "$(printf '%s\n' "$OUT")" "$(cat all.json)" "commit-graph: the same traces"
TREEPLOT_SLOW_WALK_MS=0 tp --trace "$(id Y)"
is "$STATUS:$ERR" "0:" "commit-graph: the whole history costs little, nothing said"
rm -f .git/objects/info/commit-graph

# --- generated histories: every hop checked against git ------------------------

# check.pl: the traces (jq'ed to "id TAB path TAB merges TAB froms"),
# git's graph, merge subjects and B's first-parent line; prints one line
# per kind of failure and "ok".
cat >"$SCRATCH/check.pl" <<'EOF'
use strict; use warnings;
my ($traces, $graph, $subjects, $chain, $expected) = @ARGV;
my (%par, %subj, %want, %onchain, %intro);
open my $g, '<', $graph or die; while (<$g>) { chomp; my ($c, @p) = split / /; $par{$c} = \@p; }
open my $s, '<', $subjects or die; while (<$s>) { chomp; my ($c, $t) = split / /, $_, 2; $subj{$c} = $t; }
open my $e, '<', $expected or die; while (<$e>) { chomp; my ($c, @p) = split /\t/; $want{$c} = join "\t", @p; }
# The commit of B's first-parent line that brought each commit in.
open my $ch, '<', $chain or die; my @chain = reverse map { chomp; $_ } <$ch>;
my %seen;
for my $m (@chain) {
	$onchain{$m} = 1;
	my @st = ($m);
	while (@st) { my $x = pop @st; next if $seen{$x}++; $intro{$x} = $m; push @st, @{$par{$x} || []}; }
}
sub reaches { # is $c an ancestor of (or) $from?
	my ($from, $c) = @_; my %v; my @st = ($from);
	while (@st) { my $x = pop @st; return 1 if $x eq $c; next if $v{$x}++; push @st, @{$par{$x} || []}; }
	return 0;
}
sub brings { # $m has $c, its first parent has not
	my ($m, $c) = @_;
	return reaches($m, $c) && !reaches($par{$m}[0], $c);
}
sub norm { my $u = lc shift; $u =~ s{:\d+/}{/}; return $u; }
my %bad; my $n = 0;
open my $t, '<', $traces or die;
while (<$t>) {
	chomp; my ($c, $merges, $froms, @p) = split /\t/, $_, -1; $n++;
	$bad{"path differs from the generator's truth"}++ if ($want{$c} // '') ne join "\t", @p;
	my @m = split / /, $merges; my @f = split / /, $froms;
	# One hop per step, and one more from a branch of the mainline
	# ("next", a topic branch) when its merge is not the last step's.
	$bad{"hops != path - 1 (+ 1)"}++ if @m != @p - 1 && @m != @p;
	for my $k (0 .. $#m) {
		$bad{"a hop's merge does not bring the commit"}++ unless brings($m[$k], $c);
		$bad{"a hop's merge does not bring the previous hop's"}++ if $k && !brings($m[$k], $m[$k - 1]);
		next if $k == $#m && @m == @p && $f[$k] eq '(a branch)';
		$bad{"a hop's merge does not name the tree pulled"}++ if index(norm($subj{$m[$k]} // ''), lc $f[$k]) < 0;
	}
	if ($onchain{$c}) {
		$bad{"a commit of the line has hops"}++ if @m;
		next;
	}
	$bad{"last hop is not the first-parent merge that brought it"}++
		if !@m || $intro{$c} ne $m[-1];
}
print "# $_: $bad{$_}\n" for sort keys %bad;
print %bad ? "bad $n\n" : "ok $n\n";
EOF

for seed in 2 3; do
	d=$SCRATCH/g$seed
	"$ROOT/tools/mkrepo.sh" "$d" --commits 2000 --seed "$seed" >"$d.log" 2>&1
	ok $? "seed $seed: generated"
	git="git --git-dir=$d/repo.git"
	r=v1.3..v1.6
	"$TREEPLOT" -C "$d/repo.git" -T commits "$r" | paths >"$d/commits"
	cut -f1 "$d/commits" >"$d/ids"
	"$TREEPLOT" -C "$d/repo.git" --trace -T json - "$r" <"$d/ids" >"$d/trace.json"
	is "$?:$(jq '.traces | length' "$d/trace.json"):$(jq '.untraced | length' "$d/trace.json")" \
	   "0:$(wc -l <"$d/ids" | tr -d ' '):0" "seed $seed, $r: every commit traced"
	jq -r '.traces[] | [.id, ([.hops[].merge] | join(" ")), ([.hops[].from] | join(" "))] + .path | join("\t")' \
		"$d/trace.json" >"$d/traces"
	is "$(jq '[.traces[].id] | unique | length' "$d/trace.json")" \
	   "$(wc -l <"$d/commits" | tr -d ' ')" "seed $seed: one trace per commit"
	# The path of each trace, as -T commits prints it.
	jq -r '.traces[] | [.id] + .path | @tsv' "$d/trace.json" >"$d/paths"
	cmp -s "$d/paths" "$d/commits"
	ok $? "seed $seed, $r: each trace's path is its -T commits line"
	$git rev-list --parents --all >"$d/graph"
	$git log --all --merges --format='%H %s' >"$d/subjects"
	$git rev-list --first-parent v1.6 >"$d/chain"
	perl "$SCRATCH/check.pl" "$d/traces" "$d/graph" "$d/subjects" "$d/chain" \
		"$d/expected.tsv" >"$d/check"
	grep '^#' "$d/check"
	grep -q '^ok [1-9]' "$d/check"
	ok $? "seed $seed, $r: paths are the generator's; every hop's merge brings the commit (and the previous hop's merge) and names the tree; the last is the mainline's"

	# git's own answer for the hops into the mainline on its first-parent
	# line: the oldest commit of v1.6's first-parent line descending from
	# the commit (the first of --ancestry-path's on that line, in
	# topological order, which dates cannot disturb).
	awk -F'\t' 'NF > 3' "$d/traces" | head -n 25 >"$d/sample"
	fails=0 checked=0
	while IFS='	' read -r c merges froms path; do
		last=${merges##* }
		grep -qx "$last" "$d/chain" || continue
		want=$($git rev-list --topo-order --ancestry-path "$c..v1.6" |
			grep -Fx -f "$d/chain" | tail -n 1)
		checked=$((checked + 1))
		[ "$want" = "$last" ] || { fails=$((fails + 1)); echo "# $c: $last, git says $want"; }
	done <"$d/sample"
	[ "$fails" -eq 0 ] && [ "$checked" -gt 0 ]
	ok $? "seed $seed: the last hop is the oldest first-parent commit of git rev-list --ancestry-path C..v1.6 ($checked checked)"
	rm -rf "$d"
done

done_testing
