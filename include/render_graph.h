/*
 * render_graph.h - the tree of trees through Graphviz (cgraph + gvc), in
 * process: DOT (the graph before layout, so it is the same on every
 * machine), SVG, PNG, PDF.
 *
 * This is the only module that includes the Graphviz headers.
 */
#ifndef TREEPLOT_RENDER_GRAPH_H
#define TREEPLOT_RENDER_GRAPH_H

#include "aggregate.h"
#include "extra.h"
#include "util.h"

/* Is engine one of the layouts we offer (dot, twopi, circo, neato, fdp,
 * sfdp)? */
int graph_layout_known(const char *engine);

/*
 * Render f as format ("dot", "svg", "png" or "pdf") with the given layout
 * engine into out.  title, when not NULL, replaces the graph's label.
 * Returns 0, or -1 after reporting the error (for instance a Graphviz
 * installation without its plugin configuration).
 */
int render_graph(const struct flow *f, const char *format, const char *layout,
		 const char *title, struct buf *out);

/* The edges drawn in colour: vermillion from major, blue from minor, in
 * hundredths of a percent of the range's commits (--major, --minor). */
struct graph_style {
	uint32_t major, minor;
};
#define GRAPH_MAJOR_DEFAULT 500
#define GRAPH_MINOR_DEFAULT 100

/* render_graph with style (NULL: the defaults) and the add-ons' tooltip
 * lines, edge looks and edges (xs may be NULL). */
int render_graph_styled(const struct flow *f, const char *format,
			const char *layout, const char *title,
			const struct graph_style *style,
			const struct extras *xs, struct buf *out);

#endif
