#!/bin/sh
# Issue 27, reliability round three (i): reflog revisions read as git
# reads them.
# (untrusted.t holds the repository's files, environment and maps.)
. "$(dirname "$0")/lib.sh"

plan 15

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

done_testing
