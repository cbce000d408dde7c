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
