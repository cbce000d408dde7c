/*
 * report_text.h - what the text report's sections share, the core's
 * (render/text.c) and the add-ons' alike: shares, plurals, untrusted
 * names escaped, and the summary's rows.
 */
#ifndef TREEPLOT_REPORT_TEXT_H
#define TREEPLOT_REPORT_TEXT_H

#include <stdint.h>

#include "util/buf.h"

double report_percent(uint32_t part, uint32_t whole);
const char *report_plural(uint32_t n);
/* Untrusted text, escaped. */
void report_name(struct buf *out, const char *name);
/* A summary row: the label in a fixed column, the figure aligned (no
 * line end: a remark may follow). */
void report_row(struct buf *out, const char *label, int width,
		uint32_t value);

#endif
