/*
 * aggregate.h - from per-commit paths to the tree of trees.
 *
 * The flow is what every renderer draws: the trees with their counts, the
 * edges between them, the paths as an indented tree (a tree pulled at two
 * levels appears under each), the unrecognised merges and the summary
 * figures of the report.  It owns nothing but its arrays; names and URLs
 * are borrowed from the tree table and the history, which must outlive it.
 */
#ifndef TREEPLOT_AGGREGATE_H
#define TREEPLOT_AGGREGATE_H

#include <stdint.h>

#include "flow/attribute.h"
#include "flow/classify.h"
#include "flow/naming.h"
#include "flow/selection.h"
#include "flow/topics.h"
#include "git/history.h"
#include "git/release.h"

struct flow_tree {
	uint32_t tree;		/* id in the tree table; TREE_NONE: "K other trees" */
	const char *name;	/* borrowed (or owned by the flow for the fold) */
	uint32_t commits;	/* non-merge commits that passed through it */
	uint32_t own;		/* commits whose innermost tree it is */
	uint32_t depth;		/* smallest distance from the mainline (0: itself) */
	uint32_t pulls;		/* merges that pulled it */
	char *const *urls;	/* borrowed: every spelling seen */
	uint32_t urls_nr;
	enum tree_kind kind;	/* a repository, or another kind of source */
	uint32_t repo;		/* --branches: the node's repository's tree */
	const char *repo_name;	/* id, and its name (borrowed); else itself */
};

struct flow_edge {
	uint32_t from, to;	/* indexes into flow.trees: from was pulled into to */
	uint32_t commits;	/* non-merge commits that flowed along it */
	uint32_t pulls;		/* merges that pulled from into to */
};

/* The paths as an indented tree, in display order (pre-order, the larger
 * subtree first, ties by name). */
struct flow_node {
	uint32_t tree;		/* index into flow.trees */
	uint32_t level;		/* 0 for the mainline */
	uint32_t commits;	/* commits along this path and deeper ones */
	uint32_t own;		/* commits whose path ends here */
};

struct flow {
	const struct history *h;	/* borrowed: ids and subjects */
	const char *repo;	/* borrowed */
	const char *range;	/* borrowed: "v1.0..v1.1", "v1.1" */
	const struct range_note *range_note;	/* borrowed: the default
						 * range's why; else NULL */
	uint32_t commits;	/* non-merge commits in the range */
	uint32_t direct;	/* of which went straight into the mainline */
	struct topics topics;	/* the direct ones applied on the mainline's
				 * line, or through its topic branches */
	uint32_t merges;	/* merge commits in the range (with a
				 * selection: that carried a commit of it) */
	uint32_t shallow;	/* shallow boundary commits met */

	struct flow_tree *trees;	/* [0] is the mainline; then by commits */
	uint32_t trees_nr;		/* descending, ties by name */
	struct flow_edge *edges;	/* by commits descending, then names */
	uint32_t edges_nr;
	struct flow_node *nodes;
	uint32_t nodes_nr;

	/* Summary figures, always over every tree (--top folds only the
	 * trees, edges and nodes above). */
	uint32_t total_trees;	/* trees that carried a commit, mainline excluded */
	uint32_t *by_depth;	/* by_depth[d]: trees at depth d (d >= 1) */
	uint32_t max_depth;
	uint32_t small_trees;	/* trees with five or fewer commits */
	uint32_t mailed;	/* commits through sources of kind mail */
	uint32_t folded;	/* trees folded into "K other trees" by --top */

	const uint32_t *unrecognised;	/* borrowed history indexes */
	uint32_t unrecognised_nr;

	char **mainline_urls;	/* owned array of borrowed strings: the */
	uint32_t mainline_urls_nr;	/* spellings of the mainline's repository */

	char *fold_name;	/* owned: "K other trees" */

	/* Borrowed, set by chart_build: the tree table, for the likely
	 * aliases it holds (tree_hint), or NULL. */
	const struct tree_table *tt;

	int branches;		/* --branches: trees are branch nodes */

	/* Borrowed, set by chart_build: the commits are only those the
	 * selection kept (the reports say which), or NULL: all. */
	const struct selection *selection;

	/* Every pull of the attribution (borrowed), and where the flow
	 * counted it: the index into trees of the tree pulled (after
	 * --top's fold) and into edges of its edge, or HIST_NONE when not
	 * shown.  Add-ons that say something per pull start from here. */
	const struct pull *all_pulls;
	uint32_t all_pulls_nr;
	uint32_t *pull_tree, *pull_edge;	/* owned */
};

struct aggregate_input {
	const struct history *h;
	const struct merge_table *m;
	const struct tree_table *trees;
	const struct attribution *a;
	const uint8_t *is_mainline;	/* per tree id: the mainline's repository */
	const char *repo;
	const char *range;
	uint32_t top;		/* 0: keep every tree */
};

void aggregate(const struct aggregate_input *in, struct flow *out);
void flow_release(struct flow *f);

/* The index into f->trees of tree id (a tree table id), or UINT32_MAX
 * when the flow does not show it. */
uint32_t flow_index_of(const struct flow *f, uint32_t id);

#endif
