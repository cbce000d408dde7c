#!/bin/bash
# The examples of README.md and of the man page's EXAMPLES, run as shown
# on the make demo sample (tools/readme.py): README.md must be what make
# readme would write, every output in it the real one, every treeplot
# command in it run, and every man page example must run.  The sample is
# make's (build/sample, generated once); run alone, the test makes its own.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
README=$ROOT/README.md
MAN=$ROOT/man/treeplot.1

plan 12

if [ -f "$BUILD/sample/stamp" ]; then
	S=$BUILD/sample
else
	S=$SCRATCH/sample
	sh "$ROOT/tools/sample.sh" "$S" "$BUILD/genhist" >sample.log 2>&1
fi
git --git-dir="$S/repo.git" rev-parse -q --verify v1.9 >/dev/null
ok $? "the sample is there, with its tag v1.9"

# examples MODE FILE: tools/readme.py on FILE, stdout in out, stderr in err.
examples() {
	"$PYTHON" "$ROOT/tools/readme.py" "$1" "$TREEPLOT" "$S" "$2" >out 2>err
}

examples readme "$README"
is "$?:$(cat err)" "0:" "README.md: every example runs as its marker says"
is "$(diff -u "$README" out)" "" \
   "README.md: every output shown is the real one (make readme rewrites them)"
is "$(grep -c '^<!-- example' "$README"):$(grep -c '^\$ treeplot' "$README")" \
   "$(grep -c '^<!-- example' out):$(grep -c '^\$ treeplot' out)" \
   "README.md: the markers and commands are kept as they are"
[ "$(grep -c '^<!-- example' "$README")" -ge 10 ]
ok $? "README.md: the examples are marked (ten blocks or more)"

examples man "$MAN"
is "$?:$(cat err)" "0:" "man page: every example of EXAMPLES runs"
is "$(grep -c '^ran: ' out)" \
   "$(sed -n '/^\.SH EXAMPLES/,/^\.SH LIMITS/p' "$MAN" | awk '/^\.EX/ { e = 1; next } /^\.EE/ { e = 0 } e' | wc -l | tr -d ' ')" \
   "man page: each command of EXAMPLES was run"

# The checks fail when they should.
printf '# t\n\n<!-- example -->\n```\n$ treeplot -C demo/repo.git --compare -T csv --csv-table summary v1.7..v1.8 v1.8..v1.9\nfigure,v1.7..v1.8,v1.8..v1.9,change\ncommits,3247,2674,-572\n```\n' >changed.md
examples readme changed.md
is "$?:$(diff changed.md out | grep -c '^[<>]')" "0:13" \
   "an output edited by hand is rewritten (and the check above sees it)"
printf '# t\n\n```\n$ treeplot -C demo/repo.git v1.8..v1.9\n```\n' >unmarked.md
examples readme unmarked.md
is "$?:$(cat err)" "1:readme.py: unmarked.md:4: a treeplot command outside an example block (mark it <!-- example -->)" \
   "a treeplot command outside an example block fails"
printf '# t\n\n<!-- example -->\n```\n$ treeplot -C demo/repo.git v1.8..v1.99\n```\n' >failing.md
examples readme failing.md
is "$?:$(cat err)" "1:readme.py: failing.md:4: 'treeplot -C demo/repo.git v1.8..v1.99' exited 2, not 0: treeplot: unknown revision 'v1.99': did you mean v1.9?" \
   "an example that fails fails the check"
printf '# t\n\n<!-- example elide=3-400 -->\n```\n$ treeplot -C demo/repo.git --version\n```\n' >elide.md
examples readme elide.md
is "$?:$(sed 's/ ([0-9]* lines)$//' err)" "1:readme.py: elide.md:4: elide 3-400 outside the output" \
   "an elision past the output fails"
sed 's/^treeplot \\-C demo\/repo.git v1.8..v1.9$/treeplot \\-C demo\/repo.git v1.8..v1.99/' \
	"$MAN" >broken.1
examples man broken.1
is "$?:$(cat err)" "1:readme.py: broken.1: 'treeplot -C demo/repo.git v1.8..v1.99' exited 2: treeplot: unknown revision 'v1.99': did you mean v1.9?" \
   "a man page example that fails fails the check"

done_testing
