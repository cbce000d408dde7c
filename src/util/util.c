/*
 * util.c - allocation that cannot fail, a growable buffer, hashing and
 * the hash index (error reporting is error.c's: it escapes, and the
 * escaper writes into these buffers).
 */
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void
die_oom(void)
{
	fputs("treeplot: out of memory\n", stderr);
	exit(1);
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		die_oom();
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		die_oom();
	return p;
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	size_t bytes;
	void *p;

	if (size && nmemb > SIZE_MAX / size)
		die_oom();
	bytes = nmemb * size;
	p = realloc(ptr, bytes ? bytes : 1);
	if (!p)
		die_oom();
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

uint32_t
str_hash(const char *s)
{
	uint32_t x = 2166136261u;

	for (; *s; s++) {
		x ^= (unsigned char)*s;
		x *= 16777619u;
	}
	return x;
}

uint32_t
mem_hash(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint32_t x = 2166136261u;

	for (size_t k = 0; k < n; k++) {
		x ^= s[k];
		x *= 16777619u;
	}
	return x;
}

uint32_t
hash_u32_pair(uint32_t a, uint32_t b)
{
	uint64_t x = ((uint64_t)a << 32 | b) * 0x9e3779b97f4a7c15ULL;

	return (uint32_t)(x >> 32);
}

static uint32_t
hindex_scan(const struct hindex *ix, struct hprobe *pr)
{
	uint32_t mask = ix->size - 1;

	for (;;) {
		const struct hslot *s = &ix->slot[pr->pos];

		if (!s->idx1)
			return HINDEX_NONE;
		pr->pos = (pr->pos + 1) & mask;
		if (s->hash == pr->hash)
			return s->idx1 - 1;
	}
}

uint32_t
hindex_first(const struct hindex *ix, uint32_t hash, struct hprobe *pr)
{
	pr->hash = hash;
	pr->pos = 0;
	if (!ix->size)
		return HINDEX_NONE;
	pr->pos = hash & (ix->size - 1);
	return hindex_scan(ix, pr);
}

uint32_t
hindex_next(const struct hindex *ix, struct hprobe *pr)
{
	return ix->size ? hindex_scan(ix, pr) : HINDEX_NONE;
}

static void
hindex_put(struct hslot *slot, uint32_t size, struct hslot s)
{
	uint32_t pos = s.hash & (size - 1);

	while (slot[pos].idx1)
		pos = (pos + 1) & (size - 1);
	slot[pos] = s;
}

void
hindex_add(struct hindex *ix, uint32_t hash, uint32_t idx)
{
	if (2 * ((size_t)ix->nr + 1) > ix->size) {
		uint32_t size = ix->size ? 2 * ix->size : 64;
		struct hslot *slot;

		if (ix->size > UINT32_MAX / 2)
			die_oom();
		slot = xcalloc(size, sizeof(*slot));
		for (uint32_t k = 0; k < ix->size; k++)
			if (ix->slot[k].idx1)
				hindex_put(slot, size, ix->slot[k]);
		free(ix->slot);
		ix->slot = slot;
		ix->size = size;
	}
	hindex_put(ix->slot, ix->size, (struct hslot){ hash, idx + 1 });
	ix->nr++;
}

void
hindex_release(struct hindex *ix)
{
	free(ix->slot);
	ix->slot = NULL;
	ix->size = ix->nr = 0;
}

uint32_t
pair_index_get(struct pair_index *pi, uint32_t a, uint32_t b)
{
	uint32_t hash = hash_u32_pair(a, b), i;
	struct hprobe pr;

	for (i = hindex_first(&pi->ix, hash, &pr); i != HINDEX_NONE;
	     i = hindex_next(&pi->ix, &pr))
		if (pi->key[i][0] == a && pi->key[i][1] == b)
			return i;
	ALLOC_GROW(pi->key, pi->nr + 1, pi->alloc);
	pi->key[pi->nr][0] = a;
	pi->key[pi->nr][1] = b;
	hindex_add(&pi->ix, hash, pi->nr);
	return pi->nr++;
}

void
pair_index_release(struct pair_index *pi)
{
	free(pi->key);
	hindex_release(&pi->ix);
	memset(pi, 0, sizeof(*pi));
}

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
	ALLOC_GROW(b->data, b->len + extra + 1, b->alloc);
}

/* Make room for n more bytes, count them and terminate after them: where
 * they go, for the caller to fill. */
static char *
buf_extend(struct buf *b, size_t n)
{
	char *at;

	buf_grow(b, n);
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

/* The stamp of a PDF's dates: SOURCE_DATE_EPOCH's (the
 * reproducible-builds convention) when set, else the epoch's, in UTC. */
void
pdf_stamp(char stamp[32])
{
	const char *env = getenv("SOURCE_DATE_EPOCH");

	snprintf(stamp, 32, "%s", "19700101000000");
	if (env && *env && strspn(env, "0123456789") == strlen(env)) {
		time_t t = (time_t)strtoll(env, NULL, 10);
		struct tm tm;

		if (gmtime_r(&t, &tm))
			strftime(stamp, 32, "%Y%m%d%H%M%S", &tm);
	}
}

/*
 * Cairo stamps a PDF with the time it was made, "/CreationDate
 * (D:20261203090949Z)" (or "+01'00'" for the zone): the same chart would
 * differ on every run.  The date is overwritten in place, so no offset in
 * the file moves.
 */
void
pdf_fix_date(struct buf *out, size_t start)
{
	static const char key[] = "/CreationDate (D:";
	char stamp[32];
	char *p = out->data + start, *end = out->data + out->len;
	size_t klen = sizeof(key) - 1;

	pdf_stamp(stamp);
	for (; (size_t)(end - p) > klen; p++) {
		if (memcmp(p, key, klen))
			continue;
		/* YYYYMMDDHHmmSS, then Z or +HH'mm': digits become the
		 * stamp's, then zeros; a '-' zone becomes '+'. */
		p += klen;
		for (size_t k = 0; p < end && *p != ')'; p++) {
			if (*p >= '0' && *p <= '9')
				*p = stamp[k] ? stamp[k++] : '0';
			else if (*p == '-')
				*p = '+';
		}
		return;
	}
}
