/*
 * report.c - the report of a range in each output format: the
 * renderers' dispatch, and what the chart and the HTML page read from
 * the repository on their way (the subtitle's dates, the commits'
 * authors and subjects).
 */
#include "modes/report.h"

#include "flow/dates.h"
#include "git/commitread.h"
#include "render/commits.h"
#include "render/html.h"
#include "render/json.h"
#include "render/text.h"
#include "render/timeline_chart.h"

/* The chart's options for format: the settings, the add-ons, and the
 * subtitle's dates from the repository. */
static int
chart_options(const struct report_input *in, const char *format,
	      struct graph_options *go)
{
	*go = *in->chart;
	go->format = format;
	go->xs = in->xs;
	return mainline_dates(in->r, in->h, &go->first, &go->last);
}

/* A chart: the flow's, drawn by Graphviz; with an add-on's chart of
 * its own (--timeline's), the SVG, PNG and PDF are that chart instead
 * (DOT stays the flow's: it is Graphviz's own). */
static int
render_chart(const struct report_input *in, enum format fmt,
	     struct buf *out)
{
	struct extra_chart own;
	struct graph_options go;

	if (chart_options(in, format_graphviz(fmt), &go) < 0)
		return -1;
	extras_chart(in->xs, &own);
	if (own.kind == EXTRA_CHART_TIMELINE && (fmt == FORMAT_SVG ||
		fmt == FORMAT_PNG || fmt == FORMAT_PDF)) {
		struct timeline_print pr = {
			(double)go.width / 100, (double)go.min_font / 100,
			go.notes ? go.size_arg : NULL,
		};

		return render_timeline_chart(&in->c->f, own.data, fmt,
					     go.last, &pr, out);
	}
	return render_graph_with(&in->c->f, &go, out);
}

/* -T html: the authors and subjects of the range's commits (the walk
 * keeps only merges'), then the page with its chart. */
static int
render_page(const struct report_input *in, struct buf *out)
{
	const struct chart *c = in->c;
	struct commit_batch texts;
	struct graph_options go;
	int ret;

	if (chart_options(in, "svg", &go) < 0)
		return -1;
	go.tree_attrs = 1;
	go.width = 0;		/* a screen's page: --size is for paper */
	if (commit_batch_read(&texts, in->r, in->h, c->a.order, c->a.order_nr,
			      CF_AUTHOR | CF_SUBJECT | CF_TIME) < 0)
		return -1;
	ret = render_html(&(struct html_input){
		in->h, c, &texts, in->xs, in->commit_url, &go,
	}, out);
	commit_batch_release(&texts);
	return ret;
}

int
report(const struct report_input *in, enum format fmt, struct buf *out)
{
	const struct chart *c = in->c;

	switch (fmt) {
	case FORMAT_HTML:
		return render_page(in, out);
	case FORMAT_TEXT:
		render_text(&c->f, in->xs, out);
		return 0;
	case FORMAT_JSON:
		render_json(&c->f, in->xs, out);
		return 0;
	case FORMAT_COMMITS:
		render_commits(in->h, &c->a, &c->tt, in->xs, out);
		return 0;
	case FORMAT_CSV:
		render_csv(&c->f, in->xs, in->table, out);
		return 0;
	case FORMAT_FIXES:
	case FORMAT_FINDINGS:
	case FORMAT_GITHUB:
	case FORMAT_ROUTING:
		extras_format(in->xs, fmt, &c->f, out);
		return 0;
	default:
		return render_chart(in, fmt, out);
	}
}
