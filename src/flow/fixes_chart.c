/*
 * fixes_chart.c - the lifetime's bins of the chart of where the bugs
 * came from (fixes_chart.h).
 */
#include "flow/fixes_chart.h"

#define DAY 86400

/* Each bin's upper end in days (exclusive), the last open; the first
 * bin is below zero. */
static const int64_t upper[FIXES_BINS - 1] = {
	0, 1, 7, 30, 91, 182, 365, 730,
};

static const char *const labels[FIXES_BINS] = {
	"before its target", "under a day", "1-7 days", "1-4 weeks",
	"1-3 months", "3-6 months", "6-12 months", "1-2 years",
	"over 2 years",
};

unsigned
fixes_bin_of(int64_t s)
{
	unsigned k = 0;

	while (k < FIXES_BINS - 1 && s >= upper[k] * DAY)
		k++;
	return k;
}

const char *
fixes_bin_label(unsigned k)
{
	return k < FIXES_BINS ? labels[k] : "";
}
