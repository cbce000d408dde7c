/*
 * render/trend.h - the trend chart of --compare: figures across ranges.
 *
 * Small multiples, one panel a figure, sharing the x axis (the ranges,
 * named by their ends: the releases of --cycles), drawn with cairo into
 * SVG, PNG or PDF (render/cairo_chart.h: the SVG's text is <text>).  It
 * takes plain numbers: what they mean is the caller's (compare.c).
 */
#ifndef TREEPLOT_RENDER_TREND_H
#define TREEPLOT_RENDER_TREND_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "util/output.h"
#include "util/util.h"

/* A name in a legend or under the axis is cut to this many characters
 * (an ellipsis for the rest): names that must stay apart are cut by the
 * caller (names.h), to fit. */
#define TREND_NAME_CHARS 28

/* The legend's names on a page width points wide (0: the chart's own):
 * TREND_NAME_CHARS, fewer on a narrow page (12 at the least), so that
 * the plot keeps its room. */
size_t trend_name_chars(double width);

/* At most this many lines in a panel: the Okabe-Ito colours. */
#define TREND_SERIES_MAX 8

/* One panel: series_nr lines over the ranges. */
struct trend_panel {
	const char *title;		/* above the panel */
	const char *y_title;		/* the y axis, with its unit */
	size_t series_nr;		/* 1 to TREND_SERIES_MAX */
	const char *names[TREND_SERIES_MAX];	/* legend; NULL: none */
	const double *values;		/* series_nr rows of ranges; NAN: none */
	int integer;			/* counts: whole ticks only */
	const char *note;		/* a line under the title, or NULL */
};

struct trend {
	const char *title;		/* untrusted text is fine */
	/* --size: the page's width in points (0: the chart's own, 1000),
	 * --min-font's, and --size as given for the line on stderr saying
	 * what was folded (NULL: nothing said) */
	double width, min_font;
	const char *size_arg;
	const char *const *labels;	/* x axis, one per range */
	size_t nr;			/* ranges, 2 or more */
	const char *x_title;
	const struct trend_panel *panels;
	size_t panels_nr;
	int64_t when;			/* a PDF's date: the last range's
					 * end's commit (0: none) */
};

/*
 * Draw t as fmt (FORMAT_SVG, FORMAT_PNG or FORMAT_PDF) into out.  Every
 * text is drawn in DejaVu Sans; invalid UTF-8 and control characters in
 * it are drawn as U+FFFD.  A PDF's creation date is SOURCE_DATE_EPOCH's,
 * else t->when's, so that the same chart gives the same bytes.
 * Returns 0, or -1 after reporting an error.
 */
int render_trend(const struct trend *t, enum format fmt, struct buf *out);

#endif
