/*
 * compare_table.c - --compare's table as its writers read it: each
 * range's figures (the flow's, and the add-ons' kept in the table), the
 * summary's list of them, and which trees appeared or disappeared.
 * compare.c fills the table; compare_write.c and compare_trend.c read it
 * through these, so neither reaches back into compare.c.
 */
#include "modes/compare_table.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "addons/review.h"
#include "util/util.h"

/* --- the figures ---------------------------------------------------- */

int64_t
compare_figure_value(const struct figure *fg, const struct flow *f)
{
	if (!strcmp(fg->name, "commits"))
		return f->commits;
	if (!strcmp(fg->name, "direct"))
		return f->direct;
	if (!strcmp(fg->name, "direct_share"))	/* tenths of a percent */
		return f->commits ? ((int64_t)f->direct * 1000 +
				     f->commits / 2) / f->commits : 0;
	if (!strcmp(fg->name, "direct_applied"))
		return f->topics.applied;
	if (!strcmp(fg->name, "direct_topics"))
		return f->topics.through;
	if (!strcmp(fg->name, "topic_merges"))
		return f->topics.merges;
	if (!strcmp(fg->name, "merges"))
		return f->merges;
	if (!strcmp(fg->name, "trees"))
		return f->total_trees;
	if (!strcmp(fg->name, "small_trees"))
		return f->small_trees;
	return f->by_depth && fg->depth <= f->max_depth ?
	       f->by_depth[fg->depth] : 0;
}

/* --review's figure of a range: a share in tenths of a percent, or the
 * median hand-offs; -1 when fg is none of its. */
static int64_t
review_figure(const struct figure *fg, const struct review_stats *s)
{
	static const char *const shares[] = {
		"reviewed_share", "tested_share", "linked_share", "fixes_share",
		"stable_share",
	};
	const uint32_t part[] = {
		s->reviewed, s->tested, s->linked, s->fixes, s->stable,
	};

	for (size_t i = 0; i < ARRAY_SIZE(shares); i++)
		if (!strcmp(fg->name, shares[i]))
			return review_tenths(part[i], s->commits);
	return strcmp(fg->name, "handoffs_median") ? -1 :
	       (int64_t)s->handoffs_median;
}

/* Range k's share of commits pulled after the merge window, in tenths
 * of a percent (timeline_late_share's rounding). */
int64_t
compare_late_share(const struct table *t, size_t k)
{
	uint32_t n = t->charts[k].f.commits;

	return n ? ((int64_t)t->late_pulled[k] * 1000 + n / 2) / n : 0;
}

/* A figure of range k: --latency's, --timeline's and --review's from the
 * table, the others from the range's flow. */
int64_t
compare_figure_of(const struct figure *fg, const struct table *t, size_t k)
{
	const struct latency_stats *l = t->latency ? &t->latency[k] : NULL;
	int64_t v;

	if (l && !strcmp(fg->name, "latency_median"))
		return l->median;
	if (l && !strcmp(fg->name, "latency_p90"))
		return l->p90;
	if (l && !strcmp(fg->name, "latency_negative"))
		return l->negative;
	if (t->soak && !strcmp(fg->name, "soak_median"))
		return t->soak[k].median;
	if (t->late_pulled && !strcmp(fg->name, "late_pulled"))
		return t->late_pulled[k];
	if (t->late_pulled && !strcmp(fg->name, "late_pulled_share"))
		return compare_late_share(t, k);
	if (t->review && (v = review_figure(fg, &t->review[k])) >= 0)
		return v;
	return compare_figure_value(fg, &t->charts[k].f);
}

/* The figures, in order; the caller frees the array and, for depths,
 * the labels and names (from index *fixed on). */
struct figure *
compare_figures(const struct table *t, size_t *nr)
{
	static const struct figure head[] = {
		{ "commits", "commits", COUNT, 0 },
		{ "direct to the mainline", "direct", COUNT, 0 },
		{ "direct share", "direct_share", TENTHS, 0 },
		{ "  applied on the mainline", "direct_applied", COUNT, 0 },
		{ "  through topic branches", "direct_topics", COUNT, 0 },
		{ "  topic-branch merges", "topic_merges", COUNT, 0 },
		{ "merges", "merges", COUNT, 0 },
		{ "trees", "trees", COUNT, 0 },
	};
	static const struct figure lat[] = {
		{ "median latency (days)", "latency_median", SECONDS, 0 },
		{ "90th percentile (days)", "latency_p90", SECONDS, 0 },
		{ "negative latencies", "latency_negative", COUNT, 0 },
		{ "median soak (days)", "soak_median", SECONDS, 0 },
	};
	static const struct figure late[] = {
		{ "pulled after the merge window", "late_pulled", COUNT, 0 },
		{ "share pulled after the merge window", "late_pulled_share",
		  TENTHS, 0 },
	};
	static const struct figure rev[] = {
		{ "reviewed share", "reviewed_share", TENTHS, 0 },
		{ "tested share", "tested_share", TENTHS, 0 },
		{ "linked share", "linked_share", TENTHS, 0 },
		{ "fixes share", "fixes_share", TENTHS, 0 },
		{ "for-stable share", "stable_share", TENTHS, 0 },
		{ "median hand-offs", "handoffs_median", COUNT, 0 },
	};
	size_t n = ARRAY_SIZE(head) + t->max_depth + 1 + ARRAY_SIZE(lat) +
		   ARRAY_SIZE(late) + ARRAY_SIZE(rev);
	size_t k = 0;
	struct figure *fg = xcalloc(n, sizeof(*fg));

	for (; k < ARRAY_SIZE(head); k++)
		fg[k] = head[k];
	for (uint32_t d = 1; d <= t->max_depth; d++, k++) {
		struct buf label = BUF_INIT, name = BUF_INIT;

		buf_printf(&label, "trees at depth %u", d);
		buf_printf(&name, "trees_depth_%u", d);
		fg[k] = (struct figure){ label.data, name.data, COUNT, d };
	}
	fg[k++] = (struct figure){ "trees with 5 or fewer commits",
				   "small_trees", COUNT, 0 };
	for (size_t i = 0; t->latency && i < ARRAY_SIZE(lat); i++)
		fg[k++] = lat[i];
	for (size_t i = 0; t->late_pulled && i < ARRAY_SIZE(late); i++)
		fg[k++] = late[i];
	for (size_t i = 0; t->review && i < ARRAY_SIZE(rev); i++)
		fg[k++] = rev[i];
	*nr = k;
	return fg;
}

void
compare_figures_free(struct figure *fg, size_t nr)
{
	for (size_t k = 0; k < nr; k++) {
		if (!fg[k].depth)
			continue;
		free((char *)(uintptr_t)fg[k].label);
		free((char *)(uintptr_t)fg[k].name);
	}
	free(fg);
}

int
compare_appeared(const struct table *t, const struct row *r)
{
	return !r->commits[0] && r->commits[t->nr - 1];
}

int
compare_disappeared(const struct table *t, const struct row *r)
{
	return r->commits[0] && !r->commits[t->nr - 1];
}
