#!/bin/sh
# make deb: the Debian package builds (dpkg-buildpackage, debhelper),
# holds the binary, git-treeplot, the man pages, the completions and the
# JSON schema, depends on the packages of the libraries it links, is
# lintian-clean (info and pedantic tags included), and once extracted
# into a scratch root with dpkg -x, its binary charts a repository as the
# built one does, in JSON its installed schema accepts.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
ROOT=$(cd "$TESTDIR/../.." && pwd)

plan 8
missing=
for t in dpkg-buildpackage dh lintian dpkg-deb readelf; do
	command -v $t >/dev/null || missing="$missing $t"
done
if [ -n "$missing" ]; then
	ok 1 "tools to build the package:$missing missing (make deps-deb)"
	exit 1
fi
make -s -C "$ROOT" deb >deb.log 2>&1
ok $? "make deb" || sed 's/^/# /' deb.log | tail -n 20
DEB=$BUILD/deb/treeplot_$(sed -n 's/^VERSION = //p' "$ROOT/Makefile")_$(dpkg --print-architecture).deb
[ -f "$DEB" ]
ok $? "the package is in build/deb/"

is "$(dpkg-deb -c "$DEB" | awk '{ $1 = $2 = $3 = $4 = $5 = ""; sub(/^ +/, ""); print }' |
	grep -v '/$' | LC_ALL=C sort)" \
"./usr/bin/git-treeplot -> treeplot
./usr/bin/treeplot
./usr/share/bash-completion/completions/git-treeplot -> treeplot
./usr/share/bash-completion/completions/treeplot
./usr/share/doc/treeplot/changelog.gz
./usr/share/doc/treeplot/copyright
./usr/share/man/man1/git-treeplot.1.gz -> treeplot.1.gz
./usr/share/man/man1/treeplot.1.gz
./usr/share/treeplot/treeplot.schema.json
./usr/share/zsh/vendor-completions/_git-treeplot
./usr/share/zsh/vendor-completions/_treeplot" "the package's files"

# Depends (from shlibs): exactly the packages holding the libraries the
# binary links.
dpkg -x "$DEB" root
needed=$(readelf -d root/usr/bin/treeplot | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
# dpkg knows a library by the path its package ships (/lib or /usr/lib).
owner() {
	for f in "$1" "$(readlink -f "$1")"; do
		dpkg -S "$f" 2>/dev/null | sed 's/[:,].*//' | grep . && return
	done
}
owners=$(for so in $needed; do
	owner "$(ldconfig -p | awk -v so="$so" '$1 == so { print $NF; exit }')"
done | LC_ALL=C sort -u)
depends=$(dpkg-deb -f "$DEB" Depends | tr ',' '\n' |
	sed 's/^ *//; s/ *(.*//; s/:.*//' | grep . | LC_ALL=C sort -u)
[ -n "$needed" ] && [ -n "$owners" ]
ok $? "the binary's libraries and their packages are found"
is "$depends" "$owners" "Depends: the packages of the libraries linked"

is "$(cat "$BUILD/deb/lintian.txt")" "" "lintian (source and binary, -I --pedantic): no tag"

# The installed binary, once: the fixture's report, as the built binary's.
mkdir repo && (cd repo && build_fixture) >/dev/null || exit 1
root/usr/bin/treeplot -C repo -T json v1.0..v2.0 >pkg.json 2>pkg.err
"$TREEPLOT" -C repo -T json v1.0..v2.0 >built.json
cmp -s pkg.json built.json && [ ! -s pkg.err ]
ok $? "the extracted binary: the built binary's JSON, nothing on stderr"
"$PYTHON" -m jsonschema -i pkg.json root/usr/share/treeplot/treeplot.schema.json \
	>schema.out 2>&1
ok $? "the package's schema accepts the package's JSON" ||
	sed 's/^/# /' schema.out | head -n 10
done_testing
