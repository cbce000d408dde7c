/*
 * report.js - the treeplot HTML report's behaviour (no framework).
 *
 * The page holds two JSON blocks: "flow" (what treeplot -T json writes)
 * and "commits" (the commit table render_html.c describes).  Every text
 * from the repository reaches the page through textContent or an
 * attribute value, never as markup; the Content-Security-Policy admits
 * this script by its hash and nothing else.
 */
'use strict';
(function () {
  var t0 = performance.now();
  var flow = JSON.parse(document.getElementById('flow').textContent);
  var cd = JSON.parse(document.getElementById('commits').textContent);
  var MAX_RESULTS = 200, PAGE = 300;

  /* --- the commit table, decoded ------------------------------------ */
  var S = cd.strings, idlen = cd.idlen;
  var url = typeof cd.url === 'string' && /^https?:\/\//i.test(cd.url) ?
    cd.url : null;
  var nC = cd.commits.length / 5, nM = cd.merges.length / 5;
  var cId = new Array(nC), cAuthor = new Int32Array(nC),
    cSubj = new Int32Array(nC), cPath = new Int32Array(nC),
    cVia = new Int32Array(nC);
  for (var i = 0; i < nC; i++) {
    cId[i] = cd.commits[5 * i];
    cAuthor[i] = cd.commits[5 * i + 1];
    cSubj[i] = cd.commits[5 * i + 2];
    cPath[i] = cd.commits[5 * i + 3];
    cVia[i] = cd.commits[5 * i + 4];
  }
  function merge(m) {
    var b = 5 * m;
    return { id: cd.merges[b], time: cd.merges[b + 1], tz: cd.merges[b + 2],
      subject: S[cd.merges[b + 3]], next: cd.merges[b + 4] };
  }
  var tName = cd.trees.map(function (t) { return t[0]; });
  var tFlow = cd.trees.map(function (t) { return t[1]; });
  var pTree = [], pUp = [];
  for (i = 0; i < cd.paths.length; i += 2) {
    pTree.push(cd.paths[i]);
    pUp.push(cd.paths[i + 1]);
  }
  /* The flow's trees: [0] the mainline, then the JSON's "trees". */
  var fTrees = [null].concat(flow.trees);
  var foldIndex = -1;
  fTrees.forEach(function (t, k) {
    if (t && t.folded !== undefined) foldIndex = k;
  });
  function flowName(k) {
    return k === 0 ? flow.mainline.name : fTrees[k].name;
  }
  function flowOfTree(t) { return tFlow[t] >= 0 ? tFlow[t] : foldIndex; }
  function pathTrees(p) {
    var out = [];
    for (; p >= 0; p = pUp[p]) out.push(pTree[p]);
    return out;
  }

  /* --- small DOM helpers: text only ---------------------------------- */
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent) {
    for (var k = 1; k < arguments.length; k++)
      if (arguments[k]) parent.appendChild(arguments[k]);
    return parent;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
  function shortId(id) { return id.length > 12 ? id.slice(0, 12) : id; }
  function idNode(id) {
    var text = shortId(id);
    if (!url || id.length !== 40) return el('code', 'id', text);
    var a = el('a', 'id', text);
    a.href = url.split('%H').join(id);
    a.rel = 'noopener noreferrer';
    a.title = id;
    return a;
  }
  function pad(n, w) { n = String(n); while (n.length < w) n = '0' + n; return n; }
  /* As the committer's clock showed it, like --trace. */
  function fmtDate(t, tz) {
    var d = new Date((t + tz * 60) * 1000), a = Math.abs(tz);
    return d.getUTCFullYear() + '-' + pad(d.getUTCMonth() + 1, 2) + '-' +
      pad(d.getUTCDate(), 2) + ' ' + pad(d.getUTCHours(), 2) + ':' +
      pad(d.getUTCMinutes(), 2) + ':' + pad(d.getUTCSeconds(), 2) + ' ' +
      (tz < 0 ? '-' : '+') + pad(Math.floor(a / 60), 2) + pad(a % 60, 2);
  }
  function plural(n, what) { return n + ' ' + what + (n === 1 ? '' : 's'); }
  function row(dl, key, value) {
    add(dl, el('dt', null, key), el('dd', null, value));
  }

  /* --latency's figures (seconds) as text, in days as the text report
   * rounds them: to the nearest tenth, halves away from zero. */
  function days(s) {
    var t = Math.floor((Math.abs(s) + 4320) / 8640);
    return (s < 0 && t ? '-' : '') + Math.floor(t / 10) + '.' + (t % 10);
  }
  function latencyText(l) {
    if (l.median === null) return 'no commit';
    return 'median ' + days(l.median) + ' days, 90th percentile ' +
      days(l.p90) + ' days' + (l.negative ? ', ' + l.negative +
      ' negative' : '');
  }
  /* The latency split at the committer date (--latency): o holds wait,
   * soak and fresh, over n commits. */
  function splitRows(dl, o, n) {
    row(dl, 'wait', latencyText(o.wait));
    row(dl, 'soak', latencyText(o.soak));
    row(dl, 'fresh at pull', n ? o.fresh + ' of ' + n + ' (' +
      (Math.round(1000 * o.fresh / n) / 10).toFixed(1) + '%)' : 'no commit');
  }

  /* --review's figures of a set of commits, as rows: each share in
   * percent to the tenth, halves up, as the text report rounds it. */
  function reviewShare(part, whole) {
    var t = Math.floor((2000 * part + whole) / (2 * whole));
    return Math.floor(t / 10) + '.' + (t % 10) + '% (' + part + ' of ' +
      whole + ')';
  }
  /* --people's figures of a set of commits (and of its pulls, when it
   * has them), as rows: seconds as hours to the tenth, as the text. */
  function hours(s) {
    var t = Math.floor((Math.abs(s) + 180) / 360);
    return (s < 0 && t ? '-' : '') + Math.floor(t / 10) + '.' + (t % 10) +
      ' hours';
  }
  function peopleRows(dl, p) {
    if (!p.commits) { row(dl, 'people', 'no commit'); return; }
    row(dl, 'self-committed', reviewShare(p.self, p.commits));
    row(dl, 'of which unreviewed', p.self_unreviewed);
    row(dl, 'committers', p.committers + ', ' + p.committers_for_half +
      ' holding half of the commits');
    (p.top_committers || []).forEach(function (c) {
      row(dl, 'committer', c.name + ': ' + plural(c.commits, 'commit'));
    });
    if (p.newcomers !== undefined) row(dl, 'newcomers', p.newcomers);
    if (p.tagged_pulls === undefined) return;
    row(dl, 'tagged pulls', p.tagged_pulls + ' (' + p.untagged_pulls +
      ' untagged, ' + p.undated_tags + ' undated, ' + p.late_tags +
      ' late)');
    row(dl, 'median tag wait', p.tag_wait_median === null ? 'none' :
      hours(p.tag_wait_median));
  }
  function reviewRows(dl, r) {
    if (!r.commits) { row(dl, 'review', 'no commit'); return; }
    [['reviewed', 'reviewed'], ['tested', 'tested'], ['linked', 'linked'],
      ['fixes', 'fixes'], ['stable', 'for stable']].forEach(function (f) {
      row(dl, f[1], reviewShare(r[f[0]], r.commits));
    });
    /* What "reviewed" counts, which git log's Reviewed-by lines do not
     * (a maintainer's own trailer on what they commit is no review). */
    row(dl, 'reviewed means', 'a Reviewed-by or Acked-by from neither ' +
      'author nor committer');
    row(dl, 'median hand-offs', r.handoffs_median);
    /* The five who reviewed (tested) most, one a row. */
    (r.reviewers || []).forEach(function (p) {
      row(dl, 'reviewer', p.name + ': ' + plural(p.commits, 'commit'));
    });
    (r.testers || []).forEach(function (p) {
      row(dl, 'tester', p.name + ': ' + plural(p.commits, 'commit'));
    });
  }

  /* --- the chart ------------------------------------------------------ */
  var chart = document.getElementById('chart');
  var svg = chart.querySelector('svg');
  var nodeOf = {}, edgeOf = {};
  if (svg) {
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    Array.prototype.forEach.call(svg.querySelectorAll('g.node'), function (g) {
      var title = g.querySelector('title');
      var m = title && /^t(\d+)$/.exec(title.textContent);
      /* The direct boxes: lit with a direct commit's way, no panel. */
      if (title && /^direct(_topics)?$/.test(title.textContent))
        nodeOf[title.textContent] = g;
      if (!m || !fTrees[+m[1]] && +m[1] !== 0) return;
      var k = +m[1];
      nodeOf[k] = g;
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', 'tree ' + flowName(k));
      g.addEventListener('click', function () { showTree(k); });
      g.addEventListener('keydown', function (ev) {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          showTree(k);
        }
      });
    });
    Array.prototype.forEach.call(svg.querySelectorAll('g.edge'), function (g) {
      var title = g.querySelector('title');
      var m = title &&
        /^(t\d+|direct|direct_topics)->t(\d+)$/.exec(title.textContent);
      if (m) edgeOf[m[1].replace(/^t/, '') + ',' + m[2]] = g;
    });
  }
  var lit = [];
  /* Show what is lit (or only that node): the view centres on it, as close as it fits but
   * never closer than about one screen pixel a point (Graphviz's unit),
   * so that labels read and the surroundings stay in sight. */
  function focusLit(only) {
    var els = only ? [only] : lit;
    if (!vb || !els.length || !svg.getScreenCTM()) return;
    var inv = svg.getScreenCTM().inverse(), box = null;
    els.forEach(function (e) {
      var r = e.getBoundingClientRect();
      [[r.left, r.top], [r.right, r.bottom]].forEach(function (xy) {
        var p = svg.createSVGPoint();
        p.x = xy[0]; p.y = xy[1];
        p = p.matrixTransform(inv);
        box = box ? [Math.min(box[0], p.x), Math.min(box[1], p.y),
          Math.max(box[2], p.x), Math.max(box[3], p.y)] : [p.x, p.y, p.x, p.y];
      });
    });
    var pane = chart.getBoundingClientRect();
    var w = Math.max(box[2] - box[0] + 80, pane.width);
    var h = Math.max(box[3] - box[1] + 80, pane.height);
    vb = aspect([(box[0] + box[2] - w) / 2, (box[1] + box[3] - h) / 2, w, h]);
    setView();
  }
  function highlight(nodes, edges) {
    lit.forEach(function (e) { e.classList.remove('lit'); });
    lit = [];
    if (svg) svg.classList.add('picked');
    nodes.forEach(function (k) {
      if (nodeOf[k]) { nodeOf[k].classList.add('lit'); lit.push(nodeOf[k]); }
    });
    edges.forEach(function (key) {
      if (edgeOf[key]) { edgeOf[key].classList.add('lit'); lit.push(edgeOf[key]); }
    });
  }

  /* Pan and zoom: the viewBox moves, the SVG stays as drawn. */
  var vb0 = svg && svg.viewBox.baseVal ? [svg.viewBox.baseVal.x,
    svg.viewBox.baseVal.y, svg.viewBox.baseVal.width,
    svg.viewBox.baseVal.height] : null;
  /* The fit is the chart's: its boxes, its edges and its title, not the
   * legend, which is as wide as a page and would shrink the boxes' text
   * to nothing beside the panel (it is above them, a pan away).  In the
   * SVG's own units, from each part's box as drawn. */
  function chartBox() {
    var parts = svg.querySelectorAll('g.node, g.edge'), inv, box = null;
    var title = svg.querySelector('g.graph > text');
    if (!parts.length || !svg.getScreenCTM()) return null;
    inv = svg.getScreenCTM().inverse();
    function take(e) {
      var b = e.getBBox(), m = inv.multiply(e.getScreenCTM());
      [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
        [b.x + b.width, b.y + b.height]].forEach(function (c) {
        var x = m.a * c[0] + m.c * c[1] + m.e, y = m.b * c[0] + m.d * c[1] + m.f;
        if (!box) box = [x, y, x, y];
        box = [Math.min(box[0], x), Math.min(box[1], y),
          Math.max(box[2], x), Math.max(box[3], y)];
      });
    }
    Array.prototype.forEach.call(parts, take);
    if (title) take(title);
    var pad = 8;
    return [box[0] - pad, box[1] - pad, box[2] - box[0] + 2 * pad,
      box[3] - box[1] + 2 * pad];
  }
  if (vb0) vb0 = chartBox() || vb0;
  /* A view widened to the pane's shape, about its centre: the zoom
   * limits and the drag then hold along both axes. */
  function aspect(v) {
    var r = chart.getBoundingClientRect(), a = r.width / r.height || 1;
    if (v[2] / v[3] < a) {
      var w = v[3] * a;
      return [v[0] - (w - v[2]) / 2, v[1], w, v[3]];
    }
    var h = v[2] / a;
    return [v[0], v[1] - (h - v[3]) / 2, v[2], h];
  }
  var vbFit = vb0 && aspect(vb0);
  var vb = vbFit && vbFit.slice();
  function setView() {
    if (vb) svg.setAttribute('viewBox', vb.join(' '));
  }
  function zoom(f, cx, cy) {
    if (!vb) return;
    var w = vb[2] * f, h = vb[3] * f;
    if (w > vbFit[2] * 4 || w < vbFit[2] / 200) return;
    if (cx === undefined) { cx = 0.5; cy = 0.5; }
    vb = [vb[0] + (vb[2] - w) * cx, vb[1] + (vb[3] - h) * cy, w, h];
    setView();
  }
  if (vb) {
    chart.addEventListener('wheel', function (ev) {
      var r = svg.getBoundingClientRect();
      ev.preventDefault();
      zoom(ev.deltaY < 0 ? 1 / 1.2 : 1.2, (ev.clientX - r.left) / r.width,
        (ev.clientY - r.top) / r.height);
    }, { passive: false });
    var drag = null;
    chart.addEventListener('pointerdown', function (ev) {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, vb: vb.slice(), moved: false };
    });
    window.addEventListener('pointermove', function (ev) {
      if (!drag) return;
      var r = svg.getBoundingClientRect();
      var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
      /* The SVG keeps its aspect ratio: one scale for both axes. */
      var s = Math.max(vb[2] / r.width, vb[3] / r.height);
      vb = [drag.vb[0] - dx * s, drag.vb[1] - dy * s, vb[2], vb[3]];
      setView();
    });
    window.addEventListener('pointerup', function () { drag = null; });
    /* The pane changes shape (the window, the panel's width): a view at
     * the fit becomes the new shape's fit, the whole chart beside the
     * panel; another is widened about its centre to the new shape. */
    if (window.ResizeObserver) {
      new ResizeObserver(function () {
        var atFit = vb.join() === vbFit.join();
        vbFit = aspect(vb0);
        vb = atFit ? vbFit.slice() : aspect(vb);
        setView();
      }).observe(chart);
    }
    setView();
    document.getElementById('zoom-in').addEventListener('click',
      function () { zoom(1 / 1.5); });
    document.getElementById('zoom-out').addEventListener('click',
      function () { zoom(1.5); });
    document.getElementById('zoom-fit').addEventListener('click',
      function () { vb = aspect(vb0); vbFit = vb.slice(); setView(); });
  }

  /* --- the side panel ------------------------------------------------- */
  var panel = document.getElementById('panel');
  function treeButton(name, k) {
    if (k === undefined || k < 0) return el('span', null, name);
    var b = el('button', 'link', name);
    b.type = 'button';
    b.addEventListener('click', function () { showTree(k); });
    return b;
  }
  function flowIndexByName(name) {
    if (name === flow.mainline.name) return 0;
    for (var k = 1; k < fTrees.length; k++)
      if (fTrees[k].name === name) return k;
    return -1;
  }

  function showCommit(c) {
    var trees = pathTrees(cPath[c]), m = cVia[c];
    clear(panel);
    add(panel, el('h2', null, 'Commit'));
    var head = el('p', 'commit-head');
    add(head, idNode(cId[c]), document.createTextNode(' '),
      el('span', 'subject', S[cSubj[c]]));
    add(panel, head, el('p', 'author', S[cAuthor[c]]));
    add(panel, el('h3', null, 'Its way to the mainline'));
    var ol = el('ol', 'hops');
    if (trees.length === 1) {
      /* Direct: applied on the mainline's own line, or through one of
       * its topic branches, whose merge is VIA. */
      var dl = add(el('li'), add(el('div', 'hop'),
        document.createTextNode('direct to '),
        treeButton(tName[trees[0]], flowOfTree(trees[0])),
        document.createTextNode(m >= 0 ? ', through its topic branch' :
          ', applied on its own line')));
      if (m >= 0) {
        var tm = merge(m);
        add(dl, add(el('div', 'merge'), idNode(tm.id),
          el('span', 'date', ' ' + fmtDate(tm.time, tm.tz) + ' '),
          el('span', 'subject', tm.subject)));
      }
      add(ol, dl);
    }
    for (var k = 0; k + 1 < trees.length && m >= 0; k++) {
      var mg = merge(m), li = el('li');
      add(li, add(el('div', 'hop'),
        treeButton(tName[trees[k]], flowOfTree(trees[k])),
        el('span', 'arrow', ' \u2192 '),
        treeButton(tName[trees[k + 1]], flowOfTree(trees[k + 1]))));
      add(li, add(el('div', 'merge'), idNode(mg.id),
        el('span', 'date', ' ' + fmtDate(mg.time, mg.tz) + ' '),
        el('span', 'subject', mg.subject)));
      add(ol, li);
      m = mg.next;
    }
    add(panel, ol);
    var nodes = trees.map(flowOfTree).filter(function (k) { return k >= 0; });
    /* A direct commit: its box, applied or topic branches, and its edge
     * into the mainline. */
    if (trees.length === 1)
      nodes.unshift(m >= 0 ? 'direct_topics' : 'direct');
    var edges = [];
    for (k = 0; k + 1 < nodes.length; k++)
      edges.push(nodes[k] + ',' + nodes[k + 1]);
    highlight(nodes, edges);
    focusLit();
  }

  /* The commits through flow tree k, newest first (the table's order). */
  var through = null;
  function commitsThrough(k) {
    if (!through) {
      through = fTrees.map(function () { return []; });
      var seen = new Int32Array(fTrees.length).fill(-1);
      for (var c = 0; c < nC; c++)
        for (var p = cPath[c]; p >= 0; p = pUp[p]) {
          var f = flowOfTree(pTree[p]);
          if (f >= 0 && seen[f] !== c) { seen[f] = c; through[f].push(c); }
        }
    }
    return through[k];
  }

  function commitItem(c) {
    var li = el('li');
    var b = el('button', 'link commit');
    b.type = 'button';
    add(b, el('code', 'id', shortId(cId[c])), document.createTextNode(' '),
      el('span', 'subject', S[cSubj[c]]));
    b.addEventListener('click', function () { showCommit(c); });
    return add(li, b);
  }

  /* Figures the core describes; any other member (an add-on's) is shown
   * as it is in the JSON. */
  var TREE_KEYS = { name: 1, urls: 1, commits: 1, own: 1, depth: 1,
    pulls: 1, keepers: 1, subsystems: 1, repository: 1, signed_pulls: 1,
    signed_commits: 1, kind: 1, folded: 1, latency: 1, topics: 1,
    wait: 1, soak: 1, fresh: 1, first_phase: 1, timeline: 1,
    review: 1, people_figures: 1, bug_fixes: 1, bug_fix_commits: 1,
    routing: 1 };
  /* A tree's pulls counted by phase, in the phases' order. */
  function pullsByPhase(list) {
    var n = {};
    list.forEach(function (p) { n[p.phase] = (n[p.phase] || 0) + 1; });
    return (flow.phases || []).filter(function (ph) {
      return n[ph.name];
    }).map(function (ph) { return ph.name + ' ' + n[ph.name]; }).join(', ');
  }
  function treeFigures(k) {
    var dl = el('dl', 'figures'), t = fTrees[k];
    if (k === 0) {
      row(dl, 'commits', flow.commits);
      row(dl, 'direct', flow.direct);
      row(dl, 'applied on it', flow.direct_applied);
      row(dl, 'through its topic branches', flow.direct_topics + ' (' +
        plural(flow.topic_merges, 'merge') + ')');
      row(dl, 'merges', flow.merges);
      if (flow.latency) {
        row(dl, 'latency', latencyText(flow.latency));
        splitRows(dl, flow, flow.commits);
      }
      if (flow.review) reviewRows(dl, flow.review);
      if (flow.people_figures) peopleRows(dl, flow.people_figures);
      return dl;
    }
    row(dl, 'commits through it', t.commits);
    row(dl, 'its own', t.own);
    row(dl, 'pulls', t.pulls);
    row(dl, 'depth', t.depth);
    /* Who committed the tips its pulls brought in. */
    (t.keepers || []).forEach(function (p) {
      row(dl, 'keeper', p.name + (p.email ? ' <' + p.email + '>' : '') +
        ': ' + plural(p.pulls, 'pull'));
    });
    if (t.signed_pulls !== undefined) {
      row(dl, 'signed pulls', t.signed_pulls);
      row(dl, 'commits by signed pulls', t.signed_commits);
    }
    if (t.latency) {
      row(dl, 'latency', latencyText(t.latency));
      splitRows(dl, t, t.commits);
    }
    if (t.timeline && t.timeline.length) {
      row(dl, 'first pulled', t.first_phase);
      row(dl, 'pulls by phase', pullsByPhase(t.timeline));
    }
    if (t.review) reviewRows(dl, t.review);
    if (t.people_figures) peopleRows(dl, t.people_figures);
    if (t.bug_fixes) {
      row(dl, 'fixes it carried', plural(t.bug_fixes.carried, 'commit'));
      row(dl, 'bugs it brought', plural(t.bug_fixes.brought, 'commit') +
        ' fixed in the range');
    }
    if (t.routing)
      row(dl, 'as declared', t.routing.declared_share === null ?
        'no commit with a declared tree' : t.routing.declared_share +
        '% of its commits with a declared tree (MAINTAINERS)');
    if (t.kind) row(dl, 'kind', t.kind);
    if (t.repository !== undefined) row(dl, 'repository', t.repository);
    if (t.folded !== undefined) row(dl, 'trees folded', t.folded);
    (t.subsystems || []).forEach(function (s) {
      row(dl, 'subsystem', s.name + (s.maintainers.length ?
        ' (' + s.maintainers.join(', ') + ')' : ''));
    });
    /* A review server's topics, the most commits first. */
    (t.topics || []).forEach(function (tp) {
      row(dl, 'topic', tp.name + ': ' + plural(tp.commits, 'commit') +
        ', ' + plural(tp.merges, 'merge'));
    });
    Object.keys(t).forEach(function (key) {
      if (!TREE_KEYS[key]) row(dl, key, JSON.stringify(t[key]));
    });
    return dl;
  }

  function edgeList(title, edges, other) {
    if (!edges.length) return null;
    var sec = el('div');
    add(sec, el('h3', null, title));
    var ul = el('ul', 'trees');
    edges.forEach(function (e) {
      add(ul, add(el('li'), treeButton(e[other], flowIndexByName(e[other])),
        el('span', 'count', ' ' + plural(e.commits, 'commit'))));
    });
    return add(sec, ul);
  }

  /* --routing: the tree's cells of declared x actual (its commits that
   * MAINTAINERS routes elsewhere, and the ones declared for it that came
   * another way), and its pulls' commits outside its area, each a
   * click to its way. */
  function routingLists(t) {
    var rt = flow.routing;
    if (!rt) return null;
    var sec = el('div', 'routing');
    var cells = rt.declared_vs_actual.filter(function (c) {
      return c.actual_tree === t.name || c.declared_tree === t.name;
    });
    if (cells.length) {
      add(sec, el('h3', null, 'Declared elsewhere, or declared here'));
      var ul = el('ul', 'trees');
      cells.forEach(function (c) {
        add(ul, el('li', null, plural(c.commits, 'commit') + ' declared for ' +
          c.declared_tree + ', came through ' + c.actual_tree));
      });
      add(sec, ul);
    }
    var ids = [];
    rt.out_of_area.forEach(function (p) {
      if (p.tree === t.name) ids = ids.concat(p.out_of_area);
    });
    if (ids.length) {
      add(sec, el('h3', null, plural(ids.length, 'commit') +
        ' outside its area (MAINTAINERS)'));
      var ol = el('ol', 'commits');
      ids.slice(0, PAGE).forEach(function (id) { add(ol, commitOrId(id)); });
      add(sec, ol);
    }
    return sec.childNodes.length ? sec : null;
  }

  /* --fixes: a commit of the page by its full id (-1: not on the page,
   * as a bug brought before the range). */
  var byId = null;
  function commitOf(id) {
    if (!byId) {
      byId = {};
      for (var c = 0; c < nC; c++) byId[cId[c]] = c;
    }
    var c2 = byId[id.slice(0, idlen)];
    return c2 === undefined ? -1 : c2;
  }
  function commitOrId(id) {
    var c = commitOf(id);
    return c >= 0 ? commitItem(c) : add(el('li'), idNode(id));
  }
  /* The fixes the tree carried, and the bugs it brought with the
   * commits that fixed each: every commit of the page a click to its
   * way. */
  function fixesLists(t) {
    var b = t.bug_fix_commits;
    if (!b) return null;
    var sec = el('div', 'fixes');
    if (b.fix_ids.length) {
      add(sec, el('h3', null, 'Fixes it carried'));
      var ol = el('ol', 'commits');
      b.fix_ids.forEach(function (id) { add(ol, commitOrId(id)); });
      add(sec, ol);
    }
    if (b.bug_pairs.length) {
      add(sec, el('h3', null, 'Bugs it brought, and their fixes'));
      var ul = el('ul', 'bugs'), last = null, fixes = null;
      b.bug_pairs.slice().sort(function (x, y) {
        return x.target < y.target ? -1 : x.target > y.target ? 1 : 0;
      }).forEach(function (p) {
        if (p.target !== last) {
          var li = commitOrId(p.target);
          fixes = el('ol', 'commits');
          add(li, el('span', 'fixed-by', ' fixed by:'), fixes);
          add(ul, li);
          last = p.target;
        }
        add(fixes, commitOrId(p.fix));
      });
      add(sec, ul);
    }
    return sec;
  }

  /* quiet: fill the panel, light nothing (the page as it opens). */
  function showTree(k, quiet) {
    var name = flowName(k), t = fTrees[k];
    clear(panel);
    add(panel, el('h2', null, k === 0 ? 'Mainline' : 'Tree'));
    add(panel, el('p', 'tree-name', name));
    var urls = k === 0 ? flow.mainline.urls : t.urls || [];
    if (urls.length) {
      var ul = el('ul', 'urls');
      urls.forEach(function (u) { add(ul, el('li', null, u)); });
      add(panel, ul);
    }
    add(panel, treeFigures(k));
    add(panel, edgeList('Trees it pulled', flow.edges.filter(function (e) {
      return e.to === name;
    }), 'from'));
    add(panel, edgeList('Pulled by', flow.edges.filter(function (e) {
      return e.from === name;
    }), 'to'));
    if (k > 0) add(panel, fixesLists(t));
    if (k > 0) add(panel, routingLists(t));
    var list = commitsThrough(k);
    add(panel, el('h3', null, plural(list.length, 'commit') +
      ', newest first'));
    var label = el('label', 'sr', 'Filter the commits of ' + name);
    label.htmlFor = 'tree-filter';
    var input = el('input');
    input.id = 'tree-filter';
    input.type = 'search';
    input.placeholder = 'filter: id, subject, author';
    add(panel, label, input);
    var ol = el('ol', 'commits'), more = el('button', 'more');
    more.type = 'button';
    add(panel, ol, more);
    var shown = [], at = 0;
    function fill() {
      var end = Math.min(shown.length, at + PAGE);
      for (; at < end; at++) add(ol, commitItem(shown[at]));
      more.hidden = at >= shown.length;
      more.textContent = 'Show more (' + (shown.length - at) + ')';
    }
    function filter() {
      var test = matcher(input.value);
      shown = test ? list.filter(test) : list;
      clear(ol);
      at = 0;
      fill();
    }
    input.addEventListener('input', filter);
    more.addEventListener('click', fill);
    filter();
    var edges = [];
    flow.edges.forEach(function (e) {
      if (e.to === name || e.from === name)
        edges.push(flowIndexByName(e.from) + ',' + flowIndexByName(e.to));
    });
    if (!quiet) highlight([k], edges);
  }

  /* --- search --------------------------------------------------------- */
  var lower = null;
  /* A test of commit c for the query, or null for an empty one: an id
   * prefix, or every word in the subject or the author. */
  function matcher(q) {
    q = q.trim().toLowerCase();
    if (!q) return null;
    if (!lower) lower = S.map(function (s) { return s.toLowerCase(); });
    var words = q.split(/\s+/), hex = /^[0-9a-f]{4,40}$/.test(q);
    var hits = words.map(function (w) {
      var h = new Uint8Array(S.length);
      for (var k = 0; k < lower.length; k++)
        if (lower[k].indexOf(w) >= 0) h[k] = 1;
      return h;
    });
    return function (c) {
      if (hex) {
        var id = cId[c];
        if (q.length <= id.length ? id.lastIndexOf(q, 0) === 0 :
          q.lastIndexOf(id, 0) === 0) return true;
      }
      for (var w = 0; w < hits.length; w++)
        if (!hits[w][cSubj[c]] && !hits[w][cAuthor[c]]) return false;
      return true;
    };
  }

  var search = document.getElementById('search');
  var results = document.getElementById('results');
  var active = -1;
  function setActive(k) {
    var items = results.querySelectorAll('li[role="option"]');
    if (!items.length) return;
    if (active >= 0 && items[active])
      items[active].setAttribute('aria-selected', 'false');
    active = (k + items.length) % items.length;
    items[active].setAttribute('aria-selected', 'true');
    search.setAttribute('aria-activedescendant', items[active].id);
    items[active].scrollIntoView({ block: 'nearest' });
  }
  function option(n, content, choose) {
    var li = el('li');
    li.id = 'result-' + n;
    li.setAttribute('role', 'option');
    li.setAttribute('aria-selected', 'false');
    add(li, content);
    function done() {
      choose();
      clear(results);
      active = -1;
      search.removeAttribute('aria-activedescendant');
    }
    li.addEventListener('click', done);
    li.choose = done;
    return li;
  }
  function runSearch() {
    var q = search.value, test = matcher(q), n = 0, total = 0;
    clear(results);
    active = -1;
    search.removeAttribute('aria-activedescendant');
    if (!test) return;
    var ql = q.trim().toLowerCase();
    fTrees.forEach(function (t, k) {
      var name = flowName(k);
      if (name.toLowerCase().indexOf(ql) < 0 || n >= 20) return;
      var span = el('span', 'tree-result');
      add(span, el('span', 'kind', k === 0 ? 'mainline ' : 'tree '),
        el('span', 'name', name));
      add(results, option(n++, span, function () {
        showTree(k);
        if (nodeOf[k]) focusLit(nodeOf[k]);
      }));
    });
    for (var c = 0; c < nC; c++) {
      if (!test(c)) continue;
      if (total++ >= MAX_RESULTS) continue;
      var frag = document.createDocumentFragment();
      add(frag, el('code', 'id', shortId(cId[c])),
        document.createTextNode(' '), el('span', 'subject', S[cSubj[c]]));
      add(results, option(n++, frag, showCommit.bind(null, c)));
    }
    var trees = n - Math.min(total, MAX_RESULTS);
    if (!total && !n) {
      add(results, el('li', 'note', 'nothing matches'));
      return;
    }
    /* How many matched, first: a long list scrolls. */
    var count = el('li', 'count', (trees ? plural(trees, 'tree') + ', ' :
      '') + plural(total, 'commit') + (total > MAX_RESULTS ?
      ' (the first ' + MAX_RESULTS + ' listed)' : ''));
    count.setAttribute('role', 'presentation');
    results.insertBefore(count, results.firstChild);
  }
  search.addEventListener('input', runSearch);
  document.addEventListener('pointerdown', function (ev) {
    if (!ev.target.closest || !ev.target.closest('header')) clear(results);
  });
  search.addEventListener('focus', function () {
    if (!results.firstChild) runSearch();
  });
  search.addEventListener('keydown', function (ev) {
    var items = results.querySelectorAll('li[role="option"]');
    if (ev.key === 'ArrowDown') { ev.preventDefault(); setActive(active + 1); }
    else if (ev.key === 'ArrowUp') { ev.preventDefault(); setActive(active - 1); }
    else if (ev.key === 'Enter') {
      var li = items[active >= 0 ? active : 0];
      if (li) { ev.preventDefault(); li.choose(); }
    } else if (ev.key === 'Escape') {
      search.value = '';
      runSearch();
    }
  });

  /* --- the timeline view (--timeline) ----------------------------------- */
  /* The phases as bands across time, a row per tree (the JSON's trees,
   * largest first) with a mark per pull whose area is its commits, the
   * direct commits by day on a row of their own; a click on a mark
   * shows its merge and its commits in the panel, as the tree panel
   * does. */
  var SVGNS = 'http://www.w3.org/2000/svg';
  function svgEl(tag, attrs) {
    var e = document.createElementNS(SVGNS, tag);
    Object.keys(attrs || {}).forEach(function (k) {
      e.setAttribute(k, String(attrs[k]));
    });
    return e;
  }
  function svgText(x, y, text, cls, anchor) {
    var t = svgEl('text', { x: x, y: y, 'class': cls || '' });
    if (anchor) t.setAttribute('text-anchor', anchor);
    t.textContent = text;
    return t;
  }
  /* The commit table's merge row of a full id, or -1. */
  var mergeRow = null;
  function mergeOf(id) {
    if (!mergeRow) {
      mergeRow = {};
      for (var m = 0; m < nM; m++) mergeRow[cd.merges[5 * m]] = m;
    }
    var r = mergeRow[id.slice(0, idlen)];
    return r === undefined ? -1 : r;
  }
  /* The commits whose way out ends with merge row m (their outermost
   * hop: the pull into the mainline), newest first. */
  var lastHop = null;
  function commitsOfPull(m) {
    if (!lastHop) {
      lastHop = new Int32Array(nC).fill(-1);
      for (var c = 0; c < nC; c++) {
        if (pathTrees(cPath[c]).length < 2) continue;	/* direct */
        for (var v = cVia[c]; v >= 0; v = merge(v).next) lastHop[c] = v;
      }
    }
    var out = [];
    for (var k = 0; k < nC; k++) if (lastHop[k] === m) out.push(k);
    return out;
  }
  function phaseOf(name) {
    for (var k = 0; k < flow.phases.length; k++)
      if (flow.phases[k].name === name) return flow.phases[k];
    return null;
  }

  /* The panel of a disc of the timeline: its pulls (several when one
   * merge of next brought them), each with its merge and commits. */
  function showPulls(k, ps) {
    var name = flowName(k), p = ps[0], ph = phaseOf(p.phase), commits = 0;
    ps.forEach(function (q) { commits += q.commits; });
    clear(panel);
    add(panel, el('h2', null, ps.length > 1 ?
      plural(ps.length, 'pull') + ' in one merge' : 'Pull'));
    add(panel, add(el('p', 'tree-name'), treeButton(name, k)));
    var dl = el('dl', 'figures');
    row(dl, 'phase', p.phase + (ph && ph.kind === 'pre_release' ?
      ' (after the merge window)' : ''));
    row(dl, 'merged', fmtDate(p.time, p.tz));
    row(dl, 'commits it brought', commits);
    add(panel, dl);
    ps.forEach(function (q) {
      var m = mergeOf(q.merge);
      if (m >= 0) {
        var mg = merge(m);
        add(panel, add(el('div', 'merge'), idNode(mg.id),
          el('span', 'date', ' ' + fmtDate(mg.time, mg.tz) + ' '),
          el('span', 'subject', mg.subject)));
      } else {
        add(panel, add(el('div', 'merge'), el('code', 'id',
          shortId(q.merge))));
      }
      var list = m >= 0 ? commitsOfPull(m) : [];
      add(panel, el('h3', null, plural(list.length, 'commit') +
        ', newest first'));
      var ol = el('ol', 'commits');
      list.slice(0, PAGE).forEach(function (c) { add(ol, commitItem(c)); });
      add(panel, ol);
      if (list.length > PAGE)
        add(panel, el('p', 'count', (list.length - PAGE) +
          ' more: the tree panel lists them all'));
    });
  }

  function timelineView() {
    var pane = document.getElementById('chart-pane');
    var zoomBox = pane.querySelector('.zoom');
    var views = el('div', 'views');
    views.setAttribute('role', 'group');
    views.setAttribute('aria-label', 'View');
    var bFlow = el('button', null, 'Flow'), bTime = el('button', null,
      'Timeline');
    var box = el('div');
    box.id = 'timeline';
    box.hidden = true;
    [bFlow, bTime].forEach(function (b) { b.type = 'button'; });
    add(views, bFlow, bTime);
    add(pane, views, box);
    function show(timeline) {
      bFlow.setAttribute('aria-pressed', String(!timeline));
      bTime.setAttribute('aria-pressed', String(timeline));
      chart.hidden = timeline;
      if (zoomBox) zoomBox.hidden = timeline;
      box.hidden = !timeline;
      if (timeline) drawTimeline(box);
    }
    bFlow.addEventListener('click', function () { show(false); });
    bTime.addEventListener('click', function () { show(true); });
    show(false);
    var again = null;
    window.addEventListener('resize', function () {
      if (box.hidden) return;
      clearTimeout(again);
      again = setTimeout(function () { drawTimeline(box); }, 150);
    });
  }

  /* The start more than half of names share (ending in '/', two
   * slashes or more, something after it in each), as the SVG timeline
   * says it once and names its rows without it; '' when none.  Such a
   * start is a start of the middle name in sorted order: only its
   * starts are tried, the longest first. */
  function sharedStart(names) {
    if (names.length < 2) return '';
    var mid = names.slice().sort()[names.length >> 1];
    for (var i = mid.lastIndexOf('/', mid.length - 2); i > 0;
      i = mid.lastIndexOf('/', i - 1)) {
      var p = mid.slice(0, i + 1), c = 0;
      if ((p.match(/\//g) || []).length < 2) break;
      names.forEach(function (n) {
        if (n.length > p.length && n.lastIndexOf(p, 0) === 0) c++;
      });
      if (2 * c > names.length) return p;
    }
    return '';
  }

  function drawTimeline(box) {
    var P = flow.phases, ROW = 22, HEAD = 46, LEGEND = 22;
    clear(box);
    if (!P.length) {
      add(box, el('p', 'note', 'The range is empty: no phase.'));
      return;
    }
    var rows = [];
    fTrees.forEach(function (t, k) {
      if (k && t.timeline && t.timeline.length) rows.push(k);
    });
    var start = sharedStart(rows.map(function (k) { return fTrees[k].name; }));
    /* Whether a row has pulls that one merge brought (one disc). */
    var shared = rows.some(function (k) {
      return fTrees[k].timeline.some(function (p, n, v) {
        return n > 0 && v[n - 1].mainline_merge === p.mainline_merge;
      });
    });
    /* The box's width inside its padding, less a vertical scroll bar. */
    var W = Math.max(640, box.clientWidth - 28);
    var nameW = Math.min(260, Math.round(W * 0.26));
    var x0 = nameW + 14, x1 = W - 18;
    /* The legend's lines: the two discs, and on the right what an area
     * says, on a line of its own where the two would meet (about 6.5
     * pixels a character); then the notes, each on its own line. */
    var AREA = 'a mark\u2019s area: the commits it brought';
    var apart = x1 - x0 < 370 + AREA.length * 6.5;
    var notes = (apart ? 1 : 0) + (start ? 1 : 0) + (shared ? 1 : 0);
    LEGEND = 22 + 18 * notes;
    var H = LEGEND + HEAD + ROW * (rows.length + 1) + 8;
    var t0 = P[0].first_time, t1 = P[P.length - 1].last_time;
    if (t1 <= t0) t1 = t0 + 86400;
    function X(t) {
      return x0 + (Math.min(Math.max(t, t0), t1) - t0) / (t1 - t0) *
        (x1 - x0);
    }
    var svg = svgEl('svg', { width: W, height: H, viewBox: '0 0 ' + W +
      ' ' + H, role: 'img' });
    svg.setAttribute('aria-label', 'Timeline: ' + plural(P.length, 'phase') +
      ', ' + plural(rows.length, 'tree'));
    /* The legend: what the colours and the areas say. */
    var lg = svgEl('g', { 'class': 'tl-legend' });
    add(lg, svgEl('circle', { cx: x0 + 5, cy: 11, r: 5, 'class': 'tl-pull' }),
      svgText(x0 + 14, 15, 'pull in the merge window'),
      svgEl('circle', { cx: x0 + 190, cy: 11, r: 5,
        'class': 'tl-pull late' }),
      svgText(x0 + 199, 15, 'pull after a pre-release tag'));
    var ly = 15;
    function note(text) {
      ly += 18;
      add(lg, svgText(x0, ly, text));
    }
    if (apart) note(AREA);
    else add(lg, svgText(x1, 15, AREA, null, 'end'));
    if (start) note('trees under ' + start + ' are named without it');
    if (shared) note('a number in a disc: the pulls one merge brought');
    add(svg, lg);
    /* The phases: bands from the tag that opens each to the one that
     * closes it, named when the name fits. */
    var top = LEGEND, bottom = H - 4;
    P.forEach(function (p, k) {
      var a = X(k ? P[k - 1].last_time : p.first_time), b = X(p.last_time);
      var g = svgEl('g', { 'class': 'tl-phase' + (k % 2 ? ' odd' : '') });
      var title = svgEl('title');
      title.textContent = p.name + ': ' + p.first_day + ' to ' + p.last_day +
        (p.end_tag ? ', ending at ' + p.end_tag : '');
      add(g, title, svgEl('rect', { x: a, y: top, width: Math.max(b - a, 1),
        height: bottom - top }));
      var label = b - a >= p.name.length * 6.6 + 6 ? p.name :
        b - a >= 18 ? String(k + 1) : '';
      if (label) add(g, svgText((a + b) / 2, top + 15, label, 'tl-name',
        'middle'));
      if (b - a >= 70) add(g, svgText((a + b) / 2, top + 30, p.first_day,
        'tl-day', 'middle'));
      add(svg, g);
    });
    /* The rows: the direct commits, then each tree's pulls. */
    var maxC = 1, maxD = 1;
    rows.forEach(function (k) {
      fTrees[k].timeline.forEach(function (p) {
        if (p.commits > maxC) maxC = p.commits;
      });
    });
    (flow.direct_by_day || []).forEach(function (d) {
      if (d.commits > maxD) maxD = d.commits;
    });
    var clip = svgEl('clipPath', { id: 'tl-names' });
    add(clip, svgEl('rect', { x: 0, y: 0, width: nameW, height: H }));
    add(svg, add(svgEl('defs'), clip));
    function rowY(r) { return top + HEAD + r * ROW; }
    function rowLabel(r, text) {
      var shown = start && text.lastIndexOf(start, 0) === 0 &&
        text.length > start.length ? text.slice(start.length) : text;
      var t = svgText(nameW, rowY(r) + 4, shown, 'tl-tree', 'end');
      t.setAttribute('clip-path', 'url(#tl-names)');
      var title = svgEl('title');
      title.textContent = text;
      add(t, title);
      add(svg, svgEl('line', { x1: x0, x2: x1, y1: rowY(r), y2: rowY(r),
        'class': 'tl-rule' }), t);
    }
    rowLabel(0, 'direct, by day');
    (flow.direct_by_day || []).forEach(function (d) {
      var day = Date.parse(d.day + 'T00:00:00Z') / 1000;
      var a = X(day), b = Math.max(X(day + 86400), a + 1.5);
      var h = Math.max(2, (ROW - 6) * d.commits / maxD);
      var r = svgEl('rect', { x: a, y: rowY(0) + ROW / 2 - 3 - h, width: b - a,
        height: h, 'class': 'tl-direct' });
      var title = svgEl('title');
      title.textContent = d.day + ': ' + plural(d.commits, 'direct commit');
      add(svg, add(r, title));
    });
    rows.forEach(function (k, r) {
      var t = fTrees[k];
      rowLabel(r + 1, t.name);
      /* Pulls that reached the line in one merge (of next) share its
       * place: one disc for them all, saying their number, not
       * concentric ones hiding each other (as the SVG timeline). */
      var groups = [];
      t.timeline.forEach(function (p) {
        var g = groups[groups.length - 1];
        if (g && g[0].mainline_merge === p.mainline_merge) g.push(p);
        else groups.push([p]);
      });
      groups.forEach(function (ps) {
        var p = ps[0], ph = phaseOf(p.phase), commits = 0;
        ps.forEach(function (q) { commits += q.commits; });
        var what = ps.length > 1 ? plural(ps.length, 'pull') +
          ' in one merge' : 'pull';
        /* Placed by the line's date, which a skewed clock cannot move
         * out of its phase; named by its own. */
        var c = svgEl('circle', { cx: X(p.line_time), cy: rowY(r + 1),
          r: Math.max(2.5, 9 * Math.sqrt(commits / maxC)),
          'class': 'tl-pull' + (ph && ph.kind === 'pre_release' ?
            ' late' : ''), tabindex: 0, role: 'button' });
        c.setAttribute('data-tree', t.name);
        c.setAttribute('data-phase', p.phase);
        c.setAttribute('data-commits', String(commits));
        c.setAttribute('data-pulls', String(ps.length));
        c.setAttribute('aria-label', t.name + ': ' + what + ' of ' +
          plural(commits, 'commit') + ', ' + p.phase + ', ' +
          fmtDate(p.time, p.tz));
        var title = svgEl('title');
        title.textContent = t.name + '\n' + fmtDate(p.time, p.tz) + ', ' +
          p.phase + '\n' + (ps.length > 1 ? what + ', ' : '') +
          plural(commits, 'commit');
        add(c, title);
        function pick() {
          Array.prototype.forEach.call(svg.querySelectorAll('.picked'),
            function (e) { e.classList.remove('picked'); });
          c.classList.add('picked');
          showPulls(k, ps);
        }
        c.addEventListener('click', pick);
        c.addEventListener('keydown', function (ev) {
          if (ev.key === 'Enter' || ev.key === ' ') {
            ev.preventDefault();
            pick();
          }
        });
        add(svg, c);
        if (ps.length > 1)
          add(svg, svgText(X(p.line_time), rowY(r + 1) + 3.5,
            String(ps.length), 'tl-count', 'middle'));
      });
    });
    add(box, svg);
  }

  /* --- the summary ---------------------------------------------------- */
  var CORE = { $schema: 1, format_version: 1, repository: 1, range: 1,
    mainline: 1, commits: 1, direct: 1, direct_applied: 1, direct_topics: 1,
    topic_merges: 1, topic_branches: 1, merges: 1, shallow_boundary: 1,
    summary: 1, trees: 1, edges: 1, unrecognised: 1, latency: 1,
    latency_by_depth: 1, likely_aliases: 1, wait: 1, soak: 1, fresh: 1,
    phases: 1, late_pulled: 1, late_pulled_share: 1, late_trees: 1,
    direct_by_day: 1, review: 1, review_by_depth: 1, people_figures: 1,
    people_by_depth: 1, people_newcomers: 1, bug_fixes: 1, routing: 1 };
  /* --fixes' figures (bug_fixes), as rows of dl. */
  function fixesSummary(dl, b) {
    row(dl, 'commits naming a target', b.commits);
    row(dl, 'pairs (commit, target)', b.pairs);
    row(dl, 'unresolved', b.unresolved);
    row(dl, 'target arrived in the range', b.same_range);
    if (b.lifetime_days.median !== null)
      row(dl, 'lifetime', 'median ' + b.lifetime_days.median +
        ' days, p90 ' + b.lifetime_days.p90 + ' days');
    b.by_release.forEach(function (r) {
      row(dl, 'from ' + (r.release === null ? '(in no release yet)' :
        r.release), plural(r.pairs, 'pair'));
    });
    b.matrix.slice(0, 10).forEach(function (c) {
      row(dl, c.origin + ' \u2192 ' + c.fixer, plural(c.pairs, 'pair'));
    });
  }
  /* A string for a shell's single quotes. */
  function quoted(s) { return s.replace(/'/g, "'\\''"); }
  function showSummary() {
    var sec = document.getElementById('summary'), sum = flow.summary;
    add(sec, el('h2', null, 'Summary'));
    var dl = el('dl', 'figures');
    row(dl, 'commits', flow.commits);
    row(dl, 'direct', flow.direct);
    row(dl, 'applied on the mainline', flow.direct_applied);
    row(dl, 'through its topic branches', flow.direct_topics + ' (' +
      plural(flow.topic_merges, 'merge') + ')');
    row(dl, 'merges', flow.merges);
    row(dl, 'trees', sum.tree_count);
    sum.by_depth.forEach(function (d) {
      row(dl, 'trees at depth ' + d.depth, d.tree_count);
    });
    (flow.topic_branches || []).forEach(function (g) {
      row(dl, 'topic branches ' + (g.name || '(no branch named)'),
        plural(g.commits, 'commit') + ', ' + plural(g.merges, 'merge'));
    });
    row(dl, 'trees with five commits or fewer', sum.small_trees);
    if (sum.folded) row(dl, 'trees folded by --top', sum.folded);
    if (sum.mailed) row(dl, 'commits that came by mail', sum.mailed);
    if (flow.shallow_boundary)
      row(dl, 'shallow boundary commits', flow.shallow_boundary);
    add(sec, dl);
    if (flow.latency) {
      /* From author date to arrival in the mainline. */
      var ldl = el('dl', 'figures');
      row(ldl, 'all commits', latencyText(flow.latency));
      flow.latency_by_depth.forEach(function (d) {
        row(ldl, d.depth ? 'depth ' + d.depth : 'direct', plural(d.commits,
          'commit') + ': ' + latencyText(d.latency));
      });
      splitRows(ldl, flow, flow.commits);
      add(sec, el('h3', null, 'Latency, author date to arrival'), ldl);
    }
    if (flow.phases) {
      var pdl = el('dl', 'figures');
      flow.phases.forEach(function (p) {
        row(pdl, p.name, p.first_day + ' to ' + p.last_day + ', ' +
          plural(p.days, 'day') + ': ' + plural(p.pulls, 'pull') + ' of ' +
          plural(p.tree_count, 'tree') + ', ' + plural(p.commits, 'commit') +
          ' (' + p.direct + ' direct)');
      });
      row(pdl, 'pulled after the merge window',
        plural(flow.late_pulled, 'commit') + ' (' +
        flow.late_pulled_share.toFixed(1) + '%)' +
        (flow.late_pulled_from.length ? ', from ' +
          flow.late_pulled_from.join(', ') : ''));
      row(pdl, 'first pulled after the merge window', flow.late_trees ===
        null ? 'no merge window in the range' : flow.late_trees.length ?
        flow.late_trees.map(function (l) {
          return l.name + ' (' + l.phase + ')';
        }).join(', ') : 'none');
      add(sec, el('h3', null, 'Timeline, by the phases of the cycle'), pdl);
    }
    if (flow.routing) {
      var rt = flow.routing, odl = el('dl', 'figures');
      row(odl, 'as declared', rt.declared_share === null ? 'none counted' :
        rt.declared_share + '% (' + rt.declared + ' of ' +
        plural(rt.counted, 'commit') + ')');
      row(odl, 'no declared tree', plural(rt.none, 'commit'));
      row(odl, 'pulls with commits outside their area',
        rt.out_of_area.length);
      row(odl, 'stale entries', rt.stale.length);
      /* The largest cells in a list: two trees' names are too long
       * for the grid's cells. */
      var oul = el('ul', 'trees');
      rt.declared_vs_actual.slice(0, 10).forEach(function (c) {
        add(oul, el('li', null, plural(c.commits, 'commit') +
          ' declared for ' + c.declared_tree + ', came through ' +
          c.actual_tree));
      });
      add(sec, el('h3', null, 'Routing: MAINTAINERS as declared and as ' +
        'used'), odl, oul);
    }
    if (flow.bug_fixes) {
      var fdl = el('dl', 'figures');
      fixesSummary(fdl, flow.bug_fixes);
      add(sec, el('h3', null, 'Fixes: where the bugs came from'), fdl);
    }
    if (flow.review) {
      /* The trailers' word, over the range and per depth. */
      var rdl = el('dl', 'figures');
      reviewRows(rdl, flow.review);
      flow.review_by_depth.forEach(function (d) {
        var r = d.review;
        row(rdl, d.depth ? 'depth ' + d.depth : 'direct',
          plural(r.commits, 'commit') + ': ' + (r.commits ?
            reviewShare(r.reviewed, r.commits) + ' reviewed' : 'none'));
      });
      add(sec, el('h3', null, 'Review, from the commits\' trailers'), rdl);
    }
    if (flow.people_figures) {
      /* Who commits, over the range and per depth; the newcomers. */
      var wdl = el('dl', 'figures');
      peopleRows(wdl, flow.people_figures);
      flow.people_by_depth.forEach(function (d) {
        var p = d.people_figures;
        row(wdl, d.depth ? 'depth ' + d.depth : 'direct',
          plural(p.commits, 'commit') + ': ' + (p.commits ?
            reviewShare(p.self, p.commits) + ' self-committed, ' +
            plural(p.committers, 'committer') : 'none'));
      });
      flow.people_newcomers.forEach(function (n) {
        row(wdl, 'newcomer', n.name + ' (' + n.tree + ')');
      });
      add(sec, el('h3', null, 'People: who commits, tagged pulls'), wdl);
    }
    add(sec, el('h3', null, plural(flow.unrecognised.length,
      'unrecognised merge')));
    var ul = el('ul', 'unrecognised');
    flow.unrecognised.forEach(function (u) {
      add(ul, add(el('li'), idNode(u.id), document.createTextNode(' '),
        el('span', 'subject', u.subject)));
    });
    add(sec, ul);
    /* What the evidence could not decide: the line that joins each. */
    var la = flow.likely_aliases || [];
    if (la.length) {
      add(sec, el('h3', null, la.length + (la.length === 1 ?
        ' likely alias' : ' likely aliases') +
        ' (not applied: the line joins them)'));
      var aul = el('ul', 'aliases');
      la.forEach(function (a) {
        add(aul, add(el('li'), el('code', null,
          "git config --add treeplot.alias '" + quoted(a.name) + ' ' +
          quoted(a.url) + "'"), el('p', 'evidence', a.evidence)));
      });
      add(sec, aul);
    }
    Object.keys(flow).forEach(function (key) {
      if (CORE[key]) return;
      add(sec, el('h3', null, key),
        el('pre', 'addon', JSON.stringify(flow[key], null, 2)));
    });
  }

  var title = 'treeplot: ' + flow.repository + ' ' + flow.range;
  document.getElementById('title').textContent = title;
  document.title = title;
  showSummary();
  showTree(0, true);
  if (flow.phases) timelineView();
  document.documentElement.setAttribute('data-ready',
    String(Math.round(performance.now() - t0)));
})();
