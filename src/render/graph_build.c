/*
 * render/graph_build.c - the chart as a cgraph graph, before any layout.
 *
 * What is drawn, from the flow and its plan (render/plan.c): the
 * declared attributes, a box per tree (render/graph_nodes.c: its
 * tooltip, look and label), the flow's edges, the direct commits, the trees folded past
 * --chart-depth, --branches' clusters, the add-ons' say (tooltip lines,
 * edge looks, edges of their own, legend entries) and the heading.
 * render/graph.c lays the graph out and renders it; this file knows
 * nothing of gvc, so that the DOT (written before any layout) shows all
 * it decides.  Node names are stable ids ("t0", "t1"); tree names only
 * ever appear in labels and tooltips, through graph_text.c.
 */
#include "render/graph_build.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "render/graph_nodes.h"
#include "render/graph_text.h"
#include "render/legend.h"
#include "render/plan.h"
#include "util/escape.h"

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
	{ AGEDGE, "arrowtail", "normal", SYM(e_arrowtail) },
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
		gv_set(e, bd->a.e_dir, "back");
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

	gv_set(e, a->e_color, graph_colour(v));
	gv_set(e, a->e_fontcolor, graph_text_colour(v));
	/* In tenths, printed by hand: a decimal comma from the locale
	 * would break the DOT. */
	buf_printf(&b, "%u.%u", width / 10, width % 10);
	gv_set(e, a->e_penwidth, b.data);
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
	*look = (struct extra_edge_look){ { b, graph_tip_text, "\\n" }, NULL, NULL,
					  NULL };
	extras_edge_look(bd->o->xs, bd->f, k, look, bd->drawn);
}

static void
apply_look(Agedge_t *e, const struct attrs *a, const char *style,
	   const char *colour, const char *arrowhead)
{
	if (style)
		gv_set(e, a->e_style, style);
	if (colour) {
		gv_set(e, a->e_color, colour);
		gv_set(e, a->e_fontcolor, colour);
	}
	/* An edge drawn reversed (dir=back: a tree right of the mainline)
	 * shows its tail's arrow: both are set, dot draws the one shown. */
	if (arrowhead) {
		gv_set(e, a->e_arrowhead, arrowhead);
		gv_set(e, a->e_arrowtail, arrowhead);
	}
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

	graph_tip_text(&b, graph_tree_name(f, fe->from));
	buf_puts(&b, " -> ");
	graph_tip_text(&b, graph_tree_name(f, fe->to));
	buf_puts(&b, ": ");
	graph_count(&b, fe->commits, "commit");
	buf_puts(&b, " in ");
	graph_count(&b, fe->pulls, "pull");
	edge_look(bd, k, &b, &look);
	gv_set(e, bd->a.e_tooltip, b.data);
	/* A tapered edge (--signed: no tag to sign) starts at twice its
	 * width: a wedge with the ink of the line it stands for. */
	set_volume(e, &bd->a, bd->p->volume[k], bd->p->width[k] *
		   (look.style && strstr(look.style, "tapered") ? 2 : 1));
	apply_look(e, &bd->a, look.style, look.colour, look.arrowhead);
	/* dot wants an integer weight: heavy edges kept short and straight. */
	b.len = 0;
	buf_printf(&b, "%u", bd->p->weight[k]);
	gv_set(e, bd->a.e_weight, b.data);
	if (bd->p->outer[k])
		agsafeset(e, gv("minlen"), gv("2"), gv("1"));
	buf_release(&b);
}

/* One of the direct flows into the mainline: a white box named name
 * saying label and n commits (more: a line of its own), its edge. */
static void
add_direct_flow(Agraph_t *g, struct build *bd, const char *name,
		const char *label, uint32_t n, const char *more,
		const char *tip, enum volume v, uint32_t width)
{
	struct buf b = BUF_INIT;
	Agnode_t *node = agnode(g, gv(name), 1);
	Agedge_t *e;

	/* On a printed page folded as the trees' boxes are ("applied on
	 * the" "mainline"): else the widest box of its column. */
	if (bd->o->print >= PRINT_FOLDED) {
		struct buf fold = BUF_INIT;

		graph_fold(&fold, label, strlen(label), GRAPH_FOLD_CHARS);
		for (size_t k = 0; k < fold.len; k++) {
			if (fold.data[k] == '\n')
				buf_puts(&b, "\\n");
			else
				buf_addc(&b, fold.data[k]);
		}
		buf_release(&fold);
	} else {
		buf_puts(&b, label);
	}
	buf_puts(&b, "\\n");
	graph_count(&b, n, "commit");
	if (more)
		buf_printf(&b, "\\n%s", more);
	gv_set(node, bd->a.n_label, b.data);
	gv_set(node, bd->a.n_fillcolor, "white");
	b.len = 0;
	graph_count(&b, n, "commit");
	buf_printf(&b, " %s", tip);
	gv_set(node, bd->a.n_tooltip, b.data);

	e = flow_edge(g, bd, node, bd->nodes[0], 0, NULL, 0);
	b.len = 0;
	buf_printf(&b, "%s -> ", label);
	graph_tip_text(&b, graph_tree_name(bd->f, 0));
	buf_puts(&b, ": ");
	graph_count(&b, n, "commit");
	gv_set(e, bd->a.e_tooltip, b.data);
	set_volume(e, &bd->a, v, width);
	buf_release(&b);
}

/*
 * The direct commits as flows of their own into the mainline: those
 * applied on its first-parent line, and those that came through its
 * own topic branches (merged there: internal merges), the second box
 * with its merges.
 */
static void
add_direct(Agraph_t *g, struct build *bd)
{
	const struct topics *t = &bd->f->topics;
	struct buf merges = BUF_INIT, tip = BUF_INIT;

	if (!bd->f->direct || !bd->f->trees_nr)
		return;
	if (t->applied)
		add_direct_flow(g, bd, "direct", "applied on the mainline",
				t->applied, NULL, "applied on the mainline's "
				"own first-parent line, not pulled",
				bd->p->direct_volume, bd->p->direct_width);
	if (!t->through)
		return;
	graph_count(&merges, t->merges, "merge");
	buf_puts(&tip, "through the mainline's own topic branches, merged "
		 "on its first-parent line");
	/* --branches: the groups, in the tooltip (a box of their own each
	 * would crowd the chart). */
	for (uint32_t k = 0; k < t->groups_nr; k++) {
		buf_puts(&tip, k ? ", " : "\\n");
		graph_tip_text(&tip, topic_group_name(&t->groups[k]));
		buf_printf(&tip, " %u", t->groups[k].commits);
	}
	add_direct_flow(g, bd, "direct_topics", "topic branches", t->through,
			merges.data, tip.data, bd->p->topics_volume,
			bd->p->topics_width);
	buf_release(&merges);
	buf_release(&tip);
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
	gv_set(n, bd->a.n_label, b.data);
	b.len = 0;
	buf_printf(&b, "%u trees pulled more than %u levels deep, folded "
		   "(--chart-depth)\\n%" PRIu64 " commits sent from them",
		   p->fold_trees, p->fold_level, p->fold_commits);
	gv_set(n, bd->a.n_tooltip, b.data);
	gv_set(n, bd->a.n_style, "rounded,dashed");
	gv_set(n, bd->a.n_color, COLOUR_SMALL);
	gv_set(n, bd->a.n_fontcolor, COLOUR_SMALL_TEXT);
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
		graph_tip_text(&b, graph_tree_name(f, i));
		buf_printf(&b, ": %" PRIu64 " commit%s in %" PRIu64 " pull%s",
			   p->fold_in[i], p->fold_in[i] == 1 ? "" : "s",
			   p->fold_pulls[i], p->fold_pulls[i] == 1 ? "" : "s");
		gv_set(e, bd->a.e_tooltip, b.data);
		set_volume(e, &bd->a, VOLUME_NEUTRAL,
			   graph_width(c, f->commits, &weight));
		b.len = 0;
		buf_printf(&b, "%u", weight);
		gv_set(e, bd->a.e_weight, b.data);
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
		NULL, bd->o->print >= PRINT_COMPACT,
	};
	struct buf b = BUF_INIT, addons = BUF_INIT;

	extras_subtitle(bd->o->xs, bd->f, &addons);
	h.addons = addons.data;
	graph_heading_html(&b, bd->f, bd->p, &h, extra, extra_nr);
	declare(g, AGRAPH, "label", agstrdup_html(g, b.data));
	buf_release(&b);
	buf_release(&addons);
}

/*
 * --size: the drawing scaled to the width asked for, up or down (the
 * height follows: 1000 inches never binds), and from PRINT_TIGHT on the
 * ranks closer (dot's: the edges' fan needs less room than the screen's
 * 1.1 inches).
 */
static void
declare_print(Agraph_t *g, const struct graph_options *o)
{
	struct buf b = BUF_INIT;

	buf_printf(&b, "%u.%04u,1000!", o->width / 7200,
		   (o->width % 7200) * 10000 / 7200);
	declare(g, AGRAPH, "size", b.data);
	if (o->print >= PRINT_TIGHT && !strcmp(o->layout, "dot"))
		declare(g, AGRAPH, "ranksep", "0.35");
	if (o->print >= PRINT_TIGHT)
		declare(g, AGNODE, "margin", "0.08,0.02");
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
	graph_label_text(&b, graph_short_name(bd->p, bd->f->trees[i].repo_name));
	gv_set(n, bd->a.n_label, b.data);
	b.len = 0;
	graph_tip_text(&b, bd->f->trees[i].repo_name);
	gv_set(n, bd->a.n_tooltip, b.data);
	gv_set(n, bd->a.n_shape, "plaintext");
	gv_set(n, bd->a.n_style, "solid");
	gv_set(n, bd->a.n_fontcolor, COLOUR_SMALL_TEXT);
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
		buf_addc(&bd->lines[xe->from], '\n');
		buf_puts(&bd->lines[xe->from], xe->label);
	}
	graph_tip_text(&b, graph_tree_name(f, xe->from));
	buf_puts(&b, " -> ");
	graph_tip_text(&b, graph_tree_name(f, xe->to));
	buf_puts(&b, ": ");
	buf_puts(&b, xe->tooltip);
	gv_set(e, bd->a.e_tooltip, b.data);
	if (xe->commits) {
		width = graph_width(xe->commits, f->commits, NULL);
		set_volume(e, &bd->a, graph_volume(xe->commits, f->commits,
						   bd->p->major, bd->p->minor),
			   width > 20 ? width : 20);
	}
	apply_look(e, &bd->a, xe->style, xe->colour, xe->arrowhead);
	if (xe->weight)
		gv_set(e, bd->a.e_weight, xe->weight);
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
	uint32_t ring = !!f->topics.applied + !!f->topics.through, r1;
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
	if (style && strstr(style, "tapered"))
		return LINE_TAPERED;
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
		l->colour ? l->colour : COLOUR_SMALL_TEXT, l->marker, l->what,
	};
}

/* An add-on's lines in a tree's box (its lines' buffer: ctx), as they
 * are: graph_label_node escapes them for the label's kind. */
static void
add_box_line(void *ctx, const char *line)
{
	buf_addc(ctx, '\n');
	buf_puts(ctx, line);
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

Agraph_t *
graph_build(const struct flow *f, const struct graph_options *o,
	    Agdisc_t *disc)
{
	Agraph_t *g = agopen(gv("treeplot"), Agdirected, disc);
	struct graph_plan plan;
	struct addon_legend legend = { NULL, 0, 0 };
	struct build bd = { g, f, &plan, o, { 0 }, NULL, NULL, NULL, NULL,
			    NULL, NULL };

	if (!g)
		return NULL;
	graph_plan(f, o->major, o->minor, !strcmp(o->layout, "dot"),
		   o->chart_depth, &plan);
	if (plan.fold_trees && !o->measuring)
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
	if (o->print)
		declare_print(g, o);
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
		graph_add_node(sub, &bd, i);
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
		if (bd.nodes[i]) {	/* not a tree folded below --chart-depth */
			extras_node_lines(o->xs, f, i, add_box_line,
					  &bd.lines[i], bd.drawn);
			graph_label_node(&bd, i);
		}
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
