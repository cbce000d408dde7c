#!/usr/bin/env python3
"""chartgeom.py - measure a treeplot SVG chart from its geometry.

  chartgeom.py counts FILE.svg    every count drawn by an edge (a text in an
                                  edge's group) is nearer one of that edge's
                                  two boxes than any other box, nearer its
                                  own curve than any other, no other curve
                                  runs through it and no box covers it (boxes
                                  are drawn over edges); every count in a box
                                  (a text of digits only in a node's group)
                                  lies inside that box, no curve runs through
                                  it outside the box (edges are drawn under
                                  filled boxes), and the curve nearest it is an edge of
                                  that box's carrying as many commits (its
                                  tooltip's "N commits"); prints one line per
                                  failure and "N counts checked"
  chartgeom.py titles FILE.svg    no edge runs through a cluster's title (its
                                  label, or its node CLUSTER_title); one line
                                  per failure, "N titles checked"
  chartgeom.py legend FILE.svg    every legend sample (the lines and boxes
                                  drawn in the graph's own group, outside any
                                  node, edge or cluster; touching shapes are
                                  one sample) has its text on its row, after
                                  it, at most LEGEND_GAP points from it (the
                                  two cells' padding, 3 + 3, and rounding);
                                  one line per failure, "N samples checked,
                                  widest gap G"
  chartgeom.py drawn FILE.svg     what the chart draws, for its legend: "edge
                                  COLOUR" per edge colour, "fill COLOUR" per
                                  box fill, "box counts" when a box holds a
                                  count; sorted, one a line
  chartgeom.py sides FILE.svg     every tree whose edge goes into the mainline
                                  stands on its edge's side of it (dot: an edge
                                  "tI->t0" comes from the left, a reversed
                                  "t0->tI" from the right); one line per
                                  failure, "N trees checked"
  chartgeom.py aspect FILE.svg    the longer side over the shorter, 2 decimals
  chartgeom.py minpx W FILE.svg   the smallest text in pixels once the chart
                                  is scaled to W pixels wide, 2 decimals
  chartgeom.py boxes FILE.svg     every box: its title, its tree (data-tree,
                                  else its tooltip's first line, else the
                                  title again) and its texts joined by
                                  " | ", tab-separated
  chartgeom.py strokes FILE.svg   every edge: its title, its pattern (solid,
                                  dashed, dotted, or tapered: a filled shape,
                                  no stroked path) and its arrowhead (filled,
                                  hollow), tab-separated
  chartgeom.py printed FILE.svg   the page (the svg's width and height, in
                                  points) and its smallest text there (each
                                  font-size by the drawing's transform and
                                  the page's width over the viewBox's):
                                  "W H MIN", 2 decimals
  chartgeom.py texts FILE.svg     every text, one a line, as drawn
  chartgeom.py fonts FILE.svg     the font families named, one a line

Coordinates are the SVG's own (Graphviz draws every element in one group
with one transform), so boxes, curves and texts compare directly.
"""
import math
import re
import sys
import xml.etree.ElementTree as ET

NS = '{http://www.w3.org/2000/svg}'


def points(s):
    v = [float(x) for x in re.findall(r'-?[0-9.]+(?:e-?[0-9]+)?', s)]
    return list(zip(v[0::2], v[1::2]))


def bezier(d):
    """Sample Graphviz's path data (M x,y C x,y x,y x,y ...)."""
    pts = points(d)
    out = [pts[0]] if pts else []
    for k in range(1, len(pts) - 2, 3):
        p0, p1, p2, p3 = pts[k - 1], pts[k], pts[k + 1], pts[k + 2]
        for i in range(1, 21):
            t = i / 20
            a, b, c, e = (1 - t) ** 3, 3 * t * (1 - t) ** 2, \
                3 * t * t * (1 - t), t ** 3
            out.append((a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0],
                        a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]))
    return out


def box_of(g):
    for el in g.iter():
        if el.tag in (NS + 'polygon', NS + 'path', NS + 'ellipse'):
            if el.tag == NS + 'ellipse':
                cx, cy = float(el.get('cx')), float(el.get('cy'))
                rx, ry = float(el.get('rx')), float(el.get('ry'))
                return (cx - rx, cy - ry, cx + rx, cy + ry)
            pts = points(el.get('points') or el.get('d'))
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            return (min(xs), min(ys), max(xs), max(ys))
    return None


def text_box(t):
    size = float(t.get('font-size', '14'))
    x, y = float(t.get('x')), float(t.get('y'))
    w = len(t.text or '') * size * 0.6
    anchor = t.get('text-anchor', 'start')
    x0 = x - w / 2 if anchor == 'middle' else x - w if anchor == 'end' else x
    return (x0, y - size * 0.75, x0 + w, y + size * 0.2)


def dist_box(p, b):
    dx = max(b[0] - p[0], 0, p[0] - b[2])
    dy = max(b[1] - p[1], 0, p[1] - b[3])
    return math.hypot(dx, dy)


def dist_curve(p, curve):
    return min(math.hypot(p[0] - q[0], p[1] - q[1]) for q in curve)


# A curve's bounding box, computed once: what lies farther than some
# distance from the box lies farther from every point of the curve, so
# the checks below skip such curves and still give the answer of the
# point-by-point comparison (the charts of hundreds of edges took the
# scan a dozen seconds).
BBOX = {}


def bbox(curve):
    # Keyed by identity, the curve kept with its box: no other list can
    # take its id while the entry lives.
    kept = BBOX.get(id(curve))
    if kept is None or kept[0] is not curve:
        xs, ys = [q[0] for q in curve], [q[1] for q in curve]
        kept = BBOX[id(curve)] = (curve, (min(xs), min(ys), max(xs), max(ys)))
    return kept[1]


def nearer_than(p, curve, d):
    """Whether some point of curve is nearer p than d."""
    return bool(curve) and dist_box(p, bbox(curve)) < d and \
        dist_curve(p, curve) < d


def nearest_edge(p, edges):
    """min(edges with a curve, key=distance of p to the curve): the first
    of the nearest, as min gives it."""
    best, best_d = None, None
    for e in edges:
        if not e[2]:
            continue
        if best is not None and dist_box(p, bbox(e[2])) > best_d:
            continue
        d = dist_curve(p, e[2])
        if best is None or d < best_d:
            best, best_d = e, d
    if best is None:
        raise ValueError('min() arg is an empty sequence')
    return best


def load(path):
    root = ET.parse(path).getroot()
    boxes, edges = {}, []
    load.box_counts = []
    for g in root.iter(NS + 'g'):
        cls = g.get('class')
        title = g.find(NS + 'title')
        name = title.text if title is not None else ''
        if cls == 'node':
            boxes[name] = box_of(g)
            load.box_counts += [(name, t) for t in g.iter(NS + 'text')
                                if re.fullmatch(r'[0-9]+', t.text or '')]
        elif cls == 'edge':
            # "t3:p1:w->t0": a node, its port, its compass point.
            ends = [e.split(':')[0] for e in name.split('->')]
            path = next(g.iter(NS + 'path'), None)
            curve = bezier(path.get('d')) if path is not None else []
            width = 1.0
            if path is not None:
                m = re.search(r'stroke-width="?([0-9.]+)',
                              ET.tostring(path).decode())
                width = float(m.group(1)) if m else 1.0
            texts = [t for t in g.iter(NS + 'text')]
            a = next(g.iter(NS + 'a'), None)
            tip = a.get('{http://www.w3.org/1999/xlink}title', '') \
                if a is not None else ''
            m = re.search(r': ([0-9]+) commits? in ', tip)
            edges.append((name, ends, curve, width, texts,
                          int(m.group(1)) if m else None))
    return root, boxes, edges


def counts(path):
    _, boxes, edges = load(path)
    bad = checked = 0
    for k, (name, ends, curve, _, texts, _) in enumerate(edges):
        for t in texts:
            checked += 1
            tb = text_box(t)
            c = ((tb[0] + tb[2]) / 2, (tb[1] + tb[3]) / 2)
            near = min((n for n in boxes if boxes[n]),
                       key=lambda n: dist_box(c, boxes[n]))
            if near not in ends and \
               dist_box(c, boxes[near]) < min(dist_box(c, boxes[e])
                                              for e in ends if e in boxes):
                print('count %s of %s: nearest box %s' % (t.text, name, near))
                bad += 1
            own = dist_curve(c, curve)
            for j, (other, _, oc, ow, _, _) in enumerate(edges):
                if j == k or not oc:
                    continue
                if nearer_than(c, oc, own - 0.01):
                    print('count %s of %s: nearer the curve %s' %
                          (t.text, name, other))
                    bad += 1
                    break
            for j, (other, _, oc, ow, _, _) in enumerate(edges):
                if j != k and crosses(tb, oc, ow):
                    print('count %s of %s: the curve %s crosses it' %
                          (t.text, name, other))
                    bad += 1
                    break
            for n, b in boxes.items():
                if b and overlap(tb, b) > 1.0:
                    print('count %s of %s: under the box %s' %
                          (t.text, name, n))
                    bad += 1
                    break
    for node, t in load.box_counts:
        checked += 1
        bad += box_count(node, t, boxes, edges)
    print('%d counts checked' % checked)
    return 1 if bad else 0


def box_count(node, t, boxes, edges):
    """Check a count drawn in the box of node; the failures found."""
    tb, n, bad = text_box(t), int(t.text), 0
    c = ((tb[0] + tb[2]) / 2, (tb[1] + tb[3]) / 2)
    b = boxes[node]
    if not (b[0] <= tb[0] and tb[2] <= b[2] and b[1] <= c[1] <= b[3]):
        print('count %s in %s: outside its box' % (t.text, node))
        bad += 1
    near = nearest_edge(c, edges)
    # Edges are drawn first and boxes filled: only what runs outside
    # the box can strike the count through.  (A curve whose box misses
    # the text's cannot cross it: left out before its points are.)
    seen = [(e, [q for q in e[2] if dist_box(q, b) > 0]) for e in edges
            if near_box(tb, e[2], e[3])]
    if node not in near[1] or near[5] != n:
        print('count %s in %s: nearest the curve %s' % (t.text, node,
                                                         near[0]))
        bad += 1
    for (other, _, _, ow, _, _), v in seen:
        if crosses(tb, v, ow):
            print('count %s in %s: the curve %s crosses it' %
                  (t.text, node, other))
            bad += 1
            break
    for other, ob in boxes.items():
        if other != node and ob and overlap(tb, ob) > 1.0:
            print('count %s in %s: under the box %s' % (t.text, node, other))
            bad += 1
            break
    return bad


def near_box(tb, curve, width):
    """Whether the curve's box, widened by half its width, meets tb's:
    if not, no point of it can cross tb."""
    if not curve:
        return False
    b = bbox(curve)
    return b[0] < tb[2] + width / 2 and tb[0] - width / 2 < b[2] and \
        b[1] < tb[3] + width / 2 and tb[1] - width / 2 < b[3]


def crosses(tb, curve, width):
    """Whether a curve drawn width wide runs through the text box tb."""
    return near_box(tb, curve, width) and any(tb[0] - width / 2 < q[0] < tb[2] + width / 2 and
               tb[1] - width / 2 < q[1] < tb[3] + width / 2 for q in curve)


def overlap(a, b):
    """How far two boxes overlap, the lesser of the two extents."""
    return min(min(a[2], b[2]) - max(a[0], b[0]),
               min(a[3], b[3]) - max(a[1], b[1]))


def titles(path):
    root, _, edges = load(path)
    bad = checked = 0
    for g in root.iter(NS + 'g'):
        title = g.find(NS + 'title')
        # A cluster's label, or the node that names it (NAME_title).
        if g.get('class') != 'cluster' and not (
                g.get('class') == 'node' and title is not None and
                title.text.startswith('cluster') and
                title.text.endswith('_title')):
            continue
        for t in g.iter(NS + 'text'):
            checked += 1
            tb = text_box(t)
            for name, _, curve, width, _, _ in edges:
                if crosses(tb, curve, width):
                    print('title %s of %s: the curve %s crosses it' %
                          (t.text, title.text if title is not None else '',
                           name))
                    bad += 1
                    break
    print('%d titles checked' % checked)
    return 1 if bad else 0


LEGEND_GAP = 8.0


def legend_parts(path):
    """The legend's samples (merged shape boxes) and its texts' boxes."""
    root = ET.parse(path).getroot()
    graph = next(g for g in root.iter(NS + 'g') if g.get('class') == 'graph')
    shapes, texts = [], []
    for k, el in enumerate(graph):
        if el.tag in (NS + 'polygon', NS + 'path') and k > 1:
            pts = points(el.get('points') or el.get('d'))
            shapes.append((min(p[0] for p in pts), min(p[1] for p in pts),
                           max(p[0] for p in pts), max(p[1] for p in pts)))
        elif el.tag == NS + 'text':
            texts.append((text_box(el), el.text or ''))
    # The first polygon is the background (it comes before the title).
    shapes = [b for b in shapes if not (b[0] <= 0 and b[2] > 100 and
                                        b[3] - b[1] > 100)]
    samples = []
    for b in sorted(shapes):
        for i, m in enumerate(samples):
            if b[1] <= m[3] and m[1] <= b[3] and b[0] <= m[2] + 4:
                samples[i] = (min(m[0], b[0]), min(m[1], b[1]),
                              max(m[2], b[2]), max(m[3], b[3]))
                break
        else:
            samples.append(b)
    return samples, texts


def legend(path):
    samples, texts = legend_parts(path)
    bad, widest = 0, 0.0
    for s in samples:
        # Its text: the first one after it whose box meets its row; a
        # box's own name, inside it, is not.
        after = [(tb[0] - s[2], text) for tb, text in texts
                 if tb[0] >= s[2] - 1 and tb[1] <= s[3] + 3 and
                 s[1] - 3 <= tb[3]]
        if not after:
            print('sample at %.1f,%.1f: no text after it' % (s[0], s[1]))
            bad += 1
            continue
        gap, text = min(after)
        widest = max(widest, gap)
        if gap > LEGEND_GAP:
            print('sample at %.1f,%.1f: %.1f points from its text "%s"' %
                  (s[0], s[1], gap, text))
            bad += 1
    print('%d samples checked, widest gap %.1f' % (len(samples), widest))
    return 1 if bad or not samples else 0


def drawn(path):
    root = ET.parse(path).getroot()
    seen = set()
    for g in root.iter(NS + 'g'):
        if g.get('class') == 'edge':
            path_el = next(g.iter(NS + 'path'), None)
            if path_el is not None:
                seen.add('edge ' + path_el.get('stroke', ''))
        elif g.get('class') == 'node':
            shape = next((el for el in g.iter() if el.tag in (
                NS + 'polygon', NS + 'path', NS + 'ellipse')), None)
            if shape is not None and shape.get('fill', 'none') != 'none':
                seen.add('fill ' + shape.get('fill'))
            if any(re.fullmatch(r'[0-9]+', t.text or '')
                   for t in g.iter(NS + 'text')):
                seen.add('box counts')
    for v in sorted(seen):
        print(v)
    return 0


def sides(path):
    _, boxes, edges = load(path)
    main = boxes.get('t0')
    bad = checked = 0
    for name, ends, _, _, _, _ in edges:
        if 't0' not in ends or ends[0] == ends[1] or main is None:
            continue
        tree = ends[1] if ends[0] == 't0' else ends[0]
        b = boxes.get(tree)
        if b is None:
            continue
        checked += 1
        if ends[1] == 't0' and not b[2] < main[0]:
            print('%s: its edge comes from the left, its box is not' % tree)
            bad += 1
        elif ends[0] == 't0' and not b[0] > main[2]:
            print('%s: its edge comes from the right, its box is not' % tree)
            bad += 1
    print('%d trees checked' % checked)
    return 1 if bad or not checked else 0


def boxes(path):
    root = ET.parse(path).getroot()
    for g in root.iter(NS + 'g'):
        if g.get('class') != 'node':
            continue
        title = g.find(NS + 'title')
        tid = title.text if title is not None else ''
        a = next(g.iter(NS + 'a'), None)
        tip = a.get('{http://www.w3.org/1999/xlink}title', '') \
            if a is not None else ''
        name = g.get('data-tree') or tip.split('\n')[0] or tid
        print('%s\t%s\t%s' % (tid, name,
                              ' | '.join(t.text or '' for t in
                                         g.iter(NS + 'text'))))
    return 0


def strokes(path):
    root = ET.parse(path).getroot()
    for g in root.iter(NS + 'g'):
        if g.get('class') != 'edge':
            continue
        title = g.find(NS + 'title')
        path_el = next(g.iter(NS + 'path'), None)
        polys = list(g.iter(NS + 'polygon'))
        if path_el is None:
            kind = 'tapered' if polys else 'none'
        else:
            dash = path_el.get('stroke-dasharray', '')
            kind = {'5,2': 'dashed', '1,5': 'dotted'}.get(dash, 'solid')
        head = polys[-1].get('fill') if polys else None
        print('%s\t%s\t%s' % (title.text if title is not None else '',
                              kind, 'hollow' if head == 'none'
                              else 'filled'))
    return 0


def size(path):
    root = ET.parse(path).getroot()
    vb = [float(x) for x in root.get('viewBox').split()]
    return vb[2], vb[3], root


def main(argv):
    if len(argv) == 3 and argv[1] == 'counts':
        return counts(argv[2])
    if len(argv) == 3 and argv[1] == 'titles':
        return titles(argv[2])
    if len(argv) == 3 and argv[1] == 'sides':
        return sides(argv[2])
    if len(argv) == 3 and argv[1] == 'drawn':
        return drawn(argv[2])
    if len(argv) == 3 and argv[1] == 'legend':
        return legend(argv[2])
    if len(argv) == 3 and argv[1] == 'aspect':
        w, h, _ = size(argv[2])
        print('%.2f' % (max(w, h) / min(w, h)))
        return 0
    if len(argv) == 4 and argv[1] == 'minpx':
        w, _, root = size(argv[3])
        scale = float(argv[2]) / w
        sizes = [float(t.get('font-size')) for t in root.iter(NS + 'text')]
        print('%.2f' % (min(sizes) * scale))
        return 0
    if len(argv) == 3 and argv[1] == 'printed':
        root = ET.parse(argv[2]).getroot()
        pt = [float(root.get(k).replace('pt', '')) for k in
              ('width', 'height')]
        vb = [float(x) for x in root.get('viewBox').split()]
        g = root.find(NS + 'g')
        m = re.search(r'scale\(([0-9.]+)', g.get('transform', ''))
        scale = float(m.group(1)) if m else 1.0
        sizes = [float(t.get('font-size')) for t in root.iter(NS + 'text')]
        print('%.2f %.2f %.2f' % (pt[0], pt[1],
                                  min(sizes) * scale * pt[0] / vb[2]))
        return 0
    if len(argv) == 3 and argv[1] == 'boxes':
        return boxes(argv[2])
    if len(argv) == 3 and argv[1] == 'strokes':
        return strokes(argv[2])
    if len(argv) == 3 and argv[1] in ('texts', 'fonts'):
        root = ET.parse(argv[2]).getroot()
        seen = []
        for t in root.iter(NS + 'text'):
            v = t.text or '' if argv[1] == 'texts' else t.get('font-family')
            if argv[1] == 'texts' or v not in seen:
                seen.append(v)
                print(v)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
