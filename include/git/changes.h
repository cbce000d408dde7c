/*
 * changes.h - the paths commits change against their first parents
 * (--routing): git diff-tree --no-renames --name-only, read on the read
 * pool's threads.
 *
 * Two trees are compared entry by entry in git's order, and only the
 * subtrees whose ids differ are read: a commit of three files in a tree
 * of 70,000 reads the few trees on their paths.  A path is a file, a
 * link or a submodule that appeared, went, or changed its id or its
 * mode; a file that became a directory is itself and the files below.
 */
#ifndef TREEPLOT_CHANGES_H
#define TREEPLOT_CHANGES_H

#include <stddef.h>
#include <stdint.h>

#include "git/oid.h"
#include "git/repo.h"

/* A commit to read, and whether it has a first parent (a root commit,
 * or a shallow boundary: its whole tree is its diff, as git's). */
struct change_ask {
	struct object_id commit, parent;
	int has_parent;
};

/* What one commit changes. */
struct changes {
	char *paths;		/* nr NUL-terminated paths, one after the */
	size_t len;		/* other, in git's order */
	uint32_t nr;
	char *why;		/* set when it could not be read */
};

/*
 * Read what each of the n commits of ask changes into out[0..n), on
 * jobs threads (0: the cores).  Returns 0, or -1 after reporting the
 * first commit (in ask's order) that could not be read.
 */
int changes_read(struct repo *r, unsigned jobs, const struct change_ask *ask,
		 size_t n, struct changes *out);
void changes_release(struct changes *c);

#endif
