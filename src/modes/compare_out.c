/*
 * compare_out.c - --compare's table written: the summary's figures
 * (the flows', --latency's, --timeline's), the trees across the ranges,
 * the trees that appeared and disappeared, as text, JSON and CSV.
 *
 * The change is the last range's figure minus the first's; a tree
 * "appeared" when it carried nothing in the first range and something in
 * the last, "disappeared" the other way round.
 */
#include "modes/compare_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flow/report.h"
#include "util/csv.h"
#include "util/escape.h"
#include "util/json_writer.h"

/* --- the figures ---------------------------------------------------- */

enum figure_kind { COUNT, TENTHS, SECONDS };	/* SECONDS: text in days */

/* The summary's rows: a label for text, a name for CSV, a value. */
struct figure {
	const char *label, *name;
	enum figure_kind kind;
	uint32_t depth;		/* for "trees at depth d" */
};

static int64_t
figure_value(const struct figure *fg, const struct flow *f)
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

/* Range k's share of commits pulled after -rc1, in tenths of a
 * percent (timeline_late_share's rounding). */
static int64_t
late_share(const struct table *t, size_t k)
{
	uint32_t n = t->charts[k].f.commits;

	return n ? ((int64_t)t->late_pulled[k] * 1000 + n / 2) / n : 0;
}

/* A figure of range k: --latency's and --timeline's from the table, the
 * others from the range's flow. */
static int64_t
figure_of(const struct figure *fg, const struct table *t, size_t k)
{
	const struct latency_stats *l = t->latency ? &t->latency[k] : NULL;

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
		return late_share(t, k);
	return figure_value(fg, &t->charts[k].f);
}

/* The figures, in order; the caller frees the array and, for depths,
 * the labels and names (from index *fixed on). */
static struct figure *
figures(const struct table *t, size_t *nr)
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
		{ "pulled after -rc1", "late_pulled", COUNT, 0 },
		{ "share pulled after -rc1", "late_pulled_share", TENTHS, 0 },
	};
	size_t n = ARRAY_SIZE(head) + t->max_depth + 1 + ARRAY_SIZE(lat) +
		   ARRAY_SIZE(late);
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
	*nr = k;
	return fg;
}

static void
figures_free(struct figure *fg, size_t nr)
{
	for (size_t k = 0; k < nr; k++) {
		if (!fg[k].depth)
			continue;
		free((char *)(uintptr_t)fg[k].label);
		free((char *)(uintptr_t)fg[k].name);
	}
	free(fg);
}

static int
appeared(const struct table *t, const struct row *r)
{
	return !r->commits[0] && r->commits[t->nr - 1];
}

static int
disappeared(const struct table *t, const struct row *r)
{
	return r->commits[0] && !r->commits[t->nr - 1];
}

/* --- text ----------------------------------------------------------- */

static void
add_text(struct buf *out, const char *s)
{
	escape_text(out, s, strlen(s));
}

static void
add_tenths(struct buf *out, int64_t v, int sign)
{
	uint64_t a = v < 0 ? (uint64_t)-v : (uint64_t)v;

	buf_printf(out, "%s%llu.%llu", v < 0 ? "-" : v > 0 && sign ? "+" : "",
		   (unsigned long long)(a / 10), (unsigned long long)(a % 10));
}

/* A cell, right-aligned in width. */
static void
cell(struct buf *out, int width, const char *s)
{
	buf_printf(out, "%*s", width, s);
}

static void
cell_value(struct buf *out, int width, enum figure_kind kind, int64_t v,
	   int change)
{
	struct buf b = BUF_INIT;

	if (kind == TENTHS) {
		add_tenths(&b, v, change);
		if (!change)
			buf_addc(&b, '%');
	} else if (kind == SECONDS) {
		/* Days to the nearest tenth, halves away from zero. */
		uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
		int64_t tenths = (int64_t)((a + 4320) / 8640);

		add_tenths(&b, v < 0 ? -tenths : tenths, change);
	} else {
		buf_printf(&b, change && v > 0 ? "+%lld" : "%lld",
			   (long long)v);
	}
	cell(out, width, b.data);
	buf_release(&b);
}

static int
column_width(const struct table *t)
{
	uint32_t max = 0;
	int w = 1;

	for (size_t k = 0; k < t->nr; k++)
		if (t->charts[k].f.commits > max)
			max = t->charts[k].f.commits;
	for (; max >= 10; max /= 10)
		w++;
	/* A sign, and room for "100.0%" and "gone". */
	return w + 1 > 7 ? w + 1 : 7;
}

/* The column heads: the ranges' numbers, then the change, in widths of
 * their own. */
static void
text_header(const struct table *t, struct buf *out, int width, int cwidth)
{
	char num[32];

	for (size_t k = 0; k < t->nr; k++) {
		snprintf(num, sizeof(num), "%zu", k + 1);
		buf_addc(out, ' ');
		cell(out, width, num);
	}
	buf_addc(out, ' ');
	cell(out, cwidth, "change");
}

/* The range where r first carried commits, and the first of the ranges
 * at the end where it carried none (both from 0).  With more than two
 * ranges "new" alone would hide when a tree appeared: one absent from
 * range 1 and present in ranges 5 to 9 appeared in range 5. */
static size_t
first_range(const struct table *t, const struct row *r)
{
	size_t k = 0;

	while (k < t->nr - 1 && !r->commits[k])
		k++;
	return k;
}

static size_t
gone_range(const struct table *t, const struct row *r)
{
	size_t k = t->nr;

	while (k > 1 && !r->commits[k - 1])
		k--;
	return k;
}

/* The change cell of a tree: "new" or "gone" (with the range when there
 * are more than two), else the last range's commits minus the first's. */
static void
change_text(const struct table *t, const struct row *r, struct buf *out)
{
	const char *what = appeared(t, r) ? "new" :
			   disappeared(t, r) ? "gone" : NULL;

	if (!what) {
		int64_t v = (int64_t)r->commits[t->nr - 1] - r->commits[0];

		buf_printf(out, v > 0 ? "+%lld" : "%lld", (long long)v);
	} else if (t->nr == 2) {
		buf_puts(out, what);
	} else {
		buf_printf(out, "%s in %zu", what, 1 + (appeared(t, r) ?
			   first_range(t, r) : gone_range(t, r)));
	}
}

/* The change column's width: the numbers' width, or more for "new in
 * 12" and "gone in 12" and a space before them, as numbers have one for
 * a sign. */
static int
change_width(const struct table *t, int width)
{
	struct buf b = BUF_INIT;
	int w = width;

	for (size_t i = 0; i < t->rows_nr; i++) {
		b.len = 0;
		change_text(t, &t->rows[i], &b);
		if ((int)b.len + 1 > w)
			w = (int)b.len + 1;
	}
	buf_release(&b);
	return w;
}

/* The trees picked, one a line; with more than two ranges each says, as
 * its change cell does, in which range it appeared or was gone. */
static void
text_list(const struct table *t, struct buf *out, const char *what,
	  int (*pick)(const struct table *, const struct row *))
{
	size_t n = 0;

	for (size_t i = 0; i < t->rows_nr; i++)
		n += pick(t, &t->rows[i]) != 0;
	if (!n) {
		buf_printf(out, "\n%s: none\n", what);
		return;
	}
	buf_printf(out, "\n%s: %zu tree%s\n", what, n, n == 1 ? "" : "s");
	for (size_t i = 0; i < t->rows_nr; i++) {
		if (!pick(t, &t->rows[i]))
			continue;
		buf_puts(out, "  ");
		add_text(out, t->rows[i].name);
		if (t->nr > 2) {
			buf_puts(out, "  (");
			change_text(t, &t->rows[i], out);
			buf_addc(out, ')');
		}
		buf_addc(out, '\n');
	}
}

/* The ranges, numbered; the numbers right-aligned, so that range 10
 * lines up with range 9. */
static void
text_ranges(const struct compare_input *in, const struct table *t,
	    struct buf *out)
{
	int digits = 1;

	for (size_t n = t->nr; n >= 10; n /= 10)
		digits++;
	for (size_t k = 0; k < t->nr; k++) {
		buf_printf(out, "%s%*zu  ", k ? "            " : "ranges      ",
			   digits, k + 1);
		add_text(out, in->labels[k]);
		buf_addc(out, '\n');
	}
}

static void
text_summary(const struct table *t, struct buf *out, int width, int cwidth)
{
	size_t nfg;
	struct figure *fg = figures(t, &nfg);

	buf_printf(out, "\n%-32s", "Summary");
	text_header(t, out, width, cwidth);
	buf_addc(out, '\n');
	for (size_t i = 0; i < nfg; i++) {
		int64_t first = figure_of(&fg[i], t, 0);
		int64_t last = figure_of(&fg[i], t, t->nr - 1);

		buf_printf(out, "  %-30s", fg[i].label);
		for (size_t k = 0; k < t->nr; k++) {
			buf_addc(out, ' ');
			cell_value(out, width, fg[i].kind,
				   figure_of(&fg[i], t, k), 0);
		}
		buf_addc(out, ' ');
		cell_value(out, cwidth, fg[i].kind, last - first, 1);
		buf_addc(out, '\n');
	}
	figures_free(fg, nfg);
}

static void
text_trees(const struct table *t, struct buf *out, int width, int cwidth)
{
	struct buf change = BUF_INIT;

	buf_puts(out, "\nTrees (commits through each tree, in each range)\n ");
	text_header(t, out, width, cwidth);
	buf_puts(out, "  tree\n");
	for (size_t i = 0; i < t->rows_nr; i++) {
		const struct row *r = &t->rows[i];

		buf_addc(out, ' ');
		for (size_t k = 0; k < t->nr; k++) {
			buf_addc(out, ' ');
			cell_value(out, width, COUNT, r->commits[k], 0);
		}
		buf_addc(out, ' ');
		change.len = 0;
		change_text(t, r, &change);
		cell(out, cwidth, change.data);
		buf_puts(out, "  ");
		add_text(out, r->name);
		buf_addc(out, '\n');
	}
	if (!t->rows_nr)
		buf_puts(out, "  none\n");
	buf_release(&change);
}

void
compare_text(const struct compare_input *in, const struct table *t,
	     struct buf *out)
{
	int width = column_width(t);
	int cwidth = change_width(t, width);
	struct buf what = BUF_INIT;

	buf_puts(out, "repository  ");
	add_text(out, in->repo);
	buf_addc(out, '\n');
	if (in->opts->selected) {
		selection_describe(in->opts->selection, &what);
		buf_puts(out, "selected    ");
		add_text(out, what.data);
		buf_addc(out, '\n');
		what.len = 0;
	}
	text_ranges(in, t, out);
	text_summary(t, out, width, cwidth);
	text_trees(t, out, width, cwidth);

	buf_printf(&what, "Appeared (in %zu, not in 1)", t->nr);
	text_list(t, out, what.data, appeared);
	what.len = 0;
	buf_printf(&what, "Disappeared (in 1, not in %zu)", t->nr);
	text_list(t, out, what.data, disappeared);
	buf_release(&what);
}

/* --- JSON ----------------------------------------------------------- */

/* The mainline, with the URLs it has in any range (sorted, once). */
static void
mainline_json(struct json *j, const struct table *t)
{
	char **urls = NULL;
	uint32_t n = 0, u = 0;

	for (size_t k = 0; k < t->nr; k++)
		n += t->charts[k].f.mainline_urls_nr;
	urls = xcalloc(n ? n : 1, sizeof(*urls));
	n = 0;
	for (size_t k = 0; k < t->nr; k++)
		for (uint32_t i = 0; i < t->charts[k].f.mainline_urls_nr; i++)
			urls[n++] = t->charts[k].f.mainline_urls[i];
	if (n)
		qsort(urls, n, sizeof(*urls), cmp_strp);
	for (uint32_t i = 0; i < n; i++)
		if (!u || strcmp(urls[u - 1], urls[i]))
			urls[u++] = urls[i];
	json_mainline(j, t->charts[0].tt.t[TREE_MAINLINE].name, urls, u);
	free(urls);
}

/* A figures' object: median and p90 (null over no commit), negatives. */
static void
json_stats(struct json *j, const char *key, const struct latency_stats *s)
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

void
compare_json(const struct compare_input *in, const struct table *t,
	     struct buf *out)
{
	struct json j = JSON_INIT(out);

	json_open(&j, NULL, '{');
	json_report_head(&j);
	json_str(&j, "repository", in->repo);
	mainline_json(&j, t);
	if (in->opts->selected)
		selection_json(&j, in->opts->selection);
	json_open(&j, "ranges", '[');
	for (size_t k = 0; k < t->nr; k++) {
		const struct flow *f = &t->charts[k].f;
		struct figure share = { "", "direct_share", TENTHS, 0 };

		json_open(&j, NULL, '{');
		json_str(&j, "range", in->labels[k]);
		json_uint(&j, "commits", f->commits);
		json_uint(&j, "direct", f->direct);
		json_tenths(&j, "direct_share", figure_value(&share, f));
		json_uint(&j, "direct_applied", f->topics.applied);
		json_uint(&j, "direct_topics", f->topics.through);
		json_uint(&j, "topic_merges", f->topics.merges);
		json_uint(&j, "merges", f->merges);
		json_uint(&j, "tree_count", f->total_trees);
		json_open(&j, "by_depth", '[');
		for (uint32_t d = 1; f->by_depth && d <= f->max_depth; d++) {
			json_open(&j, NULL, '{');
			json_uint(&j, "depth", d);
			json_uint(&j, "tree_count", f->by_depth[d]);
			json_close(&j, '}');
		}
		json_close(&j, ']');
		json_uint(&j, "small_trees", f->small_trees);
		if (t->latency) {
			json_open(&j, "latency", '{');
			if (t->latency[k].n) {
				json_int(&j, "median", t->latency[k].median);
				json_int(&j, "p90", t->latency[k].p90);
			} else {
				json_str(&j, "median", NULL);
				json_str(&j, "p90", NULL);
			}
			json_uint(&j, "negative", t->latency[k].negative);
			json_close(&j, '}');
			json_stats(&j, "soak", &t->soak[k]);
		}
		if (t->late_pulled) {
			json_uint(&j, "late_pulled", t->late_pulled[k]);
			json_tenths(&j, "late_pulled_share", late_share(t, k));
		}
		json_close(&j, '}');
	}
	json_close(&j, ']');
	json_open(&j, "trees", '[');
	for (size_t i = 0; i < t->rows_nr; i++) {
		const struct row *r = &t->rows[i];

		json_open(&j, NULL, '{');
		json_str(&j, "name", r->name);
		json_open(&j, "commits_by_range", '[');
		for (size_t k = 0; k < t->nr; k++)
			json_uint(&j, NULL, r->commits[k]);
		json_close(&j, ']');
		json_int(&j, "change", (int64_t)r->commits[t->nr - 1] -
			 r->commits[0]);
		json_close(&j, '}');
	}
	json_close(&j, ']');
	json_open(&j, "appeared", '[');
	for (size_t i = 0; i < t->rows_nr; i++)
		if (appeared(t, &t->rows[i]))
			json_str(&j, NULL, t->rows[i].name);
	json_close(&j, ']');
	json_open(&j, "disappeared", '[');
	for (size_t i = 0; i < t->rows_nr; i++)
		if (disappeared(t, &t->rows[i]))
			json_str(&j, NULL, t->rows[i].name);
	json_close(&j, ']');
	json_close(&j, '}');
	buf_addc(out, '\n');
}

/* --- CSV ------------------------------------------------------------ */

static void
csv_header(const struct compare_input *in, struct buf *out,
	   const char *first)
{
	csv_text(out, first, 1);
	for (size_t k = 0; k < in->nr; k++)
		csv_text(out, in->labels[k], 0);
	csv_text(out, "change", 0);
}

void
compare_csv_trees(const struct compare_input *in, const struct table *t,
	  struct buf *out)
{
	csv_header(in, out, "tree");
	csv_text(out, "status", 0);
	csv_end(out);
	for (size_t i = 0; i < t->rows_nr; i++) {
		const struct row *r = &t->rows[i];

		csv_text(out, r->name, 1);
		for (size_t k = 0; k < t->nr; k++)
			csv_uint(out, r->commits[k], 0);
		csv_int(out, (int64_t)r->commits[t->nr - 1] - r->commits[0], 0);
		csv_text(out, appeared(t, r) ? "new" :
			 disappeared(t, r) ? "gone" : "", 0);
		csv_end(out);
	}
}

void
compare_csv_summary(const struct compare_input *in, const struct table *t,
	    struct buf *out)
{
	size_t nfg;
	struct figure *fg = figures(t, &nfg);

	csv_header(in, out, "figure");
	csv_end(out);
	for (size_t i = 0; i < nfg; i++) {
		int64_t first = figure_of(&fg[i], t, 0);
		int64_t last = figure_of(&fg[i], t, t->nr - 1);

		csv_text(out, fg[i].name, 1);
		for (size_t k = 0; k <= t->nr; k++) {
			int64_t v = k < t->nr ? figure_of(&fg[i], t, k) :
				    last - first;

			if (fg[i].kind != TENTHS) {	/* latency: seconds */
				csv_int(out, v, 0);
				continue;
			}
			buf_addc(out, ',');
			add_tenths(out, v, 0);
		}
		csv_end(out);
	}
	figures_free(fg, nfg);
}
