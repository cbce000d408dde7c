/*
 * refdb_ro.h - a read-only view of a repository's references, for repo.c.
 *
 * libgit2's own reference database creates an empty reflog file when a
 * reflog revision (HEAD@{1}, @{-1}, main@{0}) asks for a log that does
 * not exist, so that merely resolving a revision could write into the
 * repository.  refdb_ro_install() puts libgit2's file-system database
 * behind a wrapper that reads references and logs as before, answers a
 * missing log with "not found" instead of creating it, and refuses every
 * write.  Like repo.c, a repository module: it includes git2.h.
 */
#ifndef TREEPLOT_REFDB_RO_H
#define TREEPLOT_REFDB_RO_H

struct git_repository;

/* Make the references of git read-only.  Returns 0, or -1 after
 * reporting the error. */
int refdb_ro_install(struct git_repository *git);

#endif
