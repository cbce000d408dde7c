/*
 * gitconfig.h - git's own files, read through libgit2: the configuration
 * of every level, and .mailmap (gitconfig.c).
 */
#ifndef TREEPLOT_GITCONFIG_H
#define TREEPLOT_GITCONFIG_H

#include <stddef.h>

#include "git/repo.h"
#include "util/buf.h"

/* One entry: its full name as git spells it, its value (NULL for a bare
 * key) and the file it came from.  Returns 0 to go on, or a status to
 * stop with. */
typedef int repo_config_fn(const char *name, const char *value,
			   const char *file, void *data);

/* The repository's configuration, read once (a snapshot). */
struct repo_config;

/* Returns 0, or ST_USAGE after reporting the error. */
int repo_config_open(struct repo_config **out, struct repo *r);
void repo_config_free(struct repo_config *rc);

/*
 * Each entry matching the regular expression glob, lowest level first
 * (system, XDG, global, local, worktree...), each level's in file order:
 * those of the levels below the repository's own file when below is set,
 * else the others.  Returns 0, ST_USAGE after reporting a configuration
 * that cannot be read, or what fn returned.
 */
int repo_config_each(struct repo_config *rc, int below, const char *glob,
		     repo_config_fn *fn, void *data);

/* The same for the one file path (r may be NULL: no repository for its
 * includes); path must exist. */
int repo_config_file_each(struct repo *r, const char *path, const char *glob,
			  repo_config_fn *fn, void *data);

/* --- .mailmap -------------------------------------------------------- */

/* The repository's mailmap, read once: how git joins the spellings of
 * one person (git check-mailmap). */
struct mailmap;

/* Returns 0, or -1 after reporting the error. */
int mailmap_open(struct mailmap **out, struct repo *r);
void mailmap_free(struct mailmap *m);

/* Append the person ident ("Name <mail>", len bytes, as written in a
 * commit or a trailer) to out, as the mailmap names them: as written
 * when it does not (or m is NULL). */
void mailmap_person(const struct mailmap *m, const char *ident, size_t len,
		    struct buf *out);

#endif
