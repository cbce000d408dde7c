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
#include "aggregate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Per tree id (plus one slot for the fold), what the paths add up to. */
struct tally {
	uint32_t *commits, *own, *depth;
	uint32_t *active;	/* paths of this tree on the walk's stack */
};

struct edge_key {
	uint32_t from, to;	/* tree ids */
	uint32_t commits, pulls, signed_pulls;
	uint32_t active;	/* paths with this edge on the walk's stack */
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
		/* A slot is only set once e holds its edge (the analyser
		 * cannot see that e is not NULL then). */
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
		if (es->e[i - 1].from == from && es->e[i - 1].to == to)
			return &es->e[i - 1];
		pos = (pos + 1) & (es->hash_size - 1);
	}
	ALLOC_GROW(es->e, es->nr + 1, es->alloc);
	es->hash[pos] = es->nr + 1;
	es->e[es->nr] = (struct edge_key){ from, to, 0, 0, 0, 0 };
	return &es->e[es->nr++];
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

void
aggregate(const struct aggregate_input *in, struct flow *f)
{
	const struct paths *p = &in->a->paths;
	const struct tree_table *tt = in->trees;
	uint32_t ntrees = tt->nr, fold = tt->nr, nid = tt->nr + 1;
	uint32_t np = p->nr;
	uint32_t *own = xcalloc(np ? np : 1, sizeof(*own));
	uint32_t *sub = xcalloc(np ? np : 1, sizeof(*sub));	/* own + deeper */
	uint32_t *index = xmalloc(nid * sizeof(*index));
	uint32_t *cstart, *child;
	uint8_t *folded = NULL, *shown = xcalloc(np ? np : 1, 1);
	uint8_t *gone = xcalloc(nid, 1);
	struct tally all, view;
	struct edges es = { 0 };
	struct trie_walk w;
	uint32_t fold_own = 0;
	size_t unsigned_alloc = 0;

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
	f->direct = np ? own[PATH_MAINLINE] : 0;
	/* A path's parent was always created before it. */
	for (uint32_t i = np; i-- > 0;) {
		sub[i] += own[i];
		if (i)
			sub[p->up[i]] += sub[i];
	}
	trie_children(p, sub, tt, &cstart, &child);
	w = (struct trie_walk){ p, own, sub, cstart, child, NULL, fold };

	/* The summary, over every route as it is. */
	tally_init(&all, nid);
	trie_walk(&w, &all, &es, shown, gone, &fold_own);
	summarise(f, &all, tt);
	if (in->top)
		folded = choose_folded(p, sub, ntrees, in->top, tt);

	/* The view: the same, with folded routes going through the fold. */
	if (folded) {
		free(es.e);
		free(es.hash);
		memset(&es, 0, sizeof(es));
		tally_release(&all);
		tally_init(&view, nid);
		w.folded = folded;
		trie_walk(&w, &view, &es, shown, gone, &fold_own);
		/* The fold stands for every tree of the routes it folds
		 * (some may still show elsewhere, pulled by a kept tree). */
		for (uint32_t id = 1; id < ntrees; id++)
			f->folded += gone[id];
	} else {
		view = all;
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
			ft->repo = id == fold ? TREE_NONE : id;
			ft->repo_name = ft->name;
			if (id != fold) {
				uint32_t r = tt->t[id].repo;

				/* A branch node shows its repository's URLs. */
				ft->urls = tt->t[r].urls;
				ft->urls_nr = tt->t[r].urls_nr;
				ft->kind = tt->t[id].kind;
				ft->repo = r;
				ft->repo_name = tt->t[r].name;
			}
		}
		free(ids);
	}

	/* Pulls: per tree, every merge that pulled it; per shown edge, the
	 * merges along it (a folded feeder's pulls become the fold's). */
	for (uint32_t k = 0; k < in->a->pulls_nr; k++) {
		const struct pull *pl = &in->a->pulls[k];
		uint32_t from = pl->from, to = pl->to;

		int sig = in->sig && (in->sig[pl->merge] & SIG_MERGETAG);

		if (folded && to == TREE_MAINLINE && folded[from])
			from = fold;
		if (index[from] != HIST_NONE) {
			f->trees[index[from]].pulls++;
			f->trees[index[from]].signed_pulls += sig;
			f->trees[index[from]].signed_commits += sig ? pl->commits : 0;
		}
		if (index[from] != HIST_NONE && index[to] != HIST_NONE) {
			struct edge_key *e = edge_get(&es, from, to);

			e->pulls++;
			e->signed_pulls += sig;
		}
		if (!in->sig)
			continue;
		f->pulls++;
		f->signed_pulls += sig;
		f->gpgsig_pulls += !!(in->sig[pl->merge] & SIG_GPGSIG);
		if (pl->to == TREE_MAINLINE) {
			f->pulled_commits += pl->commits;
			f->signed_commits += sig ? pl->commits : 0;
		}
		if (!sig) {
			ALLOC_GROW(f->unsigned_pulls, f->unsigned_nr + 1,
				   unsigned_alloc);
			f->unsigned_pulls[f->unsigned_nr++] = k;
		}
	}
	f->signatures = in->sig != NULL;
	f->branches = in->m->ptree_start != NULL;
	f->all_pulls = in->a->pulls;

	f->edges = xcalloc(es.nr ? es.nr : 1, sizeof(*f->edges));
	for (uint32_t k = 0; k < es.nr; k++) {
		const struct edge_key *e = &es.e[k];

		if (!e->commits || index[e->from] == HIST_NONE ||
		    index[e->to] == HIST_NONE)
			continue;
		f->edges[f->edges_nr++] = (struct flow_edge){
			index[e->from], index[e->to], e->commits, e->pulls,
			e->signed_pulls };
	}
	qsort_r(f->edges, f->edges_nr, sizeof(*f->edges), cmp_edge, f);

	/* The indented tree: the shown paths in pre-order, the fold as the
	 * mainline's last child. */
	{
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
				nd->tree = index[fold];
				nd->level = 1;
				nd->commits = nd->own = fold_own;
				continue;
			}
			nd->tree = index[p->tree[i]];
			nd->level = level[i];
			nd->commits = i == PATH_MAINLINE ? f->commits : sub[i];
			nd->own = own[i];
			if (i == PATH_MAINLINE && fold_own)
				stack[sn++] = np;	/* first in, last out */
			for (uint32_t k = cstart[i + 1]; k-- > cstart[i];) {
				uint32_t c = child[k];

				if (!shown[c])
					continue;
				level[c] = level[i] + 1;
				stack[sn++] = c;
			}
		}
		free(stack);
		free(level);
	}

	tally_release(&view);
	free(es.e);
	free(es.hash);
	free(cstart);
	free(child);
	free(shown);
	free(gone);
	free(folded);
	free(index);
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
	free(f->unsigned_pulls);
	memset(f, 0, sizeof(*f));
}
