#!/bin/bash
# Generated kernel-like histories with a known answer (tools/genhist.c):
# treeplot -T commits must print exactly genhist's ground truth, for the
# whole of master and for release ranges, whatever the dates say.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
GENHIST=$BUILD/genhist
export GENHIST

# seed commits: three small histories, a medium one and a larger one
CONFIGS="1:2000 2:2000 3:2000 4:20000 5:50000"
# v1.3..v1.4 starts after a cycle with genhist's planned clock trap, so
# git rev-list gets it wrong; v1.4..v1.7 spans several cycles.
RANGES="v1.3..v1.4 v1.4..v1.7"

plan $((2 + 5 * $(echo $CONFIGS | wc -w)))

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
		for i in 1 2 3 4; do ok 1 "$what: (no repository)"; done
		continue
	fi
	git="git --git-dir=$d/repo.git"

	"$TREEPLOT" -C "$d/repo.git" -T commits master 2>"$d/err" |
		sort >"$d/got"
	same "$d/expected.tsv" "$d/got" "$what: every commit of master"
	sed 's/^/# /' "$d/err" | head -5

	inexact=
	for r in $RANGES; do
		from=${r%..*} to=${r#*..}
		# the tags after $from up to $to, by their cycle number
		lo=${from#v1.} hi=${to#v1.}
		re="v1\\.($(seq -s '|' $((lo + 1)) "$hi"))(-rc[0-9]+)?"
		grep -E "	$re\$" "$d/cycles.tsv" | cut -f1 >"$d/ids"
		join -t "	" "$d/ids" "$d/expected.tsv" >"$d/want"
		"$TREEPLOT" -C "$d/repo.git" -T commits "$r" 2>"$d/err" |
			sort >"$d/got"
		same "$d/want" "$d/got" "$what: $r, exactly its commits"
		sed 's/^/# /' "$d/err" | head -5

		# Does git's date-ordered walk get this range wrong?
		$git rev-list "$to" | sort >"$d/to"
		$git rev-list "$from" | sort >"$d/from"
		$git rev-list "$r" | sort >"$d/walk"
		wrong=$(comm -23 "$d/to" "$d/from" | comm -13 - "$d/walk" |
			wc -l)
		[ "$wrong" -gt 0 ] && inexact="$inexact $r ($wrong)"
	done
	[ -n "$inexact" ]
	ok $? "$what: git rev-list lists commits of the range's start in:${inexact:- none}"
	rm -rf "$d"
done

done_testing
