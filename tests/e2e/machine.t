#!/bin/bash
# Machine outputs a script can rely on: one type per key across every
# JSON kind, a $schema naming the schema's $id, --help naming where the
# schema is installed, no local path in any output, -T commits' fixed
# fields with the path last, and a selection counting only the merges
# that carried its commits (and saying when it matches nothing).
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
SCHEMA=$ROOT/docs/treeplot.schema.json
R=v1.0..v2.0

plan 19

mkdir fx
cd fx || exit 1
build_fixture
cd "$SCRATCH" || exit 1
# A clone made from a directory: its origin is a path of this machine.
git clone -q --bare "$SCRATCH/fx" clone.git
ok $? "a bare clone of the fixture, its origin a local path"

# --- JSON: one type per key, $schema ------------------------------------------

"$TREEPLOT" -C clone.git -T json --latency --signed --infer-ff \
	--direct-by committer $R >report.json &&
"$TREEPLOT" -C clone.git -T json --branches $R >branches.json &&
"$TREEPLOT" -C clone.git -T json --trace "$(cd fx && id i1)" "$(cd fx && id m2)" $R >trace.json &&
"$TREEPLOT" -C clone.git -T json --explain "$(cd fx && id nm1)" $R >explain.json &&
"$TREEPLOT" -C clone.git -T json --compare --latency v1.0..v2.0-rc1 v2.0-rc1..v2.0 >compare.json &&
"$TREEPLOT" -C clone.git -T json --author=nobody $R >selected.json 2>/dev/null
ok $? "the four kinds of JSON, with every add-on"
"$PYTHON" - "$SCHEMA" report.json branches.json trace.json explain.json compare.json selected.json <<'EOT' >types.out
import json, sys
types = {}
def walk(o, where):
    if isinstance(o, dict):
        for k, v in o.items():
            if v is not None:
                t = "number" if type(v) in (int, float) else type(v).__name__
                types.setdefault(k, set()).add(t)
            walk(v, where)
    elif isinstance(o, list):
        for x in o:
            walk(x, where)
for f in sys.argv[2:]:
    walk(json.load(open(f)), f)
for k in sorted(types):
    if len(types[k]) > 1:
        print(k, sorted(types[k]))
EOT
is "$(cat types.out)" "" "one type per key across the four kinds, at every depth"
# The schema says the same: every property name one type.
"$PYTHON" - "$SCHEMA" <<'EOT' >schema-types.out
import json, sys
s = json.load(open(sys.argv[1]))
defs = s["$defs"]
def kind(x):
    if "$ref" in x:
        return kind(defs[x["$ref"].split("/")[-1]])
    t = x.get("type")
    if isinstance(t, list):
        t = [y for y in t if y != "null"]
        t = t[0] if len(t) == 1 else str(t)
    if t == "integer":
        t = "number"
    if t is None and "const" in x:
        c = x["const"]
        t = "number" if type(c) in (int, float) else ("string" if type(c) is str else "boolean")
    if t is None and "enum" in x:
        t = "string"
    if t is None and "oneOf" in x:
        ts = {kind(y) for y in x["oneOf"]} - {"null"}
        t = ts.pop() if len(ts) == 1 else str(sorted(ts))
    return t
types = {}
def walk(o):
    if isinstance(o, dict):
        for k, v in o.get("properties", {}).items():
            types.setdefault(k, set()).add(kind(v))
        for v in o.values():
            walk(v)
    elif isinstance(o, list):
        for v in o:
            walk(v)
walk(s)
for k in sorted(types):
    if len(types[k]) > 1:
        print(k, sorted(map(str, types[k])))
EOT
is "$(cat schema-types.out)" "" "the schema: every property one type"
id=$(jq -r '."$id"' "$SCHEMA")
is "$(for f in report trace explain compare; do jq -r '[."$schema", .format_version] | @tsv' $f.json; done | sort -u)" \
   "$id	2" "every kind: \$schema is the schema's \$id, format_version 2"
schema_ok "each validates against the schema" report.json branches.json trace.json explain.json compare.json selected.json
is "$(jq -c '[.mainline | type, (.urls | type)]' trace.json compare.json explain.json | sort -u)" \
   '["object","array"]' "mainline: an object with urls in --trace's, --compare's and --explain's JSON"
"$TREEPLOT" --help | sed -n '/^The JSON/,/^(its/p' | grep '^  ' |
	grep -qx '  /.*/share/treeplot/treeplot.schema.json' &&
	"$TREEPLOT" --help | grep -qF "$id"
ok $? "--help: where make install puts the schema, and its \$id"
# Run from its build tree (beside docs/), --help names the source's
# schema; a copy elsewhere, with nothing installed, says it is to come.
mkdir -p src-tree/docs lone && cp "$TREEPLOT" src-tree/treeplot &&
	cp "$TREEPLOT" lone/treeplot && : >src-tree/docs/treeplot.schema.json
src-tree/treeplot --help | sed -n '/^The JSON/,/^(its/p' >schema-src.txt
is "$(head -n 2 schema-src.txt)" "The JSON outputs' schema is docs/treeplot.schema.json in the source tree;
make install puts it in" "--help from the build tree: the source tree's schema"
lone/treeplot --help | grep -qx "The JSON outputs' schema is installed, after make install, as"
ok $? "--help of a binary with no schema anywhere: after make install"

# --- no local path -------------------------------------------------------------

is "$(jq -c '.mainline.urls' report.json)" \
   '["git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux-2.6"]' \
   "mainline.urls: the remote URL the history names, not the origin's path"
for f in txt json csv tsv svg dot html; do
	"$TREEPLOT" -C clone.git -q -o "out.$f" $R || echo "failed: $f"
done
"$TREEPLOT" -C clone.git -q --compare -o cmp.json -o cmp.txt -o cmp.csv v1.0..v2.0-rc1 v2.0-rc1..v2.0
grep -l "$SCRATCH" out.* cmp.* trace.json explain.json >paths.found
is "$(cat paths.found)" "" "no output holds the clone's own path (text, JSON, CSV, commits, SVG, DOT, HTML)"

# --- -T commits: fixed fields, the path last -------------------------------------

"$TREEPLOT" -C fx -T commits $R >plain.tsv
"$TREEPLOT" -C fx -T commits --latency --infer-ff --review $R >all.tsv
is "$(cut -f1,2,13- all.tsv)" "$(cut -f1,2,13- plain.tsv)" \
   "the add-ons' fields (3 to 12) move no other field: the path from field 13, with or without them"
awk -F'\t' '$3 !~ /^[0-9]+$/ || $4 !~ /^[-+][0-9]+$/ || $5 !~ /^[0-9]+$/ ||
	     $7 !~ /^[01]$/ || $8 !~ /^[01]$/ || $9 !~ /^[01]$/ ||
	     $10 !~ /^[01]$/ || $11 !~ /^[01]$/ || $12 !~ /^[0-9]+$/' all.tsv >bad
is "$(cut -f3-12 plain.tsv | tr -d '\t' | grep -c . | tr -d ' '):$(wc -l <bad | tr -d ' ')" "0:0" \
   "fields 3 to 12 empty without --latency, --infer-ff and --review; with them, arrival, latency and committer date numbers, 0 or 1 for five, hand-offs numbers"
# The merge field is the last hop of --trace (the mainline's merge).
cut -f1 plain.tsv | "$TREEPLOT" -C fx -T json --trace - $R |
	jq -r '.traces[] | "\(.id)\t\(if (.hops | length) > 0 then .hops[-1].merge else "" end)"' >hops
awk -F'\t' 'NF > 13 { print $1 "\t" $2 }' plain.tsv | sort >pulled
is "$(join -t "	" pulled <(sort hops) | awk -F'\t' '$2 != $3' | wc -l | tr -d ' '):$(wc -l <pulled | tr -d ' ')" "0:15" \
   "a pulled commit's merge field is its --trace's last hop (15 commits)"

# --- a selection: the merges that carried it -----------------------------------

cd fx || exit 1
tp -T json $R -- nothing
cd "$SCRATCH" || exit 1
is "$STATUS:$ERR:$(printf '%s\n' "$OUT" | jq -c '[.commits, .merges]')" \
   "0:treeplot: warning: the selection (paths: nothing) matches no commit of the range:[0,0]" \
   "a selection matching nothing: said on stderr, 0 commits, 0 merges"
# Sel wrote x1, on a topic net merged internally (nm), and m1 on the
# mainline, which net then back-merged (nb); the mainline pulled net
# (M1) and usb (M2, Other's commit only).  Sel's commits came in
# through nm and M1: two merges.  (git rev-list nb^1..nb lists m1 too,
# but nb brought nothing the mainline lacked.)
mkdir sel && cd sel || exit 1
T_MAP=$SCRATCH/sel.names	# names of its own: the fixture has an m0 too
: >"$T_MAP"
repo
mk m0 "initial"
GIT_AUTHOR_NAME=Sel mk x1 "net: topic" m0
GIT_AUTHOR_NAME=Other mk n1 "net: 1" m0
mk nm "Merge branch 'topic'" n1 x1
GIT_AUTHOR_NAME=Sel mk m1 "mainline: 1" m0
mk nb "Merge branch 'master' of git://example.org/linux" nm m1
mk M1 "Merge branch 'for-linus' of git://example.org/net" m1 nb
GIT_AUTHOR_NAME=Other mk u1 "usb: 1" m0
mk M2 "Merge branch 'usb' of git://example.org/usb" M1 u1
ref refs/heads/master M2
git symbolic-ref HEAD refs/heads/master
for m in nm nb M1 M2; do
	git rev-list --no-merges --author='^Sel ' "$(id $m)^1..$(id $m)" | grep -q . && echo "$m"
done >git.carried
is "$(tr '\n' ' ' <git.carried)" "nm nb M1 " "git: nm, nb and M1 have one of Sel's commits past their first parent"
tp -T json --mainline-url git://example.org/linux --author='^Sel ' master
is "$(printf '%s\n' "$OUT" | jq -c '[.commits, .direct, .merges]')" "[2,1,2]" \
   "--author=Sel: 2 commits, 1 direct, 2 merges carried them (nm, M1; not the back-merge nb, nor M2)"
tp -T json --mainline-url git://example.org/linux master
is "$(printf '%s\n' "$OUT" | jq -c '[.commits, .merges]')" "[5,4]" \
   "without a selection: every merge of the range"
cd "$SCRATCH" || exit 1
done_testing
