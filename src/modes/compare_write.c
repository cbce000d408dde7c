/*
 * compare_write.c - --compare's table written: text (the ranges, the
 * summary's figures, the trees, those that appeared and disappeared),
 * JSON and the CSV's two tables.
 */
#include "modes/compare_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flow/report.h"
#include "render/json.h"
#include "render/text.h"
#include "util/csv.h"
#include "util/escape.h"
#include "util/json_writer.h"

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
	const char *what = compare_appeared(t, r) ? "new" :
			   compare_disappeared(t, r) ? "gone" : NULL;

	if (!what) {
		int64_t v = (int64_t)r->commits[t->nr - 1] - r->commits[0];

		buf_printf(out, v > 0 ? "+%lld" : "%lld", (long long)v);
	} else if (t->nr == 2) {
		buf_puts(out, what);
	} else {
		buf_printf(out, "%s in %zu", what, 1 + (compare_appeared(t, r) ?
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

/* Key k's repository path (NULL: none) when name is a key of tt. */
static const char *
path_of_name(const struct tree_table *tt, const char *name)
{
	uint32_t k = tt ? trees_key_find(tt, name) : KEY_NONE;

	return k != KEY_NONE && strchr(tt->k[k].path, '/') ? tt->k[k].path :
	       NULL;
}

/* A gone tree and a new one of one repository path: a move the
 * evidence did not join (see the likely aliases), said under the
 * lists, not taken for churn silently. */
static void
text_shared_paths(const struct table *t, struct buf *out)
{
	for (size_t i = 0; i < t->rows_nr; i++) {
		const char *p;

		if (!compare_appeared(t, &t->rows[i]) ||
		    !(p = path_of_name(t->identity, t->rows[i].name)))
			continue;
		for (size_t j = 0; j < t->rows_nr; j++) {
			const char *q;

			if (!compare_disappeared(t, &t->rows[j]) ||
			    !(q = path_of_name(t->identity, t->rows[j].name)) ||
			    strcmp(p, q))
				continue;
			buf_puts(out, "  note: ");
			add_text(out, t->rows[j].name);
			buf_puts(out, " (gone) and ");
			add_text(out, t->rows[i].name);
			buf_puts(out, " (new) share the repository path '");
			add_text(out, p);
			buf_puts(out, "': one repository moved? (treeplot.alias "
				 "joins them)\n");
		}
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
	struct figure *fg = compare_figures(t, &nfg);

	buf_printf(out, "\n%-32s", "Summary");
	text_header(t, out, width, cwidth);
	buf_addc(out, '\n');
	for (size_t i = 0; i < nfg; i++) {
		int64_t first = compare_figure_of(&fg[i], t, 0);
		int64_t last = compare_figure_of(&fg[i], t, t->nr - 1);

		buf_printf(out, "  %-30s", fg[i].label);
		for (size_t k = 0; k < t->nr; k++) {
			buf_addc(out, ' ');
			cell_value(out, width, fg[i].kind,
				   compare_figure_of(&fg[i], t, k), 0);
		}
		buf_addc(out, ' ');
		cell_value(out, cwidth, fg[i].kind, last - first, 1);
		buf_addc(out, '\n');
	}
	compare_figures_free(fg, nfg);
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
compare_write_text(const struct compare_input *in, const struct table *t,
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
	text_list(t, out, what.data, compare_appeared);
	what.len = 0;
	buf_printf(&what, "Disappeared (in 1, not in %zu)", t->nr);
	text_list(t, out, what.data, compare_disappeared);
	text_shared_paths(t, out);
	text_likely_aliases(t->identity, out);
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
	report_json_mainline(j, t->charts[0].tt.t[TREE_MAINLINE].name, urls, u);
	free(urls);
}

void
compare_write_json(const struct compare_input *in, const struct table *t,
		   struct buf *out)
{
	struct json j = JSON_INIT(out);

	json_open(&j, NULL, '{');
	report_json_head(&j);
	json_str(&j, "repository", in->repo);
	mainline_json(&j, t);
	if (in->opts->selected)
		selection_json(&j, in->opts->selection);
	json_open(&j, "ranges", '[');
	for (size_t k = 0; k < t->nr; k++) {
		const struct flow *f = &t->charts[k].f;
		struct figure share = { "", "direct_share", TENTHS, 0,
					FIGURE_CORE, 0 };

		json_open(&j, NULL, '{');
		json_str(&j, "range", in->labels[k]);
		json_uint(&j, "commits", f->commits);
		json_uint(&j, "direct", f->direct);
		json_tenths(&j, "direct_share", compare_figure_value(&share, f));
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
		/* The add-ons' members, in the registry's order. */
		for (size_t r = 0; t->xc && r < t->xc->nr; r++)
			extras_range_json(t->xc->run[r].x,
					  t->xstate[r * t->nr + k], f, &j);
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
		if (compare_appeared(t, &t->rows[i]))
			json_str(&j, NULL, t->rows[i].name);
	json_close(&j, ']');
	json_open(&j, "disappeared", '[');
	for (size_t i = 0; i < t->rows_nr; i++)
		if (compare_disappeared(t, &t->rows[i]))
			json_str(&j, NULL, t->rows[i].name);
	json_close(&j, ']');
	json_likely_aliases(&j, t->identity);
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
compare_write_csv_trees(const struct compare_input *in, const struct table *t,
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
		csv_text(out, compare_appeared(t, r) ? "new" :
			 compare_disappeared(t, r) ? "gone" : "", 0);
		csv_end(out);
	}
}

void
compare_write_csv_summary(const struct compare_input *in,
			  const struct table *t, struct buf *out)
{
	size_t nfg;
	struct figure *fg = compare_figures(t, &nfg);

	csv_header(in, out, "figure");
	csv_end(out);
	for (size_t i = 0; i < nfg; i++) {
		int64_t first = compare_figure_of(&fg[i], t, 0);
		int64_t last = compare_figure_of(&fg[i], t, t->nr - 1);

		csv_text(out, fg[i].name, 1);
		for (size_t k = 0; k <= t->nr; k++) {
			int64_t v = k < t->nr ? compare_figure_of(&fg[i], t, k) :
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
	compare_figures_free(fg, nfg);
}
