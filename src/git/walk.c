/*
 * walk.c - the commits of a range, walked: marking every ancestor of
 * each end, breadth first, when there are no generations; or A..B
 * exactly by generation, with the commit-graph's and those settled here
 * for the commits made since it was written.  load.c loads each commit
 * the walks reach into the table.
 */
#include "git/walk.h"

#include <stdlib.h>

#include "git/commitgraph.h"
#include "git/load.h"
#include "git/repo.h"
#include "git/sigbus.h"
#include "util/util.h"

/* Give commit i the flag of a marking walk. */
static void
mark(struct history *h, uint32_t i, uint8_t flag)
{
	if (flag == HIST_IN_RANGE)
		load_in_range(h, i);
	else
		h->flags[i] |= flag;
}

/*
 * Load every ancestor of start that does not have stop_flags, giving it
 * flag: breadth first, a frontier at a time (the open lines of
 * development are known together and read together).  Which commits are
 * marked does not depend on the order; the numbers the table gives them
 * do, and nothing after the walk does.
 */
static int
mark_ancestors(struct walker *w, uint32_t start, uint8_t flag,
	       uint8_t stop_flags)
{
	struct history *h = w->h;
	struct walk_list *cur = &w->cur, *next = &w->next;
	int ret = 0;

	if (h->flags[start] & (stop_flags | flag))
		return 0;
	mark(h, start, flag);
	cur->nr = next->nr = 0;
	ALLOC_GROW(cur->v, 1, cur->alloc);
	cur->v[cur->nr++] = start;
	while (cur->nr && !ret) {
		for (size_t off = 0; off < cur->nr && !ret;
		     off += FRONTIER_BATCH) {
			size_t n = cur->nr - off < FRONTIER_BATCH ?
				   cur->nr - off : FRONTIER_BATCH;

			ret = load_batch(w, cur->v + off, n,
					 flag == HIST_IN_RANGE);
		}
		for (size_t j = 0; j < cur->nr && !ret; j++) {
			uint32_t np;
			const uint32_t *par = history_parents(h, cur->v[j], &np);

			ALLOC_GROW(next->v, next->nr + np, next->alloc);
			for (uint32_t k = 0; k < np; k++) {
				if (h->flags[par[k]] & (stop_flags | flag))
					continue;
				mark(h, par[k], flag);
				next->v[next->nr++] = par[k];
			}
		}
		{
			struct walk_list t = *cur;

			*cur = *next;
			*next = t;
		}
		next->nr = 0;
	}
	return ret;
}

/*
 * The generations of the commits outside the graph (made since it was
 * written) that are reachable from start, computed after their parents'
 * with an explicit stack, the same way as the graph's: one more than the
 * parents' highest, and with dated graphs at least the commit's own date.
 * Returns 0, -1 after reporting, or 1 when a parent in the graph has no
 * generation (w->lie).
 */
#define SETTLING 0x40	/* settle_generations: its parents are being settled */

static int
settle_generations(struct walker *w, uint32_t start,
		   struct history_stack *st)
{
	struct history *h = w->h;
	int dated = commit_graph_dated(w->graph);
	size_t nr = 0;

	if (w->gen[start])
		return 0;
	ALLOC_GROW(st->v, 1, st->alloc);
	st->v[nr++] = start;
	while (nr) {
		uint32_t i = st->v[nr - 1], np, pending = 0;
		uint64_t gen = 0;
		const uint32_t *par;

		if (w->gen[i]) {
			nr--;
			continue;
		}
		if (load_commit(w, i, 1) < 0)
			return -1;
		h->flags[i] |= SETTLING;
		par = history_parents(h, i, &np);
		ALLOC_GROW(st->v, nr + np, st->alloc);
		for (uint32_t k = 0; k < np; k++) {
			if (w->gen[par[k]] == GRAPH_GEN_BAD) {
				w->lie = par[k];
				return 1;
			}
			if (!w->gen[par[k]]) {
				/* A parent still being settled is its own
				 * descendant: only a forged or corrupt object
				 * (nothing re-hashes them) makes a cycle, and
				 * it would grow the stack forever. */
				if (h->flags[par[k]] & SETTLING) {
					char hex[OID_HEXSZ + 1];

					history_hex(h, par[k], hex);
					return error("the history has a cycle at "
						     "commit %s (a forged or "
						     "corrupt object)", hex);
				}
				st->v[nr++] = par[k];
				pending = 1;
			} else if (w->gen[par[k]] > gen) {
				gen = w->gen[par[k]];
			}
		}
		if (!pending) {
			gen++;
			if (dated && w->ctime[i] > gen)
				gen = w->ctime[i];
			w->gen[i] = gen;
			h->flags[i] &= (uint8_t)~SETTLING;
			nr--;
		}
	}
	return 0;
}

/* A binary max-heap of commit numbers by generation (the walker's). */
static void
heap_push(struct walk_list *hp, const uint64_t *gen, uint32_t i)
{
	size_t k = hp->nr++;

	ALLOC_GROW(hp->v, hp->nr, hp->alloc);
	while (k && gen[hp->v[(k - 1) / 2]] < gen[i]) {
		hp->v[k] = hp->v[(k - 1) / 2];
		k = (k - 1) / 2;
	}
	hp->v[k] = i;
}

static uint32_t
heap_pop(struct walk_list *hp, const uint64_t *gen)
{
	uint32_t top = hp->v[0], last = hp->v[--hp->nr];
	size_t k = 0;

	for (;;) {
		size_t c = 2 * k + 1;

		if (c >= hp->nr)
			break;
		if (c + 1 < hp->nr && gen[hp->v[c + 1]] > gen[hp->v[c]])
			c++;
		if (gen[hp->v[c]] <= gen[last])
			break;
		hp->v[k] = hp->v[c];
		k = c;
	}
	if (hp->nr)
		hp->v[k] = last;
	return top;
}

/*
 * A..B exactly, by generation: commits come off the heap highest first,
 * so every descendant of a commit (its generation is higher) has passed on
 * its marks before the commit itself is decided.  The walk stops as soon
 * as no commit of B's side is left in the heap: A's side is only walked
 * as far down as B's.  B may be several tips (walk_ranges).
 * Returns 0, -1 after reporting, or 1 when a commit's generation is not
 * above a parent's (w->lie): the graph contradicts itself, and the walk's
 * order means nothing.
 */
#define QUEUED 0x80

static int
walk_by_generation(struct walker *w, uint32_t from, const uint32_t *tips,
		   size_t ntips)
{
	struct history *h = w->h;
	struct walk_list *hp = &w->heap;
	size_t live = 0;	/* queued commits of B's side */
	int ret = 0;

	hp->nr = 0;
	h->flags[from] |= HIST_HIDDEN | QUEUED;
	heap_push(hp, w->gen, from);
	for (size_t k = 0; k < ntips; k++) {
		if (h->flags[tips[k]] & QUEUED)
			continue;
		h->flags[tips[k]] |= QUEUED;
		heap_push(hp, w->gen, tips[k]);
		live++;
	}
	while (hp->nr && live && !ret) {
		uint32_t i = heap_pop(hp, w->gen), np;
		uint8_t hidden = h->flags[i] & HIST_HIDDEN;
		const uint32_t *par;

		if (!hidden) {
			live--;
			load_in_range(h, i);
		}
		if ((ret = load_commit(w, i, !hidden)) < 0)
			break;
		par = history_parents(h, i, &np);
		for (uint32_t k = 0; k < np; k++) {
			uint32_t p = par[k];
			uint8_t f = h->flags[p];

			/* What the order rests on, checked on every edge
			 * the walk follows (it reads them anyway): a
			 * parent's generation below its child's. */
			if (w->gen[p] >= w->gen[i]) {
				w->lie = i;
				ret = 1;
				break;
			}
			if (!(f & QUEUED)) {
				h->flags[p] |= QUEUED | hidden;
				heap_push(hp, w->gen, p);
				live += !hidden;
			} else if (hidden && !(f & HIST_HIDDEN)) {
				h->flags[p] |= HIST_HIDDEN;
				live--;
			}
		}
	}
	for (uint32_t i = 0; i < h->nr; i++)
		h->flags[i] &= (uint8_t)~QUEUED;
	return ret;
}

/* A..B by generation, with the commit-graph's generations: 0, -1 after
 * reporting, 1 when the graph contradicts itself. */
static int
walk_graph(struct walker *w, uint32_t from, const uint32_t *tip,
	   size_t ntips, struct history_stack *st)
{
	int ret = settle_generations(w, from, st);

	for (size_t k = 0; k < ntips && !ret; k++)
		ret = settle_generations(w, tip[k], st);
	/* The ends have no child in the walk to check them against. */
	for (size_t k = 0; k <= ntips && !ret; k++) {
		uint32_t i = k < ntips ? tip[k] : from;

		if (w->gen[i] == GRAPH_GEN_BAD) {
			w->lie = i;
			ret = 1;
		}
	}
	return ret ? ret : walk_by_generation(w, from, tip, ntips);
}

/*
 * Without generations, settle the start's side completely first: with it
 * marked, B's walk stops exactly at A's history, whatever the dates say.
 */
static int
walk_marking(struct walker *w, uint32_t from, const uint32_t *tip,
	     size_t ntips)
{
	if (from != HIST_NONE && mark_ancestors(w, from, HIST_HIDDEN, 0) < 0)
		return -1;
	w->h->start_whole = from != HIST_NONE;
	for (size_t k = 0; k < ntips; k++)
		if (mark_ancestors(w, tip[k], HIST_IN_RANGE, HIST_HIDDEN) < 0)
			return -1;
	return 0;
}

/* The walk itself, w open and the ends' numbers in tip[]: 0, -1 after
 * reporting, 1 when the graph contradicts itself (said). */
static int
walk_ends(struct walker *w, uint32_t f, const uint32_t *tip, size_t ntips,
	  struct history_stack *st)
{
	int ret;

	if (f != HIST_NONE && w->graph)
		ret = walk_graph(w, f, tip, ntips, st);
	else
		ret = walk_marking(w, f, tip, ntips);
	if (ret > 0) {
		char hex[OID_HEXSZ + 1];

		history_hex(w->h, w->lie, hex);
		error("warning: the commit-graph contradicts itself at commit "
		      "%s (a parent's generation is not below its own): "
		      "walking without it ('git commit-graph write "
		      "--reachable' writes a new one)", hex);
	}
	return ret ? ret : load_read_after(w, tip, ntips);
}

/* The ends' common base, when the walk stops at the base of several
 * starts: from the commit-graph when it can say, else from libgit2.
 * 1 with *out, 0 when there is none. */
static int
starts_base(struct walker *w, const struct object_id *starts, size_t n,
	    struct object_id *out)
{
	if (w->graph) {
		const unsigned char **v = xmalloc(n * sizeof(*v));
		int ret;

		for (size_t k = 0; k < n; k++)
			v[k] = starts[k].hash;
		ret = commit_graph_merge_base(w->graph, v, n, out->hash);
		free(v);
		if (ret >= 0)
			return ret;
	}
	return repo_merge_base(w->r, starts, n, out);
}

/* The ends interned into tip[] (h->tip the first), then walked down to
 * from[0], or to the base of the nfrom starts when there are more. */
static int
walk_tips(struct walker *w, const struct object_id *from, size_t nfrom,
	  const struct object_id *tips, uint32_t *tip, size_t ntips,
	  struct history_stack *st)
{
	uint32_t f = HIST_NONE;
	struct object_id base;

	for (size_t k = 0; k < ntips; k++)
		if ((tip[k] = load_intern(w, &tips[k])) == HIST_NONE)
			return -1;
	w->h->tip = tip[0];
	if (nfrom > 1 && starts_base(w, from, nfrom, &base))
		from = &base;
	else if (nfrom > 1)
		from = NULL;
	if (nfrom && from && (f = load_intern(w, from)) == HIST_NONE)
		return -1;
	return walk_ends(w, f, tip, ntips, st);
}

/* One walk of the commits reachable from any of tips and not from
 * "from" into h: 0, -1 after reporting, 1 when the commit-graph turned
 * out to contradict itself (said). */
static int
walk_once(struct repo *r, const struct object_id *from, size_t nfrom,
	  const struct object_id *tips, size_t ntips, unsigned opts,
	  unsigned jobs, struct history *h)
{
	struct walker w;
	struct history_stack st = HISTORY_STACK_INIT;
	uint32_t *tip = xmalloc(ntips * sizeof(*tip));
	struct sigbus_guard g;
	int ret = -1;

	if (load_open(&w, r, opts, jobs, h) < 0)
		goto out;
	/* The commit-graph is read through its mapping from here on:
	 * cut short under us (sigbus.h), it is an error naming it.
	 * Everything the walk allocates is w's, h's or st's. */
	if (sigsetjmp(g.jb, 0)) {
		const char *file = commit_graph_file_at(w.graph, g.addr);

		ret = error("the commit-graph '%s' was cut short while it "
			    "was read", file ? file : "(unknown)");
		goto out;
	}
	sigbus_arm(&g);
	ret = walk_tips(&w, from, nfrom, tips, tip, ntips, &st);
	sigbus_disarm(&g);
out:
	load_release(&w);
	history_stack_release(&st);
	free(tip);
	return ret;
}

/*
 * The commits reachable from any of tips and not from "from" (nfrom 0:
 * the whole history; more than one: not from their common base, when
 * they have one); the first tip is h->tip.  A commit-graph whose
 * generations contradict its parents cannot order a walk: as git ignores
 * a graph that does not check out, the run walks again without it (the
 * marking walk, exact whatever the dates).
 */
static int
load_tips(struct repo *r, const struct object_id *from, size_t nfrom,
	  const struct object_id *tips, size_t ntips, unsigned opts,
	  unsigned jobs, struct history *h)
{
	int ret = walk_once(r, from, nfrom, tips, ntips, opts, jobs, h);

	if (ret > 0) {
		history_release(h);
		ret = walk_once(r, from, nfrom, tips, ntips,
				opts | HISTORY_NO_GRAPH, jobs, h);
	}
	return ret < 0 ? -1 : 0;
}

int
walk_range(struct repo *r, const struct range *rg, unsigned opts,
	   unsigned jobs, struct history *h)
{
	return load_tips(r, &rg->from, !!rg->has_from, &rg->to, 1, opts,
			 jobs, h);
}

/* --- for --compare and --trace -------------------------------------- */

/*
 * Every commit of any range is reachable from its end and not from its
 * start, so none is an ancestor of a common ancestor of all the starts:
 * walking from every end and every start down to such a base loads each
 * range's commits, and each start's history down to the base, which is
 * what settling the range exactly needs (history_view).
 */
int
walk_ranges(struct repo *r, const struct range *rgs, size_t n,
	    unsigned opts, unsigned jobs, struct history *h)
{
	struct object_id *tips = xmalloc(2 * n * sizeof(*tips));
	struct object_id *starts = xmalloc(n * sizeof(*starts));
	size_t ntips = 0, nstarts = 0;
	int ret;

	for (size_t k = 0; k < n; k++)
		tips[ntips++] = rgs[k].to;
	for (size_t k = 0; k < n; k++) {
		if (!rgs[k].has_from)
			continue;
		tips[ntips++] = rgs[k].from;
		starts[nstarts++] = rgs[k].from;
	}
	/* A range without a start is a whole history: no base then.  Nor
	 * in a shallow clone: libgit2 1.5's merge base fails there at the
	 * first absent parent (leaking its walk; libgit2 issue #3058, shallow
	 * repositories read since pull request #6396, in 1.7), and the clone
	 * is small.
	 * One start is its own base (a --compare of one range). */
	if (nstarts < n || repo_is_shallow(r))
		nstarts = 0;
	ret = load_tips(r, starts, nstarts, tips, ntips, opts, jobs, h);
	free(starts);
	free(tips);
	return ret;
}
