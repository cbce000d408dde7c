/*
 * render/trend.c - the trend chart of --compare, drawn with cairo.
 *
 * One column of panels sharing the x axis, so that a range reads down
 * the page at one x; the release names only under the last panel, set
 * upright, at 45 degrees or at 90 degrees, whichever is the first that
 * does not overlap, and every k-th name only when even 90 degrees would.
 * Each panel's y axis starts at 0 and ends on a round tick.  Colours
 * are Okabe-Ito's (told apart by colour-blind readers too), in the
 * order the flow chart uses its vermillion and blue first; the lines
 * have markers, so one range alone still shows.
 */
#include "render/trend.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/cairo_chart.h"

#define WIDTH 1000.0
#define TITLE_H 44.0
#define PANEL_TITLE_H 26.0
#define NOTE_H 15.0			/* a panel's note, under its title */
#define PANEL_H 150.0
#define PANEL_GAP 22.0
#define LEGEND_W 210.0
#define WIDTH_MIN 288.0		/* 4 inches: the narrowest page laid out */
#define Y_AXIS_W 78.0		/* tick labels and the y title */
#define FONT_SIZE 11.0
#define LABEL_CHARS TREND_NAME_CHARS	/* longer names end in an ellipsis */
#define TITLE_CHARS 120
#define PNG_SCALE 2.0		/* a PNG fit for print */

/* Where things go, in points. */
struct geometry {
	double width, legend_w;		/* the page's, the legend's */
	double left, plot_w, slot;	/* the plot area's x extent */
	double label_angle;		/* radians: 0, pi/4 or pi/2 */
	size_t label_step;		/* every k-th name */
	double labels_h;		/* the names' height under the axis */
	double height;
};

static double
text_width(struct cchart *cc, const char *s)
{
	return cchart_width(cc, s, LABEL_CHARS);
}

/* Text at (x, y) (the baseline), turned by angle about that point,
 * aligned by align: 0 left, 0.5 centred, 1 right.  Names (of ranges,
 * of trees) are cut at LABEL_CHARS; a title at TITLE_CHARS. */
static void
text_max(struct cchart *cc, double x, double y, double angle, double align,
	 const char *s, size_t max)
{
	cchart_text(cc, x, y, angle, align, s, max);
}

static void
text(struct cchart *cc, double x, double y, double angle, double align,
     const char *s)
{
	text_max(cc, x, y, angle, align, s, LABEL_CHARS);
}

static void
grey(struct cchart *cc, double level)
{
	cchart_grey(cc, level);
}

static void
font(struct cchart *cc, double size, int bold)
{
	cchart_font(cc, size, bold);
}

/* The names' layout under the axis: the first angle at which
 * neighbours do not overlap, thinned when none does. */
static void
label_layout(struct cchart *cc, const struct trend *t, struct geometry *g)
{
	double widest = 0, line = FONT_SIZE * 1.3;

	font(cc, FONT_SIZE, 0);
	for (size_t k = 0; k < t->nr; k++) {
		double w = text_width(cc, t->labels[k]);

		if (w > widest)
			widest = w;
	}
	g->label_step = 1;
	if (widest + 8 <= g->slot) {
		g->label_angle = 0;
		g->labels_h = line + 6;
		return;
	}
	/* Turned by a, parallel names are slot * sin(a) apart. */
	if (g->slot * M_SQRT1_2 >= line) {
		g->label_angle = -M_PI / 4;
		g->labels_h = widest * M_SQRT1_2 + line + 6;
		return;
	}
	g->label_angle = -M_PI / 2;
	g->labels_h = widest + 12;
	while (g->slot * (double)g->label_step < line)
		g->label_step++;
}

static void
geometry(struct cchart *cc, const struct trend *t, struct geometry *g)
{
	double overhang;

	g->width = t->width > 0 ? t->width : WIDTH;
	if (g->width < WIDTH_MIN)
		g->width = WIDTH_MIN;
	g->legend_w = LEGEND_W;
	if (t->width > 0 && t->width < WIDTH) {
		double w = 40 + (double)trend_name_chars(g->width) *
			   0.6 * FONT_SIZE;

		if (w < g->legend_w)
			g->legend_w = w;
	}
	g->left = Y_AXIS_W;
	g->plot_w = g->width - g->left - g->legend_w;
	g->slot = g->plot_w / (double)t->nr;
	label_layout(cc, t, g);
	/* A turned first name reaches left of the axis: make room. */
	overhang = g->label_angle ? (g->labels_h - FONT_SIZE) * cos(
			g->label_angle) - g->slot / 2 : 0;
	if (g->label_angle && overhang > g->left) {
		g->left = overhang + 8;
		g->plot_w = g->width - g->left - g->legend_w;
		g->slot = g->plot_w / (double)t->nr;
	}
	g->height = TITLE_H + (double)t->panels_nr * (PANEL_TITLE_H +
		    PANEL_H + PANEL_GAP) + g->labels_h + 2 * FONT_SIZE + 12;
	for (size_t i = 0; i < t->panels_nr; i++)
		if (t->panels[i].note)
			g->height += NOTE_H;
}

/* A round step (1, 2, 2.5 or 5 times a power of ten) giving 3 to 6
 * ticks up to max; counts get whole steps. */
static double
nice_step(double max, int integer)
{
	static const double m[] = { 1, 2, 2.5, 5 };
	double p = pow(10, floor(log10(max > 0 ? max : 1) - 1));

	for (;; p *= 10)
		for (size_t k = 0; k < ARRAY_SIZE(m); k++) {
			double step = m[k] * p;

			if (integer && (step < 1 || (m[k] == 2.5 && p < 1)))
				continue;
			if (max / step <= 5)
				return step;
		}
}

static double
panel_max(const struct trend *t, const struct trend_panel *p)
{
	double max = 0;

	for (size_t i = 0; i < p->series_nr * t->nr; i++)
		if (!isnan(p->values[i]) && p->values[i] > max)
			max = p->values[i];
	return max;
}

/* The decimals a tick needs: 7.5, not 8; 0.02, not 0.0. */
static int
decimals(double step)
{
	int d = 0;

	while (d < 6 && fabs(step * pow(10, d) - round(step * pow(10, d))) >
	       1e-9 * pow(10, d))
		d++;
	return d;
}

/* Text cut until it fits in w (titles, notes). */
static void
text_fit(struct cchart *cc, double x, double y, double w, const char *s)
{
	size_t max = 2 * TITLE_CHARS;

	while (max > 12 && cchart_width(cc, s, max) > w)
		max -= 2;
	text_max(cc, x, y, 0, 0, s, max);
}

/* The y axis: grid lines, tick labels, the title turned upright. */
static void
y_axis(struct cchart *cc, const struct geometry *g,
       const struct trend_panel *p,
       double top, double step, double ymax)
{
	char num[32];

	font(cc, FONT_SIZE, 0);
	cairo_set_line_width(cc->cr, 0.6);
	for (int k = 0; k <= (int)lround(ymax / step); k++) {
		double v = k * step, y = top + PANEL_H - v / ymax * PANEL_H;

		grey(cc, 0.88);
		cairo_move_to(cc->cr, g->left, y);
		cairo_line_to(cc->cr, g->left + g->plot_w, y);
		cairo_stroke(cc->cr);
		/* 2.5 steps show their halves: 7.5, not 8. */
		snprintf(num, sizeof(num), "%.*f", decimals(step), v);
		grey(cc, 0.2);
		text(cc, g->left - 6, y + FONT_SIZE * 0.35, 0, 1, num);
	}
	grey(cc, 0.2);
	text_max(cc, g->left - 44, top + PANEL_H / 2, -M_PI / 2, 0.5,
		 p->y_title, TITLE_CHARS);
}

/*
 * How many series before s share a segment with it (the same values at
 * two ranges side by side): drawn over them in one colour, it would hide
 * them, and a legend entry could not be found.  Such a series is drawn
 * dashed, the gaps showing the line below.
 */
static int
shared_segments(const struct trend *t, const struct trend_panel *p, size_t s)
{
	const double *v = p->values + s * t->nr;
	int n = 0;

	for (size_t e = 0; e < s; e++) {
		const double *w = p->values + e * t->nr;

		for (size_t k = 0; k + 1 < t->nr; k++)
			if (!isnan(v[k]) && !isnan(v[k + 1]) &&
			    v[k] == w[k] && v[k + 1] == w[k + 1]) {
				n++;
				break;
			}
	}
	return n;
}

/* The line's dash: none, or one that leaves the lines below seen. */
static void
series_dash(struct cchart *cc, int shared)
{
	static const double dash[][2] = { { 6, 4 }, { 2, 4 }, { 9, 3 } };

	if (!shared)
		cairo_set_dash(cc->cr, NULL, 0, 0);
	else
		cairo_set_dash(cc->cr, dash[(shared - 1) % 3], 2, 0);
}

static void
legend(struct cchart *cc, const struct geometry *g, const struct trend *t,
       const struct trend_panel *p, double top)
{
	double x = g->left + g->plot_w + 16;

	font(cc, FONT_SIZE, 0);
	for (size_t s = 0; s < p->series_nr && p->names[s]; s++) {
		double y = top + 8 + (double)s * (FONT_SIZE * 1.6);

		cchart_colour(cc, s, 1);
		cairo_set_line_width(cc->cr, 2);
		series_dash(cc, shared_segments(t, p, s));
		cairo_move_to(cc->cr, x, y);
		cairo_line_to(cc->cr, x + 18, y);
		cairo_stroke(cc->cr);
		series_dash(cc, 0);
		cairo_arc(cc->cr, x + 9, y, 2.8, 0, 2 * M_PI);
		cairo_fill(cc->cr);
		grey(cc, 0.2);
		text(cc, x + 24, y + FONT_SIZE * 0.35, 0, 0, p->names[s]);
	}
}

/* One series: a line through the ranges it has a value for, broken
 * where it has none, a dot at each value. */
static void
series(struct cchart *cc, const struct geometry *g, const struct trend *t,
       const double *v, double top, double ymax)
{
	int open = 0;

	cairo_set_line_width(cc->cr, 2);
	for (size_t k = 0; k < t->nr; k++) {
		double x = g->left + g->slot * ((double)k + 0.5);
		double y = top + PANEL_H - v[k] / ymax * PANEL_H;

		if (isnan(v[k])) {
			open = 0;
			continue;
		}
		if (open)
			cairo_line_to(cc->cr, x, y);
		else
			cairo_move_to(cc->cr, x, y);
		open = 1;
	}
	cairo_stroke(cc->cr);
	for (size_t k = 0; k < t->nr; k++) {
		if (isnan(v[k]))
			continue;
		cairo_arc(cc->cr, g->left + g->slot * ((double)k + 0.5),
			  top + PANEL_H - v[k] / ymax * PANEL_H, 3, 0,
			  2 * M_PI);
		cairo_fill(cc->cr);
	}
}

static void
panel(struct cchart *cc, const struct geometry *g, const struct trend *t,
      const struct trend_panel *p, double top)
{
	double max = panel_max(t, p), step = nice_step(max, p->integer);
	double ymax = step * ceil(max / step);

	if (ymax <= 0)
		ymax = step;
	font(cc, FONT_SIZE + 2, 1);
	grey(cc, 0);
	text_fit(cc, g->left, top - 8 - (p->note ? NOTE_H : 0),
		 g->width - g->left - 8, p->title);
	if (p->note) {
		font(cc, FONT_SIZE, 0);
		grey(cc, 0.3);
		text_fit(cc, g->left, top - 8, g->width - g->left - 8, p->note);
	}
	y_axis(cc, g, p, top, step, ymax);
	for (size_t s = 0; s < p->series_nr; s++) {
		cchart_colour(cc, s, 1);
		series_dash(cc, shared_segments(t, p, s));
		series(cc, g, t, p->values + s * t->nr, top, ymax);
		series_dash(cc, 0);
	}
	grey(cc, 0.2);
	cairo_set_line_width(cc->cr, 1);
	cairo_move_to(cc->cr, g->left, top);
	cairo_line_to(cc->cr, g->left, top + PANEL_H);
	cairo_line_to(cc->cr, g->left + g->plot_w, top + PANEL_H);
	cairo_stroke(cc->cr);
	legend(cc, g, t, p, top);
}

/* Ticks under the last panel, the names, the axis title. */
static void
x_axis(struct cchart *cc, const struct geometry *g, const struct trend *t,
       double axis_y)
{
	font(cc, FONT_SIZE, 0);
	grey(cc, 0.2);
	cairo_set_line_width(cc->cr, 1);
	for (size_t k = 0; k < t->nr; k++) {
		double x = g->left + g->slot * ((double)k + 0.5);

		cairo_move_to(cc->cr, x, axis_y);
		cairo_line_to(cc->cr, x, axis_y + 4);
		cairo_stroke(cc->cr);
		if (k % g->label_step)
			continue;
		if (!g->label_angle)
			text(cc, x, axis_y + 6 + FONT_SIZE, 0, 0.5,
			     t->labels[k]);
		else	/* the name ends at its tick, reading up to it */
			text(cc, x + FONT_SIZE * 0.35 * sin(-g->label_angle),
			     axis_y + 8, g->label_angle, 1, t->labels[k]);
	}
	font(cc, FONT_SIZE + 1, 0);
	text_max(cc, g->left + g->plot_w / 2,
		 axis_y + g->labels_h + FONT_SIZE + 6, 0, 0.5, t->x_title,
		 TITLE_CHARS);
}

static void
draw(struct cchart *cc, const struct geometry *g, const struct trend *t)
{
	double top = TITLE_H + PANEL_TITLE_H + (t->panels_nr &&
					      t->panels[0].note ? NOTE_H : 0);

	cchart_rgb(cc, 1, 1, 1);
	cairo_paint(cc->cr);
	font(cc, FONT_SIZE + 5, 1);
	grey(cc, 0);
	if (t->width > 0)	/* a page of its own width: cut to fit it */
		text_fit(cc, 8, 28, g->width - 16, t->title);
	else
		text_max(cc, WIDTH / 2, 28, 0, 0.5, t->title, TITLE_CHARS);
	for (size_t i = 0; i < t->panels_nr; i++) {
		panel(cc, g, t, &t->panels[i], top);
		if (i + 1 < t->panels_nr)
			top += PANEL_H + PANEL_GAP + PANEL_TITLE_H +
			       (t->panels[i + 1].note ? NOTE_H : 0);
	}
	x_axis(cc, g, t, top + PANEL_H);
}

/* The layout needs text measured before the surface's size is known:
 * a scratch surface measures. */
static void
measure(const struct trend *t, struct geometry *g)
{
	struct cchart cc;

	cchart_scratch_open(&cc);
	geometry(&cc, t, g);
	cchart_scratch_close(&cc);
}

struct drawing {
	const struct geometry *g;
	const struct trend *t;
};

static void
draw_cb(struct cchart *cc, const void *data)
{
	const struct drawing *d = data;

	draw(cc, d->g, d->t);
}

size_t
trend_name_chars(double width)
{
	double n;

	if (width <= 0 || width >= WIDTH)
		return TREND_NAME_CHARS;
	if (width < WIDTH_MIN)
		width = WIDTH_MIN;
	n = 0.3 * width / (0.6 * FONT_SIZE) - 6;
	return n >= TREND_NAME_CHARS ? TREND_NAME_CHARS : n <= 12 ? 12 :
	       (size_t)n;
}

/* --size: one line on stderr, as the flow chart's: what was folded,
 * the smallest text (the chart's text keeps its size) and the height. */
static void
say_folded(const struct trend *t, const struct geometry *g)
{
	struct buf b = BUF_INIT;
	long tenths = (long)(g->height * 10 / 72 + 0.5);
	size_t chars = trend_name_chars(t->width);

	if (t->width < WIDTH_MIN)
		buf_puts(&b, "drawn 4in wide, the narrowest the trend chart "
			 "lays out");
	if (chars < TREND_NAME_CHARS)
		buf_printf(&b, "%slegend names cut to %zu characters",
			   b.len ? ", " : "", chars);
	if (!b.len)
		buf_puts(&b, "nothing folded");
	buf_printf(&b, "; smallest text %d.0pt, %ld.%ldin high",
		   (int)FONT_SIZE, tenths / 10, tenths % 10);
	if (t->min_font > FONT_SIZE)
		buf_printf(&b, ", under --min-font %.1fpt (the trend chart's "
			   "text keeps its size: a wider --size)",
			   t->min_font);
	(void)error("--size %s: %s", t->size_arg, b.data);
	buf_release(&b);
}

int
render_trend(const struct trend *t, enum format fmt, struct buf *out)
{
	struct geometry g;
	struct drawing d = { &g, t };

	measure(t, &g);
	if (t->width > 0 && t->size_arg)
		say_folded(t, &g);
	return cchart_render(fmt, g.width, g.height, PNG_SCALE, draw_cb, &d,
			     "trend chart", t->when, out);
}
