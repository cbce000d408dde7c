#!/bin/sh
# Ranges and repositories: A..B, A.., ..B, a single revision, the default
# range, revision syntax, bare repositories, worktrees, subdirectories.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

plan 47

mkdir fx
cd fx || exit 1
build_fixture
FX="$SCRATCH/fx"

# ids ARGS: the sorted commit ids treeplot -T commits ARGS lists.
ids() { tp -T commits "$@"; printf '%s\n' "$OUT" | cut -f1 | sed '/^$/d' | sort; }
# exact TO [FROM]: the commits (no merges) reachable from TO but not FROM,
# however skewed the clocks (git rev-list A..B may stop early).
exact() {
	git rev-list --no-merges "$1" | sort >"$SCRATCH/.to"
	if [ $# -gt 1 ]; then git rev-list "$2" | sort; else :; fi >"$SCRATCH/.from"
	comm -23 "$SCRATCH/.to" "$SCRATCH/.from"
}

# --- empty ranges -----------------------------------------------------------

# Ends that are one commit: nothing new, a real answer (exit 0).
r=v2.0..v2.0
tp "$r"
is "$STATUS" 0 "$r: exit status 0"
printf '%s\n' "$OUT" | grep -q '^ *0 commits,'
ok $? "$r: the report says 0 commits"
tp -T json "$r"
is "$(printf '%s\n' "$OUT" | jq -c '[.commits, .direct, .summary.tree_count]')" \
   '[0,0,0]' "$r: json commits, direct, trees are 0"
tpc -T commits "$r"
is "$STATUS:$(wc -c <"$SCRATCH/.out")" "0:0" "$r: commits output empty"
# The end reachable from the start: written the wrong way round, a
# usage error in every format (gitenv.t checks the message).
r=v2.0..v1.0
for f in text json commits; do
	tp -T $f "$r"
	is "$STATUS:$(wc -c <"$SCRATCH/.out")" "2:0" "$r, -T $f: exit status 2, nothing written"
done
tp "$r"
printf '%s\n' "$ERR" | grep -q 'other way round, v1.0..v2.0?$'
ok $? "$r: the message names the range the other way round"

# --- the exact set ---------------------------------------------------------------

is "$(ids v1.0..v2.0)" "$(exact v2.0 v1.0)" \
   "v1.0..v2.0: exactly rev-list --no-merges v2.0 minus rev-list v1.0"
tp -T json v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq .commits)" "$(exact v2.0 v1.0 | wc -l | tr -d ' ')" \
   "v1.0..v2.0: json commits counts that set"

# A single revision: its whole history.
is "$(ids v1.0)" "$(git rev-list --no-merges v1.0 | sort)" \
   "single revision v1.0: all of git rev-list --no-merges v1.0"
tp v1.0
printf '%s\n' "$OUT" | grep -qx 'range       v1.0'
ok $? "single revision: the report states the range as v1.0"
is "$(ids master)" "$(git rev-list --no-merges master | sort)" \
   "single revision master: the full history"
tp -T json master
is "$(printf '%s\n' "$OUT" | jq .commits)" \
   "$(git rev-list --no-merges --count master)" \
   "full history: json commits = git rev-list --no-merges --count master"

# --- the A.. and ..B forms -------------------------------------------------------

tpc -T commits v1.0..HEAD
full=$OUT
tpc -T commits v1.0..
is "$OUT" "$full" "A..: the same as A..HEAD"
tp v1.0..
printf '%s\n' "$OUT" | grep -qx 'range       v1.0..HEAD'
ok $? "A..: the report states v1.0..HEAD"
git update-ref refs/heads/old "$(id m1)"
git symbolic-ref HEAD refs/heads/old
tpc -T commits v1.0..v2.0
want=$OUT
tpc -T commits ..v2.0
is "$OUT" "$want" "..B with HEAD at v1.0: the same as v1.0..v2.0"
tpc -T commits
is "$(printf '%s\n' "$OUT" | cut -f1 | sort)" "$(git rev-list --no-merges HEAD | sort)" \
   "default with HEAD on v1.0 (tagged, no tag behind its first parent): whole history"
git symbolic-ref HEAD refs/heads/master

# --- revision syntax --------------------------------------------------------------

a=$(git rev-parse --short=7 v1.0) b=$(git rev-parse --short=9 v2.0)
tpc -T commits "$a..$b"
is "$OUT" "$want" "abbreviated ids ($a..$b): the same as v1.0..v2.0"
tpc -T commits "$(git rev-parse v1.0)..$(git rev-parse v2.0)"
is "$OUT" "$want" "full ids: the same as v1.0..v2.0"
is "$(ids HEAD~3)" "$(exact HEAD~3)" "HEAD~3: its whole history"
is "$(ids v1.0..HEAD~3)" "$(exact HEAD~3 v1.0)" "v1.0..HEAD~3: the exact set"
git branch net "$(id nm3)"
is "$(ids v1.0..net)" "$(exact net v1.0)" "a branch name (v1.0..net): the exact set"
tpc -T commits v1.0..master
is "$OUT" "$want" "v1.0..master: the same as v1.0..v2.0"
tpc -T commits "v2.0~1..v2.0"
is "$(printf '%s\n' "$OUT" | names)" "m4	mainline" "v2.0~1..v2.0: just m4"
tpc -T commits "v2.0~2^2..v2.0~2"
is "$(printf '%s\n' "$OUT" | cut -f1 | sort)" "$(exact 'v2.0~2' 'v2.0~2^2')" \
   "v2.0~2^2..v2.0~2: the exact set"

# --- the default range -----------------------------------------------------------

# Annotated tags count; tags off the first-parent line do not.
git tag v1.5 "$(id n3)"
tp
printf '%s\n' "$OUT" | grep -qx 'range       v1.0..HEAD'
ok $? "default: a tag off HEAD's first-parent line (v1.5 on net) is ignored"
git tag -a -m 'release 1.7' v1.7 "$(id m2)"
tp
printf '%s\n' "$OUT" | grep -qx 'range       v1.7..HEAD'
ok $? "default: the most recent (annotated) tag on the first-parent line"
is "$(ids)" "$(exact HEAD v1.7)" "default from v1.7: the exact set"
git tag v2.1-rc1 "$(id mm6)"
tp
printf '%s\n' "$OUT" | grep -qx 'range       v1.7..HEAD'
ok $? "default: -rc tags are skipped"
git tag -d v1.5 v1.7 v2.1-rc1 >/dev/null

# No tag at all: the whole history.
mkdir "$SCRATCH/notags"
cd "$SCRATCH/notags" || exit 1
repo
mk a "a"
mk b "b" a
mk c "c" b
mk d "Merge branch 'x' of git://example.org/x" b c
mk e "e" d
ref refs/heads/main e
git symbolic-ref HEAD refs/heads/main
tpc -T commits
is "$STATUS" 0 "no tags: exit status 0"
is "$(printf '%s\n' "$OUT" | names | cut -f1 | sort | tr '\n' ' ')" "a b c e " \
   "no tags: the default range is the whole history"
tp -T json
is "$(printf '%s\n' "$OUT" | jq .commits)" "$(git rev-list --no-merges --count HEAD)" \
   "no tags: json commits = git rev-list --no-merges --count HEAD"

# --- where the repository is --------------------------------------------------------

mkdir "$SCRATCH/bare.git"
cd "$SCRATCH/bare.git" || exit 1
: >"$T_MAP"
build_fixture bare
cd "$SCRATCH" || exit 1
tpc -C bare.git -T commits v1.0..v2.0
is "$STATUS" 0 "bare repository with -C: exit status 0"
is "$(printf '%s\n' "$OUT" | names)" "$FIXTURE_COMMITS" \
   "bare repository with -C: the fixture's answer"
cd "$SCRATCH/bare.git" || exit 1
tpc -T commits
is "$(printf '%s\n' "$OUT" | names)" "$FIXTURE_COMMITS" \
   "from inside a bare repository: default range, the fixture's answer"
cd "$SCRATCH/bare.git/refs/tags" || exit 1
tpc -T commits
is "$(printf '%s\n' "$OUT" | names)" "$FIXTURE_COMMITS" \
   "from a subdirectory of a bare repository"

cd "$FX" || exit 1
git worktree add -q -b side "$SCRATCH/wt" v2.0-rc1 2>"$SCRATCH/.wterr"
ok $? "git worktree add (empty tree) works"
mkdir -p "$SCRATCH/wt/sub/dir"
cd "$SCRATCH/wt" || exit 1
tpc -T commits
is "$STATUS" 0 "in a worktree: exit status 0"
is "$(printf '%s\n' "$OUT" | cut -f1 | sort)" "$(exact HEAD v1.0)" \
   "in a worktree: the worktree's HEAD (v2.0-rc1), from v1.0"
wt=$OUT
cd "$SCRATCH/wt/sub/dir" || exit 1
tpc -T commits
is "$OUT" "$wt" "in a subdirectory of a worktree"
cd "$SCRATCH" || exit 1
tpc -C wt -T commits
is "$OUT" "$wt" "-C to a worktree"
tpc -C wt/sub/dir -T commits
is "$OUT" "$wt" "-C to a subdirectory of a worktree"

mkdir -p "$FX/sub/dir"
tpc -C fx/sub/dir -T commits v1.0..v2.0
is "$STATUS" 0 "-C to a subdirectory of a work tree: exit status 0"
is "$OUT" "$want" "-C to a subdirectory of a work tree: the same answer"
cd "$FX/sub/dir" || exit 1
tpc -T commits v1.0..v2.0
is "$OUT" "$want" "from a subdirectory of a work tree"
tpc -C "$FX/.git" -T commits v1.0..v2.0
is "$OUT" "$want" "-C to the .git directory"

done_testing
