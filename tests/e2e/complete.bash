# complete.bash MODE LINE - the candidates bash's completion offers for
# LINE (the cursor at its end), one a line, sorted, trailing space cut.
#
# MODE framework: as in a shell with bash-completion, which loads the
# completions installed under $XDG_DATA_DIRS on first use (treeplot's,
# and git-treeplot's through git's completion).  MODE plain: no
# bash-completion, git's completion file and treeplot's sourced by hand
# (TREEPLOT_COMPLETION), as a .bashrc would.
mode=$1
COMP_LINE=$2
COMP_POINT=${#COMP_LINE}
COMP_WORDBREAKS=$' \t\n"\'><=;|&(:'

if [ "$mode" = framework ]; then
	. /usr/share/bash-completion/bash_completion
else
	. /usr/share/bash-completion/completions/git
	. "$TREEPLOT_COMPLETION"
fi

# Split the line into words as readline does: at blanks, and around the
# word-breaking characters, which are words of their own.
COMP_WORDS=()
w=
for ((i = 0; i < ${#COMP_LINE}; i++)); do
	c=${COMP_LINE:i:1}
	case "$c" in
	' ')	[ -n "$w" ] && COMP_WORDS+=("$w"); w= ;;
	[=:\;\|\&\(\<\>])
		[ -n "$w" ] && COMP_WORDS+=("$w"); COMP_WORDS+=("$c"); w= ;;
	*)	w+=$c ;;
	esac
done
COMP_WORDS+=("$w")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))

cmd=${COMP_WORDS[0]}
if ! complete -p "$cmd" >/dev/null 2>&1; then
	declare -F __load_completion >/dev/null && __load_completion "$cmd"
fi
spec=$(complete -p "$cmd" 2>/dev/null) || { echo "no completion for $cmd"; exit 1; }
func=${spec##*-F }
func=${func%% *}
COMPREPLY=()
"$func" "$cmd" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
for c in "${COMPREPLY[@]}"; do
	printf '%s\n' "${c% }"
done | LC_ALL=C sort
