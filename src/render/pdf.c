/*
 * render/pdf.c - PDF stamping: the same PDF on every run.
 *
 * Shared by the renderers that write PDF through cairo, the flow chart
 * (render/graph.c) and the trend and timeline charts
 * (render/cairo_chart.c), each dated by its last commit; it reads the
 * environment and the clock's conventions, which no utility below the
 * renderers needs.
 */
#include "render/pdf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The stamp of a PDF's dates: SOURCE_DATE_EPOCH's (the
 * reproducible-builds convention) when set, else when's (the epoch's
 * for 0), in UTC. */
void
pdf_stamp_at(char stamp[32], int64_t when)
{
	const char *env = getenv("SOURCE_DATE_EPOCH");
	time_t t = (time_t)when;
	struct tm tm;

	snprintf(stamp, 32, "%s", "19700101000000");
	if (env && *env && strspn(env, "0123456789") == strlen(env))
		t = (time_t)strtoll(env, NULL, 10);
	if (t > 0 && gmtime_r(&t, &tm))
		strftime(stamp, 32, "%Y%m%d%H%M%S", &tm);
}

/*
 * Cairo stamps a PDF with the time it was made, "/CreationDate
 * (D:20261203090949Z)" (or "+01'00'" for the zone): the same chart would
 * differ on every run.  The date is overwritten in place, so no offset in
 * the file moves.
 */
void
pdf_fix_date_at(struct buf *out, size_t start, int64_t when)
{
	static const char key[] = "/CreationDate (D:";
	char stamp[32];
	char *p = out->data + start, *end = out->data + out->len;
	size_t klen = sizeof(key) - 1;

	pdf_stamp_at(stamp, when);
	for (; (size_t)(end - p) > klen; p++) {
		if (memcmp(p, key, klen))
			continue;
		/* YYYYMMDDHHmmSS, then Z or +HH'mm': digits become the
		 * stamp's, then zeros; a '-' zone becomes '+'. */
		p += klen;
		for (size_t k = 0; p < end && *p != ')'; p++) {
			if (*p >= '0' && *p <= '9')
				*p = stamp[k] ? stamp[k++] : '0';
			else if (*p == '-')
				*p = '+';
		}
		return;
	}
}
