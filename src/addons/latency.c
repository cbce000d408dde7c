/*
 * latency.c - how long commits took to reach the mainline.
 *
 * Arrivals are settled from the topology alone (latency_arrivals), the
 * dates taken from the history (the walk kept them: HISTORY_DATES; this
 * module reads no object), then the latencies are summed up over the
 * range, the flow's trees and the depths.
 */
#include "addons/latency.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "addons/pertree.h"
#include "flow/chart.h"
#include "util/csv.h"
#include "util/escape.h"
#include "util/json_writer.h"

/* What the walk from one merge of the first-parent line marks. */
struct arrival_marking {
	const struct history *h;
	uint32_t *by;
	uint32_t merge;
};

static int
mark_arrival(uint32_t i, void *data)
{
	struct arrival_marking *m = data;

	/* Outside the range, or brought by an older merge (or on the
	 * line itself): what lies behind is settled already. */
	if (!(m->h->flags[i] & HIST_IN_RANGE) || m->by[i] != HIST_NONE)
		return 0;
	m->by[i] = m->merge;
	return 1;
}

uint32_t *
latency_arrivals(const struct history *h)
{
	uint32_t *by = xmalloc((h->nr ? h->nr : 1) * sizeof(*by));
	struct history_stack st = HISTORY_STACK_INIT;
	uint32_t n, *line = history_first_parent_line(h, &n);

	for (uint32_t i = 0; i < h->nr; i++)
		by[i] = HIST_NONE;
	/* The line's own commits first: no merge brings them. */
	for (uint32_t k = 0; k < n; k++)
		by[line[k]] = line[k];
	for (uint32_t k = 0; k < n; k++) {
		struct arrival_marking m = { h, by, line[k] };
		uint32_t np;
		const uint32_t *p = history_parents(h, line[k], &np);

		for (uint32_t q = 1; q < np; q++)
			history_walk(h, p[q], mark_arrival, &m, &st);
	}
	history_stack_release(&st);
	free(line);
	return by;
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

void
latency_stats_of(int64_t *v, uint32_t n, struct latency_stats *out)
{
	memset(out, 0, sizeof(*out));
	out->n = n;
	if (!n)
		return;
	qsort(v, n, sizeof(*v), cmp_i64);
	out->median = v[(n - 1) / 2];
	/* ceil(0.9 n) - 1, in integers: (9 n + 9) / 10 - 1. */
	out->p90 = v[((uint64_t)9 * n + 9) / 10 - 1];
	for (uint32_t k = 0; k < n && v[k] < 0; k++)
		out->negative++;
}

/* The arrivals and latencies of the non-merge commits of a, from their
 * author dates and the committer dates of those on the first-parent line
 * (by[c] == c), as the walk kept them. */
static int
take_dates(const struct history *h, const struct attribution *a,
	   const uint32_t *by, struct latency *out)
{
	if (a->order_nr && !h->author_date)
		return error("--latency: the history was walked without "
			     "its dates");
	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t c = a->order[k];
		int32_t tz;

		/* Every commit of the range is on the line or behind one
		 * of its merges; its own date should it ever not be. */
		if (by[c] == c || by[c] == HIST_NONE)
			out->arrival[c] = h->committer_date[c];
		else
			out->arrival[c] = history_merge_time(h, by[c], &tz);
		out->latency[c] = out->arrival[c] - h->author_date[c];
		out->committed[c] = h->committer_date[c];
		out->has[c] = 1;
	}
	return 0;
}

/* The figures of each group: the values added to it. */
struct groups {
	int64_t **v;
	uint32_t *nr;
	size_t *alloc;
	uint32_t n;
};

static void
groups_init(struct groups *g, uint32_t n)
{
	g->n = n;
	g->v = xcalloc(n ? n : 1, sizeof(*g->v));
	g->nr = xcalloc(n ? n : 1, sizeof(*g->nr));
	g->alloc = xcalloc(n ? n : 1, sizeof(*g->alloc));
}

static void
groups_add(struct groups *g, uint32_t k, int64_t v)
{
	ALLOC_GROW(g->v[k], g->nr[k] + 1, g->alloc[k]);
	g->v[k][g->nr[k]++] = v;
}

/* The figures of every group into a new array; g is released. */
static struct latency_stats *
groups_finish(struct groups *g)
{
	struct latency_stats *s = xcalloc(g->n ? g->n : 1, sizeof(*s));

	for (uint32_t k = 0; k < g->n; k++) {
		latency_stats_of(g->v[k], g->nr[k], &s[k]);
		free(g->v[k]);
	}
	free(g->v);
	free(g->nr);
	free(g->alloc);
	return s;
}

/* A group's three figures at once: latency, wait and soak. */
struct triple {
	struct groups lat, wait, soak;
	uint32_t *fresh;
};

static void
triple_init(struct triple *t, uint32_t n)
{
	groups_init(&t->lat, n);
	groups_init(&t->wait, n);
	groups_init(&t->soak, n);
	t->fresh = xcalloc(n ? n : 1, sizeof(*t->fresh));
}

/* Commit c's figures into group k. */
static void
triple_add(struct triple *t, uint32_t k, const struct latency *l, uint32_t c)
{
	int64_t soak = l->arrival[c] - l->committed[c];

	groups_add(&t->lat, k, l->latency[c]);
	groups_add(&t->wait, k, l->latency[c] - soak);
	groups_add(&t->soak, k, soak);
	t->fresh[k] += soak < FRESH_SECONDS;
}

/* The figures of every group: the latencies' returned, the split's in
 * *split (new arrays); t is released. */
static struct latency_stats *
triple_finish(struct triple *t, struct latency_split **split)
{
	struct latency_stats *w = groups_finish(&t->wait);
	struct latency_stats *s = groups_finish(&t->soak);
	uint32_t n = t->lat.n;

	*split = xcalloc(n ? n : 1, sizeof(**split));
	for (uint32_t k = 0; k < n; k++)
		(*split)[k] = (struct latency_split){ w[k], s[k], t->fresh[k] };
	free(w);
	free(s);
	free(t->fresh);
	return groups_finish(&t->lat);
}

static void
summarise(const struct flow *f, const struct attribution *a,
	  uint32_t ntrees, struct latency *out)
{
	const struct paths *p = &a->paths;
	uint32_t nt = f->trees_nr, maxd = 0;
	struct pertree pt;
	struct triple all, trees, depths;
	struct latency_stats *one;
	struct latency_split *one_split;

	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t d = pertree_depth(p, a->path_of[a->order[k]]);

		maxd = d > maxd ? d : maxd;
	}
	pertree_init(&pt, f, ntrees);
	triple_init(&all, 1);
	triple_init(&trees, nt);
	triple_init(&depths, a->order_nr ? maxd + 1 : 0);
	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t c = a->order[k], path = a->path_of[c];
		uint32_t n = pertree_of(&pt, p, path, c);

		triple_add(&all, 0, out, c);
		if (nt)
			triple_add(&trees, 0, out, c);
		for (uint32_t x = 0; x < n; x++)
			triple_add(&trees, pt.via[x], out, c);
		triple_add(&depths, pertree_depth(p, path), out, c);
	}
	one = triple_finish(&all, &one_split);
	out->all = one[0];
	out->split = one_split[0];
	free(one);
	free(one_split);
	out->trees_nr = nt;
	out->tree = triple_finish(&trees, &out->tree_split);
	out->depth_nr = depths.lat.n;
	out->depth = triple_finish(&depths, &out->depth_split);
	pertree_release(&pt);
}

int
latency_measure(const struct history *h, const struct chart *c,
		struct latency *out)
{
	uint32_t *by = latency_arrivals(h);
	size_t n = h->nr ? h->nr : 1;
	int ret;

	memset(out, 0, sizeof(*out));
	out->arrival = xcalloc(n, sizeof(*out->arrival));
	out->latency = xcalloc(n, sizeof(*out->latency));
	out->committed = xcalloc(n, sizeof(*out->committed));
	out->has = xcalloc(n, 1);
	ret = take_dates(h, &c->a, by, out);
	free(by);
	if (ret < 0) {
		latency_release(out);
		return -1;
	}
	summarise(&c->f, &c->a, c->tt.nr, out);
	return 0;
}

void
latency_release(struct latency *l)
{
	free(l->arrival);
	free(l->latency);
	free(l->committed);
	free(l->has);
	free(l->tree);
	free(l->depth);
	free(l->tree_split);
	free(l->depth_split);
	memset(l, 0, sizeof(*l));
}

/* --- the add-on: the report's section, JSON, CSV, tooltips, commits --- */

/*
 * Seconds as days with one decimal, rounded to the nearest tenth, halves
 * away from zero (never "-0.0").
 */
static void
days(struct buf *out, int width, int64_t s)
{
	uint64_t mag = s < 0 ? (uint64_t)0 - (uint64_t)s : (uint64_t)s;
	uint64_t tenths = (mag + 4320) / 8640;
	char num[48];

	snprintf(num, sizeof(num), "%s%" PRIu64 ".%" PRIu64,
		 s < 0 && tenths ? "-" : "", tenths / 10, tenths % 10);
	buf_printf(out, "%*s", width, num);
}

static int
latency_gather(const struct extra_input *in, int arg, void **state)
{
	struct latency *l = xcalloc(1, sizeof(*l));

	(void)arg;
	if (latency_measure(in->h, in->c, l) < 0) {
		free(l);
		return -1;
	}
	*state = l;
	return 1;
}

static void
latency_free(void *state)
{
	latency_release(state);
	free(state);
}

/* One row of the section: the figures, then what they are over. */
static void
text_row(struct buf *out, int width, const struct latency_stats *s)
{
	buf_printf(out, "  %*u", width > 7 ? width : 7, s->n);
	if (s->n) {
		days(out, 9, s->median);
		days(out, 9, s->p90);
	} else {
		buf_printf(out, "%9s%9s", "-", "-");
	}
	buf_printf(out, "  %8u  ", s->negative);
}

/* One row of the split's section: wait's and soak's figures, the share
 * fresh at pull, then what they are over. */
static void
split_row(struct buf *out, int width, uint32_t n,
	  const struct latency_split *s)
{
	const struct latency_stats *st[2] = { &s->wait, &s->soak };

	buf_printf(out, "  %*u", width > 7 ? width : 7, n);
	for (int k = 0; k < 2; k++) {
		if (n) {
			days(out, 11, st[k]->median);
			days(out, 9, st[k]->p90);
		} else {
			buf_printf(out, "%11s%9s", "-", "-");
		}
		buf_printf(out, "  %8u", st[k]->negative);
	}
	if (n)
		buf_printf(out, "  %6.1f%%  ", report_percent(s->fresh, n));
	else
		buf_printf(out, "  %7s  ", "-");
}

/* The latencies split at the committer date: wait and soak. */
static void
split_text(const struct latency *l, const struct flow *f, int width,
	   struct buf *out)
{
	int w = width > 7 ? width : 7;

	buf_puts(out, "\nWait and soak: each latency split at the commit's "
		 "committer date (days)\n"
		 "  wait: from author date to committer date (before the "
		 "tree took it);\n"
		 "  soak: from committer date to arrival (in the tree); "
		 "fresh: soaked under a day\n");
	buf_printf(out, "  %*s  %-28s  %-28s\n", w, "", "----------- wait "
		   "-----------", "----------- soak -----------");
	buf_printf(out, "  %*s%11s%9s  %8s%11s%9s  %8s  %7s\n", w, "commits",
		   "median", "p90", "negative", "median", "p90", "negative",
		   "fresh");
	split_row(out, width, l->all.n, &l->split);
	buf_puts(out, "all commits\n");
	for (uint32_t d = 0; d < l->depth_nr; d++) {
		split_row(out, width, l->depth[d].n, &l->depth_split[d]);
		if (d)
			buf_printf(out, "depth %u\n", d);
		else
			buf_puts(out, "depth 0: direct\n");
	}
	for (uint32_t i = 1; i < l->trees_nr && i < f->trees_nr; i++) {
		split_row(out, width, l->tree[i].n, &l->tree_split[i]);
		report_name(out, f->trees[i].name);
		buf_addc(out, '\n');
	}
}

static void
latency_text(const void *state, const struct flow *f, int width,
	     struct buf *out)
{
	const struct latency *l = state;

	buf_puts(out, "\nLatency: from author date to arrival in the mainline "
		 "(days)\n");
	buf_printf(out, "  %*s%9s%9s  %8s\n", width > 7 ? width : 7,
		   "commits", "median", "p90", "negative");
	text_row(out, width, &l->all);
	buf_puts(out, "all commits\n");
	for (uint32_t d = 0; d < l->depth_nr; d++) {
		text_row(out, width, &l->depth[d]);
		if (d)
			buf_printf(out, "depth %u\n", d);
		else
			buf_puts(out, "depth 0: direct\n");
	}
	for (uint32_t i = 1; i < l->trees_nr && i < f->trees_nr; i++) {
		text_row(out, width, &l->tree[i]);
		report_name(out, f->trees[i].name);
		buf_addc(out, '\n');
	}
	split_text(l, f, width, out);
}

void
latency_stats_json(struct json *j, const char *key,
		   const struct latency_stats *s)
{
	json_open(j, key, '{');
	if (s->n) {
		json_int(j, "median", s->median);
		json_int(j, "p90", s->p90);
	} else {
		json_str(j, "median", NULL);
		json_str(j, "p90", NULL);
	}
	json_uint(j, "negative", s->negative);
	json_close(j, '}');
}

/* The split's members: "wait", "soak", "fresh". */
static void
json_split(struct json *j, const struct latency_split *s)
{
	latency_stats_json(j, "wait", &s->wait);
	latency_stats_json(j, "soak", &s->soak);
	json_uint(j, "fresh", s->fresh);
}

static void
latency_json(const void *state, const struct flow *f, struct json *j)
{
	const struct latency *l = state;

	(void)f;
	latency_stats_json(j, "latency", &l->all);
	json_split(j, &l->split);
	json_open(j, "latency_by_depth", '[');
	for (uint32_t d = 0; d < l->depth_nr; d++) {
		json_open(j, NULL, '{');
		json_uint(j, "depth", d);
		json_uint(j, "commits", l->depth[d].n);
		latency_stats_json(j, "latency", &l->depth[d]);
		json_split(j, &l->depth_split[d]);
		json_close(j, '}');
	}
	json_close(j, ']');
}

/* Per tree: the latency, the wait and the soak (median and p90, none
 * over no commit; the negatives), then the fresh commits; in the JSON
 * as latency_stats_json and json_split write them. */
#define LATENCY_COLUMN(name, kind, group, key) \
	EXTRA_FIGURE(name, kind, EXTRA_IN_CSV | EXTRA_IN_JSON | EXTRA_NULL, \
		     group, key)
static const struct extra_figure latency_tree_figures[] = {
	LATENCY_COLUMN("latency_median", EXTRA_SECONDS, "latency", "median"),
	LATENCY_COLUMN("latency_p90", EXTRA_SECONDS, "latency", "p90"),
	LATENCY_COLUMN("latency_negative", EXTRA_COUNT, "latency",
		       "negative"),
	LATENCY_COLUMN("wait_median", EXTRA_SECONDS, "wait", "median"),
	LATENCY_COLUMN("wait_p90", EXTRA_SECONDS, "wait", "p90"),
	LATENCY_COLUMN("wait_negative", EXTRA_COUNT, "wait", "negative"),
	LATENCY_COLUMN("soak_median", EXTRA_SECONDS, "soak", "median"),
	LATENCY_COLUMN("soak_p90", EXTRA_SECONDS, "soak", "p90"),
	LATENCY_COLUMN("soak_negative", EXTRA_COUNT, "soak", "negative"),
	LATENCY_COLUMN("fresh", EXTRA_COUNT, NULL, NULL),
};

static int
latency_tree_figure(const void *state, const struct flow *f, uint32_t i,
		    size_t k, int64_t *v)
{
	const struct latency *l = state;
	const struct latency_stats *s = i < l->trees_nr ? &l->tree[i] : NULL;
	const struct latency_split *sp = s ? &l->tree_split[i] : NULL;
	const struct latency_stats *st = k < 3 ? s : !sp ? NULL :
					 k < 6 ? &sp->wait : &sp->soak;

	(void)f;
	if (k == 9) {
		*v = sp ? sp->fresh : 0;
		return 1;
	}
	if (k % 3 == 2) {
		*v = st ? st->negative : 0;
		return 1;
	}
	if (!st || !s->n)
		return 0;
	*v = k % 3 ? st->p90 : st->median;
	return 1;
}

/* A line of a tooltip: "WHAT (days): median M, p90 P[, N negative]". */
static void
tip_stats(const struct extra_tip *tip, const char *what,
	  const struct latency_stats *s)
{
	buf_printf(tip->out, "%s%s (days): median ", tip->newline, what);
	days(tip->out, 0, s->median);
	buf_puts(tip->out, ", p90 ");
	days(tip->out, 0, s->p90);
	if (s->negative)
		buf_printf(tip->out, ", %u negative", s->negative);
}

static void
latency_node_tip(const void *state, const struct flow *f, uint32_t i,
		 const struct extra_tip *tip)
{
	const struct latency *l = state;
	const struct latency_stats *s;

	(void)f;
	if (i >= l->trees_nr || !l->tree[i].n)
		return;
	s = &l->tree[i];
	buf_printf(tip->out, "%slatency (days): median ", tip->newline);
	days(tip->out, 0, s->median);
	buf_puts(tip->out, ", p90 ");
	days(tip->out, 0, s->p90);
	if (s->negative)
		buf_printf(tip->out, ", %u negative", s->negative);
	tip_stats(tip, "wait", &l->tree_split[i].wait);
	tip_stats(tip, "soak", &l->tree_split[i].soak);
	buf_printf(tip->out, "; %.1f%% fresh at pull",
		   report_percent(l->tree_split[i].fresh, s->n));
}

static void
latency_commit_fields(const void *state, uint32_t commit, struct buf *out)
{
	const struct latency *l = state;

	if (!l->has[commit]) {
		buf_puts(out, "\t\t\t");
		return;
	}
	buf_printf(out, "\t%" PRId64 "\t%+" PRId64 "\t%" PRId64,
		   l->arrival[commit], l->latency[commit],
		   l->committed[commit]);
}

static const struct opt latency_options[] = {
	{ .name = "latency", .modes = MODE_REPORT | MODE_COMPARE,
	  .kind = OPT_SET, .value = 1,
	  .help = "days from author date to arrival in the mainline:\n"
		  "median, 90th percentile, negatives (per tree, depth),\n"
		  "split at the committer date: wait and soak" },
};

/* --- --compare: a range's latency and soak --------------------------- */

struct latency_range {
	struct latency_stats all, soak;
};

static int
latency_range_gather(const void *shared, const struct history *view,
		     const struct chart *c, void **state)
{
	struct latency_range *lr;
	struct latency l;

	(void)shared;
	if (latency_measure(view, c, &l) < 0)
		return -1;
	lr = xmalloc(sizeof(*lr));
	lr->all = l.all;
	lr->soak = l.split.soak;
	latency_release(&l);
	*state = lr;
	return 0;
}

/* The rows, and in the JSON the latency's and the soak's figures as
 * latency_stats_json writes them. */
static const struct extra_figure latency_figures[] = {
	EXTRA_ROW_JSON("median latency (days)", "latency_median",
		       EXTRA_SECONDS, "Median latency, from author date to "
		       "arrival in the mainline", "days", EXTRA_NULL,
		       "latency", "median"),
	EXTRA_ROW_JSON("90th percentile (days)", "latency_p90",
		       EXTRA_SECONDS, NULL, NULL, EXTRA_NULL, "latency", "p90"),
	EXTRA_ROW_JSON("negative latencies", "latency_negative",
		       EXTRA_COUNT, NULL, NULL, 0, "latency", "negative"),
	EXTRA_ROW_JSON("median soak (days)", "soak_median", EXTRA_SECONDS,
		       "Median soak, from committer date to arrival in the "
		       "mainline", "days", EXTRA_NULL, "soak", "median"),
	EXTRA_FIGURE("soak_p90", EXTRA_SECONDS, EXTRA_IN_JSON | EXTRA_NULL,
		     "soak", "p90"),
	EXTRA_FIGURE("soak_negative", EXTRA_COUNT, EXTRA_IN_JSON, "soak",
		     "negative"),
};

static int
latency_range_figure(const void *state, const struct flow *f, size_t i,
		     int64_t *v)
{
	const struct latency_range *lr = state;
	const struct latency_stats *s = i < 3 ? &lr->all : &lr->soak;

	(void)f;
	switch (i) {
	case 0: case 3:
		*v = s->median;
		return s->n > 0;
	case 1: case 4:
		*v = s->p90;
		return s->n > 0;
	default:
		*v = s->negative;
		return 1;
	}
}

const struct extra latency_extra = {
	.name = "latency",
	.options = latency_options,
	.options_nr = ARRAY_SIZE(latency_options),
	.walk = HISTORY_DATES,		/* the commits' dates, read by the walk */
	.gather = latency_gather,
	.release = latency_free,
	.text = latency_text,
	.json = latency_json,
	.tree_figures = latency_tree_figures,
	.tree_figures_nr = ARRAY_SIZE(latency_tree_figures),
	.tree_figure = latency_tree_figure,
	.node_tip = latency_node_tip,
	.commit_fields = latency_commit_fields,
	.commit_fields_nr = 3,		/* arrival, latency, committer date */
	.range_gather = latency_range_gather,
	.range_release = free,
	.range_figure = latency_range_figure,
	.figures = latency_figures,
	.figures_nr = ARRAY_SIZE(latency_figures),
};
