/*
 * render/json.h - the flow as one JSON object (schema in treeplot(1)).
 */
#ifndef TREEPLOT_RENDER_JSON_H
#define TREEPLOT_RENDER_JSON_H

#include "addons/extra.h"
#include "flow/aggregate.h"
#include "util/buf.h"
#include "util/json_writer.h"
#include "util/util.h"

/* The add-ons' members (xs may be NULL) follow the core's, in the
 * table's order. */
void render_json(const struct flow *f, const struct extras *xs,
		 struct buf *out);

/* The members "likely_aliases" of text_likely_aliases, only when any
 * (tt may be NULL): the report's, and --compare's. */
void json_likely_aliases(struct json *j, const struct tree_table *tt);

#endif
