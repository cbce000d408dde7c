/*
 * commit_index.h - find a loaded commit by its id, and say what a
 * revision the user named is in the range.
 *
 * The walk's own tables find commits only while it runs (commits of the
 * commit-graph are found through the graph), so the stages after it that
 * look commits up by id (--trace's arguments, --compare's range ends)
 * sort the ids once and search.
 */
#ifndef TREEPLOT_COMMIT_INDEX_H
#define TREEPLOT_COMMIT_INDEX_H

#include <stdint.h>

#include "git/history.h"

struct commit_index {
	const struct history *h;	/* borrowed */
	uint32_t *sorted;	/* history indexes, by id */
	uint32_t nr;
};

void commit_index_init(struct commit_index *ix, const struct history *h);
void commit_index_release(struct commit_index *ix);

/* The history index of the commit with this id, or HIST_NONE. */
uint32_t commit_index_find(const struct commit_index *ix,
			   const struct object_id *oid);

/* What a revision named by the user (--trace, --explain) is in the range. */
enum commit_found {
	FOUND_COMMIT = 0,	/* a commit of the range, not a merge */
	FOUND_UNKNOWN,		/* no such revision */
	FOUND_AMBIGUOUS,	/* an abbreviated id of several objects */
	FOUND_NOT_COMMIT,	/* names a tree or a blob */
	FOUND_NOT_IN_RANGE,
	FOUND_MERGE,		/* a merge of the range */
	FOUND_NOT_SELECTED,	/* a commit the paths or --author leave out */
};

/* Why a revision was not taken, as a JSON token and as text: COMMIT is
 * --explain's "not a merge", MERGE is --trace's "a merge". */
const char *commit_found_token(enum commit_found f);
const char *commit_found_text(enum commit_found f);

/*
 * A revision the user named and what it is in the range: the head of
 * --trace's and --explain's records of their arguments, so that one
 * writer reports the ones they do not take (report_named_json too).
 */
struct named_rev {
	const char *rev;		/* as named; borrowed */
	enum commit_found status;
	struct object_id oid;		/* unless UNKNOWN or AMBIGUOUS */
	uint32_t i;			/* COMMIT and MERGE: history index */
};

/* Element k of an array of elements of size bytes, each starting with
 * its struct named_rev (so the cast is to its first member). */
static inline const struct named_rev *
named_rev_at(const void *base, size_t k, size_t size)
{
	return (const void *)((const char *)base + k * size);
}

/* Resolve n->rev to a commit (n->oid, unless UNKNOWN or AMBIGUOUS) and
 * its history index (n->i, for COMMIT and MERGE) and say what it is
 * (n->status).  One rule, so --trace and --explain agree. */
void commit_index_resolve(const struct commit_index *ix, struct repo *r,
			  struct named_rev *n);

/*
 * One error line for each of the nr revisions at base (named_rev_at's
 * array) whose status is not taken: "REV: why", and the range after "not
 * in the range".  Returns how many lines it wrote.
 */
size_t named_rev_report(const void *base, size_t nr, size_t size,
			enum commit_found taken, const char *range);

#endif
