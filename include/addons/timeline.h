/*
 * timeline.h - the cycle in time (--timeline): when the mainline pulled
 * each tree, phase by phase.
 *
 * A pull is a merge of the mainline's lines that brought a tree into it
 * (attribute.h's pulls into the mainline: the merges of its first-parent
 * line, and the few made on its own topic branches).  It falls in the
 * phase (phases.h) of where it reached the first-parent line: itself,
 * or the merge of that line that brought it (latency_arrivals), never by
 * its date.  Its commits are those it brought, whatever their trees; a
 * direct commit arrives on the line itself (its own committer date) or
 * by the mainline's topic merge that brought it.
 *
 * This header is what a renderer reads (the timeline chart): the
 * phases with their tags and first and last days, each pull with its
 * merge, date, phase and commits, the pulls of each tree of the flow
 * (--top's fold included), the direct commits by day; timeline_of
 * finds a run's.  Nothing is read from the repository but its tags
 * (tags.h): the dates are the walk's (HISTORY_LINE_DATES).
 */
#ifndef TREEPLOT_TIMELINE_H
#define TREEPLOT_TIMELINE_H

#include <regex.h>
#include <stdint.h>

#include "flow/chart.h"
#include "flow/phases.h"
#include "git/history.h"
#include "git/tags.h"

struct extra;
struct extras;

/* One pull of a tree into the mainline. */
struct timeline_pull {
	uint32_t merge;		/* history index of its merge */
	uint32_t arrived;	/* the first-parent line's merge that */
				/* brought it (itself, when on the line) */
	uint32_t pull;		/* index into flow.all_pulls */
	uint32_t tree;		/* the tree pulled: a tree table id */
	uint32_t shown;		/* its flow tree (--top's fold when folded),
				 * or HIST_NONE */
	uint32_t phase;		/* index into phases.v */
	int64_t time;		/* arrived's committer date */
	int32_t tz;		/* and time zone, minutes east of UTC */
	uint32_t commits;	/* non-merge commits it brought */
};

/* What each phase holds. */
struct timeline_figures {
	uint32_t pulls;		/* pulls in it */
	uint32_t trees;		/* trees they pulled, each once */
	uint32_t commits;	/* non-merge commits that arrived in it */
	uint32_t direct;	/* of which direct */
};

/* The direct commits that arrived on one UTC day. */
struct timeline_day {
	int64_t day;		/* phases_day: days since the epoch */
	uint32_t commits;
};

/* A tree first pulled after the merge window. */
struct timeline_late {
	uint32_t tree;		/* a tree table id */
	const char *name;	/* borrowed from the tree table */
	uint32_t phase;		/* of its first pull */
	uint32_t pulls, commits;	/* all its pulls, what they brought */
};

struct timeline {
	struct phases ph;
	struct timeline_figures *fig;	/* per phase */
	struct timeline_pull *pulls;	/* in the line's order, oldest first */
	uint32_t pulls_nr;
	/* Per flow tree i: its pulls, pulls[by_tree[tree_first[i] ..
	 * tree_first[i] + tree_pulls[i])], oldest first. */
	uint32_t *by_tree, *tree_first, *tree_pulls;
	uint32_t trees_nr;
	struct timeline_day *direct;	/* by day, oldest first */
	uint32_t direct_nr;
	int has_window;		/* the range holds a merge window: late
				 * trees are told */
	struct timeline_late *late;	/* by phase, then name */
	uint32_t late_nr;
	uint32_t commits;	/* the range's */
	uint32_t pulled_late;	/* brought by pulls after a pre-release tag */
	/* The phases pulled_late counts from: each run of pre-release
	 * phases' first, whose start tag closed a merge window (git.git's
	 * -rc0, the kernel's -rc1) or began the range; in order. */
	uint32_t *late_from;
	uint32_t late_from_nr;
};

/*
 * The timeline of chart c (h its history, walked with HISTORY_LINE_DATES
 * or HISTORY_DATES), its phases cut by the tags of tm (tag_map_load with
 * phases_keep and pattern) as pattern (treeplot.releasePattern, or NULL)
 * tells releases.
 */
void timeline_measure(const struct history *h, const struct chart *c,
		      const struct tag_map *tm, const regex_t *pattern,
		      struct timeline *out);
void timeline_release(struct timeline *tl);

/* The share of the range's commits pulled after the merge window (in a
 * phase after a pre-release tag), in tenths of a percent, rounded. */
int64_t timeline_late_share(const struct timeline *tl);

/* " (from TAG, TAG)": the tags pulled_late counts from, into out
 * (nothing when there is none; the first and last of more than three,
 * with their count). */
void timeline_late_from(const struct timeline *tl, struct buf *out);

/* The timeline the run xs gathered, or NULL (no --timeline). */
const struct timeline *timeline_of(const struct extras *xs);

/*
 * The add-on (extra.h) of --timeline: a section of the text report, the
 * JSON's "phases", "late_trees" and "direct_by_day" and each tree's
 * "first_phase" and "timeline", and the CSV pulls table.
 */
extern const struct extra timeline_extra;

#endif
