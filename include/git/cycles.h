/*
 * cycles.h - --cycles A..B: the release cycles between two tags.
 *
 * The consecutive release cycles on B's first-parent line from A to B,
 * each from one release tag to the next, as ranges --compare resolves
 * like any other; the tags and the line are read through revision.h.
 * A tag off that line is no boundary: the mainline did not pass
 * through it.
 */
#ifndef TREEPLOT_CYCLES_H
#define TREEPLOT_CYCLES_H

#include <stddef.h>

#include "util/pattern.h"
#include "git/repo.h"
#include "git/revision.h"

/*
 * Expand spec "A..B" into the ranges "A..T1", "T1..T2", ..., "Tn..B",
 * where T1..Tn are the release tags (tag_is_release, release.h) on B's
 * first-parent line strictly between A and B, oldest first; a commit
 * with several release tags takes the smallest name.  *specs is a new
 * array of new strings (cycles_free).  Returns the number of ranges, or
 * ST_USAGE after reporting a bad spec, an unknown tag, or an A that is
 * not on B's first-parent line, or ST_FAILURE after reporting a read
 * error.
 */
int cycles_expand(struct repo *r, const char *spec, const struct pattern *pattern,
		  char ***specs);
void cycles_free(char **specs, size_t nr);

#endif
