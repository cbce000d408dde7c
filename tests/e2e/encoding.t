#!/bin/sh
# Commits in old encodings: Latin-1 and Shift-JIS with their "encoding"
# header and without, headers that lie (UTF-8 declared over Latin-1
# bytes, ISO-8859-1 declared over UTF-8 bytes), an encoding iconv does
# not know, bytes invalid in the one declared.  Every output shows what
# git log shows (--format=%s%n%an, on the same commits), escaped where
# git shows bytes that are not UTF-8; none holds invalid UTF-8; and the
# commits not converted are counted on one warning line.
. "$(dirname "$0")/lib.sh"

plan 17
mkdir enc.git && cd enc.git || exit 1
repo bare

# raw NAME ENCODING AUTHOR SUBJECT [PARENT...]: a commit object written
# byte for byte (ENCODING empty: no header); the subject in printf's
# escapes.  Each committer has an address of their own: one address for
# all would make them one person, the keeper of every tree, and join the
# trees that share a last path component.
raw() {
	n=$1 enc=$2 who=$3 subj=$4
	shift 4
	T_DATE=$((T_DATE + 60))
	c=$({
		printf 'tree %s\n' "$T_EMPTY_TREE"
		for p in "$@"; do printf 'parent %s\n' "$(id "$p")"; done
		printf "author $who <a@example.org> $T_DATE +0000\n"
		printf "committer $who <c.$n@example.org> $T_DATE +0000\n"
		[ -z "$enc" ] || printf 'encoding %s\n' "$enc"
		printf "\n$subj\n"
	} | git hash-object -t commit -w --stdin) || exit 1
	printf '%s\t%s\n' "$n" "$c" >>"$T_MAP"
}

URL=git://git.example.org
raw m0 "" "A" "initial"
# Latin-1, declared and not
raw a1 ISO-8859-1 'J\351r\364me L\351v\352que' 'pilote: r\351glage'
raw l1 ISO-8859-1 'M' "Merge branch 'pilote' of $URL/j\351/pilote" m0 a1
raw a2 "" 'J\351r\364me' 'pilote: sans en-t\352te'
raw l2 "" 'M' "Merge branch 'x' of $URL/j\351/nohdr" l1 a2
# Shift-JIS, declared and not: 0x5c ('\') and 0x7b ('{') as second bytes
raw a3 SHIFT_JIS '\223\372\226\173 \221\276\230\131' '\225\134\216\246: \217\103\220\263'
raw s1 SHIFT_JIS 'M' "Merge branch 'hyouji' of $URL/\223\372\226\173/\225\134" l2 a3
raw a4 "" 'S' 'sjis: no header'
raw s2 "" 'M' "Merge branch 'y' of $URL/\223\372\226\173/nohdr" s1 a4
# Lying headers: git converts nothing under UTF-8's name, and converts
# UTF-8 bytes read as Latin-1 into mojibake
raw a5 "" 'L' 'lie: 1'
raw y1 UTF-8 'M' "Merge branch 'z' of $URL/lie/j\351" s2 a5
raw a6 "" 'L' 'lie: 2'
raw y2 ISO-8859-1 'M' "Merge branch 'z' of $URL/mojibake/j\303\251" y1 a6
# Not converted: an unknown encoding, bytes invalid in Shift-JIS; a
# commit read only by the reports that read commits' text (HTML)
raw a7 x-bogus 'B\351' 'bogus: 1'
raw x1 x-bogus 'M' "Merge branch 'w' of $URL/bogus/j\351" y2 a7
raw a8 "" 'I' 'invalid: 1'
raw x2 SHIFT_JIS 'M' "Merge branch 'v' of $URL/invalid/\223\372\377" x1 a8
# An unrecognised merge, in Latin-1
raw a9 "" 'U' 'unknown: 1'
raw u1 ISO-8859-1 'M' "Fusion de la branche 'd\351veloppement'" x2 a9
raw m1 "" 'A' "release" u1
git update-ref refs/heads/master "$(id m1)"
git update-ref refs/tags/v1.0 "$(id m0)"
git symbolic-ref HEAD refs/heads/master

# What git log shows, for the text report (bytes that are not UTF-8
# escaped as \xNN) and for JSON (as U+FFFD).
git_log() { git log -1 --format="$1" "$(id "$2")"; }
as_text() { "$PYTHON" -c 'import sys; sys.stdout.write(sys.stdin.buffer.read().decode("utf-8", "backslashreplace"))'; }
as_json() { "$PYTHON" -c 'import sys; sys.stdout.write(sys.stdin.buffer.read().decode("utf-8", "replace"))'; }
# The tree a merge names: its URL after " of ", without the scheme.
tree_of() { git_log %s "$1" | sed 's|.* of git://||'; }
TREES="l1 l2 s1 s2 y1 y2 x1 x2"

export LC_ALL=C.UTF-8
tp v1.0..master
printf '%s\n' "$OUT" >../report.txt
printf '%s\n' "$ERR" >report.err
got=$(sed -n '/^Flow/,/^$/p' ../report.txt | sed -n 's/^      1    //p' | sort)
want=$(for m in $TREES; do tree_of $m | as_text; done | sort)
is "$got" "$want" "text: each tree named as git log shows its merge's subject"
is "$(grep -c . report.err):$(cat report.err)" \
   "1:treeplot: warning: the text of 4 commits is shown escaped, not converted to UTF-8 (git log shows its bytes as they are): 2 declare 'x-bogus', an encoding iconv does not know; 1 declares 'SHIFT_JIS' but holds bytes invalid in it; 1 declares 'UTF-8' but holds bytes invalid in it" \
   "stderr: one warning line for the commits not converted (a7 read for its committer too)"
grep -q 'jé/pilote$' ../report.txt && grep -q 'git.example.org/日本/表$' ../report.txt &&
	grep -q 'mojibake/jÃ©$' ../report.txt && grep -q 'j\\xe9/nohdr$' ../report.txt
ok $? "text: Latin-1 and Shift-JIS converted, a lie read as git reads it, no header escaped"

tp -o ../report.json -o ../report.csv -o ../report.dot -o ../report.svg \
	-o ../report.tsv v1.0..master
is "$STATUS:$(printf '%s\n' "$ERR" | grep -c .)" 0:1 \
   "five outputs of one run: one warning line"
got=$(jq -r '.trees[].name' ../report.json | sort)
want=$(for m in $TREES; do tree_of $m | as_json; done | sort)
is "$got" "$want" "json: each tree as git log shows it, invalid bytes as U+FFFD"
is "$(jq -r '.trees[] | select(.name | endswith("/pilote")) | .keepers[] | "\(.name) <\(.email)>"' ../report.json)" \
   "$(git log -1 --format='%cn <%ce>' "$(id a1)" | as_json)" \
   "json: a tree's keeper, the committer of the tip it pulled, as git log shows it"
is "$(jq -r '.unrecognised[0].subject' ../report.json)" \
   "$(git_log %s u1 | as_json)" "json: the unrecognised merge's subject as git log shows it"
want=$(for m in $TREES; do tree_of $m | as_text; done | sort)
got=$(sed -n '2,/^$/p' ../report.csv | cut -d, -f1 | grep . | grep -v '^mainline$' | sort)
is "$got" "$want" "csv: the same names, escaped as in the text report"
got=$(cut -f"$PATH_FIELD" ../report.tsv | sort -u | grep -v '^mainline$')
is "$got" "$want" "commits: the same names, escaped as in the text report"
grep -q 'label="git.example.org/日本/表' ../report.dot &&
	grep -q "label=\"git.example.org/j$(printf '\357\277\275')/nohdr" ../report.dot
ok $? "dot: converted names, bytes that are not UTF-8 as U+FFFD"
grep -q '>git.example.org/日本/表<' ../report.svg
ok $? "svg: the converted name drawn"

# The HTML report's data: the commits' authors and subjects as git log
# shows them (the warning counts the commit only the HTML reads too).
tp -T html -o ../report.html v1.0..master
is "$(printf '%s\n' "$ERR" | sed -n 's/.*the text of \([0-9]*\) commits.*/\1/p')" 4 \
   "html: the commit only the report's table reads is counted too"
"$PYTHON" - ../report.html >html.strings <<'EOT'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
for block in re.findall(r'<script type="application/json"[^>]*>(.*?)</script>', page, re.S):
    data = json.loads(block)
    if isinstance(data, dict) and "strings" in data:
        print("\n".join(data["strings"]))
EOT
want=$(for c in a1 a3 a7; do git_log '%an <%ae>' $c | as_json; git_log %s $c | as_json; done)
got=$(for w in $(printf '%s\n' "$want" | tr ' ' '\001'); do
	w=$(printf '%s' "$w" | tr '\001' ' ')
	grep -Fx -- "$w" html.strings || echo "missing: $w"
done)
is "$got" "$want" "html: authors and subjects converted as git log converts them"

# No output holds invalid UTF-8, whatever the commits hold.
bad=
for f in ../report.txt ../report.json ../report.csv ../report.dot ../report.svg \
	 ../report.tsv ../report.html; do
	"$PYTHON" -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' \
		"$f" 2>/dev/null || bad="$bad $f"
done
is "$bad" "" "every output is valid UTF-8"

# --author matches the converted name, as git log --author does.
tp -T commits --author 'Jérôme' v1.0..master
is "$(printf '%s\n' "$OUT" | cut -f1 | sort)" \
   "$(git log --author='Jérôme' --format=%H v1.0..master | sort)" \
   "--author: the converted name matches, the raw Latin-1 one does not, as in git"

# --trace: the commit's subject and its hop's, converted.
tp --trace "$(id a3)" v1.0..master
is "$(printf '%s\n' "$OUT" | sed -n '4,6p' |
      sed 's/[0-9a-f]\{12\}/ID/; s/  [0-9]\{4\}-[0-9-]* [0-9:]* [-+][0-9]*//')" \
   "commit ID  $(git_log %s a3)
  $(tree_of s1) -> mainline
    ID  $(git_log %s s1)" \
   "--trace: the commit's and its merge's subjects as git log shows them"

# A commit without the header is UTF-8 as always: no warning for it.
git update-ref refs/heads/plain "$(id l2)"
tp -q v1.0..plain
is "$STATUS:$ERR" "0:" "no header: escaped, and no warning"
done_testing
