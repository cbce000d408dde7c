/*
 * aggregate.c - from per-commit paths to the tree of trees.
 *
 * Everything is computed per path, not per commit: a range has millions
 * of commits but only as many paths as there are routes into the mainline.
 * The paths form a trie rooted at the mainline; one depth-first walk of it
 * gives each tree and edge its commits, since a path's subtree count is
 * exactly the commits whose route goes through it.  Nothing is done per
 * path *and* per level, so a chain of 100,000 nested trees stays linear.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "flow/aggregate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/url.h"

/* Per tree id (plus one slot for the fold), what the paths add up to. */
struct tally {
	uint32_t *commits, *own, *depth;
	uint32_t *active;	/* paths of this tree on the walk's stack */
};

struct edge_key {
	uint32_t from, to;	/* tree ids */
	uint32_t commits, pulls;
	uint32_t active;	/* paths with this edge on the walk's stack */
};

struct edges {
	struct edge_key *e;	/* numbered as pi's pairs */
	size_t alloc;
	struct pair_index pi;
};

static struct edge_key *
edge_get(struct edges *es, uint32_t from, uint32_t to)
{
	uint32_t nr = es->pi.nr, i = pair_index_get(&es->pi, from, to);

	if (i == nr) {
		ALLOC_GROW(es->e, nr + 1, es->alloc);
		es->e[i] = (struct edge_key){ from, to, 0, 0, 0 };
	}
	return &es->e[i];
}

static void
tally_init(struct tally *t, uint32_t n)
{
	t->commits = xcalloc(n, sizeof(uint32_t));
	t->own = xcalloc(n, sizeof(uint32_t));
	t->depth = xmalloc(n * sizeof(uint32_t));
	memset(t->depth, 0xff, n * sizeof(uint32_t));
	t->active = xcalloc(n, sizeof(uint32_t));
}

static void
tally_release(struct tally *t)
{
	free(t->commits);
	free(t->own);
	free(t->depth);
	free(t->active);
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
summarise(struct flow *f, const struct tally *t, const struct tree_table *tt)
{
	/* The deepest level first, so that by_depth is allocated once:
	 * grown a level at a time, it was copied once per level of a
	 * chain of nested trees (quadratic where realloc copies). */
	for (uint32_t id = 1; id < tt->nr; id++)
		if (t->commits[id] && t->depth[id] > f->max_depth)
			f->max_depth = t->depth[id];
	for (uint32_t id = 1; id < tt->nr; id++) {
		if (!t->commits[id])
			continue;
		if (!f->by_depth)
			f->by_depth = xcalloc(f->max_depth + 1,
					      sizeof(*f->by_depth));
		f->total_trees++;
		if (tt->t[id].kind == TREE_KIND_MAIL)
			f->mailed += t->commits[id];
		if (t->commits[id] <= 5)
			f->small_trees++;
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

/* The trie's children lists, each in display order: by commits, then
 * name (cstart has np + 1 entries; child[cstart[n] ..] are n's). */
static void
trie_children(const struct paths *p, const uint32_t *sub,
	      const struct tree_table *tt, uint32_t **cstart_out,
	      uint32_t **child_out)
{
	uint32_t np = p->nr, n = 0;
	uint32_t *ord = xmalloc((np ? np : 1) * sizeof(*ord));
	uint32_t *cstart = xcalloc(np + 1, sizeof(*cstart));
	uint32_t *child = xmalloc((np ? np : 1) * sizeof(*child));
	uint32_t *fill = xmalloc((np ? np : 1) * sizeof(*fill));
	struct sort_ctx c = { tt, "", sub, p->tree, TREE_NONE };

	for (uint32_t i = 1; i < np; i++)
		if (sub[i])
			ord[n++] = i;
	qsort_r(ord, n, sizeof(*ord), cmp_path, &c);
	for (uint32_t k = 0; k < n; k++)
		cstart[p->up[ord[k]] + 1]++;
	for (uint32_t i = 0; i < np; i++)
		cstart[i + 1] += cstart[i];
	memcpy(fill, cstart, np * sizeof(*fill));
	for (uint32_t k = 0; k < n; k++)
		child[fill[p->up[ord[k]]]++] = ord[k];
	free(fill);
	free(ord);
	*cstart_out = cstart;
	*child_out = child;
}

struct trie_walk {
	const struct paths *p;
	const uint32_t *own, *sub;	/* per path */
	const uint32_t *cstart, *child;
	const uint8_t *folded;		/* per tree id, or NULL */
	uint32_t fold;			/* the fold's tree id */
};

#define LEAVE 0x80000000u	/* on the stack: leaving this path */

/*
 * Walk the trie from the mainline, adding each path's commits to its tree
 * and to its edge into the enclosing path's tree.  A commit's route is
 * the chain of paths from the mainline to its own, so sub[n] is the
 * commits through n; when an enclosing path already has the same tree (or
 * edge), its count holds them already: hence the active counts.  Under a
 * folded feeder, everything goes to the fold instead, and the trees met
 * are marked gone.  shown[n]: path n is displayed.
 */
static void
trie_walk(const struct trie_walk *w, struct tally *t, struct edges *es,
	  uint8_t *shown, uint8_t *gone, uint32_t *fold_own)
{
	const struct paths *p = w->p;
	uint32_t np = p->nr, sn = 0;
	uint32_t *stack = xmalloc(2 * (np ? np : 1) * sizeof(*stack));
	uint32_t *level = xmalloc((np ? np : 1) * sizeof(*level));
	uint8_t *infold = xcalloc(np ? np : 1, 1);

	memset(shown, 0, np);
	if (!np)
		goto out;
	shown[PATH_MAINLINE] = 1;
	t->own[TREE_MAINLINE] = w->own[PATH_MAINLINE];
	t->depth[TREE_MAINLINE] = 0;
	level[PATH_MAINLINE] = 0;
	for (uint32_t k = w->cstart[PATH_MAINLINE + 1]; k-- > w->cstart[PATH_MAINLINE];) {
		uint32_t c = w->child[k];

		level[c] = 1;
		infold[c] = w->folded && w->folded[p->tree[c]];
		stack[sn++] = c;
	}
	while (sn) {
		uint32_t x = stack[--sn], n = x & ~LEAVE;
		uint32_t tree = p->tree[n], up = p->tree[p->up[n]];

		if (x & LEAVE) {
			t->active[tree]--;
			edge_get(es, tree, up)->active--;
			continue;
		}
		if (infold[n]) {
			gone[tree] = 1;
			if (level[n] == 1) {
				struct edge_key *e = edge_get(es, w->fold,
							      TREE_MAINLINE);

				t->commits[w->fold] += w->sub[n];
				t->own[w->fold] += w->sub[n];
				t->depth[w->fold] = 1;
				e->commits += w->sub[n];
				*fold_own += w->sub[n];
			}
		} else {
			struct edge_key *e = edge_get(es, tree, up);

			shown[n] = 1;
			if (t->active[tree]++ == 0)
				t->commits[tree] += w->sub[n];
			t->own[tree] += w->own[n];
			if (level[n] < t->depth[tree])
				t->depth[tree] = level[n];
			if (e->active++ == 0)
				e->commits += w->sub[n];
			stack[sn++] = n | LEAVE;
		}
		for (uint32_t k = w->cstart[n + 1]; k-- > w->cstart[n];) {
			uint32_t c = w->child[k];

			level[c] = level[n] + 1;
			infold[c] = infold[n];
			stack[sn++] = c;
		}
	}
out:
	free(infold);
	free(level);
	free(stack);
}

/* What aggregate's phases share: the trie's figures and the tallies. */
struct agg {
	const struct aggregate_input *in;
	const struct paths *p;
	uint32_t np, ntrees, fold, nid;	/* fold: the fold's tree id */
	uint32_t *own, *sub;		/* per path: own, own + deeper */
	uint32_t *cstart, *child;	/* the trie's children */
	uint8_t *folded;		/* per tree id, or NULL */
	uint8_t *shown, *gone;
	uint32_t *index;		/* tree id -> index into flow.trees */
	struct tally view;
	struct edges es;
	uint32_t fold_own;
};

/* The range's own figures, borrowed or copied from the input. */
static void
flow_header(const struct aggregate_input *in, struct flow *f)
{
	const struct tree_table *tt = in->trees;

	memset(f, 0, sizeof(*f));
	f->h = in->h;
	f->repo = in->repo;
	f->range = in->range;
	f->commits = in->a->order_nr;
	f->merges = in->m->merges;
	f->shallow = in->h->shallow;
	f->unrecognised = in->m->unrecognised;
	f->unrecognised_nr = in->m->unrecognised_nr;
	f->branches = in->m->ptree_start != NULL;
	/* Remote URLs only: the origin of a clone made from a directory
	 * is a path of this machine, which no output shows. */
	for (uint32_t id = 0; id < tt->nr; id++)
		if (in->is_mainline[id])
			for (uint32_t u = 0; u < tt->t[id].urls_nr; u++) {
				const char *url = tt->t[id].urls[u];

				if (!url_is_remote(url, url + strlen(url), 0))
					continue;
				f->mainline_urls = xreallocarray(f->mainline_urls,
					f->mainline_urls_nr + 1, sizeof(char *));
				f->mainline_urls[f->mainline_urls_nr++] =
					tt->t[id].urls[u];
			}
}

/* Per path, its own commits and those through it; the trie's children. */
static void
count_paths(struct agg *g, struct flow *f)
{
	const struct attribution *a = g->in->a;

	for (uint32_t k = 0; k < a->order_nr; k++)
		g->own[a->path_of[a->order[k]]]++;
	f->direct = g->np ? g->own[PATH_MAINLINE] : 0;
	/* A path's parent was always created before it. */
	for (uint32_t i = g->np; i-- > 0;) {
		g->sub[i] += g->own[i];
		if (i)
			g->sub[g->p->up[i]] += g->sub[i];
	}
	trie_children(g->p, g->sub, g->in->trees, &g->cstart, &g->child);
}

/*
 * Walk the trie: the summary over every route as it is; then, when --top
 * folds, the view again with the folded routes going through the fold.
 * g->view and g->es are the view's.
 */
static void
walk_views(struct agg *g, struct flow *f)
{
	struct trie_walk w = { g->p, g->own, g->sub, g->cstart, g->child,
			       NULL, g->fold };
	struct tally all;

	tally_init(&all, g->nid);
	trie_walk(&w, &all, &g->es, g->shown, g->gone, &g->fold_own);
	summarise(f, &all, g->in->trees);
	if (g->in->top)
		g->folded = choose_folded(g->p, g->sub, g->ntrees, g->in->top,
					  g->in->trees);
	if (!g->folded) {
		g->view = all;
		return;
	}
	free(g->es.e);
	pair_index_release(&g->es.pi);
	memset(&g->es, 0, sizeof(g->es));
	tally_release(&all);
	tally_init(&g->view, g->nid);
	w.folded = g->folded;
	trie_walk(&w, &g->view, &g->es, g->shown, g->gone, &g->fold_own);
	/* The fold stands for every tree of the routes it folds (some may
	 * still show elsewhere, pulled by a kept tree). */
	for (uint32_t id = 1; id < g->ntrees; id++)
		f->folded += g->gone[id];
}

/* Trees with a commit, sorted; g->index maps tree ids to them. */
static void
flow_trees(struct agg *g, struct flow *f)
{
	const struct tree_table *tt = g->in->trees;
	uint32_t *ids = xmalloc(g->nid * sizeof(*ids)), n = 0;
	struct sort_ctx c = { tt, f->fold_name, g->view.commits, NULL, g->fold };

	ids[n++] = TREE_MAINLINE;
	for (uint32_t id = 1; id < g->nid; id++)
		if (g->view.commits[id])
			ids[n++] = id;
	qsort_r(ids, n, sizeof(*ids), cmp_tree, &c);
	memset(g->index, 0xff, g->nid * sizeof(*g->index));
	f->trees = xcalloc(n, sizeof(*f->trees));
	f->trees_nr = n;
	for (uint32_t k = 0; k < n; k++) {
		struct flow_tree *ft = &f->trees[k];
		uint32_t id = ids[k], r;

		g->index[id] = k;
		ft->tree = id == g->fold ? TREE_NONE : id;
		ft->name = id_name(&c, id);
		ft->commits = id == TREE_MAINLINE ? f->commits :
			      g->view.commits[id];
		ft->own = g->view.own[id];
		ft->depth = id == TREE_MAINLINE ? 0 : g->view.depth[id];
		ft->repo = id == g->fold ? TREE_NONE : id;
		ft->repo_name = ft->name;
		if (id == g->fold)
			continue;
		/* A branch node shows its repository's URLs. */
		r = tt->t[id].repo;
		ft->urls = tt->t[r].urls;
		ft->urls_nr = tt->t[r].urls_nr;
		ft->kind = tt->t[id].kind;
		ft->repo = r;
		ft->repo_name = tt->t[r].name;
	}
	free(ids);
}

/*
 * Pulls: per tree, every merge that pulled it; per shown edge, the merges
 * along it (a folded feeder's pulls become the fold's).  Each pull's tree
 * is noted, and its edge's key in *at (HIST_NONE: none).
 */
static void
count_pulls(struct agg *g, struct flow *f, uint32_t *at)
{
	const struct attribution *a = g->in->a;

	f->all_pulls = a->pulls;
	f->all_pulls_nr = a->pulls_nr;
	f->pull_tree = xmalloc((a->pulls_nr ? a->pulls_nr : 1) *
			       sizeof(*f->pull_tree));
	for (uint32_t k = 0; k < a->pulls_nr; k++) {
		const struct pull *pl = &a->pulls[k];
		uint32_t from = pl->from, to = pl->to;

		if (g->folded && to == TREE_MAINLINE && g->folded[from])
			from = g->fold;
		f->pull_tree[k] = g->index[from];
		at[k] = HIST_NONE;
		if (g->index[from] != HIST_NONE)
			f->trees[g->index[from]].pulls++;
		if (g->index[from] != HIST_NONE && g->index[to] != HIST_NONE) {
			struct edge_key *e = edge_get(&g->es, from, to);

			e->pulls++;
			at[k] = (uint32_t)(e - g->es.e);
		}
	}
}

/* The tree id of the flow's tree k. */
static uint32_t
id_of(const struct agg *g, const struct flow *f, uint32_t k)
{
	return f->trees[k].tree == TREE_NONE ? g->fold : f->trees[k].tree;
}

/* The edges that carried a commit, sorted; each pull's edge among them
 * (at: its edge's key, from count_pulls). */
static void
flow_edges(struct agg *g, struct flow *f, const uint32_t *at)
{
	uint32_t *pos = xmalloc((g->es.pi.nr ? g->es.pi.nr : 1) * sizeof(*pos));

	f->edges = xcalloc(g->es.pi.nr ? g->es.pi.nr : 1, sizeof(*f->edges));
	for (uint32_t k = 0; k < g->es.pi.nr; k++) {
		const struct edge_key *e = &g->es.e[k];

		pos[k] = HIST_NONE;
		if (!e->commits || g->index[e->from] == HIST_NONE ||
		    g->index[e->to] == HIST_NONE)
			continue;
		f->edges[f->edges_nr++] = (struct flow_edge){
			g->index[e->from], g->index[e->to], e->commits,
			e->pulls };
	}
	qsort_r(f->edges, f->edges_nr, sizeof(*f->edges), cmp_edge, f);
	for (uint32_t k = 0; k < f->edges_nr; k++) {
		const struct edge_key *e = edge_get(&g->es,
			id_of(g, f, f->edges[k].from), id_of(g, f, f->edges[k].to));

		pos[e - g->es.e] = k;
	}
	f->pull_edge = xmalloc((f->all_pulls_nr ? f->all_pulls_nr : 1) *
			       sizeof(*f->pull_edge));
	for (uint32_t k = 0; k < f->all_pulls_nr; k++)
		f->pull_edge[k] = at[k] == HIST_NONE ? HIST_NONE : pos[at[k]];
	free(pos);
}

/* The indented tree: the shown paths in pre-order, the fold as the
 * mainline's last child. */
static void
flow_nodes(const struct agg *g, struct flow *f)
{
	uint32_t np = g->np;
	uint32_t *stack = xmalloc((np + 1) * sizeof(*stack)), sn = 0;
	uint32_t *level = xmalloc((np ? np : 1) * sizeof(*level));

	f->nodes = xcalloc(np + 2, sizeof(*f->nodes));
	if (np) {
		stack[sn++] = PATH_MAINLINE;
		level[PATH_MAINLINE] = 0;
	}
	while (sn) {
		uint32_t i = stack[--sn];
		struct flow_node *nd = &f->nodes[f->nodes_nr++];

		if (i == np) {
			nd->tree = g->index[g->fold];
			nd->level = 1;
			nd->commits = nd->own = g->fold_own;
			continue;
		}
		nd->tree = g->index[g->p->tree[i]];
		nd->level = level[i];
		nd->commits = i == PATH_MAINLINE ? f->commits : g->sub[i];
		nd->own = g->own[i];
		if (i == PATH_MAINLINE && g->fold_own)
			stack[sn++] = np;	/* first in, last out */
		for (uint32_t k = g->cstart[i + 1]; k-- > g->cstart[i];) {
			uint32_t c = g->child[k];

			if (!g->shown[c])
				continue;
			level[c] = level[i] + 1;
			stack[sn++] = c;
		}
	}
	free(stack);
	free(level);
}

void
aggregate(const struct aggregate_input *in, struct flow *f)
{
	struct agg g = { 0 };
	uint32_t *at;

	g.in = in;
	g.p = &in->a->paths;
	g.np = g.p->nr;
	g.ntrees = in->trees->nr;
	g.fold = in->trees->nr;
	g.nid = in->trees->nr + 1;
	g.own = xcalloc(g.np ? g.np : 1, sizeof(*g.own));
	g.sub = xcalloc(g.np ? g.np : 1, sizeof(*g.sub));
	g.index = xmalloc(g.nid * sizeof(*g.index));
	g.shown = xcalloc(g.np ? g.np : 1, 1);
	g.gone = xcalloc(g.nid, 1);
	at = xmalloc((in->a->pulls_nr ? in->a->pulls_nr : 1) * sizeof(*at));

	flow_header(in, f);
	count_paths(&g, f);
	topics_count(in->h, in->a, f->branches, &f->topics);
	walk_views(&g, f);
	if (g.fold_own) {
		char name[64];

		snprintf(name, sizeof(name), "%u other tree%s", f->folded,
			 f->folded == 1 ? "" : "s");
		f->fold_name = xstrdup(name);
	}
	flow_trees(&g, f);
	count_pulls(&g, f, at);
	flow_edges(&g, f, at);
	flow_nodes(&g, f);

	free(at);
	tally_release(&g.view);
	free(g.es.e);
	pair_index_release(&g.es.pi);
	free(g.cstart);
	free(g.child);
	free(g.shown);
	free(g.gone);
	free(g.folded);
	free(g.index);
	free(g.sub);
	free(g.own);
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
	free(f->pull_tree);
	free(f->pull_edge);
	topics_release(&f->topics);
	memset(f, 0, sizeof(*f));
}

uint32_t
flow_index_of(const struct flow *f, uint32_t id)
{
	for (uint32_t k = 0; k < f->trees_nr; k++)
		if (f->trees[k].tree == id)
			return k;
	return UINT32_MAX;
}
