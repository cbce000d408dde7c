/*
 * explain.h - --explain: how each named merge was read.
 *
 * For each merge: the subject form that matched (or the configured
 * pattern), the URL, the key its spelling normalises to, the tree that key
 * belongs to with every spelling identity joined into it and the evidence
 * of each join, how the tree got its name, and whether the merge was
 * internal or external and why (the line's own repository, the mainline's
 * and how that was learned, a self-pull, a pattern).  It reads the chart
 * of the range (chart.h), so it says exactly what the report did.  This is
 * how a user checks a join or writes an alias.
 */
#ifndef TREEPLOT_EXPLAIN_H
#define TREEPLOT_EXPLAIN_H

#include <stddef.h>

#include "flow/chart.h"
#include "git/history.h"
#include "util/buf.h"
#include "util/util.h"

struct explain_input {
	struct repo *r;
	const struct history *h;
	const struct chart *c;
	const struct chart_options *o;	/* the patterns (rules) */
	const char *repo;		/* the repository's short name */
	const char *range;		/* as stated in the output */
	const char *const *revs;	/* the merges as named */
	size_t revs_nr;
};

/*
 * Explain every merge named into text and json (either may be NULL: that
 * format is not wanted), each read once and reported once.  A
 * revision that is not a merge of the range gets a line "treeplot: REV:
 * why" on stderr and is listed in the JSON's "unexplained".  Returns
 * ST_OK when all were explained, ST_PARTIAL when one was not.
 */
int explain(const struct explain_input *in, struct buf *text,
	    struct buf *json);

#endif
