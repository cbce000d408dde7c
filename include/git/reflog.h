/*
 * reflog.h - NAME@{n} read as git reads it (reflog.c), for revision.c.
 */
#ifndef TREEPLOT_REFLOG_H
#define TREEPLOT_REFLOG_H

#include "git/libgit2.h"

/*
 * NAME@{n} as git reads it (sha1-name.c, read_ref_at): n = 0 is the
 * newest entry's new value, n > 0 the old value of the n-th newest entry
 * (where the ref was n changes ago), which a log's first entry (from
 * nothing) does not have.  0 with *id; 1 when rev is not of that form
 * (another @{...}: libgit2 reads it); else libgit2's error, set.  A
 * suffix after the braces (~2, ^2) applies to the entry's commit.
 */
int reflog_entry(git_repository *git, const char *rev, git_oid *id);

#endif
