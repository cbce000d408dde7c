/*
 * render/timeline_chart.c - the timeline chart of --timeline (the header
 * says what it shows).
 *
 * The layout is settled once, with text measured by cairo on a scratch
 * surface (struct layout), then drawn into the format asked for.  Where
 * labels would overlap, they go to another tier: the tags at the bands'
 * edges and the phases' names each have up to TIERS lines above the
 * rows; a label that fits in none is left out (the bands still show).
 * Dates on the axis are spaced by a step (a day, two, a week, two, then
 * months) that leaves room for each.  Areas, not radii, scale with the
 * commits: the eye compares areas.
 */
#include "render/timeline_chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/cairo_chart.h"
#include "render/names.h"

#define WIDTH 1000.0
#define MARGIN 16.0
#define FONT_SIZE 10.0
#define TITLE_SIZE 15.0
#define LINE (FONT_SIZE * 1.45)
#define ROW_H 16.0
#define R_MAX (ROW_H * 0.9)	/* the largest pull's disc */
#define R_MIN 1.3
#define TIERS 3
#define GAP 8.0			/* between labels on one line */
#define NAME_CHARS 40
#define TITLE_CHARS 140
#define PNG_SCALE 2.0
#define DIRECT_NAME "direct to the mainline"

/* A label above the rows: a tag at a band's edge, or a phase's name. */
struct label {
	const char *s;
	double x, w;		/* centre and width */
	int tier;		/* -1: left out */
};

struct row {
	const char *name;	/* as shown */
	uint32_t tree;		/* flow tree; 0: the direct commits */
	uint32_t commits, pulls;
};

struct layout {
	const struct flow *f;
	const struct timeline_print *pr;	/* the page asked for */
	const struct timeline *tl;
	struct shown_names sn;
	struct row *rows;
	uint32_t rows_nr;
	double *edge;		/* ph.nr + 1 band edges, as times */
	struct label *tags, *names;	/* ph.nr + 1, ph.nr */
	int tag_tiers, name_tiers;
	double t0, t1;		/* the x axis, seconds */
	double left, right;	/* the plot's x extent */
	double header_top, rows_top, axis_y, legend_y, height;
	double max_commits;	/* a pull's, or a day's direct ones */
	char *title, *subtitle, *note;
	char *title2, *subtitle2;	/* their second lines, or NULL */
	double title_h;		/* from the page's top to the subtitle's
				 * last baseline */
	int64_t tick_days;	/* the date step: days, or months when < 0 */
	uint32_t left_out;	/* labels left out */
	double width;		/* the page's, in points (--size) */
	size_t name_chars;	/* a row's name at most, cut to fit */
	int legend_lines;	/* the legend's: 1, or 2 when folded */
};

static double
x_of(const struct layout *l, double t)
{
	double span = l->t1 - l->t0;

	return l->left + (t - l->t0) / (span > 0 ? span : 1) *
	       (l->right - l->left);
}

/* --- the rows ---------------------------------------------------------- */

static void
add_row(struct layout *l, const char *name, uint32_t tree, uint32_t commits,
	uint32_t pulls)
{
	l->rows[l->rows_nr++] = (struct row){ name, tree, commits, pulls };
}

static uint32_t
tree_commits(const struct timeline *tl, uint32_t i)
{
	uint32_t n = 0;

	for (uint32_t k = 0; k < tl->tree_pulls[i]; k++)
		n += tl->pulls[tl->by_tree[tl->tree_first[i] + k]].commits;
	return n;
}

/* Whether a row of the chart has pulls that one merge brought: drawn
 * as one disc that says their number. */
static int
any_shared(const struct layout *l)
{
	const struct timeline *tl = l->tl;

	for (uint32_t r = 1; r < l->rows_nr; r++) {
		uint32_t i = l->rows[r].tree;

		for (uint32_t k = 1; k < tl->tree_pulls[i]; k++)
			if (tl->pulls[tl->by_tree[tl->tree_first[i] + k]].arrived ==
			    tl->pulls[tl->by_tree[tl->tree_first[i] + k - 1]].arrived)
				return 1;
	}
	return 0;
}

/* Whether a row of the chart shows a tagged pull. */
static int
any_tag(const struct layout *l)
{
	const struct timeline *tl = l->tl;

	for (uint32_t r = 1; r < l->rows_nr; r++) {
		uint32_t i = l->rows[r].tree;

		for (uint32_t k = 0; k < tl->tree_pulls[i]; k++)
			if (tl->pulls[tl->by_tree[tl->tree_first[i] + k]].tagged)
				return 1;
	}
	return 0;
}

/* The direct commits, then the flow's trees that the mainline pulled,
 * in its order, the fold last; named as room allows (names.h). */
static void
make_rows(struct layout *l)
{
	const struct flow *f = l->f;
	const struct timeline *tl = l->tl;
	uint32_t n = tl->trees_nr < f->trees_nr ? tl->trees_nr : f->trees_nr;
	const char **names = xcalloc(n ? n : 1, sizeof(*names));
	const char *fixed[2] = { DIRECT_NAME, f->fold_name };
	uint32_t direct = 0, fold = HIST_NONE;

	for (uint32_t i = 1; i < n; i++)
		if (tl->tree_pulls[i] && f->trees[i].tree != TREE_NONE)
			names[i] = f->trees[i].name;
		else if (tl->tree_pulls[i])
			fold = i;
	shown_names_init(&l->sn, names, n, fixed, f->fold_name ? 2 : 1,
			 l->name_chars);
	free(names);
	l->rows = xcalloc(n + 1, sizeof(*l->rows));
	for (uint32_t k = 0; k < tl->direct_nr; k++)
		direct += tl->direct[k].commits;
	add_row(l, DIRECT_NAME, 0, direct, tl->direct_nr);
	for (uint32_t i = 1; i < n; i++)
		if (tl->tree_pulls[i] && i != fold)
			add_row(l, l->sn.name[i], i, tree_commits(tl, i),
				tl->tree_pulls[i]);
	if (fold != HIST_NONE)
		add_row(l, f->fold_name, fold, tree_commits(tl, fold),
			tl->tree_pulls[fold]);
}

/* --- time ---------------------------------------------------------------- */

/* The band edges: the first phase's first day's start, then each
 * phase's last commit, never going back (a tag's date before its
 * predecessor's), the axis from the first day's start to the last day's
 * end. */
static void
make_edges(struct layout *l)
{
	const struct phases *ph = &l->tl->ph;

	l->edge = xcalloc(ph->nr + 1, sizeof(*l->edge));
	if (!ph->nr) {
		l->t0 = 0;
		l->t1 = 86400;
		return;
	}
	/* the first band from its first day's start: a phase of one
	 * commit is a band all the same */
	l->t0 = (double)phases_day(ph->v[0].first_time) * 86400;
	l->edge[0] = l->t0;
	for (uint32_t k = 0; k < ph->nr; k++) {
		double e = (double)ph->v[k].last_time;

		l->edge[k + 1] = e > l->edge[k] ? e : l->edge[k];
	}
	l->t1 = (double)(phases_day((int64_t)l->edge[ph->nr]) + 1) * 86400;
}

/* Where a pull of phase k at time t is drawn: in its band. */
static double
pull_x(const struct layout *l, uint32_t k, double t)
{
	double a = l->edge[k], b = l->edge[k + 1];

	if (t < a)
		t = a;
	if (t > b)
		t = b;
	return x_of(l, t);
}

static double
day_x(const struct layout *l, int64_t day)
{
	return x_of(l, (double)day * 86400 + 43200);
}

/* The step between dates on the axis: days (1, 2, 7, 14), else months
 * (-1, -2, -3, -6, -12), the first leaving room for each date. */
static void
tick_step(struct cchart *cc, struct layout *l)
{
	static const int64_t steps[] = { 1, 2, 7, 14, -1, -2, -3, -6, -12 };
	double w = cchart_width(cc, "2026-12-31", 20) + GAP;
	double per_day = (l->right - l->left) / ((l->t1 - l->t0) / 86400);

	for (size_t k = 0; k < ARRAY_SIZE(steps); k++) {
		double d = steps[k] > 0 ? (double)steps[k] :
			   -28.0 * (double)steps[k];

		l->tick_days = steps[k];
		if (d * per_day >= w)
			return;
	}
	l->tick_days = -24;
}

/* The dates on the axis, one call of fn each: a tick's day. */
static void
each_tick(const struct layout *l, void (*fn)(const struct layout *l,
					     int64_t day, void *ctx),
	  void *ctx)
{
	int64_t first = (int64_t)floor(l->t0 / 86400);
	int64_t last = (int64_t)ceil(l->t1 / 86400);

	for (int64_t d = first; d <= last; d++) {
		time_t t = (time_t)(d * 86400);
		struct tm tm;

		if (!gmtime_r(&t, &tm))
			continue;
		if (l->tick_days > 0) {
			/* weeks from Mondays (the epoch's day was a
			 * Thursday) */
			int64_t base = l->tick_days >= 7 ? d + 3 : d;

			if (((base % l->tick_days) + l->tick_days) %
			    l->tick_days)
				continue;
		} else if (tm.tm_mday != 1 ||
			   (tm.tm_mon % (int)-l->tick_days)) {
			continue;
		}
		if ((double)d * 86400 < l->t0 || (double)d * 86400 > l->t1)
			continue;
		fn(l, d, ctx);
	}
}

/* --- labels above the rows ---------------------------------------------- */

/* Each label to the first tier where it overlaps none; none: left out.
 * Labels come left to right, so a tier's last end is all it needs. */
static int
place(struct label *v, uint32_t n, double lo, double hi, uint32_t *left_out)
{
	double end[TIERS];
	int used = 0;

	for (int t = 0; t < TIERS; t++)
		end[t] = -1e9;
	for (uint32_t k = 0; k < n; k++) {
		double a, b;

		v[k].tier = -1;
		if (!v[k].s)
			continue;
		/* kept within the chart */
		if (v[k].x - v[k].w / 2 < lo)
			v[k].x = lo + v[k].w / 2;
		if (v[k].x + v[k].w / 2 > hi)
			v[k].x = hi - v[k].w / 2;
		a = v[k].x - v[k].w / 2;
		b = v[k].x + v[k].w / 2;
		for (int t = 0; t < TIERS; t++)
			if (a >= end[t] + GAP) {
				v[k].tier = t;
				end[t] = b;
				if (t + 1 > used)
					used = t + 1;
				break;
			}
		if (v[k].tier < 0)
			(*left_out)++;
	}
	return used;
}

static void
make_labels(struct cchart *cc, struct layout *l)
{
	const struct phases *ph = &l->tl->ph;

	l->tags = xcalloc(ph->nr + 1, sizeof(*l->tags));
	l->names = xcalloc(ph->nr ? ph->nr : 1, sizeof(*l->names));
	for (uint32_t k = 0; k <= ph->nr && ph->nr; k++) {
		const char *s = k ? ph->v[k - 1].end_tag : ph->v[0].start_tag;

		l->tags[k] = (struct label){ s, x_of(l, l->edge[k]),
			s ? cchart_width(cc, s, NAME_CHARS) : 0, -1 };
	}
	for (uint32_t k = 0; k < ph->nr; k++)
		l->names[k] = (struct label){ ph->v[k].name,
			(x_of(l, l->edge[k]) + x_of(l, l->edge[k + 1])) / 2,
			cchart_width(cc, ph->v[k].name, NAME_CHARS), -1 };
	l->tag_tiers = place(l->tags, ph->nr ? ph->nr + 1 : 0, MARGIN,
			     l->width - MARGIN, &l->left_out);
	l->name_tiers = place(l->names, ph->nr, l->left, l->right + R_MAX,
			      &l->left_out);
}

/* --- the layout ------------------------------------------------------- */

static double
max_commits(const struct timeline *tl)
{
	double m = 1;

	/* a row's pulls that one merge brought are one disc (draw_marks) */
	for (uint32_t i = 0; i < tl->trees_nr; i++) {
		double sum = 0;
		uint32_t last = HIST_NONE;

		for (uint32_t k = 0; k < tl->tree_pulls[i]; k++) {
			const struct timeline_pull *p =
				&tl->pulls[tl->by_tree[tl->tree_first[i] + k]];

			sum = p->arrived == last ? sum + p->commits :
			      p->commits;
			last = p->arrived;
			if (sum > m)
				m = sum;
		}
	}
	for (uint32_t k = 0; k < tl->direct_nr; k++)
		if (tl->direct[k].commits > m)
			m = tl->direct[k].commits;
	return m;
}

static const char *
plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

static void
make_texts(struct cchart *cc, struct layout *l)
{
	const struct timeline *tl = l->tl;
	struct buf b = BUF_INIT;

	buf_printf(&b, "%s: when the mainline pulled each tree, %s",
		   l->f->repo ? l->f->repo : "", l->f->range ? l->f->range :
		   "");
	cchart_font(cc, TITLE_SIZE, 1);
	l->title = cchart_wrapped(cc, b.data, l->width - 2 * MARGIN, &l->title2);
	b.len = 0;
	buf_printf(&b, "%u pull%s of %u tree%s, %u commit%s, %u of them "
		   "pulled after the merge window", tl->pulls_nr,
		   plural(tl->pulls_nr), l->rows_nr - 1,
		   plural(l->rows_nr - 1), tl->commits, plural(tl->commits),
		   tl->pulled_late);
	timeline_late_from(tl, &b);
	cchart_font(cc, FONT_SIZE, 0);
	l->subtitle = cchart_wrapped(cc, b.data, l->width - 2 * MARGIN,
			      &l->subtitle2);
	/* How the phases are cut, on the note's line: on the subtitle's
	 * it was cut off once the late figure named its tag. */
	b.len = 0;
	if (any_shared(l))
		buf_puts(&b, "a number in a disc: the pulls one merge brought "
			 "to the line; ");
	if (any_tag(l))
		buf_puts(&b, "a tick on a row: when the pull's tag was made "
			 "(its tagger date); ");
	buf_puts(&b, "phases cut by the mainline's first-parent line");
	if (l->sn.shortened)
		buf_puts(&b, "; ");
	shown_names_note(&l->sn, &b);
	if (l->left_out)
		buf_printf(&b, "%s%u label%s left out where %s would overlap",
			   b.len ? "; " : "", l->left_out,
			   l->left_out == 1 ? "" : "s",
			   l->left_out == 1 ? "it" : "they");
	l->note = b.len ? cchart_fitted(cc, b.data, l->width - 2 * MARGIN) : NULL;
	buf_release(&b);
}

static double legend_walk(struct cchart *cc, const struct layout *l,
			  int draw);

/* The narrowest page the chart lays out on, in points (4 inches): the
 * names, the counts and a plot that can still show a cycle's days. */
#define WIDTH_MIN 288.0

/* The row names' length for the page: their column a quarter of it or
 * so, from 22 characters ("direct to the mainline" whole) to
 * NAME_CHARS. */
static size_t
name_chars_for(double width)
{
	double n = 0.28 * width / (0.6 * FONT_SIZE);

	return n >= NAME_CHARS ? NAME_CHARS : n <= 22 ? 22 : (size_t)n;
}

/* cchart_page's layout: the page's width for --size (l->pr), then
 * every place measured. */
static void
layout(struct cchart *cc, void *data)
{
	struct layout *l = data;
	double names_w = 0, counts_w;

	l->width = cchart_page_width(l->pr ? l->pr->width : 0, WIDTH,
				     WIDTH_MIN);
	l->name_chars = l->pr && l->pr->width > 0 ?
			name_chars_for(l->width) : NAME_CHARS;

	make_rows(l);
	make_edges(l);
	l->max_commits = max_commits(l->tl);
	cchart_font(cc, FONT_SIZE, 0);
	for (uint32_t r = 0; r < l->rows_nr; r++) {
		double w = cchart_width(cc, l->rows[r].name, l->name_chars);

		if (w > names_w)
			names_w = w;
	}
	counts_w = cchart_width(cc, "commits", 20) + GAP +
		   cchart_width(cc, "pulls", 20) + GAP;
	l->left = MARGIN + names_w + GAP + R_MAX;
	l->right = l->width - MARGIN - counts_w - R_MAX;
	make_labels(cc, l);
	tick_step(cc, l);
	make_texts(cc, l);
	l->title_h = MARGIN + TITLE_SIZE + (l->title2 ? TITLE_SIZE * 1.3 : 0) +
		     LINE * (l->subtitle2 ? 2 : 1);
	l->header_top = l->title_h + 6;
	l->rows_top = l->header_top + (double)(l->tag_tiers + l->name_tiers +
		      1) * LINE + R_MAX;
	l->axis_y = l->rows_top + ((double)l->rows_nr + 0.5) * ROW_H +
		    R_MAX / 2;
	l->legend_y = l->axis_y + LINE + 14;
	l->legend_lines = 1;
	if (legend_walk(cc, l, 0) > l->width - MARGIN)
		l->legend_lines = 2;
	l->height = l->legend_y + 2 * R_MAX * l->legend_lines +
		    LINE * (l->note ? 2 : 1) +
		    MARGIN;
}

static void
layout_release(void *data)
{
	struct layout *l = data;

	shown_names_release(&l->sn);
	free(l->rows);
	free(l->edge);
	free(l->tags);
	free(l->names);
	free(l->title);
	free(l->subtitle);
	free(l->title2);
	free(l->subtitle2);
	free(l->note);
}

/* --- drawing ------------------------------------------------------------ */

static double
row_y(const struct layout *l, uint32_t r)
{
	/* the direct commits' row set apart from the trees' */
	return l->rows_top + ((double)r + 0.5) * ROW_H + (r ? ROW_H / 2 : 0);
}

static double
radius(const struct layout *l, uint32_t commits)
{
	double r = R_MAX * sqrt((double)commits / l->max_commits);

	return r < R_MIN ? R_MIN : r;
}

static void
disc(struct cchart *cc, double x, double y, double r, size_t colour,
     int hollow)
{
	cairo_new_sub_path(cc->cr);
	cairo_arc(cc->cr, x, y, r, 0, 2 * M_PI);
	if (!hollow) {
		cchart_colour(cc, colour, 0.45);
		cairo_fill_preserve(cc->cr);
	}
	cchart_colour(cc, colour, 0.9);
	cairo_set_line_width(cc->cr, 0.7);
	cairo_stroke(cc->cr);
}

static void
draw_bands(struct cchart *cc, const struct layout *l)
{
	const struct phases *ph = &l->tl->ph;
	double top = l->header_top + (double)l->tag_tiers * LINE + 2;
	double bottom = l->axis_y;

	for (uint32_t k = 0; k < ph->nr; k++) {
		double a = x_of(l, l->edge[k]), b = x_of(l, l->edge[k + 1]);

		cchart_grey(cc, k % 2 ? 0.975 : 0.92);
		cairo_rectangle(cc->cr, a, top, b - a, bottom - top);
		cairo_fill(cc->cr);
	}
	cairo_set_line_width(cc->cr, 0.8);
	for (uint32_t k = 0; k <= ph->nr && ph->nr; k++) {
		double x = x_of(l, l->edge[k]);

		cchart_grey(cc, 0.55);
		cairo_move_to(cc->cr, x, top - 2);
		cairo_line_to(cc->cr, x, bottom);
		cairo_stroke(cc->cr);
	}
}

static void
draw_labels(struct cchart *cc, const struct layout *l)
{
	const struct phases *ph = &l->tl->ph;
	double names_top = l->header_top + (double)l->tag_tiers * LINE;

	cchart_font(cc, FONT_SIZE, 0);
	cchart_grey(cc, 0.25);
	for (uint32_t k = 0; k <= ph->nr && ph->nr; k++)
		if (l->tags[k].tier >= 0)
			cchart_text(cc, l->tags[k].x, l->header_top +
				    (double)(l->tag_tiers - 1 -
					     l->tags[k].tier) * LINE +
				    FONT_SIZE, 0, 0.5, l->tags[k].s,
				    NAME_CHARS);
	cchart_font(cc, FONT_SIZE, 1);
	cchart_grey(cc, 0.1);
	for (uint32_t k = 0; k < ph->nr; k++)
		if (l->names[k].tier >= 0)
			cchart_text(cc, l->names[k].x, names_top +
				    (double)l->names[k].tier * LINE +
				    FONT_SIZE + 3, 0, 0.5, l->names[k].s,
				    NAME_CHARS);
}

/* Row names at the left, commits and pulls at the right, a faint line
 * across. */
static void
draw_rows(struct cchart *cc, const struct layout *l)
{
	double pulls_x = l->width - MARGIN;
	double commits_x;

	cchart_font(cc, FONT_SIZE, 0);
	commits_x = pulls_x - cchart_width(cc, "pulls", 20) - GAP;
	cchart_grey(cc, 0.35);
	cchart_text(cc, commits_x, l->rows_top - R_MAX - 2, 0, 1, "commits",
		    20);
	cchart_text(cc, pulls_x, l->rows_top - R_MAX - 2, 0, 1,
		    l->rows_nr ? "pulls" : "", 20);
	for (uint32_t r = 0; r < l->rows_nr; r++) {
		const struct row *w = &l->rows[r];
		double y = row_y(l, r);
		char num[24];

		cchart_grey(cc, 0.8);
		cairo_set_line_width(cc->cr, 0.4);
		cairo_move_to(cc->cr, l->left - R_MAX, y);
		cairo_line_to(cc->cr, l->right + R_MAX, y);
		cairo_stroke(cc->cr);
		if (r)
			cchart_grey(cc, 0.1);
		else
			cchart_colour(cc, 0, 1);
		cchart_text(cc, l->left - R_MAX - GAP, y + FONT_SIZE * 0.35, 0,
			    1, w->name, l->name_chars);
		cchart_grey(cc, 0.1);
		snprintf(num, sizeof(num), "%u", w->commits);
		cchart_text(cc, commits_x, y + FONT_SIZE * 0.35, 0, 1, num, 20);
		snprintf(num, sizeof(num), "%u", w->pulls);
		cchart_text(cc, pulls_x, y + FONT_SIZE * 0.35, 0, 1,
			    r ? num : "", 20);
	}
}

/* The discs, the largest first in each row so that none hides a smaller
 * one: rows drawn bottom up, pulls by size. */
struct mark {
	double x, y, r;
	uint32_t commits;
	size_t colour;
	uint32_t pulls;		/* drawn as one disc: more than one is
				 * said by its count */
};

static int
cmp_mark(const void *a, const void *b)
{
	const struct mark *x = a, *y = b;

	if (x->r != y->r)
		return x->r < y->r ? 1 : -1;
	if (x->y != y->y)
		return x->y < y->y ? -1 : 1;
	return (x->x > y->x) - (x->x < y->x);
}

/* x of time t on the axis, kept inside it. */
static double
clamped_x(const struct layout *l, double t)
{
	return x_of(l, t < l->t0 ? l->t0 : t > l->t1 ? l->t1 : t);
}

/* When each tagged pull was asked for: a tick on its row at its tag's
 * tagger date, joined to its disc by a hairline; over the discs, so a
 * tag made hours before its merge still shows. */
static void
draw_tags(struct cchart *cc, const struct layout *l)
{
	const struct timeline *tl = l->tl;

	for (uint32_t r = 1; r < l->rows_nr; r++) {
		uint32_t i = l->rows[r].tree;

		for (uint32_t k = 0; k < tl->tree_pulls[i]; k++) {
			const struct timeline_pull *p =
				&tl->pulls[tl->by_tree[tl->tree_first[i] + k]];
			double y = row_y(l, r), x, at;

			if (!p->tagged)
				continue;
			x = clamped_x(l, (double)p->tag_time);
			at = pull_x(l, p->phase, (double)p->line_time);
			cchart_grey(cc, 0.45);
			cairo_set_line_width(cc->cr, 0.6);
			cairo_move_to(cc->cr, x, y);
			cairo_line_to(cc->cr, at, y);
			cairo_stroke(cc->cr);
			cchart_grey(cc, 0.1);
			cairo_set_line_width(cc->cr, 1.4);
			cairo_move_to(cc->cr, x, y - ROW_H * 0.42);
			cairo_line_to(cc->cr, x, y + ROW_H * 0.42);
			cairo_stroke(cc->cr);
		}
	}
}

/* The count of the pulls a disc stands for, where it is more than one:
 * in the disc when it fits, else at its right. */
static void
draw_counts(struct cchart *cc, const struct mark *m, size_t n)
{
	char num[24];

	cchart_font(cc, FONT_SIZE * 0.9, 1);
	for (size_t k = 0; k < n; k++) {
		double w;

		if (m[k].pulls < 2)
			continue;
		snprintf(num, sizeof(num), "%u", m[k].pulls);
		w = cchart_width(cc, num, 8);
		cchart_grey(cc, 0.05);
		if (w + 2 <= 2 * m[k].r)
			cchart_text(cc, m[k].x, m[k].y + FONT_SIZE * 0.28, 0,
				    0.5, num, 8);
		else
			cchart_text(cc, m[k].x + m[k].r + 2,
				    m[k].y + FONT_SIZE * 0.28, 0, 0, num, 8);
	}
	cchart_font(cc, FONT_SIZE, 0);
}

static void
draw_marks(struct cchart *cc, const struct layout *l)
{
	const struct timeline *tl = l->tl;
	struct mark *m = xcalloc(tl->pulls_nr + tl->direct_nr + 1,
				 sizeof(*m));
	size_t n = 0;

	for (uint32_t k = 0; k < tl->direct_nr; k++)
		m[n++] = (struct mark){ day_x(l, tl->direct[k].day),
			row_y(l, 0), radius(l, tl->direct[k].commits),
			tl->direct[k].commits, 0, 0 };
	for (uint32_t r = 1; r < l->rows_nr; r++) {
		uint32_t i = l->rows[r].tree, last = HIST_NONE;

		for (uint32_t k = 0; k < tl->tree_pulls[i]; k++) {
			const struct timeline_pull *p =
				&tl->pulls[tl->by_tree[tl->tree_first[i] + k]];
			double x = pull_x(l, p->phase, (double)p->line_time);

			/* Pulls that reached the line in one merge (of
			 * next) share its place: one disc for them all,
			 * not concentric ones hiding each other. */
			if (k && p->arrived == last) {
				m[n - 1].commits += p->commits;
				m[n - 1].r = radius(l, m[n - 1].commits);
				m[n - 1].pulls++;
				continue;
			}
			last = p->arrived;
			m[n++] = (struct mark){ x, row_y(l, r),
				radius(l, p->commits), p->commits, 1, 1 };
		}
	}
	qsort(m, n, sizeof(*m), cmp_mark);
	for (size_t k = 0; k < n; k++)
		disc(cc, m[k].x, m[k].y, m[k].r, m[k].colour, !m[k].commits);
	draw_counts(cc, m, n);
	free(m);
	draw_tags(cc, l);
}

static void
tick(const struct layout *l, int64_t day, void *ctx)
{
	struct cchart *cc = ctx;
	double x = x_of(l, (double)day * 86400);
	struct buf b = BUF_INIT;

	cchart_grey(cc, 0.3);
	cairo_set_line_width(cc->cr, 0.8);
	cairo_move_to(cc->cr, x, l->axis_y);
	cairo_line_to(cc->cr, x, l->axis_y + 4);
	cairo_stroke(cc->cr);
	buf_add_day(&b, day * 86400);
	cchart_text(cc, x, l->axis_y + 5 + FONT_SIZE, 0, 0.5, b.data, 20);
	buf_release(&b);
}

static void
draw_axis(struct cchart *cc, const struct layout *l)
{
	cchart_font(cc, FONT_SIZE, 0);
	cchart_grey(cc, 0.3);
	cairo_set_line_width(cc->cr, 0.8);
	cairo_move_to(cc->cr, l->left - R_MAX, l->axis_y);
	cairo_line_to(cc->cr, l->right + R_MAX, l->axis_y);
	cairo_stroke(cc->cr);
	each_tick(l, tick, cc);
}

/* Three sizes for scale, and what the marks are: drawn when draw is
 * set, else measured; the direct commits' entry on a line of its own
 * when the page is too narrow for one (l->legend_lines).  Returns the
 * first line's right end. */
static double
legend_walk(struct cchart *cc, const struct layout *l, int draw)
{
	static const char what[] = "a disc's area: the commits a pull brought";
	static const char direct[] =
		"direct commits: a disc a day, on the same scale";
	double y = l->legend_y + R_MAX, x, end;
	uint32_t big = (uint32_t)l->max_commits, mid = big / 4;
	uint32_t sizes[3] = { 1, mid > 1 ? mid : 0, big > 1 ? big : 0 };
	char num[24];

	cchart_font(cc, FONT_SIZE, 0);
	cchart_grey(cc, 0.1);
	if (draw)
		cchart_text(cc, MARGIN, y + FONT_SIZE * 0.35, 0, 0, what, 60);
	x = MARGIN + cchart_width(cc, what, 60) + 2 * GAP + R_MAX;
	for (size_t k = 0; k < 3; k++) {
		double r;

		if (!sizes[k] || (k && sizes[k] == sizes[k - 1]))
			continue;
		r = radius(l, sizes[k]);
		snprintf(num, sizeof(num), "%u", sizes[k]);
		if (draw) {
			disc(cc, x, y, r, 1, 0);
			cchart_grey(cc, 0.1);
			cchart_text(cc, x + r + 4, y + FONT_SIZE * 0.35, 0, 0,
				    num, 20);
		}
		x += r + 4 + cchart_width(cc, num, 20) + 2 * GAP + R_MAX;
	}
	end = x + radius(l, 1) + 6 + cchart_width(cc, direct, 60);
	if (l->legend_lines > 1) {
		x = MARGIN + R_MAX;
		y += 2 * R_MAX;
	}
	if (draw) {
		disc(cc, x, y, radius(l, 1), 0, 0);
		cchart_grey(cc, 0.1);
		cchart_text(cc, x + radius(l, 1) + 6, y + FONT_SIZE * 0.35, 0,
			    0, direct, 60);
	}
	if (draw && l->note) {
		cchart_grey(cc, 0.35);
		cchart_text(cc, MARGIN, y + R_MAX + LINE, 0, 0, l->note,
			    TITLE_CHARS);
	}
	return end;
}

static void
draw_legend(struct cchart *cc, const struct layout *l)
{
	legend_walk(cc, l, 1);
}

static void
draw(struct cchart *cc, const void *data)
{
	const struct layout *l = data;
	double y = MARGIN + TITLE_SIZE;

	cchart_rgb(cc, 1, 1, 1);
	cairo_paint(cc->cr);
	cchart_font(cc, TITLE_SIZE, 1);
	cchart_grey(cc, 0);
	cchart_text(cc, MARGIN, y, 0, 0, l->title, TITLE_CHARS);
	if (l->title2) {
		y += TITLE_SIZE * 1.3;
		cchart_text(cc, MARGIN, y, 0, 0, l->title2, TITLE_CHARS);
	}
	cchart_font(cc, FONT_SIZE, 0);
	cchart_grey(cc, 0.3);
	y += LINE;
	cchart_text(cc, MARGIN, y, 0, 0, l->subtitle, TITLE_CHARS);
	if (l->subtitle2)
		cchart_text(cc, MARGIN, y + LINE, 0, 0, l->subtitle2,
			    TITLE_CHARS);
	draw_bands(cc, l);
	draw_labels(cc, l);
	draw_rows(cc, l);
	draw_marks(cc, l);
	draw_axis(cc, l);
	draw_legend(cc, l);
}


/* --size: one line on stderr, as the flow chart's, saying what was
 * folded for the page, the smallest text and the page's height. */
static void
say_folded(const void *data)
{
	const struct layout *l = data;
	const struct timeline_print *pr = l->pr;
	struct buf b = BUF_INIT;
	double small = any_shared(l) ? FONT_SIZE * 0.9 : FONT_SIZE;

	if (!pr || pr->width <= 0 || !pr->size_arg)
		return;

	if (pr->width < WIDTH_MIN)
		buf_puts(&b, "drawn 4in wide, the narrowest the timeline "
			 "lays out");
	if (l->name_chars < NAME_CHARS)
		buf_printf(&b, "%snames cut to %zu characters",
			   b.len ? ", " : "", l->name_chars);
	if (l->legend_lines > 1)
		buf_printf(&b, "%slegend in two lines", b.len ? ", " : "");
	if (l->title2 || l->subtitle2)
		buf_printf(&b, "%sheadings wrapped", b.len ? ", " : "");
	cchart_say_page(pr->size_arg, &b, small, l->height, pr->min_font,
			"timeline");
	buf_release(&b);
}

int
render_timeline_chart(const struct flow *f, const struct timeline *tl,
		      enum format fmt, int64_t when,
		      const struct timeline_print *pr, struct buf *out)
{
	struct layout l = { .f = f, .tl = tl, .pr = pr };
	const struct cchart_page pg = { layout, say_folded, draw,
		layout_release, &l, &l.width, &l.height, PNG_SCALE,
		"timeline chart" };

	return cchart_page_render(&pg, fmt, when, out);
}
