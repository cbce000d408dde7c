/*
 * flow/timeline.h - a range's timeline as data: when the mainline pulled
 * each tree, phase by phase.  What --timeline measures (addons/timeline.h
 * says how) and the timeline chart draws (render/timeline_chart.h): the
 * phases with their tags and first and last days, each pull with its
 * merge, date, phase and commits, the pulls of each tree of the flow
 * (--top's fold included), the direct commits by day.
 */
#ifndef TREEPLOT_FLOW_TIMELINE_H
#define TREEPLOT_FLOW_TIMELINE_H

#include <stdint.h>

#include "flow/phases.h"
#include "util/buf.h"

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
	int64_t line_time;	/* arrived's date on the line (phases.h:
				 * monotone), where the chart draws it */
	uint32_t commits;	/* non-merge commits it brought */
	int64_t tag_time;	/* the tagger date of the tag its merge */
	int tagged;		/* pulled (a mergetag header), when tagged
				 * is set: the chart marks when it was
				 * asked for */
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

/* " (from TAG, TAG)": the tags pulled_late counts from, into out
 * (nothing when there is none; the first and last of more than three,
 * with their count), for the add-on's words and its chart's alike. */
void timeline_late_from(const struct timeline *tl, struct buf *out);

#endif
