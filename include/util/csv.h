/*
 * csv.h - CSV cells and records (RFC 4180), for every CSV writer: the
 * flow's tables (render/csv.c), --compare's, the add-ons' columns.
 *
 * Records end in LF (which RFC 4180 parsers accept, and which shell
 * pipelines need: CR would stay on the last field), or CRLF through
 * csv_crlf (--crlf); fields holding a comma or a quote are quoted,
 * quotes doubled.
 */
#ifndef TREEPLOT_UTIL_CSV_H
#define TREEPLOT_UTIL_CSV_H

#include <stdint.h>

#include "util/buf.h"

/*
 * Fields: each adds the comma before it unless first.  A text field
 * comes from commit messages or configuration: it is escaped as in the
 * text report (no control character, no line break), quoted when it
 * must be, and one that a spreadsheet would take for a formula
 * (starting with = + - or @) gets a leading apostrophe, as spreadsheets
 * themselves write it.  csv_end ends the record.
 */
void csv_text(struct buf *out, const char *s, int first);
void csv_uint(struct buf *out, uint64_t n, int first);
void csv_int(struct buf *out, int64_t n, int first);
void csv_end(struct buf *out);

/* Every line end of a rendered CSV made CR LF (--crlf): a field holds
 * no line break (csv_text escapes them), so every LF ends a record. */
void csv_crlf(struct buf *b);

#endif
