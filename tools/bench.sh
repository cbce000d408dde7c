#!/bin/bash
# bench.sh - treeplot against git on the same ranges, side by side.
#
#   tools/bench.sh [REPO RANGE...]
#   tools/bench.sh --select
#   tools/bench.sh --compare
#   tools/bench.sh --fixes
#   tools/bench.sh --ir [REPO RANGE...]
#
# With no arguments: generated kernel-like repositories of 100,000 and
# 1,000,000 commits (made once, kept in build/bench/), each charted over
# its whole history and over its last release cycle, without and with a
# commit-graph file.  With arguments: that repository and those ranges.
# For every case it runs treeplot (text report on every core, the same on
# one thread and on two, SVG, -T commits, --latency, --timeline,
# --review), git log --format='%H %P %s' and git rev-list --parents, in
# RUNS rounds of one run of each (so that a change in the machine's load
# over the case falls on all of them alike), and prints the median wall
# time, the median peak memory, and the ratios to git log.  It measures;
# it asserts nothing.
#
# --ir: instruction counts instead of times, for a machine shared with
# others (where wall times wander): callgrind's total Ir of the text
# report, --latency and --timeline on one thread, without and with a
# commit-graph, on the 100,000-commit history over its whole history and
# its last release cycle (or on REPO and RANGE...).  Valgrind is slow:
# minutes a case.
#
# --compare (also part of the default run): --compare --cycles over the
# last eight cycles of the 100,000-commit history, without and with a
# commit-graph, against the last cycle alone and git log over the span.
#
# --fixes (also part of the default run): --fixes over the last cycle of
# a 100,000-commit history generated with fixes (genhist --fixes, kept in
# build/bench/100000-fixes/), without and with a commit-graph, against
# the plain report of the cycle and of the whole history to its end.
#
# --select (also part of the default run): what a selection costs, on
# the 100,000-commit history generated with files (genhist --files, kept
# in build/bench/100000-files/): treeplot with paths and with --author
# against the same report without, and against git log --full-history
# --no-merges with the same paths.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
TREEPLOT=${TREEPLOT:-$top/treeplot}
GENHIST=${GENHIST:-$top/build/genhist}
RUNS=${RUNS:-5}
# the cores treeplot uses by default (its CPU affinity mask, as nproc)
JOBS=$(nproc)
export GENHIST LC_ALL=C
unset GIT_DIR GIT_WORK_TREE

# The commands of a case: add NAME COMMAND..., then table runs them.
names=() cmds=()
add() {
	names+=("$1")
	shift
	cmds+=("$(printf '%q ' "$@")")
}

# wall seconds and peak RSS (KiB) of one run of command k, appended to
# times_k and mems_k
run_once() {
	local k=$1 t0 t1
	t0=$(date +%s.%N)
	eval "/usr/bin/time -f %M -o \"\$tmp/mem\" ${cmds[k]}" \
		>/dev/null 2>"$tmp/err" || {
		echo "bench: failed: ${cmds[k]}" >&2; cat "$tmp/err" >&2; exit 1; }
	t1=$(date +%s.%N)
	eval "times_$k+=\" \$(awk -v a=\"\$t0\" -v b=\"\$t1\" 'BEGIN { print b - a }')\""
	eval "mems_$k+=\" \$(tail -n 1 \"\$tmp/mem\")\""
}

median() {
	printf '%s\n' $1 | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# Run the commands added, RUNS rounds of each in turn, and print their
# rows: the first is the base of the ratios.
table() {
	local k r t m bt bm
	for k in "${!cmds[@]}"; do
		eval "times_$k= mems_$k="
	done
	for r in $(seq 1 "$RUNS"); do
		for k in "${!cmds[@]}"; do
			run_once "$k"
		done
	done
	for k in "${!cmds[@]}"; do
		eval "t=\$(median \"\$times_$k\") m=\$(median \"\$mems_$k\")"
		m=$(awk -v m="$m" 'BEGIN { printf "%.0f", m / 1024 }')
		printf '| %-34s | %8.3f | %7s |' "${names[k]}" "$t" "$m"
		if [ "$k" = 0 ]; then
			bt=$t bm=$m
			printf ' %7s | %7s |\n' "" ""
		else
			awk -v t="$t" -v bt="$bt" -v m="$m" -v bm="$bm" \
			    'BEGIN { printf " %6.2fx | %6.2fx |\n", t / bt, m / bm }'
		fi
	done
	names=() cmds=()
}

bench_range() {	# repo, range, label
	repo=$1 range=$2
	commits=$(git -C "$repo" rev-list --count "$range")
	echo
	echo "### $3: \`$range\`, $commits commits"
	echo
	echo "| command | wall (s) | RSS (MiB) | time / git log | RSS / git log |"
	echo "| --- | ---: | ---: | ---: | ---: |"
	add "git log --format='%H %P %s'" git -C "$repo" log --format='%H %P %s' "$range"
	add "git rev-list --parents" git -C "$repo" rev-list --parents "$range"
	add "treeplot (text report)" "$TREEPLOT" -q -C "$repo" "$range"
	add "treeplot --jobs 1" "$TREEPLOT" -q -j 1 -C "$repo" "$range"
	[ "$JOBS" -le 2 ] ||
		add "treeplot --jobs 2" "$TREEPLOT" -q -j 2 -C "$repo" "$range"
	add "treeplot -T svg" "$TREEPLOT" -q -C "$repo" -T svg "$range"
	add "treeplot -T commits" "$TREEPLOT" -q -C "$repo" -T commits "$range"
	add "treeplot --latency" "$TREEPLOT" -q -C "$repo" --latency "$range"
	add "treeplot --timeline" "$TREEPLOT" -q -C "$repo" --timeline "$range"
	add "treeplot --review" "$TREEPLOT" -q -C "$repo" --review "$range"
	table
}

# the last two release tags (vN.M, no -rc) of a generated repository
last_cycle() {
	git -C "$1" tag -l 'v*' | grep -v -- -rc | sort -V | tail -n 2 |
	    paste -sd ' ' | awk '{ print $1 ".." $2 }'
}

bench_repo() {	# repo, label
	repo=$1
	cycle=$(last_cycle "$repo")
	rm -rf "$repo/objects/info/commit-graph" "$repo/objects/info/commit-graphs"
	bench_range "$repo" master "$2, whole history, no commit-graph"
	bench_range "$repo" "$cycle" "$2, last cycle, no commit-graph"
	git -C "$repo" commit-graph write --reachable 2>/dev/null
	bench_range "$repo" master "$2, whole history, commit-graph"
	bench_range "$repo" "$cycle" "$2, last cycle, commit-graph"
	rm -rf "$repo/objects/info/commit-graph" "$repo/objects/info/commit-graphs"
}

# The cost of paths and --author (genhist --files: a few files a commit).
bench_select() {
	dir=$top/build/bench/100000-files
	if [ ! -d "$dir/repo.git" ]; then
		echo "bench: generating 100000 commits with files in $dir" >&2
		bash "$top/tools/mkrepo.sh" "$dir" --commits 100000 --seed 1 \
			--files >/dev/null
	fi
	repo=$dir/repo.git
	rm -rf "$repo/objects/info/commit-graph" "$repo/objects/info/commit-graphs"
	commits=$(git -C "$repo" rev-list --count master)
	echo
	echo "### 100000 commits with files, whole history: selection, $commits commits"
	echo
	echo "| command | wall (s) | RSS (MiB) | time / git log | RSS / git log |"
	echo "| --- | ---: | ---: | ---: | ---: |"
	add "git log --full-history -- drivers" git -C "$repo" log \
		--full-history --no-merges --format=%H master -- drivers
	add "treeplot (text report)" "$TREEPLOT" -q -C "$repo" master
	add "treeplot -- drivers" "$TREEPLOT" -q -C "$repo" master -- drivers
	add "treeplot -- '*.c' lib Makefile" "$TREEPLOT" -q -C "$repo" master \
		-- '*.c' lib Makefile
	add "treeplot --author='^[A-K]'" "$TREEPLOT" -q -C "$repo" \
		--author='^[A-K]' master
	add "treeplot --author -- drivers" "$TREEPLOT" -q -C "$repo" \
		--author='^[A-K]' master -- drivers
	table
}

# --fixes (genhist --fixes: a cycle of fix commits naming targets all
# over the history), over that cycle, without and with a commit-graph:
# against the plain report of the cycle and of the whole history to its
# end, which --fixes walks once to place the targets (issue 33: at most
# twice the whole report).
bench_fixes() {
	local dir=$top/build/bench/100000-fixes repo cg cycle
	if [ ! -d "$dir/repo.git" ]; then
		echo "bench: generating 100000 commits with fixes in $dir" >&2
		bash "$top/tools/mkrepo.sh" "$dir" --commits 100000 --seed 1 \
			--fixes "$dir/fixes.tsv" >/dev/null
	fi
	repo=$dir/repo.git
	cycle=$(last_cycle "$repo")
	for cg in no yes; do
		rm -rf "$repo/objects/info/commit-graph" \
		       "$repo/objects/info/commit-graphs"
		[ $cg = no ] || git -C "$repo" commit-graph write --reachable 2>/dev/null
		echo
		echo "### 100000 commits with fixes: --fixes over \`$cycle\`, commit-graph: $cg"
		echo
		echo "| command | wall (s) | RSS (MiB) | time / git log | RSS / git log |"
		echo "| --- | ---: | ---: | ---: | ---: |"
		add "git log --format='%H %P %s'" git -C "$repo" log \
			--format='%H %P %s' "$cycle"
		add "treeplot (text report)" "$TREEPLOT" -q -C "$repo" "$cycle"
		add "treeplot, whole history to its end" "$TREEPLOT" -q \
			-C "$repo" "${cycle#*..}"
		add "treeplot --fixes" "$TREEPLOT" -q -C "$repo" --fixes "$cycle"
		add "treeplot --fixes -T fixes" "$TREEPLOT" -q -C "$repo" \
			--fixes -T fixes "$cycle"
		add "treeplot --fixes --chart fixes" "$TREEPLOT" -q \
			-C "$repo" --fixes --chart fixes -T svg "$cycle"
		table
	done
	rm -rf "$repo/objects/info/commit-graph" "$repo/objects/info/commit-graphs"
}

# --compare --cycles over the last eight release cycles against the
# last cycle alone and against git over the same span, without and
# with a commit-graph: with one, N cycles should cost a few times N
# single cycles (their ranges' common base is found from the graph).
bench_compare() {	# repo, label
	local repo=$1 first cg
	first=$(git -C "$repo" tag -l 'v*' | grep -v -- -rc | sort -V |
		tail -n 9 | head -n 1)
	for cg in no yes; do
		rm -rf "$repo/objects/info/commit-graph" \
		       "$repo/objects/info/commit-graphs"
		[ $cg = no ] || git -C "$repo" commit-graph write --reachable 2>/dev/null
		echo
		echo "### $2: --compare --cycles $first..master, commit-graph: $cg"
		echo
		echo "| command | wall (s) | RSS (MiB) | time / git log | RSS / git log |"
		echo "| --- | ---: | ---: | ---: | ---: |"
		add "git log --format='%H %P %s'" git -C "$repo" log \
			--format='%H %P %s' "$first..master"
		add "treeplot, the last cycle" "$TREEPLOT" -q -C "$repo" \
			"$(last_cycle "$repo")"
		add "treeplot --compare --cycles (8)" "$TREEPLOT" -q -C "$repo" \
			--compare --cycles "$first..master"
		table
	done
	rm -rf "$repo/objects/info/commit-graph" "$repo/objects/info/commit-graphs"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "## treeplot $("$TREEPLOT" --version | cut -d' ' -f2) against git $(git --version | cut -d' ' -f3)"
echo
echo "$JOBS cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)," \
     "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); median of $RUNS alternating rounds."

# callgrind's total instructions of one run
instructions() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
		2>&1 >/dev/null | awk '/Collected :/ { print $4 }'
}

bench_ir() {	# repo, range...
	local repo=$1 cg range opt base n
	shift
	echo
	echo "### instructions (callgrind total Ir, --jobs 1): $(basename "$(dirname "$repo")")"
	echo
	echo "| commit-graph | range | text report | --latency | --timeline |"
	echo "| --- | --- | ---: | ---: | ---: |"
	for cg in no yes; do
		rm -rf "$repo/objects/info/commit-graph" \
		       "$repo/objects/info/commit-graphs"
		[ $cg = no ] || git -C "$repo" commit-graph write --reachable 2>/dev/null
		for range; do
			printf '| %s | `%s` |' "$cg" "$range"
			base=
			for opt in "" --latency --timeline; do
				# shellcheck disable=SC2086
				n=$(instructions "$TREEPLOT" -q -j 1 -C "$repo" $opt "$range")
				if [ -z "$base" ]; then
					base=$n
					printf ' %s |' "$n"
				else
					awk -v n="$n" -v b="$base" 'BEGIN { printf " %s (%.2fx) |", n, n / b }'
				fi
			done
			echo
		done
	done
	rm -rf "$repo/objects/info/commit-graph" "$repo/objects/info/commit-graphs"
}

if [ "${1:-}" = --ir ]; then
	shift
	if [ $# -ge 1 ]; then
		bench_ir "$@"
		exit 0
	fi
	dir=$top/build/bench/100000
	if [ ! -d "$dir/repo.git" ]; then
		echo "bench: generating 100000 commits in $dir" >&2
		bash "$top/tools/mkrepo.sh" "$dir" --commits 100000 --seed 1 >/dev/null
	fi
	bench_ir "$dir/repo.git" master "$(last_cycle "$dir/repo.git")"
	exit 0
fi

if [ "${1:-}" = --select ]; then
	bench_select
	exit 0
fi

if [ "${1:-}" = --fixes ]; then
	bench_fixes
	exit 0
fi

if [ "${1:-}" = --compare ]; then
	dir=$top/build/bench/100000
	if [ ! -d "$dir/repo.git" ]; then
		echo "bench: generating 100000 commits in $dir" >&2
		bash "$top/tools/mkrepo.sh" "$dir" --commits 100000 --seed 1 >/dev/null
	fi
	bench_compare "$dir/repo.git" "100000 commits"
	exit 0
fi

if [ $# -ge 1 ]; then
	repo=$1
	shift
	[ $# -ge 1 ] || set -- HEAD
	for range; do
		bench_range "$repo" "$range" "$(basename "$repo")"
	done
	exit 0
fi

mkdir -p "$top/build/bench"
for n in 100000 1000000; do
	dir=$top/build/bench/$n
	if [ ! -d "$dir/repo.git" ]; then
		echo "bench: generating $n commits in $dir" >&2
		bash "$top/tools/mkrepo.sh" "$dir" --commits $n --seed 1 >/dev/null
	fi
	bench_repo "$dir/repo.git" "$n commits"
done
bench_compare "$top/build/bench/100000/repo.git" "100000 commits"
bench_select
bench_fixes
