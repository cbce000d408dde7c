/*
 * render/plan.c - what the chart will show, before any layout.
 */
#include "render/plan.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* floor(sqrt(n)), without libm (the link line is Graphviz's, which does
 * not promise -lm). */
static uint32_t
isqrt(uint64_t n)
{
	uint64_t r = 0, bit = (uint64_t)1 << 62;

	while (bit > n)
		bit >>= 2;
	for (; bit; bit >>= 2) {
		if (n >= r + bit) {
			n -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
	}
	return (uint32_t)r;
}

enum volume
graph_volume(uint32_t commits, uint32_t total, uint32_t major, uint32_t minor)
{
	/* In hundredths of a percent, as the thresholds are. */
	uint64_t share = (uint64_t)commits * 10000;

	if (total && share >= (uint64_t)total * major)
		return VOLUME_MAJOR;
	if (total && share >= (uint64_t)total * minor)
		return VOLUME_MINOR;
	return VOLUME_SMALL;
}

const char *
graph_colour(enum volume v)
{
	switch (v) {
	case VOLUME_MAJOR:
		return COLOUR_MAJOR;
	case VOLUME_MINOR:
		return COLOUR_MINOR;
	case VOLUME_NEUTRAL:
		return COLOUR_NEUTRAL;
	default:
		return COLOUR_SMALL;
	}
}

const char *
graph_text_colour(enum volume v)
{
	return v == VOLUME_MAJOR || v == VOLUME_MINOR ? graph_colour(v) :
	       COLOUR_SMALL_TEXT;
}

/*
 * Width 1 + 16 sqrt(share), at most 9: 6.8 for 13% of the commits, 2.6
 * for 1%, 1.7 for 0.2%.  A logarithm of the count (1 + 2 log10) drew
 * fifty 30-commit trees almost as wide as the 1500-commit one, and the
 * bundle into the mainline as a solid grey bar.
 */
uint32_t
graph_width(uint32_t commits, uint32_t total, uint32_t *weight)
{
	uint32_t root = 0, width;

	if (total)
		root = isqrt((uint64_t)commits * 1000000 / total);
	width = 10 + 16 * root / 100;
	if (width > 90)
		width = 90;
	if (weight)
		*weight = 1 + root / 100;
	return width;
}

const char *
graph_shown_name(const struct graph_plan *p, const struct flow *f,
		 uint32_t i)
{
	if (i && i < p->shown.nr && p->shown.name[i])
		return p->shown.name[i];
	return i < f->trees_nr ? f->trees[i].name : NULL;
}

const char *
graph_short_name(const struct graph_plan *p, const char *name)
{
	size_t len;

	if (!p->shown.prefix || !name)
		return name;
	len = strlen(p->shown.prefix);
	if (strncmp(name, p->shown.prefix, len) || !name[len])
		return name;
	return name + len;
}

/* Is edge fe drawn: both its trees in range and shown (not folded
 * below --chart-depth)? */
static int
edge_drawn(const struct flow *f, const struct graph_plan *p,
	   const struct flow_edge *fe)
{
	return fe->from < f->trees_nr && fe->to < f->trees_nr &&
	       (!p->hidden || (!p->hidden[fe->from] && !p->hidden[fe->to]));
}

/* Left or right of the mainline: the feeders alternate, largest first
 * (the direct commits take the left's first place); a tree behind them
 * stands on the side of the tree its largest flow drawn goes to. */
static void
plan_sides(const struct flow *f, int two_sided, struct graph_plan *p)
{
	uint32_t fed = 0;
	int changed = 1;

	for (uint32_t i = 0; i < f->trees_nr; i++)
		p->side[i] = 0;
	for (uint32_t i = 1; i < f->trees_nr; i++) {
		for (uint32_t k = 0; k < f->edges_nr; k++) {
			if (f->edges[k].from != i || f->edges[k].to != 0)
				continue;
			p->side[i] = two_sided && !(fed++ & 1) ? 1 : -1;
			break;
		}
	}
	/* Edges come by commits descending: the first with a placed end
	 * is the largest.  Each round places one more level. */
	while (changed) {
		changed = 0;
		for (uint32_t k = 0; k < f->edges_nr; k++) {
			const struct flow_edge *fe = &f->edges[k];

			if (!edge_drawn(f, p, fe) || p->side[fe->from] ||
			    !fe->to || !p->side[fe->to])
				continue;
			p->side[fe->from] = p->side[fe->to];
			changed = 1;
		}
	}
	for (uint32_t i = 1; i < f->trees_nr; i++)
		if (!p->side[i])
			p->side[i] = -1;
}

/* The names the boxes show: shortened where most share a start (or are
 * forks of one project), never like another's.  The mainline, the fold
 * and mail sources are shown as they are, beside them. */
static void
plan_names(const struct flow *f, struct graph_plan *p)
{
	const char **names = xcalloc(f->trees_nr + 1, sizeof(*names));
	const char **fixed = xcalloc(f->trees_nr + 1, sizeof(*fixed));
	uint32_t nf = 0;

	for (uint32_t i = 0; i < f->trees_nr; i++) {
		const struct flow_tree *t = &f->trees[i];

		if (p->hidden && p->hidden[i])
			continue;
		if (i && t->tree != TREE_NONE && t->name &&
		    t->kind != TREE_KIND_MAIL)
			names[i] = t->name;
		else if (t->name)
			fixed[nf++] = t->name;
	}
	shown_names_init(&p->shown, names, f->trees_nr, fixed, nf, 0);
	free(fixed);
	free(names);
}

static unsigned
legend_of_volume(enum volume v)
{
	switch (v) {
	case VOLUME_MAJOR:
		return LEGEND_MAJOR;
	case VOLUME_MINOR:
		return LEGEND_MINOR;
	case VOLUME_SMALL:
		return LEGEND_SMALL;
	default:
		return 0;
	}
}

static void
plan_trees_legend(const struct flow *f, struct graph_plan *p)
{
	for (uint32_t i = 1; i < f->trees_nr; i++) {
		const struct flow_tree *t = &f->trees[i];

		if (p->hidden && p->hidden[i])
			continue;
		if (t->tree == TREE_NONE)
			p->legend |= LEGEND_FOLD;
		else if (t->kind == TREE_KIND_MAIL)
			p->legend |= LEGEND_MAIL;
		else if (t->depth == 1)
			p->legend |= LEGEND_FEEDER;
		else
			p->legend |= LEGEND_DEEPER;
		/* --branches: a branch is drawn in its repository's box. */
		if (f->branches && t->tree != TREE_NONE && t->tree != t->repo)
			p->legend |= LEGEND_CLUSTER;
	}
	if (p->shown.shortened)
		p->legend |= LEGEND_PREFIX;
}

/*
 * The trees deeper than level, folded into one box: which they are, and
 * what they sent into the trees shown (the fold's edges).  What went
 * between folded trees, or from a tree shown into a folded one, is
 * inside the fold and not drawn.
 */
static void
plan_fold(const struct flow *f, uint32_t level, struct graph_plan *p)
{
	uint32_t n = f->trees_nr ? f->trees_nr : 1;

	for (uint32_t i = 1; level && i < f->trees_nr; i++)
		if (f->trees[i].depth > level)
			p->fold_trees++;
	if (!p->fold_trees)
		return;
	p->fold_level = level;
	p->hidden = xcalloc(n, sizeof(*p->hidden));
	p->fold_in = xcalloc(n, sizeof(*p->fold_in));
	p->fold_pulls = xcalloc(n, sizeof(*p->fold_pulls));
	for (uint32_t i = 1; i < f->trees_nr; i++)
		p->hidden[i] = f->trees[i].depth > level;
	for (uint32_t k = 0; k < f->edges_nr; k++) {
		const struct flow_edge *fe = &f->edges[k];

		if (fe->from >= f->trees_nr || fe->to >= f->trees_nr ||
		    !p->hidden[fe->from] || p->hidden[fe->to])
			continue;
		p->fold_in[fe->to] += fe->commits;
		p->fold_pulls[fe->to] += fe->pulls;
		p->fold_commits += fe->commits;
	}
	p->legend |= LEGEND_DEEP_FOLD;
}

/* Where the fold's box stands (after plan_sides): beyond its trees on
 * their side, or in the mainline's column when they stand on both. */
static void
plan_fold_side(const struct flow *f, struct graph_plan *p)
{
	int left = 0, right = 0;

	for (uint32_t i = 0; p->fold_in && i < f->trees_nr; i++) {
		if (!p->fold_in[i])
			continue;
		left |= !i || p->side[i] < 0;
		right |= !i || p->side[i] > 0;
	}
	p->fold_side = left && right ? 0 : right ? 1 : -1;
}

/* Edge k's look and count, and the legend entries of what it draws. */
static void
plan_edge(const struct flow *f, uint32_t k, struct graph_plan *p)
{
	const struct flow_edge *fe = &f->edges[k];
	const struct flow_tree *from = &f->trees[fe->from];

	/* A box states the commits through it: an edge carrying all of
	 * them needs no count of its own.  Else the count stands in that
	 * box, where the edge leaves it. */
	if (fe->commits != from->commits)
		p->edge_count[k] = COUNT_AT_TAIL;
	p->volume[k] = from->tree == TREE_NONE ? VOLUME_NEUTRAL :
		       graph_volume(fe->commits, f->commits, p->major,
				    p->minor);
	p->width[k] = graph_width(fe->commits, f->commits, &p->weight[k]);
	p->legend |= legend_of_volume(p->volume[k]);
	if (p->edge_count[k])
		p->legend |= LEGEND_EDGE_COUNT;
}

/*
 * A side of the mainline with more leaves than this (trees pulled only
 * into the mainline, nothing drawn into them) and nothing beyond them
 * is drawn in two columns (plan_stagger).
 */
#define STAGGER_LEAVES 16

/*
 * leaf[i] = 1 for the trees that are leaves of the mainline's: shown at
 * depth 1, their only drawn edge the one into the mainline, nothing
 * drawn into them (nor from the fold).
 */
static void
plan_leaves(const struct flow *f, const struct graph_plan *p, uint8_t *leaf)
{
	/* 1: one edge out, into the mainline; 2: anything else. */
	for (uint32_t i = 1; i < f->trees_nr; i++)
		leaf[i] = f->trees[i].depth != 1 ||
			  (p->fold_in && p->fold_in[i]) ? 2 : 0;
	for (uint32_t k = 0; k < f->edges_nr; k++) {
		const struct flow_edge *fe = &f->edges[k];

		if (!edge_drawn(f, p, fe))
			continue;
		leaf[fe->to] = 2;
		leaf[fe->from] = leaf[fe->from] || fe->to ? 2 : 1;
	}
	for (uint32_t i = 0; i < f->trees_nr; i++)
		leaf[i] = leaf[i] == 1;
}

/*
 * A side whose trees all stand in one column next to the mainline (no
 * tree drawn beyond them, the fold not beyond them either) makes a
 * chart as tall as half the trees, under two columns wide (a level-1
 * fold of a 99-tree cycle: aspect 1.8).  There, its grey leaves take
 * every other place in a second column (minlen 2, as Graphviz's
 * unflatten staggers leaves); the coloured flows stay next to the
 * mainline, and the order is the plan's.
 */
static void
plan_stagger(const struct flow *f, struct graph_plan *p,
	     const uint8_t *leaf, int side)
{
	uint32_t leaves = 0, grey = 0;

	if (p->fold_trees && p->fold_side == side)
		return;
	for (uint32_t i = 1; i < f->trees_nr; i++) {
		if ((p->hidden && p->hidden[i]) || p->side[i] != side)
			continue;
		if (f->trees[i].depth > 1)
			return;
		leaves += leaf[i];
	}
	if (leaves <= STAGGER_LEAVES)
		return;
	/* Edges come by commits descending: the leaves' too. */
	for (uint32_t k = 0; k < f->edges_nr; k++) {
		const struct flow_edge *fe = &f->edges[k];

		if (!edge_drawn(f, p, fe) || fe->to || !leaf[fe->from] ||
		    p->side[fe->from] != side || p->volume[k] != VOLUME_SMALL)
			continue;
		p->outer[k] = grey++ & 1;
	}
}

/* A flow of the mainline's direct commits, n of them (applied on it, or
 * through its topic branches): its volume and width; returns the
 * legend's bits it needs (legend, and its volume's), 0 for none. */
static unsigned
plan_direct(const struct flow *f, uint32_t n, unsigned legend,
	    const struct graph_plan *p, enum volume *volume, uint32_t *width)
{
	if (!n)
		return 0;
	*volume = graph_volume(n, f->commits, p->major, p->minor);
	*width = graph_width(n, f->commits, NULL);
	return legend | legend_of_volume(*volume);
}

void
graph_plan(const struct flow *f, uint32_t major, uint32_t minor,
	   int two_sided, uint32_t level, struct graph_plan *p)
{
	uint32_t n = f->edges_nr ? f->edges_nr : 1;

	memset(p, 0, sizeof(*p));
	p->major = major;
	p->minor = minor;
	p->side = xcalloc(f->trees_nr ? f->trees_nr : 1, sizeof(*p->side));
	p->edge_count = xcalloc(n, sizeof(*p->edge_count));
	p->volume = xcalloc(n, sizeof(*p->volume));
	p->width = xcalloc(n, sizeof(*p->width));
	p->weight = xcalloc(n, sizeof(*p->weight));
	p->outer = xcalloc(n, sizeof(*p->outer));
	/* The fold first: everything after, the legend above all, is
	 * planned for what the chart draws. */
	plan_fold(f, level, p);
	plan_sides(f, two_sided, p);
	plan_fold_side(f, p);
	plan_names(f, p);
	for (uint32_t k = 0; k < f->edges_nr; k++)
		if (edge_drawn(f, p, &f->edges[k]))
			plan_edge(f, k, p);
	p->legend |= plan_direct(f, f->topics.applied, LEGEND_DIRECT, p,
				 &p->direct_volume, &p->direct_width);
	p->legend |= plan_direct(f, f->topics.through, LEGEND_TOPICS, p,
				 &p->topics_volume, &p->topics_width);
	plan_trees_legend(f, p);
	if (two_sided && f->trees_nr) {
		uint8_t *leaf = xcalloc(f->trees_nr, sizeof(*leaf));

		plan_leaves(f, p, leaf);
		plan_stagger(f, p, leaf, -1);
		plan_stagger(f, p, leaf, 1);
		free(leaf);
	}
}

void
graph_plan_release(struct graph_plan *p)
{
	free(p->hidden);
	free(p->fold_in);
	free(p->fold_pulls);
	free(p->side);
	free(p->edge_count);
	free(p->volume);
	free(p->width);
	free(p->weight);
	free(p->outer);
	shown_names_release(&p->shown);
	memset(p, 0, sizeof(*p));
}
