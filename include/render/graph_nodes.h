/*
 * render/graph_nodes.h - the trees' boxes of the chart's graph
 * (graph_nodes.c: tooltip, look and label), and what the files building
 * the graph share: the graph being built (struct build), the attributes
 * declared on it, and the small cgraph helpers.
 *
 * render/graph_build.c assembles the graph and calls graph_nodes.c,
 * which never calls back.  Nothing outside the two includes this header.
 */
#ifndef TREEPLOT_RENDER_GRAPH_NODES_H
#define TREEPLOT_RENDER_GRAPH_NODES_H

#include <stdint.h>

#include <graphviz/cgraph.h>

#include "flow/aggregate.h"
#include "render/graph_options.h"
#include "render/plan.h"
#include "util/buf.h"

/*
 * Graphviz 2.42 (Debian 12) declares char * where it only reads; this is
 * the one place the const is dropped.
 */
static inline char *
gv(const char *s)
{
	return (char *)(uintptr_t)s;
}

/* The attributes we set per object, declared once on the root graph. */
struct attrs {
	Agsym_t *n_label, *n_tooltip, *n_shape, *n_style, *n_fillcolor,
		*n_color, *n_fontcolor, *n_fontsize, *n_penwidth;
	/* e_label: declared (an edge's label, empty: the counts are in the
	 * boxes) so that the DOT says so; set through the table only. */
	// cppcheck-suppress unusedStructMember
	Agsym_t *e_label, *e_tooltip, *e_color, *e_fontcolor, *e_penwidth,
		*e_weight, *e_style, *e_dir, *e_arrowhead, *e_arrowtail;
};

static inline void
gv_set(void *obj, Agsym_t *sym, const char *value)
{
	agxset(obj, sym, gv(value));
}

static inline const char *
graph_tree_name(const struct flow *f, uint32_t i)
{
	return f->trees[i].name ? f->trees[i].name : "";
}

/* What the graph is built from: the flow, its plan, the options. */
struct build {
	Agraph_t *g;
	const struct flow *f;
	const struct graph_plan *p;
	const struct graph_options *o;
	struct attrs a;
	Agnode_t **nodes;
	uint32_t *port;		/* per edge: its count's cell in its tree's */
	uint32_t *ports;	/* box (from 1; 0: none); per tree: how many */
	struct buf *lines;	/* per tree: add-ons' lines for its box, */
				/* each after a newline, not escaped */
	uint8_t *clustered;	/* per tree: in its repository's cluster */
	/* Per add-on, the legend entries some edge of its draws (bit i:
	 * its legend[i]), so that the legend lists only those. */
	uint32_t *drawn;
};

/* Tree i's node in g (a cluster or the graph), with its tooltip and
 * look; into bd->nodes[i]. */
void graph_add_node(Agraph_t *g, struct build *bd, uint32_t i);

/* Tree i's label: its name, its commits, the add-ons' lines and the
 * counts of the edges that carry part of its commits (after every edge
 * is drawn: the add-ons' lines are in bd->lines). */
void graph_label_node(struct build *bd, uint32_t i);

#endif
