/*
 * compare_table.h - --compare's table, as its modules share it:
 * compare.c settles each range in the union's walk, charts it and fills
 * the table; compare_table.c gives its figures; compare_write.c writes
 * it as text, JSON and CSV (compare_write.h); compare_trend.c draws the
 * trend chart (compare_trend.h).
 */
#ifndef TREEPLOT_COMPARE_TABLE_H
#define TREEPLOT_COMPARE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "addons/registry.h"
#include "flow/chart.h"
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
	const struct extras_compare *xc;	/* the add-ons measuring */
	void **xstate;		/* add-on run r's state of range k: */
				/* [r * nr + k] */
	const struct tree_table *identity;	/* learned over every range: */
					/* its likely aliases */
};

/* SECONDS: text in days */
enum figure_kind {
	COUNT = EXTRA_COUNT, TENTHS = EXTRA_TENTHS, SECONDS = EXTRA_SECONDS,
};

#define FIGURE_CORE ((size_t)-1)

/* The summary's rows: a label for text, a name for CSV, a value. */
struct figure {
	const char *label, *name;
	enum figure_kind kind;
	uint32_t depth;		/* for "trees at depth d" */
	size_t run, i;		/* an add-on's: its run in xc, its figure */
				/* (run FIGURE_CORE: the flow's) */
};

/* A figure of a range's flow. */
int64_t compare_figure_value(const struct figure *fg, const struct flow *f);
/* A figure of range k: the add-ons' from their states, the others from
 * the range's flow; compare_figure_has sets *has to 0 where the range
 * has none (an add-on's figure over no commit), else 1. */
int64_t compare_figure_of(const struct figure *fg, const struct table *t,
			  size_t k);
int64_t compare_figure_has(const struct figure *fg, const struct table *t,
			   size_t k, int *has);
/* The summary's figures, in order (*nr of them); free them with
 * compare_figures_free. */
struct figure *compare_figures(const struct table *t, size_t *nr);
void compare_figures_free(struct figure *fg, size_t nr);

/* A tree that carried nothing in the first range and something in the
 * last (appeared), or the other way round (disappeared). */
int compare_appeared(const struct table *t, const struct row *r);
int compare_disappeared(const struct table *t, const struct row *r);

#endif
