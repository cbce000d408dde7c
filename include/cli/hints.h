/*
 * hints.h - what a walk tells the user on standard error beside the
 * output: that the range was cut by a shallow clone's boundary, and that
 * a commit-graph would have made a long walk much faster.
 */
#ifndef TREEPLOT_HINTS_H
#define TREEPLOT_HINTS_H

#include "git/history.h"
#include "git/repo.h"

/*
 * The figures measured on the 1M-commit benchmark history (BENCHMARKS.md,
 * medians of runs with a commit-graph against runs without): a walk of
 * the whole history, and of a release's range (A..B, where the graph's
 * generations stop the walk early).
 */
#define HINT_GRAPH_SPEEDUP_WHOLE "5"
#define HINT_GRAPH_SPEEDUP_RANGE "40"

/* Commits a walk without a commit-graph must load before the hint is
 * given; TREEPLOT_GRAPH_HINT_MIN overrides it (for the tests). */
#define HINT_GRAPH_MIN 100000

/*
 * A range that reaches the shallow boundary: a warning naming the first
 * boundary commit met and how to fetch the rest; with require set, an
 * error instead.  Returns 0, or ST_INCOMPLETE after the error.
 */
int hint_shallow(const struct history *h, int require);

/*
 * The same for --compare's ranges rgs[0..n) in their union h: whether
 * one of the ranges themselves reaches the boundary (the union's walk
 * may go deeper than any of them).
 */
int hint_shallow_ranges(const struct history *h, const struct range *rgs,
			size_t n, int require);

/* After a walk of more than HINT_GRAPH_MIN commits without a
 * commit-graph, one line saying how to write one, with the speed-up
 * measured for a walk like it (whole set: of a whole history). */
void hint_commit_graph(const struct history *h, int whole);

#endif
