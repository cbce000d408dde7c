#!/bin/bash
# --fixes on hostile messages: one clear result each, as git resolves
# the ids, in time linear in what the messages hold.  A 4-digit id shared
# by a commit and a blob (git prefers the commit), by two commits
# (ambiguous), a descendant named before it existed (a negative
# lifetime), a tag, a tree and a blob named, a branch never merged, a
# revert of a merge and of a revert, control bytes beside the id, and
# a million Fixes lines in one message.
. "$(dirname "$0")/lib.sh"

TRUTH="$PYTHON $TESTDIR/fixes-truth.py"

plan 12

repo
# commit_sha TREE PARENT DATE MSG: the id git commit-tree would give.
# forge PREFIX TYPE ...: the first message "... N" whose object's id
# starts with PREFIX (a blob's content, or a commit's message).
forge() {
	"$PYTHON" - "$@" <<'EOT'
import hashlib, sys
prefix, kind = sys.argv[1], sys.argv[2]
def sha(t, body):
    return hashlib.sha1(b"%s %d\0" % (t, len(body)) + body).hexdigest()
for n in range(10000000):
    if kind == "blob":
        body = b"blob %d\n" % n
        if sha(b"blob", body).startswith(prefix):
            sys.stdout.write(body.decode()); break
    else:
        tree, parent, date, msg = sys.argv[3:7]
        m = "%s %d" % (msg, n)
        body = ("tree %s\nparent %s\nauthor A <a@example.org> %s +0000\n"
                "committer C <c@example.org> %s +0000\n\n%s\n"
                % (tree, parent, date, date, m)).encode()
        if sha(b"commit", body).startswith(prefix):
            print(m); break
EOT
}
fixed_commit() {	# fixed_commit NAME PARENT DATE MSG: mk with that date
	DATE=$3 mk "$1" "$4" "$2"
}

mk root "root"
mk a1 "core: add a" root
git tag v1.0 "$(id a1)"
mk n1 "net: add n1" a1
mk m1 "Merge tag 'net-1.1' of git://git.example.org/net" a1 n1
A1=$(id a1) N1=$(id n1) M1=$(id m1)
# A blob sharing a1's first four digits: git resolves to the commit.
forge "${A1:0:4}" blob >"$SCRATCH/blob"
BLOB=$(git hash-object -w "$SCRATCH/blob")
# A commit sharing n1's first four digits: ambiguous among commits.
D=1230009000
twin=$(forge "${N1:0:4}" commit "$T_EMPTY_TREE" "$A1" "$D" "twin")
DATE=$D mk twin "$twin" a1
[ "${BLOB:0:4}" = "${A1:0:4}" ] && [ "$(id twin | cut -c1-4)" = "${N1:0:4}" ]
ok $? "forged: a blob sharing a commit's 4 digits, two commits sharing theirs"
git tag -a -m "a tag" tagged "$(id n1)"
TAG=$(git rev-parse tagged)
TREE=$T_EMPTY_TREE
mk side "side: never merged" a1
mk r1 "Revert \"Merge tag 'net-1.1'\"

This reverts commit $M1, reversing
changes made to $A1." m1
mk r2 "Revert \"Revert \"Merge tag 'net-1.1'\"\"

This reverts commit $(id r1)." r1
mk odd "odd ids

Fixes: ${A1:0:4} (\"core: add a\")
Fixes: ${N1:0:4}
Fixes: $TAG
Fixes: $TREE
Fixes: ${BLOB:0:10}
Fixes: $(id side | cut -c1-12) (\"side\")
Fixes: ${M1:0:7}	(\"$(printf 'ctl\001\033[31m\177')\")" r2
# A descendant named before it existed: its 4 digits chosen first.
mk early "early

Fixes: beef" odd
late=$(forge beef commit "$T_EMPTY_TREE" "$(id early)" 1230020000 "late")
DATE=1230020000 mk late "$late" early
[ "$(id late | cut -c1-4)" = beef ]
ok $? "forged: a later commit whose id the earlier one named"
git update-ref refs/heads/master "$(id late)"
git tag v1.1 "$(id late)"

tp --fixes -T fixes v1.0..v1.1
ok $STATUS "-T fixes: exit 0"
printf '%s\n' "$OUT" | sort >"$SCRATCH/got"
$TRUTH .git v1.0..v1.1 "$TREEPLOT" >"$SCRATCH/truth"
is "$(cat "$SCRATCH/got")" "$(cat "$SCRATCH/truth")" \
   "every line as git resolves the ids (rev-parse, tag --contains, -T commits)"
field() { awk -F '\t' -v w="$1" -v f="$2" '$4 == w { print $f }' "$SCRATCH/got"; }
is "$(field "${A1:0:4}" 3)" "$A1" "4 digits of a commit and a blob: the commit, as git prefers"
is "$(field "${N1:0:4}" 3)" "" "4 digits of two commits: unresolved (git: ambiguous)"
is "$(field "$TAG" 3):$(field "$TREE" 3):$(field "${BLOB:0:10}" 3)" "$N1::" \
   "a tag peels to its commit; a tree and a blob are unresolved"
is "$(field "${M1:0:40}" 2):$(field "${M1:0:40}" 6):$(field "$(id r1)" 2)" "revert::revert" \
   "a merge reverted: no tree of its own; a revert of a revert"
is "$(field beef 3):$(field beef 8 | cut -c1)" "$(id late):-" \
   "a descendant named before it existed: resolved, a negative lifetime"
grep -q "$(printf '\001')" "$SCRATCH/got"
ok $((!$?)) "control bytes of a message reach no output line"

# Every object twice (packed, and still loose): the same answers.
git repack -a -q
[ -n "$(find .git/objects/pack -name '*.pack')" ] &&
	[ -n "$(find .git/objects/?? -type f | head -1)" ]
tp --fixes -T fixes v1.0..v1.1
is "$(printf '%s\n' "$OUT" | sort)" "$(cat "$SCRATCH/got")" \
   "every object both packed and loose: the same lines (candidates counted once)"

# A million Fixes lines: 1,000,000 of one id and 100,000 distinct ones,
# in one message; linear in time.
"$PYTHON" -c '
import sys
sys.stdout.write("many\n\n")
for k in range(1000000):
    sys.stdout.write("Fixes: %s\n" % sys.argv[1][:12])
for k in range(100000):
    sys.stdout.write("Fixes: %08x\n" % (k * 2654435761 % (1 << 32)))
' "$A1" >"$SCRATCH/msg"
c=$(GIT_AUTHOR_DATE=@1230030000 GIT_COMMITTER_DATE=@1230030000 \
    git commit-tree "$T_EMPTY_TREE" -p "$(id late)" -F "$SCRATCH/msg")
git update-ref refs/heads/many "$c"
start=$(date +%s)
tp --fixes -T json v1.1..many
end=$(date +%s)
is "$STATUS:$(printf '%s' "$OUT" | "$PYTHON" -c '
import json, sys
f = json.load(sys.stdin)["bug_fixes"]
print(f["commits"], f["pairs"] > 100000 - 100, f["unresolved"] > 90000)')" "0:1 True True" \
   "a million Fixes lines: one commit, each id once ($((end - start)) s)"
done_testing
