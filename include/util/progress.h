/*
 * progress.h - the progress display of long walks, on stderr.
 *
 * Nothing for the first second (most runs end before), then one line
 * rewritten in place, erased at the end.
 */
#ifndef TREEPLOT_PROGRESS_H
#define TREEPLOT_PROGRESS_H

#include <stdint.h>
#include <time.h>

struct progress {
	int enabled, shown;
	struct timespec start;
	uint32_t next_check;
};

/* Start the clock; with enabled 0, nothing is ever shown. */
void progress_start(struct progress *pg, int enabled);
/* done commits read so far: cheap, looks at the clock now and then. */
void progress_tick(struct progress *pg, uint32_t done);
/* Erase the line, if one was shown. */
void progress_end(struct progress *pg);

#endif
