#!/bin/bash
# The walk on several threads (--jobs, treeplot.jobs): the output is the
# same byte for byte whatever the number of threads and however they are
# scheduled, with and without a commit-graph, in a shallow clone, and on
# a broken repository (the same error line).  Generated histories
# (tools/genhist/) also check it against their ground truth.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
GENHIST=$BUILD/genhist
export GENHIST

plan 23

# 5,000 commits under the sanitizer (lib.sh's scaled): the same
# frontiers, chunks and rounds, fewer of them
N=$(scaled 20000 5000)
bash "$ROOT/tools/mkrepo.sh" gen --commits "$N" --seed 7 >/dev/null 2>&1
ok $? "a generated history of $N commits"
R=gen/repo.git

# run NAME ARGS...: treeplot's output, error and status into NAME.*
run() {
	local name=$1
	shift
	"$TREEPLOT" -q "$@" >"$name.out" 2>"$name.err"
	echo $? >"$name.status"
}

# same_runs DESC ARGS...: -j 1 against -j 2, 3 and 8, and -j 8 twice more
same_runs() {
	local desc=$1 bad=0 j
	shift
	run j1 --jobs 1 "$@"
	for j in 2 3 8 8 8; do
		run "jn" --jobs "$j" "$@"
		cmp -s j1.out jn.out && cmp -s j1.err jn.err &&
			cmp -s j1.status jn.status || {
			bad=1
			echo "# --jobs $j differs from --jobs 1:"
			diff j1.out jn.out | head -5 | sed 's/^/# /'
		}
	done
	[ -s j1.out ] || bad=1
	ok $bad "$desc"
}

same_runs "text report of the whole history" -C "$R" master
same_runs "-T commits of the whole history" -C "$R" -T commits master
same_runs "-T json of a release cycle" -C "$R" -T json v1.3..v1.4
same_runs "-T dot of several cycles" -C "$R" -T dot v1.4..v1.7
same_runs "--compare of three ranges" -C "$R" --compare v1.2..v1.3 \
	v1.3..v1.4 v1.4..v1.7
# --branches' clusters: DOT writes them in id order, which must not
# follow the heap's layout (it differs with the threads)
same_runs "-T dot --branches of a cycle" -C "$R" -T dot --branches v1.3..v1.4
same_runs "-T csv of an -rc range" -C "$R" -T csv v1.5-rc3..v1.5-rc5

# the ground truth, read on 8 threads
"$TREEPLOT" -q -j 8 -C "$R" -T commits master | paths | sort >got
cmp -s gen/expected.tsv got
ok $? "-j 8: the whole history is genhist's ground truth"

# the default (the cores available) and treeplot.jobs give the same
run j1 -j 1 -C "$R" master
run dflt -C "$R" master
cmp -s j1.out dflt.out
ok $? "the default number of threads: the same report"
git -C "$R" config treeplot.jobs 5
run cfg -C "$R" master
cmp -s j1.out cfg.out && [ "$(cat cfg.status)" = 0 ]
ok $? "treeplot.jobs = 5: the same report"
git -C "$R" config treeplot.jobs many
run badcfg -C "$R" master
is "$(cat badcfg.status) $(cat badcfg.err)" \
   "2 treeplot: $(cd "$R" && pwd)/config: treeplot.jobs: bad value 'many' (not a number of threads from 1 to 1024)" \
   "treeplot.jobs = many: exit 2, one line naming the file"
git -C "$R" config --unset treeplot.jobs

for bad in 0 -1 x 1025 ''; do
	run opt -C "$R" --jobs="$bad" master
	is "$(cat opt.status) $(cat opt.err)" \
	   "2 treeplot: --jobs takes a number of threads from 1 to 1024, not '$bad'" \
	   "--jobs=$bad: a usage error"
done

# with a commit-graph (objects read only for merges' subjects)
cp -r "$R" graph.git
git -C graph.git commit-graph write --reachable 2>/dev/null
same_runs "with a commit-graph: text report" -C graph.git master
same_runs "with a commit-graph: -T commits of a cycle" -C graph.git \
	-T commits v1.3..v1.4
run g -j 4 -C graph.git -T commits master
run j1 -j 1 -C "$R" -T commits master
cmp -s g.out j1.out
ok $? "with and without a commit-graph: the same commits"

# a shallow clone: the boundary's parents are absent, never read ahead
git clone -q --bare --depth 300 "file://$PWD/$R" shallow.git 2>/dev/null
same_runs "a shallow clone" -C shallow.git -T commits master

# a broken repository: the same error line on any number of threads
git init -q --bare broken.git
t=$(git -C broken.git mktree </dev/null)
p=$(echo base | git -C broken.git commit-tree "$t")
for k in $(seq 1 60); do
	p=$(echo "c$k" | git -C broken.git commit-tree "$t" -p "$p")
	[ "$k" = 20 ] && lost=$p
done
git -C broken.git update-ref refs/heads/master "$p"
rm -f "broken.git/objects/${lost:0:2}/${lost:2}"
run j1 -j 1 -C broken.git master
run j4 -j 4 -C broken.git master
cmp -s j1.err j4.err && cmp -s j1.status j4.status && [ ! -s j4.out ]
ok $? "a missing commit: the same error on 1 and 4 threads"
is "$(cat j4.status) $(cat j4.err)" "1 treeplot: missing commit object $lost" \
   "a missing commit: exit 1, one line naming it"
