/*
 * render/html.h - the report as one self-contained, interactive HTML page.
 *
 * The page holds the chart as the SVG renderer draws it (every tree node
 * tagged data-tree), the flow as the JSON renderer writes it, and a
 * compact table of the range's commits (ids, authors, subjects, paths and
 * each hop's merge), with a hand-written script and style embedded at
 * build time (src/html/).  A Content-Security-Policy admits that script
 * and style by hash and nothing else; every text from the repository is
 * data in a JSON block, which the script puts on the page as text only.
 * The same inputs give the same bytes.
 */
#ifndef TREEPLOT_RENDER_HTML_H
#define TREEPLOT_RENDER_HTML_H

#include "addons/extra.h"
#include "flow/chart.h"
#include "git/commitread.h"
#include "git/history.h"
#include "render/graph.h"
#include "util/buf.h"
#include "util/util.h"

struct html_input {
	const struct history *h;
	const struct chart *c;		/* the flow, attribution, tree table */
	/* The commits of c->a.order, read with CF_AUTHOR, CF_SUBJECT and
	 * CF_TIME. */
	const struct commit_batch *texts;
	const struct extras *xs;	/* the add-ons: their JSON members
					 * and chart lines reach the page */
	const char *commit_url;		/* treeplot.commitUrl, or NULL */
	const struct graph_options *graph;	/* the chart's, as -T svg's */
};

/* Returns 0, or -1 after reporting the error (the chart's rendering);
 * out is then as it was. */
int render_html(const struct html_input *in, struct buf *out);

#endif
