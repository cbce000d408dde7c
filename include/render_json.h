/*
 * render_json.h - the flow as one JSON object (schema in treeplot(1)).
 */
#ifndef TREEPLOT_RENDER_JSON_H
#define TREEPLOT_RENDER_JSON_H

#include "aggregate.h"
#include "util.h"

#define JSON_FORMAT_VERSION 1

void render_json(const struct flow *f, struct buf *out);

#endif
