/*
 * render/pdf.h - PDF stamping: PDFs the same on every run.
 *
 * Cairo stamps a PDF with the time it was made; a chart rendered twice
 * must not differ.  The stamp is SOURCE_DATE_EPOCH's time (else the
 * epoch's), the reproducible-builds convention.
 */
#ifndef TREEPLOT_RENDER_PDF_H
#define TREEPLOT_RENDER_PDF_H

#include <stddef.h>

#include "util/buf.h"

/* The stamp: SOURCE_DATE_EPOCH's time (else the epoch's) as
 * YYYYMMDDHHmmSS, in UTC. */
void pdf_stamp(char stamp[32]);

/* Overwrite the first "/CreationDate (D:...)" in out from start with the
 * stamp, in place, so that no offset of the file moves. */
void pdf_fix_date(struct buf *out, size_t start);

#endif
