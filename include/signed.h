/*
 * signed.h - which pulls pulled a signed tag (--signed, --require-signed).
 *
 * Only the merges that pulled something are read, through libgit2's
 * header access (history_merge_signatures), and only when asked.
 * Presence of a signature is what is reported; nothing is verified.
 */
#ifndef TREEPLOT_SIGNED_H
#define TREEPLOT_SIGNED_H

#include "aggregate.h"
#include "attribute.h"
#include "history.h"
#include "naming.h"

/* Exit status of --require-signed when a pull is unsigned. */
#define EXIT_UNSIGNED 3

/*
 * Per history index, the SIG_* flags of every merge that pulled (the
 * attribution's pulls); 0 elsewhere.  *out is the caller's to free.
 */
int signatures_read(struct repo *r, const struct history *h,
		    const struct attribution *a, unsigned **out);

/*
 * List the unsigned pulls of f on stderr, one line each ("treeplot:
 * unsigned pull ID from TREE into TREE: SUBJECT"), after a line with
 * their number.  Returns their number.
 */
uint32_t signatures_report_unsigned(const struct flow *f,
				    const struct tree_table *tt);

#endif
