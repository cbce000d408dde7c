#!/bin/sh
# The command line: every usage and run-time error, its exit status, and
# the shape of its message (one line on stderr, "treeplot: ", naming the
# culprit, nothing on stdout, no output file left behind).
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

plan 83

mkdir repo empty afile.d
: >afile
cd repo || exit 1
build_fixture
cd "$SCRATCH" || exit 1
R="$SCRATCH/repo"

# fails STATUS WHAT DESC ARGS...: treeplot ARGS must exit with STATUS,
# print nothing on stdout and exactly one line on stderr that starts with
# "treeplot: " and contains WHAT.  Two tests.
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
	case $ERR in
	"treeplot: "*) ;;
	*) echo "# stderr does not start with 'treeplot: '"; f_ok=1 ;;
	esac
	case $ERR in
	*"$f_what"*) ;;
	*) echo "# stderr does not mention '$f_what'"; f_ok=1 ;;
	esac
	[ $f_ok -eq 0 ] || sed 's/^/# stderr: /' "$SCRATCH/.err" | head -5
	ok $f_ok "$f_desc: one line 'treeplot: ...' naming '$f_what', stdout empty"
}

# --- usage errors: status 2 ----------------------------------------------

fails 2 --bogus    "unknown long option"          -C "$R" --bogus
fails 2 -x         "unknown short option"         -C "$R" -x
fails 2 -z         "unknown short option in a bundle (-zh)" -C "$R" -zh
fails 2 -o         "missing value: -o last"       -C "$R" -o
fails 2 --top      "missing value: --top last"    -C "$R" --top
fails 2 v2.0       "extra positional argument"    -C "$R" v1.0 v2.0
fails 2 --top      "--top 0"                      -C "$R" --top 0
fails 2 -1         "--top -1"                     -C "$R" --top -1
fails 2 abc        "--top abc"                    -C "$R" --top abc
fails 2 bogus      "unknown -T format"            -C "$R" -T bogus
fails 2 spring     "unknown --layout"             -C "$R" --layout spring
fails 2 out.xyz    "unknown extension with -o"    -C "$R" -o out.xyz
[ ! -e out.xyz ]
ok $? "unknown extension: no file written"
fails 2 nope       "unknown revision"             -C "$R" nope
fails 2 nope       "unknown revision on the right" -C "$R" v1.0..nope
fails 2 nope       "unknown revision on the left" -C "$R" nope..v2.0
fails 2 v1.0...v2.0 "symmetric difference A...B"  -C "$R" v1.0...v2.0
fails 2 --mainline "empty --mainline"             -C "$R" --mainline ''

# --- run-time failures: status 1 -----------------------------------------

fails 1 "$SCRATCH/empty" "not a repository: -C to an empty directory" \
      -C "$SCRATCH/empty"
fails 1 "$SCRATCH/nowhere" "not a repository: -C to a missing directory" \
      -C "$SCRATCH/nowhere"
cd "$SCRATCH/empty" || exit 1
tp
is "$STATUS" 1 "not a repository: run from an empty directory, exit status 1"
cd "$SCRATCH" || exit 1

mkdir out.svg
fails 1 out.svg "output path is a directory" -C "$R" -o out.svg
[ -d out.svg ] && [ -z "$(ls -A out.svg)" ]
ok $? "output path is a directory: left alone"
fails 1 afile.d "output path is a directory, with -T" \
      -C "$R" -T text -o afile.d
fails 1 nodir/x.svg "output in a missing directory" -C "$R" -o nodir/x.svg
[ ! -e nodir ]
ok $? "output in a missing directory: nothing created"
fails 1 afile/x.svg "output under a file (not a directory)" \
      -C "$R" -o afile/x.svg
fails 1 /proc/treeplot-x.svg "output in an unwritable directory (/proc)" \
      -C "$R" -o /proc/treeplot-x.svg

fails 2 nope "failed run with -o" -C "$R" -o fresh.svg nope
[ ! -e fresh.svg ] && [ -z "$(ls fresh.svg.tmp-* 2>/dev/null)" ]
ok $? "failed run: no output file, no temporary file"
fails 1 "$SCRATCH/empty" "failed run (not a repository) with -o" \
      -C "$SCRATCH/empty" -o fresh.json
[ ! -e fresh.json ] && [ -z "$(ls fresh.json.tmp-* 2>/dev/null)" ]
ok $? "failed run (not a repository): no output file, no temporary file"

fails 1 afile "not a repository: -C to a file" -C "$SCRATCH/afile"

# A repository with an object missing: the root commit's.
cp -R repo broken
m0=$(git -C broken rev-list --max-parents=0 master)
rm -f "broken/.git/objects/$(echo "$m0" | cut -c1-2)/$(echo "$m0" | cut -c3-)"
fails 1 "$m0" "missing object" -C "$SCRATCH/broken" -o broken.svg master
[ ! -e broken.svg ] && [ -z "$(ls broken.svg.tmp-* 2>/dev/null)" ]
ok $? "missing object: no output file, no temporary file"

# Standard output that cannot be written.
if [ -c /dev/full ]; then
	"$TREEPLOT" -C "$R" v1.0..v2.0 >/dev/full 2>"$SCRATCH/.err"
	is "$?" 1 "stdout on a full device: exit status 1"
	[ "$(wc -l <"$SCRATCH/.err")" -eq 1 ] && grep -q '^treeplot: ' "$SCRATCH/.err"
	ok $? "stdout on a full device: one line 'treeplot: ...'"
else
	ok 0 "# SKIP no /dev/full"
	ok 0 "# SKIP no /dev/full"
fi

# A usage error wins over the run: nothing is read, nothing written.
fails 2 --top "usage error outside a repository" \
      -C "$SCRATCH/empty" --top 0 -o never.svg
[ ! -e never.svg ]
ok $? "usage error: no output file"

# --- help and version ----------------------------------------------------

for h in -h --help; do
	tp $h
	is "$STATUS" 0 "$h: exit status 0"
	case $OUT in
	usage:*treeplot*) r=0 ;;
	*) r=1 ;;
	esac
	ok $r "$h: usage on stdout"
	is "$ERR" "" "$h: nothing on stderr"
done
tp --version
is "$STATUS" 0 "--version: exit status 0"
printf '%s\n' "$OUT" | grep -Eqx 'treeplot [0-9]+\.[0-9]+\.[0-9]+'
ok $? "--version: 'treeplot X.Y.Z' on stdout"
is "$ERR" "" "--version: nothing on stderr"

# --- the valid forms next to the errors are accepted ----------------------

tp -C "$R" -T commits v1.0..v2.0
is "$STATUS" 0 "valid run: exit status 0"
is "$ERR" "" "valid run: nothing on stderr"
tp -C "$R" --top=2 --layout=neato -T json v1.0..v2.0
is "$STATUS" 0 "--opt=value forms accepted"
tp -C "$R" -T text -o plain.xyz v1.0..v2.0
is "$STATUS" 0 "unknown extension is fine with -T"
[ -s plain.xyz ]
ok $? "unknown extension with -T: file written"
tp -C "$R" -- v1.0..v2.0
is "$STATUS" 0 "'--' before the range"

done_testing
