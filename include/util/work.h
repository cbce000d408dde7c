/*
 * work.h - the work meter: a count of elementary steps (a hash index
 * probe, a byte added to a buffer, a commit loaded), for the tests that
 * bound how the work grows with a history's size.  Wall-clock and CPU
 * time stretch on a loaded machine; a count does not, and a quadratic
 * regression still multiplies it by the history's size.
 *
 * Each thread counts in its own counter (no contention on the hot
 * paths); a thread that ends a batch of work adds it to the total with
 * work_flush().  TREEPLOT_DEBUG_WORK set in the environment makes main
 * print the total on stderr as the run ends ("treeplot: work: N").
 */
#ifndef TREEPLOT_WORK_H
#define TREEPLOT_WORK_H

#include <stdint.h>

extern _Thread_local uint64_t work_steps;

static inline void
work_add(uint64_t n)
{
	work_steps += n;
}

/* Add this thread's count to the total and start it again at zero. */
void work_flush(void);
/* The total so far, this thread's count flushed first. */
uint64_t work_total(void);

#endif
