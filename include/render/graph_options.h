/*
 * render/graph_options.h - everything a chart is drawn with.
 *
 * Shared by the graph's building (render/graph_build.c) and its layout
 * and rendering (render/graph.c, whose render/graph.h is the renderer's
 * face): a header of its own, so that the builder needs nothing of the
 * file that calls it.
 */
#ifndef TREEPLOT_RENDER_GRAPH_OPTIONS_H
#define TREEPLOT_RENDER_GRAPH_OPTIONS_H

#include <stdint.h>

struct extras;		/* the add-ons gathered (addons/extra.h) */

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

#endif
