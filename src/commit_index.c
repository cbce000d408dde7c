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
