#!/bin/sh
# Issue 27, reliability round three (ii): no file in the repository is
# trusted.  A FIFO (or device, socket) where git keeps a file is refused,
# naming it, never waited on; configuration includes likewise; .mailmap as
# git reads it; git's receive quarantine (GIT_OBJECT_DIRECTORY and
# GIT_ALTERNATE_OBJECT_DIRECTORIES) honoured by every reader; a pack or
# commit-graph cut short while mapped is an error naming it.  Every run
# that could hang is under timeout, so a hang fails.
. "$(dirname "$0")/lib.sh"

plan 29

T=10	# seconds: every run here takes well under one

# tpt ARGS: tp under timeout (status 124 when it hung).
tpt() {
	timeout "$T" "$TREEPLOT" "$@" >"$SCRATCH/.out" 2>"$SCRATCH/.err"
	STATUS=$?
	OUT=$(cat "$SCRATCH/.out")
	ERR=$(cat "$SCRATCH/.err")
}

# A small history: a pack, packed refs, a split commit-graph of two
# layers (whose files are the chain's), a loose ref and reflogs.
mkdir base
cd base || exit 1
repo
mk m0 "main: 0"
mk m1 "main: 1" m0
mk s1 "side: 1" m0
mk M1 "Merge branch 'side' of git://example.org/side" m1 s1
mk m2 "main: 2" M1
ref refs/heads/master m2
ref refs/tags/v1 m0
git symbolic-ref HEAD refs/heads/master
git update-ref -m start refs/heads/topic "$(id m1)"
git update-ref -m next refs/heads/topic "$(id m2)"
git repack -q -a -d
git pack-refs --all
git update-ref refs/heads/loose "$(id m1)"
id m1 | git commit-graph write --split --stdin-commits
id m2 | git commit-graph write --split=no-merge --stdin-commits
want=$("$TREEPLOT" -T commits v1..master)
cd "$SCRATCH" || exit 1
is "$(wc -l <base/.git/objects/info/commit-graphs/commit-graph-chain)" 2 \
   "fixture: a commit-graph chain of two layers"

# fifo NAME PATH [ARGS...]: a copy of base with PATH (under its .git)
# a FIFO; treeplot ARGS (v1..master by default) on it exits 1 at once,
# with one line naming the FIFO.
fifo() {
	f_name=$1 f_path=$2
	shift 2
	rm -rf "f_$f_name"
	cp -R base "f_$f_name"
	rm -f "f_$f_name/.git/$f_path"
	mkfifo "f_$f_name/.git/$f_path"
	f_abs=$(cd "f_$f_name/.git" && pwd -P)/$f_path
	[ $# -gt 0 ] || set -- v1..master
	tpt -C "f_$f_name" -T commits "$@"
	is "$STATUS $ERR" "1 treeplot: cannot read '$f_abs': not a regular file" \
	   "a FIFO as $f_path: refused at once, named"
}
idx=$(cd base/.git && ls objects/pack/*.idx)
layer=$(cd base/.git && ls objects/info/commit-graphs/*.graph | head -n 1)
fifo idx "$idx"
fifo midx objects/pack/multi-pack-index
fifo graph objects/info/commit-graph
fifo chain objects/info/commit-graphs/commit-graph-chain
fifo layer "$layer"
fifo alternates objects/info/alternates
fifo packed packed-refs
fifo ref refs/heads/loose
fifo shallow shallow
fifo reflog logs/HEAD 'HEAD@{1}'
fifo branchlog logs/refs/heads/topic 'topic@{1}'
fifo pseudo ORIG_HEAD 'ORIG_HEAD~1'
cp -R f_graph f_dev
rm f_dev/.git/objects/info/commit-graph
ln -s /dev/zero f_dev/.git/objects/info/commit-graph
tpt -C f_dev -T commits v1..master
is "$STATUS $ERR" "1 treeplot: cannot read '$(cd f_dev/.git && pwd -P)/objects/info/commit-graph': not a regular file" \
   "a link to /dev/zero as the commit-graph: refused, never read without end"

# --- configuration files: every include held to the same rule ---------------------

cp -R base inc
mkfifo inc/.git/evil
printf '[include]\n\tpath = evil\n' >>inc/.git/config
tpt -C inc v1..master
is "$STATUS $ERR" "1 treeplot: cannot read '$(cd inc/.git && pwd -P)/evil': not a regular file" \
   "the repository's .git/config including a FIFO: refused before libgit2 waits on it"
mkfifo fifo
printf '[treeplot]\n\ttop = 3\n[include]\n\tpath = two.cfg\n' >one.cfg
printf '[includeIf "gitdir:/nowhere/"]\n\tpath = "%s"  ; a comment\n' "$SCRATCH/fifo" >two.cfg
tpt -C base --config one.cfg v1..master
is "$STATUS $ERR" "2 treeplot: cannot read '$SCRATCH/fifo': not a regular file" \
   "--config including a file including a FIFO (under any condition): a usage error naming it"
mkdir -p "$XDG_CONFIG_HOME/treeplot"
printf '[include]\n\tpath = ~/fifo\n' >"$XDG_CONFIG_HOME/treeplot/config"
mkfifo "$HOME/fifo"
tpt -C base v1..master
is "$STATUS $ERR" "2 treeplot: cannot read '$HOME/fifo': not a regular file" \
   "the user's configuration including ~/fifo: refused"
rm "$XDG_CONFIG_HOME/treeplot/config"

# --- .mailmap in the work tree: a FIFO, a link out of the tree --------------------

cp -R base mm
printf 'Mallory <m@evil.example> <c@example.org>\n' >outside.map
ref_html=$("$TREEPLOT" -C mm -T html v1..master | sha256sum | cut -d' ' -f1)
ref_direct=$("$TREEPLOT" -C mm --direct-by committer v1..master)
mkfifo mm/.mailmap
tpt -C mm -T html v1..master
is "$STATUS $(sha256sum <"$SCRATCH/.out" | cut -d' ' -f1) $ERR" \
   "0 $ref_html treeplot: warning: ignoring the mailmap '$SCRATCH/mm/.mailmap': not a regular file" \
   "a FIFO as .mailmap, -T html: said, skipped, the same report"
tpt -C mm --direct-by committer v1..master
is "$STATUS $OUT" "0 $ref_direct" "a FIFO as .mailmap, --direct-by: the same report"
rm mm/.mailmap
ln -s ../outside.map mm/.mailmap
is "$(git -C mm check-mailmap 'C <c@example.org>' 2>/dev/null)" "C <c@example.org>" \
   "git ignores a .mailmap that is a symbolic link"
tpt -C mm --direct-by committer v1..master
is "$STATUS $OUT" "0 $ref_direct" "a .mailmap linking out of the tree: not read, as git"
is "$ERR" "treeplot: warning: ignoring the mailmap '$SCRATCH/mm/.mailmap': a symbolic link, which git does not follow in the work tree" \
   "a .mailmap linking out of the tree: said on one line"
git -C mm config mailmap.file "$SCRATCH/outside.map"
tpt -C mm --direct-by committer v1..master
printf '%s\n' "$OUT" | grep -q 'Mallory <m@evil.example>'
ok $? "mailmap.file (the user's choice, not the tree's): read, as git reads it"

# --- git's receive quarantine: a pre-receive hook --------------------------------

git init -q --bare server.git
git -C base push -q "$SCRATCH/server.git" master
git -C server.git commit-graph write --reachable
mkdir hook
cat >server.git/hooks/pre-receive <<EOF
#!/bin/sh
# What git answers and what treeplot answers, from inside the quarantine.
n=\$((\$(ls "$SCRATCH/hook" | grep -c '^env') + 1))
env | grep -E '^GIT_(OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES)=' | sort >"$SCRATCH/hook/env.\$n"
while read old new ref; do
	"$TREEPLOT" -T commits "\$old..\$new" 2>&1 | cut -f1 | sort >"$SCRATCH/hook/tp.\$n"
	git rev-list --no-merges "\$old..\$new" | sort >"$SCRATCH/hook/git.\$n"
done
exit 0
EOF
chmod +x server.git/hooks/pre-receive
git clone -q server.git client
cd client || exit 1
for i in 1 2 3; do git commit -q --allow-empty -m "new $i"; done
git push -q origin master
git commit -q --allow-empty -m "new 4"
git checkout -q -b topic HEAD~2
git commit -q --allow-empty -m "topic 1"
git checkout -q master
git merge -q --no-ff -m "Merge branch 'topic' of git://example.org/x" topic
git -C "$SCRATCH/server.git" config receive.unpackLimit 1
git push -q origin master
cd "$SCRATCH" || exit 1
for n in 1 2; do
	grep -q "^GIT_OBJECT_DIRECTORY=.*incoming-" "hook/env.$n" &&
		grep -q "^GIT_ALTERNATE_OBJECT_DIRECTORIES=" "hook/env.$n"
	ok $? "push $n: the hook ran in git's quarantine"
	[ -s "hook/git.$n" ] && cmp -s "hook/tp.$n" "hook/git.$n"
	ok $? "push $n ($(wc -l <"hook/git.$n") new commits, $([ $n = 1 ] && echo loose || echo packed)): treeplot's answer is git's"
	[ -s "hook/git.$n" ] || sed 's/^/# /' "hook/tp.$n"
done

# --- a pack or a commit-graph cut short while mapped --------------------------------

# truncated DIR FILE ARGS: treeplot ARGS in DIR stops itself once its
# files are mapped (TREEPLOT_TEST_STOP_WALK); FILE is then cut to nothing
# and treeplot continued: $STATUS and $ERR say how it ended.
truncated() {
	t_dir=$1 t_file=$2
	shift 2
	(cd "$t_dir" && TREEPLOT_TEST_STOP_WALK=1 exec "$TREEPLOT" "$@") \
		>"$SCRATCH/.out" 2>"$SCRATCH/.err" &
	t_pid=$!
	t_state=
	for i in $(seq 1 200); do
		t_state=$(cut -d' ' -f3 "/proc/$t_pid/stat" 2>/dev/null)
		[ "$t_state" = T ] && break
		sleep 0.05
	done
	chmod u+w "$t_dir/$t_file"
	: >"$t_dir/$t_file"
	kill -CONT $t_pid 2>/dev/null
	wait $t_pid
	STATUS=$?
	ERR=$(cat "$SCRATCH/.err")
	[ "$t_state" = T ] || echo "# treeplot never stopped"
}
git clone -q --bare --no-local base cut.git
p=$(cd cut.git && ls objects/pack/*.pack)
truncated cut.git "$p" -T commits -j 2 master
is "$STATUS $ERR" "1 treeplot: cannot read commit object $(id m2): '$(cd cut.git && pwd -P)/$p' was cut short while it was read" \
   "a pack cut short during a walk: an error naming it, not SIGBUS"
git clone -q --bare --no-local base cutg.git
git -C cutg.git commit-graph write --reachable
truncated cutg.git objects/info/commit-graph -T commits v1..master
is "$STATUS $ERR" "1 treeplot: the commit-graph '$(cd cutg.git && pwd -P)/objects/info/commit-graph' was cut short while it was read" \
   "a commit-graph cut short during a walk: an error naming it, not SIGBUS"

done_testing
