#!/bin/bash
# --fixes: every line of -T fixes against what fixes-truth.py computes
# apart from git itself (git rev-parse --verify ID^{commit}, git tag
# --merged B --contains T, git interpret-trailers) and -T commits (the
# trees and arrivals, as the man page defines the fields), on generated
# histories (two seeds, three ranges each) given a cycle of fixes: Fixes
# trailers of 4 to 40 digits, either case, with and without a subject,
# reverts, unresolvable ids, a tree's id, an annotated tag's, targets in
# earlier cycles, in the same range, through other trees, on a branch
# never merged, two fixes of one bug, fixes of fixes.  Then the JSON's
# figures, the text section, the box line and the usage errors.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist
TRUTH="$PYTHON $TESTDIR/fixes-truth.py"
PHASES="$PYTHON $TESTDIR/fixes-phases.py"
# by_phase of the JSON as fixes-phases.py prints it.
# (Over several cycles the phases are named in full, "v1.6-rc1": the
# figures alone, in the line's order, are compared then.)
by_phase() {
	jq -r '.bug_fixes.by_phase[] | [.phase, .regression_fixes, .older_fixes, .other] | @tsv' "$1" |
		case $2 in v1.9..v2.0) cat ;; *) cut -f2- ;; esac
}
phases_truth() {
	$PHASES "$@" | case $2 in v1.9..v2.0) cat ;; *) cut -f2- ;; esac
}
SEEDS="5 11"
RANGES="v1.9..v2.0 v1.5..v2.0"
GEN_RANGES="v1.5..v1.7 master"

plan $((2 * (1 + 2 * 4) + 7 + 2 * (3 + 2 * 2 + 1) + 2))

# add_fixes G SEED: a cycle of fix commits on G's master: a tree's pull
# ("Merge tag 'fixes-2.0' of ...") and direct commits, tagged v2.0-rc1
# and v2.0; targets drawn by SEED from the whole history and from the
# cycle's own earlier fixes.
add_fixes() {
	local g=$1 seed=$2 tip date n=0 side tag tree prev=
	local -a fixes=()

	tip=$(git --git-dir="$g" rev-parse master)
	date=$(git --git-dir="$g" log -1 --format=%ct master)
	tree=$(git --git-dir="$g" rev-parse "master^{tree}")
	side=$(GIT_COMMITTER_DATE="@$date" GIT_AUTHOR_DATE="@$date" \
	       git --git-dir="$g" commit-tree "$tree" -p "v1.5^{commit}" -m "side: never merged")
	git --git-dir="$g" tag -a -m "a tag" fixes-tag v1.3~2
	tag=$(git --git-dir="$g" rev-parse fixes-tag)
	# id LEN CASE: the next drawn target
	git --git-dir="$g" rev-list master | awk -v seed="$seed" '
		BEGIN { srand(seed) }
		{ c[NR] = $0 }
		END { for (k = 0; k < 60; k++) {
			i = 1 + int(rand() * NR); len = 4 + int(rand() * 37)
			up = rand() < 0.15; subj = rand() < 0.5
			rev = rand() < 0.15
			print c[i], len, up, subj, rev } }' >"$SCRATCH/draws"
	msg() {	# msg N TARGET LEN UP SUBJ REV
		local id=${2:0:$3}
		[ "$4" = 1 ] && id=$(printf %s "$id" | tr a-f A-F)
		if [ "$6" = 1 ]; then
			printf 'Revert "thing %s"\n\nThis reverts commit %s.\n' "$1" "$2"
		elif [ "$5" = 1 ]; then
			printf 'fix %s\n\nProse.\n\nFixes: %s ("a subject")\nSigned-off-by: F <f@example.org>\n' "$1" "$id"
		else
			printf 'fix %s\n\nFixes: %s\n' "$1" "$id"
		fi
	}
	commit() {	# commit PARENT... (message on stdin): the id
		date=$((date + 3600))
		GIT_COMMITTER_DATE="@$date" GIT_AUTHOR_DATE="@$date" \
			git --git-dir="$g" commit-tree "$tree" "$@" -F -
	}
	local base=$tip branch=$tip
	while read -r target len up subj rev; do
		n=$((n + 1))
		# Every seventh a fix of an earlier fix of the cycle.
		if [ $((n % 7)) = 0 ] && [ -n "$prev" ]; then target=$prev; fi
		if [ $((n % 2)) = 0 ]; then
			branch=$(msg $n "$target" "$len" "$up" "$subj" "$rev" | commit -p "$branch")
			prev=$branch
		else
			base=$(msg $n "$target" "$len" "$up" "$subj" "$rev" | commit -p "$base")
			prev=$base
		fi
		if [ $n = 30 ]; then
			base=$(printf "Merge tag 'fixes-2.0' of git://git.example.org/fixes\n" |
			       commit -p "$base" -p "$branch")
			git --git-dir="$g" tag v2.0-rc1 "$base"
			branch=$base
		fi
	done <"$SCRATCH/draws"
	# The odd ones: unresolvable, a tree, an annotated tag, a branch
	# never merged, two fixes of one bug, a Fixes line in the prose.
	base=$(printf 'odd 1\n\nFixes: 0000000000dead\nFixes: %s\nFixes: %s\nFixes: %s ("side")\n' \
	       "$tree" "$tag" "${side:0:12}" | commit -p "$base")
	base=$(printf 'odd 2\n\nFixes: %s\n' "${prev:0:9}" | commit -p "$base")
	base=$(printf 'odd 3\n\nFixes: %s\n\nNot a trailer: prose after it.\n' "${prev:0:9}" | commit -p "$base")
	# No Fixes, a Cc of stable: an older fix after the merge window.
	base=$(printf 'odd 4\n\nCc: <stable@vger.kernel.org> # 1.9\nSigned-off-by: A <a@example.org>\n' |
	       commit -p "$base")
	base=$(printf "Merge tag 'fixes-2.0-2' of git://git.example.org/fixes\n" |
	       commit -p "$base" -p "$branch")
	git --git-dir="$g" update-ref refs/heads/master "$base"
	git --git-dir="$g" tag v2.0 "$base"
}

for seed in $SEEDS; do
	d=$SCRATCH/h$seed
	G=$d/repo.git
	"$ROOT/tools/mkrepo.sh" "$d" --commits 2000 --trees 20 --seed "$seed" \
		>"$SCRATCH/mkrepo.log" 2>&1 && add_fixes "$G" "$seed"
	ok $? "seed $seed: generated, imported, a cycle of fixes added"
	for r in $RANGES; do
		$TRUTH "$G" "$r" "$TREEPLOT" >"$SCRATCH/truth" 2>"$SCRATCH/truth.err"
		ok $? "seed $seed, $r: the truth computed from git"
		"$TREEPLOT" -C "$G" --fixes -T fixes "$r" >"$SCRATCH/got"
		st=$?
		is "$(sort "$SCRATCH/got")" "$(cat "$SCRATCH/truth")" \
		   "seed $seed, $r: every line of -T fixes (exit $st)"
		"$TREEPLOT" -C "$G" --fixes -T json "$r" >"$SCRATCH/out.json"
		is "$("$PYTHON" -c '
import json, sys
f = json.load(open(sys.argv[1]))["bug_fixes"]
print(f["commits"], f["pairs"], f["unresolved"], f["same_range"],
      sum(x["pairs"] for x in f["by_release"]),
      sum(x["pairs"] for x in f["matrix"]))' "$SCRATCH/out.json")" \
		   "$(awk -F '\t' '{ c[$1] = 1; p++; u += $3 == ""; s += $9
				    r += $3 != ""; m += $6 != "" && $7 != "" }
			END { print length(c), p, u, s, r, m }' "$SCRATCH/truth")" \
		   "seed $seed, $r: JSON: commits, pairs, unresolved, same_range, by_release and matrix sums"
		is "$(by_phase "$SCRATCH/out.json" "$r")" "$(phases_truth "$G" "$r" "$TREEPLOT")" \
		   "seed $seed, $r: after the merge window, each phase's regression fixes, older fixes (a Cc of stable too) and the rest, as git places them"
	done
	# Kept for the checks below.
	[ "$seed" = 5 ] && G5=$G
done

# The cases drawn happened: each kind of line is there.
"$TREEPLOT" -C "$G5" --fixes -T fixes v1.5..v2.0 >"$SCRATCH/all"
awk -F '\t' '{ rev += $2 == "revert"; unres += $3 == ""; short += length($4) < 12
	       up += $4 ~ /[A-F]/; norel += $3 != "" && $5 == ""
	       notree += $3 != "" && $6 == ""; same += $9; old += $3 != "" && !$9 }
	END { exit !(rev && unres >= 2 && short && up && norel && notree &&
		     same && old) }' "$SCRATCH/all"
ok $? "seed 5: reverts, unresolved, short and upper-case ids, a target in no release, one outside the history, same-range and older targets"

# The Cc of stable counts: without it, git's reading differs.
"$TREEPLOT" -C "$G5" --fixes -T json v1.9..v2.0 >"$SCRATCH/out.json"
[ "$(by_phase "$SCRATCH/out.json" v1.9..v2.0)" != "$(NO_STABLE=1 $PHASES "$G5" v1.9..v2.0 "$TREEPLOT")" ]
ok $? "a commit whose only mark is a Cc of stable is an older fix"

# The tree's id, the annotated tag's, the unmerged branch: as git says.
G=$G5
tag=$(git --git-dir="$G" rev-parse fixes-tag)
is "$(awk -F '\t' -v t="$tag" '$4 == t { print $3 }' "$SCRATCH/all")" \
   "$(git --git-dir="$G" rev-parse "fixes-tag^{commit}")" \
   "an annotated tag's id peels to its commit"
tree=$(git --git-dir="$G" rev-parse "v2.0^{tree}")
is "$(awk -F '\t' -v t="$tree" '$4 == t { print "[" $3 "][" $8 "]" }' "$SCRATCH/all")" \
   "[][]" "a tree's id: unresolved, no lifetime"

# Text, box line, legend.
"$TREEPLOT" -C "$G" --fixes v1.5..v2.0 >"$SCRATCH/text"
is "$(sed -n '/^Fixes: /,/^$/p' "$SCRATCH/text" | sed -n '2,5p' | sed 's/  */ /g')" \
   "$(awk -F '\t' '{ c[$1] = 1; p++; u += $3 == ""; s += $9 }
	END { printf " commits naming a target %d\n pairs (commit, target) %d\n unresolved %d\n target arrived in the range %d\n", length(c), p, u, s }' \
	"$SCRATCH/all")" "the text section's figures"
"$TREEPLOT" -C "$G" --fixes -T dot v1.5..v2.0 >"$SCRATCH/dot"
grep -q 'bugs\? fixed, [0-9]* fix' "$SCRATCH/dot" &&
	grep -q 'bugs it brought that the range fixed' "$SCRATCH/dot"
ok $? "the chart: a box line and its legend entry"

# genhist --fixes: plain commits naming earlier ones, with their truth
# (the first four fields; genhist hashes every object itself).
for seed in 3 8; do
	d=$SCRATCH/g$seed
	G=$d/repo.git
	"$ROOT/tools/mkrepo.sh" "$d" --commits 3000 --trees 25 --seed "$seed" \
		--fixes "$SCRATCH/fx$seed" >"$SCRATCH/mkrepo.log" 2>&1
	ok $? "genhist --fixes, seed $seed: generated and imported"
	# Its ids are git's: every fixing commit exists, every target as
	# git resolves the id.
	cut -f1 "$SCRATCH/fx$seed" | sort -u | git --git-dir="$G" cat-file --batch-check |
		awk '$2 != "commit" { bad++ } END { exit bad > 0 || NR < 100 }'
	ok $? "seed $seed: genhist's ids are fast-import's (over 100 fixing commits)"
	is "$(cut -f3,4 "$SCRATCH/fx$seed" | sort -u)" \
	   "$(cut -f4 "$SCRATCH/fx$seed" | sort -u | sed 's/$/^{commit}/' |
		git --git-dir="$G" cat-file --batch-check | paste - <(cut -f4 "$SCRATCH/fx$seed" | sort -u) |
		awk -F '\t' '{ split($1, f, " "); print (f[2] == "commit" ? f[1] : "") "\t" $2 }' | sort -u)" \
	   "seed $seed: genhist's resolution of every id is git's (short, upper-case, unresolvable)"
	for r in $GEN_RANGES; do
		"$TREEPLOT" -C "$G" --fixes -T fixes "$r" >"$SCRATCH/got"
		git --git-dir="$G" rev-list --no-merges "$r" | sort >"$SCRATCH/in"
		is "$(cut -f1-4 "$SCRATCH/got" | sort)" \
		   "$(sort "$SCRATCH/fx$seed" | join -t "$(printf '\t')" - "$SCRATCH/in" | cut -f1-4 | sort)" \
		   "genhist seed $seed, $r: fields 1 to 4 of every line are genhist's truth"
		$TRUTH "$G" "$r" "$TREEPLOT" >"$SCRATCH/truth"
		is "$(sort "$SCRATCH/got")" "$(cat "$SCRATCH/truth")" \
		   "genhist seed $seed, $r: every field as git and -T commits place the targets"
		case $r in *..*)
		"$TREEPLOT" -C "$G" --fixes -T json "$r" >"$SCRATCH/out.json"
		is "$(by_phase "$SCRATCH/out.json" "$r")" "$(phases_truth "$G" "$r" "$TREEPLOT")" \
		   "genhist seed $seed, $r: each phase after the merge window split as git places its commits" ;;
		esac
	done
done
"$GENHIST" --commits 2000 --seed 3 >"$SCRATCH/s1"
"$GENHIST" --commits 2000 --seed 3 --fixes "$SCRATCH/f2" >"$SCRATCH/s2"
shape() { grep -avE '^(data |[^a-z]|$)' "$1" | grep -aE '^(commit|mark|author|committer|from|merge|reset|tag) '; }
cmp -s <(shape "$SCRATCH/s1") <(shape "$SCRATCH/s2") && ! cmp -s "$SCRATCH/s1" "$SCRATCH/s2"
ok $? "genhist --fixes: the same commits, parents and dates; other messages"

G=$G5
# Usage: -T fixes without --fixes.
tp -C "$G" -T fixes v1.9..v2.0
is "$STATUS:$ERR" "2:treeplot: -T fixes is written by --fixes: give it too" \
   "-T fixes without --fixes: a usage error"
tp -C "$G" --fixes -T json v1.9..v2.0
[ "$STATUS" = 0 ] && schema_ok "the JSON with --fixes validates against the schema" "$SCRATCH/.out"
done_testing
