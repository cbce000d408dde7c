/*
 * timeline.h - the cycle in time (--timeline): when the mainline pulled
 * each tree, phase by phase.
 *
 * A pull is a merge of the mainline's lines that brought a tree into it
 * (attribute.h's pulls into the mainline: the merges of its first-parent
 * line, and the few made on its own topic branches).  It falls in the
 * phase (phases.h) of where it reached the first-parent line: itself,
 * or the merge of that line that brought it (latency_arrivals), never by
 * its date.  Its commits are those it brought, whatever their trees; a
 * direct commit arrives on the line itself (its own committer date) or
 * by the mainline's topic merge that brought it.
 *
 * The timeline's data (flow/timeline.h) is what the timeline chart draws
 * (the add-on's own chart, extra.h).  Nothing is read from the
 * repository but its tags (tags.h): the dates are the walk's
 * (HISTORY_LINE_DATES).
 */
#ifndef TREEPLOT_TIMELINE_H
#define TREEPLOT_TIMELINE_H

#include <stdint.h>

#include "util/pattern.h"
#include "flow/chart.h"
#include "flow/phases.h"
#include "flow/timeline.h"
#include "git/history.h"
#include "git/tags.h"

struct extra;

/*
 * The timeline of chart c (h its history, walked with HISTORY_LINE_DATES
 * or HISTORY_DATES), its phases cut by the tags of tm (tag_map_load with
 * phases_keep and pattern) as pattern (treeplot.releasePattern, or NULL)
 * tells releases.
 */
void timeline_measure(const struct history *h, const struct chart *c,
		      const struct tag_map *tm, const struct pattern *pattern,
		      struct timeline *out);
void timeline_release(struct timeline *tl);

/* The share of the range's commits pulled after the merge window (in a
 * phase after a pre-release tag), in tenths of a percent, rounded. */
int64_t timeline_late_share(const struct timeline *tl);

/*
 * The add-on (extra.h) of --timeline: a section of the text report, the
 * JSON's "phases", "late_trees" and "direct_by_day" and each tree's
 * "first_phase" and "timeline", and the CSV pulls table.
 */
extern const struct extra timeline_extra;

#endif
