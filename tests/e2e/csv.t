#!/bin/bash
# CSV output (-T csv, .csv): the trees or the edges table, one an output
# (--csv-table, or the file's name), RFC 4180, read back by Python's csv
# module and compared with the JSON; hostile names stay one field each
# and inert in a spreadsheet.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

plan 29

mkdir fx
cd fx || exit 1
build_fixture
R=v1.0..v2.0
CR=$(printf '\r')

# rows FILE: the table as Python's csv module reads it, one record a
# line, fields joined by " | ".
rows() {
	"$PYTHON" -c '
import csv, sys
for rec in csv.reader(open(sys.argv[1], newline="")):
    print(" | ".join(rec))' "$1"
}

# one_table FILE: the file is one table, as pandas.read_csv or a
# spreadsheet reads it: no blank line, every record the header's fields.
one_table() {
	"$PYTHON" -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
sys.exit(0 if rows and all(len(r) == len(rows[0]) for r in rows) else 1)' "$1" &&
	! grep -q '^$' "$1"
}

TREES="tree,commits,own,depth,pulls,folded,applied,topics,topic_merges,urls
mainline,21,6,0,0,0,3,3,2,$K/torvalds/linux-2.6
davem/net-2.6,7,3,1,1,0,,,,$K/davem/net-2.6 https://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git/
x86/linux-2.6-tip,5,4,1,1,0,,,,$K/x86/linux-2.6-tip
linville/wireless-2.6,4,2,2,1,0,,,,master.kernel.org:/pub/scm/linux/kernel/git/linville/wireless-2.6
iwlwifi/iwlwifi-2.6,2,2,3,1,0,,,,$K/iwlwifi/iwlwifi-2.6.git
jikos/hid,2,2,1,2,0,,,,$K/jikos/hid.git master.kernel.org:/pub/scm/linux/kernel/git/jikos/hid
tiwai/sound-2.6,2,2,1,1,0,,,,$K/tiwai/sound-2.6"
EDGES="from,to,commits,pulls
davem/net-2.6,mainline,7,1
x86/linux-2.6-tip,mainline,5,1
linville/wireless-2.6,davem/net-2.6,4,1
iwlwifi/iwlwifi-2.6,linville/wireless-2.6,2,1
tiwai/sound-2.6,mainline,2,1
jikos/hid,mainline,1,1
jikos/hid,x86/linux-2.6-tip,1,1"

tp -T csv $R
is "$STATUS" 0 "-T csv: exit status 0"
printf '%s\n' "$OUT" >all.csv
is "$(tr -d '\r' <all.csv)" "$TREES" \
   "-T csv: the trees table alone (the mainline first, its direct commits split: 3 applied, 3 through 2 topic merges)"
one_table all.csv
ok $? "-T csv: one table, as a spreadsheet or pandas.read_csv reads it"
is "$(grep -c "$CR" all.csv)" 0 "lines end in LF, no CR anywhere (cut -f of a pipeline sees no stray CR)"
tp -T csv --crlf $R
printf '%s\n' "$OUT" >crlf.csv
is "$(grep -c "$CR\$" crlf.csv)" "$(wc -l <crlf.csv | tr -d ' ')" "--crlf: every line ends in CRLF"
is "$(tr -d '\r' <crlf.csv)" "$(cat all.csv)" "--crlf: the same records, only the line ends differ"
tp -T json --crlf $R
is "$STATUS:$ERR" "2:treeplot: --crlf is for the csv format" "--crlf with json: a usage error"

tp -T json $R
printf '%s\n' "$OUT" >all.json
is "$(rows all.csv | sed 1,2d | cut -d'|' -f1-5 | sed 's/ *$//')" \
   "$(jq -r '.trees[] | "\(.name) | \(.commits) | \(.own) | \(.depth) | \(.pulls)"' all.json)" \
   "trees as Python's csv reads them = the JSON's trees"
is "$(rows all.csv | sed -n 2p)" \
   "$(jq -r '"mainline | \(.commits) | \(.direct) | 0 | 0 | 0 | \(.direct_applied) | \(.direct_topics) | \(.topic_merges) | \(.mainline.urls | join(" "))"' all.json)" \
   "the mainline row: the range's commits, the direct ones and their split, its URLs"

tp -T csv --csv-table edges $R
printf '%s\n' "$OUT" >edges.csv
is "$(tr -d '\r' <edges.csv)" "$EDGES" "--csv-table edges: the edges table alone"
one_table edges.csv
ok $? "--csv-table edges: one table"
is "$(rows edges.csv | sed 1d)" \
   "$(jq -r '.edges[] | "\(.from) | \(.to) | \(.commits) | \(.pulls)"' all.json)" \
   "edges as Python's csv reads them = the JSON's edges"
tp -T csv --csv-table trees $R
is "$(printf '%s\n' "$OUT" | tr -d '\r')" "$TREES" "--csv-table trees: the default"
tp -o out.csv $R
cmp -s out.csv all.csv
ok $? ".csv: the same as -T csv"
tp -o OUT.CSV --csv-table edges $R
is "$(head -n 1 OUT.CSV | tr -d '\r')" "from,to,commits,pulls" ".CSV (upper case) with --csv-table"
# Both tables from one walk: a file's name says its table.
tp -o flow-trees.csv -o flow-edges.csv -o flow.edges.csv -o edges.csv -o x.csv $R
is "$STATUS:$(cat flow-trees.csv x.csv | tr -d '\r')" "0:$TREES
$TREES" "-o flow-trees.csv, -o x.csv: the trees table (a name naming none: --csv-table's)"
is "$(cat flow-edges.csv flow.edges.csv edges.csv | tr -d '\r')" "$EDGES
$EDGES
$EDGES" "-o flow-edges.csv, flow.edges.csv, edges.csv: the edges table"
tp -o x.csv -o y-trees.csv --csv-table edges $R
is "$(head -qn 1 x.csv y-trees.csv)" "from,to,commits,pulls
tree,commits,own,depth,pulls,folded,applied,topics,topic_merges,urls" \
   "--csv-table edges: the files naming no table; a name naming one wins"
tp -o knees.csv -o sedges.csv $R
is "$(head -qn 1 knees.csv sedges.csv | cut -d, -f1)" "tree
tree" "a name that only ends in a table's (sedges.csv): not that table"

tp -T csv --top 2 $R
is "$(printf '%s\n' "$OUT" | tr -d '\r' | grep '^[0-9]* other trees,')" \
   "2 other trees,3,3,1,2,2,,,," "--top: the fold's row, with the trees it stands for"

for args in "--csv-table trees $R" "-T json --csv-table trees $R" \
	    "-T csv --csv-table summary $R" "-T csv --csv-table nodes $R" \
	    "-o x.json --csv-table edges $R" "-o summary.csv $R"; do
	tp $args
	is "$STATUS:$(printf '%s' "$OUT" | wc -c | tr -d ' ')" 2:0 "usage error: $args"
done

# --- hostile names -----------------------------------------------------------

cd "$SCRATCH" || exit 1
mkdir hostile
cd hostile || exit 1
repo
mk z0 "main: 0"
mk z1 "main: 1" z0
RLO=$(printf '\342\200\256')
i=0
for url in 'git://evil.example/a,b"c' "git://git.kernel.org/pub/scm/=HYPERLINK(\"x\")" \
	   'git://git.kernel.org/pub/scm/-2+3' 'git://git.kernel.org/pub/scm/@SUM(A1)' \
	   "git://evil.example/rlo${RLO}gpj.exe"; do
	i=$((i + 1))
	mk zb$i "b: $i" z1
	prev=$([ $i -eq 1 ] && echo z1 || echo zM$((i - 1)))
	mk zM$i "Merge branch 'x' of $url" $prev zb$i
done
ref refs/heads/master zM$i
git symbolic-ref HEAD refs/heads/master

tp -T csv --csv-table trees master
printf '%s\n' "$OUT" >h.csv
is "$(rows h.csv | sed 1,2d | cut -d'|' -f1 | sed 's/ *$//' | sort)" \
"'-2+3
'=HYPERLINK(\"x\")
'@SUM(A1)
evil.example/a,b\"c
evil.example/rlo\\xe2\\x80\\xaegpj.exe" \
   "each name one field: commas and quotes quoted, formulas defused by an apostrophe, invisible controls escaped"
grep -q "$RLO" h.csv
ok $((! $?)) "no right-to-left override reaches the file"
"$PYTHON" -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
sys.exit(0 if all(len(r) == 10 for r in rows) else 1)' h.csv
ok $? "every record has the header's ten fields"

done_testing
