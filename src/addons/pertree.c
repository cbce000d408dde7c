/*
 * pertree.c - the flow trees a commit came through, and its depth.
 */
#include "addons/pertree.h"

#include <stdlib.h>

#include "util/util.h"

void
pertree_init(struct pertree *pt, const struct flow *f, uint32_t ntrees)
{
	uint32_t nt = f->trees_nr ? f->trees_nr : 1;

	pt->fold = HIST_NONE;
	pt->feeds = xcalloc(nt, 1);
	pt->seen = xcalloc(nt, sizeof(*pt->seen));
	pt->via = xmalloc(nt * sizeof(*pt->via));
	pt->index = xmalloc((ntrees ? ntrees : 1) * sizeof(*pt->index));
	for (uint32_t id = 0; id < ntrees; id++)
		pt->index[id] = HIST_NONE;
	for (uint32_t i = 0; i < f->trees_nr; i++)
		if (f->trees[i].tree == TREE_NONE)
			pt->fold = i;
		else if (f->trees[i].tree < ntrees)
			pt->index[f->trees[i].tree] = i;
	for (uint32_t e = 0; e < f->edges_nr; e++)
		if (f->edges[e].to == 0)
			pt->feeds[f->edges[e].from] = 1;
}

void
pertree_release(struct pertree *pt)
{
	free(pt->feeds);
	free(pt->index);
	free(pt->seen);
	free(pt->via);
}

uint32_t
pertree_of(struct pertree *pt, const struct paths *p, uint32_t path,
	   uint32_t c)
{
	uint32_t n = 0, outer = HIST_NONE;

	for (uint32_t q = path; q != HIST_NONE && q != PATH_MAINLINE;
	     q = p->up[q])
		outer = q;
	if (outer == HIST_NONE)
		return 0;
	/* A feeder folded may still be shown deeper in, but its commits
	 * are the fold's. */
	if (pt->fold != HIST_NONE) {
		uint32_t i = pt->index[p->tree[outer]];

		if (i == HIST_NONE || !pt->feeds[i]) {
			pt->via[n++] = pt->fold;
			return n;
		}
	}
	for (uint32_t q = path; q != HIST_NONE && q != PATH_MAINLINE;
	     q = p->up[q]) {
		uint32_t i = pt->index[p->tree[q]];

		if (i != HIST_NONE && pt->seen[i] != c + 1) {
			pt->seen[i] = c + 1;
			pt->via[n++] = i;
		}
	}
	return n;
}

uint32_t
pertree_depth(const struct paths *p, uint32_t path)
{
	uint32_t d = 0;

	for (uint32_t q = path; q != HIST_NONE && q != PATH_MAINLINE;
	     q = p->up[q])
		d++;
	return d;
}

/* The deepest of the attribution's commits' paths. */
static uint32_t
max_depth(const struct attribution *a)
{
	uint32_t maxd = 0;

	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t d = pertree_depth(&a->paths, a->path_of[a->order[k]]);

		maxd = d > maxd ? d : maxd;
	}
	return maxd;
}

/* Add commit cm to group slot of g. */
static void
add_to(const struct pertree_sum *how, char *g, uint32_t slot, uint32_t cm)
{
	how->add(g + (size_t)slot * how->group_size, how->ctx, cm);
}

/* Finish the n groups of g from first on into a new array. */
static void *
finish(const struct pertree_sum *how, char *g, uint32_t first, uint32_t n)
{
	char *out = xcalloc(n ? n : 1, how->stats_size);

	for (uint32_t i = 0; i < n; i++)
		how->finish(g + (size_t)(first + i) * how->group_size,
			    how->ctx, out + (size_t)i * how->stats_size);
	return out;
}

void *
pertree_sum(const struct chart *c, const struct pertree_sum *how,
	    void *all, uint32_t *trees_nr, void **depth, uint32_t *depth_nr)
{
	const struct attribution *a = &c->a;
	uint32_t nt = c->f.trees_nr;
	uint32_t nd = a->order_nr ? max_depth(a) + 1 : 0;
	char *g = xcalloc(1 + nt + nd, how->group_size);
	struct pertree pt;
	void *tree;

	pertree_init(&pt, &c->f, c->tt.nr);
	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t cm = a->order[k], path = a->path_of[cm];
		uint32_t n = pertree_of(&pt, &a->paths, path, cm);

		add_to(how, g, 0, cm);
		if (nt)
			add_to(how, g, 1, cm);
		for (uint32_t x = 0; x < n; x++)
			add_to(how, g, 1 + pt.via[x], cm);
		add_to(how, g, 1 + nt + pertree_depth(&a->paths, path), cm);
	}
	pertree_release(&pt);
	how->finish(g, how->ctx, all);
	tree = finish(how, g, 1, nt);
	*depth = finish(how, g, 1 + nt, nd);
	*trees_nr = nt;
	*depth_nr = nd;
	free(g);
	return tree;
}
