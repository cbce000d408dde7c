/*
 * repo.h - the repository, as libgit2 reads it: opening and naming it,
 * resolving ranges, tags and revisions, reading a file at a revision, and
 * reading raw commit objects from its object database.
 *
 * repo.c is the only module that includes git2.h: every other module sees
 * plain data (object ids, bytes, strings) and statuses (util.h).
 */
#ifndef TREEPLOT_REPO_H
#define TREEPLOT_REPO_H

#include <stddef.h>
#include <stdint.h>

#include "git/oid.h"
#include "git/release.h"
#include "util/buf.h"
#include "util/util.h"

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

struct range {
	struct object_id from, to;
	int has_from;
	char *from_name;	/* as written, or the tag chosen; NULL if none */
	char *to_name;
	struct range_note *note;	/* the default range: why from */
};

/*
 * Resolve spec: "A..B", "A..", "..B", a single revision, or NULL for the
 * default: from the most recent release tag (tag_is_release, with
 * release: treeplot.releasePattern or NULL) on HEAD's first-parent chain,
 * starting at HEAD's first parent, to HEAD; the whole history when there
 * is none; out->note then says which tag and why (else it is NULL).
 * Returns ST_USAGE for a bad spec or unknown revision.
 */
int range_resolve(struct repo *r, const char *spec, const regex_t *release,
		  struct range *out);
void range_release(struct range *rg);

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

/* Which tags a caller counts: nonzero to keep tag name. */
typedef int repo_tag_filter(const char *name, const void *data);

/*
 * The tags keep keeps on the first-parent line of to, strictly between
 * from and to, newest first: a new array *names of *nr new strings (a
 * commit with several such tags by the smallest name).  Returns 0; 1
 * when the line ends before from (from is not on it), with the tags met
 * on the way; or -1 after reporting an error.
 */
int repo_first_parent_tags(struct repo *r, const struct object_id *from,
			   const struct object_id *to, repo_tag_filter *keep,
			   const void *data, char ***names, size_t *nr);

/* Append the subject of commit oid (git's %s: the first paragraph of its
 * message, lines joined by spaces) to out: one object read.  Returns 0,
 * or -1 after reporting the error. */
int repo_commit_subject(struct repo *r, const struct object_id *oid,
			struct buf *out);

/* The committer time of commit oid (seconds since the epoch) into *when:
 * one object read.  Returns 0, or -1 after reporting the error. */
int repo_commit_time(struct repo *r, const struct object_id *oid,
		     int64_t *when);

/*
 * The file at path in commit's tree (read from the repository, not the
 * work tree), appended to out.  Returns 1, 0 when there is no such file
 * (or the repository lacks the tree or blob: a partial clone), or -1
 * after reporting an error.
 */
int repo_read_file_at(struct repo *r, const struct object_id *commit,
		      const char *path, struct buf *out);

/* --- selection by path (select.c) ---------------------------------- */

/* Paths as git's pathspecs ("dir", "dir/file", "*.c"), compiled once. */
struct repo_pathspec;

void repo_pathspec_new(struct repo_pathspec **out, struct repo *r,
		       const char *const *paths, size_t nr);
void repo_pathspec_free(struct repo_pathspec *ps);

/*
 * Whether the diff from tree parent (NULL: the empty tree, for a root
 * commit) to tree touches a path of ps, as git log's pathspec limiting
 * sees it: 1 or 0, or -1 after reporting the error (a tree missing, as in
 * a partial clone without its trees, is said so).  Subtrees with equal
 * ids are not read.
 */
int repo_tree_touches(struct repo_pathspec *ps, const struct object_id *tree,
		      const struct object_id *parent);

/* --- git's configuration (config.c) -------------------------------- */

/* One entry: its full name as git spells it, its value (NULL for a bare
 * key) and the file it came from.  Returns 0 to go on, or a status to
 * stop with. */
typedef int repo_config_fn(const char *name, const char *value,
			   const char *file, void *data);

/* The repository's configuration, read once (a snapshot). */
struct repo_config;

/* Returns 0, or ST_USAGE after reporting the error. */
int repo_config_open(struct repo_config **out, struct repo *r);
void repo_config_free(struct repo_config *rc);

/*
 * Each entry matching the regular expression glob, lowest level first
 * (system, XDG, global, local, worktree...), each level's in file order:
 * those of the levels below the repository's own file when below is set,
 * else the others.  Returns 0, ST_USAGE after reporting a configuration
 * that cannot be read, or what fn returned.
 */
int repo_config_each(struct repo_config *rc, int below, const char *glob,
		     repo_config_fn *fn, void *data);

/* The same for the one file path (r may be NULL: no repository for its
 * includes); path must exist. */
int repo_config_file_each(struct repo *r, const char *path, const char *glob,
			  repo_config_fn *fn, void *data);

/* --- for the walk (history.c) ------------------------------------- */

/* Whether the repository is a shallow clone. */
int repo_is_shallow(struct repo *r);

/* The commits of a shallow clone's boundary (its "shallow" file), as a
 * new array.  Returns 0, or -1 after reporting the error. */
int repo_shallow_commits(struct repo *r, struct object_id **out, size_t *nr);

/* The object directory ("/path/objects/"), as a new string. */
char *repo_objects_dir(struct repo *r);

/* A common ancestor of all n commits (git merge-base --octopus): 1 and
 * *out, or 0 when they have none (unrelated histories). */
int repo_merge_base(struct repo *r, const struct object_id *commits, size_t n,
		    struct object_id *out);

/* --- .mailmap -------------------------------------------------------- */

/* The repository's mailmap, read once: how git joins the spellings of
 * one person (git check-mailmap). */
struct mailmap;

/* Returns 0, or -1 after reporting the error. */
int mailmap_open(struct mailmap **out, struct repo *r);
void mailmap_free(struct mailmap *m);

/* Append the person ident ("Name <mail>", len bytes, as written in a
 * commit or a trailer) to out, as the mailmap names them: as written
 * when it does not (or m is NULL). */
void mailmap_person(const struct mailmap *m, const char *ident, size_t len,
		    struct buf *out);

/* --- raw objects ---------------------------------------------------- */

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

/* libgit2's message for the last ODB_FAILED. */
const char *odb_error(const struct odb *o);

#endif
