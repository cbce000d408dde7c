/*
 * buf.c - a growable byte buffer.
 */
#include "util/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/util.h"
#include "util/work.h"

void
buf_init(struct buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->alloc = 0;
}

void
buf_release(struct buf *b)
{
	free(b->data);
	buf_init(b);
}

static void
buf_grow(struct buf *b, size_t extra)
{
	if (extra > SIZE_MAX - b->len - 1)
		die_oom();
	if (b->len + extra + 1 > b->alloc)
		work_add(b->len);	/* what growing may move */
	ALLOC_GROW(b->data, b->len + extra + 1, b->alloc);
}

/* Make room for n more bytes, count them and terminate after them: where
 * they go, for the caller to fill. */
static char *
buf_extend(struct buf *b, size_t n)
{
	char *at;

	buf_grow(b, n);
	work_add(n + 1);
	at = b->data + b->len;
	b->len += n;
	b->data[b->len] = '\0';
	return at;
}

void
buf_add(struct buf *b, const void *data, size_t len)
{
	memcpy(buf_extend(b, len), data, len);
}

void
buf_addc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

void
buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_pad(struct buf *b, char c, size_t n)
{
	memset(buf_extend(b, n), c, n);
}

void
buf_add_day(struct buf *b, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm)) {
		buf_puts(b, "?");
		return;
	}
	buf_printf(b, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1,
		   tm.tm_mday);
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	buf_grow(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}
