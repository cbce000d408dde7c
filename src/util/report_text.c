/*
 * report_text.c - the text sections' helpers (report_text.h).
 */
#include "util/report_text.h"

#include <string.h>

#include "util/escape.h"

double
report_percent(uint32_t part, uint32_t whole)
{
	return whole ? 100.0 * part / whole : 0.0;
}

const char *
report_plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

void
report_name(struct buf *out, const char *name)
{
	escape_text(out, name, strlen(name));
}

void
report_row(struct buf *out, const char *label, int width, uint32_t value)
{
	buf_printf(out, "  %-30s %*u", label, width, value);
}
