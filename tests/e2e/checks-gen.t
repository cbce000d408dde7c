#!/bin/bash
# --check all on generated histories of 100 trees against genhist
# --checks' truth, which the generator knows by construction (the ids
# it wrote, what they resolve to, its own graph, its tags, its
# messages; tools/genhist/checks.c says how): the first two fields of
# every line of -T findings, for two seeds with --rebase, on a cycle
# (v1.3..v1.4) and on all of them (v1.0..master).  The truth lists
# every commit's; a range's are those of its commits, the set reach(B)
# - reach(A) (rev-list A..B may trust dates a bad clock wrote).
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist
OPTS="--commits 3000 --trees 100 --rebase"

plan 8

# --checks implies --fixes and changes messages alone (sign-offs,
# subjects quoted, back-merges explained): the same commits, parents,
# people, dates and tags.
shape() {
	grep -aE '^(commit|mark|from|merge|author|committer|reset|tag|tagger) ' "$1"
}
"$GENHIST" $OPTS --seed 7 --fixes "$SCRATCH/pairs" >"$SCRATCH/fixes.stream" &&
	"$GENHIST" $OPTS --seed 7 --checks "$SCRATCH/c" >"$SCRATCH/checks.stream" &&
	! cmp -s "$SCRATCH/fixes.stream" "$SCRATCH/checks.stream" &&
	cmp -s <(shape "$SCRATCH/fixes.stream") <(shape "$SCRATCH/checks.stream")
ok $? "genhist --checks: --fixes' history, only messages differ"

for seed in 7 5; do
	"$ROOT/tools/mkrepo.sh" "$SCRATCH/s$seed" $OPTS --seed $seed \
		--checks "$SCRATCH/s$seed.checks" >"$SCRATCH/mkrepo.log" 2>&1
	ok $? "seed $seed: genhist --checks $OPTS generated and imported"
done

# The commits of range $2 in repository $1, sorted.
range() {
	comm -23 <(git --git-dir="$1" rev-list "${2#*..}" | sort) \
		 <(git --git-dir="$1" rev-list "${2%..*}" | sort)
}

for seed in 7 5; do
	G=$SCRATCH/s$seed/repo.git
	for rg in v1.3..v1.4 v1.0..master; do
		range "$G" "$rg" >"$SCRATCH/range"
		awk -F '\t' 'NR == FNR { r[$1] = 1; next } r[$1]' \
			"$SCRATCH/range" "$SCRATCH/s$seed.checks" |
			sort >"$SCRATCH/want"
		"$TREEPLOT" -C "$G" --check all -T findings "$rg" \
			>"$SCRATCH/got" 2>/dev/null
		st=$?
		counts=$(cut -f2 "$SCRATCH/want" | sort | uniq -c |
			 awk '{ printf "%s %s, ", $2, $1 }')
		is "$st:$(cut -f1,2 "$SCRATCH/got" | sort)" \
		   "3:$(cat "$SCRATCH/want")" \
		   "seed $seed $rg: every finding is the truth's (${counts%, })"
	done
done

# Not vacuous: the truth holds every code but fixes-no-id (genhist
# writes no Fixes value without its id).
codes="backmerge-unexplained backmerge-untagged fixes-not-ancestor"
codes="$codes fixes-short-id fixes-subject fixes-unknown pull-rebased"
codes="$codes signoff-author signoff-committer"
is "$(cat "$SCRATCH/s7.checks" "$SCRATCH/s5.checks" | cut -f2 | sort -u |
      tr '\n' ' ')" "$codes " \
   "the truth holds a finding of each code genhist knows"
done_testing
