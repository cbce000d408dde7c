/*
 * util.h - allocation that cannot fail, error reporting, the status type,
 * a growable buffer and an open-addressing hash index.
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

/*
 * What a stage returns: 0 (ST_OK) or a negative status, already reported.
 * Functions returning int use these values; error() returns ST_FAILURE.
 * main.c alone maps them to exit statuses (exit_status: ST_USAGE 2,
 * ST_UNSIGNED 3, ST_INCOMPLETE 4, ST_FAILURE and anything else negative 1).
 */
enum status {
	ST_OK = 0,
	ST_FAILURE = -1,	/* the run failed: exit 1 */
	ST_USAGE = -2,		/* the user's mistake (bad range, option,
				 * configuration): exit 2 */
	ST_UNSIGNED = -3,	/* --require-signed met unsigned pulls, the
				 * output written: exit 3 */
	ST_INCOMPLETE = -4,	/* --require-complete: the range reaches a
				 * shallow clone's boundary, nothing written:
				 * exit 4 */
};

/* Print "treeplot: <message>" on stderr; return -1 so callers can write
 * "return error(...)". */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int verror(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* FNV-1a of a string: short keys, good spread, no setup. */
uint32_t str_hash(const char *s);
/* FNV-1a of n bytes. */
uint32_t mem_hash(const void *p, size_t n);
/* A hash of a pair of 32-bit numbers (Fibonacci hashing). */
uint32_t hash_u32_pair(uint32_t a, uint32_t b);

/*
 * An open-addressing hash index over elements the caller keeps in arrays
 * of its own, numbered from 0: the index maps a hash to candidate
 * numbers, the caller compares keys.  Each slot keeps the element's hash,
 * so growing needs no callback and candidates whose hash differs are
 * skipped.  Linear probing, at most half full.
 *
 *	struct hindex ix = HINDEX_INIT;
 *	struct hprobe pr;
 *
 *	for (i = hindex_first(&ix, hash, &pr); i != HINDEX_NONE;
 *	     i = hindex_next(&ix, &pr))
 *		if (equal(key, element[i]))
 *			return i;
 *	i = nr++;  (store the element)
 *	hindex_add(&ix, hash, i);
 */
#define HINDEX_NONE UINT32_MAX

struct hslot {
	uint32_t hash;
	uint32_t idx1;		/* element number + 1; 0 for an empty slot */
};

struct hindex {
	struct hslot *slot;
	uint32_t size;		/* a power of two, or 0 */
	uint32_t nr;
};
#define HINDEX_INIT { NULL, 0, 0 }

/* Where a lookup is: pass the same probe to hindex_next. */
struct hprobe {
	uint32_t hash, pos;
};

/* The first element whose hash is hash, or HINDEX_NONE. */
uint32_t hindex_first(const struct hindex *ix, uint32_t hash,
		      struct hprobe *pr);
/* The next one, or HINDEX_NONE. */
uint32_t hindex_next(const struct hindex *ix, struct hprobe *pr);
/* Record element idx under hash (the caller checked it is new). */
void hindex_add(struct hindex *ix, uint32_t hash, uint32_t idx);
void hindex_release(struct hindex *ix);

/*
 * Numbers for pairs of 32-bit ids (tree to tree, tree and committer),
 * from 0 in the order the pairs are first met: what callers count per
 * pair they keep in arrays of their own, numbered alike.
 */
struct pair_index {
	uint32_t (*key)[2];
	uint32_t nr;
	size_t alloc;
	struct hindex ix;
};

/* The number of (a, b); a new pair gets the number nr (then nr grows). */
uint32_t pair_index_get(struct pair_index *pi, uint32_t a, uint32_t b);
void pair_index_release(struct pair_index *pi);

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

/*
 * PDFs the same on every run: stamp is SOURCE_DATE_EPOCH's time (else the
 * epoch's) as YYYYMMDDHHmmSS, in UTC; pdf_fix_date overwrites the first
 * "/CreationDate (D:...)" in out from start with it, in place, so that no
 * offset of the file moves.
 */
void pdf_stamp(char stamp[32]);
void pdf_fix_date(struct buf *out, size_t start);

/* Big-endian numbers of git's file formats (commit-graph, pack index). */
static inline uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t
be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

#endif
