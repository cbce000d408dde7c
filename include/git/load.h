/*
 * load.h - the commit table being filled, and the walker that fills it:
 * the history family's own header (load.c loads, walk.c walks), not an
 * API, as git/libgit2.h is the repository family's.
 */
#ifndef TREEPLOT_LOAD_H
#define TREEPLOT_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "git/commitgraph.h"
#include "git/history.h"
#include "git/readpool.h"
#include "util/hash.h"
#include "util/progress.h"

struct repo;

/*
 * What a walk needs beside the history it fills: the object database, the
 * commit-graph when there is one (with, per commit, its position in it,
 * and per position, the commit's number), the commits' generations for an
 * exact walk of A..B, and the progress display.
 */
struct walker {
	struct history *h;
	struct repo *r;		/* for repo_note_encoding */
	struct readpool *pool;	/* the object database, on every thread */
	struct commit_raw raw;	/* the commit load_from_object reads */
	struct commit_raw *batch;	/* a frontier's records (FRONTIER_BATCH) */
	struct object_id *batch_oid;
	uint32_t *batch_idx;
	struct commit_graph *graph;
	struct hindex ix;	/* commits outside the graph, by id */
	uint32_t *pos_idx;	/* graph position -> number + 1, 0 unknown */
	uint32_t *gpos;		/* number -> graph position, or GRAPH_NONE */
	uint64_t *gen;		/* number -> generation, 0 unknown */
	uint64_t *ctime;	/* number -> committer time, outside the graph */
	uint32_t lie;		/* a commit whose generation is not above a
				 * parent's (a graph that contradicts
				 * itself), or HIST_NONE */
	size_t alloc;		/* of gpos, gen and ctime */
	uint32_t *parents;	/* scratch for a graph record's parents */
	uint32_t parents_alloc;
	/* The walks' own scratch (walk.c), kept here so that a fault in a
	 * mapped file (sigbus.h) leaves nothing unowned: a marking walk's
	 * frontiers, the generation walk's heap. */
	struct walk_list {
		uint32_t *v;
		size_t nr, alloc;
	} cur, next, heap;
	unsigned dates;		/* RAW_DATES when h keeps dates, else 0 */
	int line_dates;		/* HISTORY_LINE_DATES alone: the dates read
				 * after the walk are the line's only */
	uint8_t *on_line;	/* then, per number: on a tip's first-parent
				 * line within the range */
	struct progress pg;
};

/* Commits of a frontier read at once: every thread's share of a wide
 * history's open lines, and the records' memory bounded. */
#define FRONTIER_BATCH 4096

/* load_open's own option beside history.h's HISTORY_* flags: no
 * commit-graph (walk.c's way out of one that contradicts itself). */
#define HISTORY_NO_GRAPH (1u << 15)

/* Open w to fill h from r's object database and commit-graph (opts:
 * HISTORY_* flags; jobs: threads, 0 the cores), the boundary of a
 * shallow clone marked.  Returns 0, or -1 after reporting; w is to be
 * released either way. */
int load_open(struct walker *w, struct repo *r, unsigned opts,
	      unsigned jobs, struct history *h);
void load_release(struct walker *w);

/* The number of the commit oid, numbering it if it is new; HIST_NONE,
 * reported, when the numbers are all taken. */
uint32_t load_intern(struct walker *w, const struct object_id *oid);
/* Make commit i's parents known (once): from the commit-graph, or read
 * from the object database.  Returns 0, or -1 after reporting. */
int load_commit(struct walker *w, uint32_t i, int want_subject);
/* Load the n commits of v not loaded yet, those outside the graph read
 * on every thread at once, in the order of v. */
int load_batch(struct walker *w, const uint32_t *v, size_t n,
	       int want_subject);
/* Count commit i in the range (HIST_IN_RANGE). */
void load_in_range(struct history *h, uint32_t i);
/* After the walk of the ends tip[0..ntips), what the commit-graph does
 * not hold: the subjects of the range's merges, and with HISTORY_DATES
 * (HISTORY_LINE_DATES) its commits' (the first-parent lines') dates. */
int load_read_after(struct walker *w, const uint32_t *tip, size_t ntips);

#endif
