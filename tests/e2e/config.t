#!/bin/bash
# Configuration: treeplot.* keys read through libgit2 from git's files,
# ~/.config/treeplot/config and --config FILE; each key changing the
# result as documented; which source wins; bad values rejected with the
# file, the key and the value, exit status 2.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

plan 54

mkdir fx
cd fx || exit 1
build_fixture
R=v1.0..v2.0
FX=$SCRATCH/fx
USERCFG=$XDG_CONFIG_HOME/treeplot/config
mkdir -p "$(dirname "$USERCFG")"

tpc -T commits $R
COMMITS=$(printf '%s\n' "$OUT" | names)
tp -T dot $R
DOT=$OUT
cfg() { git config "$@"; }
reset() { git config --remove-section treeplot 2>/dev/null; rm -f "$USERCFG" "$HOME/.gitconfig"; :; }

# fails WHAT DESC ARGS...: exit 2, nothing on stdout, one line on stderr
# that is exactly WHAT.
fails() {
	f_what=$1 f_desc=$2
	shift 2
	tp "$@"
	is "$STATUS:$(printf '%s' "$OUT" | wc -c | tr -d ' '):$ERR" "2:0:$f_what" "$f_desc"
}

# --- each key --------------------------------------------------------------

cfg treeplot.mainline Linus
tpc -T commits $R
is "$(printf '%s\n' "$OUT" | names)" "$(printf '%s\n' "$COMMITS" | sed 's/	mainline$/	Linus/')" \
   "treeplot.mainline (git config): the mainline's label"
tpc -T commits --mainline Torvalds $R
is "$(printf '%s\n' "$OUT" | names)" "$(printf '%s\n' "$COMMITS" | sed 's/	mainline$/	Torvalds/')" \
   "--mainline overrides it"
reset

cfg treeplot.alias "netdev $K/davem/"
cfg --add treeplot.alias "netdev https://git.kernel.org/pub/scm/linux/kernel/git/davem/"
tpc -T commits $R
is "$(printf '%s\n' "$OUT" | names)" "$(printf '%s\n' "$COMMITS" | sed 's|davem/net-2.6|netdev|')" \
   "treeplot.alias: every URL starting with a prefix is the tree NAME"
tp -T json $R
is "$(printf '%s\n' "$OUT" | jq -c '.trees[] | select(.name == "netdev") | .urls')" \
   "[\"$K/davem/net-2.6\",\"https://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git/\"]" \
   "treeplot.alias: the tree keeps every spelling"
cfg --add treeplot.alias "net26 $K/davem/net-2.6"
tp -T json $R
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | select(.name | startswith("net")) | [.name, .urls]]')" \
   "[[\"net26\",[\"$K/davem/net-2.6\",\"https://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git/\"]]]" \
   "treeplot.alias: an alias naming one URL takes the whole tree, over a prefix alias"
reset

# The issue's example: three spellings of one custodian tree.
mkdir "$SCRATCH/uboot"
cd "$SCRATCH/uboot" || exit 1
repo
mk u0 "u-boot: 0"
prev=u0 i=0
for url in git://git.denx.de/u-boot-dm \
	   https://gitlab.denx.de/u-boot/custodians/u-boot-dm \
	   https://source.denx.de/u-boot/custodians/u-boot-dm.git; do
	i=$((i + 1))
	mk ud$i "dm: $i" u0
	mk um$i "Merge branch 'master' of $url" $prev ud$i
	prev=um$i
done
ref refs/heads/master $prev
tp -T json master
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | [.name, (.urls | length)]]')" \
   '[["source.denx.de/u-boot/custodians/u-boot-dm",3]]' \
   "three URLs of one tree, the host renamed twice: one tree without aliases, named by the latest"
cat >aliases <<EOF
[treeplot]
	alias = u-boot-dm git://git.denx.de/u-boot-dm
	alias = u-boot-dm https://gitlab.denx.de/u-boot/custodians/u-boot-dm
	alias = u-boot-dm https://source.denx.de/u-boot/custodians/u-boot-dm
EOF
tp -T json --config aliases master
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | [.name, .commits, .pulls, (.urls | length)]]')" \
   '[["u-boot-dm",3,3,3]]' "with the three aliases: one tree u-boot-dm, pulled three times"
cd "$FX" || exit 1

# Patterns: an unrecognised subject made external, a pull made internal.
cfg treeplot.externalPattern "^Pull ([a-z]+)'s stuff\$"
tpc -T commits $R
is "$(printf '%s\n' "$OUT" | names | grep '^b1')" "b1	bob	mainline" \
   "treeplot.externalPattern: its first group is the URL (here a bare name)"
tp -T json $R
is "$(printf '%s\n' "$OUT" | jq '.unrecognised | length')" 0 \
   "treeplot.externalPattern: the subject is no longer unrecognised"
cfg treeplot.internalPattern "^Merge branch 'for-linus' of .*/jikos/"
tpc -T commits $R
is "$(printf '%s\n' "$OUT" | names | grep '^h2')" "h2	mainline" \
   "treeplot.internalPattern: a pull made internal, tried before the built-in rules"
cfg --add treeplot.internalPattern "^Pull "
tpc -T commits $R
is "$(printf '%s\n' "$OUT" | names | grep '^b1')" "b1	mainline" \
   "a subject both patterns match is internal"
reset

cfg treeplot.top 2
tp $R
printf '%s\n' "$OUT" | grep -q '^ *3    2 other trees$'
ok $? "treeplot.top: the fold"
tp --top all $R
printf '%s\n' "$OUT" | grep -q 'other trees'
ok $((! $?)) "--top all overrides it"
tp --trace "$(id i1)" $R
is "$STATUS" 0 "treeplot.top does not bother --trace"
reset

cfg treeplot.layout neato
tp -T svg $R
SVG=$OUT
tp -T svg --layout neato $R
is "$SVG" "$OUT" "treeplot.layout: the same SVG as --layout neato"
reset

majors() { printf '%s\n' "$1" | grep -c '[[,]color="#D55E00"'; }
minors() { printf '%s\n' "$1" | grep -c '[[,]color="#0072B2"'; }
cfg treeplot.major 30
cfg treeplot.minor 9.5
tp -T dot $R
is "$(majors "$OUT"):$(minors "$OUT")" "1:6" \
   "treeplot.major 30, minor 9.5: one edge vermillion (7/21), four blue and the two direct flows (3/21 each)"
tp -T dot --major 20% --minor 20 $R
is "$(majors "$OUT"):$(minors "$OUT")" "2:0" "--major 20% --minor 20 override them (7 and 5 of 21 vermillion, none blue: the direct flows are 3 each)"
reset
is "$(majors "$DOT"):$(minors "$DOT")" "7:2" "by default: 5% and 1% (the 1-commit edges, 4.8%, blue; both direct flows vermillion)"

cfg treeplot.mainlineUrl "$K/davem/net-2.6"
tpc -T commits $R
is "$(printf '%s\n' "$OUT" | names)" "$(printf '%s\n' "$COMMITS" | sed 's/	davem\/net-2\.6//')" \
   "treeplot.mainlineUrl: like --mainline-url"
tpc -T commits --mainline-url "$K/tiwai/sound-2.6" $R
is "$(printf '%s\n' "$OUT" | names | grep -c 'sound\|davem')" 0 \
   "--mainline-url adds to the configured ones"
reset

# --- the sources and which wins -------------------------------------------------

label() { tp "$@" $R; printf '%s\n' "$OUT" | sed -n 's/^ *21  \([^ ].*\)$/\1/p'; }
printf '[treeplot]\n\tmainline = from-global\n' >"$HOME/.gitconfig"
is "$(label)" from-global "~/.gitconfig (git's global file) is read"
printf '[treeplot]\n\tmainline = from-user\n' >"$USERCFG"
is "$(label)" from-user "\$XDG_CONFIG_HOME/treeplot/config overrides git's global file"
cfg treeplot.mainline from-repo
is "$(label)" from-repo "the repository's config overrides the user's file"
printf '[treeplot]\n\tmainline = from-file\n' >"$SCRATCH/file.cfg"
is "$(label --config "$SCRATCH/file.cfg")" from-file "--config FILE overrides the repository's"
is "$(label --config "$SCRATCH/file.cfg" --mainline from-cli)" from-cli "the command line overrides everything"
is "$(label --no-config)" mainline "--no-config: none of git's, the user's or the repository's"
is "$(label --no-config --config "$SCRATCH/file.cfg")" from-file "--no-config still reads --config FILE"
reset
mkdir -p "$HOME/.config/treeplot"
printf '[treeplot]\n\tmainline = from-home\n' >"$HOME/.config/treeplot/config"
is "$(XDG_CONFIG_HOME= label)" from-home "without XDG_CONFIG_HOME: ~/.config/treeplot/config"
is "$(XDG_CONFIG_HOME=$SCRATCH/elsewhere label)" mainline \
   "with XDG_CONFIG_HOME elsewhere, ~/.config is not read"
rm -f "$HOME/.config/treeplot/config"
printf '[include]\n\tpath = %s\n' "$SCRATCH/file.cfg" >"$USERCFG"
is "$(label)" from-file "include.path works (libgit2 reads the files as git does)"
reset

# Multi-valued keys gather from every source.
printf '[treeplot]\n\talias = netdev %s/davem/\n' "$K" >"$USERCFG"
printf '[treeplot]\n\talias = wl master.kernel.org:/pub/scm/linux/kernel/git/linville/\n' >"$SCRATCH/more.cfg"
tpc -T commits --config "$SCRATCH/more.cfg" $R
is "$(printf '%s\n' "$OUT" | names | grep '^w1')" "w1	wl	netdev	mainline" \
   "aliases from the user's file and --config both apply"
reset

# Only the value in force is checked: a bad one overridden is no error.
printf '[treeplot]\n\tlayout = spring\n' >"$USERCFG"
cfg treeplot.layout dot
tp $R
is "$STATUS" 0 "a bad value overridden by a later source is not used, not an error"
reset

# --- bad values -------------------------------------------------------------------

LOCAL=$FX/.git/config
cfg treeplot.layout spring
fails "treeplot: $LOCAL: treeplot.layout: bad value 'spring' (not dot, twopi, circo, neato, fdp or sfdp)" \
      "bad layout in the repository's config" $R
fails "treeplot: $LOCAL: treeplot.layout: bad value 'spring' (not dot, twopi, circo, neato, fdp or sfdp)" \
      "a bad value is an error even when an option overrides it" -T svg --layout dot $R
reset
printf '[treeplot]\n\ttop = abc\n' >"$USERCFG"
fails "treeplot: $USERCFG: treeplot.top: bad value 'abc' (not a positive number or 'all')" \
      "bad top in the user's file" $R
reset
for kv in "top=0|not a positive number or 'all'" "top=-3|not a positive number or 'all'" \
	  "major=101|not a percentage from 0 to 100" "minor=x|not a percentage from 0 to 100" \
	  "major=1.234|not a percentage from 0 to 100" "mainline=|empty" \
	  "alias=lonely|not 'NAME URL-PREFIX'" \
	  "externalPattern=^Merge (|" "externalPattern=^Merge .*|no parenthesised group for the URL" \
	  "internalPattern=[[:bogus:]]|" "mainlineUrl=|empty"; do
	k=${kv%%=*} rest=${kv#*=} v=${rest%%|*} why=${rest#*|}
	printf '[treeplot]\n\t%s = %s\n' "$k" "$v" >"$SCRATCH/bad.cfg"
	tp --config "$SCRATCH/bad.cfg" $R
	case $ERR in
	"treeplot: $SCRATCH/bad.cfg: treeplot.$k: bad value '$v' ($why"*")") r=0 ;;
	*) r=1; echo "# $ERR" ;;
	esac
	[ "$STATUS" = 2 ] && [ -z "$OUT" ] || r=1
	ok $r "bad treeplot.$k '$v': file, key, value and why; exit 2"
done
printf '[treeplot]\n\tlayout\n' >"$SCRATCH/bad.cfg"
fails "treeplot: $SCRATCH/bad.cfg: treeplot.layout: bad value '' (not dot, twopi, circo, neato, fdp or sfdp)" \
      "a key without a value" --config "$SCRATCH/bad.cfg" $R
printf '[treeplot]\n\ttop = \033[2J\n' >"$SCRATCH/bad.cfg"
fails "treeplot: $SCRATCH/bad.cfg: treeplot.top: bad value '\\x1b[2J' (not a positive number or 'all')" \
      "the bad value is shown escaped" --config "$SCRATCH/bad.cfg" $R
fails "treeplot: cannot read '$SCRATCH/missing.cfg': No such file or directory" \
      "--config: a missing file" --config "$SCRATCH/missing.cfg" $R
fails "treeplot: cannot read '$SCRATCH': it is a directory" \
      "--config: a directory" --config "$SCRATCH" $R
printf '[treeplot\n' >"$SCRATCH/bad.cfg"
tp --config "$SCRATCH/bad.cfg" $R
is "$STATUS:$(printf '%s\n' "$ERR" | wc -l | tr -d ' ')" 2:1 "--config: a file git cannot parse: exit 2, one line"
case $ERR in "treeplot: $SCRATCH/bad.cfg: "*) r=0 ;; *) r=1 ;; esac
ok $r "--config: the unparsable file is named"
tp --config "$SCRATCH/bad.cfg" -o never.svg $R
[ ! -e never.svg ]
ok $? "a bad configuration writes no output file"

# Unknown keys are ignored, as git does.
printf '[treeplot]\n\tfuturekey = 1\n[other]\n\tlayout = spring\n' >"$SCRATCH/ok.cfg"
tp --config "$SCRATCH/ok.cfg" $R
is "$STATUS" 0 "unknown keys, and keys of other sections, are ignored"

done_testing
