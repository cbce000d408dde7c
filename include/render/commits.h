/*
 * render/commits.h - one line per non-merge commit of the range: its id,
 * then its path's trees from the innermost to the mainline, TAB-separated.
 */
#ifndef TREEPLOT_RENDER_COMMITS_H
#define TREEPLOT_RENDER_COMMITS_H

#include "addons/extra.h"
#include "flow/attribute.h"
#include "flow/naming.h"
#include "git/history.h"
#include "util/buf.h"
#include "util/util.h"

/* The add-ons' fields (xs may be NULL: --infer-ff's "~tree") come
 * between the id and the path. */
void render_commits(const struct history *h, const struct attribution *a,
		    const struct tree_table *tt, const struct extras *xs,
		    struct buf *out);

#endif
