#!/bin/sh
# The bash and zsh completions, as installed by make install, driven
# through their functions in a repository built here: options (from the
# binary's table through --git-completion-helper, which must list what
# --help lists, so that neither can drift), the values of -T,
# --layout, --csv-table, --direct-by and --top, files for -o and
# --config, directories for -C, and revisions and ranges exactly as git's
# own completion offers them for git log, -C's repository included; for
# treeplot and for git treeplot.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
ROOT=$(cd "$TESTDIR/../.." && pwd)

plan 40
d=$SCRATCH/dest
make -s -C "$ROOT" install DESTDIR="$d" PREFIX=/usr >install.log 2>&1
ok $? "make install DESTDIR=... PREFIX=/usr"

# The completions ask the installed treeplot for its options.
PATH=$d/usr/bin:$PATH
export PATH

mkdir repo other && (cd repo && build_fixture) >/dev/null || exit 1
(cd other && repo && mk o1 "other: 1" && ref refs/tags/w1.0 o1 &&
	ref refs/heads/wip o1) >/dev/null || exit 1
: >repo/flow.svg >repo/flow.json >repo/tp.cfg
mkdir repo/flowdir

# bash MODE LINE: the candidates bash offers (complete.bash), in repo/.
cbash() {
	(cd "$SCRATCH/repo" && XDG_DATA_DIRS="$d/usr/share" \
	 TREEPLOT_COMPLETION="$d/usr/share/bash-completion/completions/treeplot" \
	 bash "$TESTDIR/complete.bash" "$@" 2>&1)
}
# zsh LINE: the matches zsh offers (capture.zsh), in repo/.
czsh() {
	(cd "$SCRATCH/repo" && timeout 60 zsh -f "$TESTDIR/capture.zsh" \
	 "$d/usr/share/zsh/vendor-completions" "$1" 2>&1)
}
lines() { printf '%s\n' "$@"; }

# --- what the table and --help say ---------------------------------------
"$TREEPLOT" --help >help.out
# The completion's list, as git's commands give theirs: --name= for an
# option that takes a value.
BASH_OPTS=$("$TREEPLOT" --git-completion-helper | tr ' ' '\n' | grep . | LC_ALL=C sort)
OPTS=$(printf '%s\n' "$BASH_OPTS" | sed 's/=$//' | LC_ALL=C sort)
SHORT=$(sed -n 's/^ *\(-[a-zA-Z]\), --.*/\1/p' help.out | LC_ALL=C sort -u)
# Options followed by a metavariable take a value.
ARGOPTS=$(sed -n 's/^ *\(-[a-zA-Z], \)\{0,1\}\(--[a-z-]*\) [A-Z].*/\2/p' help.out)
# The values listed on an option's line: "a, b, c or d", "(default)" cut.
values() {
	grep -E -- "^ +(-., )?$1 [A-Z]+ " help.out | sed 's/^ *\(-., \)\{0,1\}--[a-z-]* [A-Z]* *//' |
		sed 's/ (default)//; s/,//g; s/ or / /' | tr ' ' '\n' | grep . | LC_ALL=C sort
}
# The help entry of an option: its line and the lines continuing it.
entry() {
	awk -v o="$1" '$0 ~ "^ +(-., )?" o " " { on = 1; print; next }
		on && /^ +-/ { on = 0 } on' help.out
}
[ -n "$OPTS" ] && [ -n "$ARGOPTS" ] && [ "$(values --format | wc -l)" -ge 5 ] &&
	[ "$(values --layout | wc -l)" -ge 5 ]
ok $? "--help lists options, their values, formats and engines"
is "$OPTS" "$(grep -oE -- '--[a-z][a-z-]*[a-z]' help.out | LC_ALL=C sort -u)" \
	"--git-completion-helper: every option --help names, and no other"
is "$(printf '%s\n' "$BASH_OPTS" | sed -n 's/=$//p' | LC_ALL=C sort)" \
	"$(printf '%s\n' "$ARGOPTS" | LC_ALL=C sort)" \
	"--git-completion-helper: --name= where --help names a value"

# --- bash ---------------------------------------------------------------
is "$(cbash framework 'treeplot --')" "$BASH_OPTS" \
	"bash: treeplot --: every option of --git-completion-helper"
is "$(cbash framework 'git treeplot --')" "$BASH_OPTS" \
	"bash: git treeplot --: the same"
is "$(cbash framework 'treeplot --ma')" "--mainline-url=
--mainline=
--maintainer-names
--maintainers
--major=" "bash: treeplot --ma"
is "$(cbash framework 'treeplot -T ')" "$(values --format)" \
	"bash: -T: the formats of --help"
is "$(cbash framework 'treeplot --format=j')" "json" "bash: --format=j"
is "$(cbash framework 'git treeplot --layout ')" "$(values --layout)" \
	"bash: git treeplot --layout: the engines of --help"
is "$(cbash framework 'treeplot --layout=s')" "sfdp" "bash: --layout=s"
is "$(cbash framework 'treeplot --csv-table ')" "edges
fixes
pulls
summary
trees" "bash: --csv-table: the tables"
is "$(cbash framework 'treeplot --direct-by=')" "committer
signoff" "bash: --direct-by=: the values"
r=0
for v in trees edges summary pulls; do entry --csv-table | grep -qw "$v" || r=1; done
for v in committer signoff; do entry --direct-by | grep -qw "$v" || r=1; done
ok $r "--help names each --csv-table and --direct-by value offered"
is "$(cbash framework 'treeplot --top ')" "all" "bash: --top: all"
is "$(cbash framework 'treeplot -o flow')" "flow.json
flow.svg
flowdir" "bash: -o: files"
is "$(cbash framework 'git treeplot --config=tp')" "tp.cfg" \
	"bash: git treeplot --config=: files"
is "$(cbash framework 'treeplot -C ../ot')" "../other" "bash: -C: directories"
is "$(cbash framework 'treeplot --title ')" "" "bash: --title: nothing offered"

# Revisions and ranges: what git's completion offers for git log.
for w in '' v v2.0..v2 v2.0...ma 'HEAD~1..'; do
	git_log=$(cbash framework "git log $w")
	if [ -z "$git_log" ]; then
		ok 1 "bash: git log '$w' offers nothing"
	else
		is "$(cbash framework "treeplot $w")" "$git_log" \
			"bash: treeplot '$w': as git log '$w'"
	fi
done
is "$(cbash framework 'treeplot v2.0..v2')" "v2.0..v2.0
v2.0..v2.0-rc1" "bash: treeplot v2.0..v2: the range's ends"
is "$(cbash framework 'git treeplot --top 5 v1.0..v2')" "v1.0..v2.0
v1.0..v2.0-rc1" "bash: git treeplot ... v1.0..v2: the same"
is "$(cbash framework 'treeplot --range=v1.0..v2.0-')" "v1.0..v2.0-rc1" \
	"bash: --range=: a range"
is "$(cbash framework 'treeplot -C ../other w')" "w1.0
wip" "bash: -C DIR: DIR's revisions"
is "$(cbash framework 'git treeplot --repo=../other w')" "w1.0
wip" "bash: git treeplot --repo=DIR: DIR's revisions"
ln -s "$SCRATCH/other" "$HOME/other"
is "$(cbash framework 'treeplot -C ~/other w')" "w1.0
wip" "bash: -C ~/DIR: DIR's revisions"
is "$(cbash framework 'git -C ../other treeplot w')" "w1.0
wip" "bash: git -C DIR treeplot: DIR's revisions"
is "$(cbash plain 'treeplot --no-')" "--no-config
--no-maintainers" "bash without bash-completion: options"
is "$(cbash plain 'treeplot v1.0..v2.0-')" "v1.0..v2.0-rc1" \
	"bash without bash-completion: ranges"

# --- zsh ----------------------------------------------------------------
if ! command -v zsh >/dev/null; then
	for i in 1 2 3 4 5 6 7; do echo "ok $((T_N + i)) # skip no zsh (make deps-check)"; done
	T_N=$((T_N + 7))
	done_testing
fi
ZSH_OPTS=$(lines $OPTS $SHORT | LC_ALL=C sort)
is "$(czsh 'treeplot -')" "$ZSH_OPTS" \
	"zsh: treeplot -: every option of the table, and the letters of --help"
is "$(czsh 'git treeplot -T ')" "$(values --format)" \
	"zsh: git treeplot -T: the formats of --help"
is "$(czsh 'treeplot --layout=')" "$(values --layout | sed 's/^/--layout=/')" \
	"zsh: --layout=: the engines of --help"
is "$(czsh 'treeplot v2.0..v2')" "v2.0..v2.0
v2.0..v2.0-rc1" "zsh: treeplot v2.0..v2: the range's ends"
is "$(czsh 'git treeplot -C ../other --top 5 ')" "HEAD
w1.0
wip" "zsh: git treeplot -C DIR: DIR's revisions"
is "$(czsh 'treeplot -o flow')" "flow.json
flow.svg
flowdir" "zsh: -o: files"
is "$(czsh 'treeplot --repo=~/other --range=w1.0..')" "--range=w1.0..HEAD
--range=w1.0..w1.0
--range=w1.0..wip" "zsh: --repo=~/DIR --range=A..: DIR's revisions"
done_testing
