/*
 * render_text.h - the text report: header, the flow as an indented tree,
 * the summary figures, the unrecognised merges.
 */
#ifndef TREEPLOT_RENDER_TEXT_H
#define TREEPLOT_RENDER_TEXT_H

#include "aggregate.h"
#include "util.h"

void render_text(const struct flow *f, struct buf *out);

#endif
