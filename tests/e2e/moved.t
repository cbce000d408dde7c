#!/bin/bash
# A project that moved domain (U-Boot, from source.denx.de to another
# host): a custodian tree keeps its repository path and tag stem and
# changes hands between co-custodians: one tree; one person under one
# name with two addresses: one keeper; and where the evidence is not
# enough, a likely alias every time: a slip that drops the repository
# ("... of github.com:arkid15r"), a repository renamed by its keeper
# (u-boot-atmel, then u-boot-at91).
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/identity.sh"

plan 15

C=u-boot/custodians
OLD=https://source.denx.de/$C NEW=https://git.u-boot-project.org/$C
mkdir moved && cd moved || exit 1
fi_begin
fi_commit m0 "Tom Rini" 0 "Prepare v2026.01"
prev=m0 day=10
for r in 1 2 3 4 5 6; do
	if [ $r -le 3 ]; then host=$OLD rk="Kever Yang" rv=leo@andestech.example
	else host=$NEW rk="Philipp Tomsich" rv=leo@gmail.example; fi
	fi_commit rk$r "$rk" $day "rockchip: fix $r" $prev
	fi_commit mrk$r "Tom Rini" $((day + 1)) "Merge tag 'u-boot-rockchip-2026010$r' of $host/u-boot-rockchip" $prev rk$r
	prev=mrk$r
	FI_MAIL=$rv fi_commit rv$r "Leo Liang" $((day + 2)) "riscv: fix $r" $prev
	fi_commit mrv$r "Tom Rini" $((day + 3)) "Merge tag 'riscv-for-2026.0$r' of $host/u-boot-riscv" $prev rv$r
	prev=mrv$r
	# atmel's repository renamed at91 by its keeper, the tags alike.
	if [ $r -le 3 ]; then at=u-boot-atmel; else at=u-boot-at91; fi
	fi_commit at$r "Eugen Hristev" $((day + 4)) "at91: fix $r" $prev
	fi_commit mat$r "Tom Rini" $((day + 5)) "Merge tag 'u-boot-at91-2026.0$r' of $OLD/$at" $prev at$r
	prev=mat$r
	# marvell moved too, but by branch (no tag) and to another
	# keeper: nothing proves one repository.
	if [ $r -le 3 ]; then mv="Stefan Roese"; else mv="Tony Dinh"; fi
	fi_commit mv$r "$mv" $((day + 4)) "marvell: fix $r" $prev
	fi_commit mmv$r "Tom Rini" $((day + 5)) "Merge branch 'master' of $host/u-boot-marvell" $prev mv$r
	prev=mmv$r
	# git.git's l10n: one pull names the owner only.
	if [ $r = 5 ]; then uk=https://github.com/arkid15r
	else uk=https://github.com/arkid15r/git-ukrainian-l10n; fi
	fi_commit uk$r "Arkadii Yakovets" $((day + 6)) "l10n: uk: update $r" $prev
	fi_commit muk$r "Tom Rini" $((day + 7)) "Merge branch '2.4$r-uk-update' of $uk" $prev uk$r
	prev=muk$r
	day=$((day + 30))
done
fi_commit mend "Tom Rini" $day "Prepare v2026.07" $prev
fi_end mend

trees() { tp -T json master; printf '%s\n' "$OUT" | jq -c '[.trees[] | [.name, .commits]] | sort'; }
is "$(trees)" '[["git.u-boot-project.org/u-boot/custodians/u-boot-marvell",3],["git.u-boot-project.org/u-boot/custodians/u-boot-riscv",6],["git.u-boot-project.org/u-boot/custodians/u-boot-rockchip",6],["github.com/arkid15r",1],["github.com/arkid15r/git-ukrainian-l10n",5],["source.denx.de/u-boot/custodians/u-boot-at91",3],["source.denx.de/u-boot/custodians/u-boot-atmel",3],["source.denx.de/u-boot/custodians/u-boot-marvell",3]]' \
   "rockchip (co-custodians) and riscv (one name, two addresses) one tree each across the move; the slip and the rename apart"
tp -T json --explain "$(id mrk4)" --range master
is "$(printf '%s\n' "$OUT" | jq -r '.explained[0].joins[] | [.why, .evidence] | @tsv')" \
   "same-path	the repository path 'u-boot/custodians/u-boot-rockchip' on source.denx.de (3 pulls, 2005-01-12 .. 2005-03-13) then on git.u-boot-project.org (3 pulls, 2005-04-12 .. 2005-06-11), tags sharing 'u-boot-rockchip-': one repository moved" \
   "rockchip: joined by its path and tag stem, one spelling's pulls ending before the other's begin"
tp -T json --explain "$(id mrv4)" --range master
is "$(printf '%s\n' "$OUT" | jq -r '[.explained[0].joins[].why] | join(" ")')" "same-path" \
   "riscv: one tree (its path and tags, and one keeper under two addresses)"
tp -T json master
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | select(.name | endswith("u-boot-riscv")) | .keepers[] | .email]')" \
   '["leo@andestech.example","leo@gmail.example"]' "riscv: its keeper's two addresses"
tp master
printf '%s\n' "$OUT" | sed -n '/^Likely aliases/,/^$/p' >aliases
is "$(grep -c "git config --add treeplot.alias" aliases)" 2 "two likely aliases: the slip and the rename"
grep -q "github.com/arkid15r names an owner, not a repository" aliases
ok $? "the slip: said, with its owner's repository"
grep -q "source.denx.de/u-boot/custodians/u-boot-atmel (.*) then git.u-boot-project.org\|u-boot-atmel (.*) then .*u-boot-at91" aliases
ok $? "the rename: said"
grep -q "kept by the same person, Eugen Hristev" aliases
ok $? "the rename: its keeper said"
# Co-custodians of different repositories stay apart: nothing joins a
# path of one component, or keys whose pulls overlap.
tp -T json master
is "$(printf '%s\n' "$OUT" | jq '[.trees[] | select(.name | test("arkid15r"))] | length')" 2 \
   "the slip is not joined: a likely alias only"

# --- --compare across the move ---------------------------------------------

# Identity over both ranges: rockchip and riscv one line each, in both;
# the likely aliases said; marvell gone and new, its path shared, noted.
R1="$(id m0)..$(id muk3)" R2="$(id muk3)..$(id mend)"
tp --compare -T json "$R1" "$R2"
printf '%s\n' "$OUT" >cmp.json
is "$(jq -c '[.trees[] | select(.name | test("rockchip|riscv")) | .commits_by_range] | sort' cmp.json)" \
   '[[3,3],[3,3]]' "--compare: rockchip and riscv one tree each in both ranges"
is "$(jq -c '[(.appeared | sort), (.disappeared | sort)]' cmp.json)" \
   '[["git.u-boot-project.org/u-boot/custodians/u-boot-marvell","github.com/arkid15r","source.denx.de/u-boot/custodians/u-boot-at91"],["source.denx.de/u-boot/custodians/u-boot-atmel","source.denx.de/u-boot/custodians/u-boot-marvell"]]' \
   "--compare: marvell, at91 and the slip new; atmel and marvell gone"
is "$(jq '.likely_aliases | length' cmp.json)" 2 "--compare json: the likely aliases"
schema_ok "--compare json validates against the schema" cmp.json
tp --compare "$R1" "$R2"
is "$(printf '%s\n' "$OUT" | grep '^  note:')" \
   "  note: source.denx.de/u-boot/custodians/u-boot-marvell (gone) and git.u-boot-project.org/u-boot/custodians/u-boot-marvell (new) share the repository path 'u-boot/custodians/u-boot-marvell': one repository moved? (treeplot.alias joins them)" \
   "--compare text: a gone and a new tree of one path noted"
is "$(printf '%s\n' "$OUT" | grep -c "^  git config --add treeplot.alias")" 2 \
   "--compare text: the likely aliases listed"

done_testing
