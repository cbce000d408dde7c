/*
 * flow/fixes_chart.h - where the bugs came from, as data for a chart
 * (--fixes --chart fixes): the pairs whose target was placed, counted
 * by the tree that brought the target and the release that first held
 * it, and their lifetimes in bins of days.  The add-on (addons/fixes.h)
 * fills it; the renderer (render/fixes_chart.h) draws it, folding what
 * the page has no room for.
 */
#ifndef TREEPLOT_FLOW_FIXES_CHART_H
#define TREEPLOT_FLOW_FIXES_CHART_H

#include <stdint.h>

/* The lifetime's bins: below zero (the fix arrived before the commit it
 * names: a target not yet merged, a clock set wrong), under a day, a
 * week, a month (30 days), three months, six, a year, two, and more. */
#define FIXES_BINS 9

struct fixes_chart {
	/* The rows: the trees of origin (names borrowed), most pairs
	 * first, ties by name; the columns: the releases of origin,
	 * earliest first, then the targets in no release yet. */
	const char **origins;
	uint32_t origins_nr;
	const char **releases;		/* releases_nr of them, borrowed */
	uint32_t releases_nr;
	uint32_t *cells;	/* origins_nr rows of releases_nr + 1 */
	uint32_t *row_pairs;	/* per origin */
	/* The figures of the subtitle (fixes.h's). */
	uint32_t commits, pairs, unresolved, unplaced, same_range;
	/* The lifetimes: pairs per bin, their number, median and 90th
	 * percentile (seconds). */
	uint32_t bins[FIXES_BINS];
	uint32_t life_n;
	int64_t median, p90;
};

/* The bin of a lifetime of s seconds. */
unsigned fixes_bin_of(int64_t s);
/* Bin k's label ("1-7 days"). */
const char *fixes_bin_label(unsigned k);

#endif
