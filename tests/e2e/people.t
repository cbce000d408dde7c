#!/bin/bash
# --people on a history built with git: self-commits (the author is the
# committer, after the .mailmap, by address ignoring case or by name),
# those with no third person's review, committers and the fewest holding
# half, per tree, depth and range; the tagged pulls of the first-parent
# line (hand-written mergetag headers: git writes one only from a real
# signed tag), their waits, a negative one, an undated tag, an untagged
# pull and a late tag.  Every figure against the construction's truth
# and against git's own reading (git log's mailmapped %aN %aE %cN %cE,
# git check-mailmap, git cat-file commit for the mergetag).
. "$(dirname "$0")/lib.sh"

plan 38

D=1700000000
LF='
'
K=git://git.kernel.org/pub/scm/linux/kernel/git

# c NAME DATE "AUTHOR <MAIL>" "COMMITTER <MAIL>" MESSAGE PARENT...
c() {
	local name=$1 date=$2 au=$3 co=$4 msg=$5
	shift 5
	set -- $(for p in "$@"; do printf -- '-p %s ' "$(id "$p")"; done)
	printf '%s\n' "$msg" >"$SCRATCH/.msg"
	h=$(GIT_AUTHOR_NAME=${au% <*} GIT_AUTHOR_EMAIL=$(echo "$au" | sed 's/.*<\(.*\)>/\1/') \
	    GIT_COMMITTER_NAME=${co% <*} GIT_COMMITTER_EMAIL=$(echo "$co" | sed 's/.*<\(.*\)>/\1/') \
	    GIT_AUTHOR_DATE="@$date" GIT_COMMITTER_DATE="@$date" \
	    git commit-tree "$T_EMPTY_TREE" "$@" -F "$SCRATCH/.msg") || exit 1
	printf '%s\t%s\n' "$name" "$h" >>"$T_MAP"
}

# tagmerge NAME DATE SUBJECT TAGGER-DATE|none|'' PARENT...: a merge by
# Linus; with a tagger date (or none: a tag without a tagger) its
# mergetag header, as git writes it; '' none.
tagmerge() {
	local name=$1 date=$2 subject=$3 tagged=$4
	shift 4
	{
		echo "tree $T_EMPTY_TREE"
		for p in "$@"; do echo "parent $(id "$p")"; done
		echo "author Linus Torvalds <torvalds@example.org> $date +0000"
		echo "committer Linus Torvalds <torvalds@example.org> $date +0000"
		if [ -n "$tagged" ]; then
			echo "mergetag object $(id "$2")"
			echo " type commit"
			echo " tag for-linus"
			[ "$tagged" = none ] ||
				echo " tagger Maintainer <m@example.org> $tagged -0700"
			echo " "
			echo " Please pull."
			echo " -----BEGIN PGP SIGNATURE-----"
			echo " iQEzBAABCAAdFiEEFAKE"
			echo " -----END PGP SIGNATURE-----"
		fi
		echo
		echo "$subject"
	} >"$SCRATCH/.commit"
	h=$(git hash-object -t commit -w "$SCRATCH/.commit") || exit 1
	printf '%s\t%s\n' "$name" "$h" >>"$T_MAP"
}

L='Linus Torvalds <torvalds@example.org>'
DAVE='Dave <davem@example.org>'
repo
printf '%s\n' 'Dave <davem@example.org> <dave@old.example.org>' >"$SCRATCH/mailmap"
git config mailmap.file "$SCRATCH/mailmap"
c m0 $D "$L" "$L" "initial"
c m1 $((D + 100)) "$L" "$L" "mainline: 1" m0
# net: Dave commits five (one with his address in capitals), Bob one.
c n1 $((D + 200)) "$DAVE" "$DAVE" "net: 1" m1
c n2 $((D + 300)) 'Alice <alice@example.org>' "$DAVE" "net: 2" n1
c n3 $((D + 400)) "$DAVE" "$DAVE" "net: 3${LF}${LF}Reviewed-by: Eve <eve@example.org>" n2
c n4 $((D + 500)) 'Dave M <dave@old.example.org>' "$DAVE" "net: 4 (mailmapped)" n3
c n5 $((D + 600)) 'Dave <d@other.example.org>' 'Dave <DAVEM@example.org>' \
	"net: 5 (by name)${LF}${LF}Reviewed-by: Dave <davem@example.org>" n4
c n6 $((D + 700)) 'Bob <bob@example.org>' 'Bob <bob@example.org>' \
	"net: 6${LF}${LF}Acked-by: Carol <carol@example.org>" n5
tagmerge mm1 $((D + 4000)) "Merge tag 'net-next' of $K/davem/net" $((D + 50)) m1 n6
# sound: two committers of two commits each, one of one.
c s1 $((D + 800)) 'Jaroslav <perex@example.org>' 'Takashi <tiwai@example.org>' "sound: 1" m1
c s2 $((D + 900)) 'Jaroslav <perex@example.org>' 'Takashi <tiwai@example.org>' "sound: 2" s1
c s3 $((D + 1000)) 'Jaroslav <perex@example.org>' 'Jaroslav <perex@example.org>' "sound: 3" s2
c s4 $((D + 1100)) 'Jaroslav <perex@example.org>' 'Jaroslav <perex@example.org>' "sound: 4" s3
c s5 $((D + 1200)) 'X <x@example.org>' 'Mark <broonie@example.org>' "sound: 5" s4
# Tagged after its merge (clocks lie) and after the window opened.
tagmerge mm2 $((D + 5000)) "Merge tag 'sound-6.1' of $K/tiwai/sound" $((D + 9000)) mm1 s5
c n7 $((D + 1300)) "$DAVE" "$DAVE" "net: 7" n6
tagmerge mm3 $((D + 6000)) "Merge branch 'master' of $K/davem/net" '' mm2 n7
c u1 $((D + 1400)) 'Greg <gregkh@example.org>' 'Greg <gregkh@example.org>' "usb: 1" m1
tagmerge mm4 $((D + 7000)) "Merge tag 'usb-6.1' of $K/gregkh/usb" none mm3 u1
c m2 $((D + 7100)) "$L" "$L" "mainline: 2" mm4
ref refs/heads/master m2
ref refs/tags/v1 m1
git symbolic-ref HEAD refs/heads/master
git fsck --no-dangling >/dev/null 2>&1
ok $? "fixture: the hand-written merges are valid commits"

# git's own reading: the .mailmap as git applies it.
is "$(git check-mailmap 'Dave M <dave@old.example.org>')" "$DAVE" \
   "git check-mailmap: the old address is Dave's"

tp -T json --people v1..master
is "$STATUS" 0 "--people: exit status 0"
printf '%s\n' "$OUT" >"$SCRATCH/p.json"
J() { jq -c "$1" "$SCRATCH/p.json"; }

# The truth of the construction.
is "$(J '.people_figures | [.commits, .self, .self_unreviewed, .committers, .committers_for_half]')" \
   '[14,10,8,7,2]' "range: commits, self, self unreviewed, committers, for half"
is "$(J '[.trees[] | select(.name != "mainline") | [.name, .people_figures.commits, .people_figures.self, .people_figures.self_unreviewed, .people_figures.committers, .people_figures.committers_for_half]]')" \
   '[["davem/net",7,6,4,2,1],["tiwai/sound",5,2,2,3,2],["gregkh/usb",1,1,1,1,1]]' \
   "per tree: commits, self, self unreviewed, committers, for half"
is "$(J '.people_figures.top_committers')" \
   '[{"name":"Dave <davem@example.org>","commits":6},{"name":"Jaroslav <perex@example.org>","commits":2},{"name":"Takashi <tiwai@example.org>","commits":2},{"name":"Bob <bob@example.org>","commits":1},{"name":"Greg <gregkh@example.org>","commits":1}]' \
   "range: the top committers, the most first, then by name; Dave in capitals is Dave"
is "$(J '.people_by_depth | map([.depth, .people_figures.commits, .people_figures.self, .people_figures.committers])')" \
   '[[0,1,1,1],[1,13,9,6]]' "per depth: commits, self, committers"

# Against git: self-commits, unreviewed ones and committers from git
# log's mailmapped identities, the review from its trailers.
git log --no-merges --format='%aN%x09%aE%x09%cN%x09%cE%x09%(trailers:key=Reviewed-by,key=Acked-by,valueonly,separator=%x2C)' \
	v1..master >"$SCRATCH/log"
is "$(awk -F'\t' '{ if (tolower($2) == tolower($4) || $1 == $3) n++ } END { print n }' "$SCRATCH/log")" \
   "$(J '.people_figures.self')" "self: as git log's mailmapped author and committer say"
is "$(awk -F'\t' 'tolower($2) == tolower($4) || $1 == $3 {
	r = 0; n = split($5, v, ",")
	for (i = 1; i <= n; i++) { m = v[i]; sub(/.*</, "", m); sub(/>.*/, "", m)
		if (tolower(m) != tolower($2) && tolower(m) != tolower($4)) r = 1 }
	if (!r) u++ } END { print u }' "$SCRATCH/log")" \
   "$(J '.people_figures.self_unreviewed')" "self unreviewed: as git's trailers say"
is "$(cut -f4 "$SCRATCH/log" | tr 'A-Z' 'a-z' | sort -u | wc -l | tr -d ' ')" \
   "$(J '.people_figures.committers')" "committers: git log's distinct %cE, ignoring case"

# The tags: waits against git cat-file's mergetag and committer dates.
wait_of() {
	git cat-file commit "$(id "$1")" |
	awk '/^committer / { c = $(NF - 1) } /^ tagger / { t = $(NF - 1) }
	     END { print c - t }'
}
is "$(wait_of mm1) $(wait_of mm2)" "3950 -4000" \
   "git cat-file: the waits are 3950 s and -4000 s (tagged after the merge)"
is "$(J '.people_figures | [.tagged_pulls, .untagged_pulls, .undated_tags, .late_tags, .tag_wait_median]')" \
   "[3,1,1,1,$(wait_of mm2)]" \
   "range: tagged, untagged, undated, late; the lower median wait, negative, not wrapped"
# --timeline's chart marks when each dated tag was made: a tick on its
# tree's row (mm1's and mm2's; mm4's tag has no tagger, mm3 none).
"$TREEPLOT" -q --timeline -o "$SCRATCH/tl.svg" v1..master
"$PYTHON" - "$SCRATCH/tl.svg" <<'EOT' >"$SCRATCH/ticks.txt"
import re, sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
n = 0
for p in ET.parse(sys.argv[1]).iter(NS + "path"):
    v = [float(x) for x in re.findall(r"-?[0-9.]+", p.get("d") or "")]
    if (p.get("style") or "").find("stroke-width:1.4") >= 0 or p.get("stroke-width") == "1.4":
        if len(v) == 4 and abs(v[0] - v[2]) < 0.01 and abs(abs(v[1] - v[3]) - 13.44) < 0.05:
            n += 1
print(n)
EOT
is "$(cat "$SCRATCH/ticks.txt")" 2 "--timeline: a tick for each tag with a tagger date"
"$PYTHON" "$TESTDIR/svgtext.py" texts "$SCRATCH/tl.svg" |
	grep -q "^a tick on a row: when the pull's tag was made (its tagger date); "
ok $? "--timeline: the note says what a tick is"
is "$(J '[.trees[] | select(.name != "mainline") | [.name, .people_figures.tagged_pulls, .people_figures.untagged_pulls, .people_figures.late_tags, .people_figures.tag_wait_median]]')" \
   "[[\"davem/net\",1,1,0,$(wait_of mm1)],[\"tiwai/sound\",1,0,1,$(wait_of mm2)],[\"gregkh/usb\",1,0,0,null]]" \
   "per tree: tagged, untagged, late (sound's first tag after v1), median wait (none undated)"
# Newcomers: authors none of whose address or name wrote a commit
# before v1 (Linus did: m2 is not his first), numbered by address (Dave
# by another address is another newcomer), each with the tree of its
# oldest commit; and as git log's mailmapped authors say.
is "$(J '[.people_figures.newcomers, [.trees[] | [.name, .people_figures.newcomers]], [.people_newcomers[] | .tree]]')" \
   '[7,[["davem/net",4],["tiwai/sound",2],["gregkh/usb",1]],["davem/net","davem/net","davem/net","davem/net","gregkh/usb","tiwai/sound","tiwai/sound"]]' \
   "newcomers: over the range, per tree, the tree that brought each"
git log --no-merges --format='%aE%x09%aN' v1 | tr 'A-Z' 'a-z' >"$SCRATCH/before"
is "$(git log --no-merges --format='%aE%x09%aN' v1..master | tr 'A-Z' 'a-z' |
	awk -F'\t' 'NR == FNR { m[$1]; n[$2]; next }
	     !($1 in m) && !($2 in n) && !($1 in seen) { seen[$1]; k++ }
	     END { print k }' "$SCRATCH/before" -)" "$(J '.people_figures.newcomers')" \
   "newcomers: as git log's mailmapped authors before and in the range say"

# The text section.
tp --people v1..master
is "$(printf '%s\n' "$OUT" | sed -n '/^People/,/^$/p' | grep -E ' (all commits|davem/net|tiwai/sound|median|tag wait|depth 1)$')" \
"               self-committed   committers                         pulls     median
  commits   share   all unrev    all  half    new  tagged untagged  late   tag wait
       14   71.4%    10     8      7     2      7       3        1     1      -1.1h  all commits
       13   69.2%     9     7      6     2                                           depth 1
        7   85.7%     6     4      2     1      4       1        1     0       1.1h  davem/net
        5   40.0%     2     2      3     2      2       1        0     1      -1.1h  tiwai/sound" \
   "text: per tree, the self-committed share, counts, newcomers, the median wait in hours, under two lines of headings (a group's over its columns)"
is "$(printf '%s\n' "$OUT" | sed -n '/^  Newcomers/,/^  1 tag/p' | sed '1d;$d')" \
"  Alice <alice@example.org>  (davem/net)
  Bob <bob@example.org>  (davem/net)
  Dave <d@other.example.org>  (davem/net)
  Dave <davem@example.org>  (davem/net)
  Greg <gregkh@example.org>  (gregkh/usb)
  Jaroslav <perex@example.org>  (tiwai/sound)
  X <x@example.org>  (tiwai/sound)" "text: the newcomers, by name, and the tree that brought each"
printf '%s\n' "$OUT" | grep -qx '  1 tag without a tagger date'
ok $? "text: the undated tag said"

# The chart: each tooltip's figures (DOT's continuation lines joined).
tp -T dot --people v1..master
is "$(printf '%s\n' "$OUT" | sed -e ':a' -e '/\\$/{N; s/\\\n//; ba' -e '}' |
	grep -o 'people: [^"]*' | sed 's/\\n.*//')" \
"people: 71.4% self-committed (8 unreviewed), 7 committers, 2 holding half, 7 newcomers; 3 of 4 pulls tagged, median wait -1.1h
people: 85.7% self-committed (4 unreviewed), 2 committers, 1 holding half, 4 newcomers; 1 of 2 pulls tagged, median wait 1.1h
people: 100.0% self-committed (1 unreviewed), 1 committer, 1 holding half, 1 newcomer; 1 of 1 pull tagged
people: 40.0% self-committed (2 unreviewed), 3 committers, 2 holding half, 2 newcomers; 1 of 1 pull tagged, median wait -1.1h" \
   "dot: the tooltips, the mainline's and each tree's"

# CSV: the typed figures as columns of the trees table.
tp -T csv --people v1..master
is "$(printf '%s\n' "$OUT" | head -1 | tr ',' '\n' | grep -cE '^(self|self_unreviewed|committers|committers_for_half|newcomers|tagged_pulls|untagged_pulls|late_tags|tag_wait_median)$')" \
   9 "csv: the nine columns"
is "$(printf '%s\n' "$OUT" | grep '^mainline,' | cut -d, -f11-)" \
   "10,8,7,2,7,3,1,1,$(wait_of mm2)" "csv: the mainline's row holds the range's figures"

# Nothing without --people; the schema holds the new members.
tp -T json v1..master
is "$(printf '%s\n' "$OUT" | jq -c '[has("people_figures"), (.trees[0] | has("people_figures"))]')" \
   '[false,false]' "json: nothing about people without --people"
schema_ok "json: --people validates against the schema" "$SCRATCH/p.json"

# --compare: the self-committed share and the median tag wait per range.
ref refs/tags/v2 mm2
tp -T json --people --compare v1..v2 v2..master
is "$(printf '%s\n' "$OUT" | jq -c '[.ranges[] | .people_figures | [.self, .commits, .tag_wait_median]]')" \
   '[[7,11,-4000],[3,3,null]]' "--compare: per range, self, commits, the median wait"
printf '%s\n' "$OUT" >"$SCRATCH/c.json"
schema_ok "json: --compare --people validates against the schema" "$SCRATCH/c.json"

# Hostile: a tagger dated 1970 and one in 2100, counted as they are.
c x1 $((D + 7200)) "$L" "$L" "x: 1" m2
c y1 $((D + 7300)) "$L" "$L" "y: 1" m2
tagmerge mm5 $((D + 8000)) "Merge tag 'x' of $K/a/x" 0 m2 x1
tagmerge mm6 $((D + 8100)) "Merge tag 'y' of $K/b/y" 4102444800 mm5 y1
ref refs/heads/master mm6
tp -T json --people "$(id m2)..master"
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | select(.name != "mainline") | [.name, .people_figures.tag_wait_median, .people_figures.late_tags]]')" \
   "[[\"a/x\",$((D + 8000)),0],[\"b/y\",$((D + 8100 - 4102444800)),1]]" \
   "a 1970 tag waits decades, a 2100 one is late and waits minus decades"

# --- a generated history: genhist --people, the mergetags written -------

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist
TRUTH="$PYTHON $TESTDIR/people-truth.py"
"$GENHIST" --commits 2000 --seed 3 >"$SCRATCH/s1"
"$GENHIST" --commits 2000 --seed 3 --people "$SCRATCH/p2" >"$SCRATCH/s2"
shape() { grep -avE '^(data |[^a-z]|$)' "$1" | grep -aE '^(commit|mark|from|merge|reset|tag) '; }
cmp -s <(shape "$SCRATCH/s1") <(shape "$SCRATCH/s2") && ! cmp -s "$SCRATCH/s1" "$SCRATCH/s2"
ok $? "genhist --people: the same commits, parents and tags; other people"
is "$(awk -F '\t' '$2 == "c" { n++; s += $4; r += $5; c[$3]++ }
	$2 == "t" { t++ } $2 == "u" { u++ }
	END { print (s > n / 5 && s < n / 3), (r > n / 4), (t > 10), (u > t),
	      (length(c) > 100) }' "$SCRATCH/p2")" "1 1 1 1 1" \
   "genhist --people: a quarter self-commits, reviews, tagged and untagged pulls, co-maintainers"

d=$SCRATCH/h
"$ROOT/tools/mkrepo.sh" "$d" --commits 3000 --trees 25 --seed 11 \
	--people "$SCRATCH/people" --trailers "$SCRATCH/trailers" \
	--mailmap "$SCRATCH/mailmap" --mailmap-tree >"$SCRATCH/mkrepo.log" 2>&1 &&
	$PYTHON "$ROOT/tools/mergetags.py" "$d/repo.git" "$d/marks" \
		"$SCRATCH/people" "$d/map" &&
	git --git-dir="$d/repo.git" fsck --no-dangling >/dev/null 2>&1
ok $? "generated, imported, the mergetags written (git fsck)"
G=$d/repo.git

# Against git: each tagged pull's mergetag as git cat-file shows it.
awk -F '\t' '$2 == "t" { print $1 "\t" $3 }' "$SCRATCH/people" | sort >"$SCRATCH/tagged"
bad=0 neg=0
while IFS="$(printf '\t')" read -r m want; do
	old=$(awk -v m="$m" '$1 == m { print $2 }' "$d/marks")
	id=$(awk -v o="$old" '$1 == o { print $2 }' "$d/map")
	git --git-dir="$G" cat-file commit "$id" >"$SCRATCH/obj"
	got=$(sed -n 's/^ tagger .* \([0-9-]*\) [-+][0-9]*$/\1/p' "$SCRATCH/obj")
	ct=$(sed -n 's/^committer .* \([0-9]*\) [-+][0-9]*$/\1/p' "$SCRATCH/obj")
	[ "$got" = "$want" ] || bad=$((bad + 1))
	[ $((ct - got)) -lt 0 ] && neg=$((neg + 1))
done <"$SCRATCH/tagged"
is "$bad $((neg > 0))" "0 1" \
   "git cat-file: every tagged pull's tagger date is the truth's; some tags are dated after their merge"

for r in v1.3..v1.5 master; do
	$TRUTH "$G" "$r" "$d/marks" "$SCRATCH/people" "$d/expected.tsv" \
		"$d/map" >"$SCRATCH/truth" &&
	"$TREEPLOT" -C "$G" --people -T json "$r" >"$SCRATCH/out.json"
	ok $? "$r: the truth computed, -T json"
	is "$($TRUTH figures-of "$SCRATCH/out.json")" "$(cat "$SCRATCH/truth")" \
	   "$r: over the range, per depth, per tree: self, unreviewed, committers, for half, top counts; tagged, untagged, late, median wait"
done
$TRUTH "$G" v1.3..v1.5 "$d/marks" "$SCRATCH/people" "$d/expected.tsv" \
	"$d/map" | grep '^all pulls \[[1-9][0-9]*, [1-9][0-9]*, [1-9][0-9]*, ' >/dev/null
ok $? "v1.3..v1.5: tagged, untagged and late pulls are all there to count"

"$TREEPLOT" -q -j 1 -C "$G" --people -T json master >"$SCRATCH/j1.json" &&
	"$TREEPLOT" -q -j 4 -C "$G" --people -T json master >"$SCRATCH/j4.json" &&
	cmp -s "$SCRATCH/j1.json" "$SCRATCH/j4.json"
ok $? "the same on 1 and 4 threads"

done_testing
