/*
 * buf.h - a growable byte buffer, the string every stage writes into.
 *
 * Its own header, below the escaper and the error line: escape.c appends
 * into buffers, error.c formats and escapes a message in them, so the
 * buffer must reach neither.
 */
#ifndef TREEPLOT_BUF_H
#define TREEPLOT_BUF_H

#include <stddef.h>
#include <stdint.h>

/* A growable byte buffer, always NUL-terminated once anything was added. */
struct buf {
	char *data;
	size_t len;
	size_t alloc;
};
#define BUF_INIT { NULL, 0, 0 }

void buf_init(struct buf *b);
void buf_release(struct buf *b);	/* frees the contents, b is reusable */
void buf_add(struct buf *b, const void *data, size_t len);
void buf_addc(struct buf *b, char c);
void buf_puts(struct buf *b, const char *s);
void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Append n copies of c. */
void buf_pad(struct buf *b, char c, size_t n);
/* Append the UTC day of time t as YYYY-MM-DD, or "?" if it has none. */
void buf_add_day(struct buf *b, int64_t t);

#endif
