#!/bin/bash
# same-output.sh OLD NEW REPO [RANGE] - run two builds of treeplot over
# one matrix of modes, formats and options and compare everything each
# gives back, byte for byte: standard output, standard error, the exit
# status and every file written.  For a change that must not change any
# output (a refactoring): prints one line per differing run and a count,
# and fails when any differs.  REPO is a repository with release tags
# (make's sample, build/sample/repo.git, by default's shape); RANGE a
# cycle of it (default: its last two releases).
set -u
[ $# -ge 3 ] || { echo "usage: same-output.sh OLD NEW REPO [RANGE]" >&2; exit 2; }
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
old=$(abs "$1") new=$(abs "$2") repo=$(abs "$3")
if [ $# -ge 4 ]; then
	range=$4
else
	range=$(git -C "$repo" tag -l | grep -v -- '-rc' | sort -V | tail -n 2 |
		paste -sd ' ' | awk '{ print $1 ".." $2 }')
fi
from=${range%..*} to=${range#*..}
prev=$(git -C "$repo" tag -l | grep -v -- '-rc' | sort -V | tail -n 3 | head -n 1)
export TZ=UTC LC_ALL=C GIT_CONFIG_NOSYSTEM=1 HOME=/nonexistent SOURCE_DATE_EPOCH=0
work=$(mktemp -d "${TMPDIR:-/tmp}/same-output.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Each build run from a folder of its own at the same depth: --help
# says where the schema is from the binary's place (a source tree's
# docs/ above it), which would differ between two builds' trees.
mkdir "$work/bin-old" "$work/bin-new"
cp "$old" "$work/bin-old/treeplot" && cp "$new" "$work/bin-new/treeplot" ||
	exit 2
old=$work/bin-old/treeplot new=$work/bin-new/treeplot
merge=$(git -C "$repo" rev-list --merges -n 1 "$to")
commit=$(git -C "$repo" rev-list --no-merges -n 3 "$to" | tail -n 1)

runs=()
add() { runs+=("$*"); }
for fmt in text dot svg json commits csv html; do
	add -T $fmt $range
	add -T $fmt --top 10 $range
done
add -T png --dpi 48 $range
add -T pdf $range
for x in --signed --require-signed --branches --infer-ff --latency \
	 --review --people --fixes --timeline \
	 --direct-by=committer --direct-by=signoff --no-maintainers; do
	for fmt in text json csv dot commits; do
		add -T $fmt $x $range
	done
	add -T svg $x --top 12 $range
done
add -T dot --layout twopi --title 'A<b>&"c"' $range
add -T dot --chart-depth 1 --major 10 --minor 2 $range
add -T dot --mainline Linus --mainline-url git://example.org/x.git $range
add -T csv --csv-table edges --crlf $range
add -T csv --csv-table edges --signed $range
add -T json --top 10 --signed --latency --fixes $range
for fmt in findings github text json; do
	add -T $fmt --check all $range
done
add -T fixes --fixes $range
add -T text --author '^[A-M]' $range
add -T json --latency --author '^[A-M]' $range -- kernel lib
add -T text $range -- drivers
add -T text --trace $commit $range
add -T json --trace $commit $merge $range
add -T text --explain $merge $range
add -T json --explain $merge $range
for fmt in text json csv svg pdf; do
	add -T $fmt --compare $prev..$from $range
	add -T $fmt --compare --latency $prev..$from $range
	add -T $fmt --compare --review --people $prev..$from $range
done
add -T csv --compare --csv-table summary $prev..$from $range
add --compare --cycles v1.0..$to
add -T json --compare --cycles v1.0..$to
add -T svg --compare --cycles v1.0..$to
add -o $work/OUT/a.txt -o $work/OUT/a.json -o $work/OUT/a.svg -o $work/OUT/a.csv $range
add -o $work/OUT/b.html --signed --latency $range
add -o $work/OUT/c.html --review --people --fixes $range
add -T text $to
add -T text
add --help
add --version
add --bogus
add -T text --top 0 $range
add -T text --trace $range
add -T text --compare $range
add --dpi 5 -T png $range
add --layout nope $range
add --signed -T text --compare $prev..$from $range
add -T text nosuchrev..$to
add -T text $to..$from

n=0 bad=0
for args in "${runs[@]}"; do
	n=$((n + 1))
	for which in old new; do
		bin=${!which}
		rm -rf "$work/OUT"; mkdir -p "$work/OUT"
		# shellcheck disable=SC2086
		(cd "$work" && "$bin" -q -C "$repo" ${args//\$work/$work} \
			>"$work/$which.out" 2>"$work/$which.err"; echo $? >"$work/$which.rc")
		rm -rf "$work/$which.files"; mv "$work/OUT" "$work/$which.files"
	done
	if ! cmp -s "$work/old.out" "$work/new.out" ||
	   ! cmp -s "$work/old.err" "$work/new.err" ||
	   ! cmp -s "$work/old.rc" "$work/new.rc" ||
	   ! diff -r "$work/old.files" "$work/new.files" >/dev/null; then
		echo "differs: treeplot $args"
		bad=$((bad + 1))
	fi
done
echo "same-output: $n runs, $bad differ"
[ "$bad" = 0 ]
