#!/bin/zsh -f
# capture.zsh FPATH-DIR LINE: the matches zsh's completion offers for LINE
# (a tab at its end), one a line, sorted, as an interactive zsh finds them.
zmodload zsh/zpty || exit 2
fdir=$1 line=$2
init=${TMPDIR:-/tmp}/capture.$$.zsh
cat >$init <<'INIT'
PROMPT= ; RPROMPT=
fpath=($CAPTURE_FPATH $fpath)
autoload -Uz compinit && compinit -u -D
zstyle ':completion:*' insert-tab false
bindkey '^I' complete-word
# Every match added, printed before zsh adds it; a mark that the typed
# text cannot hold (the sum is printed, not its source).
compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a hits
  builtin compadd -A hits "$@"
  local h
  for h in $hits; do print -r -- "@@$((40 + 2))@@$IPREFIX$h"; done
  builtin compadd "$@"
}
comppostfuncs=(capture_done)
capture_done() { print -r -- "@@$((40 + 2))@@END"; exit }
print "READY$((40 + 2))"
INIT
zpty z CAPTURE_FPATH=$fdir zsh -f -i
zpty -w z "source $init"
while zpty -r -t z out || sleep 0.1; do [[ $out == *READY42* ]] && break; done
zpty -w -n z "$line"$'\t'
result=()
while zpty -r z out; do
  result+=("${(@f)out}")
  [[ $out == *'@@42@@END'* ]] && break
done
zpty -d z
rm -f $init
for out in $result; do
  [[ $out == *@@42@@* ]] || continue
  out=${out##*@@42@@}; out=${out%%$'\r'*}
  [[ $out == END ]] || print -r -- $out
done | sort -u
