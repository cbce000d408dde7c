/*
 * compare_table.c - --compare's table as its writers read it: each
 * range's figures (the flow's, and the add-ons' from their states), the
 * summary's list of them, and which trees appeared or disappeared.
 * compare.c fills the table; compare_write.c and compare_trend.c read it
 * through these, so neither reaches back into compare.c.
 */
#include "modes/compare_table.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

int64_t
compare_figure_has(const struct figure *fg, const struct table *t, size_t k,
		   int *has)
{
	const struct extra_run *x;
	int64_t v;

	*has = 1;
	if (fg->run == FIGURE_CORE)
		return compare_figure_value(fg, &t->charts[k].f);
	x = &t->xc->run[fg->run];
	*has = x->x->range_figure(t->xstate[fg->run * t->nr + k],
				  &t->charts[k].f, fg->i, &v);
	return v;
}

int64_t
compare_figure_of(const struct figure *fg, const struct table *t, size_t k)
{
	int has;

	return compare_figure_has(fg, t, k, &has);
}

/* The figures, in order; the caller frees the array and, for depths,
 * the labels and names (from index *fixed on). */
struct figure *
compare_figures(const struct table *t, size_t *nr)
{
#define CORE(label, name, kind) { label, name, kind, 0, FIGURE_CORE, 0 }
	static const struct figure head[] = {
		CORE("commits", "commits", COUNT),
		CORE("direct to the mainline", "direct", COUNT),
		CORE("direct share", "direct_share", TENTHS),
		CORE("  applied on the mainline", "direct_applied", COUNT),
		CORE("  through topic branches", "direct_topics", COUNT),
		CORE("  topic-branch merges", "topic_merges", COUNT),
		CORE("merges", "merges", COUNT),
		CORE("trees", "trees", COUNT),
	};
#undef CORE
	size_t n = ARRAY_SIZE(head) + t->max_depth + 1;
	size_t k = 0;
	struct figure *fg = xcalloc(n, sizeof(*fg));

	for (; k < ARRAY_SIZE(head); k++)
		fg[k] = head[k];
	for (uint32_t d = 1; d <= t->max_depth; d++, k++) {
		struct buf label = BUF_INIT, name = BUF_INIT;

		buf_printf(&label, "trees at depth %u", d);
		buf_printf(&name, "trees_depth_%u", d);
		fg[k] = (struct figure){ label.data, name.data, COUNT, d,
					 FIGURE_CORE, 0 };
	}
	fg[k++] = (struct figure){ "trees with 5 or fewer commits",
				   "small_trees", COUNT, 0, FIGURE_CORE, 0 };
	/* Then the add-ons', in the registry's order. */
	for (size_t r = 0; t->xc && r < t->xc->nr; r++) {
		const struct extra *x = t->xc->run[r].x;

		fg = xreallocarray(fg, k + x->figures_nr, sizeof(*fg));
		for (size_t i = 0; i < x->figures_nr; i++) {
			const struct extra_figure *xf = &x->figures[i];

			if (xf->label)	/* a row; else the JSON's */
				fg[k++] = (struct figure){ xf->label, xf->name,
					(enum figure_kind)xf->kind, 0, r, i };
		}
	}
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
