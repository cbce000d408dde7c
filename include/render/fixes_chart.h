/*
 * render/fixes_chart.h - the chart of where the bugs came from
 * (--fixes --chart fixes), drawn with cairo (cairo_chart.h) into SVG,
 * PNG or PDF.
 *
 * Above, a table: one row a tree that brought commits the range fixes
 * (the most pairs first, the rest folded into one row past
 * FIXES_CHART_ROWS), one column a release that first held them
 * (earliest first, then those in no release yet, then all), each cell
 * the pairs (fixing commit, target) it counts, shaded by their number.
 * Releases the page has no room for are folded into one column, the
 * earliest first.  Below, the lifetimes: a bar per bin of days from the
 * target's arrival to its fix's, its pairs above it.  Names come from
 * the repository: drawn as text only (cchart_text).
 */
#ifndef TREEPLOT_RENDER_FIXES_CHART_H
#define TREEPLOT_RENDER_FIXES_CHART_H

#include "flow/aggregate.h"
#include "flow/fixes_chart.h"
#include "render/timeline_chart.h"
#include "util/buf.h"
#include "util/output.h"

/* The rows of trees the table shows before folding the rest. */
#define FIXES_CHART_ROWS 20

/*
 * Draw ch, the bugs that flow f's range fixed, as fmt (FORMAT_SVG,
 * FORMAT_PNG or FORMAT_PDF) into out, laid out as pr says (the timeline
 * chart's page: --size, --min-font, what stderr is told); a PDF is
 * dated when.  Returns 0, or -1 after reporting an error.
 */
int render_fixes_chart(const struct flow *f, const struct fixes_chart *ch,
		       enum format fmt, int64_t when,
		       const struct timeline_print *pr, struct buf *out);

#endif
