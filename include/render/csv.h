/*
 * render/csv.h - the flow as CSV for spreadsheets (RFC 4180): a header
 * row, then one record per tree or edge, written with util's cells
 * (util/csv.h, which says how a field is quoted and a record ends).
 */
#ifndef TREEPLOT_RENDER_CSV_H
#define TREEPLOT_RENDER_CSV_H

#include "addons/extra.h"
#include "flow/aggregate.h"
#include "util/buf.h"
#include "util/csv.h"
#include "util/util.h"

enum csv_table {
	CSV_ALL = 0,		/* every table, a blank line between two */
	CSV_TREES,
	CSV_EDGES,
	CSV_SUMMARY,		/* --compare's summary figures */
};

/* The table --csv-table names (trees, edges, summary), or -1. */
int csv_table_from_name(const char *name);

/* The add-ons' columns (xs may be NULL) follow the core's. */
void render_csv(const struct flow *f, const struct extras *xs,
		enum csv_table which, struct buf *out);

#endif
