#!/bin/sh
# sample.sh DIR GENHIST - the sample of make demo and of the examples of
# README.md and the man page: DIR/repo.git, genhist's kernel-like history
# of 30,000 commits and 100 trees, release tags v1.0 to v1.9.  One place
# for its parameters: the examples' outputs depend on every one.
set -eu
GENHIST=$2
export GENHIST
exec bash "$(dirname "$0")/mkrepo.sh" "$1" --commits 30000 --trees 100 \
	--seed 2009
