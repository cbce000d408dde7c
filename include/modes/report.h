/*
 * report.h - the report of a range, the default mode: its chart in any
 * output format (text, JSON, commits, CSV, HTML, or drawn by Graphviz),
 * with the add-ons the command line asked for.
 *
 * Beside --trace, --compare and --explain: the range is walked and
 * charted once (chart.h), the add-ons gathered (extra.h), then each
 * format asked for is rendered from them by its renderer.
 */
#ifndef TREEPLOT_REPORT_H
#define TREEPLOT_REPORT_H

#include "addons/extra.h"
#include "flow/chart.h"
#include "git/history.h"
#include "render/csv.h"
#include "render/graph.h"
#include "util/buf.h"
#include "util/output.h"
#include "util/util.h"

struct report_input {
	struct repo *r;
	const struct history *h;
	const struct chart *c;
	const struct extras *xs;	/* the add-ons gathered; may be NULL */
	/* The chart's settings (layout, title, shares, dpi, depth,
	 * progress); its format, dates and add-ons are set here. */
	const struct graph_options *chart;
	const char *commit_url;		/* treeplot.commitUrl, or NULL */
	enum csv_table table;		/* --csv-table */
	const char *chart_name;		/* --chart; NULL: the default */
};

/* Render the report as fmt into out.  Returns 0, or -1 after reporting
 * the error (the chart's, or reading the commits of the HTML page). */
int report(const struct report_input *in, enum format fmt, struct buf *out);

#endif
