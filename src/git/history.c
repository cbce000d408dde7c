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

/* --- ancestry, many questions at once -------------------------------- */

/* h's commits with every commit after its parents: Kahn's order from
 * the tips (no child), reversed.  A new array of *nr indexes (h->nr:
 * a history holds no cycle). */
static uint32_t *
parents_first(const struct history *h, uint32_t *nr)
{
	size_t n = h->nr ? h->nr : 1;
	uint32_t *kids = xcalloc(n, sizeof(*kids));
	uint32_t *order = xmalloc(n * sizeof(*order));
	uint32_t done = 0, todo = 0;

	for (uint32_t i = 0; i < h->nr; i++) {
		uint32_t np;
		const uint32_t *p = history_parents(h, i, &np);

		for (uint32_t k = 0; k < np; k++)
			kids[p[k]]++;
	}
	/* order[done .. todo) is the queue; order[0 .. done) is written
	 * children before parents. */
	for (uint32_t i = 0; i < h->nr; i++)
		if (!kids[i])
			order[todo++] = i;
	while (done < todo) {
		uint32_t np, i = order[done++];
		const uint32_t *p = history_parents(h, i, &np);

		for (uint32_t k = 0; k < np; k++)
			if (!--kids[p[k]])
				order[todo++] = p[k];
	}
	for (uint32_t a = 0, b = todo; a + 1 < b; a++, b--) {
		uint32_t t = order[a];

		order[a] = order[b - 1];
		order[b - 1] = t;
	}
	free(kids);
	*nr = todo;
	return order;
}

static int
cmp_pair_to(const void *a, const void *b)
{
	const struct history_pair *x = *(const struct history_pair *const *)a;
	const struct history_pair *y = *(const struct history_pair *const *)b;

	return (x->to > y->to) - (x->to < y->to);
}

void
history_ancestry(const struct history *h, const struct history_pair *q,
		 size_t n, uint8_t *out)
{
	const struct history_pair **by;
	uint32_t *order, *bit, nr;
	uint64_t *reach;
	size_t first = 0;

	if (!n)
		return;
	/* The questions by target, so each chunk's targets are distinct
	 * bits and its questions contiguous. */
	/* Arrays of pointers, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	by = xmalloc(n * sizeof(*by));
	for (size_t k = 0; k < n; k++)
		by[k] = &q[k];
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	qsort(by, n, sizeof(*by), cmp_pair_to);
	order = parents_first(h, &nr);
	reach = xcalloc(h->nr ? h->nr : 1, sizeof(*reach));
	bit = xmalloc((h->nr ? h->nr : 1) * sizeof(*bit));
	for (uint32_t i = 0; i < h->nr; i++)
		bit[i] = UINT32_MAX;
	while (first < n) {
		size_t last = first;
		uint32_t nbits = 0;

		/* Up to 64 distinct targets, with all their questions. */
		while (last < n && (nbits < 64 ||
				    by[last]->to == by[last - 1]->to)) {
			if (last == first || by[last]->to != by[last - 1]->to)
				bit[by[last]->to] = nbits++;
			last++;
		}
		for (uint32_t k = 0; k < nr; k++) {
			uint32_t np, i = order[k];
			const uint32_t *p = history_parents(h, i, &np);
			uint64_t r = bit[i] != UINT32_MAX ? 1ull << bit[i] : 0;

			for (uint32_t j = 0; j < np; j++)
				r |= reach[p[j]];
			reach[i] = r;
		}
		for (size_t k = first; k < last; k++)
			out[by[k] - q] = (reach[by[k]->from] >>
					  bit[by[k]->to]) & 1;
		for (size_t k = first; k < last; k++)
			bit[by[k]->to] = UINT32_MAX;
		first = last;
	}
	free(bit);
	free(reach);
	free(order);
	free(by);
}
