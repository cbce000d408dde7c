/*
 * topics.h - the direct commits split in two: those applied on the
 * mainline's own first-parent line, and those that came through the
 * mainline's own topic branches (internal merges on that line).
 *
 * In git.git a cycle's "466 direct" are mostly the maintainer's topic
 * branches merged ("Merge branch 'ps/...'"), internal merges whose
 * commits stay the mainline's: the split says how many were applied on
 * the line and how many came through how many such merges, and with
 * --branches the topic branches grouped by their "xx/" prefix, or by
 * their stem ("fixes-3" and "fixes-4" are "fixes-*").
 */
#ifndef TREEPLOT_TOPICS_H
#define TREEPLOT_TOPICS_H

#include <stdint.h>

#include "flow/attribute.h"
#include "git/history.h"

/* The topic branches of one prefix or stem (--branches). */
struct topic_group {
	char *name;		/* "ps/", "fixes-*"; "" for merges naming */
				/* no branch ("Merge ../linus") */
	uint32_t commits;	/* direct commits through them */
	uint32_t merges;	/* merges of them that brought some */
	uint32_t last_merge;	/* counting: the last merge counted */
};

struct topics {
	uint32_t applied;	/* direct commits on the first-parent line */
	uint32_t through;	/* direct commits through topic branches */
	uint32_t merges;	/* merges on the line that brought some */
	struct topic_group *groups;	/* with group set: by commits */
	uint32_t groups_nr;		/* descending, ties by name */
};

/*
 * Count the direct commits of a (after any selection: only the selected
 * ones count, and only the merges that brought one of them) into out;
 * with group, the topic branches' groups from the merges' subjects
 * in h.
 */
void topics_count(const struct history *h, const struct attribution *a,
		  int group, struct topics *out);
void topics_release(struct topics *t);

/*
 * For each commit of a->order, in order: the merge of the mainline's
 * first-parent line that brought it (for a commit of a tree, the pull
 * of its outermost tree; for a direct one, the topic branch's merge),
 * or HIST_NONE for a commit on that line itself.  Iterate with k from 0
 * to a->order_nr, run starting at 0.
 */
uint32_t topics_merge_of(const struct attribution *a, uint32_t k,
			 uint32_t *run);

/*
 * Per history index (nr of them), for every commit of a->order: the
 * run of a->runs that brought it, or HIST_NONE for a commit on the
 * first-parent line itself (and for every other index).  A new array.
 */
uint32_t *topics_runs_of(const struct attribution *a, uint32_t nr);

/*
 * The branch merge m's subject names for its parent k ("next" for
 * "Merge branch 'next'"; a remote-tracking branch's remote dropped), as
 * a new string; NULL when it names none: the branch of a mainline's
 * run, through which a pull into it or a direct commit went.
 */
char *topics_branch_of(const struct history *h, uint32_t m, uint32_t k);

/* The name a group shows: "(no branch named)" for "". */
const char *topic_group_name(const struct topic_group *g);

#endif
