/*
 * repofile.h - a file of the repository (or one it names), opened as
 * untrusted: a regular file, or nothing.
 *
 * Anyone can put a FIFO, a device or a socket where git keeps a file
 * (objects/info/alternates, packed-refs, a pack's index, a commit-graph,
 * a configuration file's include, .mailmap).  Opening a FIFO for reading
 * waits for a writer, for ever; a device reads without end.  So every
 * file treeplot opens itself is opened with O_NONBLOCK and checked with
 * fstat before a byte is read; every file libgit2 opens for it is
 * checked with stat first (repofile_check), since libgit2 opens what it
 * finds as it is.  Either way the error names the file.
 */
#ifndef TREEPLOT_REPOFILE_H
#define TREEPLOT_REPOFILE_H

#include <sys/stat.h>

#include "util/buf.h"

/* What repofile_open returns when there is no such file (not reported). */
#define REPOFILE_MISSING (-2)

/*
 * Open path for reading, never waiting: its descriptor (close-on-exec),
 * with *st filled; REPOFILE_MISSING when it does not exist; or -1 after
 * reporting "cannot read 'PATH': not a regular file" (or it is a
 * directory, or the system's reason).  A symbolic link is followed, as
 * git follows it.
 */
int repofile_open(const char *path, struct stat *st);

/* The whole of a regular file path appended to out (whose data is then
 * never NULL, even for an empty file): 1, 0 when it does not exist, or -1
 * after reporting (repofile_open). */
int repofile_read(const char *path, struct buf *out);

/* Whether path, which libgit2 will open itself, may be opened: 1 for a
 * regular file, 0 when it does not exist, -1 after reporting. */
int repofile_check(const char *path);

/*
 * Every file in directory dir (ending in '/') and, with depth > 0, in its
 * subdirectories down to depth levels: 0 when each is a regular file (or
 * there is no such directory), -1 after reporting the first that is not.
 * For what libgit2 reads by listing a directory: refs, reflogs, packs.
 * Costs one readdir per directory: entries' types come with them.
 */
int repofile_check_dir(const char *dir, int depth);

/*
 * Whether the configuration file path, and every file it includes
 * ([include] and [includeIf] paths, whatever their conditions, down to
 * libgit2's ten levels), may be given to libgit2, which would wait on a
 * FIFO for ever (above): 1 when path is a regular file, 0 when it
 * does not exist (an error, reported, when required), -1 after reporting
 * the first that is not a regular file.  A missing include is fine, as it
 * is to git.
 */
int repofile_check_config(const char *path, int required);

#endif
