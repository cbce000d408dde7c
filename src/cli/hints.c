/*
 * hints.c - what a walk tells the user on standard error beside the
 * output.
 */
#include "cli/hints.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git/commit_index.h"

/* The warning, or with require the error, naming boundary commit i,
 * one of nr in the ranges. */
static int
report_boundary(const struct history *h, uint32_t i, uint32_t nr,
		int require)
{
	char hex[OID_HEXSZ + 1], more[48] = "";	/* " (one of N ...)" */

	history_hex(h, i, hex);
	if (nr > 1)
		snprintf(more, sizeof(more), " (one of %u boundary commits)",
			 nr);
	/* Both say what is missing and the way out: the history beyond the
	 * boundary is simply not in this clone. */
	if (require) {
		error("the range reaches the shallow clone's boundary at "
		      "%.12s%s: its history is incomplete; fetch it with "
		      "'git fetch --unshallow' (or '--deepen=N')", hex, more);
		return ST_INCOMPLETE;
	}
	fprintf(stderr, "treeplot: warning: the range reaches the shallow "
		"clone's boundary at %.12s%s: commits beyond it are missing "
		"from the counts; 'git fetch --unshallow' (or '--deepen=N') "
		"fetches them\n", hex, more);
	return 0;
}

/* The first of the table's boundary commits with all of want in
 * flags, and their number in *nr. */
static uint32_t
first_boundary(const struct history *h, const uint8_t *flags, uint8_t want,
	       uint32_t *nr)
{
	uint32_t first = HIST_NONE;

	*nr = 0;
	for (uint32_t i = 0; i < h->nr; i++) {
		if ((h->flags[i] & HIST_SHALLOW) && (flags[i] & want) == want) {
			if (first == HIST_NONE)
				first = i;
			++*nr;
		}
	}
	return first;
}

int
hint_shallow(const struct history *h, int require)
{
	uint32_t nr, i;

	if (!h->shallow)
		return 0;
	i = first_boundary(h, h->flags, HIST_IN_RANGE, &nr);
	return i == HIST_NONE ? 0 : report_boundary(h, i, nr, require);
}

/* A walk marking commits with flag, not crossing those with stop. */
struct marking {
	uint8_t *flags;
	uint8_t flag, stop;
};

static int
mark_one(uint32_t i, void *data)
{
	struct marking *m = data;

	if (m->flags[i] & (m->flag | m->stop))
		return 0;
	m->flags[i] |= m->flag;
	return 1;
}

/* Mark in flags (HIST_IN_RANGE) the commits of rg within the union h,
 * as history_load would have for rg alone. */
static void
mark_range(const struct history *h, const struct commit_index *ix,
	   const struct range *rg, uint8_t *flags, struct history_stack *st)
{
	struct marking hide = { flags, HIST_HIDDEN, 0 };
	struct marking in = { flags, HIST_IN_RANGE, HIST_HIDDEN };
	uint32_t from = rg->has_from ? commit_index_find(ix, &rg->from) :
			HIST_NONE, to = commit_index_find(ix, &rg->to);

	if (from != HIST_NONE)
		history_walk(h, from, mark_one, &hide, st);
	if (to != HIST_NONE)
		history_walk(h, to, mark_one, &in, st);
}

int
hint_shallow_ranges(const struct history *h, const struct range *rgs,
		    size_t n, int require)
{
	struct commit_index ix;
	struct history_stack st = HISTORY_STACK_INIT;
	uint8_t *flags, *any;
	uint32_t nr, i;

	if (!h->shallow)	/* the union reaches no boundary */
		return 0;
	commit_index_init(&ix, h);
	flags = xmalloc(h->nr);
	any = xcalloc(h->nr, 1);
	for (size_t k = 0; k < n; k++) {
		memset(flags, 0, h->nr);
		mark_range(h, &ix, &rgs[k], flags, &st);
		for (uint32_t j = 0; j < h->nr; j++)
			any[j] |= flags[j] & HIST_IN_RANGE;
	}
	i = first_boundary(h, any, HIST_IN_RANGE, &nr);
	free(flags);
	free(any);
	history_stack_release(&st);
	commit_index_release(&ix);
	return i == HIST_NONE ? 0 : report_boundary(h, i, nr, require);
}

/* The threshold: TREEPLOT_GRAPH_HINT_MIN when set to a number. */
static unsigned long
graph_hint_min(void)
{
	const char *s = getenv("TREEPLOT_GRAPH_HINT_MIN");
	char *end;
	unsigned long v;

	if (!s || !*s)
		return HINT_GRAPH_MIN;
	v = strtoul(s, &end, 10);
	return *end ? HINT_GRAPH_MIN : v;
}

void
hint_commit_graph(const struct history *h, int whole)
{
	if (!h->no_graph || h->nr <= graph_hint_min())
		return;
	fprintf(stderr, "treeplot: hint: 'git commit-graph write --reachable' "
		"makes later runs like this one about %sx faster\n",
		whole ? HINT_GRAPH_SPEEDUP_WHOLE : HINT_GRAPH_SPEEDUP_RANGE);
}
