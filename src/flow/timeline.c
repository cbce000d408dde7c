/*
 * timeline.c - the words a timeline's figures share between the
 * --timeline add-on and the timeline chart.
 */
#include "flow/timeline.h"

void
timeline_late_from(const struct timeline *tl, struct buf *out)
{
	const struct phase *v = tl->ph.v;
	uint32_t n = tl->late_from_nr;

	if (!n)
		return;
	buf_printf(out, " (from %s", v[tl->late_from[0]].start_tag);
	if (n > 3)
		buf_printf(out, " ... %s, %u tags",
			   v[tl->late_from[n - 1]].start_tag, n);
	else
		for (uint32_t k = 1; k < n; k++)
			buf_printf(out, ", %s", v[tl->late_from[k]].start_tag);
	buf_addc(out, ')');
}
