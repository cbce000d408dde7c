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

/* One table an output: a spreadsheet or pandas.read_csv reads one. */
enum csv_table {
	CSV_TREES = 1,		/* the default */
	CSV_EDGES,
	CSV_SUMMARY,		/* --compare's summary figures */
	CSV_EXTRA = 16,		/* + k: the table of the registry's k-th
				 * add-on (extra.h: csv_table) */
};

/* The table --csv-table names (trees, edges, summary, or an add-on's:
 * pulls), or -1. */
int csv_table_from_name(const char *name);

/* The add-on whose table is which, or NULL (a table of the core's). */
const struct extra *csv_table_extra(int which);

/* Every table's name, ", " between them, for a message. */
void csv_table_names(struct buf *out);

/*
 * The table a file path names, or 0: a file called TABLE.csv or ending
 * in -TABLE.csv, .TABLE.csv or _TABLE.csv ("flow-edges.csv") holds that
 * table, so that several -o get several tables from one walk.
 */
int csv_table_from_path(const char *path);

/* The add-ons' columns (xs may be NULL) follow the core's. */
void render_csv(const struct flow *f, const struct extras *xs,
		enum csv_table which, struct buf *out);

#endif
