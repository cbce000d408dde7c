/*
 * render/timeline_chart.h - the timeline chart of --timeline: when the
 * mainline pulled each tree, drawn with cairo (cairo_chart.h) into SVG,
 * PNG or PDF.
 *
 * Time runs across, in UTC days, the dates on the axis; the phases of
 * the cycle (timeline.h, phases.h) are bands, each named, the tags that
 * cut them named at their edges.  One row a tree of the flow that the
 * mainline pulled, in the flow's order (the largest first, --top's fold
 * last), each pull a disc at its merge's date whose area is the commits
 * it brought; a row of its own above them, the direct commits, a disc a
 * day.  A pull stays in its phase's band even where its date says
 * otherwise (a clock set wrong): its phase is its place on the
 * first-parent line.  Beside each row, its commits and pulls.  Labels
 * never overlap: a tier more, or a label left out, where they would.
 */
#ifndef TREEPLOT_RENDER_TIMELINE_CHART_H
#define TREEPLOT_RENDER_TIMELINE_CHART_H

#include "flow/aggregate.h"
#include "flow/timeline.h"
#include "util/buf.h"
#include "util/output.h"

/* How the page is laid out: --size's width (0: the chart's own, 1000
 * points), --min-font, and --size as given for the line on stderr that
 * says what was folded (NULL: nothing said). */
struct timeline_print {
	double width, min_font;		/* points */
	const char *size_arg;
};

/*
 * Draw the timeline tl of flow f as fmt (FORMAT_SVG, FORMAT_PNG or
 * FORMAT_PDF) into out, laid out as pr says; a PDF is dated when (the
 * range's last mainline commit, as the flow chart's).  Returns 0, or -1
 * after reporting an error.
 */
int render_timeline_chart(const struct flow *f, const struct timeline *tl,
			  enum format fmt, int64_t when,
			  const struct timeline_print *pr, struct buf *out);

#endif
