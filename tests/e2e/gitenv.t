#!/bin/sh
# At home in git's environment: GIT_DIR, GIT_WORK_TREE and -C as git's;
# another user's repository and safe.directory; the repository left
# byte for byte as it was, whatever the revision (reflog forms included);
# .mailmap joining a person's spellings; revision errors keeping
# libgit2's reason; option mistakes said as such.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
. "$TESTDIR/addons.sh"
. "$TESTDIR/identity.sh"

plan 86

mkdir repo elsewhere
cd repo || exit 1
build_fixture
git update-ref refs/heads/master "$(id m3)"
git symbolic-ref HEAD refs/heads/master
cd "$SCRATCH" || exit 1
R="$SCRATCH/repo"
git clone -q --bare repo bare.git
B="$SCRATCH/bare.git"

# fails STATUS MESSAGE DESC ARGS...: exactly the one line "treeplot:
# MESSAGE" on stderr, nothing on stdout, status STATUS.  One test.
fails() {
	f_status=$1 f_what=$2 f_desc=$3
	shift 3
	tp "$@"
	is "$STATUS:$OUT:$ERR" "$f_status::treeplot: $f_what" "$f_desc"
}

# --- GIT_DIR, GIT_WORK_TREE, -C -----------------------------------------

"$TREEPLOT" -C "$R" -T commits v1.0..v2.0 | paths >by-c.tsv
"$TREEPLOT" -C "$R" v1.0..v2.0 >by-c.txt
"$TREEPLOT" -C "$B" v1.0..v2.0 >bare-by-c.txt

cd elsewhere || exit 1
GIT_DIR="$B" tp v1.0..v2.0
is "$STATUS:$ERR:$OUT" "0::$(cat ../bare-by-c.txt)" \
   "GIT_DIR=/path/bare.git from another directory: the report of -C"
GIT_DIR=../bare.git tp v1.0..v2.0
is "$STATUS:$ERR:$OUT" "0::$(cat ../bare-by-c.txt)" \
   "GIT_DIR relative to the current directory"
GIT_DIR="$R/.git" GIT_WORK_TREE="$R" tpc -T commits v1.0..v2.0
is "$STATUS:$ERR:$OUT" "0::$(cat ../by-c.tsv)" \
   "GIT_DIR and GIT_WORK_TREE of a non-bare repository: the commits of -C"
GIT_DIR="$R/.git" GIT_WORK_TREE="$R" tp v1.0..v2.0
is "$(printf '%s\n' "$OUT" | head -1)" "repository  ${SCRATCH##*/}" \
   "GIT_WORK_TREE names the repository (its directory; one named repo, by its parent)"
GIT_DIR="$R/.git" GIT_WORK_TREE="$SCRATCH/elsewhere" tp v1.0..v2.0
is "$(printf '%s\n' "$OUT" | head -1)" "repository  elsewhere" \
   "another GIT_WORK_TREE: the report names that work tree, as git would"
GIT_DIR=.git tpc -C "$R" -T commits v1.0..v2.0
is "$STATUS:$ERR:$OUT" "0::$(cat ../by-c.tsv)" \
   "GIT_DIR relative to -C's directory, as git's"
GIT_DIR="$SCRATCH/elsewhere" fails 1 "not a git repository: '$SCRATCH/elsewhere'" \
	"GIT_DIR naming no repository: no search upwards, git's message"
mkdir -p sub/dir
GIT_CEILING_DIRECTORIES="$SCRATCH" fails 1 "not a git repository: 'sub/dir'" \
	"GIT_CEILING_DIRECTORIES stops the search" -C sub/dir
cd "$SCRATCH" || exit 1

tpc -C "$SCRATCH" -C repo -T commits v1.0..v2.0
is "$STATUS:$ERR:$OUT" "0::$(cat by-c.tsv)" "-C A -C B: B relative to A, as git's"
tpc -C /nowhere -C "$R" -C '' -C . -T commits v1.0..v2.0
is "$STATUS:$ERR:$OUT" "0::$(cat by-c.tsv)" \
   "-C /absolute starts again; -C '' changes nothing"
(cd elsewhere && "$TREEPLOT" -C .. -C repo -o out.json v1.0..v2.0)
[ -s elsewhere/out.json ] && [ ! -e repo/out.json ] && [ ! -e out.json ]
ok $? "-C does not move -o: the file is where treeplot was started"
fails 1 "cannot change to 'repo/nowhere': no such directory" "-C composed in the message" \
	-C repo -C nowhere

# --- another user's repository ------------------------------------------

# Runs as root (the test machines): a copy of the repository given to
# nobody; as another user, a root-owned one read through setpriv.
NOBODY=
if [ "$(command id -u)" -eq 0 ] && command id nobody >/dev/null 2>&1 &&
   command -v setpriv >/dev/null; then
	NOBODY=nobody
fi
as_nobody() {
	setpriv --reuid=nobody --regid="$(command id -g nobody)" \
		--clear-groups -- "$@"
}
if [ -n "$NOBODY" ]; then
	cp -a repo theirs
	chown -R nobody theirs
	T="$SCRATCH/theirs"
	MSG="the repository at '$T' is owned by someone else; to trust it: git config --global --add safe.directory $T"
	fails 1 "$MSG" "owned by someone else: git's explanation, not 'not a git repository'" -C theirs v1.0..v2.0
	fails 1 "$MSG" "... found from a subdirectory too" -C theirs/.git v1.0..v2.0
	git config --global --add safe.directory "$T"
	tpc -C theirs -T commits v1.0..v2.0
	is "$STATUS:$ERR:$OUT" "0::$(cat by-c.tsv)" "safe.directory naming it: read"
	git config --global --unset-all safe.directory
	git config --global --add safe.directory '*'
	tpc -C theirs -T commits v1.0..v2.0
	is "$STATUS:$ERR:$OUT" "0::$(cat by-c.tsv)" "safe.directory = *: read, as git does"
	git config --global --add safe.directory ''
	fails 1 "$MSG" "safe.directory = '' after '*' empties the list, as git's" -C theirs
	git config --global --unset-all safe.directory
	git config --global --add safe.directory '*'
	git config -f theirs/.git/config --add safe.directory '*'
	git config --global --unset-all safe.directory
	fails 1 "$MSG" "the repository's own safe.directory does not count (git ignores it)" -C theirs

	# As nobody: the scratch directory readable, root's repository.
	chmod 755 "$SCRATCH" "$HOME"
	as_nobody "$TREEPLOT" -C repo v1.0..v2.0 >nb.out 2>nb.err
	is "$?:$(cat nb.out):$(cat nb.err)" \
	   "1::treeplot: the repository at '$R' is owned by someone else; to trust it: git config --global --add safe.directory $R" \
	   "as nobody (setpriv), root's repository: git's explanation"
	git config --global --add safe.directory '*'
	chmod 644 "$HOME/.gitconfig"
	as_nobody "$TREEPLOT" -C repo -T commits v1.0..v2.0 >nb.out 2>nb.err
	is "$?:$(cat nb.err):$(paths <nb.out)" "0::$(cat by-c.tsv)" \
	   "as nobody, with safe.directory = * in their global configuration: read"
	git config --global --unset-all safe.directory
else
	for i in 1 2 3 4 5 6 7 8; do
		ok 0 "# SKIP not root, or no user nobody, or no setpriv"
	done
fi

# --- never a write into the repository ------------------------------------

# Every file and directory: path, type, mode, size, and each file's hash.
snap() {
	(cd "$1" && find . -printf '%p %y %m %s\n' | LC_ALL=C sort &&
	 find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum)
}

# A non-bare repository without reflogs, and the bare clone (none either).
git clone -q repo nolog
rm -rf nolog/.git/logs
git -C nolog config core.logAllRefUpdates false
git -C nolog branch -q side "$(id m2)"
git -C nolog config branch.master.remote origin
git -C nolog config branch.master.merge refs/heads/master
FORMS='HEAD@{0} HEAD@{1} master@{0} master@{1} @{0} @{1} @{-1} @{-2}
@{u} @{upstream} @{push} master@{u} side@{upstream} HEAD@{yesterday}
master@{2.weeks.ago} master@{1970-01-02} @{now} origin/master@{1}
HEAD@{1}..HEAD master@{0}..HEAD @{-1}..master v1.0..master@{1}
v1.0..HEAD@{0} nope@{1} refs/heads/master@{1} v1.0@{1} HEAD@{-1}'
# Under the sanitizer (lib.sh's scaled) the non-bare repository only:
# the bare one differs in how it is opened, which every other test of
# the pass does too; the plain pass proves both.
for dir in nolog $(scaled bare.git ''); do
	before=$(snap "$dir")
	st=0
	for f in $FORMS; do
		"$TREEPLOT" -C "$dir" "$f" >/dev/null 2>&1
		"$TREEPLOT" -C "$dir" -T json --trace "$(id m3)" "$f" >/dev/null 2>&1
		"$TREEPLOT" -C "$dir" --compare v1.0..v2.0 "$f" >/dev/null 2>&1
		"$TREEPLOT" -C "$dir" --explain "$(id tm2)" --range "$f" >/dev/null 2>&1
		"$TREEPLOT" -C "$dir" --compare --cycles "$f" >/dev/null 2>&1
	done
	"$TREEPLOT" -C "$dir" >/dev/null 2>&1
	after=$(snap "$dir")
	is "$after" "$before" "$dir: every revision form, every mode: not a byte, file or mode changed"
done
[ -n "$(scaled '' sanitizer)" ] &&
	ok 0 "# SKIP bare.git: every revision form, every mode (the plain pass)"
[ ! -e nolog/.git/logs ] && [ ! -e bare.git/logs ]
ok $? "no logs/ directory created (libgit2 would create empty reflogs)"
fails 2 "bad revision 'master@{1}': no reflog for 'refs/heads/master'" \
	"a reflog revision without a reflog: said, not created" -C bare.git master@{1}
fails 2 "bad revision 'master@{u}': config value 'branch.master.remote' was not found" \
	"@{u} without an upstream: libgit2's reason" -C bare.git master@{u}

# With reflogs, the forms resolve as git resolves them.
git clone -q repo logged
cd logged || exit 1
git checkout -q -b topic "$(id m2)"
git checkout -q master
git reset -q --hard "$(id m2)"
git reset -q --hard "$(id m3)"
cd "$SCRATCH" || exit 1
before=$(snap logged)
for f in 'HEAD@{1}' 'master@{1}' '@{-1}' 'master@{2}' '@{1}'; do
	tp -C logged -T json "$f"
	is "$(printf '%s\n' "$OUT" | jq -r .range)" "$f" "$f: charted"
	tpc -C logged -T commits "v1.0..$f"
	want=$("$TREEPLOT" -C logged -T commits "v1.0..$(git -C logged rev-parse "$f")" | paths)
	is "$OUT" "$want" "v1.0..$f: the commits of the id git rev-parse gives"
done
is "$(snap logged)" "$before" "with reflogs: nothing changed either"
fails 2 "bad revision 'master@{9}': reflog for 'refs/heads/master' has only 3 entries, asked for 9" \
	"a reflog entry beyond the log: libgit2's reason" -C logged master@{9}
fails 2 "bad revision '@{-3}': no such entry in the reflog" \
	"@{-3}: no third branch checked out before" -C logged @{-3}

# --- revision errors keep libgit2's reason ------------------------------

# Enough objects for an ambiguous 4-digit prefix (fixed contents: the
# same prefix every time).
mkdir amb
cd amb || exit 1
git init -q
i=0
while [ $i -lt 1200 ]; do echo "blob $i"; i=$((i + 1)); done >list
split -l 1 list b.
git hash-object -w b.* >ids
git commit -q --allow-empty -m one
prefix=$(cut -c1-4 ids | sort | uniq -d | head -1)
cd "$SCRATCH" || exit 1
tp -C amb "$prefix"
case $STATUS:$OUT:$ERR in
"2::treeplot: ambiguous revision '$prefix': "*) ok 0 "an ambiguous prefix: its own message ($ERR)" ;;
*) ok 1 "an ambiguous prefix: its own message ($STATUS: $ERR)" ;;
esac
fails 2 "unknown revision 'nope'" "an unknown name: as before" -C repo nope
cp -a repo broken
echo 1234567890123456789012345678901234567890 >broken/.git/refs/heads/lost
fails 1 "revision 'lost' names a missing object: object not found - no match for id (1234567890123456789012345678901234567890)" \
	"a ref to a missing object: status 1, libgit2's reason" -C broken lost
fails 2 "'$(git -C repo rev-parse HEAD^{tree})' is not a commit" \
	"a tree: not a commit" -C repo "$(git -C repo rev-parse HEAD^{tree})"

# --- .mailmap ---------------------------------------------------------------

mkdir mm
cd mm || exit 1
repo
as 'Jane Doe' jane@example.org
mk c0 "initial"
mk c1 "one" c0
as 'jane' jane@old.example
mk c2 "two${LF}${LF}Signed-off-by: jane <jane@old.example>" c1
mk c3 "three" c2
as 'J. Doe' jane@example.org
mk c4 "four" c3
as 'Bob' bob@example.org
mk c5 "five${LF}${LF}Signed-off-by: jane <jane@old.example>${LF}Signed-off-by: Bob <bob@example.org>" c4
mk c6 "six${LF}${LF}Signed-off-by: Jane Doe <jane@example.org>${LF}Signed-off-by: Bob <bob@example.org>" c5
ref refs/heads/master c6
ref refs/tags/v0 c0
git symbolic-ref HEAD refs/heads/master
people() {
	printf '%s\n' "$OUT" | jq -r '.direct_by.people[] | "\(.commits)\t\(.name)"' | sort
}
tp -C . -T json --direct-by committer v0..master
is "$(people)" "1	J. Doe <jane@example.org>
1	Jane Doe <jane@example.org>
2	Bob <bob@example.org>
2	jane <jane@old.example>" "no .mailmap: three spellings of one person"
printf 'Jane Doe <jane@example.org>\nJane Doe <jane@example.org> <jane@old.example>\n' >.mailmap
git shortlog -sce v0..master | sed 's/^ *//' | sort >shortlog
tp -C . -T json --direct-by committer v0..master
is "$(people)" "$(cat shortlog)" "--direct-by committer: the spellings joined, as git shortlog -sce"
is "$(people)" "2	Bob <bob@example.org>
4	Jane Doe <jane@example.org>" "--direct-by committer: Jane Doe 4 commits, Bob 2"
is "$(git check-mailmap 'jane <jane@old.example>')" "Jane Doe <jane@example.org>" \
   "the fixture's .mailmap, as git reads it"
tp -C . -T json --direct-by signoff v0..master
is "$(people)" "3	(no Signed-off-by)
3	Jane Doe <jane@example.org>" "--direct-by signoff: a Signed-off-by's spelling joined too"
cd "$SCRATCH" || exit 1
git clone -q --bare mm mm.git
git -C mm.git config mailmap.file "$SCRATCH/mm/.mailmap"
tp -C mm.git -T json --direct-by committer v0..master
is "$(people)" "$(cat mm/shortlog)" "bare, mailmap.file: joined"
mkdir wt
cp mm/.mailmap wt/
rm mm/.mailmap
tp -C mm -T json --direct-by committer v0..master
is "$(people)" "1	J. Doe <jane@example.org>
1	Jane Doe <jane@example.org>
2	Bob <bob@example.org>
2	jane <jane@old.example>" "the .mailmap gone: the spellings as written"
GIT_DIR="$SCRATCH/mm/.git" GIT_WORK_TREE="$SCRATCH/wt" tp -T json --direct-by committer v0..master
is "$(people)" "$(cat mm/shortlog)" "GIT_WORK_TREE's .mailmap, as git reads it"

# A bare repository reads HEAD:.mailmap (unless mailmap.blob says
# otherwise), as git does: every CI mirror and server-side hook is one.
cd mm || exit 1
blob=$(git hash-object -w ../wt/.mailmap)
T_EMPTY_TREE=$(printf '100644 blob %s\t.mailmap\n' "$blob" | git mktree)
as 'jane' jane@old.example
mk c7 "seven${LF}${LF}Signed-off-by: jane <jane@old.example>" c6
ref refs/heads/master c7
git reset -q --hard
git shortlog -sce v0..master | sed 's/^ *//' | sort >../shortlog7
cd "$SCRATCH" || exit 1
git clone -q --bare mm mmh.git
is "$(git -C mmh.git check-mailmap 'jane <jane@old.example>')" \
   "Jane Doe <jane@example.org>" "bare: git reads HEAD:.mailmap"
tp -C mmh.git -T json --direct-by committer v0..master
is "$(people)" "$(cat shortlog7)" "bare, HEAD:.mailmap: --direct-by committer as git shortlog -sce"
tp -C mm -T json --direct-by signoff v0..master
wt_signoff=$(people)
tp -C mmh.git -T json --direct-by signoff v0..master
is "$(people)" "$wt_signoff" "bare, HEAD:.mailmap: --direct-by signoff as in the work tree"
is "$(people)" "3	(no Signed-off-by)
4	Jane Doe <jane@example.org>" "... one person under one name"
git -C mmh.git config mailmap.blob ''
tp -C mmh.git -T json --direct-by committer v0..master
is "$(git -C mmh.git check-mailmap 'jane <jane@old.example>'):$(people)" \
   "jane <jane@old.example>:1	J. Doe <jane@example.org>
1	Jane Doe <jane@example.org>
2	Bob <bob@example.org>
3	jane <jane@old.example>" "bare, mailmap.blob empty: no .mailmap, as git"
printf 'J. Doe <jane@example.org> <jane@old.example>\n' >other.map
git -C mmh.git config mailmap.blob "$(git -C mmh.git hash-object -w "$SCRATCH/other.map")"
tp -C mmh.git -T json --direct-by committer v0..master
is "$(git -C mmh.git check-mailmap 'jane <jane@old.example>'):$(people)" \
   "J. Doe <jane@example.org>:1	Jane Doe <jane@example.org>
2	Bob <bob@example.org>
4	J. Doe <jane@example.org>" "bare, mailmap.blob set: that blob instead of HEAD's, as git"
git -C mmh.git config --unset mailmap.blob
git -C mmh.git config mailmap.file "$SCRATCH/other.map"
tp -C mmh.git -T json --direct-by committer v0..master
is "$(git -C mmh.git check-mailmap 'jane <jane@old.example>'):$(people)" \
   "J. Doe <jane@example.org>:$(git -C mmh.git shortlog -sce v0..master | sed 's/^ *//' | sort)" \
   "bare, mailmap.file after HEAD:.mailmap, as git"
# Keepers: u-boot's net custodian under two addresses, joined by the
# .mailmap of HEAD; a bare repository and its work-tree clone alike.
mkdir cust
(cd cust && build_custodians >/dev/null 2>&1)
cd cust || exit 1
blob=$(printf 'Joe Hershberger <joe.hershberger@ni.example> <joe.hershberger@gmail.example>\n' |
	git hash-object -w --stdin)
tree=$(printf '100644 blob %s\t.mailmap\n' "$blob" | git mktree)
c=$(GIT_AUTHOR_DATE=@1700000000 GIT_COMMITTER_DATE=@1700000000 \
    git commit-tree "$tree" -p master -m ".mailmap: Joe's addresses")
git update-ref refs/heads/master "$c"
cd "$SCRATCH" || exit 1
git clone -q cust cust-wt
keepers() {
	tp -C "$1" -T json master
	printf '%s\n' "$OUT" | jq -c '[.trees[] | [.name, .commits, [.keepers[] | .email]]]'
}
is "$(keepers cust)" \
   '[["source.denx.de/u-boot/custodians/u-boot-dm",6,["simon.glass@example.org"]],["source.denx.de/u-boot/custodians/u-boot-efi",6,["heinrich.schuchardt@example.org"]],["source.denx.de/u-boot/custodians/u-boot-net",6,["joe.hershberger@ni.example"]]]' \
   "bare, HEAD:.mailmap: one keeper, one tree"
printf '%s\n' "$OUT" | grep -q 'Likely aliases'
is "$?:$(git -C cust check-mailmap 'Joe Hershberger <joe.hershberger@gmail.example>')" \
   "1:Joe Hershberger <joe.hershberger@ni.example>" "... and no likely alias, as git maps him"
is "$(keepers cust-wt)" "$(keepers cust)" "the work tree's clone: the same trees and keepers"

# --- options ------------------------------------------------------------------

fails 2 "option '--quiet' takes no value" "--quiet=yes" -C repo --quiet=yes
fails 2 "option '--trace' takes no value" "--trace=1" -C repo --trace=1 x
fails 2 "unknown option '-z'" "-zh after a long option: the short one named" -C repo --branches -zh
fails 2 "--layout is for the svg, png, pdf and html formats" "--layout with -T json" \
	-C repo -T json --layout dot
fails 2 "--layout is for the svg, png, pdf and html formats" "--layout with -T dot (the graph before layout)" \
	-C repo -T dot --layout neato
fails 2 "--layout is for the svg, png, pdf and html formats" "--layout with a .csv output" \
	-C repo -o x.csv --layout dot
fails 2 "--title is for the dot, svg, png, pdf and html formats" "--title with text" \
	-C repo --title x
fails 2 "--major is for the dot, svg, png, pdf and html formats" "--major with json" \
	-C repo -T json --major 10
fails 2 "--top is for the text, dot, svg, png, pdf, json, csv and html formats" \
	"--top with -T commits (which it does not change)" -C repo -T commits --top 3
fails 2 "--dpi is for the png format" "--dpi with svg" -C repo -T svg --dpi 100
fails 2 "--layout does not apply to --compare (it is for a report)" "a mode's refusal first" \
	-C repo --compare --layout dot v1.0..v2.0 v2.0
tp -C repo -T svg --layout neato -o x.svg v1.0..v2.0
is "$STATUS:$ERR" "0:" "--layout with svg: accepted"
tp -C repo -T html --title T -o x.html v1.0..v2.0
is "$STATUS:$ERR" "0:" "--title with html: accepted"
fails 2 "--major 1% is below --minor 5%: edges of the major share must carry at least the minor one" \
	"--major below --minor" -C repo -T svg --major 1 --minor 5
git -C repo config treeplot.minor 3
fails 2 "--major 2.5% is below treeplot.minor 3%: edges of the major share must carry at least the minor one" \
	"--major below the configured minor" -C repo -T dot --major 2.5
tp -C repo -T json v1.0..v2.0
is "$STATUS:$ERR" "0:" "a configured minor is not used (nor checked) where no edge is coloured"
git -C repo config --unset treeplot.minor
tp -C repo -T svg --major 1 --minor 1 -o x.svg v1.0..v2.0
is "$STATUS:$ERR" "0:" "--major equal to --minor: accepted"

# A reversed range exited 0 with an empty report: a CI job published
# zeros.  A usage error now, naming the range the other way round.
tp -C repo -o rev.json v2.0..v1.0
is "$STATUS:$ERR" "2:treeplot: the range v2.0..v1.0 is empty: v1.0 is reachable from v2.0; the other way round, v1.0..v2.0?" \
   "a reversed range: a usage error naming the range the other way round"
[ -z "$OUT" ] && [ ! -e rev.json ]
ok $? "a reversed range: nothing written"
tp -C repo -T json v1.0..v1.0
is "$STATUS:$ERR" "0:treeplot: the range v1.0..v1.0 is empty: both ends are the same commit" \
   "A..A: said on stderr"
tp -C repo v1.0..v2.0
is "$STATUS:$ERR" "0:" "a range with commits: nothing on stderr"

# --- the project's name ------------------------------------------------------
# From remote.origin.url's last component; else the folder without .git,
# its parent's when the folder is repo or .git (a bare repository kept
# in a folder named repo titled every chart "repo").
mkdir -p proj/repo.git && (cd proj/repo.git && repo bare && DATE=1700000000 mk n0 "initial" &&
	ref refs/heads/master n0 && git symbolic-ref HEAD refs/heads/master) || exit 1
pname() {
	"$TREEPLOT" -C proj/repo.git "$@" -T json HEAD | jq -r .repository
}
is "$(pname)" "proj" "a bare repository in a folder named repo: the parent's name"
git -C proj/repo.git config remote.origin.url https://example.org/team/tool.git
is "$(pname)" "tool" "remote.origin.url: its last component, without .git"
git -C proj/repo.git config remote.origin.url git@example.org:tool-scp.git/
is "$(pname)" "tool-scp" "an scp-like origin, a slash after it"
git -C proj/repo.git config remote.origin.url /srv/git/repo.git
is "$(pname)" "proj" "an origin that is itself a repo folder: the folder's rule"
git -C proj/repo.git config remote.origin.url https://example.org/team/tool.git
"$TREEPLOT" -C proj/repo.git -q --title "My title" -o named.svg HEAD &&
	"$TREEPLOT" -C proj/repo.git -q -o plain.svg HEAD
is "$(grep -o '>My title<\|>tool: the trees behind mainline<\|treeplot [0-9.]*, tool<' named.svg plain.svg | sed 's/treeplot [0-9.]*,/treeplot V,/' | sort -u | tr '\n' ' ')" \
   "named.svg:>My title< named.svg:treeplot V, tool< plain.svg:>tool: the trees behind mainline< plain.svg:treeplot V, tool< " \
   "the chart: --title wins for the title, the byline names the project"

done_testing
