/*
 * render/csv.c - the flow as CSV for spreadsheets.
 *
 * Two tables, trees and edges, and the add-ons' own (--timeline's
 * pulls), one an output (a plain RFC 4180 file with its header row):
 * trees by default, --csv-table or the file's name says which.  The trees table starts with the mainline (depth 0: its
 * commits are the range's, "own" its direct ones, split in the columns
 * applied and topics), unlike the JSON, because a spreadsheet has
 * nowhere else to put it.
 */
#include "render/csv.h"

#include <stdint.h>
#include <string.h>

#include "addons/registry.h"

static const char *const table_names[] = {
	[CSV_TREES] = "trees",
	[CSV_EDGES] = "edges",
	[CSV_SUMMARY] = "summary",
};

const struct extra *
csv_table_extra(int which)
{
	const struct extra *x;

	if (which < CSV_EXTRA)
		return NULL;
	x = extras_at((size_t)(which - CSV_EXTRA));
	return x && x->csv_table ? x : NULL;
}

/* Every table's number, in order, while fn is 0; what fn returned. */
static int
each_table(int (*fn)(int which, const char *name, void *data), void *data)
{
	int ret = 0;

	for (int i = CSV_TREES; !ret && i < (int)ARRAY_SIZE(table_names); i++)
		ret = fn(i, table_names[i], data);
	for (size_t k = 0; !ret && k < extras_count(); k++)
		if (extras_at(k)->csv_table)
			ret = fn(CSV_EXTRA + (int)k, extras_at(k)->csv_table,
				 data);
	return ret;
}

static int
named(int which, const char *name, void *data)
{
	return !strcmp(name, data) ? which : 0;
}

int
csv_table_from_name(const char *name)
{
	int which = each_table(named, (void *)(uintptr_t)name);

	return which ? which : -1;
}

static int
list_name(int which, const char *name, void *data)
{
	struct buf *out = data;

	buf_puts(out, which == CSV_TREES ? "" : ", ");
	buf_puts(out, name);
	return 0;
}

void
csv_table_names(struct buf *out)
{
	each_table(list_name, out);
}

/* Whether base (len bytes) is TABLE.csv, or ends in -TABLE.csv,
 * .TABLE.csv or _TABLE.csv. */
static int
path_names(int which, const char *name, void *data)
{
	const char *base = data;
	size_t len = strlen(base), n = strlen(name) + 4;	/* ".csv" */

	if (len < n || strncmp(base + len - n, name, n - 4) ||
	    strcmp(base + len - 4, ".csv"))
		return 0;
	return len == n || strchr("-._", base[len - n - 1]) ? which : 0;
}

int
csv_table_from_path(const char *path)
{
	const char *base = strrchr(path, '/');

	return each_table(path_names, (void *)(uintptr_t)(base ? base + 1 :
							   path));
}

static void
trees_table(const struct flow *f, const struct extras *xs, struct buf *out)
{
	buf_puts(out, "tree,commits,own,depth,pulls,folded,applied,topics,"
		 "topic_merges,urls");
	extras_csv_head(xs, EXTRA_OF_TREES, out);
	csv_end(out);
	for (uint32_t i = 0; i < f->trees_nr; i++) {
		const struct flow_tree *t = &f->trees[i];
		struct buf urls = BUF_INIT;
		char *const *u = i ? t->urls : f->mainline_urls;
		uint32_t nu = i ? t->urls_nr : f->mainline_urls_nr;

		csv_text(out, t->name, 1);
		csv_uint(out, i ? t->commits : f->commits, 0);
		csv_uint(out, i ? t->own : f->direct, 0);
		csv_uint(out, t->depth, 0);
		csv_uint(out, t->pulls, 0);
		csv_uint(out, t->tree == TREE_NONE ? f->folded : 0, 0);
		/* The mainline's direct commits, split; empty for a tree. */
		if (i) {
			buf_puts(out, ",,,");
		} else {
			csv_uint(out, f->topics.applied, 0);
			csv_uint(out, f->topics.through, 0);
			csv_uint(out, f->topics.merges, 0);
		}
		/* URLs hold no space: a subject's URL ends at one. */
		for (uint32_t k = 0; k < nu; k++) {
			if (k)
				buf_addc(&urls, ' ');
			buf_puts(&urls, u[k]);
		}
		csv_text(out, urls.data ? urls.data : "", 0);
		extras_csv_cells(xs, f, EXTRA_OF_TREES, i, out);
		csv_end(out);
		buf_release(&urls);
	}
}

static void
edges_table(const struct flow *f, const struct extras *xs, struct buf *out)
{
	buf_puts(out, "from,to,commits,pulls");
	extras_csv_head(xs, EXTRA_OF_EDGES, out);
	csv_end(out);
	for (uint32_t i = 0; i < f->edges_nr; i++) {
		const struct flow_edge *e = &f->edges[i];

		csv_text(out, f->trees[e->from].name, 1);
		csv_text(out, f->trees[e->to].name, 0);
		csv_uint(out, e->commits, 0);
		csv_uint(out, e->pulls, 0);
		extras_csv_cells(xs, f, EXTRA_OF_EDGES, i, out);
		csv_end(out);
	}
}

void
render_csv(const struct flow *f, const struct extras *xs,
	   enum csv_table which, struct buf *out)
{
	if (which == CSV_EDGES)
		edges_table(f, xs, out);
	else if (csv_table_extra(which))
		extras_csv_table(xs, csv_table_extra(which), f, out);
	else
		trees_table(f, xs, out);
}
