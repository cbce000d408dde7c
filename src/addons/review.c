/*
 * review.c - --review's figures over the range, the flow's trees and the
 * depths (review.h says what they count), and the add-on: the report's
 * section, JSON, CSV, the chart's box lines and tooltips, the commits
 * output.  The commits are read by review_read.c.
 */
#include "addons/review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "addons/pertree.h"
#include "flow/chart.h"
#include "util/csv.h"
#include "util/json_writer.h"

uint32_t
review_tenths(uint32_t part, uint32_t whole)
{
	return whole ? (uint32_t)(((uint64_t)part * 2000 + whole) /
				  ((uint64_t)whole * 2)) : 0;
}

/* --- the figures ------------------------------------------------------ */

/* What a group's figures are made of, until they are. */
struct group {
	struct review_stats s;
	uint32_t *handoffs, *reviewers, *testers;
	size_t handoffs_nr, reviewers_nr, testers_nr;
	size_t handoffs_alloc, reviewers_alloc, testers_alloc;
};

static void
add_u32(uint32_t **v, size_t *nr, size_t *alloc, uint32_t x)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = x;
}

/* Commit c of m into group g. */
static void
group_add(void *group, const void *marks, uint32_t c)
{
	struct group *g = group;
	const struct review_marks *m = marks;
	uint8_t fl = m->flags[c];
	const uint32_t *who;

	g->s.commits++;
	g->s.reviewed += !!(fl & REVIEW_REVIEWED);
	g->s.tested += !!(fl & REVIEW_TESTED);
	g->s.linked += !!(fl & REVIEW_LINKED);
	g->s.fixes += !!(fl & REVIEW_FIX);
	g->s.stable += !!(fl & REVIEW_STABLE);
	add_u32(&g->handoffs, &g->handoffs_nr, &g->handoffs_alloc,
		m->handoffs[c]);
	/* Nobody named anywhere: no array (and no arithmetic on NULL). */
	if (!m->who)
		return;
	who = m->who + m->start[c];
	for (uint32_t k = 0; k < m->reviewers[c]; k++)
		add_u32(&g->reviewers, &g->reviewers_nr, &g->reviewers_alloc,
			who[k]);
	for (uint32_t k = 0; k < m->testers[c]; k++)
		add_u32(&g->testers, &g->testers_nr, &g->testers_alloc,
			who[m->reviewers[c] + k]);
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* The order of a top list: the most commits first, then by name. */
static int
cmp_person(const struct review_person *a, const struct review_person *b,
	   char *const *people)
{
	int c;

	if (a->commits != b->commits)
		return a->commits > b->commits ? -1 : 1;
	c = strcmp(people[a->person], people[b->person]);
	return c ? c : (a->person > b->person) - (a->person < b->person);
}

/*
 * The REVIEW_TOP people of v (person numbers, one a commit they
 * reviewed or tested; sorted here) with the most commits, into top.
 */
static uint32_t
top_people(uint32_t *v, size_t n, const struct review_marks *m,
	   struct review_person *top)
{
	uint32_t nr = 0;

	if (n)
		qsort(v, n, sizeof(*v), cmp_u32);
	for (size_t k = 0; k < n;) {
		struct review_person p = { v[k], 0 };
		uint32_t at;

		for (; k < n && v[k] == p.person; k++)
			p.commits++;
		/* Insert p in its place, the last one dropped when full. */
		at = nr < REVIEW_TOP ? nr : REVIEW_TOP;
		while (at > 0 && cmp_person(&p, &top[at - 1], m->people) < 0)
			at--;
		if (at >= REVIEW_TOP)
			continue;
		if (nr < REVIEW_TOP)
			nr++;
		memmove(&top[at + 1], &top[at], (nr - 1 - at) * sizeof(*top));
		top[at] = p;
	}
	return nr;
}

static void
group_finish(void *group, const void *marks, void *stats)
{
	struct group *g = group;
	const struct review_marks *m = marks;
	struct review_stats *out = stats;
	*out = g->s;
	if (g->handoffs_nr) {
		qsort(g->handoffs, g->handoffs_nr, sizeof(*g->handoffs),
		      cmp_u32);
		out->handoffs_median = g->handoffs[(g->handoffs_nr - 1) / 2];
	}
	out->reviewers_nr = top_people(g->reviewers, g->reviewers_nr, m,
				       out->reviewers);
	out->testers_nr = top_people(g->testers, g->testers_nr, m,
				     out->testers);
	free(g->handoffs);
	free(g->reviewers);
	free(g->testers);
	memset(g, 0, sizeof(*g));
}

void
review_summarise(const struct review_marks *m, const struct chart *c,
		 struct review *out)
{
	struct pertree_sum how = { sizeof(struct group),
		sizeof(struct review_stats), group_add, group_finish, m };

	PERTREE_SUM_INTO(c, &how, out);
}

void
review_release(struct review *rv)
{
	free(rv->tree);
	free(rv->depth);
	memset(rv, 0, sizeof(*rv));
}

/* --- the add-on ------------------------------------------------------- */

struct review_state {
	struct review_marks marks;
	struct review rv;
};

static int
review_gather(const struct extra_input *in, int arg, void **state)
{
	struct review_state *st = xcalloc(1, sizeof(*st));

	(void)arg;
	if (review_read(in->r, in->h, in->c->a.order, in->c->a.order_nr,
			in->jobs, &st->marks) < 0) {
		free(st);
		return -1;
	}
	review_summarise(&st->marks, in->c, &st->rv);
	*state = st;
	return 1;
}

static void
review_free(void *state)
{
	struct review_state *st = state;

	review_marks_release(&st->marks);
	review_release(&st->rv);
	free(st);
}

/* Group i of the flow's trees (the mainline's: the range's). */
static const struct review_stats *
tree_stats(const struct review_state *st, uint32_t i)
{
	return i < st->rv.trees_nr ? &st->rv.tree[i] : NULL;
}

/* --- text --- */

/* A share as "62.3%" (width: right-aligned). */
static void
share_text(struct buf *out, int width, uint32_t part, uint32_t whole)
{
	char num[32];
	uint32_t t = review_tenths(part, whole);

	snprintf(num, sizeof(num), "%u.%u%%", t / 10, t % 10);
	buf_printf(out, "%*s", width, num);
}

static void
share(struct buf *out, uint32_t part, uint32_t whole)
{
	buf_puts(out, "  ");
	share_text(out, 8, part, whole);
}

static void
text_row(struct buf *out, int width, const struct review_stats *s)
{
	buf_printf(out, "  %*u", width > 7 ? width : 7, s->commits);
	share(out, s->reviewed, s->commits);
	share(out, s->tested, s->commits);
	share(out, s->linked, s->commits);
	share(out, s->fixes, s->commits);
	share(out, s->stable, s->commits);
	buf_printf(out, "  %9u  ", s->handoffs_median);
}

static void
text_people(struct buf *out, const char *what, const struct review_person *p,
	    uint32_t nr, char *const *people)
{
	buf_printf(out, "  %s\n", what);
	for (uint32_t k = 0; k < nr; k++) {
		buf_printf(out, "  %7u  ", p[k].commits);
		report_name(out, people[p[k].person]);
		buf_addc(out, '\n');
	}
	if (!nr)
		buf_puts(out, "  none\n");
}

static void
review_text(const void *state, const struct flow *f, int width,
	    struct buf *out)
{
	const struct review_state *st = state;
	const struct review *rv = &st->rv;
	int w = width > 7 ? width : 7;

	/* "reviewed" is the rule's, not git log's count of Reviewed-by
	 * lines: a maintainer's own trailer on what they commit is no
	 * review, so the heading says so. */
	buf_puts(out, "\nReview, from the commits' trailers: shares of the "
		 "commits, median hand-offs\n"
		 "  (reviewed: a Reviewed-by or Acked-by from neither author "
		 "nor committer)\n");
	buf_printf(out, "  %*s  %8s  %8s  %8s  %8s  %8s  %9s\n", w, "commits",
		   "reviewed", "tested", "linked", "fixes", "stable",
		   "hand-offs");
	text_row(out, width, &rv->all);
	buf_puts(out, "all commits\n");
	for (uint32_t d = 0; d < rv->depth_nr; d++) {
		text_row(out, width, &rv->depth[d]);
		if (d)
			buf_printf(out, "depth %u\n", d);
		else
			buf_puts(out, "depth 0: direct\n");
	}
	for (uint32_t i = 1; i < rv->trees_nr && i < f->trees_nr; i++) {
		text_row(out, width, &rv->tree[i]);
		report_name(out, f->trees[i].name);
		buf_addc(out, '\n');
	}
	text_people(out, "Reviewers (the commits whose review counts)",
		    rv->all.reviewers, rv->all.reviewers_nr,
		    st->marks.people);
	text_people(out, "Testers (the commits with their Tested-by)",
		    rv->all.testers, rv->all.testers_nr, st->marks.people);
}

/* --- JSON --- */

static void
json_people(struct json *j, const char *key, const struct review_person *p,
	    uint32_t nr, char *const *people)
{
	json_open(j, key, '[');
	for (uint32_t k = 0; k < nr; k++) {
		json_open(j, NULL, '{');
		json_str(j, "name", people[p[k].person]);
		json_uint(j, "commits", p[k].commits);
		json_close(j, '}');
	}
	json_close(j, ']');
}

void
review_stats_json(struct json *j, const struct review_stats *s,
		  char *const *people)
{
	json_open(j, "review", '{');
	json_uint(j, "commits", s->commits);
	json_uint(j, "reviewed", s->reviewed);
	json_uint(j, "tested", s->tested);
	json_uint(j, "linked", s->linked);
	json_uint(j, "fixes", s->fixes);
	json_uint(j, "stable", s->stable);
	json_uint(j, "handoffs_median", s->handoffs_median);
	if (people) {
		json_people(j, "reviewers", s->reviewers, s->reviewers_nr,
			    people);
		json_people(j, "testers", s->testers, s->testers_nr, people);
	}
	json_close(j, '}');
}

static void
review_json(const void *state, const struct flow *f, struct json *j)
{
	const struct review_state *st = state;

	(void)f;
	review_stats_json(j, &st->rv.all, st->marks.people);
	json_open(j, "review_by_depth", '[');
	for (uint32_t d = 0; d < st->rv.depth_nr; d++) {
		json_open(j, NULL, '{');
		json_uint(j, "depth", d);
		review_stats_json(j, &st->rv.depth[d], st->marks.people);
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void
review_json_tree(const void *state, const struct flow *f, uint32_t i,
		 struct json *j)
{
	const struct review_state *st = state;
	const struct review_stats *s = tree_stats(st, i);

	(void)f;
	if (s)
		review_stats_json(j, s, st->marks.people);
}

/* --- CSV --- */

/* Per tree: the commits reviewed, tested, linked, fixes and for stable,
 * and the median hand-offs (0 for a tree it has nothing of). */
static const struct extra_figure review_tree_figures[] = {
	EXTRA_CSV("reviewed", EXTRA_COUNT),
	EXTRA_CSV("tested", EXTRA_COUNT),
	EXTRA_CSV("linked", EXTRA_COUNT),
	EXTRA_CSV("fixes", EXTRA_COUNT),
	EXTRA_CSV("stable", EXTRA_COUNT),
	EXTRA_CSV("handoffs_median", EXTRA_COUNT),
};

static int
review_tree_figure(const void *state, const struct flow *f, uint32_t i,
		   size_t k, int64_t *v)
{
	const struct review_stats *s = tree_stats(state, i);
	static const struct review_stats none;

	(void)f;
	if (!s)
		s = &none;
	*v = (int64_t[]){ s->reviewed, s->tested, s->linked, s->fixes,
			  s->stable, s->handoffs_median }[k];
	return 1;
}

/* --- the chart --- */

static void
review_node_line(const void *state, const struct flow *f, uint32_t i,
		 struct buf *out)
{
	const struct review_stats *s = tree_stats(state, i);

	(void)f;
	/* A whole percentage, halves up (not the tenths rounded again). */
	if (s && s->commits)
		buf_printf(out, "%u%% reviewed", (uint32_t)(((uint64_t)
			   s->reviewed * 200 + s->commits) /
			   ((uint64_t)s->commits * 2)));
}

static void
tip_people(const struct extra_tip *tip, const char *what,
	   const struct review_person *p, uint32_t nr, char *const *people)
{
	if (!nr)
		return;
	buf_printf(tip->out, "%s%s: ", tip->newline, what);
	for (uint32_t k = 0; k < nr; k++) {
		if (k)
			buf_puts(tip->out, ", ");
		tip->text(tip->out, people[p[k].person]);
		buf_printf(tip->out, " (%u)", p[k].commits);
	}
}

static void
review_node_tip(const void *state, const struct flow *f, uint32_t i,
		const struct extra_tip *tip)
{
	const struct review_state *st = state;
	const struct review_stats *s = tree_stats(st, i);

	(void)f;
	if (!s || !s->commits)
		return;
	buf_printf(tip->out, "%sreview: ", tip->newline);
	share_text(tip->out, 0, s->reviewed, s->commits);
	buf_puts(tip->out, " reviewed, ");
	share_text(tip->out, 0, s->tested, s->commits);
	buf_puts(tip->out, " tested, ");
	share_text(tip->out, 0, s->linked, s->commits);
	buf_puts(tip->out, " linked, ");
	share_text(tip->out, 0, s->fixes, s->commits);
	buf_puts(tip->out, " fixes, ");
	share_text(tip->out, 0, s->stable, s->commits);
	buf_printf(tip->out, " for stable; median hand-offs %u",
		   s->handoffs_median);
	tip_people(tip, "reviewers", s->reviewers, s->reviewers_nr,
		   st->marks.people);
	tip_people(tip, "testers", s->testers, s->testers_nr,
		   st->marks.people);
}

static const struct extra_legend review_legend[] = {
	{ "in a box: of its commits, those with a Reviewed-by or Acked-by "
	  "from neither author nor committer",
	  EXTRA_LEGEND_NODE, NULL, "black", "62% reviewed" },
};

/* --- the commits output --- */

static void
review_commit_fields(const void *state, uint32_t commit, struct buf *out)
{
	const struct review_marks *m = &((const struct review_state *)state)->marks;
	uint8_t fl = commit < m->nr ? m->flags[commit] : 0;

	if (!(fl & REVIEW_READ)) {
		buf_puts(out, "\t\t\t\t\t\t");
		return;
	}
	buf_printf(out, "\t%d\t%d\t%d\t%d\t%d\t%u", !!(fl & REVIEW_REVIEWED),
		   !!(fl & REVIEW_TESTED), !!(fl & REVIEW_LINKED),
		   !!(fl & REVIEW_FIX), !!(fl & REVIEW_STABLE),
		   m->handoffs[commit]);
}

static const struct opt review_options[] = {
	{ .name = "review", .modes = MODE_REPORT | MODE_COMPARE,
	  .kind = OPT_SET, .value = 1,
	  .help = "review, testing, links, fixes, stable, hand-offs\n"
		  "from the commits' trailers (per tree, depth)" },
};

/* --- --compare: a range's review figures ------------------------------ */

/* What the union's commits' trailers say, read once for every range and
 * output. */
static int
review_compare_begin(const struct extra_compare *in, int arg, void **shared)
{
	struct review_marks *m = xmalloc(sizeof(*m));

	(void)arg;
	if (review_read_range(in->r, in->h, in->selected, in->jobs, m) < 0) {
		free(m);
		return -1;
	}
	*shared = m;
	return 0;
}

static void
review_compare_end(void *shared)
{
	review_marks_release(shared);
	free(shared);
}

static int
review_range_gather(const void *shared, const struct history *view,
		    const struct chart *c, void **state)
{
	struct review_stats *s = xmalloc(sizeof(*s));
	struct review rv;

	(void)view;
	review_summarise(shared, c, &rv);
	*s = rv.all;
	review_release(&rv);
	*state = s;
	return 0;
}

/* In the JSON the range's counts as review_stats_json writes them
 * (without the people), then the rows: the shares, the hand-offs. */
#define REVIEW_COUNT(name) EXTRA_MEMBER(name, EXTRA_COUNT, "review")
static const struct extra_figure review_figures[] = {
	REVIEW_COUNT("commits"),
	REVIEW_COUNT("reviewed"),
	REVIEW_COUNT("tested"),
	REVIEW_COUNT("linked"),
	REVIEW_COUNT("fixes"),
	REVIEW_COUNT("stable"),
	EXTRA_ROW("reviewed share", "reviewed_share", EXTRA_TENTHS,
		  "Reviewed share: a Reviewed-by or Acked-by from neither "
		  "author nor committer", "% of the commits"),
	EXTRA_ROW("tested share", "tested_share", EXTRA_TENTHS, NULL, NULL),
	EXTRA_ROW("linked share", "linked_share", EXTRA_TENTHS, NULL, NULL),
	EXTRA_ROW("fixes share", "fixes_share", EXTRA_TENTHS, NULL, NULL),
	EXTRA_ROW("for-stable share", "stable_share", EXTRA_TENTHS, NULL,
		  NULL),
	EXTRA_ROW_JSON("median hand-offs", "handoffs_median", EXTRA_COUNT,
		       NULL, NULL, 0, "review", NULL),
};

static int
review_range_figure(const void *state, const struct flow *f, size_t i,
		    int64_t *v)
{
	const struct review_stats *s = state;
	const uint32_t part[] = {
		s->commits, s->reviewed, s->tested, s->linked, s->fixes,
		s->stable,
	};

	(void)f;
	if (i < ARRAY_SIZE(part)) {
		*v = part[i];
		return 1;
	}
	if (i < 2 * ARRAY_SIZE(part) - 1) {
		*v = review_tenths(part[i - ARRAY_SIZE(part) + 1], s->commits);
		return s->commits > 0;
	}
	*v = (int64_t)s->handoffs_median;
	return 1;
}

const struct extra review_extra = {
	.name = "review",
	.options = review_options,
	.options_nr = ARRAY_SIZE(review_options),
	.gather = review_gather,
	.release = review_free,
	.text = review_text,
	.json = review_json,
	.json_tree = review_json_tree,
	.tree_figures = review_tree_figures,
	.tree_figures_nr = ARRAY_SIZE(review_tree_figures),
	.tree_figure = review_tree_figure,
	.node_line = review_node_line,
	.node_tip = review_node_tip,
	.legend = review_legend,
	.legend_nr = ARRAY_SIZE(review_legend),
	.commit_fields = review_commit_fields,
	.commit_fields_nr = 6,	/* reviewed, tested, linked, fix, stable,
				 * hand-offs */
	.compare_begin = review_compare_begin,
	.compare_end = review_compare_end,
	.range_gather = review_range_gather,
	.range_release = free,
	.range_figure = review_range_figure,
	.figures = review_figures,
	.figures_nr = ARRAY_SIZE(review_figures),
};
