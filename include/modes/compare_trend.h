/*
 * compare_trend.h - --compare's trend chart: the table's figures as
 * panels of lines across the ranges, drawn by render/trend.h.
 */
#ifndef TREEPLOT_COMPARE_TREND_H
#define TREEPLOT_COMPARE_TREND_H

#include "modes/compare.h"
#include "modes/compare_table.h"
#include "util/buf.h"

/* The trend chart of t (in->fmt: svg, png or pdf) into out.  Returns 0,
 * or -1 after reporting. */
int compare_write_trend(const struct compare_input *in, const struct table *t,
			struct buf *out);

#endif
