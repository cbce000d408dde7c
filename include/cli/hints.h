/*
 * hints.h - what a walk tells the user on standard error beside the
 * output: that the range was cut by a shallow clone's boundary, and that
 * a commit-graph would have made a long walk much faster.
 */
#ifndef TREEPLOT_HINTS_H
#define TREEPLOT_HINTS_H

#include <stdint.h>

#include "git/history.h"
#include "git/repo.h"
#include "git/revision.h"

/*
 * The figures measured on the 1M-commit benchmark history (BENCHMARKS.md,
 * medians of runs with a commit-graph against runs without): a walk of
 * the whole history, and of a release's range (A..B, where the graph's
 * generations stop the walk early).
 */
#define HINT_GRAPH_SPEEDUP_WHOLE "5"
#define HINT_GRAPH_SPEEDUP_RANGE "40"

/* How long (milliseconds of wall-clock time) a walk without a
 * commit-graph must take to be called slow, and get the hints below: a
 * couple of seconds, when a graph would make it a fraction of one.
 * TREEPLOT_SLOW_WALK_MS overrides it (for the tests). */
#define HINT_SLOW_WALK_MS 2000

/*
 * A range whose start's history the shallow boundary cuts, where that
 * could make the counts too high (a commit of the range not descending
 * from every boundary commit of that history): an error saying by how
 * much at most.  Else a range that reaches the boundary: a warning
 * naming the first boundary commit met and how to fetch the rest; with
 * require set, an error instead.  Returns 0, or ST_INCOMPLETE after the
 * error.
 */
int hint_shallow(const struct history *h, int require);

/*
 * The same for --compare's ranges rgs[0..n) in their union h: whether
 * one of the ranges themselves reaches the boundary (the union's walk
 * may go deeper than any of them).
 */
int hint_shallow_ranges(const struct history *h, const struct range *rgs,
			size_t n, int require);

/*
 * After a slow walk without a commit-graph (ms: its wall-clock time),
 * one line saying how to write
 * one, with the speed-up measured for a walk like it (whole set: of a
 * whole history), in the command line for the repository dir (-C's,
 * or NULL).
 */
void hint_commit_graph(const struct history *h, int whole, uint64_t ms,
		       const char *dir);

/*
 * After --trace or --explain (mode: its option) searched the whole
 * history to HEAD for want of a range, in a slow walk without a
 * commit-graph: one line saying what it cost and how to cost less.
 */
void hint_whole_history(const char *mode, const struct history *h,
			uint64_t ms);

/* The longest a default range may span before the warning below. */
#define HINT_LONG_RANGE_DAYS 365

/*
 * The default range rg, whose mainline commits span first to last
 * (commit times), when it spans more than HINT_LONG_RANGE_DAYS or more
 * than three times the median interval of the project's recent releases
 * (rg->note): one warning line pointing at treeplot.releasePattern and
 * an explicit range.  A project whose releases are tagged on branches
 * (Xen) gets a default range of years, silently, without it.  When the
 * rule passed over a newer tag on the line (committed at skipped, < 0:
 * none), the line offers it as the range's start, with its age; a
 * repository without a tag is told so.
 */
void hint_long_range(const struct range *rg, int64_t first, int64_t last,
		     int64_t skipped);

/* A chart would have laid out trees: the kept trees that brought the
 * most commits are charted, the other folded ones folded, as --top
 * folds them; said once, under -q too (every output of the run is
 * folded). */
void hint_chart_folded(uint32_t trees, uint32_t kept, uint32_t folded);

#endif
