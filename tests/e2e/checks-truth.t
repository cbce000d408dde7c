#!/bin/bash
# --check on generated histories of 100 trees against checks-truth.py,
# which reads the same from git alone (git log's %(trailers), git
# rev-parse --verify ID^{commit}, git log -1 --format=%s, git merge-base
# --is-ancestor, git check-mailmap, what each merge of the first-parent
# line brought) and -T commits' trees: every line of -T findings for
# fixes, signoff and rebase, on genhist --fixes (Fixes ids of 4 to 40
# digits, either case, subjects that are not the target's, ids of no
# object, no sign-off at all) and on genhist --trailers with its
# .mailmap (kernel-like sign-off chains, older addresses mapped), both
# with --rebase (trees rebasing just before their pull).
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist
TRUTH="$PYTHON $TESTDIR/checks-truth.py"

plan 6

gen() {	# gen NAME GENHIST-OPTIONS...: $SCRATCH/NAME/repo.git
	local d=$SCRATCH/$1
	shift
	"$ROOT/tools/mkrepo.sh" "$d" --commits 3000 --trees 100 --rebase "$@" \
		>"$SCRATCH/mkrepo.log" 2>&1
}

gen fx --seed 7 --fixes "$SCRATCH/fx.pairs"
ok $? "genhist --fixes --rebase, 100 trees: generated and imported"
gen tr --seed 5 --trailers "$SCRATCH/tr.marks" --mailmap "$SCRATCH/tr.mailmap" &&
	git --git-dir="$SCRATCH/tr/repo.git" config mailmap.file "$SCRATCH/tr.mailmap"
ok $? "genhist --trailers --mailmap --rebase, 100 trees: generated and imported"

for r in fx:v1.3..v1.4 fx:v1.0..master tr:v1.0..master; do
	G=$SCRATCH/${r%%:*}/repo.git
	rg=${r#*:}
	$TRUTH "$G" "$rg" "$TREEPLOT" >"$SCRATCH/truth" 2>"$SCRATCH/truth.err"
	"$TREEPLOT" -C "$G" --check fixes,signoff,rebase -T findings "$rg" \
		>"$SCRATCH/got" 2>/dev/null
	st=$?
	counts=$(cut -f2 "$SCRATCH/truth" | sort | uniq -c | awk '{ printf "%s %s, ", $2, $1 }')
	is "$st:$(sort "$SCRATCH/got")" "3:$(cat "$SCRATCH/truth")" \
	   "${r%%:*} $rg: every line of -T findings as git reads it (${counts%, })"
done
G=$SCRATCH/fx/repo.git
"$TREEPLOT" -C "$G" --check rebase -T findings v1.0..master 2>/dev/null |
	cut -f 2 | sort -u >"$SCRATCH/codes"
"$TREEPLOT" -C "$G" --check fixes -T findings v1.0..master 2>/dev/null |
	cut -f 2 | sort -u >>"$SCRATCH/codes"
is "$(sort "$SCRATCH/codes" | tr '\n' ' ')" \
   "fixes-not-ancestor fixes-short-id fixes-subject fixes-unknown pull-rebased " \
   "the generated history holds a finding of each of those codes"
done_testing
