/*
 * history.h - the commit graph of a range, read once through libgit2.
 *
 * This is the only module that talks to libgit2.  It resolves the range,
 * reads every commit it needs exactly once, and hands the rest of the
 * pipeline plain arrays indexed by a commit number: object ids, parents,
 * flags, and the subject line of every merge in the range.
 *
 * Exactness: the range A..B is every commit reachable from B and not from
 * A, whatever the committer dates say.  The walk therefore settles A's side
 * completely (every ancestor of A is marked before B's side is walked),
 * instead of stopping where the dates suggest, as a date-ordered revwalk
 * with hide() does.
 */
#ifndef TREEPLOT_HISTORY_H
#define TREEPLOT_HISTORY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "util.h"

#define HIST_NONE UINT32_MAX
#define OID_RAWSZ 20
#define OID_HEXSZ 40

/* Returned for errors that are the user's (a bad range, an unknown
 * revision): the caller exits with status 2 rather than 1. */
#define ERR_USAGE (-2)

struct object_id {
	unsigned char hash[OID_RAWSZ];
};

enum {
	HIST_LOADED = 1 << 0,	/* the object was read: parents are known */
	HIST_HIDDEN = 1 << 1,	/* reachable from the range's start */
	HIST_IN_RANGE = 1 << 2,	/* reachable from the end, not from the start */
	HIST_SHALLOW = 1 << 3,	/* a shallow boundary: its parents are absent */
	HIST_CUT_MERGE = 1 << 4, /* a shallow boundary that is a merge: no
				  * parents, yet a merge, which brings nothing */
	HIST_BODY = 1 << 5,	/* merge: reference lines follow its subject */
};

struct history {
	uint32_t nr, alloc;
	struct object_id *oid;
	uint8_t *flags;
	uint32_t *pstart;	/* parents of i: parent[pstart[i] .. + npar[i]] */
	uint16_t *npar;
	uint32_t *parent;
	size_t parent_nr, parent_alloc;
	uint32_t *subject;	/* merges in range: offset + 1 into pool, else 0 */
	struct buf pool;
	uint32_t *hash;		/* open addressing on oid: index + 1, 0 empty */
	uint32_t hash_size;
	uint32_t tip;		/* the range's end (B) */
	uint32_t in_range;	/* commits in the range, merges included */
	uint32_t shallow;	/* shallow boundary commits met on B's side */
};

static inline const uint32_t *
history_parents(const struct history *h, uint32_t i, uint32_t *nr)
{
	*nr = h->npar[i];
	/* Until some commit has parents, the array is NULL: no arithmetic
	 * on it (undefined even with 0). */
	return *nr ? h->parent + h->pstart[i] : NULL;
}

/* The subject of merge i in the range, or NULL. */
static inline const char *
history_subject(const struct history *h, uint32_t i)
{
	return h->subject[i] ? h->pool.data + h->subject[i] - 1 : NULL;
}

/*
 * The lines of merge i's body that name where it came from, joined by
 * newlines, or NULL when it has none: GitLab's "See merge request
 * GROUP/PROJECT!N" and numbered footnotes ("[1] URL", as subtree merges
 * write them).  Only those are kept: merge bodies are long (pull requests'
 * summaries) and these are all the classification reads.
 */
static inline const char *
history_body(const struct history *h, uint32_t i)
{
	const char *s = history_subject(h, i);

	if (!s || !(h->flags[i] & HIST_BODY))
		return NULL;
	return s + strlen(s) + 1;
}

/*
 * The committer time of merge i in the range (seconds since the epoch)
 * and its time zone (minutes east of UTC); 0 when it has no subject.
 */
static inline int64_t
history_merge_time(const struct history *h, uint32_t i, int32_t *tz)
{
	int64_t t = 0;

	*tz = 0;
	if (h->subject[i]) {
		const char *p = h->pool.data + h->subject[i] - 1;

		memcpy(tz, p - sizeof(*tz), sizeof(*tz));
		memcpy(&t, p - sizeof(*tz) - sizeof(t), sizeof(t));
	}
	return t;
}

/* Hex form of commit i's id into hex (OID_HEXSZ + 1 bytes). */
static inline void
history_hex(const struct history *h, uint32_t i, char *hex)
{
	static const char digits[] = "0123456789abcdef";
	const unsigned char *p = h->oid[i].hash;

	for (int k = 0; k < OID_RAWSZ; k++) {
		hex[2 * k] = digits[p[k] >> 4];
		hex[2 * k + 1] = digits[p[k] & 15];
	}
	hex[OID_HEXSZ] = '\0';
}

void history_release(struct history *h);

/* An open repository. */
struct repo;

/*
 * Open the repository at path, or discover it from the current directory
 * when path is NULL (bare repositories and worktrees included).
 */
int repo_open(struct repo **out, const char *path);
void repo_free(struct repo *r);

/* A short name for reports: the work tree's or the bare repository's
 * directory name, without a trailing ".git". */
const char *repo_name(const struct repo *r);

/* remote.origin.url as a new string, or NULL when unset. */
char *repo_origin_url(struct repo *r);

/* The libgit2 repository, for config.c's reading of git's configuration
 * (libgit2 declares git_repository as this struct). */
struct git_repository;
struct git_repository *repo_git(struct repo *r);

struct range {
	struct object_id from, to;
	int has_from;
	char *from_name;	/* as written, or the tag chosen; NULL if none */
	char *to_name;
};

/*
 * Resolve spec: "A..B", "A..", "..B", a single revision, or NULL for the
 * default (from the most recent non -rc tag on HEAD's first-parent chain,
 * starting at HEAD's first parent, to HEAD; the whole history when there
 * is none).  Returns ERR_USAGE for a bad spec or unknown revision.
 */
int range_resolve(struct repo *r, const char *spec, struct range *out);
void range_release(struct range *rg);

/*
 * Read the commits of the range (and of the start's history, to settle
 * exactness) into h.  With progress, a walk that lasts more than a second
 * shows its progress on stderr, erased when done.
 */
int history_load(struct repo *r, const struct range *rg, int progress,
		 struct history *h);

/*
 * Commit i's committer ("Name <mail>", as written) and its whole message,
 * read from its object, appended to committer and message.  For the few
 * commits a report needs more of than the walk keeps.
 */
int history_read_commit(struct repo *r, const struct history *h, uint32_t i,
			struct buf *committer, struct buf *message);

/* What the HTML report lists of a commit beside its path: offsets into
 * a pool of NUL-terminated strings, and its committer time. */
struct commit_text {
	uint32_t author;	/* "Name <mail>", as written */
	uint32_t subject;	/* git's %s, as repo_commit_subject */
	int64_t time;		/* committer time, seconds since the epoch */
};

/*
 * For each commit idx[k] (k < nr), its author, subject and committer time
 * into out[k], the strings appended to pool.  One object database, each
 * object read once.  Returns 0, or -1 after reporting the error.
 */
int history_read_texts(struct repo *r, const struct history *h,
		       const uint32_t *idx, uint32_t nr,
		       struct commit_text *out, struct buf *pool);

/*
 * The file at path in commit's tree (read from the repository, not the
 * work tree), appended to out.  Returns 1, 0 when there is no such file
 * (or the repository lacks the tree or blob: a partial clone), or -1
 * after reporting an error.
 */
int repo_read_file_at(struct repo *r, const struct object_id *commit,
		      const char *path, struct buf *out);

/* What history_merge_signatures finds on a merge. */
enum {
	SIG_MERGETAG = 1 << 0,	/* a pulled tag with a signature block */
	SIG_GPGSIG = 1 << 1,	/* the merge commit's own signature */
};

/*
 * The signatures merge i carries, as SIG_* flags in *flags: a "mergetag"
 * header (the signed tag the merge pulled, which git records only for
 * signed tags) holding a "-----BEGIN " signature block, and a "gpgsig"
 * header.  Read through libgit2's header access; presence only, nothing
 * is verified.
 */
int history_merge_signatures(struct repo *r, const struct history *h,
			     uint32_t i, unsigned *flags);

/*
 * Read the commits of n ranges in one walk: every commit reachable from a
 * range's end or start and not from a common ancestor of all the starts
 * (from the ends' whole histories when a range has no start, or the
 * starts none in common).  HIST_IN_RANGE marks that union, h->tip is the
 * first range's end; what each range holds is settled from it without
 * reading anything more (see compare.c).  Merges in the union have their
 * subjects.
 */
int history_load_union(struct repo *r, const struct range *rgs, size_t n,
		       int progress, struct history *h);

/* What repo_lookup_commit found. */
enum {
	REV_OK = 0,
	REV_UNKNOWN,		/* no such revision */
	REV_AMBIGUOUS,		/* an abbreviated id of several objects */
	REV_NOT_COMMIT,		/* names a tree or a blob */
};

/* Resolve rev (any revision syntax) to a commit, quietly: REV_OK, or what
 * was wrong, for a caller that reports it its own way. */
int repo_lookup_commit(struct repo *r, const char *rev, struct object_id *out);

/* Append the subject of commit oid (git's %s: the first paragraph of its
 * message, lines joined by spaces) to out: one object read.  Returns 0,
 * or -1 after reporting the error. */
int repo_commit_subject(struct repo *r, const struct object_id *oid,
			struct buf *out);

#endif
