/*
 * truth.c - the ground truth's bookkeeping: which path each commit took
 * to the mainline, kept as the simulation goes, never read back from
 * the graph.
 *
 * Each tree holds the commits it has that the mainline has not (its
 * pending commits), each with its path within the tree (visible and
 * true), as nodes of a trie of paths.  A merge of X into Y adds the
 * commits of X that Y lacks, X's path extended by Y; an internal merge
 * adds with Y's own path; a pull into the mainline finalises the paths
 * (finalise: --expect and --truth are written then).  A commit keeps
 * the path it first entered a tree with.  Fast-forwards only happen in
 * the simple case (X forked from the receiver's tip, which holds
 * nothing new, and made plain commits): visible path the receiver's
 * own, true path X then the receiver.  Trees only fork from commits the
 * mainline has or from their own tip, and never rebase: a tree forked
 * from another's unmerged work, whose first-parent line would carry
 * that work under its own name, is not simulated.
 *
 * The pending commits are a log (oldest first, finalised ones dropped
 * from the front as they go) and a hash set of their marks, so that a
 * pull finds what the receiver lacks without walking anything.
 */
#include "genhist.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- paths: a trie, node = (outermost tree, the path inside it) ---- */

static uint32_t
nd_hashfn(uint32_t tree, uint32_t up)
{
	uint64_t k = ((uint64_t)tree << 32 | up) * 0x9e3779b97f4a7c15ull;

	return (uint32_t)(k >> 32);
}

static void
nd_rehash(struct paths *p)
{
	uint32_t cap = p->hcap ? 2 * p->hcap : 256;

	free(p->hash);
	p->hash = xcalloc(cap, sizeof(*p->hash));
	p->hcap = cap;
	for (uint32_t n = 1; n < p->nr; n++) {
		uint32_t i = nd_hashfn(p->tree[n], p->up[n]) & (cap - 1);

		while (p->hash[i])
			i = (i + 1) & (cap - 1);
		p->hash[i] = n + 1;
	}
}

static void
nd_push(struct paths *p, uint32_t tree, uint32_t up)
{
	if (p->nr >= p->alloc) {
		p->alloc = p->alloc ? 2 * p->alloc : 64;
		p->tree = xrealloc(p->tree, p->alloc * sizeof(*p->tree));
		p->up = xrealloc(p->up, p->alloc * sizeof(*p->up));
		p->str = xrealloc(p->str, p->alloc * sizeof(*p->str));
	}
	p->tree[p->nr] = tree;
	p->up[p->nr] = up;
	p->str[p->nr] = NULL;
	p->nr++;
}

/* An empty trie: node 0, the mainline alone. */
void
paths_init(struct paths *p)
{
	nd_push(p, 0, NONE);
}

/* The path `up` carried on by tree `tree` (node 0: the empty path). */
uint32_t
path_ext(struct paths *p, uint32_t up, uint32_t tree)
{
	uint32_t i;

	if (2 * (p->nr + 1) > p->hcap)
		nd_rehash(p);
	i = nd_hashfn(tree, up) & (p->hcap - 1);
	while (p->hash[i]) {
		uint32_t n = p->hash[i] - 1;

		if (p->tree[n] == tree && p->up[n] == up)
			return n;
		i = (i + 1) & (p->hcap - 1);
	}
	nd_push(p, tree, up);
	p->hash[i] = p->nr;
	return p->nr - 1;
}

/* ---- the mainline's commits: --expect, --truth, --cycles ----------- */

/* Path n as the ground-truth files write it: its trees, innermost
 * first, each followed by a tab. */
static const char *
node_str(struct sim *sim, uint32_t n)
{
	struct paths *p = &sim->paths;

	if (!p->str[n]) {
		if (n == 0)
			p->str[n] = xprintf("%s", "");
		else
			p->str[n] = xprintf("%s%s\t", node_str(sim, p->up[n]),
					    p->tree[n] == REVIEW_TREE ?
					    review_server_name :
					    sim->tr[p->tree[n]].name);
	}
	return p->str[n];
}

/* --topics: how a direct commit came, its merge's mark or "-". */
static void
topic_line(struct sim *sim, uint32_t mark, uint32_t merge)
{
	if (merge == NONE)
		fprintf(sim->ftop, ":%" PRIu32 "\t-\n", mark);
	else
		fprintf(sim->ftop, ":%" PRIu32 "\t:%" PRIu32 "\n", mark,
			merge);
}

/* --arrivals: commit mark arrives when the mainline next moves. */
static void
arrival_pending(struct sim *sim, uint32_t mark)
{
	GROW(sim->arr, sim->arr_nr, sim->arr_alloc);
	sim->arr[sim->arr_nr++] = mark;
}

void
release_held(struct sim *sim, uint32_t mk)
{
	for (unsigned i = 0; i < sim->nheld; i++) {
		if (sim->ftop)
			topic_line(sim, sim->held[i], mk);
		if (sim->farr)
			arrival_pending(sim, sim->held[i]);
	}
	sim->nheld = 0;
	sim->topic_hold = 0;
}

void
arrived(struct sim *sim, uint32_t tip)
{
	const char *phase = sim->last_tag[0] ? sim->last_tag : "-";

	if (!sim->farr)
		return;
	for (size_t i = 0; i < sim->arr_nr; i++) {
		uint32_t c = sim->arr[i];

		if (sim->merge[tip])
			fprintf(sim->farr, ":%" PRIu32 "\t:%" PRIu32 "\t%" PRId64
				"\t%s\n", c, tip, sim->cdate[tip], phase);
		else
			fprintf(sim->farr, ":%" PRIu32 "\t-\t%" PRId64 "\t%s\n",
				c, sim->cdate[c], phase);
	}
	sim->arr_nr = 0;
}

void
finalise(struct sim *sim, uint32_t mark, uint32_t vis, uint32_t tru)
{
	sim->fin[mark] = 1;
	/* A direct commit: on the mainline's line, or through the topic
	 * merge being made; held while that merge is not (central_pull:
	 * its commits are all direct). */
	if (sim->topic_hold && (sim->ftop || sim->farr) && sim->nheld < 8) {
		sim->held[sim->nheld++] = mark;
	} else {
		if (sim->ftop && vis == 0)
			topic_line(sim, mark, sim->topic_merge);
		if (sim->farr)
			arrival_pending(sim, mark);
	}
	if (sim->fexp)
		fprintf(sim->fexp, ":%" PRIu32 "\t%smainline\n", mark,
			node_str(sim, vis));
	if (sim->ftru)
		fprintf(sim->ftru, ":%" PRIu32 "\t%smainline\n", mark,
			node_str(sim, tru));
	if (sim->fmnt)
		routing_truth(sim, mark, vis);
	GROW(sim->cbuf, sim->cbuf_nr, sim->cbuf_alloc);
	sim->cbuf[sim->cbuf_nr++] = mark;
}

void
flush_cycle(struct sim *sim, const char *tag)
{
	if (sim->fcyc)
		for (size_t i = 0; i < sim->cbuf_nr; i++)
			fprintf(sim->fcyc, ":%" PRIu32 "\t%s\n", sim->cbuf[i],
				tag);
	sim->cbuf_nr = 0;
}

/* ---- a tree's pending commits -------------------------------------- */

static size_t
mark_hash(uint32_t m)
{
	return (size_t)((m * 0x9e3779b1u) ^ (m >> 16));
}

int
set_has(const struct tree *t, uint32_t m)
{
	size_t mask, i;

	if (!t->set_cap)
		return 0;
	mask = t->set_cap - 1;
	for (i = mark_hash(m) & mask; t->set[i]; i = (i + 1) & mask)
		if (t->set[i] == m)
			return 1;
	return 0;
}

static void
set_insert(struct tree *t, uint32_t m)
{
	size_t mask = t->set_cap - 1, i;

	for (i = mark_hash(m) & mask; t->set[i]; i = (i + 1) & mask)
		if (t->set[i] == m)
			return;
	t->set[i] = m;
	t->set_nr++;
}

static void
set_resize(struct tree *t, size_t want)
{
	size_t cap = 16;

	while (cap < 2 * want + 2)
		cap *= 2;
	free(t->set);
	t->set = xcalloc(cap, sizeof(*t->set));
	t->set_cap = cap;
	t->set_nr = 0;
}

/* Rebuild the set from the live, unfinalised entries. */
static void
set_rebuild(const struct sim *sim, struct tree *t)
{
	size_t live = 0;

	for (size_t i = t->lo; i < t->n; i++)
		live += !sim->fin[t->ent[i].mark];
	set_resize(t, live);
	for (size_t i = t->lo; i < t->n; i++)
		if (!sim->fin[t->ent[i].mark])
			set_insert(t, t->ent[i].mark);
}

void
log_add(const struct sim *sim, struct tree *t, uint32_t mark, uint32_t vis,
	uint32_t tru)
{
	GROW(t->ent, t->n, t->alloc);
	t->ent[t->n].mark = mark;
	t->ent[t->n].vis = vis;
	t->ent[t->n].tru = tru;
	t->n++;
	if (2 * (t->set_nr + 1) + 2 > t->set_cap)
		set_rebuild(sim, t);
	set_insert(t, mark);
}

/* Everything it has is in the mainline now. */
void
log_clear(struct tree *t)
{
	t->base += t->n;
	t->n = t->lo = 0;
	if (t->alloc > 4096) {
		free(t->ent);
		t->ent = NULL;
		t->alloc = 0;
	}
	if (t->set_cap > 4096) {
		free(t->set);
		t->set = NULL;
		t->set_cap = 0;
	} else if (t->set_cap) {
		memset(t->set, 0, t->set_cap * sizeof(*t->set));
	}
	t->set_nr = 0;
}

/* Drop the finalised entries at the front; 1 when nothing is left. */
int
compact(const struct sim *sim, struct tree *t)
{
	while (t->lo < t->n && sim->fin[t->ent[t->lo].mark])
		t->lo++;
	if (t->lo == t->n) {
		log_clear(t);
		return 1;
	}
	if (t->lo > 1024 && 2 * t->lo > t->n) {
		memmove(t->ent, t->ent + t->lo, (t->n - t->lo) * sizeof(*t->ent));
		t->base += t->lo;
		t->n -= t->lo;
		t->lo = 0;
		set_rebuild(sim, t);
	}
	return 0;
}

uint64_t *
pos_of(struct tree *x, uint32_t puller)
{
	for (uint32_t i = 0; i < x->npos; i++)
		if (x->pos[i].puller == puller)
			return &x->pos[i].seq;
	GROW(x->pos, x->npos, x->pos_alloc);
	x->pos[x->npos].puller = puller;
	x->pos[x->npos].seq = 0;
	return &x->pos[x->npos++].seq;
}
