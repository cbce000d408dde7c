/*
 * dates.c - the first and last mainline commit of a range, for the
 * chart's subtitle.
 */
#include "flow/dates.h"

int
mainline_dates(struct repo *r, const struct history *h, int64_t *first,
	       int64_t *last)
{
	uint32_t i = h->tip, oldest = HIST_NONE;

	*first = *last = 0;
	/* The mainline is the end's first-parent line, as far as it stays
	 * in the range. */
	while (i != HIST_NONE && i < h->nr &&
	       (h->flags[i] & HIST_IN_RANGE)) {
		uint32_t nr;
		const uint32_t *p = history_parents(h, i, &nr);

		oldest = i;
		i = nr ? p[0] : HIST_NONE;
	}
	if (oldest == HIST_NONE)
		return 0;
	if (repo_commit_time(r, &h->oid[h->tip], last) < 0 ||
	    repo_commit_time(r, &h->oid[oldest], first) < 0)
		return -1;
	return 0;
}
