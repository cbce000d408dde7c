# lib.sh - helpers for treeplot's end-to-end tests (TAP, run by prove).
#
# Source it from a test script; it makes a scratch directory (removed on
# exit), pins the environment (time zone, identities, no user or system
# git configuration, no slow-walk hint) and offers:
#   plan N | ok COND-STATUS DESC | is GOT EXPECTED DESC | done_testing
#   mk NAME SUBJECT [PARENT-NAME...]   a commit (empty tree), id in $NAME's slot
#   id NAME                            the id of commit NAME
#   names                              filter: ids -> commit names
#   tp ARGS...                         run treeplot, stdout/stderr/status kept
#   tpc ARGS...                        tp for -T commits: id and path kept
#   paths                              filter: -T commits lines -> id, path
#   counted ERR CMD...                 CMD with treeplot's work meter: $WORK

set -u

TESTDIR=$(cd "$(dirname "$0")" && pwd)
TREEPLOT=${TREEPLOT:-$(pwd)/treeplot}
BUILD=${BUILD:-$(pwd)/build}
# the unit tests' binaries a script runs (make check-sanitize: its own)
UNIT=${UNIT:-$BUILD/tests}
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/treeplot-test.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
cd "$SCRATCH" || exit 1

unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY \
      GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_CEILING_DIRECTORIES
export TZ=UTC LC_ALL=C HOME="$SCRATCH/home" XDG_CONFIG_HOME="$SCRATCH/home/.config"
export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.org
export GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@example.org
# No walk is slow (the commit-graph hint, --trace's note) however loaded
# the machine, unless a test sets it: the hints' tests set 0.
export TREEPLOT_SLOW_WALK_MS=600000
mkdir -p "$HOME"

# Debian's python3 (where make deps installs python3-jsonschema), not
# whichever one a version manager puts first on PATH.
PYTHON=python3
[ -x /usr/bin/python3 ] && PYTHON=/usr/bin/python3

T_N=0
T_FAILED=0

plan() { echo "1..$1"; }

# ok STATUS DESC: passes when STATUS is 0.
ok() {
	T_N=$((T_N + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $T_N - $2"
	else
		echo "not ok $T_N - $2"
		T_FAILED=$((T_FAILED + 1))
	fi
}

# schema_ok DESC FILE...: one test, that each JSON file validates
# against docs/treeplot.schema.json (skipped without python3-jsonschema).
schema_ok() {
	local desc=$1
	shift
	if ! "$PYTHON" -c 'import jsonschema' 2>/dev/null; then
		ok 0 "# SKIP python3-jsonschema is not installed"
		return
	fi
	"$PYTHON" - "$TESTDIR/../../docs/treeplot.schema.json" "$@" <<'EOT'
import json, sys, jsonschema
s = json.load(open(sys.argv[1]))
for f in sys.argv[2:]:
    try:
        jsonschema.validate(json.load(open(f)), s)
    except jsonschema.ValidationError as e:
        print("# %s: %s" % (f, e.message))
        sys.exit(1)
EOT
	ok $? "$desc"
}


# is GOT EXPECTED DESC: passes when both texts are equal; shows a diff.
is() {
	if [ "$1" = "$2" ]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		printf '%s\n' "$2" >"$SCRATCH/.expected"
		printf '%s\n' "$1" >"$SCRATCH/.got"
		diff -u "$SCRATCH/.expected" "$SCRATCH/.got" | sed 's/^/# /' | head -40
	fi
}

done_testing() {
	[ "$T_FAILED" -eq 0 ]
	exit $?
}

# --- building histories -------------------------------------------------

T_DATE=1230000000	# committer dates advance 60 s per commit unless set
T_EMPTY_TREE=
T_MAP="$SCRATCH/.names"
: >"$T_MAP"

# A repository in the current directory (bare when given "bare").
repo() {
	if [ "${1:-}" = bare ]; then git init -q --bare .; else git init -q .; fi
	git config core.abbrev 12
	T_EMPTY_TREE=$(git hash-object -t tree -w /dev/null)
}

# mk NAME SUBJECT [PARENT...]: make commit NAME; DATE=secs overrides the date.
mk() {
	name=$1 subject=$2
	shift 2
	set -- $(for p in "$@"; do printf -- '-p %s ' "$(id "$p")"; done)
	T_DATE=$((T_DATE + 60))
	d=${DATE:-$T_DATE}
	c=$(GIT_AUTHOR_DATE="@$d" GIT_COMMITTER_DATE="@$d" \
	    git commit-tree "$T_EMPTY_TREE" "$@" -m "$subject") || exit 1
	printf '%s\t%s\n' "$name" "$c" >>"$T_MAP"
}

id() {
	awk -v n="$1" '$1 == n { print $2; found = 1 } END { exit !found }' \
	    "$T_MAP" || { echo "lib.sh: no commit named $1" >&2; exit 1; }
}

# Replace full commit ids by their names.
names() {
	awk 'NR == FNR { name[$2] = $1; next }
	     { for (i = 1; i <= NF; i++) if ($i in name) $i = name[$i]; print }' \
	    OFS='\t' FS='\t' "$T_MAP" -
}

ref() { git update-ref "$1" "$(id "$2")"; }

# scaled N SMALL: N, or SMALL under make check-sanitize
# (TREEPLOT_TEST_SANITIZER=1), for a figure whose only point is size.
# The smaller history runs the same code on every path (each level,
# spelling or tree is handled by the same lines, every buffer still
# grows through several reallocations), so AddressSanitizer and
# LeakSanitizer still see every access and allocation kind; the size
# itself (linear time, no recursion per level) is proved by the plain
# pass, at full scale.
scaled() {
	if [ -n "${TREEPLOT_TEST_SANITIZER:-}" ]; then echo "$2"; else echo "$1"; fi
}

# counted ERR CMD...: run CMD (treeplot, or a function running it) with
# treeplot's work meter on (TREEPLOT_DEBUG_WORK, util/work.h), its
# stderr into ERR; $WORK is the count of steps treeplot printed there,
# its line taken out of ERR; the status is CMD's.  A bound on the work
# is a bound on time that a loaded machine cannot break and a quadratic
# regression still does.
counted() {
	c_err=$1
	shift
	(export TREEPLOT_DEBUG_WORK=1; "$@") 2>"$c_err"
	c_status=$?
	WORK=$(sed -n 's/^treeplot: work: \([0-9]*\)$/\1/p' "$c_err" | tail -n 1)
	sed -i '/^treeplot: work: [0-9]*$/d' "$c_err"
	WORK=${WORK:-none}	# no count: any bound on it fails
	return $c_status
}

# tp ARGS: run treeplot; $OUT, $ERR and $STATUS hold what happened.
tp() {
	"$TREEPLOT" "$@" >"$SCRATCH/.out" 2>"$SCRATCH/.err"
	STATUS=$?
	OUT=$(cat "$SCRATCH/.out")
	ERR=$(cat "$SCRATCH/.err")
}

# paths: -T commits lines as the id and the path alone (fields 1 and
# PATH_FIELD on: after the id, the merge and every add-on's fields): the
# merge and the add-ons' fields between them are checked where they are
# the point (users.t, latency.t, infer.t, review.t).
PATH_FIELD=13
paths() { cut -f1,"$PATH_FIELD"-; }

# tpc ARGS: tp for -T commits, $OUT and .out holding each line's id and
# path only (paths).
tpc() {
	tp "$@"
	paths <"$SCRATCH/.out" >"$SCRATCH/.out.paths"
	mv "$SCRATCH/.out.paths" "$SCRATCH/.out"
	OUT=$(cat "$SCRATCH/.out")
}
