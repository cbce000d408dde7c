/*
 * render/graph.h - the tree of trees through Graphviz (cgraph + gvc), in
 * process: DOT (the graph before layout, so it is the same on every
 * machine), SVG, PNG, PDF.
 *
 * Only its files include the Graphviz headers: render/graph.c (gvc:
 * layout, rendering) and render/graph_build.c (the cgraph graph).
 */
#ifndef TREEPLOT_RENDER_GRAPH_H
#define TREEPLOT_RENDER_GRAPH_H

#include "flow/aggregate.h"
#include "render/graph_options.h"
#include "util/buf.h"
#include "util/util.h"

/* Is engine one of the layouts we offer (dot, twopi, circo, neato, fdp,
 * sfdp)? */
int graph_layout_known(const char *engine);

/*
 * Render f as format ("dot", "svg", "png" or "pdf") with the given layout
 * engine into out.  title, when not NULL, replaces the chart's title.
 * Returns 0, or -1 after reporting the error (for instance a Graphviz
 * installation without its plugin configuration).
 */
int render_graph(const struct flow *f, const char *format, const char *layout,
		 const char *title, struct buf *out);

/* The options of a plain chart of format with layout: the defaults. */
void graph_options_init(struct graph_options *o, const char *format,
			const char *layout);

/* Render f as the options say into out.  Returns 0, or -1 after
 * reporting the error. */
int render_graph_with(const struct flow *f, const struct graph_options *o,
		      struct buf *out);

#endif
