#!/bin/sh
# Subsystem names from the MAINTAINERS file at the range's end (read from
# the repository, not the work tree).
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
. "$TESTDIR/addons.sh"

plan 17
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
    NETWORKING [GENERAL]: David S. Miller, Jakub Kicinski
  jikos/hid
    HID CORE LAYER: Jiri Kosina
    USB HID/HIDBP DRIVERS (USB KEYBOARDS, MICE, REMOTE CONTROLS, ...): Jiri
      Kosina" \
   "text: the subsystems section, names without addresses, wrapped at 79 columns"

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

# The boxes: a line with the first subsystem, shortened, and +N for the
# others; with --maintainer-names a line of names without addresses,
# shortened at a blank.  (jikos/hid's box is a table: its counts.)
labels() {
	printf '%s\n' "$OUT" | grep -o -e 'label="davem/net[^"]*"' \
		-e 'jikos/hid<BR/>[^>]*<BR/>[^<]*\(<BR/>[^<]*\)*</TD>'
}
tp -T dot v1.0..v2.1
is "$(labels)" \
'label="davem/net-2.6\n7 commits\nNETWORKING [GENERAL]"
jikos/hid<BR/>2 commits<BR/>HID CORE LAYER +1</TD>' \
   "dot: a box's subsystem line (+1: one more)"
tp -T dot --maintainer-names v1.0..v2.1
is "$(labels)" \
'label="davem/net-2.6\n7 commits\nNETWORKING [GENERAL]\nDavid S. Miller, Jakub…"
jikos/hid<BR/>2 commits<BR/>HID CORE LAYER +1<BR/>Jiri Kosina</TD>' \
   "--maintainer-names: the names too, without addresses, shortened to 28 characters"
printf '%s\n' "$OUT" | grep -q 'in a box: its subsystem in MAINTAINERS'
ok $? "the legend says what the line is"
# ... only when a box shows one: v2.0..v2.1 is the MAINTAINERS commit
# alone, direct, no tree with a subsystem.
tp -T dot v2.0..v2.1
printf '%s\n' "$OUT" | grep -q 'in a box: its subsystem in MAINTAINERS'
is "$STATUS:$?" "0:1" "no box with a subsystem: the legend says nothing of it"
# The file is untrusted: a subsystem named with Graphviz's escapes and
# markup shows as written (v2.2: MAINTAINERS with such a name for net).
sed 's/^NETWORKING \[GENERAL\]$/NET \\N\\G "<b>\&amp;"/' MAINTAINERS.txt >M2
blob=$(git hash-object -w M2)
tree=$(printf '100644 blob %s\tMAINTAINERS\n' "$blob" | git mktree)
c=$(GIT_AUTHOR_DATE=@1240000000 GIT_COMMITTER_DATE=@1240000000 \
    git commit-tree "$tree" -p "$(id m4)" -m "MAINTAINERS, hostile")
git update-ref refs/tags/v2.2 "$c"
tp -T svg v1.0..v2.2
printf '%s\n' "$OUT" | grep -q '>NET \\N\\G &quot;&lt;b&gt;&amp;amp;&quot;</text>'
ok $? "a hostile subsystem name shows as written in its box (svg)"
tp -T dot --no-maintainers v1.0..v2.1
is "$(labels | grep -c 'NETWORKING')" 0 "--no-maintainers: no subsystem line"
done_testing
