/*
 * chart.h - the stages after the walk, for one range: merge
 * classification, the mainline's repository, attribution, aggregation.
 *
 * The plain report, --trace and --compare (once per range, on a view of
 * one walk's history) all go through here, so they all agree.  Whatever
 * depended on the order the walk happened to meet commits in (the order
 * of a tree's URL spellings, of the unrecognised merges) is put in an
 * order of its own, so that outputs are the same with or without a
 * commit-graph file.
 */
#ifndef TREEPLOT_CHART_H
#define TREEPLOT_CHART_H

#include <stdint.h>

#include "flow/aggregate.h"
#include "flow/attribute.h"
#include "flow/classify.h"
#include "flow/mainline.h"
#include "flow/naming.h"
#include "flow/rules.h"
#include "flow/selection.h"
#include "git/history.h"

/* --top all, treeplot.top = all: keep every tree. */
#define TOP_ALL UINT32_MAX

/* The settings a chart is built with: typed values, whether they came
 * from the command line or the configuration (treeplot.*). */
struct chart_options {
	const char *mainline;		/* the mainline's label */
	const char *const *mainline_urls;	/* --mainline-url, config */
	size_t mainline_urls_nr;
	const struct tree_alias *aliases;	/* treeplot.alias */
	size_t aliases_nr;
	const struct rules *rules;	/* treeplot.internalPattern,
					 * externalPattern; may be NULL */
	const struct mailmap *mailmap;	/* who committed a review server's
					 * merges, and the pulls' tips (who
					 * keeps a tree); NULL: as written */
	unsigned jobs;			/* threads reading the pulls' tips
					 * (0: the cores) */
	uint32_t top;			/* trees kept (--top); 0 or TOP_ALL:
					 * every tree */
	int branches;			/* --branches */
	const struct tree_table *identity;	/* --compare: the keys and
						 * joins of every range, or
						 * NULL (chart_identity) */
	const struct selection *selection;	/* what selected is, or NULL */
	const uint8_t *selected;	/* per history index: the commits
					 * kept (selection_mark), or NULL:
					 * all */
};

struct chart {
	struct tree_table tt;
	struct merge_table m;
	uint8_t *is_mainline;	/* per tree id: MAINLINE_* bits, 0: not */
	struct attribution a;
	struct flow f;
};

/*
 * Chart h (a loaded history, or a view of one) for the repository r,
 * labelled repo and range (borrowed: they must outlive the chart).
 * Returns 0, or -1 after reporting a pull's tip that could not be read
 * (the chart is to be released either way).
 */
int chart_build(struct chart *c, const struct history *h, struct repo *r,
		 const char *repo, const char *range,
		 const struct chart_options *o);
void chart_release(struct chart *c);

/*
 * Learn tree identity over all of h (the union of --compare's ranges),
 * the pulls' tips read from r, into out, for chart_options.identity:
 * every range then names a tree the same way, by its most recent
 * spelling in any of them.  Returns 0, or -1 after reporting (out is to
 * be released either way).
 */
int chart_identity(const struct history *h, struct repo *r,
		   const struct chart_options *o, struct tree_table *out);

#endif
