#!/bin/bash
# Selection (issue 13, part 3): "treeplot RANGE -- PATH..." and --author
# narrow the report to the commits git log --full-history --no-merges
# lists, each keeping exactly the path the unfiltered run gives it; the
# counts are those of the selected commits.  The histories are genhist's
# with --files (a few files in a few directories per commit).
#
# The reference set is git's, made exact: git log's A..B is date-limited
# and genhist plants a clock trap that makes it wrong (generated.t), so
# the range is git log B minus git rev-list A (--full-history and
# --no-merges make each commit's selection its own diff, whatever the
# range).
. "$(dirname "$0")/lib.sh"

GENHIST=$BUILD/genhist
export GENHIST
ROOT=$(cd "$TESTDIR/../.." && pwd)

# The selections: "paths|author" (an empty side: no such criterion).
CASES=(
	"fs/ext4/inode.c|"
	"drivers|"
	"drivers/usb/|"
	"*.c|"
	"drivers/*/core.c|"
	"README lib include/linux/list.h|"
	"no/such/path|"
	"|^Main Line <"
	"|example\\.com>\$"
	"drivers|^[A-K]"
	"*.h Makefile|(Holm|Rossi) <"
	"|^Nobody"
)
RANGES="master v1.1..master v1.2..v1.3"
SEEDS="11 12"

plan $((2 * 3 * 12 * 3 + 2 + 4 + 4 + 3 + 2 + 9 + 1 + 2 + 5 * 2 * 3))

# same FILE-EXPECTED FILE-GOT DESC, with the first differences shown.
same() {
	if cmp -s "$1" "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		echo "# $(wc -l <"$1") lines expected, $(wc -l <"$2") got"
		diff "$1" "$2" | grep '^[<>]' | head -10 | sed 's/^/# /'
	fi
}

# git's set: the non-merge commits of RANGE touching PATHS by AUTHOR.
# What A of A..B hides is listed once per repository and A (hidden.*).
git_set() {
	local g=$1 r=$2 paths=$3 author=$4 to=${2#*..} args=() hidden

	[ -n "$author" ] && args=(-E "--author=$author")
	hidden=$g.hidden.${r%..*}
	if [ "$r" = "$to" ]; then
		hidden=/dev/null
	elif [ ! -e "$hidden" ]; then
		git -C "$g" rev-list "${r%..*}" | sort >"$hidden"
	fi
	# shellcheck disable=SC2086 # the paths are words on purpose
	git -C "$g" log --full-history --no-merges --format=%H "${args[@]}" \
		"$to" -- $paths | sort | comm -23 - "$hidden"
}

# check SEED-DIR RANGE CASE: the commit set, the paths, the counts.  The
# selection's commits and JSON come from one run (two -o: each byte for
# byte its own run's, as ci.t proves); the unfiltered run
# is made once per range (all.*).
check() {
	local d=$1 r=$2 paths=${3%%|*} author=${3#*|} args=() what all

	what="seed ${d##*/} $r: ${paths:-(no path)} / ${author:-(no author)}"
	[ -n "$author" ] && args=("--author=$author")
	git_set "$d/repo.git" "$r" "$paths" "$author" >"$d/want"
	rm -f "$d/sel.tsv" "$d/sel.json"
	# shellcheck disable=SC2086
	"$TREEPLOT" -C "$d/repo.git" -o "$d/sel.tsv" -o "$d/sel.json" \
		"${args[@]}" "$r" -- $paths 2>"$d/err"
	paths <"$d/sel.tsv" >"$d/sel.p" && mv "$d/sel.p" "$d/sel.tsv"
	cut -f1 "$d/sel.tsv" | sort >"$d/got"
	same "$d/want" "$d/got" "$what: the commits are git log's"
	sed 's/^/# /' "$d/err" | head -3
	all=$d/all.$(printf '%s' "$r" | tr -c 'A-Za-z0-9.' _).tsv
	[ -e "$all" ] || "$TREEPLOT" -C "$d/repo.git" -T commits "$r" | paths | sort >"$all"
	join -t "	" "$d/want" "$all" >"$d/want.tsv"
	sort "$d/sel.tsv" >"$d/got.tsv"
	same "$d/want.tsv" "$d/got.tsv" "$what: their paths are the unfiltered run's"
	"$PYTHON" - "$d/sel.json" "$d/sel.tsv" "$paths" "$author" <<'EOT'
import collections, json, sys
j = json.load(open(sys.argv[1]))
lines = [l.rstrip("\n").split("\t") for l in open(sys.argv[2])]
through = collections.Counter()
for l in lines:
    for t in set(l[1:-1]):
        through[t] += 1
trees = {t["name"]: t["commits"] for t in j["trees"]}
want = {"paths": sys.argv[3].split(), "authors": [sys.argv[4]] if sys.argv[4] else []}
bad = []
if j["commits"] != len(lines):
    bad.append("commits %d, %d selected" % (j["commits"], len(lines)))
if j["direct"] != sum(1 for l in lines if len(l) == 2):
    bad.append("direct %d" % j["direct"])
if trees != dict(through):
    bad.append("trees %s, want %s" % (sorted(trees.items())[:5], sorted(through.items())[:5]))
if j.get("selection") != want:
    bad.append("selection %s" % j.get("selection"))
for b in bad:
    print("# " + b)
sys.exit(1 if bad else 0)
EOT
	ok $? "$what: the JSON counts the selected commits per tree"
}

for s in $SEEDS; do
	"$ROOT/tools/mkrepo.sh" "$SCRATCH/$s" --commits 1500 --trees 12 \
		--seed "$s" --releases 4 --files >/dev/null 2>"$SCRATCH/mk.err" ||
		{ cat "$SCRATCH/mk.err"; exit 1; }
	for r in $RANGES; do
		for c in "${CASES[@]}"; do
			check "$SCRATCH/$s" "$r" "$c"
		done
	done
done

G=$SCRATCH/11/repo.git

# --- genhist: --files is option-gated ---------------------------------
"$GENHIST" --commits 300 --trees 5 --seed 3 >plain.fi
"$GENHIST" --commits 300 --trees 5 --seed 3 --files | grep -v '^[MD] ' |
	awk '/^data <<EOF$/ { skip = 1; next } skip && /^EOF$/ { skip = 0; next }
	     !skip' >files.fi
cmp -s plain.fi files.fi
ok $? "genhist --files: the same history, files aside"
is "$(git -C "$G" ls-tree -r --name-only "$(git -C "$G" rev-list --max-parents=0 master)" |
      wc -l):$(git -C "$G" ls-tree --name-only "$(git -C "$G" rev-list --max-parents=0 master)" | wc -l)" 12:8 \
   "genhist --files: a dozen files in a few directories"

# --- the report states the selection ----------------------------------
tp -C "$G" --author='^[A-K]' v1.1..master -- drivers '*.h'
is "$STATUS:$(sed -n 3p "$SCRATCH/.out")" \
   "0:selected    paths: drivers *.h; author: ^[A-K]" "text: the selection line"
n=$(git_set "$G" v1.1..master "drivers *.h" "^[A-K]" | wc -l)
is "$(sed -n 4p "$SCRATCH/.out" | awk '{ print $1 }')" "$n" \
   "text: the header counts the selected commits"
tp -C "$G" -T dot v1.1..master -- drivers
ok "$(printf '%s' "$OUT" | grep -c 'selected: paths: drivers' | grep -qx 1; echo $?)" \
   "chart: the subtitle says what was selected"
tp -C "$G" -T json v1.1..master
ok "$(printf '%s' "$OUT" | grep -c '"selection"')" "no selection: no member"

# --- options around the paths -------------------------------------------
tpc -C "$G" -T commits v1.1..master -- drivers
want=$OUT
tpc -C "$G" v1.1..master -T commits -- drivers
is "$STATUS:$OUT" "0:$want" "options after the range, then --"
tpc -C "$G" --author -- -T commits v1.1..master
is "$STATUS:$OUT" "0:" "--author --: a pattern, not the separator"
tpc -C "$G" -T commits --author='(' v1.1..master
is "$STATUS:$(printf '%s' "$ERR" | wc -l):${ERR%%:*}" "2:0:treeplot" \
   "a bad --author pattern: one usage error line"
tp -C "$G" --explain master -- drivers
is "$STATUS:$ERR" "2:treeplot: paths do not apply to --explain" \
   "--explain takes no paths"

# --- --trace -------------------------------------------------------------
in=$(git_set "$G" v1.1..master drivers "" | head -1)
out=$(comm -23 <(git_set "$G" v1.1..master "" "") \
	<(git_set "$G" v1.1..master drivers "") | head -1)
tp -C "$G" --trace -T json "$in" v1.1..master
plain=$(printf '%s' "$OUT" | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["traces"])')
tp -C "$G" --trace -T json "$in" "$out" v1.1..master -- drivers
is "$STATUS:$(printf '%s' "$OUT" | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["traces"])')" \
   "1:$plain" "--trace: a selected commit's way is the unfiltered one"
is "$(printf '%s' "$OUT" | "$PYTHON" -c 'import json,sys; j=json.load(sys.stdin); print(j["untraced"][0]["reason"], j["selection"])')" \
   "not-selected {'paths': ['drivers'], 'authors': []}" \
   "--trace: a commit left out is untraced, not selected"
is "$ERR" "treeplot: $out: not selected by the paths or --author given" \
   "--trace: says so on stderr"

# --- --compare -----------------------------------------------------------
tp -C "$G" --compare -T json --author='^[A-K]' v1.0..v1.1 v1.1..v1.2 v1.2..v1.3 -- drivers
got=$(printf '%s' "$OUT" | "$PYTHON" -c 'import json,sys; print(" ".join(str(r["commits"]) for r in json.load(sys.stdin)["ranges"]))')
want=$(for r in v1.0..v1.1 v1.1..v1.2 v1.2..v1.3; do
	git_set "$G" "$r" drivers '^[A-K]' | wc -l; done | paste -sd ' ')
is "$STATUS:$got" "0:$want" "--compare: each range counts its selected commits"
tp -C "$G" --compare --author='^[A-K]' v1.0..v1.1 v1.1..v1.2 -- drivers
is "$(sed -n 2p "$SCRATCH/.out")" "selected    paths: drivers; author: ^[A-K]" \
   "--compare: the text says what was selected"

# --- every format ----------------------------------------------------------
for f in text dot svg png pdf json commits csv html; do
	tp -C "$G" -T "$f" -o "out.$f" v1.1..master -- drivers
	is "$STATUS:$ERR" "0:" "-T $f with paths"
done

# --- the schema ------------------------------------------------------------
"$TREEPLOT" -C "$G" -T json --author=x v1.1..master -- drivers >a.json
"$TREEPLOT" -C "$G" --trace -T json "$in" "$out" v1.1..master -- drivers >b.json 2>/dev/null
"$TREEPLOT" -C "$G" --compare -T json v1.0..v1.1 v1.1..v1.2 -- lib >c.json
schema_ok "the JSON with a selection validates against the schema" a.json b.json c.json

# --- partial clones ----------------------------------------------------------
git -C "$G" config uploadpack.allowFilter true
git clone -q --bare --no-local --filter=blob:none "file://$G" blobless.git 2>/dev/null
git clone -q --bare --no-local --filter=tree:0 "file://$G" treeless.git 2>/dev/null
tpc -C "$G" -T commits v1.1..master -- drivers
full=$OUT
tpc -C blobless.git -T commits v1.1..master -- drivers
is "$STATUS:$OUT" "0:$full" "a blobless clone has the trees it needs"
tpc -C treeless.git -T commits v1.1..master -- drivers
is "$STATUS:$(printf '%s\n' "$ERR" | wc -l):$(printf '%s' "$ERR" | grep -c 'missing (a partial clone')" \
   "1:1:1" "a treeless clone: one clear error"

# --- --author and the .mailmap ---------------------------------------------
# git log --author matches the author as the .mailmap names them (log.mailmap,
# on by default): the mapped "Name <mail>" only, as git 2.39 does.  A name
# and address replaced, a name replaced by the address, an address
# replaced by name and address.
cat >"$SCRATCH/sel.mailmap" <<'EOF'
Dana Xavier <dana@new.example> <d.garcia.497@example.com>
Renamed Brandt <n.brandt.65@example.com>
Farah Zeller <farah@new.example> Farah Zeller <f.zeller.369@example.com>
EOF
git -C "$G" config mailmap.file "$SCRATCH/sel.mailmap"
rm -f "$SCRATCH"/11/all.*
for c in "|Xavier" "|Garcia" "|^Renamed Brandt <" "|new\\.example>\$" "drivers|Brandt"; do
	for r in master v1.1..master; do
		check "$SCRATCH/11" "$r" "$c"
	done
done
git -C "$G" config --unset mailmap.file

done_testing
