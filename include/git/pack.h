/*
 * pack.h - commit objects read straight from a repository's pack files,
 * one mapping of each shared by every thread.
 *
 * The walk without a commit-graph reads every commit of a history.
 * Through libgit2 each thread needs a pack object of its own (its pack
 * objects are shared per path and locked), so each thread maps every pack
 * again: on the 1,000,000-commit history the process's resident memory
 * was 1.6 times git log's.  These readers map each pack once for the
 * whole process, share nothing else, and read no more of a commit than
 * asked for: the walk needs the headers of most commits, the message of
 * merges only.
 *
 * They read what a fresh clone holds: version 2 index files, version 2 and
 * 3 packs, commits whole or as deltas (of either kind) within their pack.
 * Anything else (a loose object, an alternate's, an object they find
 * malformed) they leave to the caller, who asks libgit2: a pack read here
 * and through libgit2 gives the same bytes, and libgit2 gives the errors.
 * Pack files are untrusted: every offset and length is checked against
 * the mapping (tests/fuzz/fuzz-pack.c holds the parsers to that).
 */
#ifndef TREEPLOT_PACK_H
#define TREEPLOT_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "git/oid.h"

struct packs;

/*
 * The packs of the n object directories objects_dirs ("objects/", slash
 * included: the repository's and its alternates'), newest first, as git
 * searches them.  A pack whose files cannot be mapped or are not of a
 * version read here is skipped (libgit2 reads it).  Never fails: no pack
 * is an empty set.
 */
struct packs *packs_open(const char *const *objects_dirs, size_t n);
void packs_free(struct packs *ps);

/* How many packs the set reads. */
size_t packs_count(const struct packs *ps);

/* One thread's reader: its inflate state and buffers. */
struct pack_reader;

struct pack_reader *pack_reader_new(const struct packs *ps);
void pack_reader_free(struct pack_reader *rd);

/* What pack_read_commit reads. */
enum {
	PACK_WHOLE = 0,		/* the whole object */
	PACK_HEADERS = 1,	/* at least up to the blank line after the
				 * headers (the whole object when it has
				 * none) */
};

/* What pack_read_commit returns when a pack was cut short under it. */
#define PACK_FAULT (-2)

/*
 * Commit oid into *data and *size (valid until the reader's next read):
 * the whole object or, with PACK_HEADERS, enough of it.  Returns 0, or -1
 * when it is not read here (not in these packs, not a commit, or
 * malformed): the caller asks libgit2; or PACK_FAULT when a file of the
 * packs was truncated while it was read (SIGBUS, sigbus.h): libgit2 would
 * fault on it as well, pack_reader_fault names it.
 */
int pack_read_commit(struct pack_reader *rd, const struct object_id *oid,
		     int what, const char **data, size_t *size);

/* The file (index or pack) the last PACK_FAULT met, or NULL. */
const char *pack_reader_fault(const struct pack_reader *rd);

/*
 * The parsers, exposed for the fuzz target: any bytes are valid input.
 * pack_object_header reads the header of the object at off in a pack of
 * len bytes: its type (1 to 7 as git numbers them), its size, where its
 * data starts and, for a delta, its base (an offset, or an id); returns 0
 * or -1.  pack_apply_delta applies delta to base into out (which must
 * hold out_size bytes, the size the delta states); returns 0 or -1.
 */
struct pack_object {
	int type;
	uint64_t size;
	uint64_t data;		/* offset of the zlib stream */
	uint64_t base_off;	/* OFS_DELTA: the base's offset */
	struct object_id base_oid;	/* REF_DELTA */
};

int pack_object_header(const unsigned char *pack, uint64_t len, uint64_t off,
		       struct pack_object *obj);
int pack_delta_sizes(const unsigned char *delta, size_t len,
		     uint64_t *base_size, uint64_t *out_size);
int pack_apply_delta(const unsigned char *base, size_t base_len,
		     const unsigned char *delta, size_t len,
		     unsigned char *out, size_t out_size);

#endif
