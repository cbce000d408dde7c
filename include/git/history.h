/*
 * history.h - the commit graph of a range, each object read once.
 *
 * The walk (walk.c, loading through load.c) reads, through the object
 * database (odb.h), every commit it needs exactly once, and hands the
 * rest of the pipeline plain arrays indexed by a commit number: object
 * ids, parents, flags, and the subject line of every merge in the range.
 *
 * Exactness: the range A..B is every commit reachable from B and not from
 * A, whatever the committer dates say.  The walk therefore settles A's side
 * completely (every ancestor of A is marked before B's side is walked),
 * instead of stopping where the dates suggest, as a date-ordered revwalk
 * with hide() does.
 */
#ifndef TREEPLOT_HISTORY_H
#define TREEPLOT_HISTORY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "git/oid.h"
#include "git/repo.h"
#include "git/revision.h"
#include "util/buf.h"
#include "util/util.h"

#define HIST_NONE UINT32_MAX

enum {
	HIST_LOADED = 1 << 0,	/* the object was read: parents are known */
	HIST_HIDDEN = 1 << 1,	/* reachable from the range's start */
	HIST_IN_RANGE = 1 << 2,	/* reachable from the end, not from the start */
	HIST_SHALLOW = 1 << 3,	/* a shallow boundary: its parents are absent */
	HIST_CUT_MERGE = 1 << 4, /* a shallow boundary that is a merge: no
				  * parents, yet a merge, which brings nothing */
	HIST_BODY = 1 << 5,	/* merge: reference lines follow its subject */
};

struct history {
	uint32_t nr, alloc;
	struct object_id *oid;
	uint8_t *flags;
	uint32_t *pstart;	/* parents of i: parent[pstart[i] .. + npar[i]] */
	uint16_t *npar;
	uint32_t *parent;
	size_t parent_nr, parent_alloc;
	uint32_t *subject;	/* merges in range: offset + 1 into pool, else 0 */
	struct buf pool;
	uint32_t tip;		/* the range's end (B) */
	uint32_t in_range;	/* commits in the range, merges included */
	uint32_t shallow;	/* shallow boundary commits met on B's side */
	int no_graph;		/* walked without a commit-graph, where git
				 * would use one (not a shallow clone) */
	int start_whole;	/* the start's whole history is loaded, each
				 * commit HIST_HIDDEN (walked without
				 * generations): --people's newcomers read it */
	/*
	 * With HISTORY_DATES, per commit: the author's and the committer's
	 * times (commitparse.h's commit_dates) of every non-merge commit of
	 * the range and every commit read from its object, 0 for the others;
	 * with HISTORY_LINE_DATES alone, of the non-merge commits of the
	 * first-parent line and every commit read from its object; NULL
	 * without either.
	 */
	int64_t *author_date, *committer_date;
};

static inline const uint32_t *
history_parents(const struct history *h, uint32_t i, uint32_t *nr)
{
	*nr = h->npar[i];
	/* Until some commit has parents, the array is NULL: no arithmetic
	 * on it (undefined even with 0). */
	return *nr ? h->parent + h->pstart[i] : NULL;
}

/* The subject of merge i in the range, or NULL. */
static inline const char *
history_subject(const struct history *h, uint32_t i)
{
	return h->subject[i] ? h->pool.data + h->subject[i] - 1 : NULL;
}

/*
 * The lines of merge i's body that name where it came from, joined by
 * newlines, or NULL when it has none: GitLab's "See merge request
 * GROUP/PROJECT!N" and numbered footnotes ("[1] URL", as subtree merges
 * write them).  Only those are kept: merge bodies are long (pull requests'
 * summaries) and these are all the classification reads.
 */
static inline const char *
history_body(const struct history *h, uint32_t i)
{
	const char *s = history_subject(h, i);

	if (!s || !(h->flags[i] & HIST_BODY))
		return NULL;
	return s + strlen(s) + 1;
}

/*
 * A merge's record in the pool (readpool.h's commit_raw.merge): the
 * committer's "Name <mail>", its length (uint32_t), the committer's time
 * (int64_t) and zone (int32_t), then the subject, which h->subject points
 * at.  HISTORY_MERGE_HEAD is the fixed part before the subject.
 */
#define HISTORY_MERGE_HEAD (sizeof(uint32_t) + sizeof(int64_t) + \
			    sizeof(int32_t))

/*
 * The committer time of merge i in the range (seconds since the epoch)
 * and its time zone (minutes east of UTC); 0 when it has no subject.
 */
static inline int64_t
history_merge_time(const struct history *h, uint32_t i, int32_t *tz)
{
	int64_t t = 0;

	*tz = 0;
	if (h->subject[i]) {
		const char *p = h->pool.data + h->subject[i] - 1;

		memcpy(tz, p - sizeof(*tz), sizeof(*tz));
		memcpy(&t, p - sizeof(*tz) - sizeof(t), sizeof(t));
	}
	return t;
}

/*
 * The committer of merge i in the range, "Name <mail>" as written (its
 * first committer line, converted to UTF-8 as the subject), *len bytes
 * (it may hold NULs, and is not NUL-terminated); NULL when i has no
 * subject.
 */
static inline const char *
history_merge_committer(const struct history *h, uint32_t i, size_t *len)
{
	const char *p;
	uint32_t n;

	*len = 0;
	if (!h->subject[i])
		return NULL;
	p = h->pool.data + h->subject[i] - 1 - HISTORY_MERGE_HEAD;
	memcpy(&n, p, sizeof(n));
	*len = n;
	return p - n;
}

/* Hex form of commit i's id into hex (OID_HEXSZ + 1 bytes). */
static inline void
history_hex(const struct history *h, uint32_t i, char *hex)
{
	oid_to_hex(&h->oid[i], hex);
}

void history_release(struct history *h);

/*
 * Whether commit i is a merge: two parents or more, or a merge whose
 * parents a shallow boundary cut (HIST_CUT_MERGE: it has none left, yet
 * is a merge, which brings nothing).  The one test every stage uses.
 */
static inline int
history_is_merge(const struct history *h, uint32_t i)
{
	return h->npar[i] > 1 || (h->flags[i] & HIST_CUT_MERGE);
}

/* The explicit stack of history_walk (histories are deep), reusable
 * across walks. */
struct history_stack {
	uint32_t *v;
	size_t alloc;
};
#define HISTORY_STACK_INIT { NULL, 0 }
void history_stack_release(struct history_stack *st);

/* Called on each commit history_walk reaches: 1 to go on to its parents
 * (which it may have loaded), 0 not to, or a negative status to stop. */
typedef int history_visit_fn(uint32_t i, void *data);

/*
 * The one ancestor-marking routine: visit start and, depth first (first
 * parent first), the parents of every commit visit went on from.  visit
 * decides what a visit marks and where the walk stops (a commit already
 * marked, one outside the range).  Returns 0 or what visit returned.
 */
int history_walk(const struct history *h, uint32_t start,
		 history_visit_fn *visit, void *data, struct history_stack *st);

/*
 * The first-parent line from h->tip within the range, oldest first: a
 * new array of *nr history indexes (NULL for none).  What --latency's
 * arrivals and --timeline's phases are measured along.
 */
uint32_t *history_first_parent_line(const struct history *h, uint32_t *nr);
/* The tip's first-parent chain, over every loaded commit (the range's
 * bounds not minded): a new array of h->nr entries, 1 on the chain. */
uint8_t *history_first_parent_marks(const struct history *h);

/* What walk_range and walk_ranges do beside the walk. */
enum {
	/* A walk that lasts more than a second shows its progress on
	 * stderr, erased when done. */
	HISTORY_PROGRESS = 1 << 0,
	/*
	 * Keep the dates of the range's non-merge commits (h->author_date,
	 * h->committer_date; 16 bytes a commit): from the walk's own reads
	 * without a commit-graph, with one from their headers, read after
	 * the walk on every thread.  For --latency.
	 */
	HISTORY_DATES = 1 << 1,
	/*
	 * The same dates of the commits of the first-parent line alone
	 * (from each end of the walk, within it), the others' when the
	 * walk read them anyway: with a commit-graph only the line's are
	 * read after the walk.  For --timeline, which dates the line.
	 */
	HISTORY_LINE_DATES = 1 << 2,
};

/* One ancestry question: is commit to an ancestor of commit from (or
 * from itself), as git merge-base --is-ancestor TO FROM answers. */
struct history_pair {
	uint32_t from, to;	/* indexes of h */
};

/*
 * The answers to n questions at once, 1 or 0 into out[k]: every
 * distinct to a bit, 64 at a time, carried from each commit to its
 * children over h in an order that puts parents first, so the work is
 * (commits + parents) x targets / 64, not a walk per question.  A
 * commit whose parents were not loaded (outside the walk, a shallow
 * boundary) reaches only itself.
 */
void history_ancestry(const struct history *h, const struct history_pair *q,
		      size_t n, uint8_t *out);

#endif
