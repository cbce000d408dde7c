/*
 * walk.h - the commits of a range read into a history (history.h): the
 * one walk of a run.
 */
#ifndef TREEPLOT_WALK_H
#define TREEPLOT_WALK_H

#include <stddef.h>

#include "git/history.h"
#include "git/revision.h"

struct repo;

/*
 * Read the commits of the range (and of the start's history, to settle
 * exactness) into h; opts: HISTORY_* flags.  Objects are read on jobs
 * threads (0: the cores available; readpool.h); h is the same whatever
 * their number.
 */
int walk_range(struct repo *r, const struct range *rg, unsigned opts,
	       unsigned jobs, struct history *h);

/*
 * Read the commits of n ranges in one walk: every commit reachable from a
 * range's end or start and not from a common ancestor of all the starts
 * (from the ends' whole histories when a range has no start, or the
 * starts none in common).  HIST_IN_RANGE marks that union, h->tip is the
 * first range's end; what each range holds is settled from it without
 * reading anything more (see compare.c).  Merges in the union have their
 * subjects; with HISTORY_DATES, its non-merge commits their dates.
 */
int walk_ranges(struct repo *r, const struct range *rgs, size_t n,
		unsigned opts, unsigned jobs, struct history *h);

#endif
