# bash completion for treeplot and git treeplot                -*- sh -*-
#
# Installed as share/bash-completion/completions/treeplot with
# git-treeplot linked to it: bash-completion loads the file on the first
# `treeplot <TAB>`, and git's completion loads git-treeplot on the first
# `git treeplot <TAB>` and calls _git_treeplot.  Revisions and ranges are
# completed by git's own functions (loaded here when they are not yet), so
# `treeplot v6.6..v6<TAB>` offers what `git log v6.6..v6<TAB>` offers.
#
# The options come from treeplot itself, as git's commands give theirs
# to git's completion: `treeplot --git-completion-helper` prints its
# table's long options, --name= for one that takes a value (asked once
# a shell).  The values of some are listed here; tests/e2e/completion.t
# checks them against `treeplot --help`.

_treeplot_options=
_treeplot_formats='text dot svg png pdf json commits csv html'
_treeplot_layouts='dot twopi circo neato fdp sfdp'
_treeplot_csv_tables='trees edges summary pulls fixes'
_treeplot_charts='flow timeline fixes'
_treeplot_direct_by='committer signoff'

# Git's completion functions: already there (after a `git <TAB>`, or
# sourced from .bashrc), loadable through bash-completion, or at the place
# Debian's git package puts them.
_treeplot_git_completion()
{
	declare -F __git_complete_revlist >/dev/null && return 0
	declare -F __load_completion >/dev/null && __load_completion git
	declare -F __git_complete_revlist >/dev/null && return 0
	[ -r /usr/share/bash-completion/completions/git ] &&
		. /usr/share/bash-completion/completions/git
	declare -F __git_complete_revlist >/dev/null
}

# _treeplot_options: the long options, from the binary's table.
_treeplot_load_options()
{
	[ -n "$_treeplot_options" ] ||
		_treeplot_options=$(command treeplot --git-completion-helper 2>/dev/null)
}

# _treeplot_files -f|-d WORD: the files (or directories) starting with
# WORD, quoted and marked as file names the way git's completion does.
_treeplot_files()
{
	local IFS=$'\n'

	COMPREPLY=($(compgen "$1" -- "$2"))
	compopt -o filenames +o nospace 2>/dev/null || true
}

# Called by git's completion with cur, words, cword and prev set (and
# __git_cmd_idx, the index of "treeplot" in words).
_git_treeplot()
{
	local i dir __git_repo_path=
	local __git_C_args=(${__git_C_args[@]+"${__git_C_args[@]}"})

	_treeplot_load_options

	# treeplot's -C, after git's own: the revisions are that repository's.
	for ((i = ${__git_cmd_idx:-0} + 1; i < cword; i++)); do
		dir=
		case "${words[i]}" in
		-C|--repo)	dir=${words[i + 1]}; ((i++)) ;;
		--repo=*)	dir=${words[i]#--repo=} ;;
		-C?*)		dir=${words[i]#-C} ;;
		esac
		# The shell expands ~ before treeplot sees it; git -C would not.
		case "$dir" in
		"~"|"~/"*)	dir=$HOME${dir#"~"} ;;
		esac
		[ -z "$dir" ] || __git_C_args+=(-C "$dir")
	done

	# After "--", paths: the work tree's (git log's are the tree's).
	for ((i = ${__git_cmd_idx:-0} + 1; i < cword; i++)); do
		[ "${words[i]}" = -- ] && { _treeplot_files -f "$cur"; return; }
	done

	case "$prev" in
	-T|--format)	__gitcomp "$_treeplot_formats"; return ;;
	--layout)	__gitcomp "$_treeplot_layouts"; return ;;
	--csv-table)	__gitcomp "$_treeplot_csv_tables"; return ;;
	--chart)	__gitcomp "$_treeplot_charts"; return ;;
	--direct-by)	__gitcomp "$_treeplot_direct_by"; return ;;
	--top)		__gitcomp "all"; return ;;
	-o|--output|--config) _treeplot_files -f "$cur"; return ;;
	-C|--repo)	_treeplot_files -d "$cur"; return ;;
	--range|--cycles) ;;
	--*)		# any other option's value: nothing to offer
			case " $_treeplot_options " in
			*" $prev= "*) return ;;
			esac ;;
	esac

	case "$cur" in
	--format=*)	__gitcomp "$_treeplot_formats" "" "${cur#*=}"; return ;;
	--layout=*)	__gitcomp "$_treeplot_layouts" "" "${cur#*=}"; return ;;
	--csv-table=*)	__gitcomp "$_treeplot_csv_tables" "" "${cur#*=}"; return ;;
	--chart=*)	__gitcomp "$_treeplot_charts" "" "${cur#*=}"; return ;;
	--direct-by=*)	__gitcomp "$_treeplot_direct_by" "" "${cur#*=}"; return ;;
	--top=*)	__gitcomp "all" "" "${cur#*=}"; return ;;
	--output=*|--config=*) _treeplot_files -f "${cur#*=}"; return ;;
	--repo=*)	_treeplot_files -d "${cur#*=}"; return ;;
	--range=*)	local cur="${cur#*=}"; __git_complete_revlist; return ;;
	--*=*)		return ;;
	--*)		__gitcomp "$_treeplot_options"; return ;;
	esac
	# --range's value, or the arguments: revisions and ranges.
	__git_complete_revlist
}

# treeplot itself: git's wrapper sets cur, words, cword and prev as it
# does for `git <command>`.  Without git's completion, bash's default.
_treeplot()
{
	_treeplot_git_completion || return 1
	__git_func_wrap _git_treeplot
}

complete -o bashdefault -o default -o nospace -F _treeplot treeplot git-treeplot
