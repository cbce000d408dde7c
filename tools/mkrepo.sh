#!/bin/bash
# mkrepo.sh DIR [genhist options] - a generated kernel-like repository
# with its ground truth.
#
# Builds DIR/repo.git (bare) from genhist's fast-import stream and writes,
# with full commit ids in place of genhist's marks, each sorted:
#   DIR/expected.tsv  id<TAB>tree<TAB>...<TAB>mainline  (what treeplot -T
#                     commits master must print, sorted)
#   DIR/truth.tsv     the same, fast-forwarded pulls included
#   DIR/cycles.tsv    id<TAB>tag: the first tag containing the commit
#   DIR/topics.tsv    id<TAB>merge per direct commit: the merge of the
#                     mainline's first-parent line that brought it from
#                     one of the mainline's topic branches, or "-" when
#                     it sits on that line
# and DIR/marks (fast-import's marks).  genhist is $GENHIST, else
# ./build/genhist.
set -eu -o pipefail

if [ $# -lt 1 ]; then
	echo "usage: mkrepo.sh DIR [genhist options]" >&2
	exit 2
fi
dir=$1
shift
GENHIST=${GENHIST:-./build/genhist}
case $GENHIST in /*) ;; *) GENHIST=$PWD/$GENHIST ;; esac
[ -x "$GENHIST" ] || { echo "mkrepo.sh: no genhist at $GENHIST" >&2; exit 2; }

# Nothing of the caller's git setup may leak in.
for v in $(env | sed -n 's/^\(GIT_[A-Za-z0-9_]*\)=.*/\1/p'); do
	unset "$v"
done
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
home=$(mktemp -d "${TMPDIR:-/tmp}/mkrepo.XXXXXX")
trap 'rm -rf "$home"' EXIT
export TZ=UTC LC_ALL=C HOME="$home" XDG_CONFIG_HOME="$home/.config"
export GIT_CONFIG_NOSYSTEM=1

rm -rf "$dir/repo.git"
git init -q --bare "$dir/repo.git"
"$GENHIST" "$@" --expect "$dir/expected.marks" --truth "$dir/truth.marks" \
	--cycles "$dir/cycles.marks" --topics "$dir/topics.marks" |
	git -C "$dir/repo.git" fast-import --quiet --done \
		--export-marks="$dir/marks"
git -C "$dir/repo.git" symbolic-ref HEAD refs/heads/master

# :MARK -> id, by join on the mark (both sides sorted the same way).
tab=$(printf '\t')
tr ' ' '\t' <"$dir/marks" | sort -t "$tab" -k1,1 >"$dir/marks.sorted"
for f in expected truth cycles; do
	sort -t "$tab" -k1,1 "$dir/$f.marks" |
		join -t "$tab" "$dir/marks.sorted" - |
		cut -f2- | sort >"$dir/$f.tsv"
	if [ "$(wc -l <"$dir/$f.tsv")" -ne "$(wc -l <"$dir/$f.marks")" ]; then
		echo "mkrepo.sh: $f: marks without a commit id" >&2
		exit 1
	fi
	rm -f "$dir/$f.marks"
done
# Both fields of the topics are marks (the second, or "-").
awk -F '\t' 'NR == FNR { id[$1] = $2; next }
	{ m = $2 == "-" ? "-" : id[$2]
	  if (!($1 in id) || m == "") { bad = 1; exit }
	  print id[$1] "\t" m }
	END { exit bad }' "$dir/marks.sorted" "$dir/topics.marks" |
	sort >"$dir/topics.tsv" ||
	{ echo "mkrepo.sh: topics: marks without a commit id" >&2; exit 1; }
rm -f "$dir/topics.marks" "$dir/marks.sorted"
