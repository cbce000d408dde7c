#!/bin/sh
# demo.sh TREEPLOT GENHIST - chart a generated kernel-like sample.
#
# Generates demo/repo.git (genhist: kernel-shaped trees, merges and
# release tags), charts its last release cycle into demo.svg and prints
# the report.
set -eu
treeplot=$1
GENHIST=$2
export GENHIST
top=$(cd "$(dirname "$0")/.." && pwd)

sh "$top/tools/sample.sh" demo "$GENHIST" >/dev/null
# The last two releases (no -rc) are the last cycle.
range=$(git -C demo/repo.git tag -l 'v*' | grep -v -- -rc | sort -V |
	tail -n 2 | paste -sd ' ' | awk '{ print $1 ".." $2 }')
"$treeplot" -C demo/repo.git -o demo.svg "$range"
"$treeplot" -C demo/repo.git "$range"
echo
echo "demo: the chart of $range is in demo.svg"
