/*
 * fixes_parse.c - the targets a commit's message names (fixes_parse.h).
 */
#include "flow/fixes_parse.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "git/commitparse.h"
#include "util/util.h"

#define REVERT_LINE "This reverts commit "

const char *
fix_kind_name(enum fix_kind k)
{
	return k == FIX_REVERT ? "revert" : k == FIX_NOID ? "noid" : "fixes";
}

static int
is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	       (c >= 'A' && c <= 'F');
}

static int
is_word(char c)
{
	return is_hex(c) || (c >= 'g' && c <= 'z') || (c >= 'G' && c <= 'Z') ||
	       c == '_';
}

/* The hex digits at p..end as a word of min to 40 digits: their number,
 * else 0. */
static size_t
hex_word(const char *p, const char *end, size_t min)
{
	size_t n = 0;

	while (p + n < end && n <= 40 && is_hex(p[n]))
		n++;
	if (n < min || n > 40 || (p + n < end && is_word(p[n])))
		return 0;
	return n;
}

static struct fix_ref *
add_ref(struct fix_refs *out, enum fix_kind kind, const char *p, size_t n)
{
	struct fix_ref *r;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	r = &out->v[out->nr++];
	*r = (struct fix_ref){ .off = (uint32_t)out->text.len,
			       .len = (uint32_t)n, .kind = (uint8_t)kind };
	buf_add(&out->text, p, n);
	buf_addc(&out->text, '\0');
	return r;
}

/* The subject quoted in p..end (what follows a Fixes id): `("s")` or
 * `"s"`, the whole rest, blanks around it aside; kept in r. */
static void
add_subject(struct fix_refs *out, struct fix_ref *r, const char *p,
	    const char *end)
{
	size_t n;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	n = (size_t)(end - p);
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n >= 2 && p[0] == '(' && p[n - 1] == ')') {
		p++;
		n -= 2;
	}
	if (n < 2 || p[0] != '"' || p[n - 1] != '"')
		return;
	r->subject = (uint32_t)out->text.len;
	r->subject_len = (uint32_t)(n - 2);
	r->has_subject = 1;
	buf_add(&out->text, p + 1, n - 2);
	buf_addc(&out->text, '\0');
}

/* The Fixes trailers among the message's trailers. */
static void
parse_trailers(struct fix_refs *out, const char *msg, const char *end)
{
	const char *p, *stop;

	out->scratch.len = 0;
	commit_trailers(&out->scratch, msg, end);
	p = out->scratch.data;
	stop = p ? p + out->scratch.len : p;
	while (p && p < stop) {
		const char *eol = memchr(p, '\n', (size_t)(stop - p));
		size_t n;

		if (!eol)
			eol = stop;
		/* "Key: value", key and value trimmed. */
		if (eol - p > 7 && !strncasecmp(p, "fixes: ", 7)) {
			n = hex_word(p + 7, eol, 4);
			if (n)
				add_subject(out, add_ref(out, FIX_FIXES, p + 7,
							 n), p + 7 + n, eol);
			else
				add_ref(out, FIX_NOID, p + 7,
					(size_t)(eol - p - 7));
		}
		p = eol + 1;
	}
}

/* The revert lines of the body, after the subject's paragraph. */
static void
parse_reverts(struct fix_refs *out, const char *p, const char *end)
{
	const size_t k = sizeof(REVERT_LINE) - 1;
	int body = 0, seen_text = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *q = p;
		size_t n;

		if (!eol)
			eol = end;
		while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (q == eol) {
			body |= seen_text;	/* the subject's end */
		} else if (!body) {
			seen_text = 1;
		} else if ((size_t)(eol - p) > k &&
			   !memcmp(p, REVERT_LINE, k) &&
			   (n = hex_word(p + k, eol, 7))) {
			add_ref(out, FIX_REVERT, p + k, n);
		}
		p = eol + 1;
	}
}

/* Refs x and y of r in (kind, length, digits, place) order. */
static int
cmp_ref(const struct fix_refs *r, size_t a, size_t b)
{
	const struct fix_ref *x = &r->v[a], *y = &r->v[b];
	int c = x->kind - y->kind;

	if (!c && x->len != y->len)
		c = x->len < y->len ? -1 : 1;
	if (!c)
		c = memcmp(r->text.data + x->off, r->text.data + y->off,
			   x->len);
	if (!c)
		c = a < b ? -1 : 1;
	return c;
}

/* ix (n indexes of r's refs) sorted by cmp_ref: a merge sort, so that
 * no state is shared between threads parsing at once (qsort has no
 * argument for r). */
static void
sort_refs(const struct fix_refs *r, size_t *ix, size_t n)
{
	size_t *tmp = xmalloc(n * sizeof(*tmp));

	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;

			while (i < mid && j < hi)
				tmp[k++] = cmp_ref(r, ix[i], ix[j]) < 0 ?
					   ix[i++] : ix[j++];
			while (i < mid)
				tmp[k++] = ix[i++];
			while (j < hi)
				tmp[k++] = ix[j++];
		}
		memcpy(ix, tmp, n * sizeof(*ix));
	}
	free(tmp);
}

/* Drop the repeats among v[start..nr), the first of each kept. */
static void
dedupe(struct fix_refs *out, size_t start)
{
	size_t n = out->nr - start, w = start;
	size_t *ix;
	uint8_t *drop;

	if (n < 2)
		return;
	ix = xmalloc(n * sizeof(*ix));
	drop = xcalloc(n, 1);
	for (size_t k = 0; k < n; k++)
		ix[k] = start + k;
	sort_refs(out, ix, n);
	for (size_t k = 1; k < n; k++) {
		const struct fix_ref *x = &out->v[ix[k - 1]];
		const struct fix_ref *y = &out->v[ix[k]];

		if (x->kind == y->kind && x->len == y->len &&
		    !memcmp(out->text.data + x->off, out->text.data + y->off,
			    x->len))
			drop[ix[k] - start] = 1;
	}
	for (size_t k = 0; k < n; k++)
		if (!drop[k])
			out->v[w++] = out->v[start + k];
	out->nr = w;
	free(ix);
	free(drop);
}

size_t
fixes_parse(struct fix_refs *out, const char *msg, size_t len)
{
	const char *end = memchr(msg, '\0', len);
	size_t start = out->nr;

	if (!end)
		end = msg + len;
	parse_trailers(out, msg, end);
	parse_reverts(out, msg, end);
	dedupe(out, start);
	return out->nr - start;
}

void
fix_refs_release(struct fix_refs *r)
{
	free(r->v);
	buf_release(&r->text);
	buf_release(&r->scratch);
	memset(r, 0, sizeof(*r));
}
