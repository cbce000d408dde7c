/*
 * dates.h - the dates a chart's subtitle gives: those of the first and
 * the last commit of the mainline (the range's end and its first-parent
 * line) in the range.
 */
#ifndef TREEPLOT_DATES_H
#define TREEPLOT_DATES_H

#include <stdint.h>

#include "git/history.h"

/* Committer times into *first and *last (0 when the range is empty).
 * Two object reads.  Returns 0, or -1 after reporting the error. */
int mainline_dates(struct repo *r, const struct history *h, int64_t *first,
		   int64_t *last);

#endif
