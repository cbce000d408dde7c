/*
 * objname.h - object ids as a commit message writes them (a Fixes
 * trailer's "1234abcd", a revert's forty digits), resolved to commits
 * as `git rev-parse --verify <id>^{commit}` resolves them.
 *
 * Forty digits name that object; fewer (4 at least) name the one object
 * whose id starts with them, and when several do, git's disambiguation
 * for "^{commit}" keeps the one that leads to a commit (a commit, or a
 * tag peeling to one): none or two of those among the candidates is
 * ambiguous.  The object found is then peeled to its commit: a tag to
 * the commit it names, a tree or a blob to nothing.  Only object ids
 * are read: a ref whose name is hex digits is no candidate here, where
 * git would take it first (a message names commits, not refs).
 */
#ifndef TREEPLOT_OBJNAME_H
#define TREEPLOT_OBJNAME_H

#include <stddef.h>

#include "git/oid.h"
#include "git/repo.h"

/* One id to resolve: hex (len digits, 4 to 40, either case; borrowed)
 * in, status (revision.h's REV_*) and oid (REV_OK: the commit) out. */
struct objname {
	const char *hex;
	size_t len;
	int status;
	struct object_id oid;
};

/*
 * Resolve the n ids of v, each on its own: REV_OK with the commit,
 * REV_UNKNOWN (no such object, or not hex), REV_AMBIGUOUS (several
 * candidates, none or several of them commits), REV_NOT_COMMIT (a tree,
 * a blob, a tag of one).  The objects are listed once for all the short
 * ids that libgit2 finds ambiguous, never once per id.  Returns 0, or
 * -1 after reporting that the object database could not be read.
 */
int objname_resolve(struct repo *r, struct objname *v, size_t n);

#endif
