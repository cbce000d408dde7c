/*
 * aggregate.c - from per-commit paths to the tree of trees.
 *
 * Everything is computed per path, not per commit: a range has millions
 * of commits but only as many paths as there are routes into the mainline
 * (hundreds), so counting each path's own commits once and then spreading
 * those counts over the trees and edges of the path is cheap.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "aggregate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Per tree id (plus one slot for the fold), what the paths add up to. */
struct tally {
	uint32_t *commits, *own, *depth, *mark;
};

struct edge_key {
	uint32_t from, to;	/* tree ids */
	uint32_t commits, pulls;
};

struct edges {
	struct edge_key *e;
	uint32_t nr, alloc;
	uint32_t *hash;
	uint32_t hash_size;
};

static uint32_t
pair_hash(uint32_t a, uint32_t b)
{
	uint64_t x = ((uint64_t)a << 32 | b) * 0x9e3779b97f4a7c15ULL;

	return (uint32_t)(x >> 32);
}

static struct edge_key *
edge_get(struct edges *es, uint32_t from, uint32_t to)
{
	uint32_t pos, i;

	if (2 * (size_t)(es->nr + 1) > es->hash_size) {
		uint32_t size = es->hash_size ? 2 * es->hash_size : 64;

		free(es->hash);
		es->hash = xcalloc(size, sizeof(*es->hash));
		es->hash_size = size;
		for (i = 0; i < es->nr; i++) {
			pos = pair_hash(es->e[i].from, es->e[i].to) & (size - 1);
			while (es->hash[pos])
				pos = (pos + 1) & (size - 1);
			es->hash[pos] = i + 1;
		}
	}
	pos = pair_hash(from, to) & (es->hash_size - 1);
	while ((i = es->hash[pos])) {
		if (es->e[i - 1].from == from && es->e[i - 1].to == to)
			return &es->e[i - 1];
		pos = (pos + 1) & (es->hash_size - 1);
	}
	ALLOC_GROW(es->e, es->nr + 1, es->alloc);
	es->hash[pos] = es->nr + 1;
	es->e[es->nr] = (struct edge_key){ from, to, 0, 0 };
	return &es->e[es->nr++];
}

/*
 * Add count commits that took the route seq[0] -> ... -> seq[len - 1]
 * (innermost first, mainline last).  A commit counts once per tree and
 * once per edge, even on a route that visits a tree twice.
 */
static void
tally_route(struct tally *t, struct edges *es, const uint32_t *seq,
	    uint32_t len, uint32_t count, uint32_t stamp)
{
	for (uint32_t j = 0; j < len; j++) {
		uint32_t id = seq[j], depth = len - 1 - j;

		if (t->mark[id] != stamp) {
			t->mark[id] = stamp;
			t->commits[id] += count;
		}
		if (depth < t->depth[id])
			t->depth[id] = depth;
		if (j + 1 < len) {
			uint32_t k;

			for (k = 0; k < j; k++)
				if (seq[k] == id && seq[k + 1] == seq[j + 1])
					break;
			if (k == j)
				edge_get(es, id, seq[j + 1])->commits += count;
		}
	}
	t->own[seq[0]] += count;
}

static void
tally_init(struct tally *t, uint32_t n)
{
	t->commits = xcalloc(n, sizeof(uint32_t));
	t->own = xcalloc(n, sizeof(uint32_t));
	t->depth = xmalloc(n * sizeof(uint32_t));
	memset(t->depth, 0xff, n * sizeof(uint32_t));
	t->mark = xmalloc(n * sizeof(uint32_t));
	memset(t->mark, 0xff, n * sizeof(uint32_t));
}

static void
tally_release(struct tally *t)
{
	free(t->commits);
	free(t->own);
	free(t->depth);
	free(t->mark);
}

struct sort_ctx {
	const struct tree_table *tt;
	const char *fold_name;
	const uint32_t *commits;	/* by tree id, or by path */
	const uint32_t *tree;		/* path -> tree id, for paths */
	uint32_t fold;			/* the fold's tree id */
};

static const char *
id_name(const struct sort_ctx *c, uint32_t id)
{
	return id == c->fold ? c->fold_name : c->tt->t[id].name;
}

/* Trees: the mainline first, the fold last, then by commits, then name. */
static int
cmp_tree(const void *pa, const void *pb, void *data)
{
	const struct sort_ctx *c = data;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	int r;

	if ((a == TREE_MAINLINE) != (b == TREE_MAINLINE))
		return a == TREE_MAINLINE ? -1 : 1;
	if ((a == c->fold) != (b == c->fold))
		return a == c->fold ? 1 : -1;
	if (c->commits[a] != c->commits[b])
		return c->commits[a] > c->commits[b] ? -1 : 1;
	r = strcmp(id_name(c, a), id_name(c, b));
	return r ? r : (a > b) - (a < b);
}

/* Paths, for the indented tree: by commits, then the tree's name. */
static int
cmp_path(const void *pa, const void *pb, void *data)
{
	const struct sort_ctx *c = data;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	uint32_t ta = c->tree[a], tb = c->tree[b];
	int r;

	if ((ta == c->fold) != (tb == c->fold))
		return ta == c->fold ? 1 : -1;
	if (c->commits[a] != c->commits[b])
		return c->commits[a] > c->commits[b] ? -1 : 1;
	r = strcmp(id_name(c, ta), id_name(c, tb));
	return r ? r : (a > b) - (a < b);
}

static int
cmp_edge(const void *pa, const void *pb, void *data)
{
	const struct flow *f = data;
	const struct flow_edge *a = pa, *b = pb;
	int r;

	if (a->commits != b->commits)
		return a->commits > b->commits ? -1 : 1;
	r = strcmp(f->trees[a->from].name, f->trees[b->from].name);
	if (!r)
		r = strcmp(f->trees[a->to].name, f->trees[b->to].name);
	return r ? r : (a->from > b->from) - (a->from < b->from);
}

/* The summary figures, over every tree. */
static void
summarise(struct flow *f, const struct tally *t, uint32_t ntrees)
{
	for (uint32_t id = 1; id < ntrees; id++) {
		if (!t->commits[id])
			continue;
		f->total_trees++;
		if (t->commits[id] <= 5)
			f->small_trees++;
		if (!f->by_depth || t->depth[id] > f->max_depth) {
			uint32_t old = f->by_depth ? f->max_depth + 1 : 0;

			f->max_depth = t->depth[id] > f->max_depth ?
				       t->depth[id] : f->max_depth;
			f->by_depth = xreallocarray(f->by_depth,
						    f->max_depth + 1,
						    sizeof(*f->by_depth));
			memset(f->by_depth + old, 0,
			       (f->max_depth + 1 - old) * sizeof(*f->by_depth));
		}
		f->by_depth[t->depth[id]]++;
	}
}

/*
 * --top: which level-1 paths (children of the mainline) stay.  The trees
 * feeding the mainline directly are ranked by the commits they brought
 * into it; a level-1 path whose tree is not among the first top folds.
 * Returns the per-tree "folded feeder" flags, or NULL when nothing folds.
 */
static uint8_t *
choose_folded(const struct paths *p, const uint32_t *sub, uint32_t ntrees,
	      uint32_t top, const struct tree_table *tt)
{
	uint32_t *feed = xcalloc(ntrees, sizeof(*feed));
	uint32_t *ids = xmalloc(ntrees * sizeof(*ids)), n = 0;
	uint8_t *folded = NULL;
	struct sort_ctx c = { tt, "", feed, NULL, TREE_NONE };

	for (uint32_t i = 1; i < p->nr; i++)
		if (p->up[i] == PATH_MAINLINE && sub[i])
			feed[p->tree[i]] += sub[i];
	for (uint32_t id = 1; id < ntrees; id++)
		if (feed[id])
			ids[n++] = id;
	if (n > top) {
		qsort_r(ids, n, sizeof(*ids), cmp_tree, &c);
		folded = xcalloc(ntrees, 1);
		for (uint32_t k = top; k < n; k++)
			folded[ids[k]] = 1;
	}
	free(ids);
	free(feed);
	return folded;
}

void
aggregate(const struct aggregate_input *in, struct flow *f)
{
	const struct paths *p = &in->a->paths;
	const struct tree_table *tt = in->trees;
	uint32_t ntrees = tt->nr, fold = tt->nr, nid = tt->nr + 1;
	uint32_t *own = xcalloc(p->nr, sizeof(*own));
	uint32_t *sub = xcalloc(p->nr, sizeof(*sub));	/* own + deeper */
	uint32_t *top1 = xmalloc(p->nr * sizeof(*top1));
	uint32_t *seq = NULL, seq_alloc = 0;
	uint32_t *index = xmalloc(nid * sizeof(*index));
	uint8_t *folded = NULL, *shown_path;
	struct tally all, view;
	struct edges es = { 0 };
	uint32_t fold_own = 0;

	memset(f, 0, sizeof(*f));
	f->h = in->h;
	f->repo = in->repo;
	f->range = in->range;
	f->commits = in->a->order_nr;
	f->merges = in->m->merges;
	f->shallow = in->h->shallow;
	f->unrecognised = in->m->unrecognised;
	f->unrecognised_nr = in->m->unrecognised_nr;
	for (uint32_t id = 0; id < ntrees; id++)
		if (in->is_mainline[id])
			for (uint32_t u = 0; u < tt->t[id].urls_nr; u++) {
				f->mainline_urls = xreallocarray(f->mainline_urls,
					f->mainline_urls_nr + 1, sizeof(char *));
				f->mainline_urls[f->mainline_urls_nr++] =
					tt->t[id].urls[u];
			}

	for (uint32_t k = 0; k < in->a->order_nr; k++)
		own[in->a->path_of[in->a->order[k]]]++;
	f->direct = p->nr ? own[PATH_MAINLINE] : 0;
	/* A path's parent was always created before it. */
	for (uint32_t i = p->nr; i-- > 0;) {
		sub[i] += own[i];
		if (i)
			sub[p->up[i]] += sub[i];
	}
	for (uint32_t i = 0; i < p->nr; i++)
		top1[i] = i == 0 ? HIST_NONE :
			  p->up[i] == PATH_MAINLINE ? i : top1[p->up[i]];

	/* The summary, over every route as it is. */
	tally_init(&all, nid);
	for (uint32_t i = 0; i < p->nr; i++) {
		uint32_t len;

		if (!own[i])
			continue;
		len = path_trees(p, i, NULL, 0);
		ALLOC_GROW(seq, len, seq_alloc);
		path_trees(p, i, seq, len);
		tally_route(&all, &es, seq, len, own[i], i);
	}
	summarise(f, &all, ntrees);
	if (in->top)
		folded = choose_folded(p, sub, ntrees, in->top, tt);

	/* The view: the same, with folded routes going through the fold. */
	shown_path = xcalloc(p->nr ? p->nr : 1, 1);
	if (folded) {
		uint8_t *gone = xcalloc(nid, 1);

		free(es.e);
		free(es.hash);
		memset(&es, 0, sizeof(es));
		tally_init(&view, nid);
		for (uint32_t i = 0; i < p->nr; i++) {
			uint32_t len;
			int out = i && folded[p->tree[top1[i]]];

			shown_path[i] = !out && sub[i];
			if (!own[i])
				continue;
			len = path_trees(p, i, NULL, 0);
			ALLOC_GROW(seq, len, seq_alloc);
			path_trees(p, i, seq, len);
			for (uint32_t j = 0; out && j + 1 < len; j++)
				gone[seq[j]] = 1;
			if (out) {
				uint32_t route[2] = { fold, TREE_MAINLINE };

				tally_route(&view, &es, route, 2, own[i], i);
				fold_own += own[i];
			} else {
				tally_route(&view, &es, seq, len, own[i], i);
			}
		}
		/* The fold stands for every tree of the routes it folds
		 * (some may still show elsewhere, pulled by a kept tree). */
		for (uint32_t id = 1; id < ntrees; id++)
			f->folded += gone[id];
		free(gone);
		tally_release(&all);
	} else {
		view = all;
		for (uint32_t i = 0; i < p->nr; i++)
			shown_path[i] = sub[i] > 0;
	}
	if (fold_own) {
		char name[64];

		snprintf(name, sizeof(name), "%u other tree%s", f->folded,
			 f->folded == 1 ? "" : "s");
		f->fold_name = xstrdup(name);
	}

	/* Trees with a commit, sorted; index maps tree ids to them. */
	{
		uint32_t *ids = xmalloc(nid * sizeof(*ids)), n = 0;
		struct sort_ctx c = { tt, f->fold_name, view.commits, NULL, fold };

		ids[n++] = TREE_MAINLINE;
		for (uint32_t id = 1; id < nid; id++)
			if (view.commits[id])
				ids[n++] = id;
		qsort_r(ids, n, sizeof(*ids), cmp_tree, &c);
		memset(index, 0xff, nid * sizeof(*index));
		f->trees = xcalloc(n, sizeof(*f->trees));
		f->trees_nr = n;
		for (uint32_t k = 0; k < n; k++) {
			struct flow_tree *ft = &f->trees[k];
			uint32_t id = ids[k];

			index[id] = k;
			ft->tree = id == fold ? TREE_NONE : id;
			ft->name = id_name(&c, id);
			ft->commits = id == TREE_MAINLINE ? f->commits :
				      view.commits[id];
			ft->own = view.own[id];
			ft->depth = id == TREE_MAINLINE ? 0 : view.depth[id];
			if (id != fold) {
				ft->urls = tt->t[id].urls;
				ft->urls_nr = tt->t[id].urls_nr;
			}
		}
		free(ids);
	}

	/* Pulls: per tree, every merge that pulled it; per shown edge, the
	 * merges along it (a folded feeder's pulls become the fold's). */
	for (uint32_t k = 0; k < in->a->pulls_nr; k++) {
		const struct pull *pl = &in->a->pulls[k];
		uint32_t from = pl->from, to = pl->to;

		if (folded && to == TREE_MAINLINE && folded[from])
			from = fold;
		if (index[from] != HIST_NONE)
			f->trees[index[from]].pulls++;
		if (index[from] != HIST_NONE && index[to] != HIST_NONE)
			edge_get(&es, from, to)->pulls++;
	}

	f->edges = xcalloc(es.nr ? es.nr : 1, sizeof(*f->edges));
	for (uint32_t k = 0; k < es.nr; k++) {
		const struct edge_key *e = &es.e[k];

		if (!e->commits || index[e->from] == HIST_NONE ||
		    index[e->to] == HIST_NONE)
			continue;
		f->edges[f->edges_nr++] = (struct flow_edge){
			index[e->from], index[e->to], e->commits, e->pulls };
	}
	qsort_r(f->edges, f->edges_nr, sizeof(*f->edges), cmp_edge, f);

	/* The indented tree: the path trie, children by commits, the fold
	 * as one child of the mainline. */
	{
		uint32_t np = p->nr + 1;	/* + the fold's node */
		uint32_t *ptree = xmalloc(np * sizeof(*ptree));
		uint32_t *pcommits = xmalloc(np * sizeof(*pcommits));
		uint32_t *pup = xmalloc(np * sizeof(*pup));
		uint32_t *ord = xmalloc(np * sizeof(*ord)), n = 0;
		uint32_t *cstart = xcalloc(np + 1, sizeof(*cstart));
		uint32_t *child = xmalloc(np * sizeof(*child));
		uint32_t *stack = xmalloc(np * sizeof(*stack)), sn = 0;
		uint32_t *lvl = xmalloc(np * sizeof(*lvl));
		struct sort_ctx c = { tt, f->fold_name, pcommits, ptree, fold };

		for (uint32_t i = 0; i < p->nr; i++) {
			ptree[i] = p->tree[i];
			pcommits[i] = sub[i];
			pup[i] = p->up[i];
			if (i && shown_path[i])
				ord[n++] = i;
		}
		ptree[p->nr] = fold;
		pcommits[p->nr] = fold_own;
		pup[p->nr] = PATH_MAINLINE;
		if (fold_own)
			ord[n++] = p->nr;
		qsort_r(ord, n, sizeof(*ord), cmp_path, &c);
		for (uint32_t k = 0; k < n; k++)
			cstart[pup[ord[k]] + 1]++;
		for (uint32_t i = 0; i < np; i++)
			cstart[i + 1] += cstart[i];
		{
			uint32_t *fill = xmalloc(np * sizeof(*fill));

			memcpy(fill, cstart, np * sizeof(*fill));
			for (uint32_t k = 0; k < n; k++)
				child[fill[pup[ord[k]]]++] = ord[k];
			free(fill);
		}
		f->nodes = xcalloc(n + 1, sizeof(*f->nodes));
		if (p->nr) {
			stack[sn++] = PATH_MAINLINE;
			lvl[PATH_MAINLINE] = 0;
		}
		while (sn) {
			uint32_t i = stack[--sn];
			struct flow_node *nd = &f->nodes[f->nodes_nr++];

			nd->tree = index[ptree[i]];
			nd->level = lvl[i];
			nd->commits = i == PATH_MAINLINE ? f->commits : pcommits[i];
			nd->own = i == p->nr ? fold_own : own[i];
			for (uint32_t k = cstart[i + 1]; k-- > cstart[i];) {
				lvl[child[k]] = lvl[i] + 1;
				stack[sn++] = child[k];
			}
		}
		free(ptree);
		free(pcommits);
		free(pup);
		free(ord);
		free(cstart);
		free(child);
		free(stack);
		free(lvl);
	}

	tally_release(&view);
	free(es.e);
	free(es.hash);
	free(shown_path);
	free(folded);
	free(index);
	free(seq);
	free(top1);
	free(sub);
	free(own);
}

void
flow_release(struct flow *f)
{
	free(f->trees);
	free(f->edges);
	free(f->nodes);
	free(f->by_depth);
	free(f->mainline_urls);
	free(f->fold_name);
	memset(f, 0, sizeof(*f));
}
