/*
 * util.h - allocation that cannot fail, error reporting, a growable buffer.
 *
 * Allocation failures end the program ("treeplot: out of memory", exit 1):
 * like git's xmalloc, there is nothing sensible a batch tool can do instead,
 * and it keeps every caller free of NULL checks.  Every other error is
 * returned as a negative int and reported once, at the top.
 */
#ifndef TREEPLOT_UTIL_H
#define TREEPLOT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Grow (ptr, alloc) so that it holds at least nr elements. */
#define ALLOC_GROW(ptr, nr, alloc) do { \
	if ((size_t)(nr) > (size_t)(alloc)) { \
		size_t alloc_ = (alloc) < 16 ? 16 : (size_t)(alloc); \
		while (alloc_ < (size_t)(nr)) \
			alloc_ += alloc_ / 2; \
		(ptr) = xreallocarray((ptr), alloc_, sizeof(*(ptr))); \
		(alloc) = alloc_; \
	} \
} while (0)

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xreallocarray(void *ptr, size_t nmemb, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Print "treeplot: <message>" on stderr; return -1 so callers can write
 * "return error(...)". */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int verror(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* FNV-1a of a string: short keys, good spread, no setup. */
uint32_t str_hash(const char *s);

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

#endif
