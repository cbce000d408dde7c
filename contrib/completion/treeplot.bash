# bash completion for treeplot and git treeplot                -*- sh -*-
#
# Installed as share/bash-completion/completions/treeplot with
# git-treeplot linked to it: bash-completion loads the file on the first
# `treeplot <TAB>`, and git's completion loads git-treeplot on the first
# `git treeplot <TAB>` and calls _git_treeplot.  Revisions and ranges are
# completed by git's own functions (loaded here when they are not yet), so
# `treeplot v6.6..v6<TAB>` offers what `git log v6.6..v6<TAB>` offers.
#
# The options and their values are listed here once; tests/e2e/
# completion.t checks them against `treeplot --help`, so an option added
# there fails the test until it is added here.

_treeplot_options='--repo= --output= --format= --top= --layout= --mainline=
	--mainline-url= --title= --dpi= --chart-depth= --major= --minor= --csv-table= --crlf --trace
	--compare --cycles= --explain --range= --config= --no-config --direct-by= --branches
	--maintainers --no-maintainers --infer-ff --signed --require-signed --latency
	--require-complete --author=
	--jobs= --quiet --help --version'
_treeplot_formats='text dot svg png pdf json commits csv html'
_treeplot_layouts='dot twopi circo neato fdp sfdp'
_treeplot_csv_tables='trees edges summary'
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
	--direct-by)	__gitcomp "$_treeplot_direct_by"; return ;;
	--top)		__gitcomp "all"; return ;;
	-o|--output|--config) _treeplot_files -f "$cur"; return ;;
	-C|--repo)	_treeplot_files -d "$cur"; return ;;
	--mainline|--mainline-url|--title|--dpi|--chart-depth|--major|--minor|--author) return ;;
	esac

	case "$cur" in
	--format=*)	__gitcomp "$_treeplot_formats" "" "${cur#*=}"; return ;;
	--layout=*)	__gitcomp "$_treeplot_layouts" "" "${cur#*=}"; return ;;
	--csv-table=*)	__gitcomp "$_treeplot_csv_tables" "" "${cur#*=}"; return ;;
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
