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

#include "addons/extra.h"
#include "flow/aggregate.h"
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

#define GRAPH_MAJOR_DEFAULT 500
#define GRAPH_MINOR_DEFAULT 100
/* Deeper than any real history's pulls (Linux: under 10 levels), and
 * shallow enough for Graphviz to lay out (a chain of thousands of
 * levels crashed it). */
#define GRAPH_CHART_DEPTH_DEFAULT 64

/* Everything a chart is drawn with. */
struct graph_options {
	const char *format;	/* "dot", "svg", "png" or "pdf" */
	const char *layout;	/* a known engine */
	const char *title;	/* replaces the title (not the subtitle); */
				/* a newline is a line break; NULL: default */
	/* The edges drawn in colour: vermillion from major, blue from
	 * minor, in hundredths of a percent of the range's commits
	 * (--major, --minor). */
	uint32_t major, minor;
	unsigned dpi;		/* PNG's resolution; 0: Graphviz's 96 */
	int64_t first, last;	/* the subtitle's dates (the range's first */
				/* and last mainline commit); 0: unknown */
	int progress;		/* a layout over a second says so on stderr */
	/* SVG: every tree node's <g class="node"> carries data-tree="NAME"
	 * (the name as the text report writes it), for the HTML report. */
	int tree_attrs;
	/* Trees deeper than this level are folded into one box
	 * (--chart-depth); 0: none. */
	uint32_t chart_depth;
	const struct extras *xs;	/* the add-ons' tooltip lines, edge */
					/* looks, edges, legend; may be NULL */
};

/* The options of a plain chart of format with layout: the defaults. */
void graph_options_init(struct graph_options *o, const char *format,
			const char *layout);

/* Render f as the options say into out.  Returns 0, or -1 after
 * reporting the error. */
int render_graph_with(const struct flow *f, const struct graph_options *o,
		      struct buf *out);

#endif
