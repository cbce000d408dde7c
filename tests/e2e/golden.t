#!/bin/bash
# Golden files: the whole output of every report, byte for byte, on the
# fixtures the other tests build (fixture.sh, addons.sh, forge.sh): the
# text report, the JSON, the CSV (both tables), the DOT (not the SVG,
# whose sizes depend on the fonts) and the commits, plain and with each
# add-on, and --compare and --trace.  Each case also checks the exit
# status and stderr (empty, or the case's NAME.err).
#
# The expected files under tests/e2e/golden/ were written by treeplot
# itself and read by a person once.  To write them again after a change
# of output that is meant (and then read the diff before committing):
#
#   GOLDEN_UPDATE=1 TREEPLOT=$PWD/treeplot BUILD=$PWD/build \
#       prove -v tests/e2e/golden.t
#
# Without GOLDEN_UPDATE the test never writes there.
#
# The chart's source line names treeplot's version ("treeplot 0.1.0,
# repo"): the golden files say "treeplot VERSION" in its place, and the
# output is compared after the same substitution, so that a release does
# not rewrite them.  The substitution is the test's: the binary under
# test has no switch that changes what it writes.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
. "$TESTDIR/addons.sh"
. "$TESTDIR/forge.sh"

plan 149

GOLDEN=$TESTDIR/golden
UPDATE=${GOLDEN_UPDATE:-}
mkdir "$SCRATCH/got"

# build DIR BUILDER...: a repository in DIR, its commit names in DIR.names.
# In a subshell: builders set committers (as) and the clock, and each
# history must start from lib.sh's pinned state to get its own test's ids.
build() {
	local dir=$1
	shift
	mkdir "$SCRATCH/$dir"
	(cd "$SCRATCH/$dir" && T_MAP=$SCRATCH/$dir.names && : >"$T_MAP" &&
	 for b in "$@"; do $b || exit 1; done) || exit 1
}
# idin DIR NAME: the id of commit NAME of DIR's history.
idin() { T_MAP=$SCRATCH/$1.names id "$2"; }

build fx build_fixture
build mx build_fixture add_maintainers
build bx build_fixture add_branch_tags
build signed build_signed
build infer build_infer
build ties-usual build_infer_tie_usual
build ties-pulls build_infer_tie_pulls
build direct build_direct
build forge build_forge
build mainline-tie build_mainline_tie

VERSION=$("$TREEPLOT" --version | awk '{ print $NF }')
VERSION_RE=$(printf '%s' "$VERSION" | sed 's/[.[\*^$/]/\\&/g')
CASES=
# golden NAME STATUS DIR ARGS...: treeplot -C DIR ARGS exits with STATUS,
# writes golden/NAME on stdout, and golden/NAME.err on stderr (nothing
# when that file does not exist).  Two tests.
golden() {
	local name=$1 want=$2 dir=$3 got=$SCRATCH/got/$1 st exp
	shift 3
	CASES="$CASES $name"
	(cd "$SCRATCH/$dir" && exec "$TREEPLOT" "$@") >"$got.raw" 2>"$got.err"
	st=$?
	sed "s/treeplot $VERSION_RE\([^0-9A-Za-z.]\)/treeplot VERSION\1/g" \
		"$got.raw" >"$got"
	if [ -n "$UPDATE" ]; then
		cp "$got" "$GOLDEN/$name"
		if [ -s "$got.err" ]; then
			cp "$got.err" "$GOLDEN/$name.err"
		else
			rm -f "$GOLDEN/$name.err"
		fi
		echo "# GOLDEN_UPDATE: wrote $name"
	fi
	case $name in
	*.dot)
		# Graphviz writes subgraphs in the order of their addresses
		# (cgraph's ids for named objects), which another allocator
		# (ASan's) changes: the clusters are compared in name order,
		# everything else byte for byte.
		clusters_sorted <"$GOLDEN/$name" >"$got.want" 2>/dev/null
		clusters_sorted <"$got" >"$got.sorted"
		same "$got.want" "$got.sorted" "$name: stdout, byte for byte"
		;;
	*) same "$GOLDEN/$name" "$got" "$name: stdout, byte for byte" ;;
	esac
	exp=$GOLDEN/$name.err
	[ -e "$exp" ] || exp=/dev/null
	if [ "$st" -eq "$want" ] && cmp -s "$exp" "$got.err"; then
		ok 0 "$name: exit status $want, stderr"
	else
		ok 1 "$name: exit status $want, stderr"
		echo "# exit status $st"
		diff -u --text "$exp" "$got.err" | sed 's/^/# /' | head -20
	fi
}
# clusters_sorted: the DOT on stdin with its top-level cluster blocks
# sorted by name, in the place of the first.
clusters_sorted() {
	perl -e '
	my (@out, %blk, $key, $at);
	while (<STDIN>) {
		if (!defined $key && /^\tsubgraph (cluster_\S+)/) {
			$key = $1;
			$at //= scalar @out;
		}
		if (defined $key) {
			$blk{$key} .= $_;
			undef $key if $_ eq "\t}\n";
			next;
		}
		push @out, $_;
	}
	splice @out, $at, 0, map { $blk{$_} } sort keys %blk if defined $at;
	print @out;'
}
# same EXPECTED GOT DESC: the two files are identical; a diff otherwise.
same() {
	if cmp -s "$1" "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		if [ -e "$1" ]; then
			diff -u --text "$1" "$2" | sed 's/^/# /' | head -60
		else
			echo "# no $1 (GOLDEN_UPDATE=1 writes it)"
		fi
	fi
}

R=v1.0..v2.0
TRACED="i1 m2 t2 h1 h2 s2 a1 n3 b1 w2"

# --- the e2e fixture: every format, plain --------------------------------------

golden fx-default.txt 0 fx
golden fx.txt         0 fx $R
golden fx.json        0 fx -T json $R
golden fx.csv         0 fx -T csv $R
golden fx.dot         0 fx -T dot $R
golden fx.commits     0 fx -T commits $R
golden fx-rc.txt      0 fx v2.0-rc1..v2.0
golden fx-options.dot 0 fx -T dot --mainline Linus --title 'A "title"' \
	--major 30 --minor 10 $R

# --- --top: the fold -------------------------------------------------------------

for f in txt json csv dot; do
	golden fx-top2.$f 0 fx -T ${f/txt/text} --top 2 $R
done
golden fx-top1.txt 0 fx --top 1 $R

# --- add-ons ------------------------------------------------------------------------

for f in txt json csv dot commits; do
	golden fx-branches.$f 0 fx -T ${f/txt/text} --branches $R
done
for f in txt json commits dot; do
	golden bx-branches.$f 0 bx -T ${f/txt/text} --branches v2.0..master
done
for f in txt json csv dot; do
	golden mx-maintainers.$f 0 mx -T ${f/txt/text} v1.0..v2.1
done
golden mx-maintainers-branches.json 0 mx -T json --branches v1.0..v2.1
for f in txt json csv dot; do
	golden signed.$f 0 signed -T ${f/txt/text} --signed v1..master
done
golden signed-require.txt 3 signed --require-signed v1..master
for f in txt json csv dot commits; do
	golden infer.$f 0 infer -T ${f/txt/text} --infer-ff v1..master
done
for t in usual pulls; do
	golden infer-tie-$t.txt 0 ties-$t --infer-ff v1..master
	golden infer-tie-$t.commits 0 ties-$t -T commits --infer-ff v1..master
done
for by in committer signoff; do
	for f in txt json csv dot; do
		golden direct-$by.$f 0 direct -T ${f/txt/text} --direct-by $by v1..master
	done
done
# All of them at once: the order of the sections and of the JSON members.
for f in txt json csv dot commits; do
	golden mx-all.$f 0 mx -T ${f/txt/text} --signed --infer-ff \
		--direct-by signoff --branches --top 3 v1.0..v2.1
done
for f in txt json; do
	golden signed-all.$f 0 signed -T ${f/txt/text} --signed --infer-ff \
		--direct-by committer v1..master
	golden infer-all.$f 0 infer -T ${f/txt/text} --infer-ff --signed \
		--direct-by committer v1..master
done

# --- other merge forms (forge.sh) -------------------------------------------------

for f in txt json csv dot commits; do
	golden forge.$f 0 forge -T ${f/txt/text} v1.0..v2.0
done

# --- the mainline's repository guessed from back-merges in a tie ---------------

for f in txt json csv dot; do
	golden mainline-tie.$f 0 mainline-tie -T ${f/txt/text} v1..master
done

# --- --compare ------------------------------------------------------------------

for f in txt json csv; do
	golden fx-compare.$f 0 fx -T ${f/txt/text} --compare \
		v1.0..v2.0-rc1 v2.0-rc1..v2.0 $R
done

# --- --trace ----------------------------------------------------------------------

for f in txt json; do
	golden fx-trace.$f 0 fx -T ${f/txt/text} --trace \
		$(for c in $TRACED; do idin fx $c; done) $R
	golden fx-untraced.$f 1 fx -T ${f/txt/text} --trace "$(idin fx i1)" \
		v1.0 "$(idin fx nm1)" nope $R
done

# --- the golden files are exactly the cases' -----------------------------------

extra=
for f in "$GOLDEN"/*; do
	n=${f##*/}
	case " $CASES " in
	*" ${n%.err} "*) ;;
	*) extra="$extra $n" ;;
	esac
done
is "$extra" "" "no golden file without its case"

done_testing
