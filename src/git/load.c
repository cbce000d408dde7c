/*
 * load.c - the commit table filled: commits numbered as they are first
 * met (as the range's ends, or as someone's parent), each loaded once,
 * from its commit-graph record or its object read raw from the object
 * database (on every thread at once for a frontier), and what a graph
 * does not hold read after the walk.
 *
 * The numbers index every per-commit array here and in the later
 * stages.  Only the headers we need are parsed: a full git_commit would
 * parse and cache author, committer and message for every commit, and
 * only merges need their message.  The walks that drive the loading are
 * walk.c's.
 */
#include "git/load.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git/commitparse.h"
#include "util/hash.h"
#include "util/progress.h"
#include "util/work.h"

/* --- the commit table --------------------------------------------- */

static uint32_t
oid_hash(const struct object_id *oid)
{
	uint32_t v;

	/* Object ids are uniformly distributed: their bytes are a hash. */
	memcpy(&v, oid->hash, sizeof(v));
	return v;
}

/* A new commit numbered h->nr, with no flags and no parents yet; or
 * HIST_NONE, reported, when the numbers are all taken. */
static uint32_t
commit_new(struct walker *w, const struct object_id *oid)
{
	struct history *h = w->h;
	uint32_t i;

	if (h->nr == HIST_NONE - 1) {
		error("too many commits");
		return HIST_NONE;
	}
	i = h->nr++;
	work_add(1);
	if (h->nr > h->alloc) {
		size_t alloc = h->alloc;

		ALLOC_GROW(h->oid, h->nr, alloc);
		h->flags = xreallocarray(h->flags, alloc, sizeof(*h->flags));
		h->pstart = xreallocarray(h->pstart, alloc, sizeof(*h->pstart));
		h->npar = xreallocarray(h->npar, alloc, sizeof(*h->npar));
		h->subject = xreallocarray(h->subject, alloc, sizeof(*h->subject));
		h->alloc = alloc;
		w->gpos = xreallocarray(w->gpos, alloc, sizeof(*w->gpos));
		w->gen = xreallocarray(w->gen, alloc, sizeof(*w->gen));
		w->ctime = xreallocarray(w->ctime, alloc, sizeof(*w->ctime));
		w->alloc = alloc;
		if (w->dates) {
			h->author_date = xreallocarray(h->author_date, alloc,
						       sizeof(*h->author_date));
			h->committer_date = xreallocarray(h->committer_date,
				alloc, sizeof(*h->committer_date));
		}
	}
	h->oid[i] = *oid;
	h->flags[i] = 0;
	h->pstart[i] = 0;
	h->npar[i] = 0;
	h->subject[i] = 0;
	w->gpos[i] = GRAPH_NONE;
	w->gen[i] = 0;
	w->ctime[i] = 0;
	if (w->dates)
		h->author_date[i] = h->committer_date[i] = 0;
	return i;
}

/* The number of the commit at graph position pos. */
static uint32_t
intern_pos(struct walker *w, uint32_t pos)
{
	struct object_id oid;
	uint32_t i;

	if (w->pos_idx[pos])
		return w->pos_idx[pos] - 1;
	memcpy(oid.hash, commit_graph_oid(w->graph, pos), OID_RAWSZ);
	i = commit_new(w, &oid);
	if (i == HIST_NONE)
		return i;
	w->gpos[i] = pos;
	w->gen[i] = commit_graph_generation(w->graph, pos);
	w->pos_idx[pos] = i + 1;
	return i;
}

/*
 * The number of commit oid, new if need be (HIST_NONE, reported, when
 * there is no number left).  Commits in the graph are found through it;
 * the others through a hash index of their own.
 */
uint32_t
load_intern(struct walker *w, const struct object_id *oid)
{
	struct history *h = w->h;
	struct hprobe pr;
	uint32_t pos, i;

	if (w->graph) {
		pos = commit_graph_find(w->graph, oid->hash);
		if (pos != GRAPH_NONE)
			return intern_pos(w, pos);
	}
	for (i = hindex_first(&w->ix, oid_hash(oid), &pr); i != HINDEX_NONE;
	     i = hindex_next(&w->ix, &pr))
		if (!memcmp(h->oid[i].hash, oid->hash, OID_RAWSZ))
			return i;
	i = commit_new(w, oid);
	if (i != HIST_NONE)
		hindex_add(&w->ix, pr.hash, i);
	return i;
}

/*
 * Merge i's record (readpool.h: committer time and zone, subject, reference
 * lines) into the pool; the subject's offset + 1 in h->subject.
 */
/* The pool's offsets are 32-bit: past this, merges' subjects over 4 GB in
 * all, the run is refused rather than an offset wrapped (which would
 * read another merge's subject, or before the pool). */
#define POOL_MAX (UINT32_MAX - 2)

static int
add_merge(struct walker *w, uint32_t i, const struct commit_raw *c)
{
	struct history *h = w->h;
	struct buf *pool = &h->pool;

	if (c->enc_status)
		repo_note_encoding(w->r, &h->oid[i], c->enc_name,
				   strlen(c->enc_name), c->enc_status);
	if (!pool->len)
		buf_addc(pool, '\0');	/* offset 0 stays "none" */
	if (pool->len + c->merge_len + 1 > POOL_MAX) {
		char hex[OID_HEXSZ + 1];

		history_hex(h, i, hex);
		return error("the merges' subjects pass 4 GB at commit %s: "
			     "give a shorter range", hex);
	}
	h->subject[i] = (uint32_t)(pool->len + c->subject) + 1;
	buf_add(pool, c->merge, c->merge_len);
	if (c->body)
		h->flags[i] |= HIST_BODY;
	return 0;
}

/* Check what was read of commit i: 0, or -1 after reporting why it
 * cannot be used. */
static int
check_raw(const struct history *h, uint32_t i, const struct commit_raw *c)
{
	return commit_raw_check(c, &h->oid[i]);
}

/* Parents of commit i from what was read of its object c, and the
 * subject of a merge when wanted. */
static int
apply_raw(struct walker *w, uint32_t i, int want_subject,
	  const struct commit_raw *c)
{
	struct history *h = w->h;
	size_t first = h->parent_nr;

	if (check_raw(h, i, c) < 0)
		return -1;
	if (c->npar > UINT16_MAX) {
		char hex[OID_HEXSZ + 1];

		history_hex(h, i, hex);
		return error("commit %s has too many parents (%u; treeplot "
			     "reads up to 65535)", hex, (unsigned)c->npar);
	}
	for (uint32_t k = 0; k < c->npar; k++) {
		/* commit_intern may grow the arrays: no pointers into them
		 * are held across it. */
		uint32_t p = load_intern(w, &c->parent[k]);

		if (p == HIST_NONE)
			return -1;
		ALLOC_GROW(h->parent, h->parent_nr + 1, h->parent_alloc);
		h->parent[h->parent_nr++] = p;
	}
	/* For the generation of a commit the commit-graph does not cover. */
	w->ctime[i] = (uint64_t)c->ctime;
	if (w->dates) {
		h->author_date[i] = c->author_date;
		h->committer_date[i] = c->committer_date;
	}
	h->pstart[i] = (uint32_t)first;
	h->npar[i] = (uint16_t)(h->parent_nr - first);
	if (h->flags[i] & HIST_SHALLOW) {
		/* Its parents are not in the repository: history is cut.
		 * A merge stays a merge (counted, classified, never a
		 * commit of its line), one that brings nothing. */
		if (h->npar[i] > 1)
			h->flags[i] |= HIST_CUT_MERGE;
		h->parent_nr = first;
		h->npar[i] = 0;
	}
	if (want_subject && c->merge)
		return add_merge(w, i, c);
	return 0;
}

/* What the walk reads of a commit (readpool.h): the dates on every read
 * when they are kept, for they come at no cost with the headers. */
static unsigned
raw_what(const struct walker *w, int want_subject)
{
	return (want_subject ? RAW_MERGE : 0) | w->dates;
}

/* Parents of commit i from its object, read now. */
static int
load_from_object(struct walker *w, uint32_t i, int want_subject)
{
	readpool_read(w->pool, &w->h->oid[i], 1, raw_what(w, want_subject),
		      &w->raw);
	return apply_raw(w, i, want_subject, &w->raw);
}

/* Parents of commit i from its graph record: no object is read. */
static int
load_from_graph(struct walker *w, uint32_t i)
{
	struct history *h = w->h;
	int n;

	for (;;) {
		n = commit_graph_parents(w->graph, w->gpos[i], w->parents,
					 w->parents_alloc);
		if (n < 0) {
			char hex[OID_HEXSZ + 1];

			history_hex(h, i, hex);
			return error("corrupt commit-graph record for %s", hex);
		}
		if (n > UINT16_MAX) {
			char hex[OID_HEXSZ + 1];

			history_hex(h, i, hex);
			return error("commit %s has too many parents (%d; "
				     "treeplot reads up to 65535)", hex, n);
		}
		if ((uint32_t)n <= w->parents_alloc)
			break;
		w->parents_alloc = (uint32_t)n;
		w->parents = xreallocarray(w->parents, n, sizeof(*w->parents));
	}
	ALLOC_GROW(h->parent, h->parent_nr + n, h->parent_alloc);
	h->pstart[i] = (uint32_t)h->parent_nr;
	h->npar[i] = (uint16_t)n;
	for (int k = 0; k < n; k++) {
		uint32_t p = intern_pos(w, w->parents[k]);

		if (p == HIST_NONE)
			return -1;
		h->parent[h->parent_nr++] = p;
	}
	return 0;
}

int
load_commit(struct walker *w, uint32_t i, int want_subject)
{
	int ret;

	if (w->h->flags[i] & HIST_LOADED)
		return 0;
	ret = w->gpos[i] != GRAPH_NONE ? load_from_graph(w, i) :
	      load_from_object(w, i, want_subject);
	if (!ret)
		w->h->flags[i] |= HIST_LOADED;
	progress_tick(&w->pg, w->h->nr);
	return ret;
}

/* Mark the commits of a shallow clone's boundary: their parents are
 * absent by design, not missing. */
static int
load_shallow(struct walker *w, struct repo *r)
{
	struct object_id *v;
	size_t n;
	int ret = 0;

	if (repo_shallow_commits(r, &v, &n) < 0)
		return -1;
	for (size_t k = 0; k < n && !ret; k++) {
		/* Not in one expression: commit_intern may move the
		 * flags array (and allocates it for the first commit). */
		uint32_t i = load_intern(w, &v[k]);

		if (i == HIST_NONE)
			ret = -1;
		else
			w->h->flags[i] |= HIST_SHALLOW;
	}
	free(v);
	return ret;
}

void
load_in_range(struct history *h, uint32_t i)
{
	h->flags[i] |= HIST_IN_RANGE;
	h->in_range++;
	if (h->flags[i] & HIST_SHALLOW)
		h->shallow++;
}

/*
 * Load the n commits of v that are not loaded yet: those outside the
 * commit-graph read on every thread at once, then all taken in the order
 * of v, so the table is the same whatever the threads did.
 */
int
load_batch(struct walker *w, const uint32_t *v, size_t n,
	   int want_subject)
{
	struct history *h = w->h;
	size_t nr = 0, k = 0;

	for (size_t j = 0; j < n; j++) {
		if ((h->flags[v[j]] & HIST_LOADED) || w->gpos[v[j]] != GRAPH_NONE)
			continue;
		w->batch_idx[nr] = v[j];
		w->batch_oid[nr++] = h->oid[v[j]];
	}
	readpool_read(w->pool, w->batch_oid, nr, raw_what(w, want_subject),
		      w->batch);
	for (size_t j = 0; j < n; j++) {
		uint32_t i = v[j];

		if (h->flags[i] & HIST_LOADED)
			continue;
		if (k < nr && w->batch_idx[k] == i) {
			if (apply_raw(w, i, want_subject, &w->batch[k++]) < 0)
				return -1;
			h->flags[i] |= HIST_LOADED;
			progress_tick(&w->pg, h->nr);
		} else if (load_commit(w, i, want_subject) < 0) {
			return -1;
		}
	}
	return 0;
}

/* Commits read at once after the walk: a batch for every thread. */
#define AFTER_BATCH 1024

/*
 * A read after the walk, of what a commit-graph does not hold: which
 * commits it is for, what it reads of them (readpool.h) and where it
 * keeps it.
 */
struct after_read {
	int (*wants)(const struct walker *w, uint32_t i);
	unsigned what;
	int (*keep)(struct walker *w, uint32_t i, const struct commit_raw *c);
};

/* Keep the n commits idx[] read into c[], in order. */
static int
keep_batch(struct walker *w, const struct after_read *ar, const uint32_t *idx,
	   const struct commit_raw *c, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		if (check_raw(w->h, idx[k], &c[k]) < 0 ||
		    ar->keep(w, idx[k], &c[k]) < 0)
			return -1;
		progress_tick(&w->pg, idx[k]);
	}
	return 0;
}

/* Read the commits ar wants, a batch at a time on every thread, and keep
 * them in the order of their numbers. */
static int
read_after(struct walker *w, const struct after_read *ar)
{
	struct history *h = w->h;
	struct object_id *oids = xmalloc(AFTER_BATCH * sizeof(*oids));
	struct commit_raw *c = xcalloc(AFTER_BATCH, sizeof(*c));
	uint32_t idx[AFTER_BATCH];
	size_t n = 0;
	int ret = 0;

	for (uint32_t i = 0; i <= h->nr && !ret; i++) {
		if (i < h->nr) {
			if (!ar->wants(w, i))
				continue;
			idx[n] = i;
			oids[n++] = h->oid[i];
		}
		if (n == AFTER_BATCH || (i == h->nr && n)) {
			readpool_read(w->pool, oids, n, ar->what, c);
			ret = keep_batch(w, ar, idx, c, n);
			n = 0;
		}
	}
	for (size_t k = 0; k < AFTER_BATCH; k++)
		commit_raw_release(&c[k]);
	free(c);
	free(oids);
	return ret;
}

/* Merges of the range whose parents came from the graph: no subject yet. */
static int
wants_subject(const struct walker *w, uint32_t i)
{
	const struct history *h = w->h;

	return (h->flags[i] & HIST_IN_RANGE) && history_is_merge(h, i) &&
	       !h->subject[i];
}

static int
keep_subject(struct walker *w, uint32_t i, const struct commit_raw *c)
{
	return add_merge(w, i, c);
}

static const struct after_read subjects_read = {
	wants_subject, RAW_SUBJECT, keep_subject,
};

/* Non-merge commits of the range whose parents came from the graph: no
 * dates yet (those read from their objects have them). */
static int
wants_dates(const struct walker *w, uint32_t i)
{
	const struct history *h = w->h;

	return (h->flags[i] & HIST_IN_RANGE) && !history_is_merge(h, i) &&
	       w->gpos[i] != GRAPH_NONE && (!w->on_line || w->on_line[i]);
}

static int
keep_dates(struct walker *w, uint32_t i, const struct commit_raw *c)
{
	w->h->author_date[i] = c->author_date;
	w->h->committer_date[i] = c->committer_date;
	return 0;
}

/* Only their headers are read: the dates are there. */
static const struct after_read dates_read = {
	wants_dates, RAW_DATES_ONLY, keep_dates,
};

/* The walker of h over r's object database and commit-graph. */
int
load_open(struct walker *w, struct repo *r, unsigned opts, unsigned jobs,
	  struct history *h)
{
	int shallow = repo_is_shallow(r);

	memset(h, 0, sizeof(*h));
	memset(w, 0, sizeof(*w));
	buf_init(&h->pool);
	w->h = h;
	w->r = r;
	w->lie = HIST_NONE;
	w->dates = (opts & (HISTORY_DATES | HISTORY_LINE_DATES)) ? RAW_DATES : 0;
	w->line_dates = !(opts & HISTORY_DATES) && (opts & HISTORY_LINE_DATES);
	progress_start(&w->pg, !!(opts & HISTORY_PROGRESS));
	if (readpool_open(&w->pool, r, jobs) < 0)
		return -1;
	/* git itself ignores the commit-graph in a shallow clone. */
	if (!shallow && !(opts & HISTORY_NO_GRAPH)) {
		const char *const *dirs;
		size_t n = repo_object_dirs(r, &dirs);

		if (commit_graph_open(&w->graph, dirs, n) < 0)
			return -1;
		if (w->graph)
			w->pos_idx = xcalloc(commit_graph_nr(w->graph) + 1,
					     sizeof(*w->pos_idx));
	}
	h->no_graph = !shallow && !w->graph && !(opts & HISTORY_NO_GRAPH);
	w->batch = xcalloc(FRONTIER_BATCH, sizeof(*w->batch));
	w->batch_oid = xmalloc(FRONTIER_BATCH * sizeof(*w->batch_oid));
	w->batch_idx = xmalloc(FRONTIER_BATCH * sizeof(*w->batch_idx));
	/* For tests (man page, ENVIRONMENT): stopped with the packs and
	 * the graph mapped, a test can cut one short before any is read,
	 * at no time that a sleep would have to guess. */
	if (!(opts & HISTORY_NO_GRAPH) && getenv("TREEPLOT_TEST_STOP_WALK"))
		raise(SIGSTOP);
	return shallow ? load_shallow(w, r) : 0;
}

void
load_release(struct walker *w)
{
	progress_end(&w->pg);
	free(w->pos_idx);
	free(w->gpos);
	free(w->gen);
	free(w->ctime);
	free(w->parents);
	free(w->cur.v);
	free(w->next.v);
	free(w->heap.v);
	hindex_release(&w->ix);
	commit_graph_free(w->graph);
	commit_raw_release(&w->raw);
	for (size_t k = 0; w->batch && k < FRONTIER_BATCH; k++)
		commit_raw_release(&w->batch[k]);
	free(w->batch);
	free(w->batch_oid);
	free(w->batch_idx);
	free(w->on_line);
	readpool_free(w->pool);
}

/* HISTORY_LINE_DATES: the commits of each tip's first-parent line
 * within the range, in w->on_line. */
static void
mark_lines(struct walker *w, const uint32_t *tip, size_t ntips)
{
	struct history *h = w->h;
	uint32_t keep = h->tip;

	w->on_line = xcalloc(h->nr ? h->nr : 1, 1);
	for (size_t k = 0; k < ntips; k++) {
		uint32_t n, *line;

		h->tip = tip[k];
		line = history_first_parent_line(h, &n);
		for (uint32_t j = 0; j < n; j++)
			w->on_line[line[j]] = 1;
		free(line);
	}
	h->tip = keep;
}

int
load_read_after(struct walker *w, const uint32_t *tip, size_t ntips)
{
	int ret = 0;

	if (w->graph)
		ret = read_after(w, &subjects_read);
	if (!ret && w->graph && w->dates) {
		if (w->line_dates)
			mark_lines(w, tip, ntips);
		ret = read_after(w, &dates_read);
	}
	return ret;
}
