#!/bin/sh
# The man page: formats without warnings, and its OPTIONS documents the
# options of the option table (as --git-completion-helper lists them),
# each with an entry of its own, and no option the table lacks.
. "$(dirname "$0")/lib.sh"

MAN="$TESTDIR/../../man/treeplot.1"

OPTS=$("$TREEPLOT" --git-completion-helper 2>/dev/null | tr ' ' '\n' |
	sed 's/=$//' | grep . | LC_ALL=C sort -u)
# The long options named on the first line of OPTIONS' entries (the
# line after each .TP, up to the next .SH), their hyphens unescaped.
MAN_OPTS=$(awk '/^\.SH / { on = $2 == "OPTIONS" } on && prev == ".TP"; { prev = $0 }' "$MAN" |
	sed 's/\\-/-/g' | grep -oE -- '--[a-z][a-z-]*[a-z]' | LC_ALL=C sort -u)
plan $((7 + $(printf '%s\n' "$OPTS" | grep -c .)))

[ -f "$MAN" ]
ok $? "man/treeplot.1 exists"
[ -n "$OPTS" ] && [ -n "$MAN_OPTS" ]
ok $? "the table and the man page's OPTIONS list long options"

groff -man -ww -z "$MAN" >groff.out 2>groff.err
is "$?" 0 "groff -man -ww -z: exit status 0"
is "$(cat groff.out groff.err)" "" "groff -man -ww -z: no warnings"

MANWIDTH=80 man --warnings -l "$MAN" >man.out 2>man.err
is "$?" 0 "man -l --warnings: exit status 0"
is "$(cat man.err)" "" "man -l --warnings: no warnings"

# Every option of the table has its entry...
for o in $OPTS; do
	printf '%s\n' "$MAN_OPTS" | grep -qx -- "$o"
	ok $? "OPTIONS documents $o"
done
# ... and every entry is an option of the table.
is "$(printf '%s\n' "$MAN_OPTS" | grep -vxF -- "$OPTS")" "" \
	"OPTIONS documents no option the table lacks"

done_testing
