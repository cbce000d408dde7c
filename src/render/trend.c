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

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/pdf.h"
#include "util/escape.h"

#define FONT "DejaVu Sans"
#define WIDTH 1000.0
#define TITLE_H 44.0
#define PANEL_TITLE_H 26.0
#define PANEL_H 150.0
#define PANEL_GAP 22.0
#define LEGEND_W 210.0
#define Y_AXIS_W 78.0		/* tick labels and the y title */
#define FONT_SIZE 11.0
#define LABEL_CHARS TREND_NAME_CHARS	/* longer names end in an ellipsis */
#define TITLE_CHARS 120
#define PNG_SCALE 2.0		/* a PNG fit for print */

static const double palette[TREND_SERIES_MAX][3] = {
	{ 0xD5, 0x5E, 0x00 },	/* vermillion */
	{ 0x00, 0x72, 0xB2 },	/* blue */
	{ 0x00, 0x9E, 0x73 },	/* bluish green */
	{ 0xE6, 0x9F, 0x00 },	/* orange */
	{ 0xCC, 0x79, 0xA7 },	/* reddish purple */
	{ 0x56, 0xB4, 0xE9 },	/* sky blue */
	{ 0x00, 0x00, 0x00 },	/* black */
	{ 0xF0, 0xE4, 0x42 },	/* yellow, last: faint on white */
};

/* Where things go, in points. */
struct geometry {
	double left, plot_w, slot;	/* the plot area's x extent */
	double label_angle;		/* radians: 0, pi/4 or pi/2 */
	size_t label_step;		/* every k-th name */
	double labels_h;		/* the names' height under the axis */
	double height;
};

/* s as drawable text: valid UTF-8, no control character, at most max
 * characters. */
static void
drawable(struct buf *out, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), chars = 0;

	out->len = 0;
	buf_puts(out, "");
	while (len) {
		unsigned int cp;
		size_t n = utf8_decode(p, len, &cp);

		if (chars + 1 == max && len > (n ? n : 1)) {
			buf_puts(out, "\xE2\x80\xA6");	/* ... */
			return;
		}
		if (!n || cp < 0x20 || (cp >= 0x7F && cp < 0xA0) ||
		    cp == 0x061C || cp == 0x200E || cp == 0x200F ||
		    (cp >= 0x2028 && cp <= 0x202E) ||
		    (cp >= 0x2066 && cp <= 0x2069))
			buf_puts(out, "\xEF\xBF\xBD");
		else
			buf_add(out, p, n);
		n = n ? n : 1;
		p += n;
		len -= n;
		chars++;
	}
}

static void
font(cairo_t *cr, double size, int bold)
{
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD :
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
}

static double
text_width(cairo_t *cr, const char *s)
{
	struct buf b = BUF_INIT;
	cairo_text_extents_t e;

	drawable(&b, s, LABEL_CHARS);
	cairo_text_extents(cr, b.data, &e);
	buf_release(&b);
	return e.x_advance;
}

/* Text at (x, y) (the baseline), turned by angle about that point,
 * aligned by align: 0 left, 0.5 centred, 1 right.  Names (of ranges,
 * of trees) are cut at LABEL_CHARS; a title at TITLE_CHARS. */
static void
text_max(cairo_t *cr, double x, double y, double angle, double align,
	 const char *s, size_t max)
{
	struct buf b = BUF_INIT;
	cairo_text_extents_t e;

	drawable(&b, s, max);
	cairo_text_extents(cr, b.data, &e);
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_rotate(cr, angle);
	cairo_move_to(cr, -align * e.x_advance, 0);
	cairo_show_text(cr, b.data);
	cairo_restore(cr);
	buf_release(&b);
}

static void
text(cairo_t *cr, double x, double y, double angle, double align,
     const char *s)
{
	text_max(cr, x, y, angle, align, s, LABEL_CHARS);
}

static void
grey(cairo_t *cr, double level)
{
	cairo_set_source_rgb(cr, level, level, level);
}

/* The names' layout under the axis: the first angle at which
 * neighbours do not overlap, thinned when none does. */
static void
label_layout(cairo_t *cr, const struct trend *t, struct geometry *g)
{
	double widest = 0, line = FONT_SIZE * 1.3;

	font(cr, FONT_SIZE, 0);
	for (size_t k = 0; k < t->nr; k++) {
		double w = text_width(cr, t->labels[k]);

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
geometry(cairo_t *cr, const struct trend *t, struct geometry *g)
{
	double overhang;

	g->left = Y_AXIS_W;
	g->plot_w = WIDTH - g->left - LEGEND_W;
	g->slot = g->plot_w / (double)t->nr;
	label_layout(cr, t, g);
	/* A turned first name reaches left of the axis: make room. */
	overhang = g->label_angle ? (g->labels_h - FONT_SIZE) * cos(
			g->label_angle) - g->slot / 2 : 0;
	if (g->label_angle && overhang > g->left) {
		g->left = overhang + 8;
		g->plot_w = WIDTH - g->left - LEGEND_W;
		g->slot = g->plot_w / (double)t->nr;
	}
	g->height = TITLE_H + (double)t->panels_nr * (PANEL_TITLE_H +
		    PANEL_H + PANEL_GAP) + g->labels_h + 2 * FONT_SIZE + 12;
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

/* The y axis: grid lines, tick labels, the title turned upright. */
static void
y_axis(cairo_t *cr, const struct geometry *g, const struct trend_panel *p,
       double top, double step, double ymax)
{
	char num[32];

	font(cr, FONT_SIZE, 0);
	cairo_set_line_width(cr, 0.6);
	for (int k = 0; k <= (int)lround(ymax / step); k++) {
		double v = k * step, y = top + PANEL_H - v / ymax * PANEL_H;

		grey(cr, 0.88);
		cairo_move_to(cr, g->left, y);
		cairo_line_to(cr, g->left + g->plot_w, y);
		cairo_stroke(cr);
		/* 2.5 steps show their halves: 7.5, not 8. */
		snprintf(num, sizeof(num), floor(step) == step ? "%.0f" :
			 "%.1f", v);
		grey(cr, 0.2);
		text(cr, g->left - 6, y + FONT_SIZE * 0.35, 0, 1, num);
	}
	grey(cr, 0.2);
	text_max(cr, g->left - 44, top + PANEL_H / 2, -M_PI / 2, 0.5,
		 p->y_title, TITLE_CHARS);
}

static void
legend(cairo_t *cr, const struct geometry *g, const struct trend_panel *p,
       double top)
{
	double x = g->left + g->plot_w + 16;

	font(cr, FONT_SIZE, 0);
	for (size_t s = 0; s < p->series_nr && p->names[s]; s++) {
		double y = top + 8 + (double)s * (FONT_SIZE * 1.6);

		cairo_set_source_rgb(cr, palette[s][0] / 255,
				     palette[s][1] / 255, palette[s][2] / 255);
		cairo_set_line_width(cr, 2);
		cairo_move_to(cr, x, y);
		cairo_line_to(cr, x + 18, y);
		cairo_stroke(cr);
		cairo_arc(cr, x + 9, y, 2.8, 0, 2 * M_PI);
		cairo_fill(cr);
		grey(cr, 0.2);
		text(cr, x + 24, y + FONT_SIZE * 0.35, 0, 0, p->names[s]);
	}
}

/* One series: a line through the ranges it has a value for, broken
 * where it has none, a dot at each value. */
static void
series(cairo_t *cr, const struct geometry *g, const struct trend *t,
       const double *v, double top, double ymax)
{
	int open = 0;

	cairo_set_line_width(cr, 2);
	for (size_t k = 0; k < t->nr; k++) {
		double x = g->left + g->slot * ((double)k + 0.5);
		double y = top + PANEL_H - v[k] / ymax * PANEL_H;

		if (isnan(v[k])) {
			open = 0;
			continue;
		}
		if (open)
			cairo_line_to(cr, x, y);
		else
			cairo_move_to(cr, x, y);
		open = 1;
	}
	cairo_stroke(cr);
	for (size_t k = 0; k < t->nr; k++) {
		if (isnan(v[k]))
			continue;
		cairo_arc(cr, g->left + g->slot * ((double)k + 0.5),
			  top + PANEL_H - v[k] / ymax * PANEL_H, 3, 0,
			  2 * M_PI);
		cairo_fill(cr);
	}
}

static void
panel(cairo_t *cr, const struct geometry *g, const struct trend *t,
      const struct trend_panel *p, double top)
{
	double max = panel_max(t, p), step = nice_step(max, p->integer);
	double ymax = step * ceil(max / step);

	if (ymax <= 0)
		ymax = step;
	font(cr, FONT_SIZE + 2, 1);
	grey(cr, 0);
	text_max(cr, g->left, top - 8, 0, 0, p->title, TITLE_CHARS);
	y_axis(cr, g, p, top, step, ymax);
	for (size_t s = 0; s < p->series_nr; s++) {
		cairo_set_source_rgb(cr, palette[s][0] / 255,
				     palette[s][1] / 255, palette[s][2] / 255);
		series(cr, g, t, p->values + s * t->nr, top, ymax);
	}
	grey(cr, 0.2);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, g->left, top);
	cairo_line_to(cr, g->left, top + PANEL_H);
	cairo_line_to(cr, g->left + g->plot_w, top + PANEL_H);
	cairo_stroke(cr);
	legend(cr, g, p, top);
}

/* Ticks under the last panel, the names, the axis title. */
static void
x_axis(cairo_t *cr, const struct geometry *g, const struct trend *t,
       double axis_y)
{
	font(cr, FONT_SIZE, 0);
	grey(cr, 0.2);
	cairo_set_line_width(cr, 1);
	for (size_t k = 0; k < t->nr; k++) {
		double x = g->left + g->slot * ((double)k + 0.5);

		cairo_move_to(cr, x, axis_y);
		cairo_line_to(cr, x, axis_y + 4);
		cairo_stroke(cr);
		if (k % g->label_step)
			continue;
		if (!g->label_angle)
			text(cr, x, axis_y + 6 + FONT_SIZE, 0, 0.5,
			     t->labels[k]);
		else	/* the name ends at its tick, reading up to it */
			text(cr, x + FONT_SIZE * 0.35 * sin(-g->label_angle),
			     axis_y + 8, g->label_angle, 1, t->labels[k]);
	}
	font(cr, FONT_SIZE + 1, 0);
	text_max(cr, g->left + g->plot_w / 2,
		 axis_y + g->labels_h + FONT_SIZE + 6, 0, 0.5, t->x_title,
		 TITLE_CHARS);
}

static void
draw(cairo_t *cr, const struct geometry *g, const struct trend *t)
{
	double top = TITLE_H + PANEL_TITLE_H;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	font(cr, FONT_SIZE + 5, 1);
	grey(cr, 0);
	text_max(cr, WIDTH / 2, 28, 0, 0.5, t->title, TITLE_CHARS);
	for (size_t i = 0; i < t->panels_nr; i++) {
		panel(cr, g, t, &t->panels[i], top);
		if (i + 1 < t->panels_nr)
			top += PANEL_H + PANEL_GAP + PANEL_TITLE_H;
	}
	x_axis(cr, g, t, top + PANEL_H);
}

static cairo_status_t
to_buf(void *closure, const unsigned char *data, unsigned int len)
{
	buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}


/* The layout needs text measured before the surface's size is known:
 * a scratch surface measures. */
static void
measure(const struct trend *t, struct geometry *g)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
							1, 1);
	cairo_t *cr = cairo_create(s);

	geometry(cr, t, g);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}

int
render_trend(const struct trend *t, enum format fmt, struct buf *out)
{
	struct geometry g;
	cairo_surface_t *s;
	cairo_t *cr;
	cairo_status_t st;
	size_t start = out->len;

	measure(t, &g);
	if (fmt == FORMAT_SVG)
		s = cairo_svg_surface_create_for_stream(to_buf, out, WIDTH,
							g.height);
	else if (fmt == FORMAT_PDF)
		s = cairo_pdf_surface_create_for_stream(to_buf, out, WIDTH,
							g.height);
	else
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
					       (int)(WIDTH * PNG_SCALE),
					       (int)ceil(g.height * PNG_SCALE));
	cr = cairo_create(s);
	if (fmt == FORMAT_PNG)
		cairo_scale(cr, PNG_SCALE, PNG_SCALE);
	draw(cr, &g, t);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (!st && fmt == FORMAT_PNG)
		st = cairo_surface_write_to_png_stream(s, to_buf, out);
	cairo_surface_finish(s);
	if (!st)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (!st && fmt == FORMAT_PDF)
		pdf_fix_date(out, start);
	if (st) {
		out->len = start;
		return error("cannot draw the trend chart: %s",
			     cairo_status_to_string(st));
	}
	return 0;
}
