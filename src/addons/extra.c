/*
 * extra.c - the add-ons once gathered: the dispatchers the renderers
 * call, one a hook, their status, their own chart and release (the
 * text sections' helpers are util/report_text.c's).  The registry and
 * the gathering are registry.c's.
 */
#include "addons/extra.h"

#include <stdlib.h>
#include <string.h>

#include "util/csv.h"


int
extras_status(const struct extras *xs, const struct flow *f)
{
	int ret = ST_OK;

	/* Every add-on says its piece, the first status wins. */
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const struct extra_run *x = &xs->run[k];
		int s = x->x->status ? x->x->status(x->state, f) : 0;

		if (s && ret == ST_OK)
			ret = ST_EXIT(x->x->exit);
	}
	return ret;
}

void
extras_chart(const struct extras *xs, const char *name,
	     struct extra_chart *out)
{
	*out = (struct extra_chart){ EXTRA_CHART_NONE, NULL, 0 };
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const struct extra_run *x = &xs->run[k];

		if (!x->x->chart || (name && strcmp(name, x->x->name)))
			continue;
		x->x->chart(x->state, out);
		if (name || out->by_default)
			return;
		*out = (struct extra_chart){ EXTRA_CHART_NONE, NULL, 0 };
	}
}

void
extras_release(struct extras *xs)
{
	for (size_t k = 0; k < xs->nr; k++)
		if (xs->run[k].x->release)
			xs->run[k].x->release(xs->run[k].state);
	free(xs->run);
	memset(xs, 0, sizeof(*xs));
}

/* --- the dispatchers: one hook of every gathered add-on, in order --- */

/* Call hook of every add-on of xs that has it, in the registry's order,
 * with its state and the arguments that follow: the dispatchers that
 * only pass their arguments on are this one line. */
#define EACH_HOOK(xs, hook, ...)					\
	for (size_t k_ = 0; (xs) && k_ < (xs)->nr; k_++)		\
		if ((xs)->run[k_].x->hook)				\
			(xs)->run[k_].x->hook((xs)->run[k_].state,	\
					      __VA_ARGS__)

void
extras_text(const struct extras *xs, const struct flow *f, int width,
	    struct buf *out)
{
	EACH_HOOK(xs, text, f, width, out);
}

void
extras_json(const struct extras *xs, const struct flow *f, struct json *j)
{
	EACH_HOOK(xs, json, f, j);
}

void
extras_node_tip(const struct extras *xs, const struct flow *f, uint32_t i,
		const struct extra_tip *tip)
{
	EACH_HOOK(xs, node_tip, f, i, tip);
}

/* --- the figures per tree and per edge, as each output writes them --- */

/* An add-on's figures of one kind of thing: its trees', its edges' (get)
 * or its range's (range). */
struct figures {
	const struct extra_figure *v;
	size_t nr;
	int (*get)(const void *state, const struct flow *f, uint32_t i,
		   size_t k, int64_t *v);
	int (*range)(const void *state, const struct flow *f, size_t k,
		     int64_t *v);
};

static struct figures
figures_of(const struct extra *x, int edges)
{
	if (edges)
		return (struct figures){ x->edge_figures, x->edge_figures_nr,
					 x->edge_figure, NULL };
	return (struct figures){ x->tree_figures, x->tree_figures_nr,
				 x->tree_figure, NULL };
}

/* A figure in a CSV cell, as its kind says; empty when there is none. */
static void
csv_figure(struct buf *out, enum extra_figure_kind kind, int has, int64_t v)
{
	uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;

	if (!has)
		csv_text(out, "", 0);
	else if (kind == EXTRA_TENTHS)
		buf_printf(out, ",%s%llu.%llu", v < 0 ? "-" : "",
			   (unsigned long long)(a / 10),
			   (unsigned long long)(a % 10));
	else
		csv_int(out, v, 0);
}

/* The CSV's cells of tree (edge) i, or with head its header's. */
static void
csv_figures(const struct extras *xs, const struct flow *f, int edges,
	    int head, uint32_t i, struct buf *out)
{
	for (size_t k = 0; xs && k < xs->nr; k++) {
		struct figures fg = figures_of(xs->run[k].x, edges);

		for (size_t n = 0; n < fg.nr; n++) {
			int64_t v = 0;
			int has;

			if (!(fg.v[n].in & EXTRA_IN_CSV))
				continue;
			if (head) {
				buf_addc(out, ',');
				buf_puts(out, fg.v[n].name);
				continue;
			}
			has = fg.get(xs->run[k].state, f, i, n, &v);
			csv_figure(out, fg.v[n].kind, has, v);
		}
	}
}

void
extras_csv_head(const struct extras *xs, enum extra_of of, struct buf *out)
{
	csv_figures(xs, NULL, of == EXTRA_OF_EDGES, 1, 0, out);
}

void
extras_csv_cells(const struct extras *xs, const struct flow *f,
		 enum extra_of of, uint32_t i, struct buf *out)
{
	csv_figures(xs, f, of == EXTRA_OF_EDGES, 0, i, out);
}

/* The figures of fg in the JSON, of tree (edge) i or of the range, as
 * members, each group an object of its own. */
static void
json_figures(const struct figures *fg, const void *state,
	     const struct flow *f, uint32_t i, struct json *j)
{
	const char *group = NULL;

	for (size_t n = 0; n < fg->nr; n++) {
		const struct extra_figure *x = &fg->v[n];
		const char *key = x->key ? x->key : x->name;
		int64_t v = 0;
		int has;

		if (!(x->in & EXTRA_IN_JSON))
			continue;
		if (group && (!x->group || strcmp(group, x->group)))
			json_close(j, '}');
		if (x->group && (!group || strcmp(group, x->group)))
			json_open(j, x->group, '{');
		group = x->group;
		has = fg->range ? fg->range(state, f, n, &v) :
		      fg->get(state, f, i, n, &v);
		if (!has && (x->in & EXTRA_NULL))
			json_str(j, key, NULL);
		else if (x->kind == EXTRA_TENTHS)
			json_tenths(j, key, v);
		else
			json_int(j, key, v);
	}
	if (group)
		json_close(j, '}');
}

void
extras_range_json(const struct extra *x, const void *state,
		  const struct flow *f, struct json *j)
{
	struct figures fg = { x->figures, x->figures_nr, NULL,
			      x->range_figure };

	json_figures(&fg, state, f, 0, j);
	if (x->range_json)
		x->range_json(state, f, j);
}

/* Tree (edge) i's members: each add-on's figures, then its hook's. */
static void
json_members(const struct extras *xs, const struct flow *f, int edges,
	     uint32_t i, struct json *j)
{
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const struct extra_run *run = &xs->run[k];
		struct figures fg = figures_of(run->x, edges);

		json_figures(&fg, run->state, f, i, j);
		if (edges && run->x->json_edge)
			run->x->json_edge(run->state, f, i, j);
		else if (!edges && run->x->json_tree)
			run->x->json_tree(run->state, f, i, j);
	}
}

void
extras_json_tree(const struct extras *xs, const struct flow *f, uint32_t i,
		 struct json *j)
{
	json_members(xs, f, 0, i, j);
}

void
extras_json_edge(const struct extras *xs, const struct flow *f, uint32_t e,
		 struct json *j)
{
	json_members(xs, f, 1, e, j);
}

int
extras_csv_table(const struct extras *xs, const struct extra *x,
		 const struct flow *f, struct buf *out)
{
	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x == x && x->csv_table_write) {
			x->csv_table_write(xs->run[k].state, f, out);
			return 1;
		}
	return 0;
}

void
extras_node_lines(const struct extras *xs, const struct flow *f, uint32_t i,
		  void (*fn)(void *ctx, const char *line), void *ctx,
		  uint32_t *drawn)
{
	struct buf line = BUF_INIT;

	for (size_t k = 0; xs && k < xs->nr; k++) {
		if (!xs->run[k].x->node_line)
			continue;
		line.len = 0;
		xs->run[k].x->node_line(xs->run[k].state, f, i, &line);
		if (!line.len)
			continue;
		fn(ctx, line.data);
		for (size_t l = 0; drawn && l < xs->run[k].x->legend_nr &&
		     l < 32; l++)
			if (xs->run[k].x->legend[l].kind == EXTRA_LEGEND_NODE)
				drawn[k] |= (uint32_t)1 << l;
	}
	buf_release(&line);
}

void
extras_subtitle(const struct extras *xs, const struct flow *f,
		struct buf *out)
{
	struct buf part = BUF_INIT;

	for (size_t k = 0; xs && k < xs->nr; k++) {
		if (!xs->run[k].x->subtitle)
			continue;
		part.len = 0;
		xs->run[k].x->subtitle(xs->run[k].state, f, &part);
		if (part.len) {
			buf_puts(out, ", ");
			buf_add(out, part.data, part.len);
		}
	}
	buf_release(&part);
}

static int
same_style(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

/* Add-on x drew an edge in style (NULL: solid): its legend entries of
 * that style are used (a word holds the first 32). */
static void
note_drawn(const struct extra *x, const char *style, uint32_t *drawn)
{
	for (size_t i = 0; i < x->legend_nr && i < 32; i++)
		if (x->legend[i].kind == EXTRA_LEGEND_EDGE &&
		    same_style(x->legend[i].style, style))
			*drawn |= (uint32_t)1 << i;
}

void
extras_edge_look(const struct extras *xs, const struct flow *f, uint32_t e,
		 struct extra_edge_look *look, uint32_t *drawn)
{
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const char *style = look->style;

		if (!xs->run[k].x->edge_look)
			continue;
		xs->run[k].x->edge_look(xs->run[k].state, f, e, look);
		if (look->style != style && drawn)
			note_drawn(xs->run[k].x, look->style, &drawn[k]);
	}
}

/* An add-on's edges on their way to the renderer's emit: the style of
 * each one drawn is noted. */
struct noting {
	extra_edge_fn *emit;
	void *ctx;
	const struct extra *x;
	uint32_t *drawn;
};

static int
emit_noting(void *ctx, const struct extra_edge *e)
{
	struct noting *n = ctx;

	if (!n->emit(n->ctx, e))
		return 0;
	if (n->drawn)
		note_drawn(n->x, e->style, n->drawn);
	return 1;
}

void
extras_graph_edges(const struct extras *xs, const struct flow *f,
		   extra_edge_fn *emit, void *ctx, uint32_t *drawn)
{
	for (size_t k = 0; xs && k < xs->nr; k++) {
		struct noting n = { emit, ctx, xs->run[k].x,
				    drawn ? &drawn[k] : NULL };

		if (xs->run[k].x->graph_edges)
			xs->run[k].x->graph_edges(xs->run[k].state, f,
						  emit_noting, &n);
	}
}

void
extras_legend(const struct extras *xs, const uint32_t *drawn,
	      void (*fn)(void *ctx, const struct extra_legend *l), void *ctx)
{
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const struct extra *x = xs->run[k].x;

		for (size_t i = 0; i < x->legend_nr && i < 32; i++)
			if (drawn && (drawn[k] & (uint32_t)1 << i))
				fn(ctx, &x->legend[i]);
	}
}
