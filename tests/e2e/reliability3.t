#!/bin/sh
# Issue 27, reliability round three (i): a commit-graph whose generations
# lie, reflog revisions read as git reads them, and outputs that must not
# land in the repository, overflow a name or be the same file twice;
# and no output holding invalid UTF-8, whatever the source (here rather
# than in hostile.t, which make check-valgrind runs: its 14 runs would
# add 23 s there, and ASan runs them here).
# (untrusted.t holds the repository's files, environment and maps.)
. "$(dirname "$0")/lib.sh"

plan 41

# --- a skewed history -----------------------------------------------------------

# A mainline with side branches merged back, committer dates jumping
# between 1970, 2009 and 2100 (a clock set wrong, as in the wild): the
# corrected commit dates then need GDO2's 64-bit offsets too.
mkdir skew
cd skew || exit 1
repo
perl -e '
	srand(7);
	my ($mark, $m, @main, @side) = (0);
	sub date { my $r = rand();
		return $r < 0.3 ? 100000 + int(rand(1e6)) :
		       $r < 0.6 ? 4102444800 + int(rand(1e6)) :
		       1230000000 + int(rand(1e8)); }
	sub commit { my ($ref, $msg, @p) = @_; my $d = date(); $mark++;
		print "commit $ref\nmark :$mark\n",
		      "author A <a\@example.org> $d +0000\n",
		      "committer C <c\@example.org> $d +0000\n",
		      "data ", length($msg), "\n$msg\n";
		print "from :$p[0]\n" if @p;
		print "merge :$_\n" for @p[1 .. $#p];
		print "\n"; return $mark; }
	$m = commit("refs/heads/master", "root");
	for my $i (1 .. 200) {
		my $r = rand();
		if ($r < 0.25) {
			push @side, commit("refs/heads/side", "side $i",
					   @main ? $main[int(rand(@main))] : $m);
		} elsif ($r < 0.35 && @side) {
			$m = commit("refs/heads/master", "Merge branch side $i",
				    $m, $side[int(rand(@side))]);
		} else {
			$m = commit("refs/heads/master", "main $i", $m);
		}
		push @main, $m;
		print "reset refs/tags/r", $i / 20 - 1, "\nfrom :$m\n\n"
			if $i % 20 == 0;
	}' | git fast-import --quiet
git symbolic-ref HEAD refs/heads/master
# Two ranges under the sanitizer (lib.sh's scaled): the same code runs.
RANGES=$(scaled "r4..r9 r1..r8 r2..r5 r0..r6" "r4..r9 r1..r8")
NRUNS=$(($(echo $RANGES | wc -w) * 2))

# answers: for each range, git's count (rev-list --count) against the
# JSON's commits + merges, and git's commits against -T commits.
answers() {
	for r in $RANGES; do
		"$TREEPLOT" -T json "$r" 2>>"$SCRATCH/warn" |
			jq '.commits + .merges'
		git rev-list --count "$r"
		"$TREEPLOT" -T commits "$r" 2>>"$SCRATCH/warn" | cut -f1 | sort |
			git hash-object --stdin
		git rev-list --no-merges "$r" | sort | git hash-object --stdin
	done
}
# same ANSWERS: every pair of lines of answers agrees.
same() { printf '%s\n' "$1" | awk 'NR % 2 { a = $0; next } a != $0 { bad = 1 } END { exit bad }'; }

: >"$SCRATCH/warn"
truth=$(answers)
same "$truth"
ok $? "skewed, no commit-graph: each range is git's (count and commits)"

# graphmod FILE HOW: rewrite a commit-graph file as a buggy writer or a
# hostile hand leaves it, its trailing checksum made right again: a
# chunk zeroed (GDA2: corrected dates' offsets; GDO2: their overflow),
# or every topological level (CDAT) replaced by a scrambled one.
graphmod() {
	chmod u+w "$1"
	perl -MDigest::SHA=sha1 -e '
		my ($f, $how) = @ARGV;
		open my $fh, "<:raw", $f or die; local $/; my $g = <$fh>;
		my ($n, %at) = (ord substr($g, 6, 1));
		for my $k (0 .. $n - 1) {
			my ($id, $hi, $lo) = unpack "a4NN", substr($g, 8 + 12 * $k, 12);
			my (undef, $nhi, $nlo) = unpack "a4NN", substr($g, 20 + 12 * $k, 12);
			$at{$id} = [$hi * 2**32 + $lo, $nhi * 2**32 + $nlo];
		}
		if ($how eq "levels") {
			my ($off, $end) = @{$at{CDAT}};
			for (my ($p, $i) = ($off + 28, 0); $p < $end; $p += 36, $i++) {
				my $low2 = unpack("N", substr($g, $p, 4)) & 3;
				substr($g, $p, 4) = pack "N", (1 + $i * 7919 % 1000) << 2 | $low2;
			}
		} else {
			my ($off, $end) = @{$at{$how} or die "no $how\n"};
			substr($g, $off, $end - $off) = "\0" x ($end - $off);
		}
		substr($g, -20) = sha1(substr($g, 0, -20));
		open $fh, ">:raw", $f or die; print $fh $g;' "$1" "$2"
}
G=.git/objects/info/commit-graph

git commit-graph write --reachable
: >"$SCRATCH/warn"
is "$(answers)" "$truth" "skewed, a good commit-graph (GDA2, GDO2): the same answers"
is "$(cat "$SCRATCH/warn")" "" "a good commit-graph: no warning"

for how in GDA2 GDO2 levels; do
	rm -f $G
	if [ $how = levels ]; then
		git -c commitGraph.generationVersion=1 commit-graph write --reachable
	else
		git commit-graph write --reachable
	fi
	graphmod $G $how
	git commit-graph verify >/dev/null 2>&1
	ok $((! $?)) "$how made to lie: git commit-graph verify rejects the file"
	: >"$SCRATCH/warn"
	is "$(answers)" "$truth" "$how made to lie: each range is still git's"
	# Two runs a range: one warning each, naming a commit.
	is "$(sed 's/commit [0-9a-f]\{40\}/commit X/' "$SCRATCH/warn" | sort -u)" \
	   "treeplot: warning: the commit-graph contradicts itself at commit X (a parent's generation is not below its own): walking without it ('git commit-graph write --reachable' writes a new one)" \
	   "$how made to lie: one warning line a run"
	is "$(wc -l <"$SCRATCH/warn")" $NRUNS "$how made to lie: exactly one line each of $NRUNS runs"
done
rm -f $G
cd "$SCRATCH" || exit 1

# --- reflog revisions, as git reads them ----------------------------------------------

git clone -q skew logged
cd logged || exit 1
git checkout -q -b topic r3
git checkout -q master
git reset -q --hard r8
git reset -q --hard master@{1}
# HEAD's own log now differs from master's: HEAD@{1} is r8, HEAD@{2}
# master before it, HEAD@{3} topic (r3); master@{1} is r8 too, but
# master@{2} is what it was cloned as.
is "$(git rev-parse HEAD@{3})" "$(git rev-parse r3)" "reflog fixture: HEAD@{3} is where topic was checked out"
for f in 'HEAD@{1}' 'HEAD@{2}' 'HEAD@{3}' 'HEAD@{0}' '@{1}' '@{2}' \
	 'master@{2}' '@{-1}' 'HEAD@{3}~2' 'topic@{0}' 'refs/heads/master@{1}'; do
	want=$(git rev-parse --verify -q "$f")
	tp -T json "$f"
	got=$(printf '%s\n' "$OUT" | jq -r .range)
	tp -T commits "$f"
	printf '%s\n' "$OUT" | cut -f1 | sort >"$SCRATCH/got"
	git rev-list --no-merges "$want" | sort >"$SCRATCH/want"
	cmp -s "$SCRATCH/got" "$SCRATCH/want" && [ "$got" = "$f" ]
	ok $? "$f: the commits of git rev-parse's $(git rev-parse --short "$want"), labelled as typed"
done
tp 'HEAD@{9}'
is "$STATUS $ERR" "2 treeplot: bad revision 'HEAD@{9}': reflog for 'HEAD' has only 5 entries, asked for 9" \
   "HEAD@{9}: beyond HEAD's log, said with its length"
git rev-parse -q --verify 'topic@{1}' >/dev/null
ok $((! $?)) "topic@{1}: git has no such entry (the branch's first has no old value)"
tp 'topic@{1}'
is "$STATUS" 2 "topic@{1}: a usage error for treeplot too"
cd "$SCRATCH" || exit 1

# --- outputs: never into the repository ---------------------------------------------

git clone -q skew out
git -C out worktree add -q ../wt r5
git clone -q --shared skew shared
snap() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }
before=$(snap out/.git)
shared_before=$(snap skew/.git)
wtgit=$(cat wt/.git)
ln -s out/.git/config link.txt
ln -s out/.git/objects gitobj
mkdir sub
# refused ARGS: treeplot ARGS exits 2 with one line refusing to write.
refused() {
	tp "$@"
	[ "$STATUS" = 2 ] && [ "$(wc -l <"$SCRATCH/.err")" = 1 ] &&
		case $ERR in "treeplot: refusing to write "*"which treeplot only reads") true ;; *) false ;; esac
}
r=0
for o in out/.git/HEAD out/.git/config sub/../out/.git/packed-refs \
	 link.txt gitobj/x.txt out/.git/worktrees/wt/HEAD wt/.git; do
	refused -C out -T text -o "$o" r5 || { r=1; echo "# -o $o: $STATUS $ERR"; }
done
ok $r "-o into .git however spelled (.., a link to a file or a directory, a worktree's gitdir, its .git file): refused, exit 2, one line"
refused -C wt -T text -o out/.git/HEAD r5
ok $? "-C worktree: its common directory refused too"
refused -C shared -T text -o skew/.git/objects/info/x.txt r5
ok $? "an alternate's object directory: refused"
is "$(snap out/.git)" "$before" "refused outputs: not a byte of the repository changed"
is "$(snap skew/.git)" "$shared_before" "refused outputs: nor of the alternate"
[ -L link.txt ] && [ "$(cat wt/.git)" = "$wtgit" ]
ok $? "refused outputs: the link and the worktree's .git file are as they were"
tp -C out -T text -o out/flow.txt r5
is "$STATUS" 0 "-o into the work tree (not its .git): written"

# --- outputs: any valid name, never one file twice -----------------------------------

long=$(printf 'n%.0s' $(seq 1 251)).txt
tp -C out -o "$long" r5
is "$STATUS:$(wc -c <"$long")" "0:$(wc -c <out/flow.txt)" "a 255-byte name: written"
echo old >"$long"
tp -C out -o "sub/$long" -o "$long" r5
[ "$STATUS" = 0 ] && cmp -s "sub/$long" out/flow.txt && cmp -s "$long" out/flow.txt &&
	[ -z "$(ls -A sub | grep -v "^$long\$")" ] && [ -z "$(ls -d .treeplot-* 2>/dev/null)" ]
ok $? "255-byte names, two, one replacing a file: written, no temporary left"
touch one.txt
ln -s one.txt alias.txt
ln one.txt hard.txt
r=0
for pair in "one.txt ./one.txt" "one.txt alias.txt" "hard.txt one.txt" \
	    "new.txt sub/../new.txt" "sub/x.txt $SCRATCH/sub/x.txt"; do
	set -- $pair
	tp -C out -o "$1" -o "$2" r5
	[ "$STATUS:$ERR" = "2:treeplot: outputs '$1' and '$2' are one file" ] ||
		{ r=1; echo "# $pair: $STATUS $ERR"; }
done
[ ! -e new.txt ] && [ ! -e sub/x.txt ] && [ ! -s one.txt ]
ok $r "one file named twice (./, a link, a hard link, .., absolute): exit 2, nothing written"

# --- invalid UTF-8 from every source, into no output --------------------------------

# A Latin-1 author and committer (the commit says so, as git writes
# i18n.commitEncoding's), invalid bytes in a merge's URL and subject, a
# ref name and a trailer: every format and mode writes valid UTF-8, on
# standard output and standard error.
BAD=$(printf '\377\376')
# valid_utf8 FILE: the file is valid UTF-8.
valid_utf8() {
	perl -MEncode -e 'local $/; my $s = <STDIN>;
		eval { decode("UTF-8", $s, Encode::FB_CROAK); 1 } or exit 1' <"$1"
}
mkdir enc
cd enc || exit 1
repo
L1=$(printf 'Jos\351 M\374ller')
mk e0 "main: 0"
mk e1 "side: 1

Signed-off-by: $L1 <jm@example.org>" e0 2>/dev/null	# (not UTF-8: git says so)
{
	printf 'tree %s\nparent %s\nparent %s\n' "$T_EMPTY_TREE" "$(id e0)" "$(id e1)"
	printf 'author %s <jm@example.org> 1230000000 +0000\n' "$L1"
	printf 'committer %s <jm@example.org> 1230000000 +0000\n' "$L1"
	printf 'encoding ISO-8859-1\n\n'
	printf "Merge branch 'b%s' of git://evil.example/bad%sutf8\n" "$BAD" "$BAD"
} >"$SCRATCH/.raw"
M=$(git hash-object -t commit -w "$SCRATCH/.raw")
git update-ref "refs/heads/bad$(printf '\351')ref" "$M"
git update-ref refs/heads/master "$M"
git symbolic-ref HEAD refs/heads/master
r=0
for args in "-T text" "-T commits" "-T csv" "-T json" "-T dot" "-T svg" \
	    "-T html" "--direct-by committer" "--direct-by signoff -T json" \
	    "--branches -T json" "--trace $(id e1)" "--trace $(id e1) -T json" \
	    "--explain $M" "--compare $(id e0)..master"; do
	"$TREEPLOT" $args "$(id e0)..master" >enc.out 2>enc.err
	valid_utf8 enc.out && valid_utf8 enc.err || { r=1; echo "# $args: invalid UTF-8"; }
	[ -s enc.out ] || { r=1; echo "# $args: no output"; }
done
ok $r "Latin-1 people, invalid bytes in a URL, a subject, a ref name: every format and mode writes valid UTF-8"

cd "$SCRATCH" || exit 1

done_testing
