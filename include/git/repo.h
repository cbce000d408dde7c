/*
 * repo.h - the repository, as libgit2 opens it: opening and naming it,
 * its origin, and what the walk asks of it.
 *
 * The repository's other parts have headers of their own: revisions,
 * tags and ranges (revision.h), trees and files (tree.h), raw objects
 * (odb.h), git's configuration and .mailmap (gitconfig.h).  Only the
 * modules behind these headers (and refdb_ro.c) include git2.h, through
 * libgit2.h: every other module sees plain data (object ids, bytes,
 * strings) and statuses (util.h).
 */
#ifndef TREEPLOT_REPO_H
#define TREEPLOT_REPO_H

#include <stddef.h>

#include "git/oid.h"
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

/* --- for the walk (history.c) ------------------------------------- */

/* Whether the repository is a shallow clone. */
int repo_is_shallow(struct repo *r);

/* The commits of a shallow clone's boundary (its "shallow" file), as a
 * new array.  Returns 0, or -1 after reporting the error. */
int repo_shallow_commits(struct repo *r, struct object_id **out, size_t *nr);

/* The object directories (each resolved, ending in '/'), as git reads
 * them: the repository's own or GIT_OBJECT_DIRECTORY first, then the
 * alternates (GIT_ALTERNATE_OBJECT_DIRECTORIES', then those each names
 * in info/alternates).  Returns their number; *dirs is r's. */
size_t repo_object_dirs(const struct repo *r, const char *const **dirs);

/*
 * Where treeplot must never write (the man page, OUTPUT): the git
 * directory, the common directory, every object directory and the work
 * tree's .git, each resolved (symbolic links, "..") without a trailing
 * '/'.  Returns their number; *paths (and each) are new.
 */
size_t repo_private_paths(const struct repo *r, char ***paths);

/* A common ancestor of all n commits (git merge-base --octopus): 1 and
 * *out, or 0 when they have none (unrelated histories). */
int repo_merge_base(struct repo *r, const struct object_id *commits, size_t n,
		    struct object_id *out);

/* --- commits whose text could not be converted to UTF-8 --------------- */

/*
 * Commit oid declares the encoding name (len bytes), and its text could
 * not be converted from it (status: reencode.h's REENCODE_UNKNOWN or
 * REENCODE_INVALID): the readers keep its bytes, escaped in the outputs,
 * and note it here.  Each commit counts once, however often it is read.
 */
void repo_note_encoding(struct repo *r, const struct object_id *oid,
			const char *name, size_t len, int status);

/* When commits were noted: one line on standard error saying how many,
 * which encodings and why ("treeplot: warning: ..."). */
void repo_warn_encodings(struct repo *r);

#endif
