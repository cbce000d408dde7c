/*
 * compare.h - --compare: several ranges side by side, from one walk.
 *
 * The history of the union of the ranges is read once
 * (walk_ranges); each range is then settled exactly inside it and
 * charted on its own (chart.h), as a single run would chart it.  Trees
 * are matched across ranges by name.
 */
#ifndef TREEPLOT_COMPARE_H
#define TREEPLOT_COMPARE_H

#include <stddef.h>

#include "util/pattern.h"
#include "addons/registry.h"
#include "flow/chart.h"
#include "git/history.h"
#include "render/csv.h"
#include "util/buf.h"
#include "util/output.h"
#include "util/util.h"

struct compare_input {
	struct repo *r;
	const struct history *h;	/* walk_ranges of the ranges */
	const struct range *ranges;
	const char *const *labels;	/* each range as stated */
	size_t nr;
	const char *repo;		/* the repository's short name */
	const struct chart_options *opts;
	enum format fmt;		/* FORMAT_TEXT, _JSON, _CSV, or a
					 * trend chart: _SVG, _PNG, _PDF */
	enum csv_table table;
	/* The add-ons asked for that measure each range (--latency,
	 * --timeline, --review), with what they read once for every
	 * output (extras_compare_begin) */
	const struct extras_compare *xc;
	/* --size: the trend chart's page width in hundredths of a point (0:
	 * its own), --min-font's, and --size as given for the line on
	 * stderr (NULL: nothing said) */
	uint32_t width, min_font;
	const char *size_arg;
};

/* Returns 0, or -1 after reporting an error (the trend chart's). */
int compare(const struct compare_input *in, struct buf *out);

#endif
