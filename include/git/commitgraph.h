/*
 * commitgraph.h - git's commit-graph file, read directly.
 *
 * The commit-graph (objects/info/commit-graph, or a chain of them under
 * objects/info/commit-graphs/) holds every commit's parents and its
 * topological level in fixed-size records, so walking it costs no object
 * decompression at all, and the levels let a walk of A..B stop exactly
 * where A's side can no longer reach B's.  libgit2 1.5 has no public API
 * for walking it (its reader, src/libgit2/commit_graph.c, is internal: no
 * public call gives a commit's parents or level from it), so this reads
 * the documented format (git's Documentation/gitformat-commit-graph)
 * from a memory map.  Anything
 * malformed makes the graph unusable, never a crash: the walk then reads
 * objects instead.
 */
#ifndef TREEPLOT_COMMITGRAPH_H
#define TREEPLOT_COMMITGRAPH_H

#include <stddef.h>
#include <stdint.h>

#define GRAPH_NONE UINT32_MAX

struct commit_graph;

/*
 * The graph of the first of the n object directories objdirs (each
 * ending in '/') that has one it can use, as git takes it, into *out
 * (NULL when none has).  Returns 0, or -1 after reporting a graph file
 * that is not a regular file (a FIFO would be waited on for ever).
 */
int commit_graph_open(struct commit_graph **out, const char *const *objdirs,
		      size_t n);
void commit_graph_free(struct commit_graph *g);

/* Commits in the graph. */
uint32_t commit_graph_nr(const struct commit_graph *g);

/* The position of the commit with this raw id, or GRAPH_NONE. */
uint32_t commit_graph_find(const struct commit_graph *g,
			   const unsigned char *oid);

/* The raw id of the commit at pos. */
const unsigned char *commit_graph_oid(const struct commit_graph *g,
				      uint32_t pos);

/*
 * Its generation: greater than every ancestor's, if the file is right
 * (the walk checks each parent it follows, walk.c).  That is its corrected
 * commit date (its date, raised to one more than its parents' where a
 * clock ran late) when every layer of the graph has them (GDA2, git 2.31
 * and later), else its topological level.  Dates prune a walk far better:
 * a tree forked long ago has low levels but recent dates.
 */
uint64_t commit_graph_generation(const struct commit_graph *g, uint32_t pos);

/* The generation of a record whose GDO2 entry is not there (or is past
 * any date): no generation at all. */
#define GRAPH_GEN_BAD UINT64_MAX

/* Are generations corrected commit dates (else topological levels)? */
int commit_graph_dated(const struct commit_graph *g);

/*
 * Its parents' positions, in order, into out (room for max); returns the
 * number of parents, or -1 when the record is corrupt.  A return above max
 * means only max were stored: call again with more room.
 */
int commit_graph_parents(const struct commit_graph *g, uint32_t pos,
			 uint32_t *out, uint32_t max);

/*
 * A best common ancestor of the n commits oids (raw ids), as git's
 * octopus merge base finds it, from the graph alone: 1 with its raw id
 * in out, 0 when they have none, -1 when the graph cannot say (a commit
 * not in it, a generation that does not order its parents, a corrupt
 * record): ask libgit2 then.  Linear in the commits between them and
 * the base, where libgit2 1.5 reads every commit object on the way.
 */
int commit_graph_merge_base(const struct commit_graph *g,
			    const unsigned char *const *oids, size_t n,
			    unsigned char *out);

/* The file (a layer) of g whose mapping holds addr, or NULL: for the
 * error when it was cut short under a read (sigbus.h). */
const char *commit_graph_file_at(const struct commit_graph *g,
				 const void *addr);

#endif
