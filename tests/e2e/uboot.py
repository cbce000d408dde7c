#!/usr/bin/env python3
"""uboot.py DIR - a release cycle shaped like u-boot's, as a bare repository.

  uboot.py DIR [--seed N] [--truth FILE]

Writes DIR (git init --bare first) with the objects written by hand (loose,
zlib), so that merges may carry a signed tag's mergetag header, which git
fast-import cannot write.  The shape is u-boot's v2024.01..v2024.04:

  - 44 custodian trees, source.denx.de/u-boot/custodians/u-boot-NAME, of
    Zipf-like sizes, each pulled one to four times by the mainline's
    maintainer in the forms u-boot's history uses ("Merge tag
    'u-boot-dm-20240110' of https://source.denx.de/...", "Merge branch
    'master' of https://...", "Merge https://..."); three of them pulled
    by another custodian instead (depth 2);
  - the maintainer's own commits, applied on master, and his topic
    branches ("Merge branch '2024-02-10-assorted-updates'", "Merge
    branch 'next'");
  - b4's mailed series ('Merge patch series "..."');
  - signed tags: every pull of some trees carries one, some of the pulls
    of others, none of the rest (--truth lists each tree's signed and
    pulled counts);
  - a MAINTAINERS file at the end: one or two subsystems per tree, some
    with long names, maintainers as "Name <mail>".

The tags are v2024.01 (the cycle's start), v2024.04-rc1 .. -rc5 and
v2024.04; master is v2024.04.  Dates, ids and everything else are fixed
by the seed.
"""
import hashlib
import os
import random
import subprocess
import sys
import zlib

CUSTODIANS = [
    # (tree, subsystems: (name, maintainers))
    ("dm", [("DRIVER MODEL", ["Simone Glas"]),
            ("DEVICE TREE CONTROL AND OF-PLATDATA", ["Simone Glas"])]),
    ("net", [("NETWORK", ["Joel Hershberg", "Ramon Fried"])]),
    ("marvell", [("ARM MARVELL KIRKWOOD PXA ARMADA XP ARMADA 38X ARMADA "
                  "3700 ARMADA 7040 ARMADA 8040", ["Stefan Rose"])]),
    ("imx", [("ARM FREESCALE IMX", ["Stefano Baba", "Fabio Estes"])]),
    ("rockchip", [("ARM ROCKCHIP", ["Simone Glas", "Philipp Tomic",
                                    "Kever Yan"])]),
    ("sunxi", [("ARM SUNXI", ["Jagannath Teki", "Andre Prezi"])]),
    ("tegra", [("ARM TEGRA", ["Thierry Reder", "Svyat Ryhl"])]),
    ("usb", [("USB", ["Marek Vasi"]), ("USB xHCI", ["Bin Meng"])]),
    ("efi", [("EFI PAYLOAD AND UEFI BOOT MANAGER IMPLEMENTATION",
              ["Heinrich Schuh", "Ilias Apalo"])]),
    ("x86", [("X86", ["Bin Meng", "Simone Glas"])]),
    ("riscv", [("RISC-V", ["Rick Chen", "Leo Yu-Chi Lian"])]),
    ("stm", [("ARM STM STM32MP", ["Patrice Chota", "Patrick Delau"])]),
    ("mmc", [("MMC", ["Peng Fan", "Jaehoon Chung"])]),
    ("spi", [("SPI", ["Jagannath Teki"])]),
    ("samsung", [("ARM SAMSUNG", ["Minkyu Kang"])]),
    ("video", [("VIDEO", ["Anatol Gustsch"])]),
    ("i2c", [("I2C", ["Heiko Schoch"])]),
    ("pmic", [("POWER", ["Jaehoon Chung"])]),
    ("socfpga", [("ARM SOCFPGA", ["Marek Vasi", "Simon Goldsch",
                                  "Tien Fong Chee"])]),
    ("amlogic", [("ARM AMLOGIC SOC SUPPORT", ["Neil Armstro"])]),
    ("microblaze", [("ARM ZYNQMP", ["Michal Simecek"]),
                    ("MICROBLAZE", ["Michal Simecek"])]),
    ("mips", [("MIPS", ["Daniel Schwie"])]),
    ("sh", [("SUPERH", ["Marek Vasi", "Nobuhiro Iwama"])]),
    ("mpc85xx", [("POWERPC MPC85XX", ["Peng Fan", "Priyanka Jaina"])]),
    ("tpm", [("TPM DRIVERS", ["Ilias Apalo"])]),
    ("ubi", [("UBI", ["Kyung Park", "Heiko Schoch"])]),
    ("nand-flash", [("RAW NAND", ["Dario Binac", "Michael Trimar"])]),
    ("cfi-flash", [("CFI FLASH", ["Stefan Rose"])]),
    ("watchdog", [("WATCHDOG", ["Stefan Rose"])]),
    ("snapdragon", [("ARM SNAPDRAGON", ["Caleb Conno", "Neil Armstro"])]),
    ("mediatek", [("ARM MEDIATEK", ["Ryder Lee", "Weijie Gao"])]),
    ("uniphier", [("ARM UNIPHIER", ["Kunihiko Haya"])]),
    ("atmel", [("ARM ATMEL AT91", ["Eugen Hristo"])]),
    ("arm", [("ARM", ["Tomas Rini"])]),
    ("coldfire", [("COLDFIRE", ["Angelo Dureg"])]),
    ("xtensa", [("XTENSA", ["Max Filipp"])]),
    ("fsl-qoriq", [("POWERPC QORIQ AND LAYERSCAPE", ["Peng Fan"])]),
    ("ti", [("ARM TI K3", ["Tomas Rini"])]),
    ("sparc", [("SPARC", ["Daniel Hellstr"])]),
    ("nios", [("NIOS", ["Thomas Chou"])]),
    ("blackfin", [("BLACKFIN", ["Sonic Zhan"])]),
    ("fastboot", [("FASTBOOT", ["Mattijs Korpersh"])]),
    ("dfu", [("DFU", ["Lukasz Majew", "Mattijs Korpersh"])]),
    ("sound", [("SOUND", ["Simone Glas"])]),
]

# Pulled by another custodian (depth 2): tree -> the tree that pulls it.
SUB = {"spi": "mmc", "sh": "arm", "uniphier": "arm"}
# Every pull signed, some of them, none (the rest).
SIGNED_ALL = {"dm", "efi", "marvell", "riscv", "x86", "tpm", "snapdragon"}
SIGNED_SOME = {"net", "usb", "imx", "tegra", "stm", "rockchip"}

HOST = "https://source.denx.de/u-boot/custodians/u-boot-"
MAIN = ("Tomas Rini", "trini@example.org")
EMPTY_TREE = b""


class Repo:
    def __init__(self, path):
        self.path = path
        self.objects = os.path.join(path, "objects")

    def write(self, kind, body):
        data = b"%s %d\0" % (kind.encode(), len(body)) + body
        oid = hashlib.sha1(data).hexdigest()
        d = os.path.join(self.objects, oid[:2])
        f = os.path.join(d, oid[2:])
        if not os.path.exists(f):
            os.makedirs(d, exist_ok=True)
            with open(f, "wb") as out:
                out.write(zlib.compress(data))
        return oid

    def ref(self, name, oid):
        p = os.path.join(self.path, name)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as out:
            out.write(oid + "\n")


class Gen:
    def __init__(self, repo, seed):
        self.r = repo
        self.rng = random.Random(seed)
        self.t = 1701388800  # 2023-12-01
        self.empty = repo.write("tree", EMPTY_TREE)
        self.n = 0

    def commit(self, subject, parents, who, tree=None, header=b""):
        self.t += 60
        self.n += 1
        name, mail = who
        body = b"tree %s\n" % (tree or self.empty).encode()
        for p in parents:
            body += b"parent %s\n" % p.encode()
        ident = ("%s <%s> %d +0000" % (name, mail, self.t)).encode()
        body += b"author " + ident + b"\ncommitter " + ident + b"\n"
        body += header + b"\n" + subject.encode() + b"\n"
        return self.r.write("commit", body)


def person(name):
    return (name, name.lower().replace(" ", ".").replace("-", "") +
            "@example.org")


def mergetag(tip, tag, who):
    lines = ["object %s" % tip, "type commit", "tag %s" % tag,
             "tagger %s <%s> 1701388800 +0000" % who, "",
             "Please pull.", "-----BEGIN PGP SIGNATURE-----", "",
             "iQEzBAABCAAdFiEEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE", "=FAKE",
             "-----END PGP SIGNATURE-----"]
    return ("mergetag " + "\n ".join(lines) + "\n").encode()


def maintainers_text():
    out = []
    for tree, subs in CUSTODIANS:
        for name, people in subs:
            out.append(name)
            for p in people:
                out.append("M:\t%s <%s>" % person(p))
            out.append("S:\tMaintained")
            out.append("T:\tgit %s%s.git" % (HOST, tree))
            out.append("F:\tdrivers/%s/" % tree)
            out.append("")
    return "\n".join(out).encode()


def pull(g, tip, tree, n, keeper, p, e_nr, sub_tips, signed):
    """Tree's next pull of n commits; the new tip of master (a
    sub-custodian's tree waits for its puller's next pull)."""
    b = tip
    for k in range(n):
        b = g.commit("%s: change %d.%d" % (tree, p, k), [b], keeper)
    if tree in SUB:
        sub_tips.setdefault(SUB[tree], []).append((tree, b))
        return tip
    for sub, stip in sub_tips.pop(tree, []):
        b = g.commit("Merge branch 'master' of %s%s" % (HOST, sub),
                     [b, stip], keeper)
        signed.setdefault(sub, [0, 0])[1] += 1
    sign = tree in SIGNED_ALL or (tree in SIGNED_SOME and p != 1)
    tag = "u-boot-%s-2024%02d%02d" % (tree, 1 + e_nr // 40, 1 + e_nr % 28)
    form = (e_nr + len(tree)) % 3
    if sign or form == 0:
        subject = "Merge tag '%s' of %s%s" % (tag, HOST, tree)
    elif form == 1:
        subject = "Merge branch 'master' of %s%s" % (HOST, tree)
    else:
        subject = "Merge %s%s" % (HOST, tree)
    header = mergetag(b, tag, keeper) if sign else b""
    tip = g.commit(subject, [tip, b], MAIN, header=header)
    s = signed.setdefault(tree, [0, 0])
    s[0] += bool(sign)
    s[1] += 1
    return tip


def main(argv):
    args = argv[1:]
    seed, truth = 2024, None
    if not args:
        sys.stderr.write(__doc__)
        return 2
    path = args.pop(0)
    while args:
        opt = args.pop(0)
        if opt == "--seed" and args:
            seed = int(args.pop(0))
        elif opt == "--truth" and args:
            truth = args.pop(0)
        else:
            sys.stderr.write(__doc__)
            return 2
    subprocess.run(["git", "init", "-q", "--bare", path], check=True)
    g = Gen(Repo(path), seed)
    rng = g.rng

    tip = g.commit("Prepare v2023.10", [], MAIN)
    for k in range(20):
        tip = g.commit("board: before the cycle %d" % k, [tip], MAIN)
    g.r.ref("refs/tags/v2024.01", tip)

    # The cycle's events, shuffled: each a pull, a topic merge, a series
    # or a run of applied commits.
    events = []
    for i, (tree, subs) in enumerate(CUSTODIANS):
        size = max(2, int(420 / (i + 1) ** 0.95))
        pulls = 1 + min(3, size // 40)
        keeper = person(subs[0][1][0])
        for p in range(pulls):
            n = max(1, size // pulls + (size % pulls if p == 0 else 0))
            events.append(("pull", tree, n, keeper, p))
    for k in range(9):
        events.append(("topic", "2024-0%d-%02d-assorted-updates" %
                       (1 + k // 3, 3 + 3 * k), rng.randint(8, 40)))
    for k in range(6):
        events.append(("series", "board: sync the device trees %d" % k,
                       rng.randint(3, 12)))
    for k in range(30):
        events.append(("apply", None, rng.randint(1, 14)))
    rng.shuffle(events)
    events.insert(0, ("topic", "next", 160))

    sub_tips = {}
    signed = {}
    rc = 0
    for e_nr, ev in enumerate(events):
        kind = ev[0]
        if kind == "apply":
            for k in range(ev[2]):
                tip = g.commit("common: applied fix %d.%d" % (e_nr, k),
                               [tip], MAIN)
        elif kind == "topic":
            b = tip
            for k in range(ev[2]):
                b = g.commit("%s: patch %d" % (ev[1], k), [b], MAIN)
            tip = g.commit("Merge branch '%s'" % ev[1], [tip, b], MAIN)
        elif kind == "series":
            b = tip
            author = person("Patch Sender%d" % e_nr)
            for k in range(ev[2]):
                b = g.commit("%s, part %d" % (ev[1], k), [b], author)
            tip = g.commit('Merge patch series "%s"' % ev[1], [tip, b],
                           MAIN)
        else:
            _, tree, n, keeper, p = ev
            tip = pull(g, tip, tree, n, keeper, p, e_nr, sub_tips, signed)
        if e_nr and e_nr % 30 == 0 and rc < 5:
            rc += 1
            tip = g.commit("Prepare v2024.04-rc%d" % rc, [tip], MAIN)
            g.r.ref("refs/tags/v2024.04-rc%d" % rc, tip)

    # The pullers of sub-custodians' trees left waiting pull once more.
    for puller in sorted(sub_tips):
        keeper = person(dict(CUSTODIANS)[puller][0][1][0])
        tip = pull(g, tip, puller, 1, keeper, 9, len(events), sub_tips,
                   signed)
    blob = g.r.write("blob", maintainers_text())
    tree = g.r.write("tree", b"100644 MAINTAINERS\0" + bytes.fromhex(blob))
    tip = g.commit("Prepare v2024.04", [tip], MAIN, tree=tree)
    g.r.ref("refs/tags/v2024.04", tip)
    g.r.ref("refs/heads/master", tip)
    if truth:
        with open(truth, "w") as out:
            for tree, (s, n) in sorted(signed.items()):
                out.write("%s%s\t%d\t%d\n" % (HOST[8:], tree, s, n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
