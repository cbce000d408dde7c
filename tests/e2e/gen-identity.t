#!/bin/bash
# Generated histories with the cases of tree identity (genhist
# --identity): a tree whose host moves halfway, kernel.org home-directory
# spellings (pulled, and merged by their own trees), the mainline's
# committers pulling the central repository into master, two owners'
# forks of one repository.  Every commit's path must be genhist's ground
# truth, and every tree one node.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
GENHIST=$BUILD/genhist
export GENHIST
CONFIGS="1:3000 4:20000"

plan $((9 * $(echo $CONFIGS | wc -w) + 1))

"$GENHIST" --commits 2000 --seed 3 >"$SCRATCH/plain" &&
"$GENHIST" --commits 2000 --seed 3 --identity >"$SCRATCH/ident" &&
! cmp -s "$SCRATCH/plain" "$SCRATCH/ident"
ok $? "genhist: --identity changes the stream (and only with it)"
rm -f "$SCRATCH/plain" "$SCRATCH/ident"

for cfg in $CONFIGS; do
	seed=${cfg%%:*} n=${cfg#*:}
	d=$SCRATCH/h$seed
	what="seed $seed, $n commits, --identity"

	"$ROOT/tools/mkrepo.sh" "$d" --commits "$n" --seed "$seed" \
		--identity >"$d.log" 2>&1
	ok $? "$what: generated and imported"

	"$TREEPLOT" -C "$d/repo.git" -T commits master 2>"$d/err" |
		paths | sort >"$d/got"
	cmp -s "$d/expected.tsv" "$d/got"
	ok $? "$what: every commit of master has its true path"
	diff "$d/expected.tsv" "$d/got" | head -5 | sed 's/^/# /'

	"$TREEPLOT" -C "$d/repo.git" -T json master >"$d/json" 2>>"$d/err"
	want=$(cut -f2- "$d/expected.tsv" | tr '\t' '\n' | sort -u |
	       grep -vcx mainline)
	is "$(jq '.summary.tree_count' "$d/json")" "$want" \
	   "$what: one node per tree ($want trees)"
	is "$(jq -c '[.trees[] | select(.name | startswith("source.denx.de/")) |
		      [(.urls | map(sub("^[a-z]+://"; "") | split("/")[0]) | unique)]]' "$d/json")" \
	   '[[["git.denx.de","source.denx.de"]]]' \
	   "$what: the tree whose host moved is one tree with both hosts' spellings"
	is "$(jq '[.trees[] | select(.name | endswith("/util-linux"))] | length' "$d/json")" 2 \
	   "$what: two owners' forks are two trees"
	is "$(jq '[.mainline.urls[] | select(. == "ssh://central.example.org/home/linux/git/linux")] | length' "$d/json")" 1 \
	   "$what: the central repository self-pulled into master is the mainline's"
	jq -e '[.trees[].urls[] | select(startswith("master.kernel.org:/home/"))] | length > 0' "$d/json" >/dev/null
	ok $? "$what: home-directory spellings are in their kernel.org trees"

	# After the move: a range of its own, exactly.
	grep -E '	(v1\.(5|6|7)(-rc[0-9])?)$' "$d/cycles.tsv" | cut -f1 | sort >"$d/ids"
	join -t "	" "$d/ids" "$d/expected.tsv" >"$d/want"
	"$TREEPLOT" -C "$d/repo.git" -T commits v1.4..v1.7 2>>"$d/err" |
		paths | sort >"$d/got"
	cmp -s "$d/want" "$d/got"
	ok $? "$what: v1.4..v1.7, exactly its commits, with their true paths"
	sed 's/^/# /' "$d/err" | head -5

	# --compare across the move: one tree in both ranges, neither
	# appeared nor disappeared.
	"$TREEPLOT" -C "$d/repo.git" --compare -T json v1.3..v1.4 v1.5..v1.6 \
		>"$d/cmp" 2>>"$d/err"
	is "$(jq -c '[([.trees[] | select(.name | startswith("source.denx.de/")) | (.commits_by_range | map(. > 0))]),
		      ([.appeared[], .disappeared[]] | map(select(test("denx"))))]' "$d/cmp")" \
	   '[[[true,true]],[]]' \
	   "$what: --compare across the move: one tree in both ranges"
	rm -rf "$d"
done

done_testing
