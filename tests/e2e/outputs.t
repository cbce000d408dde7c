#!/bin/sh
# Where the output goes: clear errors for a directory, an unwritable
# place, a read-only file; an existing file keeps its mode and is
# replaced whole or not at all, whatever kills treeplot and when.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

plan 31

mkdir repo
cd repo || exit 1
build_fixture
cd "$SCRATCH" || exit 1
R=$SCRATCH/repo
ROOT=$(cd "$TESTDIR/../.." && pwd)

# no_tmp FILE: no temporary file (.treeplot-*) is left beside FILE.
no_tmp() { [ -z "$(ls -d "$(dirname "$1")"/.treeplot-* 2>/dev/null)" ]; }
# one_error WHAT: stdout empty, stderr one line "treeplot: ..." naming WHAT.
one_error() {
	[ -z "$OUT" ] && [ "$(wc -l <"$SCRATCH/.err")" -eq 1 ] &&
	case $ERR in "treeplot: "*"$1"*) true ;; *) false ;; esac
}

# --- a directory, an unwritable place ---------------------------------------------

tp -C "$R" -T svg -o .
is "$STATUS" 1 "-o .: exit status 1"
one_error "it is a directory"
ok $? "-o .: 'it is a directory'"

# Permissions do not bind root: as root, through an unprivileged user
# (nobody, by setpriv) in a directory of theirs, trusting root's
# repository (safe.directory = *).
mkdir perm
UNPRIV=$TREEPLOT
if [ "$(command id -u)" -eq 0 ]; then
	UNPRIV=
	if command id nobody >/dev/null 2>&1 && command -v setpriv >/dev/null; then
		chmod 755 "$SCRATCH" "$HOME"
		chown nobody perm
		git config --global --add safe.directory '*'
		chmod 644 "$HOME/.gitconfig"
		UNPRIV=$SCRATCH/as-nobody
		printf '#!/bin/sh\nexec setpriv --reuid=nobody --regid=%s --clear-groups -- "%s" "$@"\n' \
		       "$(command id -g nobody)" "$TREEPLOT" >"$UNPRIV"
		chmod 755 "$UNPRIV"
	fi
fi
if [ -n "$UNPRIV" ]; then
	(umask 022; mkdir perm/ro; echo old >perm/ro.svg)
	[ "$(command id -u)" -eq 0 ] && chown nobody perm/ro perm/ro.svg
	chmod 555 perm/ro
	chmod 444 perm/ro.svg
	T_SAVED=$TREEPLOT TREEPLOT=$UNPRIV
	tp -C "$R" -o perm/ro/x.svg
	is "$STATUS" 1 "a directory without write permission: exit status 1"
	one_error "Permission denied" && [ ! -e perm/ro/x.svg ] && no_tmp perm/ro/x.svg
	ok $? "a directory without write permission: 'Permission denied', nothing left"
	tp -C "$R" -o perm/ro.svg
	is "$STATUS" 1 "a read-only file: exit status 1"
	one_error "Permission denied" && [ "$(cat perm/ro.svg)" = old ] && no_tmp perm/ro.svg
	ok $? "a read-only file: 'Permission denied', left as it was"
	TREEPLOT=$T_SAVED
	chmod 755 perm/ro
	[ "$(command id -u)" -eq 0 ] && git config --global --unset-all safe.directory
else
	for i in 1 2 3 4; do
		ok 0 "# SKIP root, without setpriv or a user nobody to drop to"
	done
fi

if [ -c /dev/full ]; then
	tp -C "$R" -T text -o /dev/full
	is "$STATUS" 1 "-o /dev/full: exit status 1"
	one_error "No space left on device"
	ok $? "-o /dev/full: 'No space left on device'"
else
	ok 0 "# SKIP no /dev/full"
	ok 0 "# SKIP no /dev/full"
fi

# --- one path, two formats ------------------------------------------------------------

# -T that contradicts the extension of a single -o is refused
# (treeplot(1); formats.t checks each pair); -o given twice writes both
# (ci.t tests several outputs in depth).
tp -C "$R" -T json -o x.svg v1.0..v2.0
[ "$STATUS" -eq 2 ] && [ ! -e x.svg ]
ok $? "-T json -o x.svg: a usage error, nothing written"
tp -C "$R" -o first.svg -o second.json v1.0..v2.0
grep -q '^<svg' first.svg && jq -e .format_version second.json >/dev/null
ok $? "-o twice: both written, each in its extension's format"

# Two runs writing one path at once: the file is one whole output.
"$TREEPLOT" -C "$R" -T svg v1.0..v2.0 >ref.svg
"$TREEPLOT" -C "$R" -T json v1.0..v2.0 >ref.json
r=0
for i in 1 2 3 4 5; do
	"$TREEPLOT" -C "$R" -T svg -o both v1.0..v2.0 & p1=$!
	"$TREEPLOT" -C "$R" -T json -o both v1.0..v2.0 & p2=$!
	wait $p1 && wait $p2 || r=1
	cmp -s both ref.svg || cmp -s both ref.json || { r=1; echo "# run $i: mixed"; }
	no_tmp both || r=1
done
ok $r "two runs into one path, 5 times: always one whole output, no temporary left"

# --- modes ---------------------------------------------------------------------------

(umask 022 && exec "$TREEPLOT" -C "$R" -o new.txt v1.0..v2.0)
is "$(stat -c %a new.txt)" 644 "a new file: 0666 less the umask (022)"
chmod 600 new.txt
"$TREEPLOT" -C "$R" -o new.txt v1.0..v2.0
is "$(stat -c %a new.txt)" 600 "a replaced file keeps its mode (0600 stays private)"
chmod 640 new.txt
ln -s new.txt link.txt
"$TREEPLOT" -C "$R" -o link.txt v1.0..v2.0
[ -L link.txt ] && [ "$(stat -c %a new.txt)" = 640 ]
ok $? "through a symbolic link: the link stays, the target keeps its mode"

# --- killed while writing: a file size limit ----------------------------------------------

# With RLIMIT_FSIZE below the output's size the kernel sends SIGXFSZ in
# the middle of writing the temporary file: treeplot removes it, then
# dies of the signal.  The old file is untouched.
echo "old contents" >limited.svg
cp limited.svg limited.old
# limited ARGS: treeplot ARGS under a 1-block file size limit, in a shell
# whose stderr takes its notice of the signal; prints the exit status.
limited() {
	sh -c 'ulimit -f 1; "$@"; echo $?' sh "$TREEPLOT" "$@" 2>/dev/null
}
st=$(limited -C "$R" -o limited.svg v1.0..v2.0)
[ $st -gt 128 ] && [ "$(kill -l $st)" = XFSZ ]
ok $? "a file size limit: killed by SIGXFSZ while writing (status $st)"
cmp -s limited.svg limited.old
ok $? "a file size limit: the old file is intact"
no_tmp limited.svg
ok $? "a file size limit: the temporary file was removed"
limited -C "$R" -o fresh.svg v1.0..v2.0 >/dev/null
[ ! -e fresh.svg ] && no_tmp fresh.svg
ok $? "a file size limit, no old file: nothing left at all"

# --- killed while rendering --------------------------------------------------------------

# A chart that takes Graphviz seconds: 600 trees.
GENHIST=$BUILD/genhist bash "$ROOT/tools/mkrepo.sh" big --commits 20000 \
	--trees 600 --seed 6 >/dev/null 2>&1
ok $? "big fixture: tools/mkrepo.sh, 600 trees"
"$TREEPLOT" -C "$R" -o chart.png v1.0..v2.0
cp chart.png chart.old

# killed SIG: start a PNG rendering of the big history into chart.png,
# send SIG after a delay, wait; $K_STATUS is its exit status.  The
# rendering takes seconds, so a second lands mid-render; on a machine
# fast enough to finish first (status 0) the delay shrinks and the run
# starts again, so that the tests below always see a process killed.
# The run gets SIGHUP and SIGTERM at their default action whatever this
# shell inherited: under nohup SIGHUP arrives ignored, a shell cannot
# undo that for its children (POSIX), and treeplot rightly leaves an
# ignored signal ignored (tested below).
killed() {
	for delay in 1 0.3 0.1 0.03 0.01; do
		env --default-signal=HUP,TERM \
			"$TREEPLOT" -C big/repo.git -q -o chart.png master 2>/dev/null &
		k_pid=$!
		sleep $delay
		kill -s "$1" $k_pid 2>/dev/null
		wait $k_pid 2>/dev/null
		K_STATUS=$?
		[ $K_STATUS -eq 0 ] || return 0
		echo "# SIG$1 after ${delay}s came after the run ended; again, sooner"
		cp chart.old chart.png
	done
}
# whole: chart.png is the old chart, or (the kill came after the rename)
# a whole new one.
whole() {
	cmp -s chart.png chart.old && return 0
	[ -e chart.new ] ||
		"$TREEPLOT" -C big/repo.git -q -T png master >chart.new
	cmp -s chart.png chart.new
}

# (Not SIGINT: a non-interactive shell starts background jobs with it
# ignored, and treeplot leaves an ignored signal ignored.)
for sig in KILL TERM HUP; do
	killed $sig
	[ $K_STATUS -gt 128 ] && [ "$(kill -l $K_STATUS)" = $sig ]
	ok $? "SIG$sig mid-render: the process died of it (status $K_STATUS)"
	whole
	ok $? "SIG$sig mid-render: chart.png is whole, the old chart (or, killed after the rename, the new)"
	cp chart.old chart.png
	if [ $sig = KILL ]; then
		# SIGKILL cannot be caught: had it come while the temporary
		# file was being written, that file would remain (documented).
		# It must not stand in the way of the next run.
		left=$(ls -d .treeplot-* 2>/dev/null)
		[ -n "$left" ] && echo "# SIGKILL left $left"
		[ -e chart.new ] ||
			"$TREEPLOT" -C big/repo.git -q -T png master >chart.new
		"$TREEPLOT" -C big/repo.git -q -o chart.png master &&
			cmp -s chart.png chart.new &&
			[ "$(ls -d .treeplot-* 2>/dev/null)" = "$left" ]
		ok $? "SIGKILL mid-render: the next run writes chart.png whole, leaving nothing of its own"
		rm -f .treeplot-*
		cp chart.old chart.png
	else
		no_tmp chart.png
		ok $? "SIG$sig mid-render: no temporary file left"
	fi
done

# SIGHUP ignored (nohup): treeplot leaves it ignored, is not killed by
# it and writes the whole chart.
env --ignore-signal=HUP "$TREEPLOT" -C big/repo.git -q -o chart.png master \
	2>/dev/null &
pid=$!
sleep 0.3
kill -s HUP $pid 2>/dev/null
wait $pid
st=$?
[ -e chart.new ] || "$TREEPLOT" -C big/repo.git -q -T png master >chart.new
[ $st -eq 0 ] && cmp -s chart.png chart.new && no_tmp chart.png
ok $? "SIGHUP ignored (nohup): left ignored, the chart written whole (status $st)"
cp chart.old chart.png

# Stopped as soon as the temporary file appears, then terminated: the
# handler removes it.  Best effort: a fast disk may finish first.
"$TREEPLOT" -C big/repo.git -q -o chart.png master 2>/dev/null &
pid=$!
caught=0
while kill -0 $pid 2>/dev/null; do
	set -- .treeplot-*
	if [ -e "$1" ]; then
		# Stopped with the file still there (not already renamed)?
		kill -STOP $pid 2>/dev/null && [ -e "$1" ] && caught=1
		break
	fi
done
kill -TERM $pid 2>/dev/null
kill -CONT $pid 2>/dev/null
wait $pid 2>/dev/null
st=$?
if [ $caught -eq 1 ] && [ $st -gt 128 ] && [ "$(kill -l $st)" = TERM ]; then
	no_tmp chart.png && cmp -s chart.png chart.old
	ok $? "SIGTERM while the temporary file is written: removed, chart.png intact"
else
	ok 0 "# SKIP the write was over before it could be stopped"
fi
rm -f .treeplot-*
no_tmp chart.png
ok $? "nothing left beside chart.png"

done_testing
