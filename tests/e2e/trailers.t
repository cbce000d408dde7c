#!/bin/bash
# Trailers as git reads them, and what --review makes of them: messages
# committed with git (hostile ones among them) read by commit_trailers
# (test-commitparse trailers) against git log's %(trailers:only,unfold)
# and git interpret-trailers --parse --no-divider, and each commit's
# -T commits fields against what review.h's rules say of it; then a
# trailer block of a million lines (an eighth under the sanitizer):
# git's reading, linear time and bounded memory (git's own folding of
# continuation lines is quadratic: over a minute for a million).
. "$(dirname "$0")/lib.sh"

PARSE="$UNIT/test-commitparse trailers"
ROOT=$(cd "$TESTDIR/../.." && pwd)

plan 23

mkdir fx && cd fx && repo
git config mailmap.file "$SCRATCH/mailmap"
cat >"$SCRATCH/mailmap" <<'EOF'
Rita Reviewer <rita@example.org> <old-rita@example.net>
Ann Author <ann@example.org> <ann-old@example.net>
EOF
AUTHOR="Ann Author <ann@example.org>" COMMITTER="Carl Committer <carl@example.org>"
SOB_A="Signed-off-by: $AUTHOR" SOB_C="Signed-off-by: $COMMITTER"
RITA="Rita Reviewer <rita@example.org>"

# case NAME FIELDS MESSAGE: a commit of MESSAGE by Ann, committed by
# Carl, on the last; FIELDS the six -T commits fields --review must give
# it (reviewed, tested, linked, fix, stable, hand-offs).
prev= n=0
: >"$SCRATCH/want"
case_() {
	local name=$1 fields=$2 c

	printf '%b' "$3" >"$SCRATCH/msg.$name"
	c=$(GIT_AUTHOR_NAME="Ann Author" GIT_AUTHOR_EMAIL=ann@example.org \
	    GIT_COMMITTER_NAME="Carl Committer" \
	    GIT_COMMITTER_EMAIL=carl@example.org \
	    GIT_AUTHOR_DATE="@$((1230000000 + n * 60))" \
	    GIT_COMMITTER_DATE="@$((1230000000 + n * 60))" \
	    git commit-tree "$T_EMPTY_TREE" ${prev:+-p "$prev"} \
		-F "$SCRATCH/msg.$name") || exit 1
	printf '%s\t%s\n' "$name" "$c" >>"$T_MAP"
	printf '%s\t%s\n' "$name" "$(printf '%s' "$fields" | tr ' ' '\t')" \
		>>"$SCRATCH/want"
	prev=$c n=$((n + 1))
}

case_ plain "0 0 0 0 0 0" "plain: no trailers\n"
case_ reviewed "1 0 0 0 0 0" "x: reviewed\n\nBody.\n\n$SOB_A\nReviewed-by: $RITA\n$SOB_C\n"
case_ self "0 0 0 0 0 0" "x: reviewed by its author and committer only\n\n$SOB_A\nReviewed-by: Ann Author <ANN@EXAMPLE.ORG>\nAcked-by: carl committer <carl@elsewhere.example>\n$SOB_C\n"
case_ oddcase "1 1 1 1 1 0" "x: keys in odd case\n\nreviewed-BY: $RITA\ntested-BY: Tom Tester <tom@example.org>\nlink: https://lore.kernel.org/r/1\nFIXES: 0123456789ab (\"x\")\ncc: <Stable@Kernel.org> # 5.10.x\n"
case_ mailmap "1 0 0 0 0 0" "x: an address alone, the mailmap's\n\nReviewed-by: old-rita@example.net\n$SOB_C\n"
case_ mailself "0 0 0 0 0 0" "x: the author's older address\n\nAcked-by: ann-old@example.net\n$SOB_C\n"
case_ notlast "0 0 0 0 0 0" "x: trailers in a paragraph not the last\n\nReviewed-by: $RITA\nCc: stable@vger.kernel.org\n\nThe lines above are quoted.\n"
case_ twice "0 0 0 0 0 2" "x: a sign-off twice\n\n$SOB_A\nSigned-off-by: Mid One <mid1@example.org>\nSigned-off-by: Mid One <mid1@example.org>\nSigned-off-by: MID ONE <mid1@other.example>\nSigned-off-by: Mid Two <mid2@example.org>\n$SOB_C\n"
case_ again "0 0 0 0 0 0" "x: the author signs again\n\n$SOB_A\nSigned-off-by: Mid One <mid1@example.org>\n$SOB_A\n$SOB_C\n"
case_ nosob "0 0 0 0 0 2" "x: neither the author nor the committer signed off\n\nSigned-off-by: Mid One <mid1@example.org>\nSigned-off-by: Mid Two <mid2@example.org>\n"
case_ note "1 0 0 0 0 1" "x: a note between the sign-offs\n\n$SOB_A\nSigned-off-by: Mid One <mid1@example.org>\n[ carl: fixed the subject ]\nReviewed-by: $RITA\n$SOB_C\n"
case_ quarter "0 0 0 0 0 0" "x: no line git writes, one not a trailer\n\nReviewed-by: $RITA\nnot a trailer at all\nTested-by: Tom Tester <tom@example.org>\n"
case_ folded "1 0 1 0 0 0" "x: folded lines\n\nReviewed-by: Rita Reviewer\n  <rita@example.org>\nLink: https://lore.kernel.org/r/2\n  (folded)\n$SOB_C\n"
case_ cherry "0 0 0 1 0 0" "x: cherry-picked\n\nFixes: 0123456789ab (\"x\")\n(cherry picked from commit 1111111111111111111111111111111111111111)\n"
case_ msgid "0 0 1 0 0 0" "x: a Message-ID, an empty Link\n\nLink:\nMessage-ID: <abc@example.org>\n"
case_ emptylink "0 0 0 0 0 0" "x: an empty Link only\n\nLink:   \n$SOB_C\n"
case_ cc "0 0 0 0 0 0" "x: Cc's that are not stable's\n\nCc: stablemaint@example.org\nCc: linux-stable <linux@example.org>\nCc: stable\n"
case_ ccstable "0 0 0 0 1 0" "x: Cc stable by name\n\nCc: Stable Team <stable@kernel.org>\n"
case_ hostile "1 0 0 0 0 0" "x: hostile reviewers\n\nReviewed-by: Mal\\tlory \\033[31m&\"'/ <mal@example.org>\nReviewed-by: <img src=x onerror=\"pwned=1\"\n"
case_ scissors "1 0 0 0 0 0" "x: a scissors line\n\nReviewed-by: $RITA\n# ------------------------ >8 ------------------------\nSigned-off-by: Mid One <mid1@example.org>\n"
case_ leading "1 0 0 0 0 0" "\n\nx: blank lines first\n\nReviewed-by: $RITA\n"
case_ crlf "1 0 0 0 0 0" "x: CR LF lines\r\n\r\nReviewed-by: $RITA\r\n"
case_ comments "1 0 0 0 0 1" "x: comments and a Conflicts block\n\n$SOB_A\n# a comment\nSigned-off-by: Mid One <mid1@example.org>\nReviewed-by: $RITA\n\nConflicts:\n\tfile.c\n# trailing\n"
git update-ref refs/heads/master "$prev"
# A Latin-1 message, as git log converts it.
git config i18n.commitEncoding ISO-8859-1
printf 'x: Latin-1\n\nReviewed-by: J\351r\364me <jerome@example.org>\n' >"$SCRATCH/msg.latin1"
GIT_AUTHOR_NAME="Ann Author" GIT_AUTHOR_EMAIL=ann@example.org \
	GIT_COMMITTER_NAME="Carl Committer" GIT_COMMITTER_EMAIL=carl@example.org \
	git commit-tree "$T_EMPTY_TREE" -p "$prev" -F "$SCRATCH/msg.latin1" >"$SCRATCH/latin1" &&
	git update-ref refs/heads/master "$(cat "$SCRATCH/latin1")"
ok $? "fixture: $((n + 1)) commits made with git commit-tree"
printf 'latin1\t%s\n' "$(cat "$SCRATCH/latin1")" >>"$T_MAP"
printf 'latin1\t1\t0\t0\t0\t0\t0\n' >>"$SCRATCH/want"

# Each commit's trailers: git's two readings, and ours.
bad_log= bad_it=
for c in $(git rev-list master); do
	git cat-file commit "$c" | sed '1,/^$/d' >"$SCRATCH/m"
	$PARSE <"$SCRATCH/m" >"$SCRATCH/ours"
	git log -1 --format='%(trailers:only,unfold)' "$c" | sed '/^$/d' >"$SCRATCH/log"
	cmp -s "$SCRATCH/ours" "$SCRATCH/log" || bad_log="$bad_log $c"
	# interpret-trailers reads the bytes as they are (no encoding)
	# and from the very first line (git log from the subject).
	[ "$c" = "$(cat "$SCRATCH/latin1")" ] || [ "$c" = "$(id leading)" ] ||
		git interpret-trailers --parse --no-divider <"$SCRATCH/m" |
		cmp -s "$SCRATCH/ours" - || bad_it="$bad_it $c"
done
is "$(printf '%s\n' $bad_log | names)" "" \
   "every commit's trailers as git log's %(trailers:only,unfold) reads them"
is "$(printf '%s\n' $bad_it | names)" "" \
   "... and as git interpret-trailers --parse --no-divider does"
git log -1 --format='%(trailers:only,unfold)' "$(id hostile)" | grep -q "$(printf '\033')"
ok $? "(the hostile reviewer holds an escape byte, as written)"

# What --review says of each commit: reviewed, tested, linked, fix,
# stable, hand-offs (fields 7 to 12).
tp -T commits --review master
is "$STATUS:$ERR" "0:" "-T commits --review: exit status 0, nothing on stderr"
is "$(printf '%s\n' "$OUT" | names | cut -f1,7-12 | sort)" "$(sort "$SCRATCH/want")" \
   "-T commits: each commit's six fields, as the rules say"
is "$(python3 "$TESTDIR/review-truth.py" git "$PWD/.git" master | names | sort)" \
   "$(sort "$SCRATCH/want")" \
   "... and as git's own reading of each commit says (%(trailers), %aN, %cN, check-mailmap)"

tp -T json --review master
printf '%s\n' "$OUT" >"$SCRATCH/fx.json"
is "$(jq -c '.review | [.commits, .reviewed, .tested, .linked, .fixes, .stable, .handoffs_median]' "$SCRATCH/fx.json")" \
   "[24,11,1,3,2,2,0]" "JSON: the range's counts"
is "$(jq -r '.review.reviewers[] | "\(.commits) \(.name)"' "$SCRATCH/fx.json")" \
"9 Rita Reviewer <rita@example.org>
1 <img src=x onerror=\"pwned=1\"
1 Jérôme <jerome@example.org>
1 Mal	lory $(printf '\033')[31m&\"'/ <mal@example.org>" \
   "JSON: the reviewers, the mailmapped address Rita's, the Latin-1 name converted, hostile names as written"
"$PYTHON" -c '
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
' "$SCRATCH/fx.json" "$ROOT/docs/treeplot.schema.json"
ok $? "JSON: valid against the schema"

tp --review master
printf '%s\n' "$OUT" | sed -n '/^Review, /,$p' >"$SCRATCH/fx.txt"
grep -q "$(printf '\033')" "$SCRATCH/fx.txt"
ok $((!$?)) "text: no escape byte written"
grep -qF 'Mal\tlory \x1b[31m&"'"'"'/ <mal@example.org>' "$SCRATCH/fx.txt"
ok $? "text: the hostile reviewer escaped, as subjects are"

tp -T dot --review master
printf '%s\n' "$OUT" >"$SCRATCH/fx.dot"
printf '%s\n' "$OUT" | grep -q "$(printf '\033')"
ok $((!$?)) "dot: no escape byte in the chart"
sed -e ':a' -e '/\\$/{N; s/\\\n//; ba' -e '}' "$SCRATCH/fx.dot" |
	grep -qF 'reviewers: Rita Reviewer <rita@example.org> (9), <img src=x onerror=\"pwned=1\" (1), Jérôme'
ok $? "dot: the mainline's tooltip lists the reviewers, quoted"
tp -T svg --review master
printf '%s\n' "$OUT" | xmllint --noout - 2>/dev/null &&
	printf '%s\n' "$OUT" | grep -qF '&lt;img src=x onerror=&quot;pwned=1&quot; (1)'
ok $? "svg: well-formed, the tooltip's names escaped"

tp -T html --review master
printf '%s\n' "$OUT" >"$SCRATCH/fx.html"
"$PYTHON" "$ROOT/tests/html_driver.py" open:"$SCRATCH/fx.html" inert page \
	>"$SCRATCH/b.out" 2>"$SCRATCH/b.err"
sed 's/^/# /' "$SCRATCH/b.err" | tail -n 3
is "$(grep -E '^(img|onattr|pwned)	' "$SCRATCH/b.out" | sort | tr '\t' ' ' | paste -sd ' ')" \
   "img 0 onattr 0 pwned undefined,undefined" "html: the hostile names run nothing"
grep -qxF 'text	<img src=x onerror="pwned=1": 1 commit' "$SCRATCH/b.out"
ok $? "html: the mainline's panel lists them as text"

# --- a million lines ------------------------------------------------------------

cd "$SCRATCH" || exit 1
# cpu CMD...: run CMD; $CPU its user+system seconds (rounded up), $RSS
# its peak resident size in KB.
cpu() {
	/usr/bin/time -f '%U %S %M' -o "$SCRATCH/time" "$@"
	local s=$?
	read -r u sy RSS <"$SCRATCH/time"
	CPU=$(echo "$u $sy" | awk '{ printf "%d", $1 + $2 + 0.999 }')
	return $s
}
N=$(scaled 500000 62500)
cat >big.pl <<'EOF'
my $N = shift;
my $who = "author A <a\@example.org> 1230000000 +0000\n" .
	  "committer C <c\@example.org> 1230000000 +0000\n";
sub commit {
	my ($mark, $msg, $from) = @_;
	print "commit refs/heads/master\nmark :$mark\n$who", "data ",
	      length($msg), "\n$msg\n";
	print "from :$from\n" if $from;
	print "\n";
}
commit(1, "root\n");
my $m = "big: a million trailers\n\nbody\n\n";
$m .= "Reviewed-by: P$_ <p$_\@example.org>\n" for 1 .. $N;
$m .= "Signed-off-by: S$_ <s$_\@example.org>\n" for 1 .. $N;
$m .= "Signed-off-by: C <c\@example.org>\n";
commit(2, $m, 1);
my $f = "folded: one trailer of a million lines\n\nbody\n\nReviewed-by: X\n" .
	(" <x\@example.org>\n" x (2 * $N)) . "Signed-off-by: C <c\@example.org>\n";
commit(3, $f, 2);
print "done\n";
EOF
git init -q --bare big.git && perl big.pl "$N" | git -C big.git fast-import --quiet --done &&
	git -C big.git symbolic-ref HEAD refs/heads/master
ok $? "a trailer block of $N Reviewed-by and $N Signed-off-by lines, one Reviewed-by folded over $((2 * N)) lines"
size=$(git -C big.git cat-file -s master~1)
git -C big.git cat-file commit master~1 | sed '1,/^$/d' >big.msg
$PARSE <big.msg | cmp -s - <(git interpret-trailers --parse --no-divider <big.msg)
ok $? "the $((2 * N + 1)) trailers as git interpret-trailers reads them"
cpu "$TREEPLOT" -C big.git --review -T commits master >big.tsv
is "$?" 0 "--review: exit status 0"
is "$(cut -f7-12 big.tsv | sort)" "0	0	0	0	0	0
1	0	0	0	0	0
1	0	0	0	0	$N" "-T commits: reviewed, the $N people between the author and the committer counted"
[ "$CPU" -lt 60 ]
ok $? "linear time: $CPU s of CPU for $((4 * N)) lines of trailers"
if [ -n "${TREEPLOT_TEST_SANITIZER:-}" ]; then
	ok 0 "# SKIP the sanitizer's memory is its own"
else
	[ "$RSS" -lt $((size / 1024 * 10 + 102400)) ]
	ok $? "bounded memory: $RSS KB peak for a message of $((size / 1024)) KB (under ten times it)"
fi

done_testing
