#!/bin/bash
# --check on hostile messages: one result each, escaped in every output,
# in time linear in what the messages hold.  A million Fixes lines of
# one short id and a million naming none, quotes inside quotes, control
# bytes in a quoted subject, ids of a tag, a tree and a blob, a target
# whose subject is a megabyte (quoted whole, cut, and wrong), an author
# whose name holds GitHub's special characters.
. "$(dirname "$0")/lib.sh"

plan 10

repo
# mkf NAME PARENT: make commit NAME, its message on stdin (a message
# longer than an argument may be).
mkf() {
	T_DATE=$((T_DATE + 60))
	cat >"$SCRATCH/.msg"
	c=$(GIT_AUTHOR_DATE="@$T_DATE" GIT_COMMITTER_DATE="@$T_DATE" \
	    git commit-tree "$T_EMPTY_TREE" -p "$(id "$2")" -F "$SCRATCH/.msg") || exit 1
	printf '%s\t%s\n' "$1" "$c" >>"$T_MAP"
}
mk root "root"
mk a1 "core: add a" root
git tag v1.0 "$(id a1)"
mk q1 "Revert \"core: add a\"" a1
# A subject of a megabyte.
BIG=$("$PYTHON" -c 'print("big: " + "x" * 1048576)')
printf '%s\n' "$BIG" | mkf big q1
A1=$(id a1) Q1=$(id q1) BG=$(id big)
git tag -a -m "a tag" tagged "$A1"
TAG=$(git rev-parse tagged)
BLOB=$(echo blob | git hash-object -w --stdin)
mk quotes "quotes

Fixes: ${Q1:0:12} (\"Revert \"core: add a\"\")
Fixes: ${A1:0:13} (\"a \"b\" c\")" big
mk ctl "control bytes

Fixes: ${A1:0:14} (\"$(printf 'ctl\001\033[31m\177')\")" quotes
mk objects "objects

Fixes: $TAG (\"core: add a\")
Fixes: $T_EMPTY_TREE
Fixes: $BLOB" ctl
printf 'a megabyte\n\nFixes: %s ("%s")\nFixes: %s ("%s...")\nFixes: %s ("%sy")\n' \
	"${BG:0:12}" "$BIG" "${BG:0:15}" "${BIG:0:100}" "${BG:0:16}" "$BIG" |
	mkf bigfix objects
git update-ref refs/heads/master "$(id bigfix)"

tp --check fixes -T findings "$(id big)..$(id bigfix)"
printf '%s\n' "$OUT" | names >"$SCRATCH/got"
cat >"$SCRATCH/want" <<EOF
quotes	fixes-subject	mainline	${A1:0:13} ("a "b" c"): "core: add a"
ctl	fixes-subject	mainline	${A1:0:14} ("ctl\\x01\\x1b[31m\\x7f"): "core: add a"
objects	fixes-unknown	mainline	$T_EMPTY_TREE: not a commit
objects	fixes-unknown	mainline	$BLOB: not a commit
EOF
head -4 "$SCRATCH/got" >"$SCRATCH/got4"
is "$STATUS:$(cat "$SCRATCH/got4")" "3:$(cat "$SCRATCH/want")" \
   "quotes inside quotes, control bytes escaped, a tag peels, a tree and a blob are no commits"
is "$(sed -n 5p "$SCRATCH/got" | cut -f 1-3)|$(sed -n 5p "$SCRATCH/got" | cut -f 4 | wc -c)|$(wc -l <"$SCRATCH/got")" \
   "bigfix	fixes-subject	mainline|$((2 * 1048581 + 27))|5" \
   "a megabyte subject: the one quoted whole and the one cut match, the wrong one is one line"
grep -q "$(printf '[\001\033\177]')" "$SCRATCH/.out"
ok $((!$?)) "-T findings: no control byte of a message"
tp --check fixes -T github "$(id big)..$(id bigfix)"
printf '%s\n' "$OUT" | grep -q "$(printf '[\001\033\177\r]')"
ok $((!$?)) "-T github: no control byte of a message"
tp --check fixes -T json "$(id big)..$(id bigfix)"
printf '%s' "$OUT" >"$SCRATCH/out.json"
grep -q "$(printf '[\001\033\177]')" "$SCRATCH/out.json"
st=$?
is "$st:$("$PYTHON" -c '
import json, sys
c = json.load(open(sys.argv[1]))["checks"]
print(c["findings"][1]["detail"] ==
      sys.argv[2] + " (\"ctl\x01\x1b[31m\x7f\"): \"core: add a\"")' \
	"$SCRATCH/out.json" "${A1:0:14}")" \
   "1:True" "JSON: the control bytes as JSON escapes, the detail whole once read"

# An author whose name holds GitHub's characters: % , : in the message
# (only % escaped), the title untouched.
GIT_AUTHOR_NAME='Ev%il, Name: x' mk evil "evil" bigfix
tp --check signoff -T github "$(id bigfix)..$(id evil)"
is "$STATUS:$OUT" \
   "3:::warning title=signoff-author::$(id evil | cut -c 1-12) mainline: Ev%25il, Name: x <a@example.org>
::warning title=signoff-committer::$(id evil | cut -c 1-12) mainline: C <c@example.org>" \
   "-T github: % as %25 in the message"
git config treeplot.checkAllow "signoff-committer mainline"
git config --add treeplot.checkAllow "signoff-author main%line"
tp --check signoff -T github "$(id bigfix)..$(id evil)"
is "$STATUS:$(printf '%s' "$OUT" | cut -d: -f 1-4)" "3:::warning title=signoff-author:" \
   "treeplot.checkAllow: a tree's name compared whole"
git config --unset-all treeplot.checkAllow

# A million Fixes lines of one short id, a million naming none: one
# finding each, linear in time.
"$PYTHON" -c '
import sys
sys.stdout.write("many\n\n")
for k in range(1000000):
    sys.stdout.write("Fixes: %s\n" % sys.argv[1][:8])
    sys.stdout.write("Fixes: commit %s\n" % sys.argv[1][:12])
' "$A1" >"$SCRATCH/msg"
c=$(GIT_AUTHOR_DATE=@1230030000 GIT_COMMITTER_DATE=@1230030000 \
    git commit-tree "$T_EMPTY_TREE" -p "$(id evil)" -F "$SCRATCH/msg")
git update-ref refs/heads/many "$c"
start=$(date +%s)
tp --check fixes -T findings "$(id evil)..many"
end=$(date +%s)
is "$STATUS:$(printf '%s\n' "$OUT" | cut -f 2,4)" \
   "3:fixes-no-id	commit ${A1:0:12}
fixes-short-id	${A1:0:8}: 8 digits" \
   "two million Fixes lines: one finding each ($((end - start)) s)"
[ $((end - start)) -lt 30 ]
ok $? "in under 30 seconds"
git rev-parse -q --verify "$T_EMPTY_TREE^{commit}" >/dev/null 2>&1 ||
	[ "$(git rev-parse --verify "$TAG^{commit}")" != "$A1" ]
ok $((!$?)) "git agrees: the tree is no commit, the tag peels to a1"

done_testing
