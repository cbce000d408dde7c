#!/usr/bin/python3
"""html_driver.py STEP... - drive treeplot's HTML report in headless
Chromium (selenium) and print what a reader would see, one fact a line,
tab-separated, for tests/e2e/html.t to compare with the truth.

One browser session runs every step in order:
  open:PATH        load the page from a file:// URL; prints
                   "ready<TAB>MS" (the script's own time) and
                   "load<TAB>MS" (navigation start to load event end)
  search:TEXT      type TEXT into input#search; prints "results<TAB>N"
                   and each "#results li" as "result<TAB>TEXT" (an
                   option) or "note<TAB>TEXT" (the count, a note), then
                   "search-ms<TAB>MS" (the page's time to answer)
  pick:N           choose result N (0 first) with the keyboard (Down N+1
                   times from the top, Enter); prints the panel (below)
  click:NAME       click g.node[data-tree=NAME]; prints the panel
  keys:NAME        focus g.node[data-tree=NAME] and press Enter; the panel
  filter:TEXT      type TEXT into the panel's commit filter; prints the
                   listed commits as "commit<TAB>TEXT"
  page             the title, and every text on the page
                   ("text<TAB>...", summary included)
  timeline         switch to the timeline view (--timeline); prints
                   "band<TAB>TEXT" per phase band's label,
                   "row<TAB>TREE" per row and "shown<TAB>TEXT" its
                   label as shown, "legend<TAB>TEXT" per legend text,
                   "mark<TAB>TREE<TAB>PHASE<TAB>
                   COMMITS" per pull's mark, "day<TAB>TITLE" per direct
                   day
  places           after timeline: "place<TAB>NAME<TAB>X0<TAB>X1" per
                   phase band (NAME its title's phase name, X0 and X1 its
                   rectangle's edges in SVG units), then "at<TAB>TREE<TAB>
                   PHASE<TAB>X" per pull's mark (its centre)
  pull:TREE:N      click the N-th mark (0 first) of TREE's row in the
                   timeline view; prints the panel
  flow             back to the flow chart
  shot:PATH        a screenshot (PNG)
  fit              click the zoom bar's Fit
  size:W,H         resize the window to W by H pixels
  layout           "rect<TAB>NAME<TAB>LEFT<TAB>TOP<TAB>RIGHT<TAB>BOTTOM",
                   in pixels, of the chart's drawing (the SVG's graph),
                   the chart's pane, the side panel, the zoom bar and
                   the chart's boxes together ("boxes"); then
                   "text-px<TAB>N", the height of a box's text
  rects:SEL,...    the same line for each CSS selector's first element,
                   NAME the selector ("none" for each number when it
                   matches nothing)
  inert            "nothing ran" facts: "img<TAB>N", "onattr<TAB>N"
                   (elements with on* attributes), "pwned<TAB>V" (the
                   marker hostile payloads try to set), "a-href<TAB>URL"
                   for each link
  fixes            after a tree's panel (--fixes), scrolled to its fixes
                   lists: "carried<TAB>TEXT" per
                   item of its fixes, "bug<TAB>TEXT" per bug it brought
                   (its id, subject when on the page, then its fixes'
                   ids and subjects)
  fixclick:N       click the N-th commit button (0 first) of the tree's
                   fixes lists; prints the panel
  log              "console<TAB>LEVEL<TAB>MESSAGE" for each browser log
                   entry since the last, "resource<TAB>NAME" for each
                   resource the page fetched
The panel prints as "panel<TAB>TEXT" for each line of #panel's text, then
"hop<TAB>FROM<TAB>TO<TAB>ID<TAB>DATE<TAB>SUBJECT" per hop of a commit,
"fig<TAB>KEY<TAB>VALUE" per figure of a tree, "lit<TAB>NAME" per
highlighted node (a box that is no tree by its title: "direct",
"direct_topics").
"""
import os
import sys
import tempfile
import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def out(*fields):
    print('\t'.join(str(f).replace('\t', ' ').replace('\n', ' ')
                    for f in fields), flush=True)


def browser(profile):
    opts = webdriver.ChromeOptions()
    for a in ('--headless', '--no-sandbox', '--disable-gpu',
              '--disable-quic', '--no-first-run',
              '--disable-background-networking',
              '--disable-component-update', '--disable-sync',
              '--disable-dev-shm-usage', '--window-size=1400,900',
              '--user-data-dir=' + profile):
        opts.add_argument(a)
    opts.binary_location = os.environ.get('CHROMIUM', '/usr/bin/chromium')
    opts.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    service = Service(os.environ.get('CHROMEDRIVER', '/usr/bin/chromedriver'))
    return webdriver.Chrome(service=service, options=opts)


def panel(d):
    p = d.find_element(By.ID, 'panel')
    for line in p.text.split('\n'):
        out('panel', line)
    for li in p.find_elements(By.CSS_SELECTOR, 'ol.hops li'):
        hop = li.find_elements(By.CSS_SELECTOR, '.hop > *')
        merge = li.find_elements(By.CSS_SELECTOR, '.merge > *')
        if len(hop) == 3 and len(merge) == 3:
            out('hop', hop[0].text, hop[2].text, merge[0].text,
                merge[1].text.strip(), merge[2].text)
    dl = p.find_elements(By.CSS_SELECTOR, 'dl.figures')
    if dl:
        dts = dl[0].find_elements(By.TAG_NAME, 'dt')
        dds = dl[0].find_elements(By.TAG_NAME, 'dd')
        for k, v in zip(dts, dds):
            out('fig', k.text, v.text)
    for g in d.find_elements(By.CSS_SELECTOR, 'g.node.lit'):
        # A box that is no tree (the direct ones) by its title.
        out('lit', g.get_attribute('data-tree') or
            g.find_element(By.TAG_NAME, 'title').get_attribute(
                'textContent'))


def node(d, name):
    for g in d.find_elements(By.CSS_SELECTOR, 'g.node'):
        if g.get_attribute('data-tree') == name:
            return g
    raise SystemExit('html_driver.py: no node for tree %r' % name)


def step(d, s):
    verb, _, arg = s.partition(':')
    if verb == 'open':
        d.get('file://' + os.path.abspath(arg))
        ready = d.find_element(By.TAG_NAME, 'html').get_attribute('data-ready')
        out('ready', ready)
        out('load', d.execute_script(
            'var n = performance.getEntriesByType("navigation")[0];'
            'return Math.round(n.loadEventEnd);'))
    elif verb == 'search':
        box = d.find_element(By.ID, 'search')
        box.clear()
        box.send_keys(arg)
        items = d.find_elements(By.CSS_SELECTOR, '#results li')
        out('results', len([i for i in items
                            if i.get_attribute('role') == 'option']))
        for li in items:
            # The count and the notes apart from the options.
            out('result' if li.get_attribute('role') == 'option' else
                'note', li.text)
        # The time the page takes to answer, typing aside: the query
        # given again at once, measured inside the page.
        out('search-ms', round(d.execute_script(
            'var b = document.getElementById("search"),'
            ' t = performance.now(); b.value = arguments[0];'
            ' b.dispatchEvent(new Event("input"));'
            ' return performance.now() - t;', arg)))
    elif verb == 'pick':
        box = d.find_element(By.ID, 'search')
        box.send_keys(Keys.ARROW_DOWN * (int(arg) + 1) + Keys.ENTER)
        panel(d)
    elif verb == 'click':
        node(d, arg).click()
        panel(d)
    elif verb == 'keys':
        g = node(d, arg)
        d.execute_script('arguments[0].focus()', g)
        d.switch_to.active_element.send_keys(Keys.ENTER)
        panel(d)
    elif verb == 'filter':
        box = d.find_element(By.ID, 'tree-filter')
        box.clear()
        box.send_keys(arg)
        for li in d.find_elements(By.CSS_SELECTOR, '#panel ol.commits li'):
            out('commit', li.text)
    elif verb == 'fixes':
        for sec in d.find_elements(By.CSS_SELECTOR, '#panel .fixes'):
            d.execute_script('arguments[0].scrollIntoView()', sec)
        for sec in d.find_elements(By.CSS_SELECTOR, '#panel .fixes > ol > li'):
            out('carried', sec.text)
        for li in d.find_elements(By.CSS_SELECTOR, '#panel .fixes ul.bugs > li'):
            out('bug', li.text)
    elif verb == 'fixclick':
        d.find_elements(By.CSS_SELECTOR,
                        '#panel .fixes button.commit')[int(arg)].click()
        panel(d)
    elif verb == 'page':
        out('title', d.title)
        for line in d.find_element(By.TAG_NAME, 'body').text.split('\n'):
            out('text', line)
    elif verb == 'timeline' or verb == 'flow':
        for b in d.find_elements(By.CSS_SELECTOR, '.views button'):
            if b.text.lower() == verb:
                b.click()
        if verb == 'flow':
            return
        for t in d.find_elements(By.CSS_SELECTOR, '#timeline .tl-name'):
            out('band', t.text)
        for t in d.find_elements(By.CSS_SELECTOR, '#timeline text.tl-tree'):
            out('row', t.find_element(By.TAG_NAME, 'title')
                .get_attribute('textContent'))
            out('shown', d.execute_script(
                'return arguments[0].firstChild.nodeValue;', t))
        for t in d.find_elements(By.CSS_SELECTOR, '#timeline .tl-legend text'):
            out('legend', t.get_attribute('textContent'))
        for c in d.find_elements(By.CSS_SELECTOR, '#timeline .tl-pull[data-tree]'):
            out('mark', c.get_attribute('data-tree'),
                c.get_attribute('data-phase'), c.get_attribute('data-commits'))
        for r in d.find_elements(By.CSS_SELECTOR, '#timeline .tl-direct'):
            out('day', r.find_element(By.TAG_NAME, 'title')
                .get_attribute('textContent'))
    elif verb == 'places':
        for g in d.find_elements(By.CSS_SELECTOR, '#timeline g.tl-phase'):
            name = g.find_element(By.TAG_NAME, 'title').get_attribute(
                'textContent').split(':')[0]
            r = g.find_element(By.TAG_NAME, 'rect')
            x0 = float(r.get_attribute('x'))
            out('place', name, '%.1f' % x0,
                '%.1f' % (x0 + float(r.get_attribute('width'))))
        for c in d.find_elements(By.CSS_SELECTOR, '#timeline .tl-pull[data-tree]'):
            out('at', c.get_attribute('data-tree'),
                c.get_attribute('data-phase'),
                '%.1f' % float(c.get_attribute('cx')))
    elif verb == 'pull':
        tree, _, n = arg.rpartition(':')
        marks = [c for c in d.find_elements(
            By.CSS_SELECTOR, '#timeline .tl-pull[data-tree]')
            if c.get_attribute('data-tree') == tree]
        if int(n) >= len(marks):
            raise SystemExit('html_driver.py: no mark %s of %r' % (n, tree))
        d.execute_script('arguments[0].dispatchEvent(new MouseEvent('
                         '"click", { bubbles: true }))', marks[int(n)])
        panel(d)
    elif verb == 'shot':
        d.save_screenshot(arg)
    elif verb == 'fit':
        d.find_element(By.ID, 'zoom-fit').click()
    elif verb == 'size':
        w, _, h = arg.partition(',')
        d.set_window_size(int(w), int(h))
        # The page re-fits on its ResizeObserver: after the next frame.
        d.execute_async_script('var done = arguments[arguments.length - 1];'
                         ' requestAnimationFrame(function () {'
                         ' requestAnimationFrame(done); });')
    elif verb == 'layout':
        for name, sel in (('drawing', '#chart svg > g'), ('chart', '#chart'),
                          ('panel', '#panel'), ('zoom', '.zoom')):
            r = d.execute_script(
                'var r = document.querySelector(arguments[0])'
                '.getBoundingClientRect();'
                'return [r.left, r.top, r.right, r.bottom];', sel)
            out('rect', name, *[round(v) for v in r])
        # the chart's boxes, together: what the fit is made for
        r = d.execute_script(
            'var b = null; document.querySelectorAll("#chart svg g.node")'
            '.forEach(function (e) { var r = e.getBoundingClientRect();'
            ' b = b ? [Math.min(b[0], r.left), Math.min(b[1], r.top),'
            ' Math.max(b[2], r.right), Math.max(b[3], r.bottom)] :'
            ' [r.left, r.top, r.right, r.bottom]; }); return b;')
        out('rect', 'boxes', *[round(v) for v in r])
        # the height of a box's text as drawn, in pixels
        out('text-px', d.execute_script(
            'var t = document.querySelector("#chart svg g.node text");'
            'return t ? Math.round(t.getBoundingClientRect().height) : 0;'))
    elif verb == 'rects':
        for sel in arg.split(','):
            r = d.execute_script(
                'var e = document.querySelector(arguments[0]);'
                'if (!e) return null; var r = e.getBoundingClientRect();'
                'return [r.left, r.top, r.right, r.bottom];', sel)
            out('rect', sel, *([round(v) for v in r] if r else
                               ['none'] * 4))
    elif verb == 'inert':
        out('img', len(d.find_elements(By.TAG_NAME, 'img')))
        out('onattr', d.execute_script(
            'var n = 0; document.querySelectorAll("*").forEach(function (e)'
            '{ for (var a of e.attributes) if (/^on/i.test(a.name)) n++; });'
            'return n;'))
        out('pwned', d.execute_script(
            'return String(window.pwned) + "," +'
            ' String(document.documentElement.dataset.pwned);'))
        for a in d.find_elements(By.CSS_SELECTOR, 'a[href]'):
            out('a-href', a.get_attribute('href'))
    elif verb == 'log':
        for e in d.get_log('browser'):
            out('console', e['level'], e['message'])
        for name in d.execute_script(
                'return performance.getEntriesByType("resource")'
                '.map(function (e) { return e.name; });'):
            out('resource', name)
    else:
        raise SystemExit('html_driver.py: unknown step %r' % s)


def main():
    profile = tempfile.mkdtemp(prefix='treeplot-chromium.')
    d = None
    try:
        d = browser(profile)
        for s in sys.argv[1:]:
            step(d, s)
    finally:
        if d:
            d.quit()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == '__main__':
    main()
