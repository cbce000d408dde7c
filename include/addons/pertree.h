/*
 * pertree.h - the flow trees a commit came through, as the flow counts
 * them (aggregate.c's trie walk), and its depth: for add-ons that sum a
 * figure of each commit up per tree and per depth (--latency,
 * --review, --people, --fixes).
 *
 * A commit counts for every tree of its path that the flow shows; when
 * the tree that brought it into the mainline is folded by --top ("K other
 * trees"), for the fold alone, as the flow's counts have it.
 */
#ifndef TREEPLOT_PERTREE_H
#define TREEPLOT_PERTREE_H

#include <stdint.h>
#include <string.h>

#include "flow/aggregate.h"
#include "flow/attribute.h"
#include "flow/chart.h"

struct pertree {
	uint32_t fold;		/* the fold's flow tree, or HIST_NONE */
	uint8_t *feeds;		/* per flow tree: its edge goes to the mainline */
	uint32_t *index;	/* per tree id: its flow tree, or HIST_NONE */
	uint32_t *seen;		/* per flow tree: the last commit counted + 1 */
	uint32_t *via;		/* pertree_of's answer */
};

/* For f's trees (ntrees: the tree table's size, the ids' bound). */
void pertree_init(struct pertree *pt, const struct flow *f, uint32_t ntrees);
void pertree_release(struct pertree *pt);

/* The flow trees commit c (of path path in p) came through, each once,
 * in pt->via; returns how many. */
uint32_t pertree_of(struct pertree *pt, const struct paths *p, uint32_t path,
		    uint32_t c);

/* The depth of path: its trees (0: a direct commit). */
uint32_t pertree_depth(const struct paths *p, uint32_t path);

/*
 * Sum chart c's commits up in groups, as --review and --people do: all
 * of them, each flow tree's (the mainline's every commit), each
 * depth's (0: direct).  A group is group_size bytes, zeroed; add adds
 * commit to it (in the attribution's order), finish turns it into its
 * figures (stats_size bytes) and releases it; ctx is theirs.
 */
struct pertree_sum {
	size_t group_size, stats_size;
	void (*add)(void *group, const void *ctx, uint32_t commit);
	void (*finish)(void *group, const void *ctx, void *stats);
	const void *ctx;
};

/* The figures of all the commits into *all; of the depths into *depth,
 * a new array of *depth_nr; returns the trees', a new array of
 * *trees_nr. */
void *pertree_sum(const struct chart *c, const struct pertree_sum *how,
		  void *all, uint32_t *trees_nr, void **depth,
		  uint32_t *depth_nr);

/* pertree_sum into *out, zeroed first: a struct of the add-on's with
 * members all, tree, trees_nr, depth and depth_nr (struct review, struct
 * people), its stats typed as how's. */
#define PERTREE_SUM_INTO(c, how, out) do {				\
	void *depth_;							\
									\
	memset((out), 0, sizeof(*(out)));				\
	(out)->tree = pertree_sum((c), (how), &(out)->all,		\
				  &(out)->trees_nr, &depth_,		\
				  &(out)->depth_nr);			\
	(out)->depth = depth_;						\
} while (0)

#endif
