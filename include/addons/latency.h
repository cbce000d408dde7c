/*
 * latency.h - how long commits took to reach the mainline (--latency).
 *
 * A non-merge commit's arrival is the committer date of the first merge
 * on the mainline's first-parent line (oldest first, within the range)
 * whose history brought it in, or its own committer date when it sits on
 * that line; its latency is its arrival minus its author date, in
 * seconds.  Latencies are summed up over the whole range, per tree of the
 * flow (the commits that came through it) and per depth (the commits
 * whose path has that many trees, 0: direct): the median (the element at
 * index (n - 1) / 2 of the sorted latencies), the 90th percentile (index
 * ceil(0.9 n) - 1) and how many are negative (a clock ahead of the
 * mainline's: kept, and counted).
 *
 * Dates: merges' committer dates come with the walk; the non-merge
 * commits' author dates (and the committer dates of those on the
 * first-parent line) too, when it is asked for them (history.h:
 * HISTORY_DATES, only with --latency): nothing is read here.
 */
#ifndef TREEPLOT_LATENCY_H
#define TREEPLOT_LATENCY_H

#include <stdint.h>

#include "flow/aggregate.h"
#include "flow/attribute.h"
#include "git/history.h"

struct chart;
struct extra;
struct json;

/* Figures over a set of latencies; median and p90 are 0 when n is 0. */
struct latency_stats {
	uint32_t n;		/* latencies */
	uint32_t negative;	/* of which below zero */
	int64_t median, p90;	/* seconds */
};

/*
 * A latency split at the commit's committer date: its wait (author date
 * to committer date: before the tree took it) and its soak (committer
 * date to arrival: in the tree as committed, before the mainline took
 * it; near zero for a commit applied or rebased just before its pull,
 * zero on the mainline's own line), over the same commits; fresh: how
 * many soaked less than a day (FRESH_SECONDS, negatives included).
 */
#define FRESH_SECONDS 86400

struct latency_split {
	struct latency_stats wait, soak;
	uint32_t fresh;
};

struct latency {
	/* Per history index, for the non-merge commits of the range (has
	 * set): arrival (seconds since the epoch), latency (seconds) and
	 * committer date (seconds since the epoch). */
	int64_t *arrival, *latency, *committed;
	uint8_t *has;
	struct latency_stats all;
	struct latency_stats *tree;	/* per flow tree ([0]: all) */
	uint32_t trees_nr;
	struct latency_stats *depth;	/* per depth, 0 .. depth_nr - 1 */
	uint32_t depth_nr;
	/* The same, split: over the range, per flow tree, per depth. */
	struct latency_split split;
	struct latency_split *tree_split, *depth_split;
};

/*
 * Per history index, which commit's committer date is the arrival of
 * each commit of the range: the commit itself on the first-parent line
 * from h->tip, else the merge on that line that brought it; HIST_NONE
 * outside the range.  Pure: topology only.  A new array of h->nr.
 */
uint32_t *latency_arrivals(const struct history *h);

/* The figures of v (n latencies; sorted in place). */
void latency_stats_of(int64_t *v, uint32_t n, struct latency_stats *out);

/* s as the JSON object key: median and p90 (null over no commit) and
 * the negatives; --compare's ranges write theirs the same way. */
void latency_stats_json(struct json *j, const char *key,
			const struct latency_stats *s);

/*
 * The latencies of chart c's commits (h its history, walked with
 * HISTORY_DATES), figures over the range, c's flow trees and depths.
 * Returns 0, or -1 after reporting the error.
 */
int latency_measure(const struct history *h, const struct chart *c,
		    struct latency *out);
void latency_release(struct latency *l);

/*
 * The add-on (extra.h) of --latency: two sections of the text report
 * (latency; wait and soak), the JSON's "latency", "wait", "soak" and
 * "fresh" (at the top, per tree and in "latency_by_depth"), the CSV
 * trees table's columns, the nodes' tooltips and, in the commits output,
 * each commit's arrival, signed latency and committer date.
 */
extern const struct extra latency_extra;

#endif
