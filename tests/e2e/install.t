#!/bin/sh
# make install / uninstall honour PREFIX and DESTDIR: the binary,
# git-treeplot, the man page (and git-treeplot's), the completions and
# the JSON schema land where they should, work from there (git treeplot,
# git treeplot --help), and all go away again.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
ROOT=$(cd "$TESTDIR/../.." && pwd)

# Every file and link under $1, links with their targets.
listing() { (cd "$1" && find . ! -type d -printf '%P -> %l\n' | sed 's/ -> $//' | sort); }

plan 18
d=$SCRATCH/dest
make -s -C "$ROOT" install DESTDIR="$d" PREFIX=/opt/tp >"$SCRATCH/log" 2>&1
ok $? "make install DESTDIR=... PREFIX=/opt/tp"
# --help names the schema beside the installed binary, whatever PREFIX
# the binary was built with.
is "$("$d/opt/tp/bin/treeplot" --help | grep -A1 -x "The JSON outputs' schema is installed as" | tail -n 1)" \
   "  $d/opt/tp/share/treeplot/treeplot.schema.json" \
   "the installed binary's --help: the installed schema, beside it"
is "$(listing "$d")" "opt/tp/bin/git-treeplot -> treeplot
opt/tp/bin/treeplot
opt/tp/share/bash-completion/completions/git-treeplot -> treeplot
opt/tp/share/bash-completion/completions/treeplot
opt/tp/share/man/man1/git-treeplot.1 -> treeplot.1
opt/tp/share/man/man1/treeplot.1
opt/tp/share/treeplot/treeplot.schema.json
opt/tp/share/zsh/site-functions/_git-treeplot
opt/tp/share/zsh/site-functions/_treeplot" \
	"what is installed, and where (zsh: site-functions outside /usr)"
cmp -s "$d/opt/tp/share/man/man1/treeplot.1" "$ROOT/man/treeplot.1" &&
cmp -s "$d/opt/tp/share/treeplot/treeplot.schema.json" \
	"$ROOT/docs/treeplot.schema.json" &&
cmp -s "$d/opt/tp/share/bash-completion/completions/treeplot" \
	"$ROOT/contrib/completion/treeplot.bash" &&
cmp -s "$d/opt/tp/share/zsh/site-functions/_treeplot" \
	"$ROOT/contrib/completion/_treeplot"
ok $? "the man page, the schema and the completions are the sources'"
"$d/opt/tp/bin/treeplot" --version | grep -q '^treeplot [0-9]'
ok $? "the installed binary runs"

# git treeplot: git finds git-treeplot on PATH and runs it in the
# repository, with the arguments; the output is treeplot's own.
mkdir repo && (cd repo && build_fixture) >/dev/null || exit 1
(cd repo && "$TREEPLOT" v1.0..v2.0) >direct.out 2>&1
(cd repo && PATH="$d/opt/tp/bin:$PATH" git treeplot v1.0..v2.0) >git.out 2>&1
ok $? "git treeplot v1.0..v2.0: exit status 0"
is "$(cat git.out)" "$(cat direct.out)" "git treeplot: treeplot's report"
PATH="$d/opt/tp/bin:$PATH" git -C repo treeplot -T json v1.0..v2.0 >git.json &&
	(cd repo && "$TREEPLOT" -T json v1.0..v2.0) >direct.json
ok $? "git -C repo treeplot -T json: exit status 0"
cmp -s git.json direct.json
ok $? "git -C repo treeplot -T json: treeplot's JSON"
PATH="$d/opt/tp/bin:$PATH" git -C repo treeplot --layout spring \
	>/dev/null 2>git.err
is "$?" 2 "git treeplot: treeplot's exit status (2, a usage error)"
is "$(cat git.err)" "treeplot: unknown layout 'spring' (dot, twopi, circo, neato, fdp, sfdp)" \
	"git treeplot: treeplot's error line"

# git treeplot --help: git shows the man page git-treeplot, a link to
# treeplot's.
PATH="$d/opt/tp/bin:$PATH" MANPATH="$d/opt/tp/share/man" MANPAGER=cat \
	PAGER=cat MANWIDTH=80 git treeplot --help >help.out 2>help.err
ok $? "git treeplot --help: exit status 0"
sed -n '/^NAME/,/^SYNOPSIS/p' help.out | sed 's/  */ /g' >help.name
is "$(cat help.name)" "NAME
 treeplot - chart how patches flow into a project's mainline

SYNOPSIS" "git treeplot --help: treeplot's man page"

# Under /usr (as the Debian package does), zsh's vendor-completions.
d2=$SCRATCH/dest2
make -s -C "$ROOT" install DESTDIR="$d2" PREFIX=/usr >>"$SCRATCH/log" 2>&1
ok $? "make install DESTDIR=... PREFIX=/usr"
[ -f "$d2/usr/share/zsh/vendor-completions/_treeplot" ] &&
	[ -f "$d2/usr/share/zsh/vendor-completions/_git-treeplot" ]
ok $? "PREFIX=/usr: zsh's completions in vendor-completions"

make -s -C "$ROOT" uninstall DESTDIR="$d" PREFIX=/opt/tp >>"$SCRATCH/log" 2>&1
ok $? "make uninstall"
is "$(listing "$d")" "" "uninstall removes every file and link installed"
make -s -C "$ROOT" uninstall DESTDIR="$d2" PREFIX=/usr >>"$SCRATCH/log" 2>&1
is "$(listing "$d2")" "" "uninstall under /usr too"
done_testing
