/*
 * csv.c - CSV cells and records: a field escaped and quoted as it must
 * be, a record's end.
 *
 * Below the renderers, so that an add-on writes its columns with the
 * same cells as the flow's tables without including a renderer.
 */
#include "util/csv.h"

#include <inttypes.h>
#include <string.h>

#include "util/escape.h"

void
csv_text(struct buf *out, const char *s, int first)
{
	struct buf esc = BUF_INIT;
	int quote;

	if (!first)
		buf_addc(out, ',');
	if (*s == '=' || *s == '+' || *s == '-' || *s == '@')
		buf_addc(&esc, '\'');
	escape_text(&esc, s, strlen(s));
	/* Quoted when it must be (escape_text leaves no CR or LF). */
	quote = esc.len && strpbrk(esc.data, ",\"") != NULL;
	if (quote)
		buf_addc(out, '"');
	for (size_t i = 0; i < esc.len; i++) {
		if (esc.data[i] == '"')
			buf_addc(out, '"');
		buf_addc(out, esc.data[i]);
	}
	if (quote)
		buf_addc(out, '"');
	buf_release(&esc);
}

void
csv_uint(struct buf *out, uint64_t n, int first)
{
	buf_printf(out, "%s%" PRIu64, first ? "" : ",", n);
}

void
csv_int(struct buf *out, int64_t n, int first)
{
	buf_printf(out, "%s%" PRId64, first ? "" : ",", n);
}

void
csv_end(struct buf *out)
{
	buf_addc(out, '\n');
}

void
csv_crlf(struct buf *b)
{
	struct buf crlf = BUF_INIT;

	for (size_t i = 0; i < b->len; i++) {
		if (b->data[i] == '\n')
			buf_addc(&crlf, '\r');
		buf_addc(&crlf, b->data[i]);
	}
	buf_release(b);
	*b = crlf;
}
