/*
 * commit_index.c - find a loaded commit by its id: one sort, then binary
 * searches.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "commit_index.h"

#include <stdlib.h>
#include <string.h>

static int
cmp_oid(const void *a, const void *b, void *data)
{
	const struct history *h = data;

	return memcmp(h->oid[*(const uint32_t *)a].hash,
		      h->oid[*(const uint32_t *)b].hash, OID_RAWSZ);
}

void
commit_index_init(struct commit_index *ix, const struct history *h)
{
	ix->h = h;
	ix->nr = h->nr;
	ix->sorted = xmalloc((h->nr ? h->nr : 1) * sizeof(*ix->sorted));
	for (uint32_t i = 0; i < h->nr; i++)
		ix->sorted[i] = i;
	qsort_r(ix->sorted, ix->nr, sizeof(*ix->sorted), cmp_oid,
		(void *)(uintptr_t)h);
}

void
commit_index_release(struct commit_index *ix)
{
	free(ix->sorted);
	memset(ix, 0, sizeof(*ix));
}

uint32_t
commit_index_find(const struct commit_index *ix, const struct object_id *oid)
{
	uint32_t lo = 0, hi = ix->nr;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int r = memcmp(ix->h->oid[ix->sorted[mid]].hash, oid->hash,
			       OID_RAWSZ);

		if (!r)
			return ix->sorted[mid];
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return HIST_NONE;
}

enum commit_found
commit_index_resolve(const struct commit_index *ix, struct repo *r,
		     const char *rev, struct object_id *oid, uint32_t *i)
{
	const struct history *h = ix->h;

	switch (repo_lookup_commit(r, rev, oid)) {
	case REV_OK:
		break;
	case REV_AMBIGUOUS:
		return FOUND_AMBIGUOUS;
	case REV_NOT_COMMIT:
		return FOUND_NOT_COMMIT;
	default:
		return FOUND_UNKNOWN;
	}
	*i = commit_index_find(ix, oid);
	if (*i == HIST_NONE || !(h->flags[*i] & HIST_IN_RANGE))
		return FOUND_NOT_IN_RANGE;
	return history_is_merge(h, *i) ? FOUND_MERGE : FOUND_COMMIT;
}

static const struct {
	const char *token, *text;
} why[] = {
	[FOUND_COMMIT] = { "not-a-merge", "not a merge" },
	[FOUND_UNKNOWN] = { "unknown-revision", "unknown revision" },
	[FOUND_AMBIGUOUS] = { "ambiguous-revision",
			      "ambiguous: several objects' ids start so" },
	[FOUND_NOT_COMMIT] = { "not-a-commit", "not a commit" },
	[FOUND_NOT_IN_RANGE] = { "not-in-range", "not in the range" },
	[FOUND_MERGE] = { "merge", "a merge: only the commits merges carry "
				   "are traced" },
	[FOUND_NOT_SELECTED] = { "not-selected", "not selected by the paths "
						 "or --author given" },
};

const char *
commit_found_token(enum commit_found f)
{
	return why[f].token;
}

const char *
commit_found_text(enum commit_found f)
{
	return why[f].text;
}
