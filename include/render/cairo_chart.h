/*
 * render/cairo_chart.h - what the charts drawn with cairo share (the
 * trend chart of --compare, the timeline chart of --timeline): the
 * surfaces of each format, the font, the colours, and text.
 *
 * Shapes are drawn with cairo into every format.  Text is drawn with
 * cairo into PNG and PDF; into SVG it is written as <text> elements in
 * the chart's font (font-family, font-size, font-weight, fill, anchor,
 * rotation), so that a writer can select, search and retouch a label in
 * an editor, as in the flow chart's SVG, where cairo's SVG surface would
 * write glyph outlines.  Cairo measures text the same way for every
 * format: the layout is one, whatever draws it.  The text elements come
 * after the shapes (labels are drawn over marks anyway).
 */
#ifndef TREEPLOT_RENDER_CAIRO_CHART_H
#define TREEPLOT_RENDER_CAIRO_CHART_H

#include <cairo.h>
#include <stddef.h>

#include "util/buf.h"
#include "util/output.h"

#define CHART_FONT "DejaVu Sans"

/* Okabe-Ito's colours (told apart by colour-blind readers too), in the
 * order the flow chart uses its vermillion and blue first. */
#define CHART_COLOURS 8
extern const double chart_palette[CHART_COLOURS][3];

/* A chart being drawn: cairo's context, and the SVG's text. */
struct cchart {
	cairo_t *cr;
	int svg;		/* text as <text> into texts */
	struct buf texts;
	double size;		/* the font's, as set by cchart_font */
	int bold;
};

typedef void cchart_draw_fn(struct cchart *cc, const void *data);

/*
 * Draw a chart of w by h points as fmt (FORMAT_SVG, FORMAT_PNG at
 * png_scale pixels a point, or FORMAT_PDF) into out by calling draw
 * once.  A PDF is dated when (seconds since the epoch: the chart's last
 * commit; 0: none) as pdf.h stamps it, SOURCE_DATE_EPOCH first.  Returns
 * 0, or -1 after reporting an error ("cannot draw the WHAT: ...") with
 * out as it was.
 */
int cchart_render(enum format fmt, double w, double h, double png_scale,
		  cchart_draw_fn *draw, const void *data, const char *what,
		  int64_t when, struct buf *out);

/*
 * A chart laid out for its page, then drawn: the timeline's and the
 * fixes chart's way.  layout measures its text on a scratch context and
 * sets the page's width and height (at the places given); say, when
 * not NULL, tells what the page folded (--size's line); then the chart
 * is rendered as cchart_render does, and release frees what layout
 * made.
 */
struct cchart_page {
	void (*layout)(struct cchart *cc, void *l);
	void (*say)(const void *l);
	cchart_draw_fn *draw;
	void (*release)(void *l);	/* after drawing, whatever came of it */
	void *l;
	const double *width, *height;	/* in l, once laid out */
	double png_scale;
	const char *what;
};

int cchart_page_render(const struct cchart_page *pg, enum format fmt,
		       int64_t when, struct buf *out);

/* --size's line on stderr for a chart laid out for a page: what was
 * folded (folds: ", "-separated; empty: nothing), the smallest text
 * and the page's height (points), and that the text stays under
 * --min-font (min_font, points) when it does: the WHAT's text keeps its
 * size, a wider --size is the way. */
void cchart_say_page(const char *size_arg, const struct buf *folds,
		     double smallest, double height, double min_font,
		     const char *what);

/* The width a chart is laid out for: asked (--size; 0: not asked),
 * else def; never under min. */
double cchart_page_width(double asked, double def, double min);

/* A context to measure text with, before the chart's size is known. */
void cchart_scratch_open(struct cchart *cc);
void cchart_scratch_close(struct cchart *cc);

void cchart_font(struct cchart *cc, double size, int bold);
void cchart_rgb(struct cchart *cc, double r, double g, double b);
void cchart_grey(struct cchart *cc, double level);
/* Colour k of the palette, at alpha. */
void cchart_colour(struct cchart *cc, size_t k, double alpha);

/* The drawable form of s: valid UTF-8, control and invisible characters
 * as U+FFFD, at most max characters (an ellipsis for the rest). */
void cchart_drawable(struct buf *out, const char *s, size_t max);

/* The width of s (cut at max characters) in the current font. */
double cchart_width(struct cchart *cc, const char *s, size_t max);

/*
 * Text s (untrusted is fine; cut at max characters) at (x, y), its
 * baseline, turned by angle (radians) about that point, aligned by
 * align: 0 left, 0.5 centred, 1 right.
 */
void cchart_text(struct cchart *cc, double x, double y, double angle,
		 double align, const char *s, size_t max);

/* The most characters a line of a heading or note holds. */
#define CCHART_LINE_CHARS 140

/* s cut until it fits in w points at the current font, drawable
 * (cchart_drawable); the caller frees it. */
char *cchart_fitted(struct cchart *cc, const char *s, double w);
/* s in at most two lines of w points at the current font: the first
 * broken at a space, the second cut to fit into *second (NULL when one
 * line holds it); the caller frees both. */
char *cchart_wrapped(struct cchart *cc, const char *s, double w,
		     char **second);

#endif
