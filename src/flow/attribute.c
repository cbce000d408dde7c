/*
 * attribute.c - the path each non-merge commit took to the mainline.
 *
 * A line is a first-parent chain, collected newest first from where a
 * merge pulled it and walked oldest first.  Walking a line, a merge's
 * non-first parents are each collected as a new line (of the tree the
 * merge names, or of the same tree) and walked to the end before the walk
 * moves on; lines are frames on an explicit stack, so nesting depth costs
 * heap, not C stack.  Because a line is walked oldest first and every
 * sub-history is finished before the next commit, all in-range ancestors
 * of a commit are attributed before it: "not yet attributed" is exactly
 * "not reachable from the merge's first parent".
 */
#include "flow/attribute.h"

#include <stdlib.h>
#include <string.h>

#include "util/work.h"

/* The path "tree, then up", created if new: pair_index numbers the
 * pairs as paths are numbered, in the order they are first met. */
static uint32_t
paths_get(struct paths *p, uint32_t tree, uint32_t up)
{
	uint32_t i = pair_index_get(&p->pi, tree, up);

	if (i < p->nr)
		return i;
	if (++p->nr > p->alloc) {
		size_t alloc = p->alloc;

		ALLOC_GROW(p->tree, p->nr, alloc);
		p->up = xreallocarray(p->up, alloc, sizeof(*p->up));
		p->alloc = (uint32_t)alloc;
	}
	p->tree[i] = tree;
	p->up[i] = up;
	return i;
}

uint32_t
path_trees(const struct paths *p, uint32_t path, uint32_t *out, uint32_t max)
{
	uint32_t n = 0;

	for (; path != HIST_NONE; path = p->up[path], n++)
		if (n < max)
			out[n] = p->tree[path];
	return n;
}

struct frame {
	size_t start;		/* the line: line[start .. start + len) */
	size_t len;
	size_t pos;		/* the commit being walked */
	uint32_t path;		/* the line's path */
	uint32_t via;		/* the merge that pulled it into its tree */
	uint32_t k;		/* merge at pos: next parent to pull */
	uint32_t pulled;	/* merge at pos: the path its parents get */
	uint32_t before;	/* merge at pos: order_nr when its pull */
				/* started */
	uint32_t merge_start;	/* merge at pos: order_nr when it started */
};

struct walk {
	const struct history *h;
	uint32_t run_open;	/* the run of a.runs being filled, or */
				/* HIST_NONE */
	uint8_t *taken;		/* collected into some line */
	uint32_t *line;
	size_t line_nr, line_alloc;
	struct frame *frames;
	size_t frames_nr, frames_alloc;
};

/* Collect the first-parent chain from c, while in range and not taken,
 * as a new line of path, pulled by merge via, oldest first, on top of the
 * stack. */
static void
push_line(struct walk *w, uint32_t c, uint32_t path, uint32_t via)
{
	const struct history *h = w->h;
	size_t start = w->line_nr;
	struct frame *f;

	while (c != HIST_NONE && (h->flags[c] & HIST_IN_RANGE) && !w->taken[c]) {
		w->taken[c] = 1;
		ALLOC_GROW(w->line, w->line_nr + 1, w->line_alloc);
		w->line[w->line_nr++] = c;
		c = h->npar[c] ? h->parent[h->pstart[c]] : HIST_NONE;
	}
	for (size_t a = start, b = w->line_nr; a + 1 < b; a++, b--) {
		uint32_t t = w->line[a];

		w->line[a] = w->line[b - 1];
		w->line[b - 1] = t;
	}
	ALLOC_GROW(w->frames, w->frames_nr + 1, w->frames_alloc);
	f = &w->frames[w->frames_nr++];
	f->start = start;
	f->len = w->line_nr - start;
	f->pos = 0;
	f->path = path;
	f->via = via;
	f->k = 1;
}

/* The path parent k of merge c gets, on a line of path. */
static uint32_t
pulled_path(struct attribution *a, const struct merge_table *m,
	    const uint8_t *is_mainline, uint32_t ntrees, uint32_t c,
	    uint32_t k, uint32_t path)
{
	uint32_t t = m->tree[c];

	/* Internal: names no repository, the line's own, or the
	 * mainline's: the commits stay on this line's path.  With
	 * --branches, lines are branches: their repositories compare. */
	if (t == TREE_NONE || (t < ntrees && is_mainline[t]) ||
	    t == merge_repo_of(m, a->paths.tree[path]))
		return path;
	if (m->ptree_start && m->ptree_start[c])
		t = m->ptree[m->ptree_start[c] - 1 + k - 1];
	return paths_get(&a->paths, t, path);
}

/* A pull of merge c that brought commits since before along pulled,
 * into the line of path; none when the merge was internal. */
static void
add_pull(struct attribution *a, uint32_t c, uint32_t pulled, uint32_t path,
	 uint32_t before)
{
	struct pull *pl;

	if (pulled == path)
		return;
	ALLOC_GROW(a->pulls, a->pulls_nr + 1, a->pulls_alloc);
	pl = &a->pulls[a->pulls_nr++];
	pl->merge = c;
	pl->from = a->paths.tree[pulled];
	pl->to = a->paths.tree[path];
	pl->commits = a->order_nr - before;
	pl->first = before;
}

/* Merge c on the mainline's own line starts walking its parent k. */
static void
open_run(struct attribution *a, struct walk *w, uint32_t c, uint32_t k)
{
	ALLOC_GROW(a->runs, a->runs_nr + 1, a->runs_alloc);
	a->runs[a->runs_nr] = (struct mainline_run){ c, k, a->order_nr, 0 };
	w->run_open = a->runs_nr;
}

/* The parent's line is walked: its run is what it brought, kept when
 * that is something. */
static void
close_run(struct attribution *a, struct walk *w)
{
	struct mainline_run *r = &a->runs[w->run_open];

	r->commits = a->order_nr - r->first;
	if (r->commits)
		a->runs_nr++;
	w->run_open = HIST_NONE;
}

void
attribute(const struct history *h, const struct merge_table *m,
	  const uint8_t *is_mainline, uint32_t ntrees, struct attribution *a)
{
	struct walk w = { h, HIST_NONE, NULL, NULL, 0, 0, NULL, 0, 0 };

	memset(a, 0, sizeof(*a));
	a->path_of = xmalloc((h->nr ? h->nr : 1) * sizeof(*a->path_of));
	memset(a->path_of, 0xff, h->nr * sizeof(*a->path_of));
	a->via = xmalloc((h->nr ? h->nr : 1) * sizeof(*a->via));
	memset(a->via, 0xff, h->nr * sizeof(*a->via));
	a->order = xmalloc((h->in_range ? h->in_range : 1) * sizeof(*a->order));
	paths_get(&a->paths, TREE_MAINLINE, HIST_NONE);
	w.taken = xcalloc(h->nr ? h->nr : 1, 1);

	if (h->nr)
		push_line(&w, h->tip, PATH_MAINLINE, HIST_NONE);
	while (w.frames_nr) {
		struct frame *f = &w.frames[w.frames_nr - 1];
		uint32_t c, np;
		const uint32_t *par;

		work_add(1);
		/* Back on the mainline's own line: the parent line just
		 * walked was a run. */
		if (w.frames_nr == 1 && w.run_open != HIST_NONE)
			close_run(a, &w);

		if (f->pos == f->len) {
			w.line_nr = f->start;
			w.frames_nr--;
			continue;
		}
		c = w.line[f->start + f->pos];
		par = history_parents(h, c, &np);
		a->via[c] = f->via;
		/* A merge cut by a shallow boundary has no parents, and
		 * is walked as a merge that brings nothing. */
		if (!history_is_merge(h, c)) {
			a->path_of[c] = f->path;
			a->order[a->order_nr++] = c;
			f->pos++;
			continue;
		}
		if (f->k == 1) {
			f->pulled = pulled_path(a, m, is_mainline, ntrees, c,
						1, f->path);
			f->before = f->merge_start = a->order_nr;
		}
		if (f->k < np) {
			uint32_t pulled = pulled_path(a, m, is_mainline, ntrees,
						      c, f->k, f->path);
			uint32_t p = par[f->k++];

			/* One pull per run of parents from one tree (with
			 * --branches, an octopus pulls several). */
			if (pulled != f->pulled) {
				add_pull(a, c, f->pulled, f->path, f->before);
				f->pulled = pulled;
				f->before = a->order_nr;
			}
			if (w.frames_nr == 1)
				open_run(a, &w, c, f->k - 1);
			/* An external pull is a hop; an internal one is not. */
			push_line(&w, p, pulled, pulled != f->path ?
				  c : f->via);	/* f is stale now */
			continue;
		}
		add_pull(a, c, f->pulled, f->path, f->before);
		if (a->order_nr > f->merge_start) {
			ALLOC_GROW(a->carried, a->carried_nr + 1,
				   a->carried_alloc);
			a->carried[a->carried_nr++] = (struct merge_run){
				c, f->merge_start, a->order_nr - f->merge_start };
		}
		f->pos++;
		f->k = 1;
	}
	free(w.taken);
	free(w.line);
	free(w.frames);
}

/* A run of order, *first and *commits, as it is once only the selected
 * commits stay (kept: attribution_select's); whether any stays. */
static int
run_select(const uint32_t *kept, uint32_t *first, uint32_t *commits)
{
	*commits = kept[*first + *commits] - kept[*first];
	*first = kept[*first];
	return *commits != 0;
}

void
attribution_select(struct attribution *a, const uint8_t *selected)
{
	/* kept[k]: selected commits among order[0 .. k - 1]; a pull's
	 * commits are one run of order. */
	uint32_t *kept = xmalloc((a->order_nr + 1) * sizeof(*kept));
	uint32_t n = 0;

	kept[0] = 0;
	for (uint32_t k = 0; k < a->order_nr; k++)
		kept[k + 1] = kept[k] + !!selected[a->order[k]];
	for (uint32_t k = 0; k < a->pulls_nr; k++) {
		struct pull *pl = &a->pulls[k];

		if (run_select(kept, &pl->first, &pl->commits))
			a->pulls[n++] = *pl;
	}
	a->pulls_nr = n;
	n = 0;
	for (uint32_t k = 0; k < a->runs_nr; k++) {
		struct mainline_run *r = &a->runs[k];

		if (run_select(kept, &r->first, &r->commits))
			a->runs[n++] = *r;
	}
	a->runs_nr = n;
	n = 0;
	for (uint32_t k = 0; k < a->carried_nr; k++) {
		struct merge_run *r = &a->carried[k];

		if (run_select(kept, &r->first, &r->commits))
			a->carried[n++] = *r;
	}
	a->carried_nr = n;
	n = 0;
	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t c = a->order[k];

		if (selected[c])
			a->order[n++] = c;
		else
			a->path_of[c] = HIST_NONE;
	}
	a->order_nr = n;
	free(kept);
}

void
attribution_release(struct attribution *a)
{
	free(a->paths.tree);
	free(a->paths.up);
	pair_index_release(&a->paths.pi);
	free(a->path_of);
	free(a->via);
	free(a->order);
	free(a->pulls);
	free(a->runs);
	free(a->carried);
	memset(a, 0, sizeof(*a));
}
