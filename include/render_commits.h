/*
 * render_commits.h - one line per non-merge commit of the range: its id,
 * then its path's trees from the innermost to the mainline, TAB-separated.
 */
#ifndef TREEPLOT_RENDER_COMMITS_H
#define TREEPLOT_RENDER_COMMITS_H

#include "attribute.h"
#include "history.h"
#include "naming.h"
#include "util.h"

/* inferred (--infer-ff), when not NULL: per history index a tree the
 * commit was probably fast-forwarded from, or TREE_NONE; it comes first
 * in the path, marked with a leading '~'. */
void render_commits(const struct history *h, const struct attribution *a,
		    const struct tree_table *tt, const uint32_t *inferred,
		    struct buf *out);

#endif
