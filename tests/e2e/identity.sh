# identity.sh - small real-shaped histories for tree identity, built with
# git fast-import (sourced by identity.t and html.t, after lib.sh).
#
#   fi_begin                          start a stream in the current repo
#   fi_commit NAME WHO DAY SUBJECT [PARENT...]
#                                     a commit on refs/heads/master by WHO
#                                     (committer and author, at
#                                     who@example.org, or at $FI_MAIL),
#                                     DAY days after 2005-01-01 (plus
#                                     NAME's order)
#   fi_end                            import it; names map as with mk
#
# The shapes are those of real histories: u-boot's custodian trees moving
# host twice, and pulled from old and new spellings side by side for
# years; rmk's kernel tree pulled by its home directory and merging it
# itself; Xen's committers pulling the central repository into staging;
# owners' forks of util-linux, one owner's move from GitHub to GitLab,
# one owner's two repositories; U-Boot's move to another domain.

FI_STREAM=
FI_N=0

fi_begin() {
	git init -q --bare .
	git config core.abbrev 12
	FI_STREAM=$SCRATCH/.stream.$$
	FI_N=0
	: >"$FI_STREAM"
	: >"$SCRATCH/.fimarks"
}

fi_commit() {
	local name=$1 who=$2 day=$3 subject=$4 t first=1 mail
	shift 4
	FI_N=$((FI_N + 1))
	t=$((1104537600 + day * 86400 + FI_N * 60))
	mail=${FI_MAIL:-$(printf '%s' "$who" | tr 'A-Z ' 'a-z.')@example.org}
	{
		printf 'commit refs/heads/master\nmark :%s\n' "$FI_N"
		printf 'author %s <%s> %s +0000\n' "$who" "$mail" "$t"
		printf 'committer %s <%s> %s +0000\n' "$who" "$mail" "$t"
		printf 'data %s\n%s\n' "$(($(printf '%s' "$subject" | wc -c) + 1))" "$subject"
		for p in "$@"; do
			if [ $first = 1 ]; then
				printf 'from :%s\n' "$(fi_mark "$p")"
				first=0
			else
				printf 'merge :%s\n' "$(fi_mark "$p")"
			fi
		done
		[ $# = 0 ] && printf 'deleteall\n'
		printf '\n'
	} >>"$FI_STREAM"
	printf '%s\t%s\n' "$name" "$FI_N" >>"$SCRATCH/.fimarks"
}

fi_mark() {
	awk -v n="$1" '$1 == n { print $2; found = 1 } END { exit !found }' \
	    "$SCRATCH/.fimarks" || { echo "identity.sh: no commit $1" >&2; exit 1; }
}

# fi_end: import; the branch master is the last commit made on the line
# named by $1.
fi_end() {
	printf 'reset refs/heads/master\nfrom :%s\n\n' "$(fi_mark "$1")" >>"$FI_STREAM"
	git fast-import --quiet --force --export-marks="$SCRATCH/.exported" \
		<"$FI_STREAM" || exit 1
	# name -> id through the marks
	awk 'NR == FNR { id[$1] = $2; next } { print $1 "\t" id[":" $2] }' \
	    "$SCRATCH/.exported" "$SCRATCH/.fimarks" >>"$T_MAP"
	git symbolic-ref HEAD refs/heads/master
}

# u-boot: two custodian trees, each moving from git.denx.de to
# gitlab.denx.de/u-boot/custodians to source.denx.de/u-boot/custodians
# (u-boot-dm) or once (u-boot-net); a custodian merges its own tree.
build_uboot() {
	fi_begin
	fi_commit m0 "Tom Rini" 0 "Prepare v2015.01"
	local prev=m0 day=10 i=0 host
	for host in "git://git.denx.de/u-boot-dm.git" \
		    "git://git.denx.de/u-boot-dm" \
		    "https://gitlab.denx.de/u-boot/custodians/u-boot-dm.git" \
		    "https://gitlab.denx.de/u-boot/custodians/u-boot-dm" \
		    "https://source.denx.de/u-boot/custodians/u-boot-dm.git" \
		    "https://source.denx.de/u-boot/custodians/u-boot-dm"; do
		i=$((i + 1))
		fi_commit d$i "Simon Glass" $day "dm: core: fix $i" $prev
		fi_commit dd$i "Simon Glass" $day "dm: test: cover $i" d$i
		fi_commit md$i "Tom Rini" $((day + 1)) "Merge tag 'dm-pull-$i' of $host" $prev dd$i
		fi_commit n$i "Joe Hershberger" $((day + 2)) "net: phy: fix $i" md$i
		prev=n$i
		case $i in
		2|4|6)
			case $i in
			2) host=git://git.denx.de/u-boot-net.git ;;
			4) host=https://source.denx.de/u-boot/custodians/u-boot-net.git ;;
			6) host=https://source.denx.de/u-boot/custodians/u-boot-net ;;
			esac
			fi_commit ne$i "Joe Hershberger" $((day + 3)) "net: eth: add $i" n$i
			fi_commit mn$i "Tom Rini" $((day + 4)) \
				"Merge branch 'master' of $host" md$i ne$i
			prev=mn$i ;;
		esac
		day=$((day + 400))
	done
	fi_commit end "Tom Rini" $day "Prepare v2021.10" $prev
	fi_end end
}

# u-boot as it is: the mainline's maintainer (Tom) pulls each custodian
# tree from the spelling its custodian gave that time, old and new side
# by side for years.  u-boot-dm from git.denx.de/u-boot-dm, gitlab.denx.de
# and source.denx.de/u-boot/custodians/u-boot-dm in turns, its tags
# dm-pull-N and dm-next-N, and each pull from git.denx.de made after Tom
# merged the mainline into it (the tip he pulls is his own merge);
# u-boot-efi from gitlab.denx.de and source.denx.de in turns; u-boot-net
# from git.denx.de, then source.denx.de, its custodian committing from
# one address, then another (the .mailmap may join them).
build_custodians() {
	local C=u-boot/custodians r day=10 prev dmurl tip
	fi_begin
	fi_commit cm0 "Tom Rini" 0 "Prepare v2020.01"
	prev=cm0
	for r in 1 2 3 4 5 6; do
		case $r in
		1) dmurl=git://git.denx.de/u-boot-dm.git ;;
		2) dmurl=https://gitlab.denx.de/$C/u-boot-dm.git ;;
		3) dmurl=git://git.denx.de/u-boot-dm ;;
		4) dmurl=https://source.denx.de/$C/u-boot-dm ;;
		5) dmurl=https://gitlab.denx.de/$C/u-boot-dm ;;
		6) dmurl=https://source.denx.de/$C/u-boot-dm.git ;;
		esac
		fi_commit cd$r "Simon Glass" $day "dm: core: fix $r" $prev
		tip=cd$r
		case $dmurl in *git.denx.de/*)
			fi_commit cdt$r "Tom Rini" $day "Merge branch 'master' into dm" cd$r $prev
			tip=cdt$r ;;
		esac
		if [ $((r % 2)) = 1 ]; then
			fi_commit cmd$r "Tom Rini" $((day + 1)) "Merge tag 'dm-pull-$r' of $dmurl" $prev $tip
		else
			fi_commit cmd$r "Tom Rini" $((day + 1)) "Merge tag 'dm-next-$r' of $dmurl" $prev $tip
		fi
		prev=cmd$r
		fi_commit ce$r "Heinrich Schuchardt" $((day + 2)) "efi_loader: fix $r" $prev
		if [ $((r % 2)) = 1 ]; then
			fi_commit cme$r "Tom Rini" $((day + 3)) "Merge tag 'efi-2020-$r' of https://gitlab.denx.de/$C/u-boot-efi" $prev ce$r
		else
			fi_commit cme$r "Tom Rini" $((day + 3)) "Merge tag 'efi-2020-$r' of https://source.denx.de/$C/u-boot-efi" $prev ce$r
		fi
		prev=cme$r
		if [ $r -le 3 ]; then
			FI_MAIL=joe.hershberger@gmail.example fi_commit cn$r "Joe Hershberger" $((day + 4)) "net: phy: fix $r" $prev
			fi_commit cmn$r "Tom Rini" $((day + 5)) "Merge branch 'master' of git://git.denx.de/u-boot-net" $prev cn$r
		else
			FI_MAIL=joe.hershberger@ni.example fi_commit cn$r "Joe Hershberger" $((day + 4)) "net: phy: fix $r" $prev
			fi_commit cmn$r "Tom Rini" $((day + 5)) "Merge branch 'master' of https://source.denx.de/$C/u-boot-net" $prev cn$r
		fi
		prev=cmn$r
		day=$((day + 120))
	done
	fi_commit cend "Tom Rini" $day "Prepare v2022.01" $prev
	fi_end cend
}

# kernel: rmk's ARM tree, pulled as master.kernel.org:/home/rmk/... and
# as git://git.kernel.org/.../rmk/...; rmk merges his home directory's
# spelling into his own tree, and a sub-tree into it; davem's net-2.6
# pulled by two spellings.
build_kernel() {
	local K=git://git.kernel.org/pub/scm/linux/kernel/git
	fi_begin
	fi_commit l0 "Linus Torvalds" 0 "Linux 2.6.24"
	fi_commit a1 "Russell King" 1 "[ARM] pxa: fix irq" l0
	fi_commit a2 "Russell King" 2 "[ARM] omap: add board" a1
	fi_commit ra "Russell King" 3 \
		"Merge branch 'devel' of master.kernel.org:/home/rmk/linux-2.6-arm into devel" a2 a1
	fi_commit x1 "Sascha Hauer" 3 "[ARM] mx3: add clocks" l0
	fi_commit rx "Russell King" 4 \
		"Merge branch 'for-rmk' of git://git.pengutronix.de/git/imx/linux-2.6" ra x1
	fi_commit l1 "Linus Torvalds" 5 \
		"Merge branch 'for-linus' of master.kernel.org:/home/rmk/linux-2.6-arm" l0 rx
	fi_commit n1 "David Miller" 5 "[NET]: fix a leak" l0
	fi_commit l2 "Linus Torvalds" 6 \
		"Merge branch 'master' of master.kernel.org:/pub/scm/linux/kernel/git/davem/net-2.6" l1 n1
	fi_commit a3 "Russell King" 7 "[ARM] pxa: more" rx
	fi_commit l3 "Linus Torvalds" 8 \
		"Merge branch 'for-linus' of $K/rmk/linux-2.6-arm.git" l2 a3
	fi_commit n2 "David Miller" 8 "[NET]: fix another leak" n1
	fi_commit l4 "Linus Torvalds" 9 "Merge $K/davem/net-2.6.git" l3 n2
	fi_commit l5 "Linus Torvalds" 10 "Linux 2.6.25" l4
	fi_end l5
}

# Xen: committers pull the central repository into staging before they
# push; its commits are other committers' (and the merger's own, pushed
# earlier); one real pull of a person's tree.
build_xen() {
	local X=ssh://xenbits.xen.org/home/xen/git/xen
	fi_begin
	fi_commit s0 "Jan Beulich" 0 "xen: start"
	fi_commit o1 "Andrew Cooper" 1 "x86: fix cpuid" s0
	fi_commit o2 "Jan Beulich" 1 "x86/mm: tidy" o1
	fi_commit j1 "Jan Beulich" 1 "x86: local work" s0
	fi_commit s1 "Jan Beulich" 2 "Merge branch 'staging' of $X into staging" j1 o2
	fi_commit o3 "Julien Grall" 3 "arm: fix gic" s1
	fi_commit k1 "Ian Jackson" 3 "tools: local work" s1
	fi_commit s2 "Ian Jackson" 4 "Merge branch 'staging' of $X into staging" k1 o3
	fi_commit p1 "Roger Pau Monne" 4 "x86/pvh: fix boot" s0
	fi_commit s3 "Jan Beulich" 5 \
		"Merge branch 'for-staging' of git://xenbits.xen.org/people/royger/xen.git" s2 p1
	fi_commit o4 "Andrew Cooper" 6 "x86: fix spec ctrl" s3
	fi_commit o5 "Stefano Stabellini" 6 "arm: fix smmu" o4
	fi_commit a1 "Andrew Cooper" 6 "x86: local work" s3
	fi_commit s4 "Andrew Cooper" 7 "Merge branch 'staging' of $X into staging" a1 o5
	fi_commit s5 "Jan Beulich" 8 "xen: release 4.12" s4
	fi_end s5
}

# util-linux: forks of one repository by two owners on GitHub, pulled in
# turns, one owner's fork moving from GitHub to GitLab (another domain,
# one keeper: one tree), and one owner's second repository (another name:
# another tree).
build_forks() {
	fi_begin
	fi_commit u0 "Karel Zak" 0 "build-sys: release++"
	local prev=u0 i
	for i in 1 2 3; do
		fi_commit al$i "Alice Smith" $((i * 10)) "lsblk: fix $i" $prev
		fi_commit ma$i "Karel Zak" $((i * 10 + 1)) \
			"Merge branch 'fix-$i' of https://github.com/alice/util-linux" $prev al$i
		fi_commit bo$i "Bob Jones" $((i * 10 + 2)) "mount: fix $i" ma$i
		fi_commit mb$i "Karel Zak" $((i * 10 + 3)) \
			"Merge branch 'topic-$i' of https://github.com/bob/util-linux" ma$i bo$i
		prev=mb$i
	done
	fi_commit ca1 "Carol White" 100 "fdisk: fix 1" $prev
	fi_commit mc1 "Karel Zak" 101 \
		"Merge branch 'fdisk' of https://github.com/carol/util-linux" $prev ca1
	fi_commit ca2 "Carol White" 900 "fdisk: fix 2" mc1
	fi_commit mc2 "Karel Zak" 901 \
		"Merge branch 'fdisk' of https://gitlab.com/carol/util-linux" mc1 ca2
	fi_commit al4 "Alice Smith" 902 "lsblk: new column" mc2
	fi_commit ma4 "Karel Zak" 903 \
		"Merge branch 'columns' of https://github.com/alice/lsblk-next" mc2 al4
	fi_commit end "Karel Zak" 904 "build-sys: release++" ma4
	fi_end end
}

# util-linux as it is: forks of the project on GitHub by many owners,
# the maintainer's own work repository, one fork elsewhere: a family of
# forks the chart names by their owners.
build_utillinux() {
	local prev owner i=0
	fi_begin
	fi_commit x0 "Karel Zak" 0 "build-sys: release++"
	prev=x0
	for owner in masatake t-8ch thomasweissschuh yarikoptic cgoesche \
		     mariobl ajaeger; do
		i=$((i + 1))
		fi_commit fx$i "$owner" $((i * 3)) "lib: fix $i" $prev
		fi_commit mx$i "Karel Zak" $((i * 3 + 1)) \
			"Merge branch 'fix-$i' of https://github.com/$owner/util-linux" $prev fx$i
		prev=mx$i
	done
	fi_commit kw1 "Karel Zak" 40 "lsfd: new column" $prev
	fi_commit mkw "Karel Zak" 41 \
		"Merge branch 'lsfd' of https://github.com/karelzak/util-linux-work" $prev kw1
	fi_commit bz1 "Benno Schulenberg" 42 "po: update" mkw
	fi_commit mbz "Karel Zak" 43 \
		"Merge branch 'po' of https://gitlab.com/bensberg/util-linux" mkw bz1
	fi_commit xend "Karel Zak" 44 "build-sys: release++" mbz
	fi_end xend
}

# Merges no form reads, shaped after Xen's history: grouped in the report.
build_unrec() {
	fi_begin
	fi_commit u0 "Keir Fraser" 0 "xen: start"
	local prev=u0 i=0 subject
	for subject in "merge with xen-unstable.hg" "Merge" \
		       "merge with xen-unstable.hg" "Merged." \
		       "merge with xen-unstable.hg" "Merge" \
		       "Merge 3 fixes" "Merge 12 fixes"; do
		i=$((i + 1))
		fi_commit c$i "Keir Fraser" $i "xen: change $i" u0
		fi_commit m$i "Keir Fraser" $i "$subject" $prev c$i
		prev=m$i
	done
	fi_end $prev
}

# moved: U-Boot's move to another domain (rockchip's co-custodians, riscv's
# keeper under two addresses, marvell by branch to another keeper), a
# repository renamed by its keeper (atmel, then at91) and git.git's l10n
# slip naming an owner only ("... of github.com:arkid15r").
build_moved() {
	local C OLD NEW prev day r host rk rv at mv uk
	C=u-boot/custodians
	OLD=https://source.denx.de/$C NEW=https://git.u-boot-project.org/$C
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
}
