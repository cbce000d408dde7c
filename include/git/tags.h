/*
 * tags.h - a repository's tags by the commit they name (tags.c): for the
 * default range's release tag, --cycles' boundaries and --timeline's
 * phases.
 *
 * Only the references are listed and annotated tags peeled (read up to
 * their commit, whose object is not read): no commit is read here but
 * by repo_first_parent_tags, which walks a first-parent line.
 */
#ifndef TREEPLOT_TAGS_H
#define TREEPLOT_TAGS_H

#include <stddef.h>
#include <string.h>

#include "util/pattern.h"
#include "git/oid.h"
#include "git/repo.h"

/* Which tags a caller counts: nonzero to keep tag name. */
typedef int repo_tag_filter(const char *name, const void *data);

/* One tag: the commit it names (through annotated tags), its name (a new
 * string, without "refs/tags/"), and whether it is a release
 * (tag_is_release, release.h). */
struct tag_entry {
	struct object_id target;
	char *name;
	int release;
};

/* Tags sorted by commit, then name: a commit's tags are in a row. */
struct tag_map {
	struct tag_entry *t;
	size_t nr, alloc;
};

/*
 * Every tag of r that keep keeps (data: its argument) into out, release
 * marked by the rule of release (treeplot.releasePattern, or NULL).  A
 * ref whose name git would refuse, that cannot be read or that leads to
 * no commit is skipped, as git skips it.  Returns 0, or -1 after
 * reporting that the tags could not be listed.
 */
int tag_map_load(struct repo *r, repo_tag_filter *keep, const void *data,
		 const struct pattern *release, struct tag_map *out);
void tag_map_release(struct tag_map *tm);

/* The index of commit's first tag (the smallest name), or where it would
 * be: its tags are t[k] while tag_map_names(tm, k, commit). */
size_t tag_map_first(const struct tag_map *tm, const struct object_id *commit);

static inline int
tag_map_names(const struct tag_map *tm, size_t k,
	      const struct object_id *commit)
{
	return k < tm->nr &&
	       !memcmp(tm->t[k].target.hash, commit->hash, OID_RAWSZ);
}

/* Whether name is a tag's (refs/tags/NAME exists): no object read. */
int repo_is_tag(struct repo *r, const char *name);

/*
 * The tags keep keeps on the first-parent line of to, strictly between
 * from and to, newest first: a new array *names of *nr new strings (a
 * commit with several such tags by the smallest name).  Returns 0; 1
 * when the line ends before from (from is not on it), with the tags met
 * on the way; or -1 after reporting an error.
 */
int repo_first_parent_tags(struct repo *r, const struct object_id *from,
			   const struct object_id *to, repo_tag_filter *keep,
			   const void *data, char ***names, size_t *nr);

#endif
