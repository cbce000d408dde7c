#!/bin/sh
# check-layers.sh LAYER... - refuse an include that goes against the
# layer order.
#
# The layers are given lowest first (the Makefile's LAYERS: util git flow
# addons render modes cli).  A file of src/L/ or include/L/ may include
# "M/x.h" only when M is L or comes before it: low-level code never
# reaches up.  Each third-party library is spoken by one layer alone (its
# headers included there only), so that a library's use shows where it
# belongs.  Prints every offence as FILE:LINE: what, and fails if any.
set -u
cd "$(dirname "$0")/.." || exit 1

# library header (a grep -E pattern on the included name) and its layer
libs='git2	git
zlib\.h	git
graphviz/	render
cairo	render
pcre2\.h	util
libpsl\.h	util'

rank() {
	i=0
	for l in $LAYERS; do
		[ "$l" = "$1" ] && { echo $i; return; }
		i=$((i + 1))
	done
	echo -1
}

LAYERS="$*"
[ -n "$LAYERS" ] || { echo "usage: check-layers.sh LAYER..." >&2; exit 2; }
bad=0
for dir in src include; do
	for f in "$dir"/*; do
		[ -f "$f" ] || continue
		case $f in
		*.c|*.h) echo "$f: outside every layer's folder"; bad=1 ;;
		esac
	done
done
for l in $LAYERS; do
	me=$(rank "$l")
	for f in src/"$l"/*.c include/"$l"/*.h; do
		[ -f "$f" ] || continue
		out=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
		while IFS=: read -r line text; do
			inc=$(printf '%s\n' "$text" | sed 's/.*"\(.*\)".*/\1/')
			case $inc in
			*/*) ;;
			html_assets.h|schema_path.h) continue ;;	# generated, beside the build
			*) echo "$f:$line: \"$inc\" names no layer"; continue ;;
			esac
			to=${inc%%/*}
			r=$(rank "$to")
			if [ "$r" -lt 0 ]; then
				echo "$f:$line: \"$inc\": no layer $to"
			elif [ "$r" -gt "$me" ]; then
				echo "$f:$line: $l includes \"$inc\", of the higher layer $to"
			elif [ ! -f "include/$inc" ]; then
				echo "$f:$line: \"$inc\": no such header"
			fi
		done)
		[ -z "$out" ] || { printf '%s\n' "$out"; bad=1; }
		printf '%s\n' "$libs" | while IFS='	' read -r pat owner; do
			[ "$owner" = "$l" ] && continue
			grep -nE "^[[:space:]]*#[[:space:]]*include[[:space:]]*<($pat)" "$f" |
			sed "s|^\([0-9]*\):.*<\(.*\)>.*|$f:\1: <\2> is the $owner layer's alone|"
		done | grep . && bad=1
	done
done
[ "$bad" = 0 ] || exit 1
echo "check-layers: every include follows the layer order"
