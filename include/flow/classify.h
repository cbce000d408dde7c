/*
 * classify.h - the merge table: every merge of a history classified by
 * its subject (subject.h's grammar, after the caller's own rules), the
 * tree each external merge pulled, the branch nodes of --branches, and
 * the unrecognised merges grouped by shape.
 */
#ifndef TREEPLOT_CLASSIFY_H
#define TREEPLOT_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

#include "flow/keepers.h"
#include "flow/naming.h"
#include "flow/subject.h"
#include "git/gitconfig.h"
#include "git/history.h"

/*
 * Every merge in a loaded history, classified.  tree[i] is, for an external
 * merge i in the range, the tree its subject names (interned in the tree
 * table); TREE_NONE for every other commit.
 */
struct merge_table {
	uint32_t *tree;			/* h->nr entries */
	uint32_t merges;		/* merges in the range */
	uint32_t *unrecognised;		/* history indexes, in history order */
	uint32_t unrecognised_nr;
	uint8_t *same_branch;		/* per history index: an external
					 * merge of branch X into X */

	/*
	 * --branches (classify_branches), else NULL: the node ("REPO:BRANCH")
	 * each pulled parent of an external merge came from; parent k >= 1
	 * of merge i is ptree[ptree_start[i] - 1 + k - 1] (ptree_start[i] 0:
	 * none).  repo_of[t] is node t's repository (t < repo_of_nr; any
	 * other tree is its own).  tree[] keeps naming repositories.
	 */
	uint32_t *ptree_start;
	uint32_t *ptree;
	size_t ptree_nr, ptree_alloc;
	uint32_t *repo_of;
	uint32_t repo_of_nr;
};

void classify_merges(const struct history *h, struct tree_table *trees,
		     struct merge_table *out);

/*
 * --branches: give each pulled parent of the external merges classified
 * in m the node of the branch or tag its subject names: the names are
 * taken in order, one per pulled parent ("Merge branches 'a' and 'b' of
 * URL" has two); one name counts for every parent; a count that does not
 * match, or no name ("Merge URL", mail), leaves the repository itself.
 * Tags are grouped by stem (tag_stem).  A GitHub pull request's branch is
 * the one after its owner.
 */
void classify_branches(const struct history *h, struct tree_table *trees,
		       struct merge_table *m);

/* The repository of tree or node t. */
static inline uint32_t
merge_repo_of(const struct merge_table *m, uint32_t t)
{
	return m->repo_of && t < m->repo_of_nr ? m->repo_of[t] : t;
}

/*
 * A caller's own rules (treeplot.internalPattern, externalPattern), tried
 * before the built-in ones: given a merge's subject (NUL-terminated, len
 * bytes), returns nonzero when it decided, with out filled (an external
 * merge's URL inside the subject).
 */
typedef int (*classify_rules)(void *data, const char *subject, size_t len,
			      struct merge_class *out);

/*
 * classify_merges, with rules (may be NULL) tried first, a review server
 * named as the .mailmap names its merges' committer (mailmap may be
 * NULL: as written), and the tips of the pulls read from keepers' for
 * the evidence of who keeps each tree (keepers.h; NULL: no evidence, as
 * classify_merges).  Returns 0, or -1 after reporting a tip that could not be
 * read (out is filled all the same, to be released).
 */
int classify_merges_with(const struct history *h, struct tree_table *trees,
			 classify_rules rules, void *data,
			 const struct mailmap *mailmap,
			 const struct keeper_source *keepers,
			 struct merge_table *out);
void merge_table_release(struct merge_table *m);

/* Classify merge i of h as classify_merges_with does (rules may be NULL),
 * same_branch included: for --explain. */
void classify_merge(const struct history *h, uint32_t i, classify_rules rules,
		    void *data, struct merge_class *mc);

struct shape_group {
	char *shape;
	uint32_t count;
	uint32_t example;	/* history index: its first merge in idx */
};

/* The merges idx[0..nr) (history indexes) grouped by shape, the largest
 * group first (ties by shape); returns the number of groups. */
uint32_t unrecognised_groups(const struct history *h, const uint32_t *idx,
			     uint32_t nr, struct shape_group **out);
void shape_groups_free(struct shape_group *g, uint32_t n);

#endif
