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

mkdir moved && cd moved || exit 1
build_moved

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
