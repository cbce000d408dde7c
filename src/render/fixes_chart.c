/*
 * render/fixes_chart.c - the chart of where the bugs came from (the
 * header says what it shows).
 *
 * The layout is settled once, text measured by cairo on a scratch
 * surface (struct layout), then drawn into the format asked for.  The
 * page's width decides how many releases get a column of their own:
 * the names' column takes what the names need (cut as the timeline
 * chart cuts them), each release column what its label or a count
 * needs, and the earliest releases share one column ("earlier") when
 * they would not fit.  The text keeps its size (FONT_SIZE, over
 * --min-font's default): a narrow page folds, it does not shrink.
 */
#include "render/fixes_chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/cairo_chart.h"
#include "render/names.h"

#define WIDTH 1000.0
#define WIDTH_MIN 288.0		/* 4 inches, as the timeline's */
#define MARGIN 16.0
#define FONT_SIZE 10.0
#define TITLE_SIZE 15.0
#define LINE (FONT_SIZE * 1.45)
#define CELL_H 18.0
#define PAD 5.0			/* in a cell, either side of its text */
#define GAP 10.0
#define NAME_CHARS 40
#define LABEL_CHARS 24		/* a release's name in its column */
#define PNG_SCALE 2.0
#define BLUE 1			/* chart_palette's */

/* A column of the table: the chart's columns lo..hi (the releases,
 * then releases_nr: in none yet). */
struct column {
	const char *label;
	uint32_t lo, hi;
	double x, w;
};

/* A text wrapped into lines for the page. */
#define LINES_MAX 4
struct lines {
	char *v[LINES_MAX];
	uint32_t nr;
};

struct layout {
	const struct flow *f;
	const struct timeline_print *pr;	/* the page asked for */
	const struct fixes_chart *ch;
	double width;
	size_t name_chars;
	struct shown_names sn;
	uint32_t rows_nr;	/* shown, the fold row included */
	uint32_t folded;	/* trees in the fold row */
	char *fold_name;
	struct column *cols;	/* the releases', then all's */
	uint32_t cols_nr;
	uint32_t earlier;	/* releases in the "earlier" column */
	uint32_t max_cell;
	double names_w, table_top, bars_top, height;
	/* the headings and notes, wrapped for the page */
	struct lines title, subtitle, head, note, life;
	double bin_w;		/* the lifetime bins' labels' column */
};

static const char *
plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

/* --- the table's figures ------------------------------------------- */

/* Row r's pairs in the chart's columns lo..hi (the fold: its trees). */
static uint32_t
cell(const struct layout *l, uint32_t r, uint32_t lo, uint32_t hi)
{
	const struct fixes_chart *ch = l->ch;
	uint32_t cols = ch->releases_nr + 1, n = 0;
	uint32_t first = r, last = r;

	if (l->folded && r == l->rows_nr - 1)
		last = ch->origins_nr - 1;
	for (uint32_t o = first; o <= last; o++)
		for (uint32_t c = lo; c <= hi; c++)
			n += ch->cells[(size_t)o * cols + c];
	return n;
}

/* The pairs of the chart's columns lo..hi, all rows. */
static uint32_t
column_pairs(const struct layout *l, uint32_t lo, uint32_t hi)
{
	uint32_t n = 0;

	for (uint32_t r = 0; r < l->rows_nr; r++)
		n += cell(l, r, lo, hi);
	return n;
}

static void
make_rows(struct layout *l)
{
	const struct fixes_chart *ch = l->ch;
	uint32_t n = ch->origins_nr;
	const char *fixed[1];
	struct buf b = BUF_INIT;

	if (n > FIXES_CHART_ROWS) {
		l->folded = n - (FIXES_CHART_ROWS - 1);
		n = FIXES_CHART_ROWS - 1;
		buf_printf(&b, "%u other trees", l->folded);
		l->fold_name = b.data;
	}
	fixed[0] = l->fold_name;
	shown_names_init(&l->sn, ch->origins, n, fixed, l->fold_name ? 1 : 0,
			 l->name_chars);
	l->rows_nr = n + (l->folded ? 1 : 0);
}

static const char *
row_name(const struct layout *l, uint32_t r)
{
	return l->folded && r == l->rows_nr - 1 ? l->fold_name :
	       l->sn.name[r];
}

/* The columns, when the earliest `earlier` releases share one: that
 * one, the other releases, none yet (when it holds any), all. */
static void
make_columns(struct layout *l, uint32_t earlier)
{
	const struct fixes_chart *ch = l->ch;
	uint32_t n = 0, none = ch->releases_nr;

	free(l->cols);
	l->cols = xcalloc(ch->releases_nr + 3, sizeof(*l->cols));
	l->earlier = earlier;
	if (earlier)
		l->cols[n++] = (struct column){
			"earlier", 0, earlier - 1, 0, 0 };
	for (uint32_t k = earlier; k < ch->releases_nr; k++)
		l->cols[n++] = (struct column){ ch->releases[k], k, k, 0, 0 };
	if (column_pairs(l, none, none))
		l->cols[n++] = (struct column){ "none yet", none, none, 0, 0 };
	l->cols[n++] = (struct column){ "all", 0, none, 0, 0 };
	l->cols_nr = n;
}

/* The columns' widths and places from x on; returns their right end. */
static double
place_columns(struct cchart *cc, struct layout *l, double x)
{
	char num[16];

	cchart_font(cc, FONT_SIZE, 0);
	for (uint32_t k = 0; l->rows_nr && k < l->cols_nr; k++) {
		struct column *c = &l->cols[k];
		double w = cchart_width(cc, c->label, LABEL_CHARS);
		double nw;

		snprintf(num, sizeof(num), "%u",
			 column_pairs(l, c->lo, c->hi));
		nw = cchart_width(cc, num, 16);
		c->w = (w > nw ? w : nw) + 2 * PAD;
		c->x = x;
		x += c->w;
	}
	return x;
}

/* As many releases their own column as the page has room for. */
static void
fit_columns(struct cchart *cc, struct layout *l)
{
	uint32_t earlier = 0, rel = l->ch->releases_nr;

	for (;;) {
		make_columns(l, earlier);
		if (place_columns(cc, l, MARGIN + l->names_w + GAP) <=
		    l->width - MARGIN || earlier + 1 >= rel)
			break;
		/* "earlier" itself takes the first fold's room */
		earlier += earlier ? 1 : 2;
	}
	l->max_cell = 0;
	for (uint32_t r = 0; r < l->rows_nr; r++)
		for (uint32_t k = 0; k + 1 < l->cols_nr; k++) {
			uint32_t v = cell(l, r, l->cols[k].lo, l->cols[k].hi);

			if (v > l->max_cell)
				l->max_cell = v;
		}
}

/* --- the texts -------------------------------------------------------- */

static void
add_days(struct buf *b, int64_t s)
{
	long tenths = (long)llround((double)s * 10 / 86400);

	/* Tenths by hand: a locale's decimal comma stays out. */
	buf_printf(b, "%s%ld.%ld", tenths < 0 ? "-" : "", labs(tenths) / 10,
		   labs(tenths) % 10);
}

/* The end of the longest start of s (up to a space) that fits in w at
 * the current font; s's first word's end when none does. */
static size_t
fitting(struct cchart *cc, const char *s, double w)
{
	size_t fit = 0, len = strlen(s);

	for (size_t k = 1; k <= len; k++) {
		char *head;
		int ok;

		if (k < len && s[k] != ' ')
			continue;
		head = xstrndup(s, k);
		ok = cchart_width(cc, head, CCHART_LINE_CHARS) <= w;
		free(head);
		if (!ok && fit)
			break;
		fit = k;
		if (!ok)
			break;
	}
	return fit;
}

/* s broken at spaces into lines of w at the current font, the last of
 * LINES_MAX cut to fit. */
static void
wrap(struct cchart *cc, const char *s, double w, struct lines *out)
{
	while (*s && out->nr < LINES_MAX) {
		size_t k = out->nr + 1 < LINES_MAX ? fitting(cc, s, w) :
			   strlen(s);
		char *line = xstrndup(s, k);

		out->v[out->nr++] = cchart_fitted(cc, line, w);
		free(line);
		s += k;
		while (*s == ' ')
			s++;
	}
}

static void
lines_release(struct lines *l)
{
	for (uint32_t k = 0; k < l->nr; k++)
		free(l->v[k]);
}

/* The lines at (x, y), the first's baseline, each step lower. */
static void
draw_lines(struct cchart *cc, const struct lines *l, double y, double step)
{
	for (uint32_t k = 0; k < l->nr; k++)
		cchart_text(cc, MARGIN, y + k * step, 0, 0, l->v[k],
			    CCHART_LINE_CHARS);
}

static void
make_texts(struct cchart *cc, struct layout *l)
{
	const struct fixes_chart *ch = l->ch;
	double w = l->width - 2 * MARGIN;
	struct buf b = BUF_INIT;

	buf_printf(&b, "%s: where the bugs fixed in %s came from",
		   l->f->repo ? l->f->repo : "",
		   l->f->range ? l->f->range : "");
	cchart_font(cc, TITLE_SIZE, 1);
	wrap(cc, b.data, w, &l->title);
	b.len = 0;
	buf_printf(&b, "%u commit%s naming %u target%s (fix or revert): "
		   "%u unresolved, %u not in the history to the range's "
		   "end, %u brought in the range itself", ch->commits,
		   plural(ch->commits), ch->pairs, plural(ch->pairs),
		   ch->unresolved, ch->unplaced, ch->same_range);
	cchart_font(cc, FONT_SIZE, 0);
	wrap(cc, b.data, w, &l->subtitle);
	b.len = 0;
	if (l->rows_nr)
		buf_puts(&b, "a cell: the pairs (fixing commit, target) whose "
			 "target that tree brought and that release first "
			 "held; darker, more");
	else
		buf_puts(&b, "no commit of the range names a commit of the "
			 "history to its end");
	if (l->earlier)
		buf_printf(&b, "; earlier: %s to %s", ch->releases[0],
			   ch->releases[l->earlier - 1]);
	if (l->sn.shortened)
		buf_puts(&b, "; ");
	shown_names_note(&l->sn, &b);
	wrap(cc, b.data, w, &l->note);
	b.len = 0;
	buf_printf(&b, "how long the bugs lived: days from the target's "
		   "arrival to its fix's, %u pair%s", ch->life_n,
		   plural(ch->life_n));
	if (ch->life_n) {
		buf_puts(&b, " (median ");
		add_days(&b, ch->median);
		buf_puts(&b, " days, 90th percentile ");
		add_days(&b, ch->p90);
		buf_puts(&b, " days)");
	}
	cchart_font(cc, FONT_SIZE, 1);
	wrap(cc, b.data, w, &l->life);
	wrap(cc, "tree that brought the bug, by release that first held it",
	     w, &l->head);
	buf_release(&b);
}

/* The row names' length for the page, as the timeline chart's. */
static size_t
name_chars_for(double width)
{
	double n = 0.28 * width / (0.6 * FONT_SIZE);

	return n >= NAME_CHARS ? NAME_CHARS : n <= 16 ? 16 : (size_t)n;
}

/* cchart_page's layout: the page's width for --size (l->pr), then
 * every place measured. */
static void
layout(struct cchart *cc, void *data)
{
	struct layout *l = data;

	l->width = cchart_page_width(l->pr ? l->pr->width : 0, WIDTH,
				     WIDTH_MIN);
	l->name_chars = l->pr && l->pr->width > 0 ?
			name_chars_for(l->width) : NAME_CHARS;
	make_rows(l);
	cchart_font(cc, FONT_SIZE, 0);
	l->names_w = 0;
	for (uint32_t r = 0; r < l->rows_nr; r++) {
		double w = cchart_width(cc, row_name(l, r), l->name_chars);

		if (w > l->names_w)
			l->names_w = w;
	}
	fit_columns(cc, l);
	make_texts(cc, l);
	l->bin_w = 0;
	for (unsigned k = 0; k < FIXES_BINS; k++) {
		double w = cchart_width(cc, fixes_bin_label(k), 40);

		if (w > l->bin_w)
			l->bin_w = w;
	}
	l->table_top = MARGIN + TITLE_SIZE + TITLE_SIZE * 1.3 *
		       (l->title.nr - 1) + LINE * l->subtitle.nr +
		       LINE * (l->head.nr + 1);
	/* the header row, the rows, the note, then the lifetimes' heading */
	l->bars_top = l->table_top + CELL_H * (l->rows_nr + 1) +
		      LINE * (l->note.nr + 1) + LINE * l->life.nr;
	l->height = l->bars_top + CELL_H * FIXES_BINS + MARGIN;
}

static void
layout_release(void *data)
{
	struct layout *l = data;

	shown_names_release(&l->sn);
	free(l->fold_name);
	free(l->cols);
	lines_release(&l->title);
	lines_release(&l->subtitle);
	lines_release(&l->head);
	lines_release(&l->note);
	lines_release(&l->life);
}

/* --- drawing ---------------------------------------------------------- */

static void
draw_cell(struct cchart *cc, const struct layout *l, const struct column *c,
	  double y, uint32_t v, int total)
{
	double share = l->max_cell ? (double)v / l->max_cell : 0;
	char num[16];

	if (!v)
		return;
	if (!total) {
		cchart_colour(cc, BLUE, 0.10 + 0.80 * share);
		cairo_rectangle(cc->cr, c->x + 0.5, y + 0.5, c->w - 1,
				CELL_H - 1);
		cairo_fill(cc->cr);
	}
	snprintf(num, sizeof(num), "%u", v);
	if (!total && share > 0.5)
		cchart_rgb(cc, 1, 1, 1);
	else
		cchart_grey(cc, 0.1);
	cchart_font(cc, FONT_SIZE, total);
	cchart_text(cc, c->x + c->w / 2, y + CELL_H / 2 + FONT_SIZE * 0.35, 0,
		    0.5, num, 16);
}

static void
draw_table(struct cchart *cc, const struct layout *l)
{
	double y = l->table_top, right = l->cols[l->cols_nr - 1].x +
		   l->cols[l->cols_nr - 1].w;

	cchart_font(cc, FONT_SIZE, 1);
	cchart_grey(cc, 0.1);
	draw_lines(cc, &l->head, y - LINE * (l->head.nr - 0.4), LINE);
	cchart_font(cc, FONT_SIZE, 0);
	for (uint32_t k = 0; l->rows_nr && k < l->cols_nr; k++)
		cchart_text(cc, l->cols[k].x + l->cols[k].w / 2,
			    y + CELL_H - 5, 0, 0.5, l->cols[k].label,
			    LABEL_CHARS);
	y += CELL_H;
	for (uint32_t r = 0; r < l->rows_nr; r++, y += CELL_H) {
		cchart_grey(cc, r % 2 ? 1 : 0.96);
		cairo_rectangle(cc->cr, MARGIN, y, right - MARGIN, CELL_H);
		cairo_fill(cc->cr);
		cchart_grey(cc, 0.1);
		cchart_font(cc, FONT_SIZE, 0);
		cchart_text(cc, MARGIN, y + CELL_H / 2 + FONT_SIZE * 0.35, 0,
			    0, row_name(l, r), l->name_chars);
		for (uint32_t k = 0; k < l->cols_nr; k++)
			draw_cell(cc, l, &l->cols[k], y,
				  cell(l, r, l->cols[k].lo, l->cols[k].hi),
				  k + 1 == l->cols_nr);
	}
	cchart_grey(cc, 0.35);
	cchart_font(cc, FONT_SIZE, 0);
	draw_lines(cc, &l->note, y + LINE, LINE);
}

/* The lifetimes: a row per bin (the one below zero only when it holds
 * any), its label, its bar, its pairs. */
static void
draw_bars(struct cchart *cc, const struct layout *l)
{
	const struct fixes_chart *ch = l->ch;
	double x0 = MARGIN + l->bin_w + GAP, y = l->bars_top, full;
	uint32_t max = 0;
	char num[16];

	cchart_font(cc, FONT_SIZE, 1);
	cchart_grey(cc, 0.1);
	draw_lines(cc, &l->life, y - LINE * (l->life.nr - 0.4), LINE);
	cchart_font(cc, FONT_SIZE, 0);
	for (unsigned k = 0; k < FIXES_BINS; k++)
		if (ch->bins[k] > max)
			max = ch->bins[k];
	snprintf(num, sizeof(num), "%u", max);
	full = l->width - MARGIN - x0 - cchart_width(cc, num, 16) - PAD;
	for (unsigned k = ch->bins[0] ? 0 : 1; k < FIXES_BINS; k++) {
		double w = max ? full * ch->bins[k] / max : 0;
		double base = y + CELL_H / 2 + FONT_SIZE * 0.35;

		cchart_grey(cc, 0.1);
		cchart_text(cc, x0 - GAP, base, 0, 1, fixes_bin_label(k), 40);
		cchart_colour(cc, k ? BLUE : 0, 0.75);
		cairo_rectangle(cc->cr, x0, y + 2, w, CELL_H - 4);
		cairo_fill(cc->cr);
		cchart_grey(cc, 0.1);
		snprintf(num, sizeof(num), "%u", ch->bins[k]);
		cchart_text(cc, x0 + w + PAD, base, 0, 0, num, 16);
		y += CELL_H;
	}
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
	draw_lines(cc, &l->title, y, TITLE_SIZE * 1.3);
	y += TITLE_SIZE * 1.3 * (l->title.nr - 1) + LINE;
	cchart_font(cc, FONT_SIZE, 0);
	cchart_grey(cc, 0.3);
	draw_lines(cc, &l->subtitle, y, LINE);
	draw_table(cc, l);
	draw_bars(cc, l);
}

/* --size: one line on stderr, as the other charts', saying what was
 * folded for the page, the smallest text and the page's height. */
static void
say_folded(const void *data)
{
	const struct layout *l = data;
	const struct timeline_print *pr = l->pr;
	struct buf b = BUF_INIT;

	if (!pr || pr->width <= 0 || !pr->size_arg)
		return;

	if (pr->width < WIDTH_MIN)
		buf_puts(&b, "drawn 4in wide, the narrowest the chart lays "
			 "out");
	if (l->earlier)
		buf_printf(&b, "%s%u earliest releases in one column",
			   b.len ? ", " : "", l->earlier);
	if (l->name_chars < NAME_CHARS)
		buf_printf(&b, "%snames cut to %zu characters",
			   b.len ? ", " : "", l->name_chars);
	if (l->title.nr > 1 || l->subtitle.nr > 1)
		buf_printf(&b, "%sheadings wrapped", b.len ? ", " : "");
	cchart_say_page(pr->size_arg, &b, FONT_SIZE, l->height, pr->min_font,
			"chart");
	buf_release(&b);
}

int
render_fixes_chart(const struct flow *f, const struct fixes_chart *ch,
		   enum format fmt, int64_t when,
		   const struct timeline_print *pr, struct buf *out)
{
	struct layout l = { .f = f, .ch = ch, .pr = pr };
	const struct cchart_page pg = { layout, say_folded, draw,
		layout_release, &l, &l.width, &l.height, PNG_SCALE,
		"fixes chart" };

	return cchart_page_render(&pg, fmt, when, out);
}
