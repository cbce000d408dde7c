/*
 * render/legend.h - the chart's heading as one HTML-like Graphviz label:
 * the title, a subtitle (range, dates, totals), the source line and a
 * legend listing only what the chart uses.
 *
 * Pure text: render/graph_build.c hands the result to Graphviz.  Everything
 * that came from a repository or the command line is escaped here.
 */
#ifndef TREEPLOT_GRAPH_LEGEND_H
#define TREEPLOT_GRAPH_LEGEND_H

#include <stddef.h>
#include <stdint.h>

#include "flow/aggregate.h"
#include "render/plan.h"
#include "util/buf.h"
#include "util/util.h"

/* How a legend entry's sample line is drawn. */
enum legend_line {
	LINE_NONE,
	LINE_SOLID,
	LINE_DASHED,
	LINE_DOTTED,
	LINE_TAPERED,	/* a wedge, wide at its start */
};

/* A legend entry an add-on contributes: its edges' look, or (LINE_NONE)
 * what it writes in the boxes, listed among the boxes. */
struct legend_entry {
	enum legend_line line;
	const char *colour;	/* the sample's */
	const char *marker;	/* shown after the sample ("~n"), or NULL; */
				/* LINE_NONE: the sample itself ("62%") */
	const char *text;	/* what it means, plain text */
};

struct chart_heading {
	const char *title;	/* replaces the default title; NULL: none */
	const char *version;	/* treeplot's */
	int64_t first, last;	/* the range's first and last mainline */
				/* commit, seconds since the epoch; 0: unknown */
	const char *addons;	/* the add-ons' figures after the totals */
				/* (", 26 of 78 pulls signed"), or NULL */
	int print;		/* --size: the legend in two columns, long */
				/* texts wrapped (PRINT_COMPACT) */
};

/* Append the label (without the outer < >) for f's chart planned as p,
 * with the add-ons' entries extra after the core's. */
void graph_heading_html(struct buf *out, const struct flow *f,
			const struct graph_plan *p,
			const struct chart_heading *h,
			const struct legend_entry *extra, size_t extra_nr);

/* The chart's title as plain text: title, or the default ("REPO: the
 * trees behind MAINLINE"). */
void graph_title(struct buf *out, const struct flow *f, const char *title);

/* A percentage in hundredths as text: 500 "5", 250 "2.5", 5 "0.05". */
void graph_percent(struct buf *out, uint32_t hundredths);

#endif
