/*
 * infer.h - fast-forwarded pulls, inferred (--infer-ff).
 *
 * A fast-forwarded pull leaves the pulled commits on the puller's own
 * line, so attribution gives them to the puller.  They can be told by who
 * committed them: a commit on tree Y's line whose committer is not Y's
 * usual committer, but is the usual committer of a tree X that Y pulls
 * from by merges in the same range, probably came from X by a
 * fast-forward.  "Usual" is learned from the range itself: a tree's usual
 * committer is the one who committed most of the commits attributed to
 * it, and a committer's tree the one they committed most in.  This is a
 * guess, marked as one everywhere; the attribution is not changed.
 */
#ifndef TREEPLOT_INFER_H
#define TREEPLOT_INFER_H

#include <stdint.h>

#include "flow/attribute.h"
#include "flow/classify.h"
#include "git/history.h"

struct extra;

struct inferred_edge {
	uint32_t from, to;	/* tree ids: from was (probably) fast-forwarded */
	uint32_t commits;	/* into to, with these commits */
};

struct inference {
	uint32_t *tree_of;	/* per history index: the inferred tree, or */
				/* TREE_NONE */
	struct inferred_edge *edges;	/* by commits descending, then ids */
	uint32_t edges_nr;
	uint32_t commits;	/* commits inferred */
};

/*
 * The inference itself, pure: cid gives, per history index (hist_nr of
 * them), the committer of each non-merge commit of the range and of each
 * pull's merge, as ids below committers numbered in order of first
 * appearance (commits in attribution order, then the pulls' merges):
 * ties go to the lowest id.
 */
void infer_guess(const struct attribution *a, uint32_t hist_nr,
		 const uint32_t *cid, uint32_t committers,
		 struct inference *out);

/* Read the committers of the range's non-merge commits and infer. */
int infer_ff(struct repo *r, const struct history *h,
	     const struct attribution *a, struct inference *out);
void inference_release(struct inference *inf);

/*
 * The add-on of --infer-ff (extra.h): a section of the text report, the
 * JSON's "inferred_ff", dashed edges in the chart, and a "~tree" field in
 * the commits output.
 */
extern const struct extra infer_extra;

#endif
