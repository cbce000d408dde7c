#!/bin/sh
# --direct-by: the direct commits by committer, or by the last
# Signed-off-by before the committer's own.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/addons.sh"

plan 15

build_direct

tp --direct-by committer v1..master
is "$STATUS" 0 "committer: exit status 0"
is "$(printf '%s\n' "$OUT" | sed -n '/^Direct commits by committer$/,/^$/p')" \
"Direct commits by committer
      4   80.0%  Linus Torvalds <torvalds@example.org>
      1   20.0%  Greg KH <greg@example.org>" \
   "text: direct commits by committer (the pulled one not among them)"

tp --direct-by signoff v1..master
is "$(printf '%s\n' "$OUT" | sed -n '/^Direct commits by the last/,/^$/p')" \
"Direct commits by the last Signed-off-by before the committer's
      2   40.0%  Andrew Morton <akpm@example.org>
      1   20.0%  (no Signed-off-by)
      1   20.0%  Dev <dev@example.org>
      1   20.0%  Linus Torvalds <torvalds@example.org>" \
   "text: by way of Andrew; the committer's own; unsigned; a committer who did not sign off"

tp -T json --direct-by signoff v1..master
is "$(printf '%s\n' "$OUT" | jq -c '.direct_by | [.by, .commits, [.people[] | [.name, .commits]]]')" \
   '["signoff",5,[["Andrew Morton <akpm@example.org>",2],["(no Signed-off-by)",1],["Dev <dev@example.org>",1],["Linus Torvalds <torvalds@example.org>",1]]]' \
   "json: direct_by with its people"

tp -T json v1..master
is "$(printf '%s\n' "$OUT" | jq -c 'has("direct_by")')" false \
   "json: no direct_by without the option"
tp v1..master
printf '%s\n' "$OUT" | grep -q '^Direct commits by'
ok $((! $?)) "text: no breakdown without the option"

tp -T svg --direct-by committer v1..master
printf '%s\n' "$OUT" | grep -q 'direct commits by committer:'
ok $? "svg: the mainline's tooltip names who committed the direct commits"

tpc -T commits --direct-by committer v1..master
is "$(printf '%s\n' "$OUT" | wc -l)" 6 "commits: unchanged by --direct-by"

tp --direct-by author v1..master
is "$STATUS" 2 "an unknown --direct-by is a usage error"
is "$ERR" "treeplot: --direct-by takes committer or signoff, not 'author'" \
   "the usage error names what is accepted"

git commit-graph write --reachable
tp -T json --direct-by committer v1..master
is "$(printf '%s\n' "$OUT" | jq -c '[.direct_by.people[] | .commits]')" '[4,1]' \
   "commit-graph: the direct commits are read all the same"
tp -T json --direct-by signoff v1..master
is "$(printf '%s\n' "$OUT" | jq -c '.direct_by.people[0].name')" \
   "\"$A\"" "commit-graph: by sign-off too"
# A range with no direct commit (only the merge and what it pulled): an
# empty count, not a crash (the applier list was a NULL array handed to
# qsort, which UBSan reports under make check-sanitize).
tp --direct-by committer master^..master
is "$STATUS:$ERR" "0:" "no direct commit: exit status 0, nothing on stderr"
is "$(printf '%s\n' "$OUT" | sed -n '/^Direct commits by committer$/,$p')" \
"Direct commits by committer
  none" "no direct commit: the section says none"
tp -T json --direct-by signoff master^..master
is "$(printf '%s\n' "$OUT" | jq -c '.direct_by')" \
   '{"by":"signoff","commits":0,"people":[]}' "no direct commit: the JSON's empty count"
done_testing
