/*
 * odb.h - raw commit objects, read from the packs directly (pack.h) or
 * through libgit2's object database, one handle per thread (odb.c).
 */
#ifndef TREEPLOT_ODB_H
#define TREEPLOT_ODB_H

#include <stddef.h>

#include "git/oid.h"
#include "git/repo.h"

/* The object database, opened once for many reads. */
struct odb;

/* Returns 0, or -1 after reporting the error. */
int odb_open(struct odb **out, struct repo *r);
void odb_free(struct odb *o);

/*
 * Another handle on r's object database, with nothing shared with r's
 * own but what libgit2 guarantees thread-safe and r's pack mappings
 * (pack.h, read only): for reading on another thread (one handle per
 * thread, nth from 0, each with libgit2 pack objects of its own for what
 * pack.h leaves to libgit2; libgit2's error messages are per thread too).
 * Returns 0, or -1 after reporting the error.
 */
int odb_open_own(struct odb **out, struct repo *r, unsigned nth);

/* Whether libgit2 was built with thread support. */
int repo_threads_supported(void);

/* What odb_read_commit found, when not 0. */
enum {
	ODB_MISSING = 1,	/* no such object */
	ODB_FAILED,		/* unreadable: odb_error() says why */
	ODB_NOT_COMMIT,		/* an object of another type */
};

/*
 * Read commit oid, quietly: 0 with *data and *size (valid until the next
 * read or odb_free), or one of ODB_*, for a caller that reports it its own
 * way.  Every object is read whole, once per call: nothing is cached.
 */
int odb_read_commit(struct odb *o, const struct object_id *oid,
		    const char **data, size_t *size);

/*
 * The same; with headers set, *data may end after the headers and the
 * blank line that ends them, the message not read (a commit read whole
 * otherwise).  A corruption in a message not read goes unnoticed, as it
 * does with a commit-graph, where no commit is read.
 */
int odb_read_commit_part(struct odb *o, const struct object_id *oid,
			 int headers, const char **data, size_t *size);

/* Read tree oid the same way (ODB_NOT_COMMIT: not a tree). */
int odb_read_tree(struct odb *o, const struct object_id *oid,
		  const char **data, size_t *size);

/* libgit2's message for the last ODB_FAILED. */
const char *odb_error(const struct odb *o);

#endif
