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
 * The table (compare_table.h) is written by compare_out.c; the trend
 * chart's panels are drawn from it here.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "modes/compare.h"
#include "modes/compare_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addons/latency.h"
#include "addons/timeline.h"
#include "git/commit_index.h"
#include "render/trend.h"
#include "util/hash.h"

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


/* --- the trend chart ------------------------------------------------ */

/* The chart's lines: at most TREND_SERIES_MAX depths (the last one
 * holding the deeper ones too) and that many of the largest trees. */
struct trend_data {
	struct trend_panel panels[5];
	double *values[5];
	char *names[2][TREND_SERIES_MAX];
	const char **labels;
	char *title;
};

/* A range's name on the x axis: its end (a release, for --cycles). */
static const char *
range_end(const struct compare_input *in, size_t k)
{
	return in->ranges[k].to_name ? in->ranges[k].to_name : in->labels[k];
}

/* The largest trees the chart follows. */
#define TREND_TREES 5

static double *
values(const struct table *t, size_t series)
{
	return xcalloc(series * t->nr, sizeof(double));
}

/* Series s of panel p is called name; owned (the panel's row of
 * trend_data's names) keeps it for trend_release. */
static void
name_series(char **owned, struct trend_panel *p, size_t s, char *name)
{
	owned[s] = name;
	p->names[s] = name;
}

/* How many of n series a panel draws: at most max (the depth panel
 * folds the deeper ones into its last, the largest trees stop there). */
static size_t
series_count(size_t n, size_t max)
{
	return n < max ? n : max;
}

static void
trend_depths(const struct table *t, struct trend_data *d,
	     struct trend_panel *p, double *v)
{
	uint32_t dmax = series_count(t->max_depth, TREND_SERIES_MAX);

	for (uint32_t s = 0; s < dmax; s++) {
		struct buf b = BUF_INIT;

		buf_printf(&b, s + 1 < t->max_depth && s + 1 == dmax ?
			   "depth %u and more" : "depth %u", s + 1);
		name_series(d->names[0], p, s, b.data);
	}
	for (size_t k = 0; k < t->nr; k++) {
		const struct flow *f = &t->charts[k].f;

		for (uint32_t dd = 1; f->by_depth && dd <= f->max_depth; dd++)
			v[(dd > dmax ? dmax - 1 : dd - 1) * t->nr + k] +=
				f->by_depth[dd];
	}
	p->series_nr = dmax ? dmax : 1;
}

/* The largest trees: the first rows, which are sorted by the last
 * range's commits. */
static void
trend_largest(const struct table *t, struct trend_data *d,
	      struct trend_panel *p, double *v)
{
	size_t n = series_count(t->rows_nr, TREND_TREES);

	for (size_t s = 0; s < n; s++) {
		name_series(d->names[1], p, s, xstrdup(t->rows[s].name));
		for (size_t k = 0; k < t->nr; k++)
			v[s * t->nr + k] = t->rows[s].commits[k];
	}
	p->series_nr = n ? n : 1;
}

static void
trend_build(const struct compare_input *in, const struct table *t,
	    struct trend_data *d, struct trend *tr)
{
	struct buf title = BUF_INIT;

	memset(d, 0, sizeof(*d));
	d->values[0] = values(t, 1);
	d->values[1] = values(t, 1);
	d->values[2] = values(t, TREND_SERIES_MAX);
	d->values[3] = values(t, TREND_TREES);
	d->values[4] = values(t, 1);
	d->labels = xcalloc(t->nr, sizeof(*d->labels));
	for (size_t k = 0; k < t->nr; k++) {
		const struct flow *f = &t->charts[k].f;

		d->labels[k] = range_end(in, k);
		d->values[0][k] = f->commits ? 100.0 * f->direct /
				  f->commits : NAN;
		d->values[1][k] = f->total_trees;
		d->values[4][k] = t->latency && t->latency[k].n ?
				  (double)t->latency[k].median / 86400.0 : NAN;
	}
	d->panels[0] = (struct trend_panel){ "Direct share",
		"% of the commits", 1, { NULL }, d->values[0], 0 };
	d->panels[1] = (struct trend_panel){ "Trees",
		"trees", 1, { NULL }, d->values[1], 1 };
	d->panels[2] = (struct trend_panel){ "Trees by depth",
		"trees", 1, { NULL }, d->values[2], 1 };
	d->panels[3] = (struct trend_panel){ "Commits through the largest "
		"trees", "commits", 1, { NULL }, d->values[3], 1 };
	d->panels[4] = (struct trend_panel){ "Median latency, from author "
		"date to arrival in the mainline", "days", 1, { NULL },
		d->values[4], 0 };
	trend_depths(t, d, &d->panels[2], d->values[2]);
	trend_largest(t, d, &d->panels[3], d->values[3]);
	buf_printf(&title, "%s: %zu ranges, from %s to %s", in->repo, t->nr,
		   in->ranges[0].has_from ? in->ranges[0].from_name :
		   "the first commit", range_end(in, t->nr - 1));
	if (in->opts->selected) {
		buf_puts(&title, "; selected: ");
		selection_describe(in->opts->selection, &title);
	}
	d->title = title.data;
	*tr = (struct trend){ d->title, d->labels, t->nr,
			      "range (named by its end)", d->panels,
			      t->latency ? 5 : 4 };
}

static void
trend_release(struct trend_data *d)
{
	for (size_t i = 0; i < ARRAY_SIZE(d->values); i++)
		free(d->values[i]);
	for (size_t i = 0; i < 2; i++)
		for (size_t s = 0; s < TREND_SERIES_MAX; s++)
			free(d->names[i][s]);
	free(d->labels);
	free(d->title);
}

static int
compare_trend(const struct compare_input *in, const struct table *t,
	      struct buf *out)
{
	struct trend_data d;
	struct trend tr;
	int ret;

	trend_build(in, t, &d, &tr);
	ret = render_trend(&tr, in->fmt, out);
	trend_release(&d);
	return ret;
}

/* --latency: range k's figures over its commits, into t. */
static int
range_latency(const struct history *view, struct table *t, size_t k)
{
	struct latency l;

	if (!t->latency) {
		t->latency = xcalloc(t->nr, sizeof(*t->latency));
		t->soak = xcalloc(t->nr, sizeof(*t->soak));
	}
	if (latency_measure(view, &t->charts[k], &l) < 0)
		return -1;
	t->latency[k] = l.all;
	t->soak[k] = l.split.soak;
	latency_release(&l);
	return 0;
}

/* --timeline: range k's commits pulled after -rc1, into t (tm: the
 * tags, read once for every range). */
static void
range_timeline(const struct compare_input *in, const struct history *view,
	       const struct tag_map *tm, struct table *t, size_t k)
{
	struct timeline tl;

	if (!t->late_pulled)
		t->late_pulled = xcalloc(t->nr, sizeof(*t->late_pulled));
	timeline_measure(view, &t->charts[k], tm, in->release, &tl);
	t->late_pulled[k] = tl.pulled_late;
	timeline_release(&tl);
}

int
compare(const struct compare_input *in, struct buf *out)
{
	struct table t = { in->nr, NULL, NULL, 0, 0, NULL, NULL, NULL };
	struct tag_map tm = { NULL, 0, 0 };
	int ret = 0;
	struct history *views = xcalloc(in->nr, sizeof(*views));
	struct commit_index ix;
	struct chart_options o = *in->opts;
	struct tree_table identity;

	if (in->timeline && tag_map_load(in->r, phases_keep, in->release,
					 in->release, &tm) < 0) {
		free(views);
		return -1;
	}
	commit_index_init(&ix, in->h);
	/* A tree is one name in every range, even when its spelling
	 * changed between them. */
	chart_identity(in->h, in->opts, &identity);
	o.identity = &identity;
	t.charts = xcalloc(in->nr, sizeof(*t.charts));
	for (size_t k = 0; k < in->nr; k++) {
		view_init(&views[k], in->h, &ix, &in->ranges[k]);
		chart_build(&t.charts[k], &views[k], in->r, in->repo,
			    in->labels[k], &o);
		if (in->latency && ret == 0)
			ret = range_latency(&views[k], &t, k);
		if (in->timeline)
			range_timeline(in, &views[k], &tm, &t, k);
		/* Only the flow is read from here on: two words per commit of
		 * the union go back for every range. */
		attribution_release(&t.charts[k].a);
	}
	table_rows(&t);

	if (ret < 0) {
		/* reported: no output */
	} else if (in->fmt == FORMAT_JSON) {
		compare_json(in, &t, out);
	} else if (in->fmt == FORMAT_CSV) {
		if (in->table == CSV_SUMMARY)
			compare_csv_summary(in, &t, out);
		else
			compare_csv_trees(in, &t, out);
	} else if (in->fmt == FORMAT_TEXT) {
		compare_text(in, &t, out);
	} else {
		ret = compare_trend(in, &t, out);
	}

	for (size_t i = 0; i < t.rows_nr; i++)
		free(t.rows[i].commits);
	free(t.rows);
	for (size_t k = 0; k < in->nr; k++) {
		chart_release(&t.charts[k]);
		free(views[k].flags);
	}
	free(t.charts);
	free(t.latency);
	free(t.soak);
	free(t.late_pulled);
	tag_map_release(&tm);
	free(views);
	trees_release(&identity);
	commit_index_release(&ix);
	return ret;
}
