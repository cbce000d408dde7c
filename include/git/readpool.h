/*
 * readpool.h - commit objects read on several threads, in batches.
 *
 * The walk (history.c) knows many of the commits it will read at once: the
 * open lines of development of a history.  A read pool
 * reads such a batch on all its threads at once, each thread with its own
 * object database handle (libgit2's objects are not shared between
 * threads; its error messages are per thread), and parses every commit
 * into a plain record.  Record k of a batch is always the commit asked
 * for at k, whichever thread read it: the caller merges the records into
 * its tables in its own fixed order, so what it builds does not depend on
 * the number of threads or on their scheduling.
 *
 * Only what the walk needs is parsed: the parents, the committer time,
 * for merges (when asked) the subject and the reference lines, and (when
 * asked, for --latency) the author's and the committer's dates.
 *
 * The walk without a commit-graph goes breadth first: each frontier (the
 * lines of development open at once) is one batch.
 */
#ifndef TREEPLOT_READPOOL_H
#define TREEPLOT_READPOOL_H

#include <stddef.h>
#include <stdint.h>

#include "git/odb.h"
#include "git/oid.h"
#include "git/repo.h"

/* What commit_raw.status says, beside 0 and odb.h's ODB_*. */
enum {
	RAW_CORRUPT = 16,	/* not a well-formed commit object */
};

/* What commit_raw_read parses beside the parents and the committer
 * time (its what, and readpool_read's). */
enum {
	RAW_MERGE = 1 << 0,	/* a commit of two parents or more: its
				 * merge record */
	RAW_SUBJECT = 1 << 1,	/* the merge record even of a commit with
				 * one parent (a merge by the commit-graph's
				 * word) */
	RAW_DATES = 1 << 2,	/* the author's and the committer's dates */
	RAW_DATES_ONLY = 1 << 3, /* the dates alone: no parents, no record
				  * (a commit the commit-graph gave them) */
	RAW_COMMITTER_ONLY = 1 << 4, /* the committer alone, from the
				      * headers: ident (a pulled tip's, whose
				      * committer keeps the tree pulled) */
	RAW_AUTHOR_ONLY = 1 << 5, /* the author alone, from the headers:
				   * ident (--people's authors before the
				   * range) */
};

/* One commit as read: parents up to the committer line, as the walk
 * reads them. */
struct commit_raw {
	int status;		/* 0, ODB_MISSING, ODB_FAILED, ODB_NOT_COMMIT,
				 * RAW_CORRUPT */
	char *why;		/* ODB_FAILED: libgit2's message */
	struct object_id *parent;
	uint32_t npar;
	int64_t ctime;		/* committer time, 0 when unreadable */
	/* With RAW_DATES or RAW_DATES_ONLY: the author's and the
	 * committer's times as commit_dates reads them (commitparse.h: the
	 * last committer line, before 1970 kept, where ctime, the
	 * generations', takes the first and 0). */
	int64_t author_date, committer_date;
	/*
	 * A merge's record for the history's pool (history.h), when it was
	 * asked for: the committer's "Name <mail>" and its length (32
	 * bits), the committer's time and zone, the subject (at subject in
	 * the record) and its NUL, then the reference lines and their NUL
	 * when body is set.  Its text converted to UTF-8 from the commit's
	 * declared encoding (commitparse.h's commit_reencode); when that
	 * failed, enc_status says why (reencode.h) and enc_name the
	 * encoding, for repo_note_encoding.
	 */
	char *merge;
	size_t merge_len, subject;
	int body;
	int enc_status;
	char *enc_name;
	/* With RAW_COMMITTER_ONLY (RAW_AUTHOR_ONLY): the committer's (the
	 * author's, its first author line's) "Name <mail>" as a
	 * merge's record holds it (its first committer line, converted to
	 * UTF-8 likewise), ident_len bytes (NULs may be among them). */
	char *ident;
	size_t ident_len;
};

void commit_raw_release(struct commit_raw *c);

/*
 * Read commit oid from o and parse it into out (released first): what is
 * RAW_* flags.  Any bytes are valid input: a bad object is a status,
 * never a crash.
 */
void commit_raw_read(struct odb *o, const struct object_id *oid,
		     unsigned what, struct commit_raw *out);

/* What was read of commit oid into c: 0, or -1 after reporting why it
 * cannot be used ("missing commit object X", "corrupt commit object X",
 * ...). */
int commit_raw_check(const struct commit_raw *c, const struct object_id *oid);

/* The number of threads --jobs 0 means: the cores this process may run
 * on (its CPU affinity mask), at least 1. */
unsigned readpool_default_jobs(void);

struct readpool;

/*
 * A pool of jobs threads over r's object database (jobs 0: the default):
 * the caller's thread and jobs - 1 more.  Returns 0, or -1 after
 * reporting the error.  With a libgit2 built without threads, one.
 */
int readpool_open(struct readpool **out, struct repo *r, unsigned jobs);
void readpool_free(struct readpool *p);

/* The threads reading (the caller's included). */
unsigned readpool_jobs(const struct readpool *p);

/*
 * Call fn(o, k, ctx) for each k of [0, n), on every thread, each with its
 * own object database handle o, and return when all are done.  fn may
 * write only what belongs to k (its record, at k), and read what no call
 * writes: which thread took k must leave no trace.
 */
typedef void readpool_fn(struct odb *o, size_t k, void *ctx);
void readpool_run(struct readpool *p, size_t n, readpool_fn *fn, void *ctx);

/* Read the n commits of oids into out[0..n) (what: RAW_* flags), on
 * every thread, and return when all are read. */
void readpool_read(struct readpool *p, const struct object_id *oids,
		   size_t n, unsigned what, struct commit_raw *out);

#endif
