/*
 * render/csv.c - the flow as CSV for spreadsheets.
 *
 * Two tables, trees then edges, each with its header row, a blank line
 * between them; --csv-table keeps one, which is then a plain RFC 4180
 * file.  The trees table starts with the mainline (depth 0: its commits
 * are the range's, "own" those committed directly), unlike the JSON,
 * because a spreadsheet has nowhere else to put it.
 */
#include "render/csv.h"

#include <string.h>

static const char *const table_names[] = {
	[CSV_TREES] = "trees",
	[CSV_EDGES] = "edges",
	[CSV_SUMMARY] = "summary",
};

int
csv_table_from_name(const char *name)
{
	for (size_t i = CSV_TREES; i < ARRAY_SIZE(table_names); i++)
		if (!strcmp(name, table_names[i]))
			return (int)i;
	return -1;
}

static void
trees_table(const struct flow *f, const struct extras *xs, struct buf *out)
{
	buf_puts(out, "tree,commits,own,depth,pulls,folded,urls");
	extras_csv_tree_head(xs, out);
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
		/* URLs hold no space: a subject's URL ends at one. */
		for (uint32_t k = 0; k < nu; k++) {
			if (k)
				buf_addc(&urls, ' ');
			buf_puts(&urls, u[k]);
		}
		csv_text(out, urls.data ? urls.data : "", 0);
		extras_csv_tree(xs, f, i, out);
		csv_end(out);
		buf_release(&urls);
	}
}

static void
edges_table(const struct flow *f, const struct extras *xs, struct buf *out)
{
	buf_puts(out, "from,to,commits,pulls");
	extras_csv_edge_head(xs, out);
	csv_end(out);
	for (uint32_t i = 0; i < f->edges_nr; i++) {
		const struct flow_edge *e = &f->edges[i];

		csv_text(out, f->trees[e->from].name, 1);
		csv_text(out, f->trees[e->to].name, 0);
		csv_uint(out, e->commits, 0);
		csv_uint(out, e->pulls, 0);
		extras_csv_edge(xs, f, i, out);
		csv_end(out);
	}
}

void
render_csv(const struct flow *f, const struct extras *xs,
	   enum csv_table which, struct buf *out)
{
	if (which == CSV_ALL || which == CSV_TREES)
		trees_table(f, xs, out);
	if (which == CSV_ALL)
		csv_end(out);
	if (which == CSV_ALL || which == CSV_EDGES)
		edges_table(f, xs, out);
}
