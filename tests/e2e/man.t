#!/bin/sh
# The man page: formats without warnings and documents every long option
# that --help lists.
. "$(dirname "$0")/lib.sh"

MAN="$TESTDIR/../../man/treeplot.1"

"$TREEPLOT" --help >help.out 2>/dev/null
OPTS=$(grep -oE -- '--[a-z][a-z-]*[a-z]' help.out | sort -u)
plan $((6 + $(printf '%s\n' "$OPTS" | grep -c .)))

[ -f "$MAN" ]
ok $? "man/treeplot.1 exists"
[ -n "$OPTS" ]
ok $? "--help lists long options"

groff -man -ww -z "$MAN" >groff.out 2>groff.err
is "$?" 0 "groff -man -ww -z: exit status 0"
is "$(cat groff.out groff.err)" "" "groff -man -ww -z: no warnings"

MANWIDTH=80 man --warnings -l "$MAN" >man.out 2>man.err
is "$?" 0 "man -l --warnings: exit status 0"
is "$(cat man.err)" "" "man -l --warnings: no warnings"

# Each option, its hyphens possibly escaped (\-), and not merely the
# start of a longer option (--mainline must not be found as --mainline-url).
for o in $OPTS; do
	n=${o#--}
	perl -e '
		my ($n, $file) = @ARGV;
		my $h = qr/(?:\\-|-|\\\(hy|\\\(en)/;
		(my $re = quotemeta $n) =~ s/\\-/$h/g;
		local $/; open my $f, "<", $file or exit 2; my $t = <$f>;
		exit($t =~ /$h$h$re(?![a-z]|$h[a-z])/ ? 0 : 1);
	' "$n" "$MAN"
	ok $? "the man page documents $o"
done

done_testing
