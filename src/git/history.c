/*
 * history.c - the commit table of a range as the later stages see it:
 * walking it from a commit, releasing it.  It is filled by load.c (each
 * commit read once) as walk.c walks the range (walk_range, walk.h).
 */
#include "git/history.h"

#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/util.h"
#include "util/work.h"

int
history_walk(const struct history *h, uint32_t start, history_visit_fn *visit,
	     void *data, struct history_stack *st)
{
	size_t nr = 0;

	ALLOC_GROW(st->v, 1, st->alloc);
	st->v[nr++] = start;
	while (nr) {
		uint32_t i = st->v[--nr], np;
		const uint32_t *par;
		int ret = visit(i, data);

		work_add(1);
		if (ret < 0)
			return ret;
		if (!ret)
			continue;
		/* After the visit: it may have read i's parents. */
		par = history_parents(h, i, &np);
		ALLOC_GROW(st->v, nr + np, st->alloc);
		/* Pushed in reverse so the first parent is visited first. */
		for (uint32_t k = np; k-- > 0;)
			st->v[nr++] = par[k];
	}
	return 0;
}

uint8_t *
history_first_parent_marks(const struct history *h)
{
	uint8_t *on = xcalloc(h->nr ? h->nr : 1, 1);

	for (uint32_t i = h->tip; i != HIST_NONE && i < h->nr && !on[i];
	     i = h->npar[i] ? h->parent[h->pstart[i]] : HIST_NONE)
		on[i] = 1;
	return on;
}

uint32_t *
history_first_parent_line(const struct history *h, uint32_t *nr)
{
	uint32_t *line = NULL, n = 0;
	size_t alloc = 0;

	for (uint32_t i = h->tip; i != HIST_NONE && i < h->nr &&
	     (h->flags[i] & HIST_IN_RANGE);) {
		uint32_t np;
		const uint32_t *p = history_parents(h, i, &np);

		ALLOC_GROW(line, n + 1, alloc);
		line[n++] = i;
		i = np ? p[0] : HIST_NONE;
	}
	for (uint32_t k = 0; k < n / 2; k++) {
		uint32_t t = line[k];

		line[k] = line[n - 1 - k];
		line[n - 1 - k] = t;
	}
	*nr = n;
	return line;
}

void
history_stack_release(struct history_stack *st)
{
	free(st->v);
	st->v = NULL;
	st->alloc = 0;
}

void
history_release(struct history *h)
{
	free(h->oid);
	free(h->flags);
	free(h->pstart);
	free(h->npar);
	free(h->parent);
	free(h->subject);
	free(h->author_date);
	free(h->committer_date);
	buf_release(&h->pool);
	memset(h, 0, sizeof(*h));
}
