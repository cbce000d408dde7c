/*
 * render/csv.h - the flow as CSV for spreadsheets (RFC 4180): a header
 * row, then one record per tree or edge; records end in LF (which RFC
 * 4180 parsers accept, and which shell pipelines need: CR would stay on
 * the last field), or CRLF with --crlf through csv_crlf; fields holding
 * a comma or a quote are quoted, quotes doubled.
 */
#ifndef TREEPLOT_RENDER_CSV_H
#define TREEPLOT_RENDER_CSV_H

#include "addons/extra.h"
#include "flow/aggregate.h"
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

/*
 * Fields, for the other CSV writers (--compare): each adds the comma
 * before it unless first.  A text field comes from commit messages or
 * configuration: it is escaped as in the text report (no control
 * character, no line break), quoted when it must be, and one that a
 * spreadsheet would take for a formula (starting with = + - or @) gets a
 * leading apostrophe, as spreadsheets themselves write it.
 */
void csv_text(struct buf *out, const char *s, int first);
void csv_uint(struct buf *out, uint64_t n, int first);
void csv_int(struct buf *out, int64_t n, int first);
void csv_end(struct buf *out);

/* Every line end of a rendered CSV made CR LF (--crlf): a field holds
 * no line break (csv_text escapes them), so every LF ends a record. */
void csv_crlf(struct buf *b);

#endif
