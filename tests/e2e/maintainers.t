#!/bin/sh
# Subsystem names from the MAINTAINERS file at the range's end (read from
# the repository, not the work tree).
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
. "$TESTDIR/addons.sh"

plan 11
build_fixture

# A MAINTAINERS file, committed on top of v2.0 as v2.1.
add_maintainers

tp -T json v1.0..v2.1
is "$STATUS" 0 "json: exit status 0"
is "$(printf '%s\n' "$OUT" | jq -c '.trees[] | select(.subsystems) | [.name, [.subsystems[] | .name]]')" \
'["davem/net-2.6",["NETWORKING [GENERAL]"]]
["jikos/hid",["HID CORE LAYER","USB HID/HIDBP DRIVERS (USB KEYBOARDS, MICE, REMOTE CONTROLS, ...)"]]' \
   "json: trees labelled with their subsystems (every spelling of the URL); sound-2.6 is another tree"
is "$(printf '%s\n' "$OUT" | jq -c '.trees[] | select(.name == "davem/net-2.6") | .subsystems[0].maintainers')" \
   '["David S. Miller <davem@davemloft.net>","Jakub Kicinski <kuba@kernel.org>"]' \
   "json: with their maintainers"

tp v1.0..v2.1
is "$(printf '%s\n' "$OUT" | sed -n '/^Subsystems/,/^$/p')" \
"Subsystems (MAINTAINERS at the range's end)
  davem/net-2.6
    NETWORKING [GENERAL]: David S. Miller <davem@davemloft.net>, Jakub Kicinski <kuba@kernel.org>
  jikos/hid
    HID CORE LAYER: Jiri Kosina <jikos@kernel.org>
    USB HID/HIDBP DRIVERS (USB KEYBOARDS, MICE, REMOTE CONTROLS, ...): Jiri Kosina <jikos@kernel.org>" \
   "text: the subsystems section"

tp -T svg v1.0..v2.1
printf '%s\n' "$OUT" | grep -q 'NETWORKING \[GENERAL\]: David S. Miller'
ok $? "svg: the subsystem in the tree's tooltip"

tp -T json --no-maintainers v1.0..v2.1
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | has("subsystems")] | any')" false \
   "--no-maintainers: no subsystems"

tp -T json v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | has("subsystems")] | any')" false \
   "no MAINTAINERS at the range's end: no subsystems"

# The blob at the range's end is read, not the work tree.
cp MAINTAINERS.txt MAINTAINERS
tp -T json --maintainers v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | has("subsystems")] | any')" false \
   "a MAINTAINERS file in the work tree is not read"

tp -T json --branches v1.0..v2.1
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | select(.subsystems) | .name]')" \
   '["davem/net-2.6","jikos/hid:for-ingo","jikos/hid:for-linus"]' \
   "--branches: each branch node has its repository's subsystems"

tpc -T commits v1.0..v2.1
is "$(printf '%s\n' "$OUT" | wc -l)" 22 "commits: unchanged (the 21, and the commit adding MAINTAINERS)"
tp -T dot v1.0..v2.1
printf '%s\n' "$OUT" | sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' | grep -q 'HID CORE LAYER'
ok $? "dot: tooltips carry the subsystems"
done_testing
