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

/* The joins tt's evidence suggested but did not prove ("Likely
 * aliases"), each with the command that makes it; nothing when none
 * (tt may be NULL).  The report's section, and --compare's. */
void text_likely_aliases(const struct tree_table *tt, struct buf *out);

#endif
