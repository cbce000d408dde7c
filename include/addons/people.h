/*
 * people.h - who does the work in each tree, and when its pulls were
 * asked for (--people).
 *
 * The commits are read as --review reads them (review_read.h: people
 * named through the .mailmap, one person by address ignoring case or by
 * name), and summed up per flow tree, per depth and over the range, as
 * pertree.h counts a commit:
 *   self             commits whose author is their committer;
 *   self_unreviewed  of those, the commits with no Reviewed-by or
 *                    Acked-by from a third person (review.h's reviewed);
 *   committers       distinct committers (their address after the
 *                    .mailmap, ignoring case; their name without one);
 *   committers_for_half  the fewest committers whose commits reach half
 *                    of the group's commits (2 x theirs >= all);
 *   top              the PEOPLE_TOP committers of the most commits, with
 *                    how many, the most first, then by name.
 *
 * The pulls: every merge of the range on the mainline's first-parent
 * line that pulled a tree into the mainline (the attribution's pulls).
 * Its tag is its first "mergetag" header (commitparse.h's
 * commit_mergetag_date): without one the pull is untagged, with one
 * but no readable tagger date it is undated; else
 *   tag_wait  the merge's committer date minus the tagger date, in
 *             seconds (negative when the tag is dated after the merge:
 *             counted as such);
 *   tag_prep  the tagger date minus the newest committer date of the
 *             commits the pull brought;
 *   late      the tree's first pull of the range, tagged after the
 *             merge window opened: after the committer date of the
 *             range's start (A of A..B; no start, no late tags).
 * Per tree and over the range: the pulls tagged, untagged and undated,
 * the late ones, and tag_wait_median, the lower median of the waits (the
 * ((n + 1) / 2)-th smallest).
 *
 * The newcomers: the range's authors (people numbered by address, as
 * review_read numbers them) whose first commit in the history to B is in
 * the range: neither their address nor their name (after the .mailmap,
 * ignoring case) is an author's of a non-merge commit before it (the
 * start's history: A and its ancestors, walked apart; no start, every
 * author is new).  Each counts for the innermost flow tree its oldest
 * commit of the range (by author date) came through: the tree that
 * brought it.  Not in --compare's ranges.
 */
#ifndef TREEPLOT_PEOPLE_H
#define TREEPLOT_PEOPLE_H

#include <stdint.h>

#include "addons/review_read.h"

struct chart;
struct extra;

/* The committers a group lists. */
#define PEOPLE_TOP 5

struct people_committer {
	uint32_t person;	/* review_marks' number */
	uint32_t commits;
};

struct people_stats {
	uint32_t commits, self, self_unreviewed;
	uint32_t committers, committers_for_half;
	struct people_committer top[PEOPLE_TOP];
	uint32_t top_nr;
	uint32_t newcomers;	/* whose first commit it brought */
	uint32_t tagged, untagged, undated, late;
	int64_t tag_wait_median;	/* seconds; valid with tagged > 0 */
	uint32_t waits;			/* the dated tags' waits */
};

/* A pull of the first-parent line, as its tag dates it. */
struct people_pull {
	uint32_t merge;		/* history index */
	uint32_t id;		/* the tree pulled: its id */
	uint32_t tree;		/* its flow tree, or HIST_NONE */
	uint32_t first, commits;	/* what it brought (struct pull's) */
	int mergetag;		/* commitparse.h's MERGETAG_* */
	int64_t tagged, wait, prep;	/* with MERGETAG_DATED */
	int late;
};

/* An author whose first commit is in the range. */
struct people_newcomer {
	uint32_t person;	/* review_marks' number */
	uint32_t commit;	/* that first commit: the oldest author date */
	uint32_t tree;		/* the innermost flow tree it came */
				/* through (0: the mainline: direct) */
};

struct people {
	struct people_stats all;
	struct people_stats *tree;	/* per flow tree ([0]: the range's) */
	uint32_t trees_nr;
	struct people_stats *depth;	/* per depth, 0 .. depth_nr - 1 */
	uint32_t depth_nr;
	struct people_pull *pulls;	/* in the line's order */
	uint32_t pulls_nr;
	struct people_newcomer *newcomers;	/* by name */
	uint32_t newcomers_nr;
	int has_newcomers;	/* counted (not in --compare's ranges) */
	int has_window;
	int64_t window;		/* the merge window's opening */
};

/* The commits' figures of chart c, as m has them (no pulls). */
void people_summarise(const struct review_marks *m, const struct chart *c,
		      struct people *out);
void people_release(struct people *p);

/* The add-on (extra.h) of --people. */
extern const struct extra people_extra;

#endif
