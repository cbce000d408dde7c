/*
 * render/legend.c - the chart's title, subtitle and legend, as one
 * HTML-like label.
 *
 * Each legend sample is drawn with what every renderer draws the same:
 * table cells filled with a colour (a line, dashes, dots) and cells with
 * the look of the chart's boxes.  Glyphs would depend on the font.
 */
#include "render/legend.h"

#include <string.h>
#include <time.h>

#include "util/escape.h"

/* As render/graph_text.c's: a 100 KB title stays a title. */
#define MAX_HEADING_TEXT 512

/* Legend entries per row: the legend is wide and low, as the chart is;
 * on a printed page (--size), two, their texts wrapped. */
#define LEGEND_COLUMNS 3
#define PRINT_COLUMNS 2
#define PRINT_LEGEND_CHARS 30
#define PRINT_HEADING_CHARS 64

/*
 * s with a newline for a blank wherever a line would pass max
 * characters (a word longer stays whole), into out (plain text still:
 * the caller escapes, newlines becoming breaks).
 */
static void
wrap_text(struct buf *out, const char *s, size_t max)
{
	size_t col = 0, len = strlen(s);

	for (size_t k = 0; k < len;) {
		size_t word = strcspn(s + k, " "), chars = 0;

		/* A word longer than a line (a URL) ends after a '/' that
		 * keeps it within one. */
		for (size_t j = 0, c = 0; j < word; j++) {
			c += ((unsigned char)s[k + j] & 0xc0) != 0x80;
			if (c > max && chars) {
				word = chars;
				break;
			}
			if (s[k + j] == '/' && j + 1 < word)
				chars = j + 1;
		}
		chars = utf8_chars(s + k, word);
		if (col && col + 1 + chars > max) {
			buf_addc(out, '\n');
			col = 0;
		} else if (col) {
			buf_addc(out, ' ');
			col++;
		}
		buf_add(out, s + k, word);
		col += chars;
		k += word;
		if (k < len && s[k] != ' ') {
			buf_addc(out, '\n');	/* the rest of a cut word */
			col = 0;
		}
		while (k < len && s[k] == ' ')
			k++;
	}
}

static void
add_html(struct buf *out, const char *s, int breaks)
{
	/* At most MAX_HEADING_TEXT bytes: a 100 KB range stays a range. */
	size_t len = strlen(s), cut = utf8_cut(s, len, MAX_HEADING_TEXT);

	escape_gv_html(out, s, cut, breaks);
	if (cut < len)
		buf_puts(out, "\xe2\x80\xa6");	/* U+2026, an ellipsis */
}

void
graph_percent(struct buf *out, uint32_t hundredths)
{
	buf_printf(out, "%u", hundredths / 100);
	if (hundredths % 100) {
		buf_printf(out, ".%02u", hundredths % 100);
		if (out->data[out->len - 1] == '0')
			out->data[--out->len] = '\0';
	}
}

static void
add_date(struct buf *out, int64_t when)
{
	time_t t = (time_t)when;
	struct tm tm;
	char day[16];

	if (!gmtime_r(&t, &tm) ||
	    !strftime(day, sizeof(day), "%Y-%m-%d", &tm))
		return;
	buf_puts(out, day);
}

void
graph_title(struct buf *out, const struct flow *f, const char *title)
{
	if (title) {
		buf_puts(out, title);
		return;
	}
	buf_puts(out, f->repo ? f->repo : "");
	buf_puts(out, ": the trees behind ");
	buf_puts(out, f->trees_nr && f->trees[0].name ? f->trees[0].name :
		 "the mainline");
}

static void
add_title(struct buf *out, const struct flow *f, const struct chart_heading *h)
{
	struct buf t = BUF_INIT;

	graph_title(&t, f, h->title);
	buf_puts(out, "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">"
		 "<FONT POINT-SIZE=\"22\">");
	if (h->print && t.data) {
		/* 22 points: a line of about 40 characters on the page. */
		struct buf w = BUF_INIT;

		wrap_text(&w, t.data, PRINT_HEADING_CHARS * 14 / 22);
		add_html(out, w.data ? w.data : "", 1);
		buf_release(&w);
	} else {
		add_html(out, t.data ? t.data : "", 1);
	}
	buf_puts(out, "</FONT></TD></TR>\n");
	buf_release(&t);
}

/* s as plain text, cut as add_html cuts it, for a line built before it
 * is escaped. */
static void
add_cut(struct buf *out, const char *s)
{
	size_t len = strlen(s), cut = utf8_cut(s, len, MAX_HEADING_TEXT);

	buf_add(out, s, cut);
	if (cut < len)
		buf_puts(out, "\xe2\x80\xa6");	/* U+2026, an ellipsis */
}

/* A heading's line of plain text t in a cell: escaped, and on a printed
 * page (--size) wrapped, its lines aligned left. */
static void
heading_line(struct buf *out, const char *t, const char *font,
	     const struct chart_heading *h)
{
	struct buf w = BUF_INIT;
	const char *s = t;

	buf_printf(out, "<TR><TD ALIGN=\"LEFT\"%s><FONT %s>",
		   h->print ? " BALIGN=\"LEFT\"" : "", font);
	if (h->print) {
		wrap_text(&w, t, PRINT_HEADING_CHARS);
		s = w.data ? w.data : "";
	}
	escape_gv_html(out, s, strlen(s), h->print);
	buf_puts(out, "</FONT></TD></TR>\n");
	buf_release(&w);
}

/* The range, its dates, the totals; then where the chart came from. */
static void
add_subtitle(struct buf *out, const struct flow *f,
	     const struct graph_plan *p, const struct chart_heading *h)
{
	struct buf t = BUF_INIT;

	add_cut(&t, f->range ? f->range : "");
	if (h->first && h->last) {
		buf_puts(&t, ", ");
		add_date(&t, h->first);
		buf_puts(&t, " to ");
		add_date(&t, h->last);
	}
	buf_printf(&t, ": %u commit%s, %u direct", f->commits,
		   f->commits == 1 ? "" : "s", f->direct);
	/* The split as the two direct boxes show it (issue 28, item 4):
	 * "direct" alone hid the mainline's own topic branches. */
	if (f->topics.through)
		buf_printf(&t, " (%u applied, %u through topic branches)",
			   f->topics.applied, f->topics.through);
	buf_printf(&t, ", %u tree%s", f->total_trees,
		   f->total_trees == 1 ? "" : "s");
	if (f->folded)
		buf_printf(&t, " (%u folded)", f->folded);
	if (p->fold_trees)
		buf_printf(&t, " (%u deeper than level %u folded)",
			   p->fold_trees, p->fold_level);
	if (h->addons)		/* ", 26 of 78 pulls signed" */
		add_cut(&t, h->addons);
	heading_line(out, t.data, "POINT-SIZE=\"14\"", h);
	if (f->selection) {
		/* Its own line: the counts above are the selection's. */
		struct buf sel = BUF_INIT;

		selection_describe(f->selection, &sel);
		t.len = 0;
		buf_puts(&t, "selected: ");
		add_cut(&t, sel.data ? sel.data : "");
		heading_line(out, t.data, "POINT-SIZE=\"12\"", h);
		buf_release(&sel);
	}
	t.len = 0;
	buf_printf(&t, "treeplot %s, ", h->version ? h->version : "");
	add_cut(&t, f->repo ? f->repo : "");
	heading_line(out, t.data, "POINT-SIZE=\"11\" COLOR=\"" COLOUR_SMALL_TEXT
		 "\"", h);
	buf_release(&t);
}

/* One cell of a line sample; colour NULL: the space between dashes. */
static void
add_dash(struct buf *out, unsigned width, unsigned height, const char *colour)
{
	buf_printf(out, "<TD FIXEDSIZE=\"TRUE\" WIDTH=\"%u\" HEIGHT=\"%u\"",
		   width, height);
	if (colour)
		buf_printf(out, " BGCOLOR=\"%s\"", colour);
	buf_puts(out, "></TD>");
}

/*
 * A sample's table, width by height points, fixed at that size and
 * aligned right: Graphviz stretches a table to the cell it is in (its
 * dashes spread apart, its line stood in the middle of a column), a
 * fixed one it only places, here against the text beside it.  No
 * spacing: the space between dashes is cells of its own, so that the
 * first and last dash are the table's edges.
 */
static void
sample_table(struct buf *out, unsigned width, unsigned height)
{
	buf_printf(out, "<TABLE FIXEDSIZE=\"TRUE\" WIDTH=\"%u\" HEIGHT=\"%u\" "
		   "ALIGN=\"RIGHT\" BORDER=\"0\" CELLBORDER=\"0\" "
		   "CELLPADDING=\"0\" CELLSPACING=\"0\"><TR>", width, height);
}

/* A pen width in tenths as a sample's height in points, at least 1. */
static unsigned
line_height(uint32_t tenths)
{
	unsigned height = (tenths + 5) / 10;

	return height ? height : 1;
}

/* A 36-point sample of a line of width tenths, solid, dashed or dotted. */
static void
add_line(struct buf *out, enum legend_line line, const char *colour,
	 uint32_t tenths)
{
	unsigned height = line_height(tenths), dash, n;

	if (line == LINE_TAPERED) {
		/* Six steps of 6 points, from twice the line's width down,
		 * as the chart tapers an edge to its head. */
		sample_table(out, 36, 2 * height);
		for (unsigned k = 0; k < 6; k++)
			add_dash(out, 6, (2 * height * (6 - k) + 5) / 6,
				 colour);
		buf_puts(out, "</TR></TABLE>");
		return;
	}
	dash = line == LINE_DASHED ? 7 : line == LINE_DOTTED ? 2 : 36;
	n = line == LINE_DASHED ? 4 : line == LINE_DOTTED ? 9 : 1;
	/* n dashes and n - 1 spaces of 2 points: 36 points in all. */
	sample_table(out, n * dash + (n - 1) * 2, height);
	for (unsigned k = 0; k < n; k++) {
		if (k)
			add_dash(out, 2, height, NULL);
		add_dash(out, dash, height, colour);
	}
	buf_puts(out, "</TR></TABLE>");
}

/*
 * The legend: one grid of LEGEND_COLUMNS entries a row, each a sample
 * cell aligned right and a text cell aligned left, so that the sample
 * stands right by its text however wide the columns are (an entry of
 * its own table was stretched to its column, its sample in the middle
 * of the space, far from the text).  The boxes start a row of their
 * own; a box is as wide as its column's samples, which are short.
 */
struct legend {
	struct buf *out;
	unsigned n;		/* entries in the current grid */
	unsigned columns;	/* entries a row */
	size_t wrap;		/* a text's line at most; 0: not wrapped */
};

/* An entry's text, escaped, wrapped when the legend wraps. */
static void
legend_text(struct legend *l, const char *text)
{
	struct buf t = BUF_INIT;

	if (!l->wrap) {
		add_html(l->out, text, 0);
		return;
	}
	wrap_text(&t, text, l->wrap);
	add_html(l->out, t.data ? t.data : "", 1);
	buf_release(&t);
}

static void
entry_start(struct legend *l)
{
	if (!l->n)
		buf_puts(l->out, "<TR><TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"11\">"
			 "<TABLE BORDER=\"0\" CELLSPACING=\"0\" "
			 "CELLPADDING=\"3\">\n<TR>");
	else if (l->n % l->columns == 0)
		buf_puts(l->out, "</TR>\n<TR>");
	l->n++;
	buf_puts(l->out, "<TD ALIGN=\"RIGHT\">");
}

/* Between the sample and the text (its lines, if wrapped, aligned). */
static void
entry_text(struct legend *l)
{
	buf_puts(l->out, l->wrap ? "</TD><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">" :
		 "</TD><TD ALIGN=\"LEFT\">");
}

static void
entry_end(struct legend *l)
{
	buf_puts(l->out, "</TD>");
}

/* The next entry on a row of its own. */
static void
section_end(struct legend *l)
{
	l->n += (l->columns - l->n % l->columns) % l->columns;
}

/* The end of the grid, if any entry started it. */
static void
grid_end(struct legend *l)
{
	if (l->n)
		buf_puts(l->out, "</TR></TABLE></FONT></TD></TR>\n");
	l->n = 0;
}

static void
line_entry(struct legend *l, const char *colour, uint32_t tenths,
	   enum legend_line line, const char *marker, const char *text)
{
	entry_start(l);
	add_line(l->out, line, colour, tenths);
	entry_text(l);
	if (marker) {
		add_html(l->out, marker, 0);
		buf_puts(l->out, ": ");
	}
	legend_text(l, text);
	entry_end(l);
}

/* Text an add-on writes in the boxes: the sample as a box shows it. */
static void
text_entry(struct legend *l, const char *colour, const char *sample,
	   const char *text)
{
	entry_start(l);
	buf_puts(l->out, "<FONT COLOR=\"");
	add_html(l->out, colour, 0);
	buf_puts(l->out, "\">");
	add_html(l->out, sample ? sample : "", 0);
	buf_puts(l->out, "</FONT>");
	entry_text(l);
	legend_text(l, text);
	entry_end(l);
}

/* A sample box as the chart draws that kind of node; its table keeps
 * the cell's padding round it, apart from the boxes above and below. */
static void
box_entry(struct legend *l, const char *fill, const char *border,
	  const char *style, const char *name, const char *text)
{
	entry_start(l);
	/* Wrapped texts make rows taller, and Graphviz stretches a table
	 * to its cell: empty rows above and below take the height, the
	 * box keeps a box's. */
	buf_printf(l->out, "<TABLE BORDER=\"0\" CELLPADDING=\"2\" "
		   "CELLSPACING=\"0\">%s<TR><TD BORDER=\"1\" STYLE=\"%s\" "
		   "COLOR=\"%s\"", l->wrap ? "<TR><TD></TD></TR>" : "", style,
		   border);
	if (fill)
		buf_printf(l->out, " BGCOLOR=\"%s\"", fill);
	buf_puts(l->out, ">");
	add_html(l->out, name, 1);
	buf_printf(l->out, "</TD></TR>%s</TABLE>",
		   l->wrap ? "<TR><TD></TD></TR>" : "");
	entry_text(l);
	legend_text(l, text);
	entry_end(l);
}

#define NO_PERCENT UINT32_MAX

/* One line of the volume key: "head A mid[B%]", drawn tenths wide.  t is
 * the caller's scratch buffer. */
static void
volume_entry(struct legend *l, struct buf *t, const char *colour,
	     uint32_t tenths, const char *head, uint32_t a, const char *mid,
	     uint32_t b)
{
	t->len = 0;
	buf_puts(t, head);
	graph_percent(t, a);
	buf_puts(t, mid);
	if (b != NO_PERCENT) {
		graph_percent(t, b);
		buf_puts(t, "%");
	}
	line_entry(l, colour, tenths, LINE_SOLID, NULL, t->data);
}

static void
volume_entries(struct legend *l, const struct graph_plan *p)
{
	struct buf t = BUF_INIT;

	if (p->legend & LEGEND_MAJOR)
		volume_entry(l, &t, COLOUR_MAJOR, 30, "from ", p->major,
			     "% of the commits", NO_PERCENT);
	if (p->legend & LEGEND_MINOR)
		volume_entry(l, &t, COLOUR_MINOR, 20, "from ", p->minor, "% to ",
			     p->major);
	if (p->legend & LEGEND_SMALL)
		volume_entry(l, &t, COLOUR_SMALL, 10, "under ", p->minor, "%",
			     NO_PERCENT);
	if (p->legend & (LEGEND_MAJOR | LEGEND_MINOR | LEGEND_SMALL)) {
		/* 1%, 10%, 30% of the commits, as the chart draws them:
		 * three short lines 3 points apart (short: the boxes
		 * below are as wide as the column's widest sample). */
		unsigned high = line_height(graph_width(30, 100, NULL));

		entry_start(l);
		sample_table(l->out, 3 * 16 + 2 * 3, high);
		for (uint32_t pc = 1; pc <= 30; pc = pc == 1 ? 10 : pc + 20) {
			if (pc > 1)
				add_dash(l->out, 3, high, NULL);
			add_dash(l->out, 16,
				 line_height(graph_width(pc, 100, NULL)),
				 COLOUR_SMALL_TEXT);
		}
		buf_puts(l->out, "</TR></TABLE>");
		entry_text(l);
		legend_text(l, "width: 1%, 10%, 30% of the commits");
		entry_end(l);
	}
	buf_release(&t);
}

/* The node key's boxes after the mainline's, in their order. */
static const struct {
	unsigned flag;
	const char *fill, *border, *style, *name, *text;
} boxes[] = {
	/* The direct boxes by their own first line, as the chart's. */
	{ LEGEND_DIRECT, "white", COLOUR_SMALL_TEXT, "rounded",
	  "applied on the mainline",
	  "direct commits committed on the mainline's own line" },
	{ LEGEND_TOPICS, "white", COLOUR_SMALL_TEXT, "rounded",
	  "topic branches",
	  "direct commits merged from the mainline's own topic branches" },
	{ LEGEND_FEEDER, "#E3EEF8", COLOUR_SMALL_TEXT, "rounded", "tree",
	  "pulled into the mainline: its commits" },
	{ LEGEND_DEEPER, "#F4F4F4", COLOUR_SMALL_TEXT, "rounded", "tree",
	  "pulled into another tree" },
	{ LEGEND_MAIL, "#FFF3D6", COLOUR_SMALL_TEXT, "solid", "mail",
	  "patches that came by mail" },
	{ LEGEND_FOLD, NULL, COLOUR_SMALL, "dashed,rounded", "other",
	  "trees folded by --top, grey whatever their size" },
	{ LEGEND_DEEP_FOLD, NULL, COLOUR_SMALL, "dashed,rounded", "deeper",
	  "trees pulled deeper than --chart-depth, folded" },
	{ LEGEND_CLUSTER, NULL, COLOUR_SMALL, "dashed,rounded", "repository",
	  "--branches: the branches of one repository, named at its top" },
};

/*
 * The names' shortening by a real sample: the first tree shown without
 * the prefix, as its box shows it, then its whole name ("u-boot-dm" |
 * "= source.denx.de/u-boot/custodians/u-boot-dm: prefix left out of
 * names"); the forks' rule, which a sample cannot show, in words.  t is
 * the caller's scratch buffer.
 */
static void
prefix_entry(struct legend *l, const struct flow *f,
	     const struct graph_plan *p, struct buf *t)
{
	uint32_t k, any = f->trees_nr;
	size_t pl = p->shown.prefix ? strlen(p->shown.prefix) : 0;

	/* The sample is under the prefix itself where one is: a tree of
	 * a sibling host, shortened alike, would name another start. */
	for (k = 1; k < f->trees_nr; k++) {
		if (!f->trees[k].name || f->trees[k].tree == TREE_NONE ||
		    !strcmp(graph_shown_name(p, f, k), f->trees[k].name))
			continue;
		if (any == f->trees_nr)
			any = k;
		if (p->shown.prefix &&
		    !strncmp(f->trees[k].name, p->shown.prefix, pl))
			break;
	}
	if (k == f->trees_nr)
		k = any;
	t->len = 0;
	if (k < f->trees_nr && !p->shown.suffix) {
		buf_puts(t, "= ");
		buf_puts(t, f->trees[k].name);
		buf_puts(t, ": prefix left out of names");
		shown_names_sibling_note(&p->shown, t);
	} else {
		shown_names_note(&p->shown, t);
	}
	if (k < f->trees_nr)
		box_entry(l, f->trees[k].depth == 1 ? "#E3EEF8" : "#F4F4F4",
			  COLOUR_SMALL_TEXT, "rounded",
			  graph_shown_name(p, f, k), t->data);
	else
		text_entry(l, COLOUR_SMALL_TEXT, "/", t->data);
}

static void
node_entries(struct legend *l, const struct flow *f,
	     const struct graph_plan *p)
{
	struct buf t = BUF_INIT;

	box_entry(l, "#FFE9A8", "black", "rounded",
		  f->trees_nr && f->trees[0].name ? f->trees[0].name :
		  "mainline", "the mainline, every commit of the range");
	for (size_t i = 0; i < sizeof(boxes) / sizeof(boxes[0]); i++)
		if (p->legend & boxes[i].flag)
			box_entry(l, boxes[i].fill, boxes[i].border,
				  boxes[i].style, boxes[i].name, boxes[i].text);
	if (p->legend & LEGEND_EDGE_COUNT) {
		entry_start(l);
		buf_puts(l->out, "<FONT COLOR=\"" COLOUR_SMALL_TEXT "\">12"
			 "</FONT>");
		entry_text(l);
		buf_puts(l->out, "in a box: the commits of the edge that "
			 "leaves it there, where it sent them to several");
		entry_end(l);
	}
	if (p->legend & LEGEND_PREFIX)
		prefix_entry(l, f, p, &t);
	buf_release(&t);
}

void
graph_heading_html(struct buf *out, const struct flow *f,
		   const struct graph_plan *p, const struct chart_heading *h,
		   const struct legend_entry *extra, size_t extra_nr)
{
	struct legend l = { out, 0, h->print ? PRINT_COLUMNS : LEGEND_COLUMNS,
			    h->print ? PRINT_LEGEND_CHARS : 0 };

	buf_puts(out, "<TABLE BORDER=\"0\" CELLSPACING=\"0\" "
		 "CELLPADDING=\"3\">\n");
	add_title(out, f, h);
	add_subtitle(out, f, p, h);
	/* The lines (the core's, then the add-ons'), then the boxes. */
	volume_entries(&l, p);
	for (size_t k = 0; k < extra_nr; k++)
		if (extra[k].line != LINE_NONE)
			line_entry(&l, extra[k].colour, 15, extra[k].line,
				   extra[k].marker, extra[k].text);
	section_end(&l);
	node_entries(&l, f, p);
	for (size_t k = 0; k < extra_nr; k++)
		if (extra[k].line == LINE_NONE)
			text_entry(&l, extra[k].colour, extra[k].marker,
				   extra[k].text);
	grid_end(&l);
	buf_puts(out, "</TABLE>");
}
