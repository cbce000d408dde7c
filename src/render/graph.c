/*
 * render/graph.c - the tree of trees through Graphviz, in process.
 *
 * The graph is built with cgraph (render/graph_build.c), then either
 * written as DOT before any layout (so the DOT is the same on every
 * machine, whatever its fonts) or laid out and rendered by gvc.  Here:
 * what cgraph is given to work with (our object ids, which make the DOT
 * stable, and our buffer as its output), gvc's one context and its
 * messages turned into one error, a layout too big for its engine
 * refused, a slow one announced by an alarm, and the rendered SVG and
 * PDF finished (the trees' names on their SVG nodes, the PDF's Title).
 * Kept apart from the building so that the library's runtime, its
 * signals and its failures stand in one file, and what is drawn in
 * another.
 */
#include "render/graph.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include "render/graph_build.h"
#include "render/legend.h"
#include "render/pdf.h"
#include "util/escape.h"

static const char *const layouts[] = {
	"dot", "twopi", "circo", "neato", "fdp", "sfdp",
};

static const char *const formats[] = {
	"dot", "svg", "png", "pdf",
};

/*
 * The most nodes each engine lays out in about ten times dot's time;
 * above, it is refused with a message instead of running for minutes in
 * silence.  Measured with straight edges (declare_graph): on 1500 trees
 * dot took 3.2 s, circo 15 s, neato 14 s, fdp 11 s, sfdp 8 s, twopi
 * 1.3 s; neato and circo grow with the square of the nodes.
 */
static const struct {
	const char *engine;
	uint32_t max_nodes;
} engine_limits[] = {
	{ "circo", 2000 }, { "fdp", 2000 }, { "neato", 2000 },
};

static int
in_list(const char *s, const char *const *list, size_t nr)
{
	if (!s)
		return 0;
	for (size_t i = 0; i < nr; i++)
		if (!strcmp(s, list[i]))
			return 1;
	return 0;
}

int
graph_layout_known(const char *engine)
{
	return in_list(engine, layouts, ARRAY_SIZE(layouts));
}

/*
 * Object ids.  cgraph's own id discipline makes a name's id the address
 * of its copy of the string, and keeps subgraphs in order of id: agwrite
 * wrote --branches' clusters in an order that followed the allocator
 * (another malloc history, another DOT).  Here a name's id is its rank
 * of creation (even, as cgraph expects of named objects; anonymous ones
 * get odd ids from a counter), so clusters come in the order they were
 * made and the DOT is the same wherever it is written.
 */
struct gv_ids {
	char **names;		/* names[k] has id 2 (k + 1); agstrdup's */
	size_t nr, alloc;
	struct hindex ix;	/* k by name */
	IDTYPE anon;		/* the next anonymous id */
};

static void *
ids_open(Agraph_t *g, Agdisc_t *disc)
{
	struct gv_ids *ids = xcalloc(1, sizeof(*ids));

	(void)g;
	(void)disc;
	ids->anon = 1;
	return ids;
}

/* The k of name, or HINDEX_NONE. */
static uint32_t
ids_find(const struct gv_ids *ids, const char *name)
{
	struct hprobe pr;

	for (uint32_t k = hindex_first(&ids->ix, str_hash(name), &pr);
	     k != HINDEX_NONE; k = hindex_next(&ids->ix, &pr))
		if (!strcmp(ids->names[k], name))
			return k;
	return HINDEX_NONE;
}

static long
ids_map(void *state, int objtype, char *str, IDTYPE *id, int createflag)
{
	struct gv_ids *ids = state;
	uint32_t k;

	(void)objtype;
	if (!str) {
		*id = ids->anon;
		ids->anon += 2;
		return 1;
	}
	k = ids_find(ids, str);
	if (k == HINDEX_NONE) {
		if (!createflag)
			return 0;
		ALLOC_GROW(ids->names, ids->nr + 1, ids->alloc);
		/* cgraph's own kind of string: agwrite looks before it
		 * for whether it is HTML. */
		ids->names[ids->nr] = agstrdup(NULL, str);
		k = (uint32_t)ids->nr++;
		hindex_add(&ids->ix, str_hash(str), k);
	}
	*id = (IDTYPE)2 * (k + 1);
	return 1;
}

/* Only anonymous ids may be asked for by number. */
static long
ids_alloc(void *state, int objtype, IDTYPE id)
{
	(void)state;
	(void)objtype;
	return id % 2;
}

static void
ids_free(void *state, int objtype, IDTYPE id)
{
	(void)state;
	(void)objtype;
	(void)id;
}

static char *
ids_print(void *state, int objtype, IDTYPE id)
{
	struct gv_ids *ids = state;

	(void)objtype;
	if (id % 2 || id / 2 == 0 || id / 2 > ids->nr)
		return NULL;
	return ids->names[id / 2 - 1];
}

static void
ids_close(void *state)
{
	struct gv_ids *ids = state;

	for (size_t k = 0; k < ids->nr; k++)
		agstrfree(NULL, ids->names[k]);
	free(ids->names);
	hindex_release(&ids->ix);
	free(ids);
}

static void
ids_register(void *state, int objtype, void *obj)
{
	(void)state;
	(void)objtype;
	(void)obj;
}

static Agiddisc_t id_disc = {
	ids_open, ids_map, ids_alloc, ids_free, ids_print, ids_close,
	ids_register,
};

/* agwrite's output channel: our buffer. */
static int
put_buf(void *chan, const char *s)
{
	buf_puts(chan, s);
	return 0;
}

static int
flush_buf(void *chan)
{
	(void)chan;
	return 0;
}

/*
 * Graphviz's messages.  agerr hands a user function "Error" or "Warning",
 * then ": ", then the message (continuations come without the prefix);
 * the first error's first line is kept for our own report, the rest is
 * dropped so that a failure is one line on stderr.
 */
static struct {
	int in_error;
	int have;
	struct buf first;
} gv_msgs;

static int
capture_gv_message(char *s)
{
	const char *list;
	size_t len;

	if (!strcmp(s, "Error") || !strcmp(s, "Warning")) {
		gv_msgs.in_error = s[0] == 'E';
		return 0;
	}
	if (!strcmp(s, ": ") || !gv_msgs.in_error || gv_msgs.have)
		return 0;
	gv_msgs.have = 1;
	len = strcspn(s, "\n");
	/* "... not recognized. Use one of: <every plugin>": the list is
	 * long and, without a configuration, empty. */
	list = strstr(s, " Use one of:");
	if (list && (size_t)(list - s) < len)
		len = (size_t)(list - s);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '.'))
		len--;
	escape_text(&gv_msgs.first, s, len);
	return 0;
}

/*
 * The address space Graphviz, cairo, pango and fontconfig need beyond
 * what is in use to draw a chart (and GLib's thread for pango): under
 * ulimit -v they crash (fontconfig's SIGSEGV), abort (GLib's "creating
 * thread") or say that a renderer is unavailable when it is short, so
 * it is asked for first.  Measured on the sample's chart: PNG, SVG, PDF
 * and HTML all drawn with 64 MB more than the walk used, none with 40.
 */
#define RENDER_HEADROOM ((size_t)RENDER_HEADROOM_MB << 20)
#ifndef RENDER_HEADROOM_MB
#define RENDER_HEADROOM_MB 64
#endif

/* Report a failure of step ("lay out the graph with 'dot'") once. */
static int
gv_error(const char *step)
{
	const char *hint = "";

	/* A plugin that could not load for want of memory is "unavailable"
	 * to Graphviz. */
	if (!memory_headroom(RENDER_HEADROOM))
		return error("cannot %s: out of memory", step);

	if (gv_msgs.have && strstr(gv_msgs.first.data, "not recognized"))
		hint = " (is Graphviz's plugin configuration installed? "
			"try 'dot -c' as root)";
	if (gv_msgs.have)
		return error("cannot %s: %s%s", step, gv_msgs.first.data, hint);
	return error("cannot %s%s", step, hint);
}

/*
 * One Graphviz context for the life of the process, never freed.  Freeing
 * it is not safe in Graphviz 2.42: the pango plugin keeps a pointer to the
 * last font name, which lives in the context, and the next context's first
 * label reads the freed name (valgrind: invalid read in
 * pango_textlayout).  One context is what Graphviz expects anyway, and it
 * spares reading the plugin configuration on every call.
 */
static GVC_t *
gv_context(void)
{
	static GVC_t *gvc;

	if (!gvc)
		gvc = gvContext();
	return gvc;
}

/*
 * A layout that lasts over a second says so on stderr (a terminal's, as
 * main decides), and the line is erased when it ends: Graphviz gives no
 * progress of its own, so an alarm prints a line prepared beforehand
 * (write(2) is all a signal handler may call).  The only mutable state
 * outside option parsing, and only while a layout runs.
 */
static char layout_msg[128];
static size_t layout_msg_len;
static volatile sig_atomic_t layout_shown;

static void
layout_alarm(int sig)
{
	(void)sig;
	if (write(STDERR_FILENO, layout_msg, layout_msg_len) > 0)
		layout_shown = 1;
}

static void
progress_start(Agraph_t *g, const char *layout, struct sigaction *old)
{
	struct sigaction sa;
	struct itimerval one = { { 0, 0 }, { 1, 0 } };
	/* For the tests only (man page, ENVIRONMENT): a layout's time
	 * depends on the machine's load, the line's appearance must not. */
	const char *ms = getenv("TREEPLOT_PROGRESS_DELAY_MS");
	int n;

	if (ms && *ms) {
		long v = strtol(ms, NULL, 10);

		if (v > 0 && v < 60000) {
			one.it_value.tv_sec = v / 1000;
			one.it_value.tv_usec = (v % 1000) * 1000;
		}
	}

	n = snprintf(layout_msg, sizeof(layout_msg),
		     "treeplot: laying out %d nodes with %s...",
		     agnnodes(g), layout);
	layout_msg_len = n > 0 && (size_t)n < sizeof(layout_msg) ?
			 (size_t)n : 0;
	layout_shown = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = layout_alarm;
	/* A system call of the layout's (a font file read) goes on. */
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, old);
	setitimer(ITIMER_REAL, &one, NULL);
}

static void
progress_stop(const struct sigaction *old)
{
	struct itimerval none = { { 0, 0 }, { 0, 0 } };

	setitimer(ITIMER_REAL, &none, NULL);
	sigaction(SIGALRM, old, NULL);
	if (layout_shown)
		fputs("\r\033[K", stderr);
	layout_shown = 0;
}

/* Refuse a layout its engine would spend minutes on (engine_limits). */
static int
check_size(Agraph_t *g, const char *layout)
{
	int n = agnnodes(g);

	for (size_t k = 0; k < ARRAY_SIZE(engine_limits); k++)
		if (!strcmp(layout, engine_limits[k].engine) && n > 0 &&
		    (uint32_t)n > engine_limits[k].max_nodes)
			return error("the %s layout cannot place %d nodes in "
				     "reasonable time (at most %u): use dot, "
				     "twopi or sfdp, or fold trees with --top",
				     layout, n, engine_limits[k].max_nodes);
	return 0;
}


/* The last occurrence of key in [s, s + len), or NULL. */
static const char *
find_last(const char *s, size_t len, const char *key)
{
	size_t klen = strlen(key);

	for (size_t i = len >= klen ? len - klen + 1 : 0; i-- > 0;)
		if (!memcmp(s + i, key, klen))
			return s + i;
	return NULL;
}

/* title as a PDF text string: UTF-16BE in hex, so that no byte of it
 * needs escaping; control characters and newlines become spaces. */
static void
pdf_text(struct buf *out, const char *title)
{
	const unsigned char *p = (const unsigned char *)title;
	size_t len = strlen(title), i = 0;

	buf_puts(out, "<FEFF");
	while (i < len && i < 1024) {
		unsigned int cp;
		size_t n = utf8_decode(p + i, len - i, &cp);

		i += n ? n : 1;
		if (!n)
			cp = 0xfffd;
		else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
			cp = ' ';
		if (cp > 0xffff)
			buf_printf(out, "%04X%04X",
				   0xd800 + ((cp - 0x10000) >> 10),
				   0xdc00 + ((cp - 0x10000) & 0x3ff));
		else
			buf_printf(out, "%04X", cp);
	}
	buf_puts(out, ">");
}

/*
 * The PDF's Title, from the chart's title: Graphviz's cairo renderer
 * sets none; dated when (pdf_stamp_at).  Added as an incremental update (a new Info dictionary, an
 * xref section for it and a trailer pointing back to cairo's), which
 * every PDF reader applies and which moves no offset of cairo's.
 */
static void
pdf_add_title(struct buf *out, size_t start, const char *title,
	      int64_t when)
{
	const char *pdf = out->data + start, *trailer, *root, *size, *sx;
	size_t len = out->len - start, obj_at, xref_at;
	unsigned long nobj, prev, root_nr;
	char stamp[32];

	trailer = find_last(pdf, len, "trailer");
	sx = find_last(pdf, len, "startxref");
	if (!trailer || !sx)
		return;
	size = strstr(trailer, "/Size ");
	root = strstr(trailer, "/Root ");
	if (!size || !root || size > sx || root > sx)
		return;
	nobj = strtoul(size + 6, NULL, 10);
	root_nr = strtoul(root + 6, NULL, 10);
	prev = strtoul(sx + 9, NULL, 10);
	if (!nobj || !root_nr)
		return;
	pdf_stamp_at(stamp, when);
	if (out->data[out->len - 1] != '\n')
		buf_addc(out, '\n');
	obj_at = out->len - start;
	buf_printf(out, "%lu 0 obj\n<< /Title ", nobj);
	pdf_text(out, title);
	buf_printf(out, "\n   /Creator (treeplot %s)\n"
		   "   /CreationDate (D:%sZ)\n>>\nendobj\n", TREEPLOT_VERSION,
		   stamp);
	xref_at = out->len - start;
	buf_printf(out, "xref\n0 1\n0000000000 65535 f \n%lu 1\n%010zu 00000 n "
		   "\ntrailer\n<< /Size %lu\n   /Root %lu 0 R\n   /Info %lu 0 R\n"
		   "   /Prev %lu\n>>\nstartxref\n%zu\n%%%%EOF\n", nobj, obj_at,
		   nobj + 1, root_nr, nobj, prev, xref_at);
}

/* The graph's pad (graph_build.c's "pad", 0.3 inches), round the
 * drawing on every side: part of the width --size scales to. */
#define GRAPH_PAD_PT 21.6

/*
 * The smallest text of f's chart built with o and laid out, once scaled
 * to o->width: a box's text, in hundredths of a point, and the page's
 * height then (points).  -1 after saying why.  The layout is thrown
 * away: the chart is built again to render.
 */
static long
measure_text(const struct flow *f, const struct graph_options *o,
	     Agdisc_t *disc, double *height)
{
	Agraph_t *g = graph_build(f, o, disc);
	GVC_t *gvc = NULL;
	boxf bb;
	long ret = -1;

	if (!g)
		return gv_error("build the graph");
	if (check_size(g, o->layout) < 0)
		goto out;
	if (!memory_headroom(RENDER_HEADROOM)) {
		ret = error("cannot draw the chart: out of memory");
		goto out;
	}
	gvc = gv_context();
	if (!gvc) {
		ret = gv_error("start Graphviz");
		goto out;
	}
	if (gvLayout(gvc, g, o->layout) != 0) {
		ret = gv_error("lay out the graph");
		gvc = NULL;
		goto out;
	}
	/* The drawing's box, in points (layout's; "bb" is only written
	 * out by a render). */
	bb = GD_bb(g);
	if (bb.UR.x > bb.LL.x) {
		double scale = (double)o->width / 100 /
			       (bb.UR.x - bb.LL.x + 2 * GRAPH_PAD_PT);

		ret = (long)(GRAPH_BOX_FONT * 100 * scale);
		*height = (bb.UR.y - bb.LL.y + 2 * GRAPH_PAD_PT) * scale;
	} else {
		ret = gv_error("measure the laid out graph");
	}
	gvFreeLayout(gvc, g);
out:
	agclose(g);
	return ret;
}

static const char *const print_steps[] = {
	[PRINT_COMPACT] = "legend in two columns, headings wrapped",
	[PRINT_TIGHT] = "ranks and boxes closer",
	[PRINT_FOLDED] = "long box lines folded",
};

/*
 * --size: the first folding (graph_print) at which the chart's text,
 * scaled to the width, stays at --min-font or more; the last one when
 * none does.  Into o->print, and one line on stderr saying what was
 * folded and the smallest text.  Returns 0, or -1 after an error.
 */
static int
choose_print(const struct flow *f, struct graph_options *o, Agdisc_t *disc)
{
	struct buf said = BUF_INIT;
	double height = 0;
	long text = 0, tenths;

	o->measuring = 1;
	for (o->print = PRINT_COMPACT;; o->print++) {
		text = measure_text(f, o, disc, &height);
		if (text < 0 || text >= (long)o->min_font ||
		    o->print == PRINT_FOLDED)
			break;
	}
	o->measuring = 0;
	if (text < 0)
		return -1;
	if (!o->notes)
		return 0;
	for (int k = PRINT_COMPACT; k <= (int)o->print; k++)
		buf_printf(&said, "%s%s", k == PRINT_COMPACT ? "" : ", ",
			   print_steps[k]);
	/* Tenths by hand: a locale's decimal comma stays out. */
	tenths = (long)(height * 10 / 72 + 0.5);
	buf_printf(&said, "; smallest text %ld.%ldpt, %ld.%ldin high",
		   text / 100, text % 100 / 10, tenths / 10, tenths % 10);
	if (text < (long)o->min_font)
		buf_printf(&said, ", under --min-font %u.%upt (fewer trees: "
			   "--top, --chart-depth; or a wider --size)",
			   o->min_font / 100, o->min_font % 100 / 10);
	(void)error("--size %s: %s", o->size_arg ? o->size_arg : "",
		    said.data);
	buf_release(&said);
	return 0;
}

static int
render_gvc(Agraph_t *g, const struct graph_options *o, const char *title,
	   struct buf *out)
{
	struct buf step = BUF_INIT;
	struct sigaction old;
	GVC_t *gvc;
	char *data = NULL;
	unsigned int len = 0;
	int laid_out = 0, ret = -1, failed;

	if (check_size(g, o->layout) < 0)
		goto out;
	/* The PDF's page the drawing and its pad, as the SVG's: Graphviz's
	 * margin for PostScript and PDF was 36 points more a side. */
	if (!strcmp(o->format, "pdf")) {
		char margin[] = "margin", zero[] = "0", none[] = "";

		agsafeset(g, margin, zero, none);
	}
	gvc = gv_context();
	if (!gvc) {
		ret = gv_error("start Graphviz");
		goto out;
	}
	if (!memory_headroom(RENDER_HEADROOM)) {
		ret = error("cannot draw the chart: out of memory");
		goto out;
	}
	if (o->progress)
		progress_start(g, o->layout, &old);
	failed = gvLayout(gvc, g, o->layout) != 0;
	if (o->progress)
		progress_stop(&old);
	if (failed) {
		buf_printf(&step, "lay out the graph with '%s'", o->layout);
		ret = gv_error(step.data);
		goto out;
	}
	laid_out = 1;
	/* Cairo writes a PDF's date in the local zone, whose spelling ("Z",
	 * "+01'00") pdf_fix_date_at cannot change without moving offsets:
	 * make it UTC.  Nothing else of treeplot's uses the local zone. */
	if (!strcmp(o->format, "pdf")) {
		setenv("TZ", "UTC", 1);
		tzset();
	}
	if (gvRenderData(gvc, g, o->format, &data, &len) != 0 || !data) {
		buf_printf(&step, "render the graph as %s", o->format);
		ret = gv_error(step.data);
		goto out;
	}
	buf_add(out, data, len);
	if (!strcmp(o->format, "pdf")) {
		pdf_fix_date_at(out, out->len - len, o->last);
		pdf_add_title(out, out->len - len, title, o->last);
	}
	ret = 0;
out:
	if (data)
		gvFreeRenderData(data);
	if (laid_out)
		gvFreeLayout(gvc, g);
	buf_release(&step);
	return ret;
}

/*
 * Graphviz writes each node as '<g id="nodeK" class="node">' then
 * '<title>tI</title>', tI our stable id of flow tree I: give the group
 * data-tree="NAME" (escape_text's form, then XML-escaped), so that a page
 * can find a tree's node by its name.
 */
static void
svg_tag_trees(const struct flow *f, struct buf *out, size_t start)
{
	static const char open[] = "class=\"node\">\n<title>t";
	struct buf res = BUF_INIT, name = BUF_INIT;
	const char *p = out->data + start, *end = out->data + out->len, *q;

	buf_add(&res, out->data, start);
	while ((q = strstr(p, open)) != NULL) {
		const char *digits = q + sizeof(open) - 1;
		unsigned long i = strtoul(digits, NULL, 10);
		const char *n = i < f->trees_nr && f->trees[i].name ?
				f->trees[i].name : "";

		/* A node that is no tree ("direct", ...): as it is. */
		if (*digits < '0' || *digits > '9') {
			buf_add(&res, p, digits - p);
			p = digits;
			continue;
		}
		q += sizeof(open) - 1 - strlen(">\n<title>t");
		buf_add(&res, p, q - p);
		name.len = 0;
		escape_text(&name, n, strlen(n));
		buf_puts(&res, " data-tree=\"");
		for (size_t k = 0; k < name.len; k++) {
			char c = name.data[k];

			if (c == '&' || c == '<' || c == '>' || c == '"')
				buf_printf(&res, "&#%d;", c);
			else
				buf_addc(&res, c);
		}
		buf_addc(&res, '"');
		p = q;
	}
	buf_add(&res, p, end - p);
	buf_release(&name);
	buf_release(out);
	*out = res;
}

void
graph_options_init(struct graph_options *o, const char *format,
		   const char *layout)
{
	memset(o, 0, sizeof(*o));
	o->format = format;
	o->layout = layout;
	o->major = GRAPH_MAJOR_DEFAULT;
	o->minor = GRAPH_MINOR_DEFAULT;
	o->chart_depth = GRAPH_CHART_DEPTH_DEFAULT;
}

int
render_graph(const struct flow *f, const char *format, const char *layout,
	     const char *title, struct buf *out)
{
	struct graph_options o;

	graph_options_init(&o, format, layout);
	o.title = title;
	return render_graph_with(f, &o, out);
}

int
render_graph_with(const struct flow *f, const struct graph_options *given,
		  struct buf *out)
{
	struct graph_options sized = *given, *o = &sized;
	/* agwrite writes through the graph's I/O discipline: ours appends
	 * to out; ids are ours too (memory stays cgraph's default). */
	Agiodisc_t io = { NULL, put_buf, flush_buf };
	Agdisc_t disc = { NULL, &id_disc, &io };
	struct buf title = BUF_INIT;
	agusererrf old_errf;
	size_t start = out->len;
	Agraph_t *g;
	int ret = -1;

	if (!in_list(o->format, formats, ARRAY_SIZE(formats)))
		return error("unknown graph format '%s'",
			     o->format ? o->format : "");
	if (!graph_layout_known(o->layout))
		return error("unknown layout '%s'",
			     o->layout ? o->layout : "");

	gv_msgs.in_error = 0;
	gv_msgs.have = 0;
	buf_init(&gv_msgs.first);
	old_errf = agseterrf(capture_gv_message);

	/* --size: DOT, not laid out, is folded the least; the drawn
	 * formats as far as their text needs. */
	if (o->width && !strcmp(o->format, "dot"))
		o->print = PRINT_COMPACT;
	else if (o->width && choose_print(f, o, &disc) < 0)
		goto out;
	g = graph_build(f, o, &disc);
	if (!g) {
		ret = gv_error("build the graph");
		goto out;
	}
	if (!strcmp(o->format, "dot")) {
		/* Before layout: no coordinates, no font metrics. */
		if (agwrite(g, out) != 0)
			ret = gv_error("write the graph as DOT");
		else
			ret = 0;
	} else {
		graph_title(&title, f, o->title);
		ret = render_gvc(g, o, title.data, out);
		if (!ret && o->tree_attrs && !strcmp(o->format, "svg"))
			svg_tag_trees(f, out, start);
	}
	agclose(g);
out:
	agseterrf(old_errf);
	buf_release(&gv_msgs.first);
	buf_release(&title);
	if (ret < 0 && out->len > start) {
		/* Leave nothing of a failed rendering behind. */
		out->len = start;
		out->data[start] = '\0';
	}
	return ret;
}
