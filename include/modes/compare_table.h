/*
 * modes/compare_table.h - --compare's table, shared by compare.c (the
 * ranges settled and charted), compare_out.c (the text, JSON and CSV)
 * and compare_trend.c (the trend chart): not an API, as load.h is the
 * history family's.
 */
#ifndef TREEPLOT_MODES_COMPARE_TABLE_H
#define TREEPLOT_MODES_COMPARE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "addons/latency.h"
#include "flow/chart.h"
#include "modes/compare.h"
#include "util/buf.h"

/* One tree across the ranges. */
struct row {
	const char *name;	/* borrowed from a chart */
	uint32_t *commits;	/* per range */
};

struct table {
	size_t nr;		/* ranges */
	struct chart *charts;
	struct row *rows;
	size_t rows_nr;
	uint32_t max_depth;	/* over every range */
	struct latency_stats *latency;	/* --latency: per range; else NULL */
	struct latency_stats *soak;	/* with it: the soaks' figures */
	uint32_t *late_pulled;		/* --timeline: per range, the commits
					 * pulled after -rc1; else NULL */
};

/* The writers (compare_out.c), each of the whole table into out. */
void compare_text(const struct compare_input *in, const struct table *t,
		  struct buf *out);
void compare_json(const struct compare_input *in, const struct table *t,
		  struct buf *out);
void compare_csv_trees(const struct compare_input *in, const struct table *t,
		       struct buf *out);
void compare_csv_summary(const struct compare_input *in,
			 const struct table *t, struct buf *out);

/* The trend chart of the table t (in->fmt: svg, png or pdf) into out.
 * Returns 0, or -1 after reporting. */
int compare_trend(const struct compare_input *in, const struct table *t,
		  struct buf *out);

#endif
