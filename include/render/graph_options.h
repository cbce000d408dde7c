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

/* --min-font's default, in hundredths of a point. */
#define GRAPH_MIN_FONT_DEFAULT 700
/* The smallest text the chart writes (a box's), in points: what
 * --size's scale is measured by. */
#define GRAPH_BOX_FONT 10

/*
 * How far a chart laid out for a width (--size) is folded to keep its
 * text at --min-font, each step with the ones before it (graph.c picks
 * the first that fits).
 */
enum graph_print {
	PRINT_NONE,	/* no --size: the chart as it lays out */
	PRINT_COMPACT,	/* the legend in two columns, its long texts, the */
			/* title and the subtitle wrapped */
	PRINT_TIGHT,	/* the ranks closer, the boxes' margins less */
	PRINT_FOLDED,	/* the boxes' long lines folded (at most */
			/* GRAPH_FOLD_CHARS characters a line) */
};
#define GRAPH_FOLD_CHARS 14

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
	/* --size: the width the chart is drawn at, in hundredths of a
	 * point (0: its own), and the smallest text it may come to there
	 * (--min-font, hundredths of a point); print: the folding chosen
	 * (graph.c's; the builder draws by it). */
	uint32_t width, min_font;
	enum graph_print print;
	const char *size_arg;	/* --size as given, for what stderr says */
	int notes;		/* say on stderr what --size folded */
	int measuring;		/* a build only measured: nothing said */
};

#endif
