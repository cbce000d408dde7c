/*
 * render/plan.h - what the chart will show, decided before Graphviz sees
 * anything: which side of the mainline each tree stands on, which edge
 * states its count beside itself, the prefix the tree names share, the
 * volume class and width of each flow, and which legend entries the
 * chart uses.
 *
 * Pure: plain data in, plain data out, so that it is tested without a
 * layout engine (render/graph_build.c turns the plan into a graph).
 */
#ifndef TREEPLOT_GRAPH_PLAN_H
#define TREEPLOT_GRAPH_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "flow/aggregate.h"
#include "render/names.h"
#include "util/colours.h"

/* Okabe-Ito vermillion and blue: told apart with every colour vision. */
#define COLOUR_MAJOR "#D55E00"
#define COLOUR_MINOR "#0072B2"
#define COLOUR_SMALL CHART_GREY
#define COLOUR_SMALL_TEXT CHART_GREY_TEXT	/* grey text must stay legible */
#define COLOUR_NEUTRAL "#BBBBBB"	/* the folded trees */

/* The one font family of every output, named in the SVG: the PNG and
 * PDF are drawn with it (fonts-dejavu-core), a viewer without it falls
 * back to its sans-serif. */
#define CHART_FONT "DejaVu Sans,sans-serif"

/* A flow's colour says its volume, and nothing else. */
enum volume {
	VOLUME_SMALL,		/* under --minor: grey */
	VOLUME_MINOR,		/* from --minor: blue */
	VOLUME_MAJOR,		/* from --major: vermillion */
	VOLUME_NEUTRAL,		/* the folded trees: grey, whatever their size */
};

/* What the legend lists: only the entries the chart uses. */
enum legend_item {
	LEGEND_MAJOR = 1 << 0,
	LEGEND_MINOR = 1 << 1,
	LEGEND_SMALL = 1 << 2,
	LEGEND_DIRECT = 1 << 3,		/* the direct commits' node */
	LEGEND_FEEDER = 1 << 4,		/* a tree pulled into the mainline */
	LEGEND_DEEPER = 1 << 5,		/* a tree behind another */
	LEGEND_MAIL = 1 << 6,		/* patches that came by mail */
	LEGEND_FOLD = 1 << 7,		/* "K other trees" */
	LEGEND_EDGE_COUNT = 1 << 8,	/* a count beside its edge */
	LEGEND_PREFIX = 1 << 9,		/* names shortened */
	LEGEND_DEEP_FOLD = 1 << 10,	/* trees past --chart-depth */
	LEGEND_TOPICS = 1 << 11,	/* the mainline's topic branches */
	LEGEND_CLUSTER = 1 << 12,	/* --branches: a repository's box */
};

/* Where an edge's count is drawn. */
enum {
	COUNT_IN_BOX,		/* its tree's box states it: all its commits */
	COUNT_AT_TAIL,		/* in the box it leaves, where it leaves */
};

struct graph_plan {
	uint32_t major, minor;	/* thresholds, hundredths of a percent */
	int8_t *side;		/* per tree: -1 left of the mainline, 1 right */
	uint8_t *edge_count;	/* per edge: COUNT_* */
	enum volume *volume;	/* per edge */
	uint32_t *width;	/* per edge: pen width in tenths */
	uint32_t *weight;	/* per edge: dot's weight, heavy kept short */
	uint8_t *outer;		/* per edge: 1 when its tree stands in a */
				/* second column (a long side staggered) */
	uint32_t direct_width;	/* the direct commits' flows: applied on */
	enum volume direct_volume;	/* the mainline's own line, and */
	uint32_t topics_width;	/* through its topic branches */
	enum volume topics_volume;
	struct shown_names shown;	/* per tree: the name its box shows
					 * (names.h), the mainline's aside */
	unsigned legend;	/* LEGEND_* */

	/* The trees deeper than fold_level, folded into one box
	 * (fold_trees of them; 0: nothing folded, hidden NULL).  Nothing
	 * above counts them: no side, count, volume or legend entry is
	 * planned for a folded tree or an edge with a folded end. */
	uint8_t *hidden;	/* per tree: 1 when folded */
	uint32_t fold_level, fold_trees;
	int fold_side;		/* the box's: -1 left of the mainline, 1 */
				/* right, 0 in its column (trees on both) */
	uint64_t fold_commits;	/* commits the fold sends to trees shown */
	uint64_t *fold_in;	/* per tree: commits, then pulls, it got */
	uint64_t *fold_pulls;	/* from folded trees (sums over edges) */
};

/*
 * Plan f's chart with the thresholds major and minor (hundredths of a
 * percent of f->commits).  two_sided: dot's layout, where the trees fed
 * into the mainline stand on both sides of it (else every side is -1).
 * The trees deeper than level (nested pulls: a tree pulled by a tree
 * pulled by the mainline is at level 2; 0: none) are folded into one
 * box, so that no history gives Graphviz a chain it cannot lay out.
 */
void graph_plan(const struct flow *f, uint32_t major, uint32_t minor,
		int two_sided, uint32_t level, struct graph_plan *p);
void graph_plan_release(struct graph_plan *p);

/* The class of commits out of total against the thresholds. */
enum volume graph_volume(uint32_t commits, uint32_t total, uint32_t major,
			 uint32_t minor);

/* The line colour and the text colour of a volume. */
const char *graph_colour(enum volume v);
const char *graph_text_colour(enum volume v);

/* Pen width in tenths: 1 + 16 sqrt(share), at most 9; and dot's weight
 * for the same flow into *weight (when not NULL). */
uint32_t graph_width(uint32_t commits, uint32_t total, uint32_t *weight);

/* The name tree i's box shows (names.h): unique, and unlike the
 * mainline's. */
const char *graph_shown_name(const struct graph_plan *p, const struct flow *f,
			     uint32_t i);

/* name without the prefix the plan's names share, when it has it and
 * something remains (a --branches cluster's repository). */
const char *graph_short_name(const struct graph_plan *p, const char *name);

#endif
