/*
 * compare_trend.c - --compare's trend chart (render/trend.h draws it):
 * the direct share, the trees, the trees by depth, the commits through
 * the largest trees and, with --latency and --review, the median latency
 * and the share reviewed, one point a range; the largest trees named as
 * a legend has room for (render/names.h).
 */
#include "modes/compare_trend.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flow/report.h"
#include "render/names.h"
#include "render/trend.h"
#include "util/util.h"

/* --- the trend chart ------------------------------------------------ */

/* The chart's lines: at most TREND_SERIES_MAX depths (the last one
 * holding the deeper ones too) and that many of the largest trees. */
struct trend_data {
	struct trend_panel panels[6];
	double *values[6];
	char *names[2][TREND_SERIES_MAX];
	const char **labels;
	char *title;
	char *trees_title;	/* the largest trees' panel's, with what
				 * their names leave out */
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
	const char *names[TREND_TREES];
	struct shown_names sn;
	struct buf title = BUF_INIT;

	/* Named as in the legend's room, the start they share said once
	 * in the title, and never two alike. */
	for (size_t s = 0; s < n; s++)
		names[s] = t->rows[s].name;
	shown_names_init(&sn, names, (uint32_t)n, NULL, 0, TREND_NAME_CHARS);
	for (size_t s = 0; s < n; s++) {
		name_series(d->names[1], p, s, xstrdup(sn.name[s]));
		for (size_t k = 0; k < t->nr; k++)
			v[s * t->nr + k] = t->rows[s].commits[k];
	}
	p->series_nr = n ? n : 1;
	buf_puts(&title, p->title);
	if (sn.shortened) {
		buf_puts(&title, " (");
		shown_names_note(&sn, &title);
		buf_puts(&title, ")");
	}
	d->trees_title = title.data;
	p->title = d->trees_title;
	shown_names_release(&sn);
}

static void
trend_build(const struct compare_input *in, const struct table *t,
	    struct trend_data *d, struct trend *tr)
{
	struct buf title = BUF_INIT;
	size_t np;

	memset(d, 0, sizeof(*d));
	d->values[0] = values(t, 1);
	d->values[1] = values(t, 1);
	d->values[2] = values(t, TREND_SERIES_MAX);
	d->values[3] = values(t, TREND_TREES);
	d->values[4] = values(t, 1);
	d->values[5] = values(t, 1);
	d->labels = xcalloc(t->nr, sizeof(*d->labels));
	for (size_t k = 0; k < t->nr; k++) {
		const struct flow *f = &t->charts[k].f;

		d->labels[k] = range_end(in, k);
		d->values[0][k] = f->commits ? 100.0 * f->direct /
				  f->commits : NAN;
		d->values[1][k] = f->total_trees;
		d->values[4][k] = t->latency && t->latency[k].n ?
				  (double)t->latency[k].median / 86400.0 : NAN;
		d->values[5][k] = t->review && t->review[k].commits ?
				  review_tenths(t->review[k].reviewed,
						t->review[k].commits) / 10.0 :
				  NAN;
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
	d->panels[5] = (struct trend_panel){ "Reviewed share: a Reviewed-by "
		"or Acked-by from neither author nor committer",
		"% of the commits", 1, { NULL }, d->values[5], 0 };
	/* The add-ons' panels, those asked for, after the core's. */
	np = 4;
	if (t->latency)
		np++;
	if (t->review)
		d->panels[np++] = d->panels[5];
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
			      "range (named by its end)", d->panels, np };
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
	free(d->trees_title);
}

int
compare_write_trend(const struct compare_input *in, const struct table *t,
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
