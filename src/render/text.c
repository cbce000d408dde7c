/*
 * render/text.c - the text report.
 *
 * Laid out like the statistics of the 2009 article: the flow as an
 * indented tree (count, then name; a tree pulled by another indented below
 * it), then the summary figures.  Names come from commit messages and are
 * escaped so no control character reaches the terminal.
 */
#include "render/text.h"

#include <stdio.h>
#include <string.h>

#include "util/escape.h"
#include "util/report_text.h"

#define WAYPOINTS 10
/*
 * Two spaces per level up to this one; deeper lines stay there and say
 * their level instead, so that a chain of 100,000 nested trees is a
 * report of 100,000 lines, not of ten gigabytes of spaces.
 */
#define MAX_INDENT_LEVEL 30

static int
digits(uint32_t n)
{
	int d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

static void
render_flow(const struct flow *f, struct buf *out, int width)
{
	buf_puts(out, "Flow (commits through each tree; a tree pulled by "
		 "another is indented below it)\n");
	for (uint32_t k = 0; k < f->nodes_nr; k++) {
		const struct flow_node *nd = &f->nodes[k];

		buf_printf(out, "  %*u  ", width, nd->commits);
		if (nd->level <= MAX_INDENT_LEVEL) {
			buf_pad(out, ' ', 2 * nd->level);
		} else {
			buf_pad(out, ' ', 2 * MAX_INDENT_LEVEL);
			buf_printf(out, "(level %u) ", nd->level);
		}
		report_name(out, f->trees[nd->tree].name);
		buf_addc(out, '\n');
	}
}

static void
render_summary(const struct flow *f, struct buf *out, int width)
{
	uint32_t shown = 0;

	buf_puts(out, "\nSummary\n");
	report_row(out, "commits in range", width, f->commits);
	buf_addc(out, '\n');
	report_row(out, "direct to the mainline", width, f->direct);
	buf_printf(out, "  (%.1f%%)\n", report_percent(f->direct, f->commits));
	/* Who applied them: the mainline's maintainers on its own line,
	 * or its topic branches, merged. */
	if (f->direct) {
		report_row(out, "  applied on the mainline", width,
			   f->topics.applied);
		buf_addc(out, '\n');
		report_row(out, "  through its topic branches", width,
			   f->topics.through);
		buf_printf(out, "  (%u merge%s)\n", f->topics.merges,
			   report_plural(f->topics.merges));
	}
	if (f->mailed) {
		report_row(out, "by mail, merged as a batch", width, f->mailed);
		buf_printf(out, "  (%.1f%%)\n", report_percent(f->mailed, f->commits));
	}
	report_row(out, "merges", width, f->merges);
	buf_addc(out, '\n');
	report_row(out, "trees", width, f->total_trees);
	buf_printf(out, "\n  %-30s ", "trees by depth");
	if (!f->total_trees)
		buf_puts(out, "none");
	for (uint32_t d = 1; f->by_depth && d <= f->max_depth; d++)
		buf_printf(out, "%s%u: %u", d > 1 ? ", " : "", d,
			   f->by_depth[d]);
	buf_addc(out, '\n');
	report_row(out, "trees with 5 or fewer commits", width, f->small_trees);
	buf_addc(out, '\n');
	if (f->folded) {
		report_row(out, "trees folded by --top", width, f->folded);
		buf_addc(out, '\n');
	}
	if (f->shallow) {
		report_row(out, "shallow boundary commits", width, f->shallow);
		buf_puts(out, "  (history is cut there)\n");
	}

	buf_puts(out, "\nBiggest waypoints (commits through each tree, "
		 "including what it pulled)\n");
	for (uint32_t k = 1; k < f->trees_nr && shown < WAYPOINTS; k++) {
		const struct flow_tree *t = &f->trees[k];

		if (t->tree == TREE_NONE)
			continue;
		buf_printf(out, "  %*u  %5.1f%%  ", width, t->commits,
			   report_percent(t->commits, f->commits));
		report_name(out, t->name);
		buf_addc(out, '\n');
		shown++;
	}
	if (!shown)
		buf_puts(out, "  none\n");
}

/* --branches: the mainline's topic branches, by prefix or stem, with
 * the direct commits through each. */
static void
render_topics(const struct flow *f, struct buf *out, int width)
{
	const struct topics *t = &f->topics;

	if (!t->groups_nr)
		return;
	buf_puts(out, "\nTopic branches of the mainline (direct commits "
		 "through each, by prefix or stem)\n");
	for (uint32_t g = 0; g < t->groups_nr; g++) {
		buf_printf(out, "  %*u  %5u %-6s  ", width,
			   t->groups[g].commits, t->groups[g].merges,
			   t->groups[g].merges == 1 ? "merge" : "merges");
		report_name(out, topic_group_name(&t->groups[g]));
		buf_addc(out, '\n');
	}
}

/* The unrecognised merges grouped by the shape of their subject, the
 * largest group first, each as its count and first merge: a few lines
 * even where a history has thousands (the JSON lists every one). */
static void
render_unrecognised(const struct flow *f, struct buf *out)
{
	enum { SHOWN = 12 };
	struct shape_group *g;
	uint32_t n, rest = 0;
	char hex[OID_HEXSZ + 1];

	if (!f->unrecognised_nr)
		return;
	n = unrecognised_groups(f->h, f->unrecognised, f->unrecognised_nr, &g);
	buf_printf(out, "\nUnrecognised merges (treated as internal): %u, "
		   "by the shape of their subject\n", f->unrecognised_nr);
	for (uint32_t k = 0; k < n; k++) {
		const char *s = history_subject(f->h, g[k].example);

		if (k >= SHOWN) {
			rest += g[k].count;
			continue;
		}
		/* The group's first merge; its shape below when it says
		 * more than the example. */
		history_hex(f->h, g[k].example, hex);
		buf_printf(out, "  %5u  %.12s  ", g[k].count, hex);
		escape_text(out, s ? s : "", s ? strlen(s) : 0);
		buf_addc(out, '\n');
		if (strcmp(g[k].shape, s ? s : "")) {
			buf_puts(out, "         like ");
			escape_text(out, g[k].shape, strlen(g[k].shape));
			buf_addc(out, '\n');
		}
	}
	if (rest)
		buf_printf(out, "  [... %u more shape%s, %u merge%s]\n",
			   n - SHOWN, n - SHOWN == 1 ? "" : "s", rest,
			   rest == 1 ? "" : "s");
	shape_groups_free(g, n);
}

/* A string for a shell's single quotes. */
static void
add_quoted(struct buf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\'')
			buf_puts(out, "'\\''");
		else
			escape_text(out, s, 1);
	}
}

void
text_likely_aliases(const struct tree_table *tt, struct buf *out)
{
	if (!tt || !tt->hints_nr)
		return;
	buf_puts(out, "\nLikely aliases (not applied: the evidence is "
		 "weaker; paste the command to join)\n");
	for (uint32_t k = 0; k < tt->hints_nr; k++) {
		const struct tree_hint *hn = &tt->hints[k];

		buf_puts(out, "  git config --add treeplot.alias '");
		add_quoted(out, trees_key_name(tt, hn->newer));
		buf_addc(out, ' ');
		add_quoted(out, tt->k[hn->older].url);
		buf_puts(out, "'\n    ");
		escape_text(out, hn->detail, strlen(hn->detail));
		buf_addc(out, '\n');
	}
}

void
render_text(const struct flow *f, const struct extras *xs, struct buf *out)
{
	int width = digits(f->commits);

	if (width < 5)
		width = 5;
	buf_puts(out, "repository  ");
	report_name(out, f->repo);
	buf_puts(out, "\nrange       ");
	report_name(out, f->range);
	/* No tag at all: "HEAD" says it is the whole history already. */
	if (f->range_note && (f->range_note->tag || f->range_note->skipped_nr)) {
		buf_puts(out, "\n            ");
		range_note_text(f->range_note, "            ", out);
	}
	if (f->selection) {
		struct buf sel = BUF_INIT;

		selection_describe(f->selection, &sel);
		buf_puts(out, "\nselected    ");
		report_name(out, sel.data);
		buf_release(&sel);
	}
	buf_printf(out, "\n            %u commit%s, %u direct to the mainline, "
		   "%u merge%s, %u tree%s\n\n", f->commits, report_plural(f->commits),
		   f->direct, f->merges, report_plural(f->merges), f->total_trees,
		   report_plural(f->total_trees));
	render_flow(f, out, width);
	render_summary(f, out, width);
	render_topics(f, out, width);
	extras_text(xs, f, width, out);
	text_likely_aliases(f->tt, out);
	render_unrecognised(f, out);
}
