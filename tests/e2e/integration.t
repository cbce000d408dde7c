#!/bin/bash
# An integration branch: custodian trees pulled into `next`, `next`
# merged into master at the merge window (U-Boot's way).  A commit's way
# ends with the merge of the mainline's first-parent line that brought
# it (git: the oldest first-parent commit of rev-list --ancestry-path
# C..B), with `next` a hop of its own; --explain of the pull into next
# says where it went; the timeline places the pull where it reached the
# mainline.
. "$(dirname "$0")/lib.sh"

plan 13

# mkd NAME SUBJECT DAY [PARENT...]: a commit DAY days after D.
D=1775001600	# 2026-04-01
mkd() {
	local name=$1 subject=$2 day=$3 p=() x
	shift 3
	for x in "$@"; do p+=(-p "$(id "$x")"); done
	x=$(GIT_AUTHOR_DATE="@$((D + day * 86400)) +0000" \
	    GIT_COMMITTER_DATE="@$((D + day * 86400)) +0000" \
	    git commit-tree "$T_EMPTY_TREE" "${p[@]}" -m "$subject") || exit 1
	printf '%s\t%s\n' "$name" "$x" >>"$T_MAP"
}
CUST=https://source.denx.de/u-boot/custodians
mkdir fx && cd fx && repo
mkd l0 "Prepare v2026.04" 0
git tag -a -m v2026.04 v2026.04 "$(id l0)"
mkd s1 "snapdragon: one" 40 l0
mkd s2 "snapdragon: two" 41 s1
mkd n0 "board: a fix made on next" 45 l0
mkd nx "Merge tag 'u-boot-snapdragon-20260518' of $CUST/u-boot-snapdragon into next" 47 n0 s2
mkd n1 "board: another fix on next" 50 nx
mkd l1 "Prepare v2026.07" 96 l0
git tag -a -m v2026.07 v2026.07 "$(id l1)"
mkd mn "Merge branch 'next'" 97 l1 n1
mkd u1 "usb: one" 98 l1
mkd mu "Merge tag 'u-boot-usb-20260710' of $CUST/u-boot-usb" 99 mn u1
mkd d1 "a fix on master" 100 mu
mkd r1 "Prepare v2026.10-rc1" 110 d1
git tag -a -m v2026.10-rc1 v2026.10-rc1 "$(id r1)"
ref refs/heads/master r1
git symbolic-ref HEAD refs/heads/master
R=v2026.07..master
SN=source.denx.de/u-boot/custodians/u-boot-snapdragon
US=source.denx.de/u-boot/custodians/u-boot-usb

short() { id "$1" | cut -c1-12; }
hop() {
	printf '  %s -> %s\n    %s  %s\n' "$1" "$2" "$(short "$3")" \
		"$(git show -s --format='%ci  %s' "$(id "$3")")"
}
through() {	# through BRANCH MERGE: a direct commit of a branch
	printf '  direct to mainline, through %s\n    %s  %s\n' "$1" \
		"$(short "$2")" "$(git show -s --format='%ci  %s' "$(id "$2")")"
}
head_line() {
	printf '\ncommit %s  %s\n' "$(short "$1")" \
		"$(git show -s --format=%s "$(id "$1")")"
}

tp --trace $(for c in s1 n0 n1 u1 d1; do id $c; done) $R
is "$STATUS:$ERR" "0:" "every commit traced"
is "$OUT" "repository  fx
range       $R
$(head_line s1)
$(hop $SN next nx)
$(hop next mainline mn)
$(head_line n0)
$(through next mn)
$(head_line n1)
$(through next mn)
$(head_line u1)
$(hop $US mainline mu)
$(head_line d1)
  direct to mainline" \
   "text: a pull into next, then next into the mainline; a direct commit of next names the merge of next"

# Every commit: the last hop is git's answer and -T commits' field 2.
"$TREEPLOT" -T commits $R | cut -f1,2 >commits
cut -f1 commits >ids
tp --trace -T json - $R <ids
printf '%s\n' "$OUT" >trace.json
git rev-list --first-parent master >chain
fails=0 n=0
while IFS='	' read -r c m; do
	n=$((n + 1))
	last=$(jq -r --arg c "$c" '.traces[] | select(.id == $c) | .hops[-1].merge // "-"' trace.json)
	want=$(git rev-list --topo-order --ancestry-path "$c..master" |
		grep -Fx -f chain | tail -n 1)
	grep -qx "$c" chain && want=-
	[ "$last" = "$m" ] && [ "$last" = "$want" ] ||
		{ fails=$((fails + 1)); echo "# $c: trace $last, -T commits $m, git $want"; }
done <commits
is "$fails:$n" "0:$(git rev-list --no-merges --count $R)" \
   "json: every commit's last hop is -T commits' merge and git's first-parent merge of --ancestry-path"
is "$(jq -c '[.traces[] | select(.id == "'"$(id s2)"'") | .path, [.hops[] | [.from, .to]]]' trace.json)" \
   '[["'$SN'","mainline"],[["'$SN'","next"],["next","mainline"]]]' \
   "json: the path is the trees' (as -T commits), the hops go through next"
schema_ok "json: the traces validate against the schema" trace.json

# --explain of the pull into next: pulled into next, and where it went.
tp --explain "$(id nx)" $R
is "$(printf '%s\n' "$OUT" | grep -E '^  (verdict|reached) ')" \
"  reached     $(short mn)  $(git show -s --format='%ci  %s' "$(id mn)")
  verdict     external: pulled $SN into next, 2 commits" \
   "explain: the pull into next says where it reached the mainline"
tp --explain -T json "$(id nx)" "$(id mu)" $R
printf '%s\n' "$OUT" >explain.json
is "$(jq -c '[.explained[] | .reached]' explain.json)" \
   "[{\"merge\":\"$(id mn)\",\"branch\":\"next\",\"subject\":\"Merge branch 'next'\"},null]" \
   "explain json: reached, the merge of next; null for a pull on the first-parent line"
schema_ok "explain json validates against the schema" explain.json

# The timeline and its pulls table: the pull into next where next
# reached the mainline (the merge window), with the merge of next.
tp --timeline -T csv --csv-table pulls $R
is "$OUT" "merge,time,day,phase,tree,commits,mainline_merge
$(id nx),$((D + 97 * 86400)),2026-07-07,merge window,$SN,2,$(id mn)
$(id mu),$((D + 99 * 86400)),2026-07-09,merge window,$US,1,$(id mu)" \
   "pulls table: the pull into next at the merge of next, which is named"
tp --timeline -T json $R
printf '%s\n' "$OUT" >timeline.json
is "$(jq -c '[.trees[] | select(.name == "'$SN'") | .timeline[] | [.time, .mainline_merge]]' timeline.json)" \
   "[[$((D + 97 * 86400)),\"$(id mn)\"]]" "timeline json: the pull's time and merge where it reached the mainline"
schema_ok "timeline json validates against the schema" timeline.json
tp --timeline -o tl.svg $R
is "$STATUS" 0 "timeline chart: drawn"
# No pull before the range's first day.
is "$(jq '[.trees[].timeline[]? | select(.time < '"$((D + 96 * 86400))"')] | length' timeline.json)" 0 \
   "timeline: no pull placed before the range began"

done_testing
