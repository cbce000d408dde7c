/*
 * render/graph_nodes.c - the trees' boxes of the chart: each one's
 * tooltip, look and label (its name, its commits, the add-ons' lines,
 * the counts of the edges that carry part of its commits).
 */
#include "render/graph_nodes.h"

#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "render/graph_text.h"
#include "util/escape.h"

/* The add-ons' lines of node i's tooltip. */
static void
add_node_tips(struct buf *b, const struct flow *f, uint32_t i,
	      const struct extras *xs)
{
	const struct extra_tip tip = { b, graph_tip_text, "\\n" };

	extras_node_tip(xs, f, i, &tip);
}

/*
 * The name a box shows: without the prefix most trees share (the legend
 * says it once), and in a repository's cluster (--branches) the branch
 * only, since the cluster names the repository.
 */
static const char *
shown_name(const struct build *bd, uint32_t i, int in_cluster)
{
	const struct flow_tree *t = &bd->f->trees[i];
	const char *name = graph_tree_name(bd->f, i);
	size_t len;

	if (in_cluster && t->repo_name && t->repo_name != name) {
		len = strlen(t->repo_name);
		if (!strncmp(name, t->repo_name, len) && name[len] == ':' &&
		    name[len + 1])
			return name + len + 1;
	}
	return i ? graph_shown_name(bd->p, bd->f, i) : name;
}

static void
node_tooltip(struct buf *b, const struct flow *f, uint32_t i,
	     const struct extras *xs)
{
	const struct flow_tree *t = &f->trees[i];

	graph_tip_text(b, graph_tree_name(f, i));
	if (i == 0) {
		graph_tip_urls(b, f->mainline_urls, f->mainline_urls_nr);
		buf_puts(b, "\\nthe mainline: ");
		graph_count(b, f->commits, "commit");
		buf_printf(b, ", %u direct (%u applied on it, %u through "
			   "its topic branches), ", f->direct,
			   f->topics.applied, f->topics.through);
		graph_count(b, f->merges, "merge");
		add_node_tips(b, f, i, xs);
	} else if (t->tree == TREE_NONE) {
		buf_puts(b, "\\n");
		graph_count(b, t->commits, "commit");
		buf_puts(b, " through them");
	} else {
		graph_tip_urls(b, t->urls, t->urls_nr);
		add_node_tips(b, f, i, xs);
		if (t->kind == TREE_KIND_MAIL)
			buf_puts(b, "\\npatches that came by mail");
		else if (t->kind == TREE_KIND_GITHUB)
			buf_puts(b, "\\nGitHub pull requests");
		else if (t->kind == TREE_KIND_GITLAB)
			buf_puts(b, "\\nGitLab merge requests");
		else if (t->kind == TREE_KIND_BITBUCKET)
			buf_puts(b, "\\nBitbucket pull requests");
		else if (t->kind == TREE_KIND_GITEA)
			buf_puts(b, "\\nGitea pull requests");
		else if (t->kind == TREE_KIND_REVIEW)
			buf_puts(b, "\\nchanges merged by a code review server");
		buf_puts(b, "\\n");
		graph_count(b, t->commits, "commit");
		buf_printf(b, " through it, %u its own\\n", t->own);
		graph_count(b, t->pulls, "pull");
		buf_printf(b, ", depth %u", t->depth);
	}
}

static void
node_style(Agnode_t *n, const struct flow *f, uint32_t i,
	   const struct attrs *a)
{
	const struct flow_tree *t = &f->trees[i];

	if (i == 0) {
		gv_set(n, a->n_style, "rounded,filled,bold");
		gv_set(n, a->n_fillcolor, "#FFE9A8");
		gv_set(n, a->n_color, "black");
		gv_set(n, a->n_penwidth, "2");
		gv_set(n, a->n_fontsize, "14");
	} else if (t->tree == TREE_NONE) {
		/* Neutral whatever its size: many trees, not a big one. */
		gv_set(n, a->n_style, "rounded,dashed");
		gv_set(n, a->n_color, COLOUR_SMALL);
		gv_set(n, a->n_fontcolor, COLOUR_SMALL_TEXT);
	} else if (t->kind == TREE_KIND_MAIL) {
		/* Not a tree at all: a page of mail. */
		gv_set(n, a->n_shape, "note");
		gv_set(n, a->n_style, "filled");
		gv_set(n, a->n_fillcolor, "#FFF3D6");
	} else if (t->depth == 1) {
		/* Direct feeders a shade apart from the trees behind them. */
		gv_set(n, a->n_fillcolor, "#E3EEF8");
	}
}

void
graph_add_node(Agraph_t *g, struct build *bd, uint32_t i)
{
	const struct flow *f = bd->f;
	struct buf id = BUF_INIT, b = BUF_INIT;
	Agnode_t *n;

	buf_printf(&id, "t%u", i);
	n = bd->nodes[i] = agnode(g, id.data, 1);

	node_tooltip(&b, f, i, bd->o->xs);
	gv_set(n, bd->a.n_tooltip, b.data);
	node_style(n, f, i, &bd->a);
	buf_release(&id);
	buf_release(&b);
}

/*
 * The rows of tree i's box when some of its edges carry only part of
 * its commits: the name cell (name_cell, spanning every row) and one
 * cell a counted edge, each the port that edge leaves from, on the
 * mainline's side of the name.
 */
static void
add_count_rows(struct buf *b, const struct build *bd, uint32_t i,
	       const char *name_cell)
{
	const struct flow *f = bd->f;
	int right = bd->p->side[i] > 0, row = 0;

	for (uint32_t k = 0; k < f->edges_nr; k++) {
		if (f->edges[k].from != i || !bd->port[k])
			continue;
		buf_puts(b, "<TR>");
		if (!row && !right)
			buf_puts(b, name_cell);
		buf_printf(b, "<TD PORT=\"p%u\"><FONT COLOR=\"%s\">%u</FONT>"
			   "</TD>", bd->port[k],
			   graph_text_colour(bd->p->volume[k]),
			   f->edges[k].commits);
		if (!row && right)
			buf_puts(b, name_cell);
		buf_puts(b, "</TR>");
		row++;
	}
}

/*
 * One line of a box, plain text s (len bytes), escaped for the label's
 * kind (html: an HTML-like label's cell, else an escString); on a
 * printed page (PRINT_FOLDED) folded first, its pieces a line each.
 */
static void
add_box_text(struct buf *b, const struct build *bd, const char *s,
	     size_t len, int html)
{
	struct buf fold = BUF_INIT;
	const char *p;

	if (bd->o->print >= PRINT_FOLDED) {
		graph_fold(&fold, s, len, GRAPH_FOLD_CHARS);
		s = fold.data ? fold.data : "";
		len = fold.len;
	}
	for (p = s; p <= s + len;) {
		size_t n = strcspn(p, "\n");
		char *line;

		if (n > (size_t)(s + len - p))
			n = (size_t)(s + len - p);
		if (p != s)
			buf_puts(b, html ? "<BR/>" : "\\n");
		line = xstrndup(p, n);
		if (html)
			graph_html_text(b, line);
		else
			graph_label_text(b, line);
		free(line);
		p += n + 1;
	}
	buf_release(&fold);
}

/*
 * Tree i's label: its name, its commits and the add-ons' lines.  Where
 * some of its edges carry only part of its commits, an HTML-like table
 * with each such edge's count in a cell of its own, the port the edge
 * leaves from: the count in its tree's box, where its edge starts (by
 * the edge, outside the box, counts stood where other edges came in).
 * The add-ons' lines, each after a newline in bd->lines, are plain text
 * (MAINTAINERS' names among them): escaped here.
 */
void
graph_label_node(struct build *bd, uint32_t i)
{
	const struct flow *f = bd->f;
	Agnode_t *n = bd->nodes[i];
	const char *name = shown_name(bd, i, bd->clustered[i]);
	const char *l = bd->lines[i].data;
	int html = bd->ports[i] != 0;
	struct buf b = BUF_INIT, cell = BUF_INIT;
	struct buf *t = html ? &cell : &b;
	char *h;

	if (html)
		buf_printf(&cell, "<TD ROWSPAN=\"%u\">", bd->ports[i]);
	add_box_text(t, bd, name, strlen(name), html);
	buf_puts(t, html ? "<BR/>" : "\\n");
	graph_count(t, f->trees[i].commits, "commit");
	while (l && *l) {
		size_t len = strcspn(l + 1, "\n");

		buf_puts(t, html ? "<BR/>" : "\\n");
		add_box_text(t, bd, l + 1, len, html);
		l += 1 + len;
	}
	if (!html) {
		gv_set(n, bd->a.n_label, b.data);
		buf_release(&b);
		return;
	}
	buf_puts(&cell, "</TD>");
	buf_puts(&b, "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" "
		 "CELLPADDING=\"1\">");
	add_count_rows(&b, bd, i, cell.data);
	buf_puts(&b, "</TABLE>");
	h = agstrdup_html(bd->g, b.data);
	gv_set(n, bd->a.n_label, h);
	agstrfree(bd->g, h);
	buf_release(&b);
	buf_release(&cell);
}
