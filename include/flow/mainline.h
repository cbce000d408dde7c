/*
 * mainline.h - which trees are the mainline's own repository, and why:
 * merges naming them are internal (attribution), and --explain says why.
 */
#ifndef TREEPLOT_MAINLINE_H
#define TREEPLOT_MAINLINE_H

#include <stddef.h>
#include <stdint.h>

#include "flow/classify.h"
#include "flow/naming.h"
#include "git/history.h"

/* Why a tree is the mainline's repository: bits of is_mainline[t]. */
enum {
	MAINLINE_GIVEN = 1 << 0,	/* --mainline-url, treeplot.mainlineUrl */
	MAINLINE_ORIGIN = 1 << 1,	/* remote.origin.url */
	MAINLINE_BACK_MERGES = 1 << 2,	/* named most by back-merges */
	MAINLINE_SELF_PULL = 1 << 3,	/* pulled into itself on its line */
	MAINLINE_GITHUB = 1 << 4,	/* pull requests from its own branches */
};

/*
 * The trees that are the mainline's repository, as a new array of
 * tt->nr entries (counted after the trees this adds) of MAINLINE_* bits
 * (0: not the mainline's): the urls given (--mainline-url,
 * treeplot.mainlineUrl), r's remote.origin.url, the tree that
 * back-merges name most often (merges whose pulled parent is on the
 * range end's first-parent line), the trees that line pulls into itself,
 * and the GitHub repositories of all these (pull requests from the
 * mainline's own branches).  m is h classified into tt.  With no URL
 * given and no origin, the GitHub tree whose pull requests the line
 * merged most looks like the mainline's own: a warning on stderr (once
 * a run) names it and how to name the mainline; it is taken for the
 * mainline's when its owner is repo (the repository's short name).
 */
uint8_t *mainline_trees(struct repo *r, const struct history *h,
			const struct merge_table *m, struct tree_table *tt,
			const char *const *urls, size_t urls_nr,
			const char *repo);

#endif
