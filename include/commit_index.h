/*
 * commit_index.h - find a loaded commit by its id.
 *
 * The walk's own tables find commits only while it runs (commits of the
 * commit-graph are found through the graph), so the stages after it that
 * look commits up by id (--trace's arguments, --compare's range ends)
 * sort the ids once and search.
 */
#ifndef TREEPLOT_COMMIT_INDEX_H
#define TREEPLOT_COMMIT_INDEX_H

#include <stdint.h>

#include "history.h"

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

/* Resolve rev to a commit (*oid, unless UNKNOWN or AMBIGUOUS) and its
 * history index (*i, for COMMIT and MERGE): what it is, for the caller
 * to report its own way.  One rule, so --trace and --explain agree. */
/* Why a revision was not taken, as a JSON token and as text: COMMIT is
 * --explain's "not a merge", MERGE is --trace's "a merge". */
const char *commit_found_token(enum commit_found f);
const char *commit_found_text(enum commit_found f);

enum commit_found commit_index_resolve(const struct commit_index *ix,
				       struct repo *r, const char *rev,
				       struct object_id *oid, uint32_t *i);

#endif
