#!/usr/bin/env python3
"""svgtext.py - the text of a chart's SVG, read from the outside.

  svgtext.py texts FILE   one line a <text>: its text, as a reader sees it
  svgtext.py check FILE   "texts N symbols M fonts F overlaps K": the
                          <text> elements, the <symbol>s (cairo's glyph
                          outlines), the font families named, and the
                          pairs of labels whose boxes overlap (listed on
                          stderr)

A label's box is estimated from the outside: its baseline and anchor as
written, its font size, each character's width in DejaVu Sans rounded up
(narrow ones 0.3 to 0.42 em, digits 0.64, lower case 0.62, wide ones and
capitals 0.75 to 1, 10% more in bold), from 0.75 em above the baseline
to 0.2 em below, turned by its rotate(); two boxes overlap when no axis
separates them (the separating axis test for rectangles).
"""
import math
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def texts(root):
    out = []
    fam = None
    for g in root.iter():
        if g.tag == NS + "g" and g.get("font-family"):
            fam = g.get("font-family")
    for t in root.iter(NS + "text"):
        s = "".join(t.itertext())
        size = float(t.get("font-size"))
        x, y = float(t.get("x")), float(t.get("y"))
        anchor = {"end": 1.0, "middle": 0.5}.get(t.get("text-anchor"), 0.0)
        angle = 0.0
        m = re.match(r"rotate\(([-0-9.]+)", t.get("transform") or "")
        if m:
            angle = math.radians(float(m.group(1)))
        out.append(dict(s=s, size=size, x=x, y=y, anchor=anchor,
                        angle=angle, bold=t.get("font-weight") == "bold",
                        fam=fam))
    return out


NARROW = {" ": .33, "i": .29, "l": .29, "j": .29, "I": .3, ".": .33,
          ",": .33, ":": .34, ";": .34, "'": .29, "f": .36, "t": .4,
          "r": .42, "-": .37, "/": .34, "(": .4, ")": .4, "|": .34}
WIDE = {"m": .98, "w": .82, "M": .87, "W": 1.0, "\u2026": 1.0}


def width(t):
    em = 0.0
    for c in t["s"]:
        if c in NARROW:
            em += NARROW[c]
        elif c in WIDE:
            em += WIDE[c]
        elif c.isdigit():
            em += .64
        elif c.isupper():
            em += .75
        else:
            em += .62
    return em * t["size"] * (1.1 if t["bold"] else 1.0)


def corners(t):
    w = width(t)
    x0 = -t["anchor"] * w
    pts = [(x0, -0.75 * t["size"]), (x0 + w, -0.75 * t["size"]),
           (x0 + w, 0.2 * t["size"]), (x0, 0.2 * t["size"])]
    c, s = math.cos(t["angle"]), math.sin(t["angle"])
    return [(t["x"] + px * c - py * s, t["y"] + px * s + py * c)
            for px, py in pts]


def separated(a, b):
    for poly in (a, b):
        for i in range(4):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 4]
            nx, ny = y1 - y2, x2 - x1
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            n = math.hypot(nx, ny) or 1
            if max(pa) < min(pb) + 0.3 * n or max(pb) < min(pa) + 0.3 * n:
                return True
    return False


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    root = ET.parse(path).getroot()
    ts = texts(root)
    if cmd == "texts":
        for t in ts:
            print(t["s"])
        return
    boxes = [corners(t) for t in ts if t["s"].strip()]
    named = [t for t in ts if t["s"].strip()]
    bad = 0
    for i in range(len(boxes)):
        for k in range(i):
            if not separated(boxes[i], boxes[k]):
                bad += 1
                print("overlap: %r and %r" % (named[i]["s"], named[k]["s"]),
                      file=sys.stderr)
    symbols = sum(1 for _ in root.iter(NS + "symbol"))
    fams = sorted({t["fam"] or "" for t in ts})
    print("texts %d symbols %d fonts %s overlaps %d" %
          (len(ts), symbols, ",".join(fams), bad))


main()
