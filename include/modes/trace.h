/*
 * trace.h - --trace: the way each named commit took to the mainline, with
 * the merge that carried it at every hop, from the innermost tree out.
 *
 * Like git-when-merged, but the whole way down and for many commits in
 * one walk: the range is walked and attributed once (chart.h), and each
 * commit's hops are read off the attribution (attribute.h's via).
 */
#ifndef TREEPLOT_TRACE_H
#define TREEPLOT_TRACE_H

#include <stddef.h>

#include "flow/chart.h"
#include "git/history.h"
#include "util/buf.h"
#include "util/util.h"

struct trace_input {
	struct repo *r;
	const struct history *h;
	const struct chart *c;
	const char *repo;	/* the repository's short name */
	const char *range;	/* as stated in the output */
	const char *const *revs;	/* the commits as named, "-" for */
	size_t revs_nr;			/* standard input's, one a line */
};

/*
 * Trace every commit named into text and json (either may be NULL: that
 * format is not wanted), resolving each once, so standard input is read
 * once and each untraced commit reported once however many outputs.  A
 * commit that cannot be traced (unknown, not a commit, not in the range,
 * a merge) gets a line "treeplot: REV: why" on stderr and is listed in
 * the JSON's "untraced".  Returns ST_OK when all were traced,
 * ST_PARTIAL when one was not, ST_FAILURE after reporting an error (an
 * unreadable object, stdin).
 */
int trace(const struct trace_input *in, struct buf *text, struct buf *json);

#endif
