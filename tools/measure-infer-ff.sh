#!/bin/bash
# measure-infer-ff.sh [COMMITS [SEED [RATE...]]] - precision and recall of
# treeplot --infer-ff against genhist's ground truth (the man page's
# figures: 100000 11 0.05 0.3).
#
# For each fast-forward rate, a generated history (tools/mkrepo.sh) is
# charted whole (-T commits --infer-ff master); a commit truly came by a
# fast-forward when genhist's true path differs from the visible one, and
# is rightly inferred when treeplot's inferred tree (the commits output's
# sixth field) is the true innermost tree.
# TREEPLOT and GENHIST name the binaries (default: ./treeplot,
# ./build/genhist).
set -eu -o pipefail

commits=${1:-100000}
seed=${2:-11}
shift $(($# > 2 ? 2 : $#))
rates=${*:-0.05 0.3}
TREEPLOT=${TREEPLOT:-./treeplot}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/infer-ff.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

for rate in $rates; do
	d=$tmp/r$rate
	"$here/mkrepo.sh" "$d" --commits "$commits" --seed "$seed" \
		--ff-rate "$rate" >/dev/null
	"$TREEPLOT" -q -C "$d/repo.git" -T commits --infer-ff master |
		awk -F'\t' '$6 != "" { print $1 "\t" $6 }' |
		sort >"$d/got"
	join -t "$(printf '\t')" <(cut -f1,2 "$d/truth.tsv") \
		<(cut -f1,2 "$d/expected.tsv") |
		awk -F'\t' '$2 != $3 { print $1 "\t" $2 }' | sort >"$d/true"
	right=$(comm -12 "$d/true" "$d/got" | wc -l)
	awk -v r="$rate" -v c="$commits" -v tp="$right" \
	    -v t="$(wc -l <"$d/true")" -v g="$(wc -l <"$d/got")" 'BEGIN {
		printf "ff-rate %s, %s commits: %d fast-forwarded, %d inferred, " \
		       "%d right: precision %.3f, recall %.3f\n", r, c, t, g, tp,
		       g ? tp / g : 1, t ? tp / t : 1 }'
done
