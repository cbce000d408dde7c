/*
 * progress.c - the progress display of long walks, on stderr.
 */
#include "util/progress.h"

#include <stdio.h>

static double
seconds_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t0->tv_sec) +
	       (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

void
progress_start(struct progress *pg, int enabled)
{
	pg->enabled = enabled;
	pg->shown = 0;
	pg->next_check = 0;
	clock_gettime(CLOCK_MONOTONIC, &pg->start);
}

void
progress_tick(struct progress *pg, uint32_t done)
{
	double secs;

	if (!pg->enabled || done < pg->next_check)
		return;
	/* The clock is read every 16384 commits only. */
	pg->next_check = done + 16384;
	secs = seconds_since(&pg->start);
	if (secs < 1.0)
		return;
	fprintf(stderr, "\rtreeplot: reading history: %u commits, %.0f/s ",
		done, done / secs);
	pg->shown = 1;
}

void
progress_end(struct progress *pg)
{
	if (pg->shown)
		fputs("\r\033[K", stderr);
}
