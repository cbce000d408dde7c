#!/bin/sh
# The command line: every usage and run-time error, its exit status, and
# its message (the one line on stderr, "treeplot: ..." word for word,
# nothing on stdout, no output file left behind); the valid forms beside
# them give the output they should.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

plan 105

mkdir repo empty afile.d
: >afile
cd repo || exit 1
build_fixture
cd "$SCRATCH" || exit 1
R="$SCRATCH/repo"

# fails STATUS MESSAGE DESC ARGS...: treeplot ARGS must exit with STATUS,
# print nothing on stdout and exactly one line on stderr, which is
# "treeplot: MESSAGE".  Two tests.
fails() {
	f_status=$1 f_what=$2 f_desc=$3
	shift 3
	tp "$@"
	is "$STATUS" "$f_status" "$f_desc: exit status $f_status"
	f_ok=0
	[ -s "$SCRATCH/.out" ] && { echo "# stdout is not empty"; f_ok=1; }
	[ "$(wc -l <"$SCRATCH/.err")" -eq 1 ] &&
	[ "$(tail -c 1 "$SCRATCH/.err" | od -An -c | tr -d ' ')" = '\n' ] ||
		{ echo "# stderr is not exactly one line"; f_ok=1; }
	[ "$ERR" = "treeplot: $f_what" ] ||
		{ echo "# expected: treeplot: $f_what"; f_ok=1; }
	[ $f_ok -eq 0 ] || sed 's/^/# stderr: /' "$SCRATCH/.err" | head -5
	ok $f_ok "$f_desc: stdout empty, stderr the one line 'treeplot: $f_what'"
}

# --- usage errors: status 2 ----------------------------------------------

fails 2 "unknown option '--bogus'" \
      "unknown long option"          -C "$R" --bogus
fails 2 "unknown option '-x'" \
      "unknown short option"         -C "$R" -x
fails 2 "unknown option '-z'" \
      "unknown short option in a bundle (-zh)" -C "$R" -zh
fails 2 "option '-o' needs a value" \
      "missing value: -o last"       -C "$R" -o
fails 2 "option '--top' needs a value" \
      "missing value: --top last"    -C "$R" --top
fails 2 "too many arguments (from 'v2.0'): give one range; did you mean v1.0..v2.0?" \
      "two revisions where a range was meant" -C "$R" v1.0 v2.0
fails 2 "too many arguments (from 'v2.0'): give one range" \
      "extra positional argument"    -C "$R" v1.0 v2.0 m4
fails 2 "--top takes a positive number or 'all', not '0'" \
      "--top 0"                      -C "$R" --top 0
fails 2 "--top takes a positive number or 'all', not '-1'" \
      "--top -1"                     -C "$R" --top -1
fails 2 "--top takes a positive number or 'all', not 'abc'" \
      "--top abc"                    -C "$R" --top abc
fails 2 "unknown format 'bogus' (text, dot, svg, png, pdf, json, commits, csv, html, fixes, findings, github, routing)" \
      "unknown -T format"            -C "$R" -T bogus
fails 2 "unknown layout 'spring' (dot, twopi, circo, neato, fdp, sfdp)" \
      "unknown --layout"             -C "$R" --layout spring
fails 2 "cannot tell the format of 'out.xyz' from its extension: use -T" \
      "unknown extension with -o"    -C "$R" -o out.xyz
[ ! -e out.xyz ]
ok $? "unknown extension: no file written"
fails 2 "unknown revision 'nope'" \
      "unknown revision"             -C "$R" nope
fails 2 "unknown revision 'nope'" \
      "unknown revision on the right" -C "$R" v1.0..nope
fails 2 "unknown revision 'nope'" \
      "unknown revision on the left" -C "$R" nope..v2.0
fails 2 "symmetric differences ('v1.0...v2.0') are not supported: use A..B" \
      "symmetric difference A...B"  -C "$R" v1.0...v2.0
fails 2 "--mainline needs a non-empty name" \
      "empty --mainline"             -C "$R" --mainline ''

# Usage errors that help: the nearest names, by edit distance.
fails 2 "unknown option '--lyaout': did you mean --layout?" \
      "a misspelt option"            -C "$R" --lyaout dot
fails 2 "unknown option '--cylces': did you mean --cycles?" \
      "a misspelt option with its value" -C "$R" --cylces=v1.0..v2.0
fails 2 "ambiguous option '--ma': --mainline, --mainline-url, --major, --maintainers or --maintainer-names" \
      "an ambiguous prefix"          -C "$R" --ma x
fails 2 "unknown option '-top': did you mean --top?" \
      "a long option with one dash (-t unknown)" -C "$R" -top 15
fails 2 "unknown option '-jobs': did you mean --jobs?" \
      "a long option with one dash (-j known)" -C "$R" -jobs 2
fails 2 "unknown revision 'v2.1': did you mean v2.0?" \
      "an unknown revision: the nearest tag" -C "$R" v1.0..v2.1
fails 2 "unknown revision 'v3'" \
      "an unknown revision near no tag" -C "$R" v3
fails 2 "--cycles is for --compare: add --compare" \
      "an option of another mode: the one to add" -C "$R" --cycles v1.0..v2.0
fails 2 "--range does not apply to --compare (it is for a report, --trace or --explain)" \
      "an option of other modes: which" -C "$R" --compare --range v1.0..v2.0 v1.0..v2.0 v2.0

# --- run-time failures: status 1 -----------------------------------------

fails 1 "not a git repository: '$SCRATCH/empty'" \
      "not a repository: -C to an empty directory" \
      -C "$SCRATCH/empty"
fails 1 "cannot change to '$SCRATCH/nowhere': no such directory" \
      "-C to a missing directory" \
      -C "$SCRATCH/nowhere"
cd "$SCRATCH/empty" || exit 1
fails 1 "not a git repository: '.'" \
      "not a repository: run from an empty directory"
cd "$SCRATCH" || exit 1

mkdir out.svg
fails 1 "cannot write 'out.svg': it is a directory" \
      "output path is a directory" -C "$R" -o out.svg
[ -d out.svg ] && [ -z "$(ls -A out.svg)" ]
ok $? "output path is a directory: left alone"
fails 1 "cannot write 'afile.d': it is a directory" \
      "output path is a directory, with -T" \
      -C "$R" -T text -o afile.d
fails 1 "cannot write 'nodir/x.svg': No such file or directory" \
      "output in a missing directory" -C "$R" -o nodir/x.svg
[ ! -e nodir ]
ok $? "output in a missing directory: nothing created"
fails 1 "cannot write 'afile/x.svg': Not a directory" \
      "output under a file (not a directory)" \
      -C "$R" -o afile/x.svg
fails 1 "cannot write '/proc/treeplot-x.svg': No such file or directory" \
      "output in an unwritable directory (/proc)" \
      -C "$R" -o /proc/treeplot-x.svg

fails 2 "unknown revision 'nope'" \
      "failed run with -o" -C "$R" -o fresh.svg nope
[ ! -e fresh.svg ] && [ -z "$(ls -d .treeplot-* 2>/dev/null)" ]
ok $? "failed run: no output file, no temporary file"
fails 1 "not a git repository: '$SCRATCH/empty'" \
      "failed run (not a repository) with -o" \
      -C "$SCRATCH/empty" -o fresh.json
[ ! -e fresh.json ] && [ -z "$(ls -d .treeplot-* 2>/dev/null)" ]
ok $? "failed run (not a repository): no output file, no temporary file"

fails 1 "cannot change to '$SCRATCH/afile': not a directory" \
      "not a repository: -C to a file" -C "$SCRATCH/afile"

# A repository with an object missing: the root commit's.
cp -R repo broken
m0=$(git -C broken rev-list --max-parents=0 master)
rm -f "broken/.git/objects/$(echo "$m0" | cut -c1-2)/$(echo "$m0" | cut -c3-)"
fails 1 "missing commit object $m0" \
      "missing object" -C "$SCRATCH/broken" -o broken.svg master
[ ! -e broken.svg ] && [ -z "$(ls -d .treeplot-* 2>/dev/null)" ]
ok $? "missing object: no output file, no temporary file"

# Standard output that cannot be written.
if [ -c /dev/full ]; then
	"$TREEPLOT" -C "$R" v1.0..v2.0 >/dev/full 2>"$SCRATCH/.err"
	is "$?" 1 "stdout on a full device: exit status 1"
	is "$(cat "$SCRATCH/.err")" \
	   "treeplot: cannot write to standard output: No space left on device" \
	   "stdout on a full device: one line 'treeplot: ...' saying why"
else
	ok 0 "# SKIP no /dev/full"
	ok 0 "# SKIP no /dev/full"
fi

# A usage error wins over the run: nothing is read, nothing written.
fails 2 "--top takes a positive number or 'all', not '0'" \
      "usage error outside a repository" \
      -C "$SCRATCH/empty" --top 0 -o never.svg
[ ! -e never.svg ]
ok $? "usage error: no output file"

# --- help and version ----------------------------------------------------

tp --help
HELP=$OUT
for h in -h --help; do
	tp $h
	is "$STATUS" 0 "$h: exit status 0"
	[ "$(printf '%s\n' "$OUT" | head -n 1)" = \
	  "usage: treeplot [options] [<range>] [-- <path>...]" ] && [ "$OUT" = "$HELP" ]
	ok $? "$h: the usage on stdout (the same for both)"
	is "$ERR" "" "$h: nothing on stderr"
done
tp --version
is "$STATUS" 0 "--version: exit status 0"
is "$OUT" "treeplot $(sed -n 's/^VERSION = //p' "$TESTDIR/../../Makefile")" \
   "--version: 'treeplot X.Y.Z' on stdout, the Makefile's version"
is "$ERR" "" "--version: nothing on stderr"

# --- the valid forms next to the errors are accepted ----------------------

tpc -C "$R" -T commits v1.0..v2.0
is "$STATUS" 0 "valid run: exit status 0"
is "$ERR" "" "valid run: nothing on stderr"
(cd repo && printf '%s\n' "$OUT" | names) >commits.names
is "$(cat commits.names)" "$FIXTURE_COMMITS" "valid run: the fixture's answer"
"$TREEPLOT" -C "$R" --top 2 --major 10 -T dot v1.0..v2.0 >separate.dot
tp -C "$R" --top=2 --major=10 -T dot v1.0..v2.0
is "$STATUS:$ERR:$OUT" "0::$(cat separate.dot)" \
   "--opt=value forms accepted: the output of --opt value"
"$TREEPLOT" -C "$R" -T text v1.0..v2.0 >plain.txt
tp -C "$R" -T text -o plain.xyz v1.0..v2.0
is "$STATUS:$ERR:$OUT" "0::" "unknown extension is fine with -T: exit status 0, nothing printed"
cmp -s plain.xyz plain.txt
ok $? "unknown extension with -T: the text report written there"
tp -C "$R" v1.0..v2.0 --
is "$STATUS:$ERR:$OUT" "0::$(cat plain.txt)" "'--' with no path after it: the report of the range"

done_testing
