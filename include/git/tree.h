/*
 * tree.h - trees and files at a revision: a file read from a commit's
 * tree, and paths as git's pathspecs for selecting commits by what they
 * touch (tree.c).
 */
#ifndef TREEPLOT_TREE_H
#define TREEPLOT_TREE_H

#include <stddef.h>

#include "git/oid.h"
#include "git/repo.h"
#include "util/buf.h"

/*
 * The file at path in commit's tree (read from the repository, not the
 * work tree), appended to out.  Returns 1, 0 when there is no such file
 * (or the repository lacks the tree or blob: a partial clone; or it is
 * a symbolic link, whose text is no file's), or -1
 * after reporting an error.
 */
int repo_read_file_at(struct repo *r, const struct object_id *commit,
		      const char *path, struct buf *out);

/*
 * A commit's tree, open for questions about its paths (MAINTAINERS'
 * patterns naming directories): a commit or tree that cannot be read
 * has no directory.
 */
struct repo_tree_at;

int repo_tree_at_open(struct repo_tree_at **out, struct repo *r,
		      const struct object_id *commit);
/* Whether path names a directory there: 1 or 0. */
int repo_tree_at_is_dir(struct repo_tree_at *t, const char *path);
void repo_tree_at_free(struct repo_tree_at *t);

/* --- selection by path (selection.c) ------------------------------- */

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

#endif
