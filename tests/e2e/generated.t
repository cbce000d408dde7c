#!/bin/bash
# Generated kernel-like histories with a known answer (tools/genhist/):
# treeplot -T commits must print exactly genhist's ground truth, for the
# whole of master and for release ranges, whatever the dates say.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
GENHIST=$BUILD/genhist
export GENHIST

# seed commits: three small histories, a medium one and a larger one
# (all of ten releases: v1.0, then v1.K-rc1 .. v1.K-rc7 and v1.K)
CONFIGS="1:2000 2:2000 3:2000 4:20000 5:50000"
# v1.3..v1.4 starts after a cycle with genhist's planned clock trap, so
# git rev-list gets it wrong; v1.4..v1.7 spans several cycles.  A range
# of -rc tags may hold no back-merge naming the mainline's repository to
# guess it from, so there the URL is given.
MAINLINE_URL=git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git
RANGES="v1.3..v1.4 v1.4..v1.7 v1.5-rc3..v1.5-rc5"
TAGS="v1.0 $(for k in $(seq 1 9); do
	for i in $(seq 1 7); do printf 'v1.%s-rc%s ' "$k" "$i"; done
	printf 'v1.%s ' "$k"
done)"

GRAPH_SEED=4	# this history is also charted with a commit-graph

plan $((2 + 6 * $(echo $CONFIGS | wc -w) + 3))

# The tags after $1 up to $2, as an extended regular expression.
tags_re() {
	printf '%s\n' $TAGS | sed -n "/^$1\$/,/^$2\$/p" | sed 1d |
		sed 's/\./\\./g' | paste -sd '|'
}

# same: FILE-EXPECTED FILE-GOT DESC; on a mismatch, the first 20
# differing lines as diagnostics.
same() {
	if cmp -s "$1" "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		echo "# $(wc -l <"$1") lines expected, $(wc -l <"$2") got;" \
		     "first differences (< expected, > treeplot):"
		diff "$1" "$2" | grep '^[<>]' | head -20 | sed 's/^/# /'
	fi
}

# check_range DIR RANGE DESC: treeplot -T commits RANGE prints exactly
# the commits whose first tag is after the range's start, up to its end.
check_range() {
	local d=$1 r=$2 from=${2%..*} to=${2#*..} opts=()

	case $r in *rc*) opts=(--mainline-url="$MAINLINE_URL") ;; esac
	grep -E "	($(tags_re "$from" "$to"))\$" "$d/cycles.tsv" |
		cut -f1 >"$d/ids"
	join -t "	" "$d/ids" "$d/expected.tsv" >"$d/want"
	"$TREEPLOT" -C "$d/repo.git" "${opts[@]}" -T commits "$r" \
		2>"$d/err" | paths | sort >"$d/got"
	same "$d/want" "$d/got" "$3"
	sed 's/^/# /' "$d/err" | head -5
}

# Options are checked.
"$GENHIST" --commits 10 >/dev/null 2>"$SCRATCH/err"
st=$?
[ "$st" -eq 2 ] && grep -q '^genhist: --commits' "$SCRATCH/err"
ok $? "genhist: a bad option is one 'genhist: ...' line and exit 2"

# Deterministic: the same options give the same stream and truth.
"$GENHIST" --commits 2000 --seed 7 --expect "$SCRATCH/e1" >"$SCRATCH/s1" &&
"$GENHIST" --commits 2000 --seed 7 --expect "$SCRATCH/e2" >"$SCRATCH/s2" &&
cmp -s "$SCRATCH/s1" "$SCRATCH/s2" && cmp -s "$SCRATCH/e1" "$SCRATCH/e2"
ok $? "genhist: the same options give a byte-identical stream"
rm -f "$SCRATCH/s1" "$SCRATCH/s2"

for cfg in $CONFIGS; do
	seed=${cfg%%:*} n=${cfg#*:}
	d=$SCRATCH/h$seed
	what="seed $seed, $n commits"

	"$ROOT/tools/mkrepo.sh" "$d" --commits "$n" --seed "$seed" \
		>"$d.log" 2>&1
	st=$?
	ok $st "$what: generated and imported"
	if [ "$st" -ne 0 ]; then
		sed 's/^/# /' "$d.log" | head -20
		for i in $(seq $((5 + 3 * (seed == GRAPH_SEED)))); do
			ok 1 "$what: (no repository)"
		done
		continue
	fi
	git="git --git-dir=$d/repo.git"

	"$TREEPLOT" -C "$d/repo.git" -T commits master 2>"$d/err" |
		paths | sort >"$d/got"
	same "$d/expected.tsv" "$d/got" "$what: every commit of master"
	sed 's/^/# /' "$d/err" | head -5

	inexact=
	for r in $RANGES; do
		check_range "$d" "$r" "$what: $r, exactly its commits"

		# Does git's date-ordered walk get this range wrong?
		from=${r%..*} to=${r#*..}
		$git rev-list "$to" | sort >"$d/to"
		$git rev-list "$from" | sort >"$d/from"
		$git rev-list "$r" | sort >"$d/walk"
		wrong=$(comm -23 "$d/to" "$d/from" | comm -13 - "$d/walk" |
			wc -l)
		[ "$wrong" -gt 0 ] && inexact="$inexact $r ($wrong)"
	done
	[ -n "$inexact" ]
	ok $? "$what: git rev-list lists commits of the range's start in:${inexact:- none}"

	# Once more with a commit-graph, whose corrected dates treeplot's
	# walk may use.
	if [ "$seed" = "$GRAPH_SEED" ]; then
		$git commit-graph write --reachable 2>/dev/null &&
			[ -f "$d/repo.git/objects/info/commit-graph" ]
		ok $? "$what: commit-graph written"
		for r in $RANGES; do
			case $r in *rc*) continue ;; esac
			check_range "$d" "$r" \
				"$what, commit-graph: $r, exactly its commits"
		done
	fi
	rm -rf "$d"
done

done_testing
