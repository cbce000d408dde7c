/*
 * render/graph.c - the tree of trees through Graphviz, in process.
 *
 * The graph is built with cgraph, then either written as DOT before any
 * layout (so the DOT is the same on every machine, whatever its fonts) or
 * laid out and rendered by gvc.  Node names are stable ids ("t0", "t1");
 * tree names come from commit messages and only ever appear in labels and
 * tooltips, escaped.
 *
 * Graphviz interprets three things in the text we hand it, and each is
 * defused here:
 *   - escStrings: "\N", "\G", "\n" and friends.  escape_gv_label doubles
 *     every backslash.  Tooltips are unescaped twice (once to turn "\n"
 *     into a newline, once for "\N" and the like), so there every
 *     backslash of the escaped text is doubled once more.
 *   - HTML entities: labels and tooltips go through Graphviz's entity
 *     decoder, so "&lt;" would show as "<"; every "&" becomes "&amp;".
 *   - XML: the SVG renderer escapes <, >, &, quotes itself, but U+FFFE and
 *     U+FFFF are valid UTF-8 that no XML document may hold: they become
 *     U+FFFD.
 * Quoting for the DOT syntax is cgraph's job when it writes.
 */
#include "render/graph.h"

#include <inttypes.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include "render/legend.h"
#include "render/plan.h"
#include "util/escape.h"

static const char *const layouts[] = {
	"dot", "twopi", "circo", "neato", "fdp", "sfdp",
};

static const char *const formats[] = {
	"dot", "svg", "png", "pdf",
};

/*
 * The most nodes each engine lays out in about ten times dot's time;
 * above, it is refused with a message instead of running for minutes in
 * silence.  Measured with straight edges (declare_graph): on 1500 trees
 * dot took 3.2 s, circo 15 s, neato 14 s, fdp 11 s, sfdp 8 s, twopi
 * 1.3 s; neato and circo grow with the square of the nodes.
 */
static const struct {
	const char *engine;
	uint32_t max_nodes;
} engine_limits[] = {
	{ "circo", 2000 }, { "fdp", 2000 }, { "neato", 2000 },
};

static int
in_list(const char *s, const char *const *list, size_t nr)
{
	if (!s)
		return 0;
	for (size_t i = 0; i < nr; i++)
		if (!strcmp(s, list[i]))
			return 1;
	return 0;
}

int
graph_layout_known(const char *engine)
{
	return in_list(engine, layouts, ARRAY_SIZE(layouts));
}

/*
 * Graphviz 2.42 (Debian 12) declares char * where it only reads; this is
 * the one place the const is dropped.
 */
static char *
gv(const char *s)
{
	return (char *)(uintptr_t)s;
}

/*
 * Chart text is cut after this many bytes (at a character's start, with
 * an ellipsis), and a tooltip lists no more URLs once it is this long: a
 * 100 KB tree name (it comes from a commit message) made a node 100 KB
 * wide, and Graphviz's own DOT reader refuses a string over 16 KB.  The
 * text and JSON outputs keep every name whole.
 */
#define MAX_CHART_TEXT 512
#define MAX_TOOLTIP 8192

/*
 * Append s for a label (tooltip 0) or a tooltip (tooltip 1), defused as
 * the comment at the top says.
 */
/* How much of s (len bytes) a chart shows: MAX_CHART_TEXT bytes at most,
 * never half a character. */
static size_t
text_cut(const char *s, size_t len)
{
	size_t cut = len;

	if (len > MAX_CHART_TEXT) {
		cut = MAX_CHART_TEXT;
		/* Back to the first byte of a character cut in two. */
		for (int k = 0; k < 3 && cut &&
		     ((unsigned char)s[cut] & 0xc0) == 0x80; k++)
			cut--;
	}
	return cut;
}

/* Append s for an HTML-like label, cut as add_text cuts it. */
static void
add_html_text(struct buf *out, const char *s)
{
	size_t len = strlen(s), cut = text_cut(s, len);

	escape_gv_html(out, s, cut, 0);
	if (cut < len)
		buf_puts(out, "\xe2\x80\xa6");	/* U+2026, an ellipsis */
}

static void
add_text(struct buf *out, const char *s, int tooltip)
{
	struct buf esc = BUF_INIT;
	size_t len = strlen(s), cut = text_cut(s, len);

	escape_gv_label(&esc, s, cut);
	for (size_t i = 0; i < esc.len; i++) {
		unsigned char c = (unsigned char)esc.data[i];

		if (c == '&') {
			buf_puts(out, "&amp;");
		} else if (c == '\\' && tooltip) {
			buf_puts(out, "\\\\");
		} else if (c == 0xef && i + 2 < esc.len &&
			   (unsigned char)esc.data[i + 1] == 0xbf &&
			   ((unsigned char)esc.data[i + 2] & 0xfe) == 0xbe) {
			buf_puts(out, "\xef\xbf\xbd");
			i += 2;
		} else {
			buf_addc(out, (char)c);
		}
	}
	if (cut < len)
		buf_puts(out, "\xe2\x80\xa6");	/* U+2026, an ellipsis */
	buf_release(&esc);
}

/* Append the spellings of a tree to a tooltip, as many as fit. */
static void
add_urls(struct buf *out, char *const *urls, uint32_t nr)
{
	for (uint32_t k = 0; k < nr; k++) {
		if (out->len > MAX_TOOLTIP) {
			buf_printf(out, "\\n(and %u more)", nr - k);
			break;
		}
		buf_puts(out, "\\n");
		add_text(out, urls[k], 1);
	}
}

/* "1 commit", "2 commits". */
static void
add_count(struct buf *out, uint32_t n, const char *what)
{
	buf_printf(out, "%u %s%s", n, what, n == 1 ? "" : "s");
}

/* The attributes we set per object, declared once on the root graph. */
struct attrs {
	Agsym_t *n_label, *n_tooltip, *n_shape, *n_style, *n_fillcolor,
		*n_color, *n_fontcolor, *n_fontsize, *n_penwidth;
	/* e_label: declared (an edge's label, empty: the counts are in the
	 * boxes) so that the DOT says so; set through the table only. */
	// cppcheck-suppress unusedStructMember
	Agsym_t *e_label, *e_tooltip, *e_color, *e_fontcolor, *e_penwidth,
		*e_weight, *e_style, *e_dir, *e_arrowhead;
};

static Agsym_t *
declare(Agraph_t *g, int kind, const char *name, const char *def)
{
	return agattr(g, kind, gv(name), gv(def));
}

/*
 * The engine's part of the graph's look.
 */
static void
declare_graph(Agraph_t *g, const char *layout)
{
	/*
	 * For neato, fdp, sfdp: boxes must not sit on one another.  twopi's
	 * rings are made wide enough (twopi_rings), and prism's overlap
	 * removal shrank them back, moving the mainline off the centre and
	 * the largest flows under other boxes: vpsc only moves boxes apart,
	 * and straight edges are what a radial chart draws (routing
	 * splines round 150 boxes took seconds).
	 */
	if (!strcmp(layout, "twopi")) {
		declare(g, AGRAPH, "overlap", "vpsc");
		declare(g, AGRAPH, "splines", "false");
	} else {
		declare(g, AGRAPH, "overlap", "false");
		/* Spline routing round obstacles is what made the force
		 * engines slow (sfdp 202 s on a 436-node --branches chart,
		 * 0.6 s with straight edges, dot 1.5 s). */
		declare(g, AGRAPH, "splines", !strcmp(layout, "dot") ? "true" :
			"false");
	}
	/* Counts beside their edges are placed as labels, not left to
	 * float over other edges. */
	declare(g, AGRAPH, "forcelabels", "true");
}

/*
 * The defaults of the graph, its nodes and its edges, one row each: the
 * attribute, its default, and where struct attrs keeps its symbol
 * (NO_SYM: never set per object).  A table, so that the declarations
 * are not three runs of the same call.
 *
 * The look of the whole graph: left to right, with the mainline in the
 * middle: the trees pulled into it stand on both sides (graph_plan), so
 * that a hundred of them make two columns of fifty and the chart is
 * page-shaped; deeper trees move further out.  No concentrate=true: it
 * crashes dot with labelled edges.
 */
#define NO_SYM SIZE_MAX
#define SYM(m) offsetof(struct attrs, m)

static const struct {
	int kind;
	const char *name, *def;
	size_t sym;
} attr_table[] = {
	{ AGRAPH, "rankdir", "LR", NO_SYM },
	{ AGRAPH, "labelloc", "t", NO_SYM },
	{ AGRAPH, "labeljust", "l", NO_SYM },
	{ AGRAPH, "fontname", CHART_FONT, NO_SYM },
	{ AGRAPH, "fontsize", "14", NO_SYM },
	{ AGRAPH, "ranksep", "1.1", NO_SYM },
	{ AGRAPH, "nodesep", "0.1", NO_SYM },
	{ AGRAPH, "bgcolor", "white", NO_SYM },
	{ AGRAPH, "pad", "0.3", NO_SYM },
	/* Edges under the nodes, so boxes are never crossed out. */
	{ AGRAPH, "outputorder", "edgesfirst", NO_SYM },
	{ AGNODE, "label", "\\N", SYM(n_label) },
	{ AGNODE, "tooltip", "", SYM(n_tooltip) },
	{ AGNODE, "shape", "box", SYM(n_shape) },
	{ AGNODE, "style", "rounded,filled", SYM(n_style) },
	{ AGNODE, "fillcolor", "#F4F4F4", SYM(n_fillcolor) },
	{ AGNODE, "color", COLOUR_SMALL_TEXT, SYM(n_color) },
	{ AGNODE, "fontcolor", "black", SYM(n_fontcolor) },
	{ AGNODE, "fontsize", "10", SYM(n_fontsize) },
	{ AGNODE, "penwidth", "1", SYM(n_penwidth) },
	{ AGNODE, "fontname", CHART_FONT, NO_SYM },
	{ AGNODE, "margin", "0.1,0.03", NO_SYM },
	{ AGNODE, "height", "0.3", NO_SYM },
	{ AGEDGE, "label", "", SYM(e_label) },
	{ AGEDGE, "tooltip", "", SYM(e_tooltip) },
	{ AGEDGE, "color", COLOUR_SMALL, SYM(e_color) },
	{ AGEDGE, "fontcolor", COLOUR_SMALL_TEXT, SYM(e_fontcolor) },
	{ AGEDGE, "penwidth", "1", SYM(e_penwidth) },
	{ AGEDGE, "weight", "1", SYM(e_weight) },
	{ AGEDGE, "style", "", SYM(e_style) },
	{ AGEDGE, "dir", "forward", SYM(e_dir) },
	{ AGEDGE, "arrowhead", "normal", SYM(e_arrowhead) },
	{ AGEDGE, "fontname", CHART_FONT, NO_SYM },
	{ AGEDGE, "fontsize", "10", NO_SYM },
	{ AGEDGE, "arrowsize", "0.6", NO_SYM },
};

static void
declare_attrs(Agraph_t *g, const char *layout, struct attrs *a)
{
	for (size_t k = 0; k < ARRAY_SIZE(attr_table); k++) {
		Agsym_t *sym = declare(g, attr_table[k].kind,
				       attr_table[k].name, attr_table[k].def);

		if (attr_table[k].sym != NO_SYM)
			*(Agsym_t **)(void *)((char *)a +
					      attr_table[k].sym) = sym;
	}
	declare_graph(g, layout);
}

static void
set(void *obj, Agsym_t *sym, const char *value)
{
	agxset(obj, sym, gv(value));
}

static const char *
tree_name_of(const struct flow *f, uint32_t i)
{
	return f->trees[i].name ? f->trees[i].name : "";
}

/* An add-on's untrusted tooltip text. */
static void
tip_text(struct buf *out, const char *s)
{
	add_text(out, s, 1);
}

/* The add-ons' lines of node i's tooltip. */
static void
add_node_tips(struct buf *b, const struct flow *f, uint32_t i,
	      const struct extras *xs)
{
	const struct extra_tip tip = { b, tip_text, "\\n" };

	extras_node_tip(xs, f, i, &tip);
}

/* What the graph is built from: the flow, its plan, the options. */
struct build {
	Agraph_t *g;
	const struct flow *f;
	const struct graph_plan *p;
	const struct graph_options *o;
	struct attrs a;
	Agnode_t **nodes;
	Agnode_t *direct;
	uint32_t *port;		/* per edge: its count's cell in its tree's */
	uint32_t *ports;	/* box (from 1; 0: none); per tree: how many */
	struct buf *lines;	/* per tree: add-ons' lines for its box */
	uint8_t *clustered;	/* per tree: in its repository's cluster */
	/* Per add-on, the legend entries some edge of its draws (bit i:
	 * its legend[i]), so that the legend lists only those. */
	uint32_t *drawn;
};

/*
 * The name a box shows: without the prefix most trees share (the legend
 * says it once), and in a repository's cluster (--branches) the branch
 * only, since the cluster names the repository.
 */
static const char *
shown_name(const struct build *bd, uint32_t i, int in_cluster)
{
	const struct flow_tree *t = &bd->f->trees[i];
	const char *name = tree_name_of(bd->f, i);
	size_t len;

	if (in_cluster && t->repo_name && t->repo_name != name) {
		len = strlen(t->repo_name);
		if (!strncmp(name, t->repo_name, len) && name[len] == ':' &&
		    name[len + 1])
			return name + len + 1;
	}
	return i ? graph_short_name(bd->p, name) : name;
}

static void
node_tooltip(struct buf *b, const struct flow *f, uint32_t i,
	     const struct extras *xs)
{
	const struct flow_tree *t = &f->trees[i];

	add_text(b, tree_name_of(f, i), 1);
	if (i == 0) {
		add_urls(b, f->mainline_urls, f->mainline_urls_nr);
		buf_puts(b, "\\nthe mainline: ");
		add_count(b, f->commits, "commit");
		buf_printf(b, ", %u direct, ", f->direct);
		add_count(b, f->merges, "merge");
		add_node_tips(b, f, i, xs);
	} else if (t->tree == TREE_NONE) {
		buf_puts(b, "\\n");
		add_count(b, t->commits, "commit");
		buf_puts(b, " through them");
	} else {
		add_urls(b, t->urls, t->urls_nr);
		add_node_tips(b, f, i, xs);
		if (t->kind == TREE_KIND_MAIL)
			buf_puts(b, "\\npatches that came by mail");
		else if (t->kind == TREE_KIND_GITHUB)
			buf_puts(b, "\\nGitHub pull requests");
		else if (t->kind == TREE_KIND_GITLAB)
			buf_puts(b, "\\nGitLab merge requests");
		buf_puts(b, "\\n");
		add_count(b, t->commits, "commit");
		buf_printf(b, " through it, %u its own\\n", t->own);
		add_count(b, t->pulls, "pull");
		buf_printf(b, ", depth %u", t->depth);
	}
}

static void
node_style(Agnode_t *n, const struct flow *f, uint32_t i,
	   const struct attrs *a)
{
	const struct flow_tree *t = &f->trees[i];

	if (i == 0) {
		set(n, a->n_style, "rounded,filled,bold");
		set(n, a->n_fillcolor, "#FFE9A8");
		set(n, a->n_color, "black");
		set(n, a->n_penwidth, "2");
		set(n, a->n_fontsize, "14");
	} else if (t->tree == TREE_NONE) {
		/* Neutral whatever its size: many trees, not a big one. */
		set(n, a->n_style, "rounded,dashed");
		set(n, a->n_color, COLOUR_SMALL);
		set(n, a->n_fontcolor, COLOUR_SMALL_TEXT);
	} else if (t->kind == TREE_KIND_MAIL) {
		/* Not a tree at all: a page of mail. */
		set(n, a->n_shape, "note");
		set(n, a->n_style, "filled");
		set(n, a->n_fillcolor, "#FFF3D6");
	} else if (t->depth == 1) {
		/* Direct feeders a shade apart from the trees behind them. */
		set(n, a->n_fillcolor, "#E3EEF8");
	}
}

static void
add_node(Agraph_t *g, struct build *bd, uint32_t i)
{
	const struct flow *f = bd->f;
	struct buf id = BUF_INIT, b = BUF_INIT;
	Agnode_t *n;

	buf_printf(&id, "t%u", i);
	n = bd->nodes[i] = agnode(g, id.data, 1);

	node_tooltip(&b, f, i, bd->o->xs);
	set(n, bd->a.n_tooltip, b.data);
	node_style(n, f, i, &bd->a);
	buf_release(&id);
	buf_release(&b);
}

/*
 * The rows of tree i's box when some of its edges carry only part of
 * its commits: the name cell (name_cell, spanning every row) and one
 * cell a counted edge, each the port that edge leaves from, on the
 * mainline's side of the name.
 */
static void
add_count_rows(struct buf *b, const struct build *bd, uint32_t i,
	       const char *name_cell)
{
	const struct flow *f = bd->f;
	int right = bd->p->side[i] > 0, row = 0;

	for (uint32_t k = 0; k < f->edges_nr; k++) {
		if (f->edges[k].from != i || !bd->port[k])
			continue;
		buf_puts(b, "<TR>");
		if (!row && !right)
			buf_puts(b, name_cell);
		buf_printf(b, "<TD PORT=\"p%u\"><FONT COLOR=\"%s\">%u</FONT>"
			   "</TD>", bd->port[k],
			   graph_text_colour(bd->p->volume[k]),
			   f->edges[k].commits);
		if (!row && right)
			buf_puts(b, name_cell);
		buf_puts(b, "</TR>");
		row++;
	}
}

/*
 * Tree i's label: its name, its commits and the add-ons' lines.  Where
 * some of its edges carry only part of its commits, an HTML-like table
 * with each such edge's count in a cell of its own, the port the edge
 * leaves from: the count in its tree's box, where its edge starts (by
 * the edge, outside the box, counts stood where other edges came in).
 */
static void
label_node(struct build *bd, uint32_t i)
{
	const struct flow *f = bd->f;
	Agnode_t *n = bd->nodes[i];
	const char *name = shown_name(bd, i, bd->clustered[i]);
	const char *l = bd->lines[i].data;
	struct buf b = BUF_INIT, cell = BUF_INIT;
	char *h;

	if (!bd->ports[i]) {
		add_text(&b, name, 0);
		buf_puts(&b, "\\n");
		add_count(&b, f->trees[i].commits, "commit");
		if (l)
			buf_puts(&b, l);
		set(n, bd->a.n_label, b.data);
		buf_release(&b);
		return;
	}
	buf_printf(&cell, "<TD ROWSPAN=\"%u\">", bd->ports[i]);
	add_html_text(&cell, name);
	buf_puts(&cell, "<BR/>");
	add_count(&cell, f->trees[i].commits, "commit");
	/* The add-ons' lines: trusted text, each after a "\\n". */
	while (l && *l) {
		size_t len = strcspn(l + 2, "\\");

		buf_puts(&cell, "<BR/>");
		escape_gv_html(&cell, l + 2, len, 0);
		l += 2 + len;
	}
	buf_puts(&cell, "</TD>");
	buf_puts(&b, "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" "
		 "CELLPADDING=\"1\">");
	add_count_rows(&b, bd, i, cell.data);
	buf_puts(&b, "</TABLE>");
	h = agstrdup_html(bd->g, b.data);
	set(n, bd->a.n_label, h);
	agstrfree(bd->g, h);
	buf_release(&b);
	buf_release(&cell);
}

/*
 * An edge of the flow from tree `from` into `to`.  A tree right of the
 * mainline is drawn reversed (to -> from, dir=back), so that dot ranks
 * it on the right; the arrow still points where the commits went.  port
 * (from 1; 0: none) is the cell of from's box that the edge leaves from,
 * its count's; in dot, from the cell's side that faces the mainline.
 */
static Agedge_t *
flow_edge(Agraph_t *g, struct build *bd, Agnode_t *from, Agnode_t *to,
	  int right, const char *name, uint32_t port)
{
	struct buf b = BUF_INIT;
	Agedge_t *e;

	if (right) {
		e = agedge(g, to, from, gv(name), 1);
		set(e, bd->a.e_dir, "back");
	} else {
		e = agedge(g, from, to, gv(name), 1);
	}
	if (port) {
		buf_printf(&b, "p%u", port);
		if (!strcmp(bd->o->layout, "dot"))
			buf_puts(&b, right ? ":w" : ":e");
		/* Graphviz's tail is the DOT edge's, reversed or not. */
		agsafeset(e, gv(right ? "headport" : "tailport"), b.data,
			  gv(""));
	}
	buf_release(&b);
	return e;
}

static void
set_volume(Agedge_t *e, const struct attrs *a, enum volume v, uint32_t width)
{
	struct buf b = BUF_INIT;

	set(e, a->e_color, graph_colour(v));
	set(e, a->e_fontcolor, graph_text_colour(v));
	/* In tenths, printed by hand: a decimal comma from the locale
	 * would break the DOT. */
	buf_printf(&b, "%u.%u", width / 10, width % 10);
	set(e, a->e_penwidth, b.data);
	buf_release(&b);
}

/*
 * The add-ons' say in edge k's look (--signed: dashed, a hollow
 * arrowhead), its tooltip so far in b.  The colour stays the volume's
 * unless an add-on sets one.
 */
static void
edge_look(struct build *bd, uint32_t k, struct buf *b,
	  struct extra_edge_look *look)
{
	*look = (struct extra_edge_look){ { b, tip_text, "\\n" }, NULL, NULL,
					  NULL };
	extras_edge_look(bd->o->xs, bd->f, k, look, bd->drawn);
}

static void
apply_look(Agedge_t *e, const struct attrs *a, const char *style,
	   const char *colour, const char *arrowhead)
{
	if (style)
		set(e, a->e_style, style);
	if (colour) {
		set(e, a->e_color, colour);
		set(e, a->e_fontcolor, colour);
	}
	if (arrowhead)
		set(e, a->e_arrowhead, arrowhead);
}

static void
add_edge(Agraph_t *g, struct build *bd, uint32_t k)
{
	const struct flow *f = bd->f;
	const struct flow_edge *fe = &f->edges[k];
	struct buf b = BUF_INIT;
	struct extra_edge_look look;
	Agedge_t *e;

	e = flow_edge(g, bd, bd->nodes[fe->from], bd->nodes[fe->to],
		      bd->p->side[fe->from] > 0, NULL, bd->port[k]);

	add_text(&b, tree_name_of(f, fe->from), 1);
	buf_puts(&b, " -> ");
	add_text(&b, tree_name_of(f, fe->to), 1);
	buf_puts(&b, ": ");
	add_count(&b, fe->commits, "commit");
	buf_puts(&b, " in ");
	add_count(&b, fe->pulls, "pull");
	edge_look(bd, k, &b, &look);
	set(e, bd->a.e_tooltip, b.data);
	set_volume(e, &bd->a, bd->p->volume[k], bd->p->width[k]);
	apply_look(e, &bd->a, look.style, look.colour, look.arrowhead);
	/* dot wants an integer weight: heavy edges kept short and straight. */
	b.len = 0;
	buf_printf(&b, "%u", bd->p->weight[k]);
	set(e, bd->a.e_weight, b.data);
	if (bd->p->outer[k])
		agsafeset(e, gv("minlen"), gv("2"), gv("1"));
	buf_release(&b);
}

/* The direct commits as a flow of their own into the mainline. */
static void
add_direct(Agraph_t *g, struct build *bd)
{
	const struct flow *f = bd->f;
	struct buf b = BUF_INIT;
	Agedge_t *e;

	if (!f->direct || !f->trees_nr)
		return;
	bd->direct = agnode(g, gv("direct"), 1);
	buf_puts(&b, "direct\\n");
	add_count(&b, f->direct, "commit");
	set(bd->direct, bd->a.n_label, b.data);
	set(bd->direct, bd->a.n_fillcolor, "white");
	b.len = 0;
	add_count(&b, f->direct, "commit");
	buf_puts(&b, " applied to the mainline itself, not pulled");
	set(bd->direct, bd->a.n_tooltip, b.data);

	e = flow_edge(g, bd, bd->direct, bd->nodes[0], 0, NULL, 0);
	b.len = 0;
	buf_puts(&b, "direct -> ");
	add_text(&b, tree_name_of(f, 0), 1);
	buf_puts(&b, ": ");
	add_count(&b, f->direct, "commit");
	set(e, bd->a.e_tooltip, b.data);
	set_volume(e, &bd->a, bd->p->direct_volume, bd->p->direct_width);
	buf_release(&b);
}

/*
 * Where the fold's box stands when the trees it sends to stand on both
 * sides of the mainline (plan's fold_side 0): in the mainline's column,
 * its edges ranked as the mainline's are (add_fold).  Ranked beyond its
 * trees, as on one side, it stood outside one side's, and dragged the
 * other side's across the chart to stand beyond it.
 */
static void
fold_in_mainline_rank(Agraph_t *g, const struct build *bd, Agnode_t *n)
{
	Agraph_t *rank = agsubg(g, gv("rank_deeper"), 1);

	agsafeset(rank, gv("rank"), gv("same"), gv(""));
	agsubnode(rank, bd->nodes[0], 1);
	agsubnode(rank, n, 1);
}

/*
 * The trees past --chart-depth (graph_plan's fold) as one box, grey like
 * --top's fold, with an edge into each tree shown that pulled from them.
 */
static void
add_fold(Agraph_t *g, struct build *bd)
{
	const struct graph_plan *p = bd->p;
	const struct flow *f = bd->f;
	struct buf b = BUF_INIT;
	Agnode_t *n;

	if (!p->fold_trees)
		return;
	n = agnode(g, gv("deeper"), 1);
	if (!p->fold_side && bd->nodes[0])
		fold_in_mainline_rank(g, bd, n);
	buf_printf(&b, "%u trees deeper\\nthan level %u", p->fold_trees,
		   p->fold_level);
	set(n, bd->a.n_label, b.data);
	b.len = 0;
	buf_printf(&b, "%u trees pulled more than %u levels deep, folded "
		   "(--chart-depth)\\n%" PRIu64 " commits sent from them",
		   p->fold_trees, p->fold_level, p->fold_commits);
	set(n, bd->a.n_tooltip, b.data);
	set(n, bd->a.n_style, "rounded,dashed");
	set(n, bd->a.n_color, COLOUR_SMALL);
	set(n, bd->a.n_fontcolor, COLOUR_SMALL_TEXT);
	for (uint32_t i = 0; i < f->trees_nr; i++) {
		uint32_t c, weight;
		Agedge_t *e;

		if (!p->fold_in || !p->fold_in[i] || !bd->nodes[i])
			continue;
		c = p->fold_in[i] > UINT32_MAX ? UINT32_MAX :
		    (uint32_t)p->fold_in[i];
		/* No count cell: the fold's box states its commits.  In
		 * the mainline's column, its edges go out as the
		 * mainline's come in: reversed to the left. */
		e = flow_edge(g, bd, n, bd->nodes[i], p->fold_side ?
			      p->side[i] > 0 : p->side[i] < 0, NULL, 0);
		b.len = 0;
		buf_printf(&b, "deeper than level %u -> ", p->fold_level);
		add_text(&b, tree_name_of(f, i), 1);
		buf_printf(&b, ": %" PRIu64 " commit%s in %" PRIu64 " pull%s",
			   p->fold_in[i], p->fold_in[i] == 1 ? "" : "s",
			   p->fold_pulls[i], p->fold_pulls[i] == 1 ? "" : "s");
		set(e, bd->a.e_tooltip, b.data);
		set_volume(e, &bd->a, VOLUME_NEUTRAL,
			   graph_width(c, f->commits, &weight));
		b.len = 0;
		buf_printf(&b, "%u", weight);
		set(e, bd->a.e_weight, b.data);
	}
	buf_release(&b);
}

/*
 * The graph's label: the title, the subtitle and the legend, one
 * HTML-like label.  On the root graph, a default is the graph's own
 * value.
 */
static void
add_heading(Agraph_t *g, const struct build *bd,
	    const struct legend_entry *extra, size_t extra_nr)
{
	struct chart_heading h = {
		bd->o->title, TREEPLOT_VERSION, bd->o->first, bd->o->last,
	};
	struct buf b = BUF_INIT;

	graph_heading_html(&b, bd->f, bd->p, &h, extra, extra_nr);
	declare(g, AGRAPH, "label", agstrdup_html(g, b.data));
	buf_release(&b);
}

/*
 * --branches: the branches of one repository in a box of their own (the
 * graph itself for the trees whose repository shows no branch), named by
 * cluster_title.  Subgraphs are named after the index of the
 * repository's first node, so the DOT is stable.
 */
static Agraph_t *
cluster_of(Agraph_t *g, const struct build *bd, uint32_t i)
{
	const struct flow *f = bd->f;
	const struct flow_tree *t = &f->trees[i];
	uint32_t first = TREE_NONE, branches = 0;
	struct buf name = BUF_INIT;
	Agraph_t *sub;

	if (!i || t->tree == TREE_NONE)
		return g;
	for (uint32_t k = 1; k < f->trees_nr; k++) {
		const struct flow_tree *u = &f->trees[k];

		if (u->tree == TREE_NONE || u->repo != t->repo)
			continue;
		if (first == TREE_NONE)
			first = k;
		branches += u->tree != u->repo;
	}
	if (!branches)
		return g;
	buf_printf(&name, "cluster_%u", first);
	sub = agsubg(g, name.data, 0);
	if (!sub) {
		sub = agsubg(g, name.data, 1);
		/* Its own empty label: else it inherits the chart's, whose
		 * value on the root graph is set after (add_heading). */
		agsafeset(sub, gv("label"), gv(""), gv(""));
		agsafeset(sub, gv("style"), gv("rounded,dashed"), gv(""));
		agsafeset(sub, gv("color"), gv(COLOUR_SMALL), gv(""));
		agsafeset(sub, gv("fontsize"), gv("10"), gv(""));
	}
	buf_release(&name);
	return sub;
}

/*
 * The repository's name in its cluster, as a node of its own beside the
 * cluster's first branch (i) in its rank: dot routes edges round nodes,
 * and through a cluster's label, at its head or foot, whichever way
 * edges came.
 */
static void
cluster_title(struct build *bd, Agraph_t *sub, uint32_t i)
{
	const char *cname = agnameof(sub);
	struct buf name = BUF_INIT, b = BUF_INIT;
	Agraph_t *rank;
	Agnode_t *n;

	buf_printf(&name, "%s_title", cname);
	if (agnode(sub, name.data, 0)) {
		buf_release(&name);
		return;
	}
	n = agnode(sub, name.data, 1);
	add_text(&b, graph_short_name(bd->p, bd->f->trees[i].repo_name), 0);
	set(n, bd->a.n_label, b.data);
	b.len = 0;
	add_text(&b, bd->f->trees[i].repo_name, 1);
	set(n, bd->a.n_tooltip, b.data);
	set(n, bd->a.n_shape, "plaintext");
	set(n, bd->a.n_style, "solid");
	set(n, bd->a.n_fontcolor, COLOUR_SMALL_TEXT);
	b.len = 0;
	buf_printf(&b, "rank_%s", cname + strlen("cluster_"));
	rank = agsubg(sub, b.data, 1);
	agsafeset(rank, gv("rank"), gv("same"), gv(""));
	agsubnode(rank, n, 1);
	agsubnode(rank, bd->nodes[i], 1);
	buf_release(&name);
	buf_release(&b);
}

/*
 * An add-on's edge (--infer-ff's guessed fast-forwards), drawn as the
 * flow's are (the side of its tree; colour and width by its commits, but
 * never thinner than 2 points, under which a dotted line is lost), off
 * the bottom of its tree's box, apart from the flow the same two trees
 * may have; its label in that tree's box.
 */
static int
emit_edge(void *ctx, const struct extra_edge *xe)
{
	struct build *bd = ctx;
	const struct flow *f = bd->f;
	struct buf b = BUF_INIT;
	uint32_t width;
	int right;
	Agedge_t *e;

	if (xe->from >= f->trees_nr || xe->to >= f->trees_nr ||
	    !bd->nodes[xe->from] || !bd->nodes[xe->to])
		return 0;
	right = bd->p->side[xe->from] > 0;
	e = flow_edge(bd->g, bd, bd->nodes[xe->from], bd->nodes[xe->to], right,
		      xe->key, 0);
	agsafeset(e, gv(right ? "headport" : "tailport"), gv("s"), gv(""));
	/* Its count in the box it leaves: beside the edge, off the box's
	 * foot, it was drawn under the next box down, 7 points below. */
	if (xe->label) {
		buf_puts(&bd->lines[xe->from], "\\n");
		buf_puts(&bd->lines[xe->from], xe->label);
	}
	add_text(&b, tree_name_of(f, xe->from), 1);
	buf_puts(&b, " -> ");
	add_text(&b, tree_name_of(f, xe->to), 1);
	buf_puts(&b, ": ");
	buf_puts(&b, xe->tooltip);
	set(e, bd->a.e_tooltip, b.data);
	if (xe->commits) {
		width = graph_width(xe->commits, f->commits, NULL);
		set_volume(e, &bd->a, graph_volume(xe->commits, f->commits,
						   bd->p->major, bd->p->minor),
			   width > 20 ? width : 20);
	}
	apply_look(e, &bd->a, xe->style, xe->colour, xe->arrowhead);
	if (xe->weight)
		set(e, bd->a.e_weight, xe->weight);
	buf_release(&b);
	return 1;
}

/*
 * twopi's ranksep as a list of ring gaps in inches: the first ring's
 * circumference holds its nodes at 80 points each (a box on the sides
 * of the ring needs its height, at the top and bottom its width), the
 * others 2.2 inches further out each.
 */
static void
twopi_rings(Agraph_t *g, const struct flow *f)
{
	uint32_t ring = f->direct ? 1 : 0, r1;
	struct buf b = BUF_INIT;

	for (uint32_t k = 0; k < f->edges_nr; k++)
		ring += f->edges[k].to == 0;
	/* 80 ring points a node: r = 80 n / (2 pi) points, in hundredths
	 * of an inch (72 points): 80 * 100 / (2 pi * 72) = 17.68. */
	r1 = ring * 1768 / 100;
	if (r1 < 220)
		r1 = 220;
	buf_printf(&b, "%u.%02u:2.2:2.2:2.2", r1 / 100, r1 % 100);
	declare(g, AGRAPH, "ranksep", b.data);
	buf_release(&b);
}

/* A Graphviz style as a legend's sample line. */
static enum legend_line
line_of(const char *style)
{
	if (style && strstr(style, "dotted"))
		return LINE_DOTTED;
	if (style && strstr(style, "dashed"))
		return LINE_DASHED;
	return LINE_SOLID;
}

/* The legend's entries for what the add-ons drew, after the core's. */
struct addon_legend {
	struct legend_entry *v;
	size_t nr, alloc;
};

static void
add_legend_entry(void *ctx, const struct extra_legend *l)
{
	struct addon_legend *al = ctx;

	ALLOC_GROW(al->v, al->nr + 1, al->alloc);
	al->v[al->nr++] = (struct legend_entry){
		l->kind == EXTRA_LEGEND_EDGE ? line_of(l->style) : LINE_NONE,
		l->colour ? l->colour : COLOUR_SMALL_TEXT, NULL, l->what,
	};
}

/* Number the cells of the counts in their trees' boxes (build's port). */
static void
plan_ports(struct build *bd)
{
	const struct flow *f = bd->f;
	uint32_t n = f->trees_nr ? f->trees_nr : 1;

	bd->port = xcalloc(f->edges_nr ? f->edges_nr : 1, sizeof(*bd->port));
	bd->ports = xcalloc(n, sizeof(*bd->ports));
	bd->lines = xcalloc(n, sizeof(*bd->lines));
	bd->clustered = xcalloc(n, sizeof(*bd->clustered));
	/* edge_count is set for drawn edges only: no cell for an edge
	 * into the fold. */
	for (uint32_t k = 0; k < f->edges_nr; k++)
		if (bd->p->edge_count[k] && f->edges[k].from < f->trees_nr &&
		    f->edges[k].to < f->trees_nr)
			bd->port[k] = ++bd->ports[f->edges[k].from];
}

static Agraph_t *
build_graph(const struct flow *f, const struct graph_options *o,
	    Agdisc_t *disc)
{
	Agraph_t *g = agopen(gv("treeplot"), Agdirected, disc);
	struct graph_plan plan;
	struct addon_legend legend = { NULL, 0, 0 };
	struct build bd = { g, f, &plan, o, { 0 }, NULL, NULL, NULL, NULL,
			    NULL, NULL, NULL };

	if (!g)
		return NULL;
	graph_plan(f, o->major, o->minor, !strcmp(o->layout, "dot"),
		   o->chart_depth, &plan);
	if (plan.fold_trees)
		/* Not an error: one line, so that a CI log says why. */
		(void)error("the chart folds %u trees deeper than level %u "
			    "into one box (--chart-depth)", plan.fold_trees,
			    plan.fold_level);
	declare_attrs(g, o->layout, &bd.a);
	/* For twopi: the mainline in the centre, not whichever node it
	 * finds most central, and a first ring wide enough for every tree
	 * on it (so that no overlap removal moves the mainline off it). */
	if (f->trees_nr)
		declare(g, AGRAPH, "root", "t0");
	if (!strcmp(o->layout, "twopi"))
		twopi_rings(g, f);
	if (o->dpi && !strcmp(o->format, "png")) {
		struct buf dpi = BUF_INIT;

		buf_printf(&dpi, "%u", o->dpi);
		declare(g, AGRAPH, "dpi", dpi.data);
		buf_release(&dpi);
	}
	/* An array of pointers, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	bd.nodes = xcalloc(f->trees_nr ? f->trees_nr : 1, sizeof(*bd.nodes));
	bd.drawn = xcalloc(o->xs && o->xs->nr ? o->xs->nr : 1,
			   sizeof(*bd.drawn));
	plan_ports(&bd);
	/* The direct commits first after the mainline: the order of the
	 * nodes is the order dot starts from, largest flows first. */
	for (uint32_t i = 0; i < f->trees_nr; i++) {
		Agraph_t *sub;

		if (plan.hidden && plan.hidden[i])
			continue;
		sub = f->branches ? cluster_of(g, &bd, i) : g;
		add_node(sub, &bd, i);
		bd.clustered[i] = sub != g;
		if (sub != g)
			cluster_title(&bd, sub, i);
		if (!i)
			add_direct(g, &bd);
	}
	for (uint32_t k = 0; k < f->edges_nr; k++)
		if (f->edges[k].from < f->trees_nr &&
		    f->edges[k].to < f->trees_nr &&
		    bd.nodes[f->edges[k].from] && bd.nodes[f->edges[k].to])
			add_edge(g, &bd, k);
	add_fold(g, &bd);
	/* The add-ons' own edges, after the flow's. */
	extras_graph_edges(o->xs, f, emit_edge, &bd, bd.drawn);
	/* The labels after every edge: the add-ons' lines are in them. */
	for (uint32_t i = 0; i < f->trees_nr; i++) {
		if (bd.nodes[i])	/* not a tree folded below --chart-depth */
			label_node(&bd, i);
		buf_release(&bd.lines[i]);
	}
	/* Last: the legend lists what the edges above drew. */
	extras_legend(o->xs, bd.drawn, add_legend_entry, &legend);
	add_heading(g, &bd, legend.v, legend.nr);
	free(legend.v);
	free(bd.drawn);
	free(bd.port);
	free(bd.ports);
	free(bd.lines);
	free(bd.clustered);
	free(bd.nodes);
	graph_plan_release(&plan);
	return g;
}

/*
 * Object ids.  cgraph's own id discipline makes a name's id the address
 * of its copy of the string, and keeps subgraphs in order of id: agwrite
 * wrote --branches' clusters in an order that followed the allocator
 * (another malloc history, another DOT).  Here a name's id is its rank
 * of creation (even, as cgraph expects of named objects; anonymous ones
 * get odd ids from a counter), so clusters come in the order they were
 * made and the DOT is the same wherever it is written.
 */
struct gv_ids {
	char **names;		/* names[k] has id 2 (k + 1); agstrdup's */
	size_t nr, alloc;
	struct hindex ix;	/* k by name */
	IDTYPE anon;		/* the next anonymous id */
};

static void *
ids_open(Agraph_t *g, Agdisc_t *disc)
{
	struct gv_ids *ids = xcalloc(1, sizeof(*ids));

	(void)g;
	(void)disc;
	ids->anon = 1;
	return ids;
}

/* The k of name, or HINDEX_NONE. */
static uint32_t
ids_find(const struct gv_ids *ids, const char *name)
{
	struct hprobe pr;

	for (uint32_t k = hindex_first(&ids->ix, str_hash(name), &pr);
	     k != HINDEX_NONE; k = hindex_next(&ids->ix, &pr))
		if (!strcmp(ids->names[k], name))
			return k;
	return HINDEX_NONE;
}

static long
ids_map(void *state, int objtype, char *str, IDTYPE *id, int createflag)
{
	struct gv_ids *ids = state;
	uint32_t k;

	(void)objtype;
	if (!str) {
		*id = ids->anon;
		ids->anon += 2;
		return 1;
	}
	k = ids_find(ids, str);
	if (k == HINDEX_NONE) {
		if (!createflag)
			return 0;
		ALLOC_GROW(ids->names, ids->nr + 1, ids->alloc);
		/* cgraph's own kind of string: agwrite looks before it
		 * for whether it is HTML. */
		ids->names[ids->nr] = agstrdup(NULL, str);
		k = (uint32_t)ids->nr++;
		hindex_add(&ids->ix, str_hash(str), k);
	}
	*id = (IDTYPE)2 * (k + 1);
	return 1;
}

/* Only anonymous ids may be asked for by number. */
static long
ids_alloc(void *state, int objtype, IDTYPE id)
{
	(void)state;
	(void)objtype;
	return id % 2;
}

static void
ids_free(void *state, int objtype, IDTYPE id)
{
	(void)state;
	(void)objtype;
	(void)id;
}

static char *
ids_print(void *state, int objtype, IDTYPE id)
{
	struct gv_ids *ids = state;

	(void)objtype;
	if (id % 2 || id / 2 == 0 || id / 2 > ids->nr)
		return NULL;
	return ids->names[id / 2 - 1];
}

static void
ids_close(void *state)
{
	struct gv_ids *ids = state;

	for (size_t k = 0; k < ids->nr; k++)
		agstrfree(NULL, ids->names[k]);
	free(ids->names);
	hindex_release(&ids->ix);
	free(ids);
}

static void
ids_register(void *state, int objtype, void *obj)
{
	(void)state;
	(void)objtype;
	(void)obj;
}

static Agiddisc_t id_disc = {
	ids_open, ids_map, ids_alloc, ids_free, ids_print, ids_close,
	ids_register,
};

/* agwrite's output channel: our buffer. */
static int
put_buf(void *chan, const char *s)
{
	buf_puts(chan, s);
	return 0;
}

static int
flush_buf(void *chan)
{
	(void)chan;
	return 0;
}

/*
 * Graphviz's messages.  agerr hands a user function "Error" or "Warning",
 * then ": ", then the message (continuations come without the prefix);
 * the first error's first line is kept for our own report, the rest is
 * dropped so that a failure is one line on stderr.
 */
static struct {
	int in_error;
	int have;
	struct buf first;
} gv_msgs;

static int
capture_gv_message(char *s)
{
	const char *list;
	size_t len;

	if (!strcmp(s, "Error") || !strcmp(s, "Warning")) {
		gv_msgs.in_error = s[0] == 'E';
		return 0;
	}
	if (!strcmp(s, ": ") || !gv_msgs.in_error || gv_msgs.have)
		return 0;
	gv_msgs.have = 1;
	len = strcspn(s, "\n");
	/* "... not recognized. Use one of: <every plugin>": the list is
	 * long and, without a configuration, empty. */
	list = strstr(s, " Use one of:");
	if (list && (size_t)(list - s) < len)
		len = (size_t)(list - s);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '.'))
		len--;
	escape_text(&gv_msgs.first, s, len);
	return 0;
}

/* Report a failure of step ("lay out the graph with 'dot'") once. */
static int
gv_error(const char *step)
{
	const char *hint = "";

	if (gv_msgs.have && strstr(gv_msgs.first.data, "not recognized"))
		hint = " (is Graphviz's plugin configuration installed? "
			"try 'dot -c' as root)";
	if (gv_msgs.have)
		return error("cannot %s: %s%s", step, gv_msgs.first.data, hint);
	return error("cannot %s%s", step, hint);
}

/*
 * One Graphviz context for the life of the process, never freed.  Freeing
 * it is not safe in Graphviz 2.42: the pango plugin keeps a pointer to the
 * last font name, which lives in the context, and the next context's first
 * label reads the freed name (valgrind: invalid read in
 * pango_textlayout).  One context is what Graphviz expects anyway, and it
 * spares reading the plugin configuration on every call.
 */
static GVC_t *
gv_context(void)
{
	static GVC_t *gvc;

	if (!gvc)
		gvc = gvContext();
	return gvc;
}

/*
 * A layout that lasts over a second says so on stderr (a terminal's, as
 * main decides), and the line is erased when it ends: Graphviz gives no
 * progress of its own, so an alarm prints a line prepared beforehand
 * (write(2) is all a signal handler may call).  The only mutable state
 * outside option parsing, and only while a layout runs.
 */
static char layout_msg[128];
static size_t layout_msg_len;
static volatile sig_atomic_t layout_shown;

static void
layout_alarm(int sig)
{
	(void)sig;
	if (write(STDERR_FILENO, layout_msg, layout_msg_len) > 0)
		layout_shown = 1;
}

static void
progress_start(Agraph_t *g, const char *layout, struct sigaction *old)
{
	struct sigaction sa;
	struct itimerval one = { { 0, 0 }, { 1, 0 } };
	/* For the tests only (man page, ENVIRONMENT): a layout's time
	 * depends on the machine's load, the line's appearance must not. */
	const char *ms = getenv("TREEPLOT_PROGRESS_DELAY_MS");
	int n;

	if (ms && *ms) {
		long v = strtol(ms, NULL, 10);

		if (v > 0 && v < 60000) {
			one.it_value.tv_sec = v / 1000;
			one.it_value.tv_usec = (v % 1000) * 1000;
		}
	}

	n = snprintf(layout_msg, sizeof(layout_msg),
		     "treeplot: laying out %d nodes with %s...",
		     agnnodes(g), layout);
	layout_msg_len = n > 0 && (size_t)n < sizeof(layout_msg) ?
			 (size_t)n : 0;
	layout_shown = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = layout_alarm;
	/* A system call of the layout's (a font file read) goes on. */
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, old);
	setitimer(ITIMER_REAL, &one, NULL);
}

static void
progress_stop(const struct sigaction *old)
{
	struct itimerval none = { { 0, 0 }, { 0, 0 } };

	setitimer(ITIMER_REAL, &none, NULL);
	sigaction(SIGALRM, old, NULL);
	if (layout_shown)
		fputs("\r\033[K", stderr);
	layout_shown = 0;
}

/* Refuse a layout its engine would spend minutes on (engine_limits). */
static int
check_size(Agraph_t *g, const char *layout)
{
	int n = agnnodes(g);

	for (size_t k = 0; k < ARRAY_SIZE(engine_limits); k++)
		if (!strcmp(layout, engine_limits[k].engine) && n > 0 &&
		    (uint32_t)n > engine_limits[k].max_nodes)
			return error("the %s layout cannot place %d nodes in "
				     "reasonable time (at most %u): use dot, "
				     "twopi or sfdp, or fold trees with --top",
				     layout, n, engine_limits[k].max_nodes);
	return 0;
}


/* The last occurrence of key in [s, s + len), or NULL. */
static const char *
find_last(const char *s, size_t len, const char *key)
{
	size_t klen = strlen(key);

	for (size_t i = len >= klen ? len - klen + 1 : 0; i-- > 0;)
		if (!memcmp(s + i, key, klen))
			return s + i;
	return NULL;
}

/* title as a PDF text string: UTF-16BE in hex, so that no byte of it
 * needs escaping; control characters and newlines become spaces. */
static void
pdf_text(struct buf *out, const char *title)
{
	const unsigned char *p = (const unsigned char *)title;
	size_t len = strlen(title), i = 0;

	buf_puts(out, "<FEFF");
	while (i < len && i < 1024) {
		unsigned int cp;
		size_t n = utf8_decode(p + i, len - i, &cp);

		i += n ? n : 1;
		if (!n)
			cp = 0xfffd;
		else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
			cp = ' ';
		if (cp > 0xffff)
			buf_printf(out, "%04X%04X",
				   0xd800 + ((cp - 0x10000) >> 10),
				   0xdc00 + ((cp - 0x10000) & 0x3ff));
		else
			buf_printf(out, "%04X", cp);
	}
	buf_puts(out, ">");
}

/*
 * The PDF's Title, from the chart's title: Graphviz's cairo renderer
 * sets none.  Added as an incremental update (a new Info dictionary, an
 * xref section for it and a trailer pointing back to cairo's), which
 * every PDF reader applies and which moves no offset of cairo's.
 */
static void
pdf_add_title(struct buf *out, size_t start, const char *title)
{
	const char *pdf = out->data + start, *trailer, *root, *size, *sx;
	size_t len = out->len - start, obj_at, xref_at;
	unsigned long nobj, prev, root_nr;
	char stamp[32];

	trailer = find_last(pdf, len, "trailer");
	sx = find_last(pdf, len, "startxref");
	if (!trailer || !sx)
		return;
	size = strstr(trailer, "/Size ");
	root = strstr(trailer, "/Root ");
	if (!size || !root || size > sx || root > sx)
		return;
	nobj = strtoul(size + 6, NULL, 10);
	root_nr = strtoul(root + 6, NULL, 10);
	prev = strtoul(sx + 9, NULL, 10);
	if (!nobj || !root_nr)
		return;
	pdf_stamp(stamp);
	if (out->data[out->len - 1] != '\n')
		buf_addc(out, '\n');
	obj_at = out->len - start;
	buf_printf(out, "%lu 0 obj\n<< /Title ", nobj);
	pdf_text(out, title);
	buf_printf(out, "\n   /Creator (treeplot %s)\n"
		   "   /CreationDate (D:%sZ)\n>>\nendobj\n", TREEPLOT_VERSION,
		   stamp);
	xref_at = out->len - start;
	buf_printf(out, "xref\n0 1\n0000000000 65535 f \n%lu 1\n%010zu 00000 n "
		   "\ntrailer\n<< /Size %lu\n   /Root %lu 0 R\n   /Info %lu 0 R\n"
		   "   /Prev %lu\n>>\nstartxref\n%zu\n%%%%EOF\n", nobj, obj_at,
		   nobj + 1, root_nr, nobj, prev, xref_at);
}

static int
render_gvc(Agraph_t *g, const struct graph_options *o, const char *title,
	   struct buf *out)
{
	struct buf step = BUF_INIT;
	struct sigaction old;
	GVC_t *gvc;
	char *data = NULL;
	unsigned int len = 0;
	int laid_out = 0, ret = -1, failed;

	if (check_size(g, o->layout) < 0)
		goto out;
	gvc = gv_context();
	if (!gvc) {
		ret = gv_error("start Graphviz");
		goto out;
	}
	if (o->progress)
		progress_start(g, o->layout, &old);
	failed = gvLayout(gvc, g, o->layout) != 0;
	if (o->progress)
		progress_stop(&old);
	if (failed) {
		buf_printf(&step, "lay out the graph with '%s'", o->layout);
		ret = gv_error(step.data);
		goto out;
	}
	laid_out = 1;
	/* Cairo writes a PDF's date in the local zone, whose spelling ("Z",
	 * "+01'00") pdf_fix_date cannot change without moving offsets:
	 * make it UTC.  Nothing else of treeplot's uses the local zone. */
	if (!strcmp(o->format, "pdf")) {
		setenv("TZ", "UTC", 1);
		tzset();
	}
	if (gvRenderData(gvc, g, o->format, &data, &len) != 0 || !data) {
		buf_printf(&step, "render the graph as %s", o->format);
		ret = gv_error(step.data);
		goto out;
	}
	buf_add(out, data, len);
	if (!strcmp(o->format, "pdf")) {
		pdf_fix_date(out, out->len - len);
		pdf_add_title(out, out->len - len, title);
	}
	ret = 0;
out:
	if (data)
		gvFreeRenderData(data);
	if (laid_out)
		gvFreeLayout(gvc, g);
	buf_release(&step);
	return ret;
}

/*
 * Graphviz writes each node as '<g id="nodeK" class="node">' then
 * '<title>tI</title>', tI our stable id of flow tree I: give the group
 * data-tree="NAME" (escape_text's form, then XML-escaped), so that a page
 * can find a tree's node by its name.
 */
static void
svg_tag_trees(const struct flow *f, struct buf *out, size_t start)
{
	static const char open[] = "class=\"node\">\n<title>t";
	struct buf res = BUF_INIT, name = BUF_INIT;
	const char *p = out->data + start, *end = out->data + out->len, *q;

	buf_add(&res, out->data, start);
	while ((q = strstr(p, open)) != NULL) {
		unsigned long i = strtoul(q + sizeof(open) - 1, NULL, 10);
		const char *n = i < f->trees_nr ? tree_name_of(f, (uint32_t)i) :
				"";

		q += sizeof(open) - 1 - strlen(">\n<title>t");
		buf_add(&res, p, q - p);
		name.len = 0;
		escape_text(&name, n, strlen(n));
		buf_puts(&res, " data-tree=\"");
		for (size_t k = 0; k < name.len; k++) {
			char c = name.data[k];

			if (c == '&' || c == '<' || c == '>' || c == '"')
				buf_printf(&res, "&#%d;", c);
			else
				buf_addc(&res, c);
		}
		buf_addc(&res, '"');
		p = q;
	}
	buf_add(&res, p, end - p);
	buf_release(&name);
	buf_release(out);
	*out = res;
}

void
graph_options_init(struct graph_options *o, const char *format,
		   const char *layout)
{
	memset(o, 0, sizeof(*o));
	o->format = format;
	o->layout = layout;
	o->major = GRAPH_MAJOR_DEFAULT;
	o->minor = GRAPH_MINOR_DEFAULT;
	o->chart_depth = GRAPH_CHART_DEPTH_DEFAULT;
}

int
render_graph(const struct flow *f, const char *format, const char *layout,
	     const char *title, struct buf *out)
{
	struct graph_options o;

	graph_options_init(&o, format, layout);
	o.title = title;
	return render_graph_with(f, &o, out);
}

int
render_graph_with(const struct flow *f, const struct graph_options *o,
		  struct buf *out)
{
	/* agwrite writes through the graph's I/O discipline: ours appends
	 * to out; ids are ours too (memory stays cgraph's default). */
	Agiodisc_t io = { NULL, put_buf, flush_buf };
	Agdisc_t disc = { NULL, &id_disc, &io };
	struct buf title = BUF_INIT;
	agusererrf old_errf;
	size_t start = out->len;
	Agraph_t *g;
	int ret = -1;

	if (!in_list(o->format, formats, ARRAY_SIZE(formats)))
		return error("unknown graph format '%s'",
			     o->format ? o->format : "");
	if (!graph_layout_known(o->layout))
		return error("unknown layout '%s'",
			     o->layout ? o->layout : "");

	gv_msgs.in_error = 0;
	gv_msgs.have = 0;
	buf_init(&gv_msgs.first);
	old_errf = agseterrf(capture_gv_message);

	g = build_graph(f, o, &disc);
	if (!g) {
		ret = gv_error("build the graph");
		goto out;
	}
	if (!strcmp(o->format, "dot")) {
		/* Before layout: no coordinates, no font metrics. */
		if (agwrite(g, out) != 0)
			ret = gv_error("write the graph as DOT");
		else
			ret = 0;
	} else {
		graph_title(&title, f, o->title);
		ret = render_gvc(g, o, title.data, out);
		if (!ret && o->tree_attrs && !strcmp(o->format, "svg"))
			svg_tag_trees(f, out, start);
	}
	agclose(g);
out:
	agseterrf(old_errf);
	buf_release(&gv_msgs.first);
	buf_release(&title);
	if (ret < 0 && out->len > start) {
		/* Leave nothing of a failed rendering behind. */
		out->len = start;
		out->data[start] = '\0';
	}
	return ret;
}
