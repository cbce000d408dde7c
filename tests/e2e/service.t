#!/bin/bash
# A forge's service identity is no keeper: GitHub's web flow ("GitHub
# <noreply@github.com>"), a bot's account ("[bot]"), or, known by the
# evidence alone, one committer of the tips of three owners' forks or
# more.  Where it committed the tip, the tip's author speaks for the
# tree: forks of different owners stay apart, each kept by its owner.
. "$(dirname "$0")/lib.sh"

plan 7

# fork NAME OWNER COMMITTER MAIL: a fork's commit by its owner (author),
# committed by COMMITTER, pulled into the mainline.
fork() {
	GIT_AUTHOR_NAME="$2" GIT_AUTHOR_EMAIL="$(echo "$2" | tr 'A-Z ' 'a-z.')@example.org" \
	GIT_COMMITTER_NAME="$3" GIT_COMMITTER_EMAIL="$4" mk "$1" "fix by $2" $prev
	mk "m$1" "Merge branch 'main' of https://github.com/$(echo "$2" | cut -d' ' -f1 | tr A-Z a-z)/util-linux" $prev "$1"
	prev=m$1
}
build() {	# build COMMITTER MAIL
	T_MAP=$SCRATCH/.names.$(basename "$PWD") && : >"$T_MAP"
	repo
	mk b0 "initial"
	prev=b0
	for r in 1 2; do
		for who in "Alice Smith" "Bob Jones" "Carol White"; do
			fork "$(echo "$who" | cut -c1)$r" "$who" "$1" "$2"
		done
	done
	ref refs/heads/master "$prev"
	git symbolic-ref HEAD refs/heads/master
}
keepers() { "$TREEPLOT" -T json master | jq -c '[.trees[] | [.name, [.keepers[].name]]]'; }
WANT='[["github.com/alice/util-linux",["Alice Smith"]],["github.com/bob/util-linux",["Bob Jones"]],["github.com/carol/util-linux",["Carol White"]]]'

mkdir web && cd web && build GitHub noreply@github.com
is "$(keepers)" "$WANT" "GitHub's web flow committer: three forks, each kept by its owner"
cd .. && mkdir bot && cd bot && build "forge-bot[bot]" 1234+forge-bot[bot]@users.noreply.github.com
is "$(keepers)" "$WANT" "a bot's account: the same"
# A service known by the evidence alone: an address like a person's,
# committing the tips of three owners' forks.
cd .. && mkdir flow && cd flow && build "Web Flow" web-flow@forge.example
is "$(keepers)" "$WANT" "one committer over three owners' forks: a service, the authors keep them"
tp master
printf '%s\n' "$OUT" | grep -q '^Likely aliases'
is "$?" 1 "no likely alias: the evidence decided"
# Two owners only: the committer is taken for their keeper (the limit
# the man page states), yet forks of different owners stay apart: only
# an alias joins them.
cd .. && mkdir two && cd two && T_MAP=$SCRATCH/.names.two && : >"$T_MAP" &&
	repo && mk b0 initial && prev=b0
for r in 1 2; do
	for who in "Alice Smith" "Bob Jones"; do
		fork "$(echo "$who" | cut -c1)$r" "$who" "Web Flow" web-flow@forge.example
	done
done
ref refs/heads/master "$prev"; git symbolic-ref HEAD refs/heads/master
tp master
is "$("$TREEPLOT" -T json master | jq -c '[.trees[] | [.name, [.keepers[].name]]] | sort'):$(printf '%s\n' "$OUT" | grep -c '^Likely aliases')" \
   '[["github.com/alice/util-linux",["Web Flow"]],["github.com/bob/util-linux",["Web Flow"]]]:0' \
   "two owners only: the committer taken for a keeper (the stated limit), the owners' forks apart all the same, no alias suggested"
tp --explain "$(id mA2)" --range master
is "$(printf '%s\n' "$OUT" | grep '^  apart')" \
   "  apart       github.com/bob/util-linux: forks of different owners on a forge: only treeplot.alias joins them" \
   "--explain says why the forks of one keeper are apart"
# A person's private GitHub address is a person's.
cd .. && mkdir priv && cd priv && T_MAP=$SCRATCH/.names.priv && : >"$T_MAP" &&
	repo && mk b0 initial && prev=b0
for r in 1 2; do
	fork "A$r" "Alice Smith" "Alice Smith" "1234+alice@users.noreply.github.com"
done
ref refs/heads/master "$prev"; git symbolic-ref HEAD refs/heads/master
is "$("$TREEPLOT" -T json master | jq -c '[.trees[] | .keepers[] | .email]')" \
   '["1234+alice@users.noreply.github.com"]' "a person's private noreply address is a keeper"

done_testing
