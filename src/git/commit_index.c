/*
 * commit_index.c - find a loaded commit by its id: one sort, then binary
 * searches.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "git/commit_index.h"

#include <stdlib.h>
#include <string.h>

#include "util/escape.h"

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

/* The ith id of the index, in order. */
static const struct object_id *
sorted_id(const void *ctx, size_t i)
{
	const struct commit_index *ix = ctx;

	return &ix->h->oid[ix->sorted[i]];
}

uint32_t
commit_index_find(const struct commit_index *ix, const struct object_id *oid)
{
	size_t k = oid_lower_bound(oid, ix->nr, sorted_id, ix);

	if (k < ix->nr && !memcmp(sorted_id(ix, k)->hash, oid->hash,
				  OID_RAWSZ))
		return ix->sorted[k];
	return HIST_NONE;
}

/* What rev is in the range: commit_index_resolve's rule. */
static enum commit_found
resolve(const struct commit_index *ix, struct repo *r, const char *rev,
	struct object_id *oid, uint32_t *i)
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

void
commit_index_resolve(const struct commit_index *ix, struct repo *r,
		     struct named_rev *n)
{
	n->status = resolve(ix, r, n->rev, &n->oid, &n->i);
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

size_t
named_rev_report(const void *base, size_t nr, size_t size,
		 enum commit_found taken, const char *range)
{
	struct buf b = BUF_INIT;
	size_t count = 0;

	for (size_t k = 0; k < nr; k++) {
		const struct named_rev *n = named_rev_at(base, k, size);

		if (n->status == taken)
			continue;
		b.len = 0;
		escape_text(&b, n->rev, strlen(n->rev));
		buf_printf(&b, ": %s", commit_found_text(n->status));
		if (n->status == FOUND_NOT_IN_RANGE) {
			buf_addc(&b, ' ');
			escape_text(&b, range ? range : "",
				    range ? strlen(range) : 0);
		}
		error("%s", b.data);
		count++;
	}
	buf_release(&b);
	return count;
}
