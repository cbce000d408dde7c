#!/bin/sh
# make install / uninstall honour PREFIX and DESTDIR: the binary and the
# man page land where they should, and go away again.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTDIR/../.." && pwd)

plan 6
d=$SCRATCH/dest
make -s -C "$ROOT" install DESTDIR="$d" PREFIX=/opt/tp >"$SCRATCH/log" 2>&1
ok $? "make install DESTDIR=... PREFIX=/opt/tp"
[ -x "$d/opt/tp/bin/treeplot" ]
ok $? "the binary is in DESTDIR/PREFIX/bin"
[ -f "$d/opt/tp/share/man/man1/treeplot.1" ]
ok $? "the man page is in DESTDIR/PREFIX/share/man/man1"
"$d/opt/tp/bin/treeplot" --version | grep -q '^treeplot [0-9]'
ok $? "the installed binary runs"
make -s -C "$ROOT" uninstall DESTDIR="$d" PREFIX=/opt/tp >>"$SCRATCH/log" 2>&1
ok $? "make uninstall"
[ ! -e "$d/opt/tp/bin/treeplot" ] && [ ! -e "$d/opt/tp/share/man/man1/treeplot.1" ]
ok $? "uninstall removes both"
done_testing
