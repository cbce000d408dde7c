/*
 * compare_trend.c - --compare's trend chart (render/trend.h draws it):
 * the direct share, the trees, the trees by depth (when some tree is
 * deeper than 1: else it would repeat the trees), the commits through
 * the largest trees and the add-ons' figures that have a panel
 * (struct extra_figure: --latency's median latency and soak,
 * --timeline's share pulled after the merge window, --review's share
 * reviewed), one point a range; the largest trees named as a legend has
 * room for (render/names.h).  A source that dwarfs the others (a mailed
 * series over four times any tree) is left out of the largest trees'
 * panel and said in a note under its title: drawn, it would flatten
 * every other line; its figures are in the table.
 */
#include "modes/compare_trend.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flow/report.h"
#include "git/revision.h"
#include "render/names.h"
#include "render/trend.h"
#include "util/util.h"

/* --- the trend chart ------------------------------------------------ */

/* The core's four panels, and the add-ons' after them. */
#define PANELS_CORE 4
#define PANELS (PANELS_CORE + 28)

/* The chart's lines: at most TREND_SERIES_MAX depths (the last one
 * holding the deeper ones too) and that many of the largest trees. */
struct trend_data {
	struct trend_panel panels[PANELS];
	double *values[PANELS];
	char *names[2][TREND_SERIES_MAX];
	const char **labels;
	char *title;
	char *trees_title;	/* the largest trees' panel's note: what
				 * their names leave out */
	double width;		/* --size's page, in points (0: none) */
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

static uint32_t
row_max(const struct table *t, size_t r)
{
	uint32_t m = 0;

	for (size_t k = 0; k < t->nr; k++)
		if (t->rows[r].commits[k] > m)
			m = t->rows[r].commits[k];
	return m;
}

/* A first row whose peak is over DWARF times every other's: drawn, it
 * would leave the others a flat line at the bottom. */
#define DWARF 4

static int
dwarfs(const struct table *t)
{
	uint32_t top;

	if (t->rows_nr < 2)
		return 0;
	top = row_max(t, 0);
	for (size_t r = 1; r < t->rows_nr && r <= TREND_TREES; r++)
		if ((uint64_t)row_max(t, r) * DWARF >= top)
			return 0;
	return 1;
}

/* The largest trees: the first rows, which are sorted by the last
 * range's commits, but one that dwarfs the others. */
static void
trend_largest(const struct table *t, struct trend_data *d,
	      struct trend_panel *p, double *v)
{
	size_t skip = (size_t)dwarfs(t);
	size_t n = series_count(t->rows_nr - skip, TREND_TREES);
	const char *names[TREND_TREES];
	struct shown_names sn;
	struct buf title = BUF_INIT;

	/* Named as in the legend's room, the start they share said once
	 * in a note under the title, and never two alike. */
	for (size_t s = 0; s < n; s++)
		names[s] = t->rows[s + skip].name;
	shown_names_init(&sn, names, (uint32_t)n,
			 skip ? &t->rows[0].name : NULL, (uint32_t)skip,
			 trend_name_chars(d->width));
	for (size_t s = 0; s < n; s++) {
		name_series(d->names[1], p, s, xstrdup(sn.name[s]));
		for (size_t k = 0; k < t->nr; k++)
			v[s * t->nr + k] = t->rows[s + skip].commits[k];
	}
	p->series_nr = n ? n : 1;
	if (skip)
		buf_printf(&title, "%s left out (up to %u commits a range)%s",
			   t->rows[0].name, row_max(t, 0),
			   sn.shortened ? "; " : "");
	shown_names_note(&sn, &title);
	d->trees_title = title.data;
	p->note = title.len ? d->trees_title : NULL;
	shown_names_release(&sn);
}

/* The add-ons' figures that have a panel, in the registry's order,
 * from panel np on; returns the number of panels.  A value is drawn in
 * days for seconds, in percent for tenths; NAN where the range has
 * none. */
static size_t
trend_extras(const struct table *t, struct trend_data *d, size_t np)
{
	size_t nfg;
	struct figure *fg = compare_figures(t, &nfg);
	/* The values' slots after the core's: a panel's index is not its
	 * slot when the depth panel is left out. */
	size_t slot = PANELS_CORE;

	for (size_t i = 0; i < nfg && np < PANELS && slot < PANELS; i++) {
		const struct extra_figure *xf;
		double *v;

		if (fg[i].run == FIGURE_CORE)
			continue;
		xf = &t->xc->run[fg[i].run].x->figures[fg[i].i];
		if (!xf->trend_title)
			continue;
		v = d->values[slot++] = values(t, 1);
		for (size_t k = 0; k < t->nr; k++) {
			int has;
			double x = (double)compare_figure_has(&fg[i], t, k,
							      &has);

			v[k] = !has ? NAN : fg[i].kind == SECONDS ?
			       x / 86400.0 : fg[i].kind == TENTHS ?
			       x / 10.0 : x;
		}
		d->panels[np] = (struct trend_panel){ xf->trend_title,
			xf->trend_y, 1, { NULL }, v, fg[i].kind == COUNT,
			NULL };
		np++;
	}
	compare_figures_free(fg, nfg);
	return np;
}

static void
trend_build(const struct compare_input *in, const struct table *t,
	    struct trend_data *d, struct trend *tr)
{
	struct buf title = BUF_INIT;
	struct trend_panel all[PANELS_CORE];
	size_t np;

	memset(d, 0, sizeof(*d));
	d->width = (double)in->width / 100;
	d->values[0] = values(t, 1);
	d->values[1] = values(t, 1);
	d->values[2] = values(t, TREND_SERIES_MAX);
	d->values[3] = values(t, TREND_TREES);
	d->labels = xcalloc(t->nr, sizeof(*d->labels));
	for (size_t k = 0; k < t->nr; k++) {
		const struct flow *f = &t->charts[k].f;

		d->labels[k] = range_end(in, k);
		d->values[0][k] = f->commits ? 100.0 * f->direct /
				  f->commits : NAN;
		d->values[1][k] = f->total_trees;
	}
	d->panels[0] = (struct trend_panel){ "Direct share",
		"% of the commits", 1, { NULL }, d->values[0], 0, NULL };
	d->panels[1] = (struct trend_panel){ "Trees",
		"trees", 1, { NULL }, d->values[1], 1, NULL };
	d->panels[2] = (struct trend_panel){ "Trees by depth",
		"trees", 1, { NULL }, d->values[2], 1, NULL };
	d->panels[3] = (struct trend_panel){ "Commits through the largest "
		"trees", "commits", 1, { NULL }, d->values[3], 1, NULL };
	trend_depths(t, d, &d->panels[2], d->values[2]);
	trend_largest(t, d, &d->panels[3], d->values[3]);
	/* The depth panel only when some tree is deeper than 1 (else it
	 * repeats the trees); the add-ons' panels, those asked for, after
	 * the core's. */
	memcpy(all, d->panels, sizeof(all));
	np = 0;
	d->panels[np++] = all[0];
	d->panels[np++] = all[1];
	if (t->max_depth > 1)
		d->panels[np++] = all[2];
	d->panels[np++] = all[3];
	np = trend_extras(t, d, np);
	buf_printf(&title, "%s: %zu ranges, from %s to %s", in->repo, t->nr,
		   in->ranges[0].has_from ? in->ranges[0].from_name :
		   "the first commit", range_end(in, t->nr - 1));
	if (in->opts->selected) {
		buf_puts(&title, "; selected: ");
		selection_describe(in->opts->selection, &title);
	}
	d->title = title.data;
	*tr = (struct trend){ d->title, d->width, (double)in->min_font / 100,
			      in->size_arg, d->labels, t->nr,
			      "range (named by its end)", d->panels, np, 0 };
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
	/* Dated as the flow chart is: by the last commit charted. */
	if (in->fmt == FORMAT_PDF &&
	    repo_commit_time(in->r, &in->ranges[t->nr - 1].to, &tr.when) < 0) {
		trend_release(&d);
		return -1;
	}
	ret = render_trend(&tr, in->fmt, out);
	trend_release(&d);
	return ret;
}
