/*
 * render/graph_build.h - the chart as a cgraph graph, before any layout:
 * for render/graph.c, which writes it as DOT or lays it out and renders
 * it.
 */
#ifndef TREEPLOT_RENDER_GRAPH_BUILD_H
#define TREEPLOT_RENDER_GRAPH_BUILD_H

#include <graphviz/cgraph.h>

#include "flow/aggregate.h"
#include "render/graph_options.h"

/*
 * The graph of f as o says (o->format and o->layout known), opened with
 * disc (render/graph.c's ids and output channel); the chart's fold past
 * --chart-depth is said on stderr.  Returns NULL when cgraph cannot open
 * it.  Close it with agclose.
 */
Agraph_t *graph_build(const struct flow *f, const struct graph_options *o,
		      Agdisc_t *disc);

#endif
