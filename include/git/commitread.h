/*
 * commitread.h - the batch object reader: what the reports read from
 * commits after the walk (committers, messages, signatures, sign-offs).
 *
 * The walk keeps only parents and merges' subjects.  An add-on that needs
 * more asks for a list of commits and the fields it wants; the object
 * database is opened once, each distinct commit of the list is read once
 * (a list may name a commit several times) and only the fields asked for
 * are parsed and kept.  A list known in advance is one call:
 *
 *	struct commit_batch b;
 *
 *	if (commit_batch_read(&b, r, h, list, n, CF_COMMITTER) < 0)
 *		return -1;
 *	... commit_batch_get(&b, c)->committer ...
 *	commit_batch_release(&b);
 *
 * and commits found as one goes are read on demand, each still once:
 *
 *	commit_batch_open(&b, r, h, CF_COMMITTER | CF_MESSAGE)
 *	...
 *	const struct commit_info *ci = commit_batch_fetch(&b, c);
 *	if (!ci) -> error, reported
 */
#ifndef TREEPLOT_COMMITREAD_H
#define TREEPLOT_COMMITREAD_H

#include <stddef.h>
#include <stdint.h>

#include "git/commitparse.h"
#include "git/gitconfig.h"
#include "git/odb.h"
#include "git/repo.h"

struct history;

/* The fields a batch reads. */
enum commit_field {
	CF_COMMITTER = 1 << 0,	/* "Name <mail>", through .mailmap */
	CF_MESSAGE = 1 << 1,	/* the whole message */
	CF_SIGNATURES = 1 << 2,	/* SIG_* flags: mergetag, gpgsig headers */
	CF_SIGNOFFS = 1 << 3,	/* the Signed-off-by values, through .mailmap */
	CF_AUTHOR = 1 << 4,	/* "Name <mail>", through .mailmap */
	CF_SUBJECT = 1 << 5,	/* git's %s */
	CF_TIME = 1 << 6,	/* the committer's time */
	CF_TRAILERS = 1 << 7,	/* the message's trailers, as written */
	CF_MERGETAG = 1 << 8,	/* the pulled tag's tagger date */
};

/* What was read of one commit: the fields not asked for stay empty ("",
 * 0).  Strings are NUL-terminated; a message may hold NULs of its own.
 * The text is as git log shows it: converted to UTF-8 from the commit's
 * declared encoding (commitparse.h's commit_reencode; when that fails,
 * the bytes as read, and the commit noted for repo_warn_encodings). */
struct commit_info {
	char *committer;
	size_t committer_len;	/* a committer may hold NULs */
	char *message;
	size_t message_len;
	unsigned signatures;	/* SIG_* */
	char *signoffs;		/* one value per line, in order */
	size_t signoffs_nr;
	char *author;		/* up to a NUL it may hold */
	char *subject;		/* the same */
	int64_t time;		/* seconds since the epoch */
	/* "Key: value" lines, each ending in a newline, as
	 * commitparse.h's commit_trailers reads them: git's trailers, no
	 * mailmap applied (which values name people is the reader's
	 * business). */
	char *trailers;
	size_t trailers_nr;
	/* commitparse.h's commit_mergetag_date: MERGETAG_*, the date. */
	int mergetag;
	int64_t tagger_time;
	/* When the text could not be converted to UTF-8: why (reencode.h's
	 * REENCODE_UNKNOWN or _INVALID) and from which encoding, for
	 * repo_note_encoding; else 0 and NULL. */
	int enc_status;
	char *enc_name;
};

/* Each info in a block of its own: what commit_batch_fetch hands out
 * stays where it is while the batch grows. */
struct commit_info_ref {
	struct commit_info *ci;
};

struct commit_batch {
	uint32_t *slot;		/* per history index: info + 1, 0 unread */
	struct commit_info_ref *info;
	uint32_t nr, alloc, history_nr;
	unsigned fields;
	size_t reads;		/* objects read: the distinct commits asked for */
	const struct history *h;	/* borrowed */
	struct repo *r;			/* borrowed: repo_note_encoding */
	struct odb *odb;	/* open for commit_batch_fetch */
	struct mailmap *mailmap;	/* for the fields naming people */
};

/*
 * Read fields of the n commits of list (history indexes of h, repeats
 * allowed) into b.  Returns 0, or -1 after reporting "cannot read commit
 * X" (b is then released).
 */
int commit_batch_read(struct commit_batch *b, struct repo *r,
		      const struct history *h, const uint32_t *list, size_t n,
		      unsigned fields);

/*
 * commit_batch_read of fields a commit's headers hold (CF_COMMITTER;
 * any other field reads as commit_batch_read does), on jobs threads
 * (readpool.h; 0: the cores), each distinct commit once and only up to
 * the end of its headers: the tips of the pulls, whose committers say
 * who keeps each tree, with or without a commit-graph.
 */
int commit_batch_read_jobs(struct commit_batch *b, struct repo *r,
			   const struct history *h, const uint32_t *list,
			   size_t n, unsigned fields, unsigned jobs);

/* An empty batch that reads fields of h's commits on demand.  Returns 0,
 * or -1 after reporting the error (b is then released). */
int commit_batch_open(struct commit_batch *b, struct repo *r,
		      const struct history *h, unsigned fields);

/* What was read of commit i, read now if it was not yet; NULL after
 * reporting "cannot read commit X".  Valid until commit_batch_release. */
const struct commit_info *commit_batch_fetch(struct commit_batch *b,
					     uint32_t i);

/*
 * One commit's fields read on any thread, the batch's way without the
 * batch: o is the thread's own handle (readpool.h), mm (NULL: none) a
 * mailmap shared read only.  Returns 0 with ci filled (every string
 * set; release it with commit_info_release), or one of odb.h's ODB_*,
 * nothing reported and nothing to release.  A text not converted is
 * left for the caller to note (ci->enc_status).
 */
int commit_info_read(struct odb *o, const struct mailmap *mm,
		     const struct object_id *oid, unsigned fields,
		     struct commit_info *ci);
void commit_info_release(struct commit_info *ci);

/* What was read of commit i, or NULL when it was not in the list. */
const struct commit_info *commit_batch_get(const struct commit_batch *b,
					   uint32_t i);

void commit_batch_release(struct commit_batch *b);

/*
 * Every commit of a list read on the read pool's threads and judged
 * there, then kept in the list's order on the caller's: --review's,
 * --fixes' and --check's way through a range's messages.  judge gets
 * each commit's fields (read with mm; NULL: none) and its item, the
 * commit's own item_size bytes, zeroed; it runs on any thread, ctx
 * read only.  keep gets the item of the commit at list[pos], in order;
 * clear (NULL: none) releases what judge put in the item.
 */
struct commit_each {
	unsigned fields;
	const struct mailmap *mm;
	size_t item_size;
	void (*judge)(const struct commit_info *ci, void *item,
		      const void *ctx);
	void (*keep)(uint32_t pos, void *item, void *ctx);
	void (*clear)(void *item);
	void *ctx;
};

/* Read and judge the n commits of list (history indexes of h) on jobs
 * threads (0: the cores), keeping them in order.  Returns 0, or -1
 * after reporting "cannot read commit X" (the commits before it kept);
 * a text in an encoding not converted is noted (repo_note_encoding). */
int commit_each_read(struct repo *r, const struct history *h,
		     const uint32_t *list, uint32_t n, unsigned jobs,
		     const struct commit_each *how);

#endif
