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

#endif
