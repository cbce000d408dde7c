/*
 * render/cairo_chart.c - what the charts drawn with cairo share: the
 * surfaces, the font, the colours, and text as cairo draws it (PNG, PDF)
 * or as SVG <text> elements (cairo_chart.h says why).
 */
#include "render/cairo_chart.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/pdf.h"
#include "util/escape.h"
#include "util/util.h"

const double chart_palette[CHART_COLOURS][3] = {
	{ 0xD5, 0x5E, 0x00 },	/* vermillion */
	{ 0x00, 0x72, 0xB2 },	/* blue */
	{ 0x00, 0x9E, 0x73 },	/* bluish green */
	{ 0xE6, 0x9F, 0x00 },	/* orange */
	{ 0xCC, 0x79, 0xA7 },	/* reddish purple */
	{ 0x56, 0xB4, 0xE9 },	/* sky blue */
	{ 0x00, 0x00, 0x00 },	/* black */
	{ 0xF0, 0xE4, 0x42 },	/* yellow, last: faint on white */
};

void
cchart_drawable(struct buf *out, const char *s, size_t max)
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
		    (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFFFE ||
		    cp == 0xFFFF)
			buf_puts(out, "\xEF\xBF\xBD");
		else
			buf_add(out, p, n);
		n = n ? n : 1;
		p += n;
		len -= n;
		chars++;
	}
}

void
cchart_font(struct cchart *cc, double size, int bold)
{
	cairo_select_font_face(cc->cr, CHART_FONT, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD :
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cc->cr, size);
	cc->size = size;
	cc->bold = bold;
}

void
cchart_rgb(struct cchart *cc, double r, double g, double b)
{
	cairo_set_source_rgb(cc->cr, r, g, b);
}

void
cchart_grey(struct cchart *cc, double level)
{
	cairo_set_source_rgb(cc->cr, level, level, level);
}

void
cchart_colour(struct cchart *cc, size_t k, double alpha)
{
	const double *c = chart_palette[k % CHART_COLOURS];

	cairo_set_source_rgba(cc->cr, c[0] / 255, c[1] / 255, c[2] / 255,
			      alpha);
}

double
cchart_width(struct cchart *cc, const char *s, size_t max)
{
	struct buf b = BUF_INIT;
	cairo_text_extents_t e;

	cchart_drawable(&b, s, max);
	cairo_text_extents(cc->cr, b.data, &e);
	buf_release(&b);
	return e.x_advance;
}

/* A number for SVG: two decimals, no "-0.00". */
static void
svg_num(struct buf *out, double v)
{
	char num[40];

	snprintf(num, sizeof(num), "%.2f", fabs(v) < 0.005 ? 0.0 : v);
	buf_puts(out, num);
}

/* The text as an SVG element, in the current font and colour. */
static void
svg_text(struct cchart *cc, double x, double y, double angle, double align,
	 const char *s)
{
	double r = 0, g = 0, b = 0, a = 1;
	cairo_pattern_t *src = cairo_get_source(cc->cr);
	struct buf *o = &cc->texts;

	cairo_pattern_get_rgba(src, &r, &g, &b, &a);
	buf_puts(o, "<text x=\"");
	svg_num(o, x);
	buf_puts(o, "\" y=\"");
	svg_num(o, y);
	buf_puts(o, "\" font-size=\"");
	svg_num(o, cc->size);
	buf_puts(o, "\"");
	if (cc->bold)
		buf_puts(o, " font-weight=\"bold\"");
	buf_printf(o, " fill=\"#%02X%02X%02X\"", (unsigned)lround(r * 255),
		   (unsigned)lround(g * 255), (unsigned)lround(b * 255));
	if (a < 1) {
		buf_puts(o, " fill-opacity=\"");
		svg_num(o, a);
		buf_puts(o, "\"");
	}
	if (align > 0.75)
		buf_puts(o, " text-anchor=\"end\"");
	else if (align > 0.25)
		buf_puts(o, " text-anchor=\"middle\"");
	if (angle != 0) {
		buf_puts(o, " transform=\"rotate(");
		svg_num(o, angle * 180 / M_PI);
		buf_puts(o, " ");
		svg_num(o, x);
		buf_puts(o, " ");
		svg_num(o, y);
		buf_puts(o, ")\"");
	}
	buf_puts(o, ">");
	escape_gv_html(o, s, strlen(s), 0);
	buf_puts(o, "</text>\n");
}

void
cchart_text(struct cchart *cc, double x, double y, double angle,
	    double align, const char *s, size_t max)
{
	struct buf b = BUF_INIT;
	cairo_text_extents_t e;

	cchart_drawable(&b, s, max);
	if (cc->svg) {
		svg_text(cc, x, y, angle, align, b.data);
		buf_release(&b);
		return;
	}
	cairo_text_extents(cc->cr, b.data, &e);
	cairo_save(cc->cr);
	cairo_translate(cc->cr, x, y);
	cairo_rotate(cc->cr, angle);
	cairo_move_to(cc->cr, -align * e.x_advance, 0);
	cairo_show_text(cc->cr, b.data);
	cairo_restore(cc->cr);
	buf_release(&b);
}

void
cchart_scratch_open(struct cchart *cc)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
							1, 1);

	memset(cc, 0, sizeof(*cc));
	cc->cr = cairo_create(s);
	cairo_surface_destroy(s);	/* the context holds it */
	cchart_font(cc, 11, 0);
}

void
cchart_scratch_close(struct cchart *cc)
{
	cairo_destroy(cc->cr);
	cc->cr = NULL;
}

static cairo_status_t
to_buf(void *closure, const unsigned char *data, unsigned int len)
{
	buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

/* The text elements go in before the SVG's end tag, in a group that
 * names the font once. */
static int
svg_splice(struct buf *out, size_t start, const struct buf *texts)
{
	static const char end[] = "</svg>";
	struct buf tail = BUF_INIT;
	char *p = NULL;

	for (size_t k = out->len; k-- > start + 5;)
		if (!memcmp(out->data + k - 5, end, 6)) {
			p = out->data + k - 5;
			break;
		}
	if (!p)
		return -1;
	buf_add(&tail, p, (size_t)(out->data + out->len - p));
	out->len = (size_t)(p - out->data);
	buf_puts(out, "<g font-family=\"" CHART_FONT "\">\n");
	if (texts->len)
		buf_add(out, texts->data, texts->len);
	buf_puts(out, "</g>\n");
	buf_add(out, tail.data, tail.len);
	buf_release(&tail);
	return 0;
}

/* The address space drawing needs beyond what is in use (the image
 * surface's own pixels are asked for by cairo, which says so). */
#ifndef CCHART_HEADROOM_MB
#define CCHART_HEADROOM_MB 32
#endif

/* The largest side of an image surface, in pixels (pixman's limit:
 * cairo says only "invalid value (typically too big) for the size"). */
#define PNG_SIDE_MAX 32767

/* Why the what could not be drawn, in the user's terms: what to do
 * about a size or memory, cairo's words for anything else. */
static int
draw_error(const char *what, enum format fmt, cairo_status_t st)
{
	if (st == CAIRO_STATUS_NO_MEMORY)
		return error("cannot draw the %s: out of memory", what);
	if (st == CAIRO_STATUS_INVALID_SIZE)
		return error("cannot draw the %s: too large for a%s %s (fold "
			     "trees with --top, or write %s)", what,
			     fmt == FORMAT_SVG ? "n" : "",
			     fmt == FORMAT_PNG ? "PNG" : fmt == FORMAT_PDF ?
			     "PDF" : "SVG",
			     fmt == FORMAT_PNG ? "SVG or PDF" : "a PNG");
	return error("cannot draw the %s: %s", what,
		     cairo_status_to_string(st));
}

int
cchart_render(enum format fmt, double w, double h, double png_scale,
	      cchart_draw_fn *draw, const void *data, const char *what,
	      int64_t when, struct buf *out)
{
	struct cchart cc;
	cairo_surface_t *s;
	cairo_status_t st;
	size_t start = out->len;

	/* cairo and fontconfig crash rather than fail when memory is
	 * short (ulimit -v): asked first, as for the flow chart. */
	if (!memory_headroom((size_t)CCHART_HEADROOM_MB << 20))
		return error("cannot draw the %s: out of memory", what);
	if (fmt == FORMAT_PNG && (ceil(w * png_scale) > PNG_SIDE_MAX ||
				  ceil(h * png_scale) > PNG_SIDE_MAX))
		return error("cannot draw the %s as a PNG: it would be %.0f "
			     "by %.0f pixels, and a PNG is drawn at most %d "
			     "on a side; fold trees with --top, or write SVG "
			     "or PDF", what, ceil(w * png_scale),
			     ceil(h * png_scale), PNG_SIDE_MAX);
	memset(&cc, 0, sizeof(cc));
	buf_init(&cc.texts);
	if (fmt == FORMAT_SVG)
		s = cairo_svg_surface_create_for_stream(to_buf, out, w, h);
	else if (fmt == FORMAT_PDF)
		s = cairo_pdf_surface_create_for_stream(to_buf, out, w, h);
	else
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
					       (int)ceil(w * png_scale),
					       (int)ceil(h * png_scale));
	cc.cr = cairo_create(s);
	cc.svg = fmt == FORMAT_SVG;
	if (fmt == FORMAT_PNG)
		cairo_scale(cc.cr, png_scale, png_scale);
	cchart_font(&cc, 11, 0);
	draw(&cc, data);
	st = cairo_status(cc.cr);
	cairo_destroy(cc.cr);
	if (!st && fmt == FORMAT_PNG)
		st = cairo_surface_write_to_png_stream(s, to_buf, out);
	cairo_surface_finish(s);
	if (!st)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (!st && fmt == FORMAT_PDF)
		pdf_fix_date_at(out, start, when);
	if (!st && fmt == FORMAT_SVG && svg_splice(out, start, &cc.texts) < 0)
		st = CAIRO_STATUS_WRITE_ERROR;
	buf_release(&cc.texts);
	if (st) {
		out->len = start;
		return draw_error(what, fmt, st);
	}
	return 0;
}

char *
cchart_fitted(struct cchart *cc, const char *s, double w)
{
	struct buf b = BUF_INIT;
	size_t max = CCHART_LINE_CHARS;

	while (max > 8 && cchart_width(cc, s, max) > w)
		max -= 4;
	cchart_drawable(&b, s, max);
	return b.data;
}

char *
cchart_wrapped(struct cchart *cc, const char *s, double w, char **second)
{
	*second = NULL;
	if (cchart_width(cc, s, CCHART_LINE_CHARS) <= w)
		return cchart_fitted(cc, s, w);
	for (size_t cut = strlen(s); cut > 0; cut--) {
		char *head, *line;

		if (s[cut] != ' ')
			continue;
		head = xstrndup(s, cut);
		if (cchart_width(cc, head, CCHART_LINE_CHARS) <= w) {
			line = cchart_fitted(cc, head, w);
			free(head);
			*second = cchart_fitted(cc, s + cut + 1, w);
			return line;
		}
		free(head);
	}
	return cchart_fitted(cc, s, w);
}

int
cchart_page_render(const struct cchart_page *pg, enum format fmt,
		   int64_t when, struct buf *out)
{
	struct cchart cc;
	int ret;

	cchart_scratch_open(&cc);
	pg->layout(&cc, pg->l);
	cchart_scratch_close(&cc);
	if (pg->say)
		pg->say(pg->l);
	ret = cchart_render(fmt, *pg->width, *pg->height, pg->png_scale,
			    pg->draw, pg->l, pg->what, when, out);
	pg->release(pg->l);
	return ret;
}

double
cchart_page_width(double asked, double def, double min)
{
	double w = asked > 0 ? asked : def;

	return w < min ? min : w;
}

void
cchart_say_page(const char *size_arg, const struct buf *folds,
		 double smallest, double height, double min_font,
		 const char *what)
{
	struct buf b = BUF_INIT;
	long st = (long)(smallest * 10 + 0.5);
	long tenths = (long)(height * 10 / 72 + 0.5);

	buf_puts(&b, folds->len ? folds->data : "nothing folded");
	/* Tenths by hand: a locale's decimal comma stays out. */
	buf_printf(&b, "; smallest text %ld.%ldpt, %ld.%ldin high", st / 10,
		   st % 10, tenths / 10, tenths % 10);
	if (min_font > smallest)
		buf_printf(&b, ", under --min-font %.1fpt (the %s's text "
			   "keeps its size: a wider --size)", min_font, what);
	(void)error("--size %s: %s", size_arg, b.data);
	buf_release(&b);
}
