#!/usr/bin/env python3
"""uboot-like.py - a fast-import stream shaped like U-Boot's history.

Eleven quarterly cycles (v2023.01 to v2025.10 after a first release,
each with -rc1 to -rc4), every tree pulled straight into the mainline
(depth 1): forty custodian trees,
"https://source.denx.de/u-boot/custodians/u-boot-NAME", a few commits a
pull, and mailed patch series ("Merge patch series ...") that together
bring ten times any tree's commits.  Fixed dates, fixed seed: the same
stream every run.
"""
import random

NAMES = ("arm dm usb mmc net spi i2c video sunxi rockchip tegra imx "
         "marvell mips x86 riscv efi fsl-qoriq samsung stm ti microblaze "
         "nand-flash onenand pmic sh snapdragon socfpga tpm uniphier "
         "watchdog xtensa amlogic apple coldfire mediatek nios qcom "
         "sandbox m68k").split()
rnd = random.Random(25)
out = []
mark = 0
t = 1640995200  # 2022-01-01


def emit(s):
    out.append(s)


def commit(parent, msg, merge=None, ref="refs/heads/master"):
    global mark, t
    mark += 1
    t += 600
    data = msg.encode()
    emit("commit %s\nmark :%d\n" % (ref, mark))
    emit("author A <a@example.org> %d +0000\n" % t)
    emit("committer C <c@example.org> %d +0000\n" % t)
    emit("data %d\n%s\n" % (len(data), msg))
    if parent:
        emit("from :%d\n" % parent)
    if merge:
        emit("merge :%d\n" % merge)
    return mark


def tag(name, m):
    emit("reset refs/tags/%s\nfrom :%d\n\n" % (name, m))


tip = commit(None, "initial")
tag("v2022.10", tip)
year, month = 2023, 1
for cycle in range(11):
    rel = "v%d.%02d" % (year, month)
    for phase in range(5):
        pulls = 40 if phase == 0 else 8
        for k in range(pulls):
            name = NAMES[k] if phase == 0 else rnd.choice(NAMES)
            b = tip
            for _ in range(rnd.randint(1, 6)):
                b = commit(b, "%s: fix %d" % (name, mark), ref="refs/heads/side")
            tip = commit(tip, "Merge tag 'u-boot-%s-%d' of "
                         "https://source.denx.de/u-boot/custodians/u-boot-%s"
                         % (name, mark, name), merge=b)
        for _ in range(4 if phase == 0 else 2):
            b = tip
            for _ in range(rnd.randint(30, 60)):
                b = commit(b, "board: patch %d" % mark, ref="refs/heads/side")
            tip = commit(tip, "Merge patch series \"board: series %d\""
                         % mark, merge=b)
        tip = commit(tip, "fix %d" % mark)
        tag(rel + ("-rc%d" % (phase + 1) if phase < 4 else ""), tip)
    month += 3
    if month > 12:
        year, month = year + 1, month - 12
print("".join(out), end="")
