# broken.sh - what broken-repo.t and broken-graph.t share (two files,
# so that make check-valgrind runs them side by side): the fixture in
# $SRC, its answers (full.commits, full.range), and the helpers.
mkdir src
cd src || exit 1
build_fixture
cd "$SCRATCH" || exit 1
SRC=$SCRATCH/src
n() { git -C "$SRC" rev-parse "$(id "$1")"; }

# fails STATUS WHAT DESC ARGS...: treeplot ARGS (with -o out.svg) exits
# with STATUS, one line on stderr naming WHAT, nothing on stdout, no
# output file, no temporary file.  Two tests.
fails() {
	f_status=$1 f_what=$2 f_desc=$3
	shift 3
	rm -f out.svg
	tp "$@" -o out.svg
	is "$STATUS" "$f_status" "$f_desc: exit status $f_status"
	[ "$(wc -l <"$SCRATCH/.err")" -eq 1 ] && [ -z "$OUT" ] &&
		[ ! -e out.svg ] && [ -z "$(ls -d .treeplot-* 2>/dev/null)" ] &&
		case $ERR in "treeplot: "*"$f_what"*) true ;; *) false ;; esac
	ok $? "$f_desc: one line naming '$f_what', no output, no file"
	[ "$(wc -l <"$SCRATCH/.err")" -eq 1 ] || sed 's/^/# /' "$SCRATCH/.err" | head -3
}

# The answer for the whole of master in the full repository.
"$TREEPLOT" -C "$SRC" -T commits master | paths >full.commits
"$TREEPLOT" -C "$SRC" -T commits v2.0-rc1..v2.0 | paths >full.range

# packed COPY [NAME...]: a bare copy of the fixture in one pack, without
# the commits NAME.
packed() {
	p_dir=$1
	shift
	rm -rf "$p_dir"
	git clone -q --bare --no-local "$SRC" "$p_dir"
	git -C "$p_dir" repack -q -a -d
	[ $# -gt 0 ] || return 0
	p_old=$(ls "$p_dir"/objects/pack/pack-*)
	p_drop=$(for x in "$@"; do n "$x"; done | paste -sd '|')
	git -C "$p_dir" rev-list --objects --all | cut -d' ' -f1 |
		grep -Ev "^($p_drop)\$" |
		git -C "$p_dir" pack-objects -q objects/pack/new >/dev/null
	rm -f $p_old
}

# loose COPY: a copy of the fixture with every object loose.
loose() {
	rm -rf "$1"
	cp -R "$SRC" "$1"
	chmod -R u+w "$1/.git/objects"
}
