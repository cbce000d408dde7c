/*
 * attribute.h - the path each non-merge commit took to the mainline.
 *
 * The rule (first-parent decomposition, topology only, never dates): the
 * mainline is B's first-parent chain, walked oldest first; a merge on a
 * line brings in, parent by parent, each non-first parent's first-parent
 * chain (while it stays in the range and unattributed) as the line of the
 * tree its subject names, or of the same tree when the merge is internal
 * or names the line's own tree or the mainline's repository; that line is
 * walked the same way, so merges on it introduce deeper trees.  Each commit
 * gets the path of its earliest introduction.  The walk uses an explicit
 * stack: a chain of nested merges cannot overflow it.
 */
#ifndef TREEPLOT_ATTRIBUTE_H
#define TREEPLOT_ATTRIBUTE_H

#include <stdint.h>

#include "flow/classify.h"
#include "git/history.h"
#include "util/hash.h"

#define PATH_MAINLINE 0

/*
 * A trie of paths: path i is the tree tree[i] followed by path up[i]; path
 * 0 is the mainline alone (tree TREE_MAINLINE, up HIST_NONE).  Paths are
 * numbered in the order they first carried a commit.
 */
struct paths {
	uint32_t nr, alloc;
	uint32_t *tree;
	uint32_t *up;
	struct pair_index pi;	/* paths by (tree, up) */
};

/* One tree pulled by one merge into the line of another tree. */
struct pull {
	uint32_t merge;		/* history index of the merge */
	uint32_t from, to;	/* tree ids: from was pulled into to */
	uint32_t commits;	/* non-merge commits it brought */
	uint32_t first;		/* the first of them in attribution.order */
};

/*
 * What one parent of a merge on the mainline's own first-parent line
 * brought: the run order[first .. first + commits) of the commits
 * attributed while its line was walked, whatever their trees.  Those of
 * them left on the mainline (path PATH_MAINLINE) came through the
 * mainline's own topic branches: the merge was internal (a topic
 * branch, or the mainline's own repository merged into itself); the
 * others went through the trees it pulled.  The runs are in order, one
 * merge's parents next to each other.
 */
struct mainline_run {
	uint32_t merge;		/* history index of the merge */
	uint32_t parent;	/* which of its parents (1, 2, ...) */
	uint32_t first, commits;
};

/* A merge, and the run of attribution.order walking its parents
 * brought (commits > 0): the commits it carried first. */
struct merge_run {
	uint32_t merge;		/* history index */
	uint32_t first, commits;
};

struct attribution {
	struct paths paths;
	uint32_t *path_of;	/* per history index: path, or HIST_NONE */
	/*
	 * Per history index, for every commit of the range the walk met
	 * (merges too): the merge whose pull brought the commit's line into
	 * its tree, or HIST_NONE on the mainline's own lines.  Internal
	 * merges are no hop: a line they pull keeps the via of the line they
	 * sit on.  So the hops of commit c are via[c], via[via[c]], ... out
	 * to HIST_NONE, one per step of its path, innermost first.
	 */
	uint32_t *via;
	uint32_t *order;	/* non-merge commits of the range, in the */
	uint32_t order_nr;	/* order they were attributed (oldest first) */
	struct pull *pulls;
	uint32_t pulls_nr, pulls_alloc;
	struct mainline_run *runs;	/* of the first-parent line's merges */
	uint32_t runs_nr, runs_alloc;	/* that brought a commit */
	struct merge_run *carried;	/* every merge that brought a */
	uint32_t carried_nr, carried_alloc;	/* commit, in the order */
					/* their walks ended */
};

/*
 * Attribute every non-merge commit of the range.  is_mainline[t] (ntrees
 * entries) is nonzero for the trees that are the mainline's repository:
 * merges naming them are internal.
 */
void attribute(const struct history *h, const struct merge_table *m,
	       const uint8_t *is_mainline, uint32_t ntrees,
	       struct attribution *out);
void attribution_release(struct attribution *a);

/*
 * Keep only the commits selected[c] marks (per history index): the others
 * leave order and get no path (path_of HIST_NONE); the kept ones keep
 * theirs, and their order.  Each pull and run counts only the kept
 * commits it brought, and one that brought none is dropped.
 */
void attribution_select(struct attribution *a, const uint8_t *selected);

/* Path p as tree ids from the innermost out, mainline last; returns the
 * count (at most max stored). */
uint32_t path_trees(const struct paths *p, uint32_t path, uint32_t *out,
		    uint32_t max);

#endif
