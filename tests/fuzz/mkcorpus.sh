#!/bin/sh
# mkcorpus.sh OUTDIR - the fuzz targets' seed corpora, in OUTDIR/TARGET:
# the unit tests' cases, and real commit-graph files.  make fuzz builds
# them (build/fuzz/seeds), so they follow the unit tests as they change.
#
#   classify     every string of tests/unit/test-classify.c and the
#                subjects of test-naming.c; the merges' messages of the
#                forge and review histories of tests/e2e/forge.sh and
#                gerrit.sh
#   naming       every string of tests/unit/test-naming.c
#   escape       every string of tests/unit/test-escape.c and the hostile
#                names of test-render.c
#   commitparse  every string of tests/unit/test-commitparse.c (whole
#                raw commit objects, hostile ones among them)
#   commitgraph  commit-graph files git writes for a small history with
#                merges and a 20-parent octopus: one file with corrected
#                dates (GDA2), one with levels only, a split chain of two
#                layers (the fuzz target's input format: a mode byte, for
#                a chain two bytes of split, then the file or files)
#   pack         the commits of packs git writes for the same history with
#                long messages: whole, as offset deltas in chains, as
#                reference deltas (the target's form: the number of
#                objects, their offsets, the pack's objects)
#
# Strings are taken after the C preprocessor, so macros are expanded;
# adjacent literals are joined as C joins them.  Each seed is named by
# the SHA-1 of its content, as libFuzzer names what it finds.  Needs cc
# (or $CC), perl, git.
set -eu
[ $# -eq 1 ] || { echo "usage: mkcorpus.sh OUTDIR" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mkcorpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# strings DIR FILE...: each distinct string literal sequence of the
# preprocessed files, one seed file each in DIR.
strings() {
	dir=$1
	shift
	mkdir -p "$dir"
	for f in "$@"; do
		${CC:-cc} -E -P -I"$top/include" "$f"
	done | perl -e '
		my $dir = shift;
		local $/;
		my $src = <STDIN>;
		my %esc = (n => "\n", t => "\t", r => "\r", a => "\a",
			   b => "\b", f => "\f", v => "\013", e => "\033",
			   "\\" => "\\", "\"" => "\"", "'"'"'" => "'"'"'",
			   "?" => "?");
		my $lit = qr/"(?:[^"\\\n]|\\.)*"/s;
		while ($src =~ /((?:$lit\s*)+)/g) {
			my $seq = $1;
			my $s = "";
			while ($seq =~ /"((?:[^"\\\n]|\\.)*)"/gs) {
				my $body = $1;
				$body =~ s{\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)}{
					my $e = $1;
					$e =~ /^x(.*)/ ? chr(hex($1) & 0xff) :
					$e =~ /^[0-7]/ ? chr(oct($e) & 0xff) :
					exists $esc{$e} ? $esc{$e} : $e
				}ge;
				$s .= $body;
			}
			next if $s eq "";
			require Digest::SHA;
			my $name = Digest::SHA::sha1_hex($s);
			open my $fh, ">", "$dir/$name" or die "$dir/$name: $!";
			binmode $fh;
			print $fh $s;
			close $fh;
		}' "$dir"
}

rm -rf "$out/classify" "$out/naming" "$out/escape" "$out/commitgraph" \
	"$out/commitparse" "$out/pack"
strings "$out/classify" "$top/tests/unit/test-classify.c" \
	"$top/tests/unit/test-naming.c"
# "mk NAME MESSAGE PARENT..." of the fixtures' merges: the message as
# the shell writes it (${LF} a newline, \" a quote).
perl -ne '
	next unless /^\s*(?:mk|review) \S+ "((?:[^"\\]|\\.)*)"/;
	my $m = $1;
	next unless $m =~ /^Merge|^Subtree/;
	$m =~ s/\$\{LF\}/\n/g;
	$m =~ s/\\(.)/$1/g;
	require Digest::SHA;
	my $name = Digest::SHA::sha1_hex($m);
	open my $fh, ">", "'"$out"'/classify/$name" or die "$name: $!";
	print $fh $m;
	close $fh;
' "$top/tests/e2e/forge.sh" "$top/tests/e2e/gerrit.sh"
strings "$out/naming" "$top/tests/unit/test-naming.c"
strings "$out/escape" "$top/tests/unit/test-escape.c" \
	"$top/tests/unit/test-render.c"
strings "$out/commitparse" "$top/tests/unit/test-commitparse.c"

# --- commit-graph files ----------------------------------------------------

for v in $(env | sed -n 's/^\(GIT_[A-Za-z0-9_]*\)=.*/\1/p'); do
	unset "$v"
done
export TZ=UTC LC_ALL=C HOME="$tmp" GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.org
export GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@example.org
date=1230000000
commit() {	# commit SUBJECT PARENT...: prints the new id
	s=$1
	shift
	date=$((date + 60))
	ps=
	for p in "$@"; do ps="$ps -p $p"; done
	GIT_AUTHOR_DATE="@$date" GIT_COMMITTER_DATE="@$date" \
		git -C "$tmp/r" commit-tree "$empty" $ps -m "$s"
}
git init -q --bare "$tmp/r"
empty=$(git -C "$tmp/r" hash-object -t tree -w /dev/null)
m=$(commit root)
heads=
for i in $(seq 1 20); do heads="$heads $(commit "topic $i" "$m")"; done
m2=$(commit "main 2" "$m")
x=$(commit "Merge branch 'x' of git://example.org/x" "$m2" $(echo $heads | cut -d' ' -f1))
o=$(commit "Merge branches of git://example.org/o" "$x" $heads)
git -C "$tmp/r" update-ref refs/heads/master "$o"

mkdir -p "$out/commitgraph"
seed() {	# seed FILE...: the mode byte (and split), then the files
	if [ $# -eq 1 ]; then
		{ printf '\000'; cat "$1"; } >"$tmp/seed"
	else
		n=$(wc -c <"$1")
		{ printf '\001'; printf "\\$(printf '%03o' $((n >> 8)))"
		  printf "\\$(printf '%03o' $((n & 255)))"
		  cat "$1" "$2"; } >"$tmp/seed"
	fi
	cp "$tmp/seed" "$out/commitgraph/$(sha1sum "$tmp/seed" | cut -c1-40)"
}
info=$tmp/r/objects/info
git -C "$tmp/r" commit-graph write --reachable
seed "$info/commit-graph"
rm -f "$info/commit-graph"
git -C "$tmp/r" -c commitGraph.generationVersion=1 commit-graph write --reachable
seed "$info/commit-graph"
rm -f "$info/commit-graph"

git -C "$tmp/r" update-ref refs/heads/master "$m2"
git -C "$tmp/r" commit-graph write --reachable --split=no-merge
git -C "$tmp/r" update-ref refs/heads/master "$o"
git -C "$tmp/r" commit-graph write --reachable --split=no-merge
set -- $(sed "s|^|$info/commit-graphs/graph-|; s|\$|.graph|" \
	"$info/commit-graphs/commit-graph-chain")
[ $# -eq 2 ] || { echo "mkcorpus.sh: expected a chain of two layers" >&2; exit 1; }
seed "$1" "$2"

# --- packs ------------------------------------------------------------------

# pack_seed REPO: REPO's one pack as fuzz-pack.c reads it: its commits'
# offsets (from the objects' start) and the objects, trailer dropped
pack_seed() {
	idx=$(ls "$1"/objects/pack/*.idx)
	git verify-pack -v "$idx" | perl -e '
		my ($pack, $dir) = @ARGV;
		my @off;
		while (<STDIN>) {
			my @f = split;
			push @off, $f[4] - 12 if @f >= 5 && $f[1] eq "commit";
		}
		open my $in, "<", $pack or die "$pack: $!";
		binmode $in;
		local $/;
		my $p = <$in>;
		my $body = substr($p, 12, length($p) - 32);
		my $seed = pack("C", scalar @off) . pack("v*", @off) . $body;
		require Digest::SHA;
		my $name = Digest::SHA::sha1_hex($seed);
		open my $fh, ">", "$dir/$name" or die;
		binmode $fh;
		print $fh $seed;
		close $fh;' "${idx%.idx}.pack" "$out/pack"
}
mkdir -p "$out/pack"
body=$(for i in $(seq 1 30); do echo "line $i of a longer explanation"; done)
p=$m2
for i in $(seq 1 8); do p=$(commit "net: change $i
$body" "$p"); done
git -C "$tmp/r" update-ref refs/heads/master "$p"
git -C "$tmp/r" repack -adq --window=0
pack_seed "$tmp/r"
git -C "$tmp/r" repack -adfq --window=250 --depth=50
pack_seed "$tmp/r"
git -C "$tmp/r" -c repack.useDeltaBaseOffset=false repack -adfq --window=250
pack_seed "$tmp/r"

for d in classify naming escape commitgraph commitparse pack; do
	echo "mkcorpus.sh: $d: $(ls "$out/$d" | wc -l) seeds"
done
