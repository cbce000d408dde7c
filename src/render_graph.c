/*
 * render_graph.c - the tree of trees through Graphviz, in process.
 *
 * The graph is built with cgraph, then either written as DOT before any
 * layout (so the DOT is the same on every machine, whatever its fonts) or
 * laid out and rendered by gvc.  Node names are stable ids ("t0", "t1");
 * tree names come from commit messages and only ever appear in labels and
 * tooltips, escaped.
 *
 * Graphviz interprets three things in the text we hand it, and each is
 * defused here:
 *   - escStrings: "\N", "\G", "\n" and friends.  escape_gv_label doubles
 *     every backslash.  Tooltips are unescaped twice (once to turn "\n"
 *     into a newline, once for "\N" and the like), so there every
 *     backslash of the escaped text is doubled once more.
 *   - HTML entities: labels and tooltips go through Graphviz's entity
 *     decoder, so "&lt;" would show as "<"; every "&" becomes "&amp;".
 *   - XML: the SVG renderer escapes <, >, &, quotes itself, but U+FFFE and
 *     U+FFFF are valid UTF-8 that no XML document may hold: they become
 *     U+FFFD.
 * Quoting for the DOT syntax is cgraph's job when it writes.
 */
#include "render_graph.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include "escape.h"

static const char *const layouts[] = {
	"dot", "twopi", "circo", "neato", "fdp", "sfdp",
};

static const char *const formats[] = {
	"dot", "svg", "png", "pdf",
};

/* Okabe-Ito vermillion and blue: told apart with every colour vision. */
#define COLOUR_MAJOR "#D55E00"	/* an edge carrying >= 5% of the commits */
#define COLOUR_MINOR "#0072B2"	/* >= 1% (or --major, --minor) */
#define COLOUR_SMALL CHART_GREY
#define COLOUR_SMALL_TEXT "#555555"	/* grey text must stay legible */

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
 * Graphviz 2.42 (Debian 12) declares char * where it only reads; this is
 * the one place the const is dropped.
 */
static char *
gv(const char *s)
{
	return (char *)(uintptr_t)s;
}

/*
 * Chart text is cut after this many bytes (at a character's start, with
 * an ellipsis), and a tooltip lists no more URLs once it is this long: a
 * 100 KB tree name (it comes from a commit message) made a node 100 KB
 * wide, and Graphviz's own DOT reader refuses a string over 16 KB.  The
 * text and JSON outputs keep every name whole.
 */
#define MAX_CHART_TEXT 512
#define MAX_TOOLTIP 8192

/*
 * Append s for a label (tooltip 0) or a tooltip (tooltip 1), defused as
 * the comment at the top says.
 */
static void
add_text(struct buf *out, const char *s, int tooltip)
{
	struct buf esc = BUF_INIT;
	size_t len = strlen(s), cut = len;

	if (len > MAX_CHART_TEXT) {
		cut = MAX_CHART_TEXT;
		/* Back to the first byte of a character cut in two. */
		for (int k = 0; k < 3 && cut &&
		     ((unsigned char)s[cut] & 0xc0) == 0x80; k++)
			cut--;
	}
	escape_gv_label(&esc, s, cut);
	for (size_t i = 0; i < esc.len; i++) {
		unsigned char c = (unsigned char)esc.data[i];

		if (c == '&') {
			buf_puts(out, "&amp;");
		} else if (c == '\\' && tooltip) {
			buf_puts(out, "\\\\");
		} else if (c == 0xef && i + 2 < esc.len &&
			   (unsigned char)esc.data[i + 1] == 0xbf &&
			   ((unsigned char)esc.data[i + 2] & 0xfe) == 0xbe) {
			buf_puts(out, "\xef\xbf\xbd");
			i += 2;
		} else {
			buf_addc(out, (char)c);
		}
	}
	if (cut < len)
		buf_puts(out, "\xe2\x80\xa6");	/* U+2026, an ellipsis */
	buf_release(&esc);
}

/* Append the spellings of a tree to a tooltip, as many as fit. */
static void
add_urls(struct buf *out, char *const *urls, uint32_t nr)
{
	for (uint32_t k = 0; k < nr; k++) {
		if (out->len > MAX_TOOLTIP) {
			buf_printf(out, "\\n(and %u more)", nr - k);
			break;
		}
		buf_puts(out, "\\n");
		add_text(out, urls[k], 1);
	}
}

/* "1 commit", "2 commits". */
static void
add_count(struct buf *out, uint32_t n, const char *what)
{
	buf_printf(out, "%u %s%s", n, what, n == 1 ? "" : "s");
}

/* floor(sqrt(n)), without libm (the link line is Graphviz's, which does
 * not promise -lm). */
static uint32_t
isqrt(uint64_t n)
{
	uint64_t r = 0, bit = (uint64_t)1 << 62;

	while (bit > n)
		bit >>= 2;
	for (; bit; bit >>= 2) {
		if (n >= r + bit) {
			n -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
	}
	return (uint32_t)r;
}

/* The attributes we set per object, declared once on the root graph. */
struct attrs {
	Agsym_t *n_label, *n_tooltip, *n_shape, *n_style, *n_fillcolor,
		*n_color, *n_fontcolor, *n_fontsize, *n_penwidth;
	Agsym_t *e_label, *e_tooltip, *e_color, *e_fontcolor, *e_penwidth,
		*e_weight, *e_style;
};

static Agsym_t *
declare(Agraph_t *g, int kind, const char *name, const char *def)
{
	return agattr(g, kind, gv(name), gv(def));
}

/*
 * The look of the whole graph.  Left to right, so that the mainline ends
 * up on the right and a hundred direct feeders stack in one readable
 * column instead of a line too wide to print; deeper trees move further
 * left.  No concentrate=true: it crashes dot with labelled edges.
 */
static void
declare_attrs(Agraph_t *g, struct attrs *a)
{
	declare(g, AGRAPH, "rankdir", "LR");
	declare(g, AGRAPH, "labelloc", "t");
	declare(g, AGRAPH, "labeljust", "l");
	declare(g, AGRAPH, "fontname", "Helvetica");
	declare(g, AGRAPH, "fontsize", "16");
	declare(g, AGRAPH, "ranksep", "1.2");
	declare(g, AGRAPH, "nodesep", "0.08");
	declare(g, AGRAPH, "bgcolor", "white");
	declare(g, AGRAPH, "pad", "0.3");
	/* Edges under the nodes, so boxes are never crossed out. */
	declare(g, AGRAPH, "outputorder", "edgesfirst");
	/* For neato, fdp, sfdp: boxes must not sit on one another. */
	declare(g, AGRAPH, "overlap", "false");
	declare(g, AGRAPH, "splines", "true");

	a->n_label = declare(g, AGNODE, "label", "\\N");
	a->n_tooltip = declare(g, AGNODE, "tooltip", "");
	a->n_shape = declare(g, AGNODE, "shape", "box");
	a->n_style = declare(g, AGNODE, "style", "rounded,filled");
	a->n_fillcolor = declare(g, AGNODE, "fillcolor", "#F4F4F4");
	a->n_color = declare(g, AGNODE, "color", "#555555");
	a->n_fontcolor = declare(g, AGNODE, "fontcolor", "black");
	a->n_fontsize = declare(g, AGNODE, "fontsize", "10");
	a->n_penwidth = declare(g, AGNODE, "penwidth", "1");
	declare(g, AGNODE, "fontname", "Helvetica");
	declare(g, AGNODE, "margin", "0.1,0.03");
	declare(g, AGNODE, "height", "0.3");

	a->e_label = declare(g, AGEDGE, "label", "");
	a->e_tooltip = declare(g, AGEDGE, "tooltip", "");
	a->e_color = declare(g, AGEDGE, "color", COLOUR_SMALL);
	a->e_fontcolor = declare(g, AGEDGE, "fontcolor", COLOUR_SMALL_TEXT);
	a->e_penwidth = declare(g, AGEDGE, "penwidth", "1");
	a->e_weight = declare(g, AGEDGE, "weight", "1");
	a->e_style = declare(g, AGEDGE, "style", "");
	declare(g, AGEDGE, "fontname", "Helvetica");
	declare(g, AGEDGE, "fontsize", "9");
	declare(g, AGEDGE, "arrowsize", "0.6");
}

static void
set(void *obj, Agsym_t *sym, const char *value)
{
	agxset(obj, sym, gv(value));
}

static const char *
tree_name_of(const struct flow *f, uint32_t i)
{
	return f->trees[i].name ? f->trees[i].name : "";
}

/* An add-on's untrusted tooltip text. */
static void
tip_text(struct buf *out, const char *s)
{
	add_text(out, s, 1);
}

/* The add-ons' lines of node i's tooltip. */
static void
add_node_tips(struct buf *b, const struct flow *f, uint32_t i,
	      const struct extras *xs)
{
	const struct extra_tip tip = { b, tip_text, "\\n" };

	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x->node_tip)
			xs->run[k].x->node_tip(xs->run[k].state, f, i, &tip);
}

static void
add_node(Agraph_t *g, const struct flow *f, uint32_t i,
	 const struct attrs *a, Agnode_t **nodes, const struct extras *xs)
{
	const struct flow_tree *t = &f->trees[i];
	struct buf id = BUF_INIT, b = BUF_INIT;
	const char *name = tree_name_of(f, i);
	Agnode_t *n;

	buf_printf(&id, "t%u", i);
	n = nodes[i] = agnode(g, id.data, 1);

	add_text(&b, name, 0);
	buf_puts(&b, "\\n");
	if (i == 0) {
		add_count(&b, f->commits, "commit");
		buf_printf(&b, ", %u direct", f->direct);
	} else {
		add_count(&b, t->commits, "commit");
	}
	set(n, a->n_label, b.data);

	b.len = 0;
	add_text(&b, name, 1);
	if (i == 0) {
		add_urls(&b, f->mainline_urls, f->mainline_urls_nr);
		buf_puts(&b, "\\nthe mainline: ");
		add_count(&b, f->commits, "commit");
		buf_printf(&b, ", %u direct, ", f->direct);
		add_count(&b, f->merges, "merge");
		add_node_tips(&b, f, i, xs);
	} else if (t->tree == TREE_NONE) {
		buf_puts(&b, "\\n");
		add_count(&b, t->commits, "commit");
		buf_puts(&b, " through them");
	} else {
		add_urls(&b, t->urls, t->urls_nr);
		add_node_tips(&b, f, i, xs);
		if (t->kind == TREE_KIND_MAIL)
			buf_puts(&b, "\\npatches that came by mail");
		else if (t->kind == TREE_KIND_GITHUB)
			buf_puts(&b, "\\nGitHub pull requests");
		else if (t->kind == TREE_KIND_GITLAB)
			buf_puts(&b, "\\nGitLab merge requests");
		buf_puts(&b, "\\n");
		add_count(&b, t->commits, "commit");
		buf_printf(&b, " through it, %u its own\\n", t->own);
		add_count(&b, t->pulls, "pull");
		buf_printf(&b, ", depth %u", t->depth);
	}
	set(n, a->n_tooltip, b.data);

	if (i == 0) {
		set(n, a->n_style, "rounded,filled,bold");
		set(n, a->n_fillcolor, "#FFE9A8");
		set(n, a->n_color, "black");
		set(n, a->n_penwidth, "2");
		set(n, a->n_fontsize, "14");
	} else if (t->tree == TREE_NONE) {
		set(n, a->n_style, "rounded,dashed");
		set(n, a->n_color, COLOUR_SMALL);
		set(n, a->n_fontcolor, "#666666");
	} else if (t->kind == TREE_KIND_MAIL) {
		/* Not a tree at all: a page of mail. */
		set(n, a->n_shape, "note");
		set(n, a->n_style, "filled");
		set(n, a->n_fillcolor, "#FFF3D6");
	} else if (t->depth == 1) {
		/* Direct feeders a shade apart from the trees behind them. */
		set(n, a->n_fillcolor, "#E3EEF8");
	}
	buf_release(&id);
	buf_release(&b);
}

/* The add-ons' say in edge k's look: its tooltip so far in b. */
static void
edge_look(const struct flow *f, uint32_t k, const struct extras *xs,
	  struct buf *b, struct extra_edge_look *look)
{
	*look = (struct extra_edge_look){ { b, tip_text, "\\n" }, NULL, NULL };
	for (size_t x = 0; xs && x < xs->nr; x++)
		if (xs->run[x].x->edge_look)
			xs->run[x].x->edge_look(xs->run[x].state, f, k, look);
}

static void
add_edge(Agraph_t *g, const struct flow *f, uint32_t k,
	 const struct attrs *a, Agnode_t **nodes,
	 const struct graph_style *style, const struct extras *xs)
{
	const struct flow_edge *fe = &f->edges[k];
	struct buf b = BUF_INIT;
	uint64_t share = (uint64_t)fe->commits * 100;
	uint32_t root = 0, width;
	const char *colour, *text = COLOUR_SMALL_TEXT;
	struct extra_edge_look look;
	Agedge_t *e;

	e = agedge(g, nodes[fe->from], nodes[fe->to], NULL, 1);

	buf_printf(&b, "%u", fe->commits);
	set(e, a->e_label, b.data);

	b.len = 0;
	add_text(&b, tree_name_of(f, fe->from), 1);
	buf_puts(&b, " -> ");
	add_text(&b, tree_name_of(f, fe->to), 1);
	buf_puts(&b, ": ");
	add_count(&b, fe->commits, "commit");
	buf_puts(&b, " in ");
	add_count(&b, fe->pulls, "pull");
	edge_look(f, k, xs, &b, &look);
	set(e, a->e_tooltip, b.data);
	if (look.style)
		set(e, a->e_style, look.style);

	/* In hundredths of a percent, as the thresholds are. */
	share *= 100;
	if (f->commits && share >= (uint64_t)f->commits * style->major)
		colour = text = COLOUR_MAJOR;
	else if (f->commits && share >= (uint64_t)f->commits * style->minor)
		colour = text = COLOUR_MINOR;
	else
		colour = COLOUR_SMALL;
	if (look.colour)
		colour = text = look.colour;
	set(e, a->e_color, colour);
	set(e, a->e_fontcolor, text);

	/*
	 * Width 1 + 16 sqrt(share), at most 9: 6.8 for 13% of the commits,
	 * 2.6 for 1%, 1.7 for 0.2%.  A logarithm of the count (1 + 2 log10)
	 * drew fifty 30-commit trees almost as wide as the 1500-commit one,
	 * and the bundle into the mainline as a solid grey bar.  In tenths,
	 * printed by hand: a decimal comma from the locale would break the
	 * DOT.
	 */
	if (f->commits)
		root = isqrt((uint64_t)fe->commits * 1000000 / f->commits);
	width = 10 + 16 * root / 100;
	if (width > 90)
		width = 90;
	b.len = 0;
	buf_printf(&b, "%u.%u", width / 10, width % 10);
	set(e, a->e_penwidth, b.data);
	/* dot wants an integer weight: heavy edges kept short and straight. */
	b.len = 0;
	buf_printf(&b, "%u", 1 + root / 100);
	set(e, a->e_weight, b.data);
	buf_release(&b);
}

static void
add_graph_label(Agraph_t *g, const struct flow *f, const char *title)
{
	struct buf b = BUF_INIT;

	if (title) {
		add_text(&b, title, 0);
	} else {
		add_text(&b, f->repo ? f->repo : "", 0);
		buf_puts(&b, ": ");
		add_text(&b, f->range ? f->range : "", 0);
		buf_puts(&b, ", ");
		add_count(&b, f->commits, "commit");
		buf_printf(&b, ", %u direct, ", f->direct);
		add_count(&b, f->total_trees, "tree");
	}
	/* On the root graph, a default is the graph's own value. */
	declare(g, AGRAPH, "label", b.data);
	buf_release(&b);
}

/*
 * --branches: the branches of one repository in a box of their own,
 * labelled with the repository (the graph itself for the trees whose
 * repository shows no branch).  Subgraphs are named after the index of
 * the repository's first node, so the DOT is stable.
 */
static Agraph_t *
cluster_of(Agraph_t *g, const struct flow *f, uint32_t i)
{
	const struct flow_tree *t = &f->trees[i];
	uint32_t first = TREE_NONE, branches = 0;
	struct buf name = BUF_INIT, label = BUF_INIT;
	Agraph_t *sub;

	if (!i || t->tree == TREE_NONE)
		return g;
	for (uint32_t k = 1; k < f->trees_nr; k++) {
		const struct flow_tree *u = &f->trees[k];

		if (u->tree == TREE_NONE || u->repo != t->repo)
			continue;
		if (first == TREE_NONE)
			first = k;
		branches += u->tree != u->repo;
	}
	if (!branches)
		return g;
	buf_printf(&name, "cluster_%u", first);
	sub = agsubg(g, name.data, 0);
	if (!sub) {
		sub = agsubg(g, name.data, 1);
		add_text(&label, t->repo_name, 0);
		agsafeset(sub, gv("label"), label.data, gv(""));
		agsafeset(sub, gv("style"), gv("rounded,dashed"), gv(""));
		agsafeset(sub, gv("color"), gv(COLOUR_SMALL), gv(""));
		agsafeset(sub, gv("fontsize"), gv("10"), gv(""));
	}
	buf_release(&name);
	buf_release(&label);
	return sub;
}

/* What an add-on's edges are drawn with. */
struct emit_ctx {
	Agraph_t *g;
	const struct flow *f;
	const struct attrs *a;
	Agnode_t **nodes;
	struct buf b;
};

static void
emit_edge(void *ctx, const struct extra_edge *xe)
{
	struct emit_ctx *c = ctx;
	Agedge_t *e;

	if (xe->from >= c->f->trees_nr || xe->to >= c->f->trees_nr)
		return;
	e = agedge(c->g, c->nodes[xe->from], c->nodes[xe->to], gv(xe->key), 1);
	set(e, c->a->e_label, xe->label);
	c->b.len = 0;
	add_text(&c->b, tree_name_of(c->f, xe->from), 1);
	buf_puts(&c->b, " -> ");
	add_text(&c->b, tree_name_of(c->f, xe->to), 1);
	buf_puts(&c->b, ": ");
	buf_puts(&c->b, xe->tooltip);
	set(e, c->a->e_tooltip, c->b.data);
	if (xe->style)
		set(e, c->a->e_style, xe->style);
	if (xe->colour)
		set(e, c->a->e_color, xe->colour);
	if (xe->weight)
		set(e, c->a->e_weight, xe->weight);
}

/* The add-ons' own edges, after the flow's. */
static void
add_extra_edges(Agraph_t *g, const struct flow *f, const struct attrs *a,
		Agnode_t **nodes, const struct extras *xs)
{
	struct emit_ctx c = { g, f, a, nodes, BUF_INIT };

	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x->graph_edges)
			xs->run[k].x->graph_edges(xs->run[k].state, f,
						  emit_edge, &c);
	buf_release(&c.b);
}

static Agraph_t *
build_graph(const struct flow *f, const char *title, Agdisc_t *disc,
	    const struct graph_style *style, const struct extras *xs)
{
	Agraph_t *g = agopen(gv("treeplot"), Agdirected, disc);
	Agnode_t **nodes;
	struct attrs a;

	if (!g)
		return NULL;
	declare_attrs(g, &a);
	add_graph_label(g, f, title);
	/* For twopi: the mainline in the centre, not whichever node it
	 * finds most central. */
	if (f->trees_nr)
		declare(g, AGRAPH, "root", "t0");
	/* An array of pointers, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	nodes = xcalloc(f->trees_nr, sizeof(*nodes));
	for (uint32_t i = 0; i < f->trees_nr; i++)
		add_node(f->branches ? cluster_of(g, f, i) : g, f, i, &a,
			 nodes, xs);
	for (uint32_t i = 0; i < f->edges_nr; i++) {
		const struct flow_edge *fe = &f->edges[i];

		if (fe->from < f->trees_nr && fe->to < f->trees_nr)
			add_edge(g, f, i, &a, nodes, style, xs);
	}
	add_extra_edges(g, f, &a, nodes, xs);
	free(nodes);
	return g;
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
	uint32_t *hash;		/* open addressing: k + 1, 0 empty */
	uint32_t hash_size;
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

/* The slot of name in the hash: its own, or the empty one it would take. */
static uint32_t *
ids_slot(struct gv_ids *ids, const char *name)
{
	uint32_t pos = str_hash(name) & (ids->hash_size - 1);

	while (ids->hash[pos] && strcmp(ids->names[ids->hash[pos] - 1], name))
		pos = (pos + 1) & (ids->hash_size - 1);
	return &ids->hash[pos];
}

static void
ids_grow(struct gv_ids *ids)
{
	free(ids->hash);
	ids->hash_size = ids->hash_size ? 2 * ids->hash_size : 256;
	ids->hash = xcalloc(ids->hash_size, sizeof(*ids->hash));
	for (size_t k = 0; k < ids->nr; k++)
		*ids_slot(ids, ids->names[k]) = (uint32_t)(k + 1);
}

static long
ids_map(void *state, int objtype, char *str, IDTYPE *id, int createflag)
{
	struct gv_ids *ids = state;
	uint32_t *slot;

	(void)objtype;
	if (!str) {
		*id = ids->anon;
		ids->anon += 2;
		return 1;
	}
	if (2 * (ids->nr + 1) > ids->hash_size)
		ids_grow(ids);
	slot = ids_slot(ids, str);
	if (!*slot) {
		if (!createflag)
			return 0;
		ALLOC_GROW(ids->names, ids->nr + 1, ids->alloc);
		/* cgraph's own kind of string: agwrite looks before it
		 * for whether it is HTML. */
		ids->names[ids->nr++] = agstrdup(NULL, str);
		*slot = (uint32_t)ids->nr;
	}
	*id = (IDTYPE)2 * *slot;
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
	free(ids->hash);
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

/* Report a failure of step ("lay out the graph with 'dot'") once. */
static int
gv_error(const char *step)
{
	const char *hint = "";

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
 * Cairo stamps a PDF with the time it was made, "/CreationDate
 * (D:20261203090949Z)" (or "+01'00'" for the zone): the same chart would
 * differ on every run.  The date is overwritten in place, so no offset in
 * the file moves: with SOURCE_DATE_EPOCH's (the reproducible-builds
 * convention) when it is set, else with the epoch's, in UTC.
 */
static void
pdf_fix_date(struct buf *out, size_t start)
{
	static const char key[] = "/CreationDate (D:";
	const char *env = getenv("SOURCE_DATE_EPOCH");
	char stamp[32] = "19700101000000";
	char *p = out->data + start, *end = out->data + out->len;
	size_t klen = sizeof(key) - 1;

	if (env && *env && strspn(env, "0123456789") == strlen(env)) {
		time_t t = (time_t)strtoll(env, NULL, 10);
		struct tm tm;

		if (gmtime_r(&t, &tm))
			strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &tm);
	}
	for (; (size_t)(end - p) > klen; p++) {
		if (memcmp(p, key, klen))
			continue;
		/* YYYYMMDDHHmmSS, then Z or +HH'mm': digits become the
		 * stamp's, then zeros; a '-' zone becomes '+'. */
		p += klen;
		for (size_t k = 0; p < end && *p != ')'; p++) {
			if (*p >= '0' && *p <= '9')
				*p = stamp[k] ? stamp[k++] : '0';
			else if (*p == '-')
				*p = '+';
		}
		return;
	}
}

static int
render_gvc(Agraph_t *g, const char *format, const char *layout,
	   struct buf *out)
{
	struct buf step = BUF_INIT;
	GVC_t *gvc;
	char *data = NULL;
	unsigned int len = 0;
	int laid_out = 0, ret = -1;

	gvc = gv_context();
	if (!gvc) {
		ret = gv_error("start Graphviz");
		goto out;
	}
	if (gvLayout(gvc, g, layout) != 0) {
		buf_printf(&step, "lay out the graph with '%s'", layout);
		ret = gv_error(step.data);
		goto out;
	}
	laid_out = 1;
	/* Cairo writes a PDF's date in the local zone, whose spelling ("Z",
	 * "+01'00") pdf_fix_date cannot change without moving offsets:
	 * make it UTC.  Nothing else of treeplot's uses the local zone. */
	if (!strcmp(format, "pdf")) {
		setenv("TZ", "UTC", 1);
		tzset();
	}
	if (gvRenderData(gvc, g, format, &data, &len) != 0 || !data) {
		buf_printf(&step, "render the graph as %s", format);
		ret = gv_error(step.data);
		goto out;
	}
	buf_add(out, data, len);
	if (!strcmp(format, "pdf"))
		pdf_fix_date(out, out->len - len);
	ret = 0;
out:
	if (data)
		gvFreeRenderData(data);
	if (laid_out)
		gvFreeLayout(gvc, g);
	buf_release(&step);
	return ret;
}

int
render_graph(const struct flow *f, const char *format, const char *layout,
	     const char *title, struct buf *out)
{
	return render_graph_styled(f, format, layout, title, NULL, NULL, out);
}

int
render_graph_styled(const struct flow *f, const char *format,
		    const char *layout, const char *title,
		    const struct graph_style *style, const struct extras *xs,
		    struct buf *out)
{
	static const struct graph_style defaults = {
		GRAPH_MAJOR_DEFAULT, GRAPH_MINOR_DEFAULT,
	};
	/* agwrite writes through the graph's I/O discipline: ours appends
	 * to out; ids are ours too (memory stays cgraph's default). */
	Agiodisc_t io = { NULL, put_buf, flush_buf };
	Agdisc_t disc = { NULL, &id_disc, &io };
	agusererrf old_errf;
	size_t start = out->len;
	Agraph_t *g;
	int ret = -1;

	if (!in_list(format, formats, ARRAY_SIZE(formats)))
		return error("unknown graph format '%s'", format ? format : "");
	if (!graph_layout_known(layout))
		return error("unknown layout '%s'", layout ? layout : "");

	gv_msgs.in_error = 0;
	gv_msgs.have = 0;
	buf_init(&gv_msgs.first);
	old_errf = agseterrf(capture_gv_message);

	g = build_graph(f, title, &disc, style ? style : &defaults, xs);
	if (!g) {
		ret = gv_error("build the graph");
		goto out;
	}
	if (!strcmp(format, "dot")) {
		/* Before layout: no coordinates, no font metrics. */
		if (agwrite(g, out) != 0)
			ret = gv_error("write the graph as DOT");
		else
			ret = 0;
	} else {
		ret = render_gvc(g, format, layout, out);
	}
	agclose(g);
out:
	agseterrf(old_errf);
	buf_release(&gv_msgs.first);
	if (ret < 0 && out->len > start) {
		/* Leave nothing of a failed rendering behind. */
		out->len = start;
		out->data[start] = '\0';
	}
	return ret;
}
