/*
 * suggest.c - "did you mean ...?": the names nearest a mistyped one, by
 * edit distance.
 */
#include "util/suggest.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

size_t
suggest_distance(const char *a, size_t alen, const char *b, size_t blen)
{
	/* Three rows of the table: two back for the swap. */
	size_t *row = xmalloc(3 * (blen + 1) * sizeof(*row));
	size_t *r2 = row, *r1 = row + blen + 1, *r0 = row + 2 * (blen + 1);
	size_t d;

	for (size_t j = 0; j <= blen; j++)
		r1[j] = j;
	for (size_t i = 1; i <= alen; i++) {
		r0[0] = i;
		for (size_t j = 1; j <= blen; j++) {
			size_t best = r1[j - 1] + (a[i - 1] != b[j - 1]);

			if (r1[j] + 1 < best)
				best = r1[j] + 1;
			if (r0[j - 1] + 1 < best)
				best = r0[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && r2[j - 2] + 1 < best)
				best = r2[j - 2] + 1;
			r0[j] = best;
		}
		/* Rotate: this row is the previous one now. */
		{
			size_t *t = r2;

			r2 = r1;
			r1 = r0;
			r0 = t;
		}
	}
	d = r1[blen];
	free(row);
	return d;
}

void
suggest_init(struct suggest *s, const char *word, size_t len)
{
	memset(s, 0, sizeof(*s));
	s->word = word;
	s->len = len;
	s->best = (size_t)-1;
}

void
suggest_add(struct suggest *s, const char *name)
{
	size_t d = suggest_distance(s->word, s->len, name, strlen(name));

	if (d > s->best)
		return;
	for (size_t k = 0; k < s->nr && k < SUGGEST_MAX; k++)
		if (!strcmp(s->v[k], name))
			return;		/* a name met twice is one */
	if (d < s->best) {
		s->best = d;
		s->nr = 0;
	}
	if (s->nr < SUGGEST_MAX)
		s->v[s->nr] = name;
	s->nr++;
}

int
suggest_write(const struct suggest *s, const char *prefix, struct buf *out)
{
	size_t limit = s->len / 3 ? s->len / 3 : 1;

	if (!s->nr || !s->best || s->best > limit || s->nr > SUGGEST_MAX)
		return 0;
	buf_puts(out, "did you mean ");
	for (size_t k = 0; k < s->nr; k++) {
		if (k)
			buf_puts(out, k + 1 == s->nr ? " or " : ", ");
		/* (error() escapes the message whole.) */
		buf_printf(out, "%s%s", prefix, s->v[k]);
	}
	buf_addc(out, '?');
	return 1;
}
