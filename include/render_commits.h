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

void render_commits(const struct history *h, const struct attribution *a,
		    const struct tree_table *tt, struct buf *out);

#endif
