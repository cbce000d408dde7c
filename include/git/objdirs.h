/*
 * objdirs.h - the object directories git reads objects from, in git's
 * order: the repository's own (or GIT_OBJECT_DIRECTORY), the directories
 * of GIT_ALTERNATE_OBJECT_DIRECTORIES, and the alternates each of them
 * names in its info/alternates, five levels deep at most.
 *
 * git's receive quarantine is the case that needs them all: a pre-receive
 * hook runs with the pushed objects in a directory of their own
 * (GIT_OBJECT_DIRECTORY) and the repository's objects as an alternate.
 * The repository family's own header (repo.c fills the list, the readers
 * take it through repo.h).
 */
#ifndef TREEPLOT_OBJDIRS_H
#define TREEPLOT_OBJDIRS_H

#include <stddef.h>

struct objdirs {
	char **dir;		/* each resolved, ending in '/'; the object
				 * directory first */
	size_t nr, alloc;
	char **env;		/* GIT_ALTERNATE_OBJECT_DIRECTORIES' own */
	size_t env_nr, env_alloc;
};

/*
 * Fill od from the object directory objdir, the value of
 * GIT_ALTERNATE_OBJECT_DIRECTORIES (NULL: unset) and base, the directory
 * its relative entries are relative to (NULL: the current one).  An
 * alternate that is no directory, or one already listed (a cycle), is
 * skipped as git skips it.  Every info/alternates is read as an untrusted
 * file (repofile.h).  Returns 0, or -1 after reporting.
 */
int objdirs_find(struct objdirs *od, const char *objdir, const char *env_alt,
		 const char *base);
void objdirs_release(struct objdirs *od);

#endif
