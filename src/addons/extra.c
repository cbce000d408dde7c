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
extras_chart(const struct extras *xs, struct extra_chart *out)
{
	*out = (struct extra_chart){ EXTRA_CHART_NONE, NULL };
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const struct extra_run *x = &xs->run[k];

		if (x->x->chart) {
			x->x->chart(x->state, out);
			return;
		}
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

void
extras_text(const struct extras *xs, const struct flow *f, int width,
	    struct buf *out)
{
	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x->text)
			xs->run[k].x->text(xs->run[k].state, f, width, out);
}

void
extras_json(const struct extras *xs, const struct flow *f, struct json *j)
{
	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x->json)
			xs->run[k].x->json(xs->run[k].state, f, j);
}

void
extras_json_tree(const struct extras *xs, const struct flow *f, uint32_t i,
		 struct json *j)
{
	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x->json_tree)
			xs->run[k].x->json_tree(xs->run[k].state, f, i, j);
}

void
extras_json_edge(const struct extras *xs, const struct flow *f, uint32_t e,
		 struct json *j)
{
	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x->json_edge)
			xs->run[k].x->json_edge(xs->run[k].state, f, e, j);
}

void
extras_csv_tree_head(const struct extras *xs, struct buf *out)
{
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const struct extra *x = xs->run[k].x;

		for (size_t n = 0; n < x->tree_figures_nr; n++) {
			buf_addc(out, ',');
			buf_puts(out, x->tree_figures[n].name);
		}
	}
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

void
extras_csv_tree(const struct extras *xs, const struct flow *f, uint32_t i,
		struct buf *out)
{
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const struct extra *x = xs->run[k].x;

		for (size_t n = 0; n < x->tree_figures_nr; n++) {
			int64_t v = 0;
			int has = x->tree_figure(xs->run[k].state, f, i, n, &v);

			csv_figure(out, x->tree_figures[n].kind, has, v);
		}
	}
}

void
extras_csv_edge_head(const struct extras *xs, struct buf *out)
{
	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x->csv_edge)
			buf_puts(out, xs->run[k].x->csv_edge_head);
}

void
extras_csv_edge(const struct extras *xs, const struct flow *f, uint32_t e,
		struct buf *out)
{
	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x->csv_edge)
			xs->run[k].x->csv_edge(xs->run[k].state, f, e, out);
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

int
extras_format(const struct extras *xs, int fmt, const struct flow *f,
	      struct buf *out)
{
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const struct extra *x = xs->run[k].x;

		if (fmt && x->format == fmt) {
			x->format_write(xs->run[k].state, f, out);
			return 1;
		}
		if (fmt && x->format2 == fmt) {
			x->format2_write(xs->run[k].state, f, out);
			return 1;
		}
	}
	return 0;
}

void
extras_node_tip(const struct extras *xs, const struct flow *f, uint32_t i,
		const struct extra_tip *tip)
{
	for (size_t k = 0; xs && k < xs->nr; k++)
		if (xs->run[k].x->node_tip)
			xs->run[k].x->node_tip(xs->run[k].state, f, i, tip);
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
