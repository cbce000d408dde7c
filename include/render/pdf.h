/*
 * render/pdf.h - PDF stamping: PDFs the same on every run.
 *
 * Cairo stamps a PDF with the time it was made; a chart rendered twice
 * must not differ.  The stamp is SOURCE_DATE_EPOCH's time (the
 * reproducible-builds convention), else the chart's own date (its
 * range's last commit), else the epoch's.
 */
#ifndef TREEPLOT_RENDER_PDF_H
#define TREEPLOT_RENDER_PDF_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

/* The stamp, YYYYMMDDHHmmSS in UTC: SOURCE_DATE_EPOCH's time when set,
 * else when's (seconds since the epoch: a chart's last commit; 0: the
 * epoch). */
void pdf_stamp_at(char stamp[32], int64_t when);

/* Overwrite the first "/CreationDate (D:...)" in out from start with the
 * stamp of when, in place, so that no offset of the file moves. */
void pdf_fix_date_at(struct buf *out, size_t start, int64_t when);

#endif
