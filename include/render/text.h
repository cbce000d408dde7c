/*
 * render/text.h - the text report: header, the flow as an indented tree,
 * the summary figures, the add-ons' sections, the unrecognised merges.
 */
#ifndef TREEPLOT_RENDER_TEXT_H
#define TREEPLOT_RENDER_TEXT_H

#include "addons/extra.h"
#include "flow/aggregate.h"
#include "util/buf.h"
#include "util/util.h"

/* The add-ons' sections (xs may be NULL) follow the summary. */
void render_text(const struct flow *f, const struct extras *xs,
		 struct buf *out);

#endif
