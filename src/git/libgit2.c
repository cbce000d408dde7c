/*
 * libgit2.c - what the modules reading through libgit2 share beyond
 * libgit2.h's types: libgit2's last error, reported.  Below repo.c and
 * the other readers, so that each of them can report without reaching
 * into another.
 */
#include "git/libgit2.h"

#include "util/util.h"

int
git_fail(const char *what)
{
	const git_error *e = git_error_last();

	return error("%s: %s", what,
		     e && e->message ? e->message : "unknown error");
}
