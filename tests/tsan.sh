#!/bin/bash
# tsan.sh TREEPLOT-TSAN GENHIST - the threaded walk under ThreadSanitizer
# (make check-tsan): a generated history charted on 1 and 4 threads,
# as fast-import packs it, repacked with its commits as deltas (each
# thread's pack reader then resolves delta chains), and with a
# commit-graph; --latency too (its dates read by the walk's threads, or
# after it with a commit-graph), and --review (each commit read and its
# trailers judged on the read pool's threads, through a shared
# .mailmap).  Any report fails (exit status 66 and
# the log printed), and so does any output that differs from the ground
# truth or between thread counts.
set -eu -o pipefail

tp=$1
GENHIST=$2
export GENHIST
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/treeplot-tsan.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export TZ=UTC LC_ALL=C GIT_CONFIG_NOSYSTEM=1 HOME="$tmp"
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:log_path=$tmp/report"

bash "$top/tools/mkrepo.sh" "$tmp/gen" --commits 10000 --seed 3 \
	--dates "$tmp/dates" --trailers "$tmp/trailers" \
	--mailmap "$tmp/mailmap" >/dev/null
repo=$tmp/gen/repo.git
git -C "$repo" config mailmap.file "$tmp/mailmap"
fail() {
	echo "check-tsan: $*" >&2
	for f in "$tmp"/report*; do
		if [ -e "$f" ]; then cat "$f" >&2; fi
	done
	exit 1
}
for graph in no deltas yes; do
	if [ $graph = deltas ]; then
		git -C "$repo" repack -adfq --window=250 --depth=50
	elif [ $graph = yes ]; then
		git -C "$repo" commit-graph write --reachable 2>/dev/null
	fi
	for j in 1 4; do
		"$tp" -q -j $j -C "$repo" -T commits master >"$tmp/c$j" ||
			fail "-j $j (commit-graph: $graph) failed"
		"$tp" -q -j $j -C "$repo" --compare v1.2..v1.3 v1.3..v1.5 \
			>"$tmp/cmp$j" || fail "--compare -j $j failed"
		"$tp" -q -j $j -C "$repo" --latency -T commits master \
			>"$tmp/lat$j" || fail "--latency -j $j failed"
		"$tp" -q -j $j -C "$repo" --review -T json master \
			>"$tmp/rev$j" || fail "--review -j $j failed"
	done
	# -T commits: the id, eleven fields, the path (lib.sh's PATH_FIELD).
	cut -f1,13- "$tmp/c4" | sort | cmp -s - "$tmp/gen/expected.tsv" ||
		fail "-j 4 (commit-graph: $graph): not the ground truth"
	cmp -s "$tmp/c1" "$tmp/c4" && cmp -s "$tmp/cmp1" "$tmp/cmp4" &&
		cmp -s "$tmp/lat1" "$tmp/lat4" && cmp -s "$tmp/rev1" "$tmp/rev4" ||
		fail "-j 1 and -j 4 differ (commit-graph: $graph)"
done
if ls "$tmp"/report* >/dev/null 2>&1; then
	fail "ThreadSanitizer reports"
fi
echo "check-tsan: no ThreadSanitizer report; 1 and 4 threads agree"
