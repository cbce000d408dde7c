/*
 * compare.c - --compare: several ranges side by side, from one walk.
 *
 * A range's commits are those of the union reachable from its end and
 * not from its start.  Both walks stay inside the union: the start's
 * history outside it is the base's (an ancestor of every start), which
 * holds no commit of any range.  The walks are over memory, nothing is
 * read; each range then gets a history view (the union's arrays, its own
 * flags and tip) and is charted as a single run would chart it.
 *
 * The change is the last range's figure minus the first's; a tree
 * "appeared" when it carried nothing in the first range and something in
 * the last, "disappeared" the other way round.  The table is written by
 * compare_write.c and drawn by compare_trend.c.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "modes/compare.h"

#include <stdlib.h>
#include <string.h>

#include "git/commit_index.h"
#include "modes/compare_table.h"
#include "modes/compare_trend.h"
#include "modes/compare_write.h"

/* What mark gives in a view's flags, and where it stops. */
struct view_marking {
	const struct history *h;
	uint8_t *flags;
	uint8_t flag, stop;
};

/* history_walk's visit: commits of the union only, each once. */
static int
mark_one(uint32_t i, void *data)
{
	struct view_marking *m = data;

	if (!(m->h->flags[i] & HIST_IN_RANGE) ||
	    (m->flags[i] & (m->flag | m->stop)))
		return 0;
	m->flags[i] |= m->flag;
	return 1;
}

/* Mark, from start, every commit of the union with flag, not crossing
 * commits that already have stop (or flag). */
static void
mark(const struct history *h, uint8_t *flags, uint32_t start, uint8_t flag,
     uint8_t stop, struct history_stack *st)
{
	struct view_marking m = { h, flags, flag, stop };

	history_walk(h, start, mark_one, &m, st);
}

/* The view of range rg in the union h: h's arrays, flags of its own. */
static void
view_init(struct history *view, const struct history *h,
	  const struct commit_index *ix, const struct range *rg)
{
	struct history_stack st = HISTORY_STACK_INIT;
	uint8_t *flags = xmalloc(h->nr ? h->nr : 1);

	*view = *h;
	for (uint32_t i = 0; i < h->nr; i++)
		flags[i] = h->flags[i] & (uint8_t)~(HIST_IN_RANGE | HIST_HIDDEN);
	/* Both ends were tips of the walk: they are there. */
	view->tip = commit_index_find(ix, &rg->to);
	if (rg->has_from)
		mark(h, flags, commit_index_find(ix, &rg->from), HIST_HIDDEN, 0,
		     &st);
	mark(h, flags, view->tip, HIST_IN_RANGE, HIST_HIDDEN, &st);
	view->in_range = view->shallow = 0;
	for (uint32_t i = 0; i < h->nr; i++) {
		if (!(flags[i] & HIST_IN_RANGE))
			continue;
		view->in_range++;
		view->shallow += !!(flags[i] & HIST_SHALLOW);
	}
	view->flags = flags;
	history_stack_release(&st);
}

static int
cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct row *)a)->name,
		      ((const struct row *)b)->name);
}

/* Rows by the last range's commits, then the one before's, ..., then
 * name: the table reads from what matters now. */
static int
cmp_row(const void *pa, const void *pb, void *data)
{
	const struct row *a = pa, *b = pb;

	for (size_t k = *(const size_t *)data; k-- > 0;)
		if (a->commits[k] != b->commits[k])
			return a->commits[k] > b->commits[k] ? -1 : 1;
	return strcmp(a->name, b->name);
}

static void
table_rows(struct table *t)
{
	struct row *all = NULL;
	size_t nr = 0, alloc = 0;

	for (size_t k = 0; k < t->nr; k++) {
		const struct flow *f = &t->charts[k].f;

		for (uint32_t i = 1; i < f->trees_nr; i++) {
			ALLOC_GROW(all, nr + 1, alloc);
			all[nr].name = f->trees[i].name;
			all[nr].commits = xcalloc(t->nr, sizeof(uint32_t));
			all[nr].commits[k] = f->trees[i].commits;
			nr++;
		}
		if (f->max_depth > t->max_depth)
			t->max_depth = f->max_depth;
	}
	if (nr)
		qsort(all, nr, sizeof(*all), cmp_name);
	/* One row per name: fold each run of equal names into its first. */
	for (size_t i = 0; i < nr; i++) {
		if (t->rows_nr && !strcmp(t->rows[t->rows_nr - 1].name,
					   all[i].name)) {
			struct row *r = &t->rows[t->rows_nr - 1];

			for (size_t k = 0; k < t->nr; k++)
				r->commits[k] += all[i].commits[k];
			free(all[i].commits);
			continue;
		}
		t->rows = xreallocarray(t->rows, t->rows_nr + 1,
					sizeof(*t->rows));
		t->rows[t->rows_nr++] = all[i];
	}
	free(all);
	if (t->rows_nr)
		qsort_r(t->rows, t->rows_nr, sizeof(*t->rows), cmp_row, &t->nr);
}

/* Range k measured by each add-on of t->xc into t->xstate.  Returns 0,
 * or -1 after one reported an error. */
static int
range_extras(struct table *t, const struct history *view, size_t k)
{
	for (size_t r = 0; r < t->xc->nr; r++) {
		const struct extra_run *x = &t->xc->run[r];

		if (x->x->range_gather(x->state, view, &t->charts[k],
				       &t->xstate[r * t->nr + k]) < 0)
			return -1;
	}
	return 0;
}

static void
table_release(struct table *t)
{
	for (size_t i = 0; i < t->rows_nr; i++)
		free(t->rows[i].commits);
	free(t->rows);
	for (size_t r = 0; r < t->xc->nr; r++)
		for (size_t k = 0; k < t->nr; k++)
			if (t->xstate[r * t->nr + k])
				t->xc->run[r].x->range_release(
					t->xstate[r * t->nr + k]);
	free(t->xstate);
	for (size_t k = 0; k < t->nr; k++)
		chart_release(&t->charts[k]);
	free(t->charts);
}

int
compare(const struct compare_input *in, struct buf *out)
{
	struct table t = { .nr = in->nr, .xc = in->xc };
	int ret = 0;
	struct history *views = xcalloc(in->nr, sizeof(*views));
	struct commit_index ix;
	struct chart_options o = *in->opts;
	struct tree_table identity;

	t.xstate = xcalloc(in->xc->nr * in->nr + 1, sizeof(*t.xstate));
	commit_index_init(&ix, in->h);
	/* A tree is one name in every range, even when its spelling
	 * changed between them. */
	if (chart_identity(in->h, in->r, in->opts, &identity) < 0)
		ret = -1;
	o.identity = &identity;
	t.identity = &identity;
	t.charts = xcalloc(in->nr, sizeof(*t.charts));
	for (size_t k = 0; k < in->nr; k++) {
		view_init(&views[k], in->h, &ix, &in->ranges[k]);
		/* Adopted identity reads nothing: no failure here. */
		chart_build(&t.charts[k], &views[k], in->r, in->repo,
			    in->labels[k], &o);
		if (ret == 0)
			ret = range_extras(&t, &views[k], k);
		/* Only the flow is read from here on: two words per commit of
		 * the union go back for every range. */
		attribution_release(&t.charts[k].a);
	}
	table_rows(&t);

	if (ret < 0) {
		/* reported: no output */
	} else if (in->fmt == FORMAT_JSON) {
		compare_write_json(in, &t, out);
	} else if (in->fmt == FORMAT_CSV) {
		if (in->table == CSV_SUMMARY)
			compare_write_csv_summary(in, &t, out);
		else
			compare_write_csv_trees(in, &t, out);
	} else if (in->fmt == FORMAT_TEXT) {
		compare_write_text(in, &t, out);
	} else {
		ret = compare_write_trend(in, &t, out);
	}

	table_release(&t);
	for (size_t k = 0; k < in->nr; k++)
		free(views[k].flags);
	free(views);
	trees_release(&identity);
	commit_index_release(&ix);
	return ret;
}
