#!/bin/sh
# --infer-ff: fast-forwarded pulls guessed from committers, marked as
# guesses, never changing the default outputs.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/addons.sh"

plan 14
build_infer

# inferred: -T commits lines as the id, the inferred tree (field 6) and
# the path.
inferred() { cut -f1,6,"$PATH_FIELD"-; }
tp -T commits --infer-ff v1..master
is "$STATUS" 0 "commits: exit status 0"
is "$(printf '%s\n' "$OUT" | names)" "n1	mm1											davem/net	mainline
n2	mm1											davem/net	mainline
f1	-				davem/net							mainline
f2	-				davem/net							mainline
x1	-											mainline
m2	-											mainline" "commits: the fast-forwarded commits marked with the tree they came from, in the sixth field"

tp -T commits v1..master
is "$(printf '%s\n' "$OUT" | cut -f6 | sort -u)" "" "commits: no guesses without --infer-ff (the field is there, empty)"

tp --infer-ff v1..master
is "$(printf '%s\n' "$OUT" | sed -n '/^Inferred fast-forwards/,/^$/p')" \
"Inferred fast-forwards (guessed from committers, not in the flow above): 2 commits
      2  davem/net -> mainline" "text: the inferred flow, counted apart"
printf '%s\n' "$OUT" | grep -qx '  direct to the mainline             4  (66.7%)'
ok $? "text: the direct count is the attribution's, unchanged"

tp -T json --infer-ff v1..master
is "$(printf '%s\n' "$OUT" | jq -c '.inferred_ff')" \
   '{"commits":2,"edges":[{"from":"davem/net","to":"mainline","commits":2,"inferred":true}]}' \
   "json: inferred_ff with inferred: true"
is "$(printf '%s\n' "$OUT" | jq -c '[.direct, (.edges | length)]')" '[4,1]' \
   "json: the flow itself unchanged"
tp -T json v1..master
is "$(printf '%s\n' "$OUT" | jq -c 'has("inferred_ff")')" false \
   "json: nothing inferred without --infer-ff"

tp -T dot --infer-ff v1..master
is "$(printf '%s\n' "$OUT" | grep -c 'style=dotted')" 1 "dot: the inferred flow is one dotted edge"
printf '%s\n' "$OUT" | grep -q 'label="davem/net\\n2 commits\\n~2 fast-forwarded"'
ok $? "dot: the inferred count in the box of the tree it leaves"

# The ties: the mainline's usual committer when two committed as many of
# its merges; the tree a commit came from when two were pulled as often.
mkdir ties-usual ties-pulls
# (Each its own names: m0 and the others are the first history's too.)
(cd ties-usual && T_MAP=$SCRATCH/usual.names && : >"$T_MAP" &&
 build_infer_tie_usual &&
 "$TREEPLOT" -T commits --infer-ff v1..master | inferred | names) >usual.out
is "$(cat usual.out)" "m2		mainline
u1		gregkh/usb	mainline
n1		davem/net	mainline
g1	gregkh/usb	mainline
m3		mainline" "tie: the mainline's usual committer is the one met first (Linus), so Greg's commit came from usb"
(cd ties-pulls && T_MAP=$SCRATCH/pulls.names && : >"$T_MAP" &&
 build_infer_tie_pulls &&
 "$TREEPLOT" -T commits --infer-ff v1..master | inferred | names) >pulls.out
is "$(cat pulls.out)" "m2		mainline
n1		davem/net	mainline
x1		davem/net-next	mainline
f1	davem/net-next	mainline
m3		mainline" "tie: of two trees of Dave's pulled once each, the first in tree order"

git commit-graph write --reachable
tp -T commits --infer-ff v1..master
is "$(printf '%s\n' "$OUT" | cut -f6 | grep -cx 'davem/net')" 2 \
   "commit-graph: the committers are read all the same"
# Against a generated history's ground truth (tools/genhist/ knows which
# pulls were fast-forwards).
out=$(cd "$TESTDIR/../.." && TREEPLOT=$TREEPLOT GENHIST=$BUILD/genhist \
	tools/measure-infer-ff.sh 5000 3 0.2 2>&1)
printf '%s\n' "$out" | grep -Eq 'precision (1\.000|0\.9[5-9][0-9]), recall (1\.000|0\.9[5-9][0-9])$'
ok $? "generated, 5000 commits, 20% fast-forwarded: precision and recall >= 0.95 ($out)"
done_testing
