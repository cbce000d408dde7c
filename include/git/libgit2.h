/*
 * libgit2.h - what the modules that read the repository through libgit2
 * share: git2.h, the repository's insides (struct repo), and libgit2's
 * last error reported.
 *
 * Included by repo.c, loose.c, revision.c, objname.c, reflog.c, tags.c,
 * tree.c, odb.c, gitconfig.c and libgit2.c alone (and refdb_ro.c includes git2.h
 * itself): every other module sees struct repo as repo.h declares it,
 * opaque.
 */
#ifndef TREEPLOT_LIBGIT2_H
#define TREEPLOT_LIBGIT2_H

#include <git2.h>

#include "git/objdirs.h"

/* repo.h's struct repo, defined. */
struct repo {
	git_repository *git;
	char *name;
	struct objdirs od;	/* where the objects are, as git reads them */
	struct packs *packs;	/* pack.h's, opened by the first odb_open */
	int packs_tried;
	struct encoding_note *enc;	/* repo_note_encoding's, for one */
	size_t enc_nr, enc_alloc;	/* warning at the end of the run */
	int mailmap_warned;	/* the mailmap files skipped and said */
};

/* Report "WHAT: libgit2's message" (error()); returns -1.  Valid right
 * after the libgit2 call that failed. */
int git_fail(const char *what);

/*
 * The commit id leads to, through tags (tags.c): 0, 1 when it leads to
 * no commit (a tree, a blob, a chain of tags too long: a cycle), or
 * libgit2's (negative) error when an object cannot be read.  Commits are
 * not parsed here (libgit2 refuses some that git reads): the walk parses
 * them, in commitparse.c.
 */
int repo_peel_commit(git_repository *git, const git_oid *id, git_oid *out);

/* Put loose.c's checking reader of the loose objects of objdir (ending
 * in '/') before libgit2's own in git's object database.  Returns 0, or
 * libgit2's error, unreported (git_error_last() says why). */
int loose_add_checked(git_repository *git, const char *objdir);

#endif
