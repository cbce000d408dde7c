/*
 * signed.h - which pulls pulled a signed tag (--signed, --require-signed).
 *
 * Only the merges that pulled something are read, through libgit2's
 * header access (history_merge_signatures), and only when asked.
 * Presence of a signature is what is reported; nothing is verified: a
 * pull is signed when its merge carries a signed tag (SIG_MERGETAG; a
 * gpgsig alone signs the merge, not what it pulled).
 */
#ifndef TREEPLOT_SIGNED_H
#define TREEPLOT_SIGNED_H

#include "aggregate.h"
#include "attribute.h"
#include "history.h"
#include "naming.h"

struct extra;

/* Exit status of --require-signed when a pull is unsigned. */
#define EXIT_UNSIGNED 3

/* The add-on's arg: --signed, --require-signed. */
#define SIGNED_REPORT 1
#define SIGNED_REQUIRE 2

/*
 * Per history index, the SIG_* flags of every merge that pulled (the
 * attribution's pulls); 0 elsewhere.  *out is the caller's to free.
 */
int signatures_read(struct repo *r, const struct history *h,
		    const struct attribution *a, unsigned **out);

/* The flow's pulls, counted by signature. */
struct signatures {
	uint32_t pulls, signed_pulls, gpgsig_pulls;
	uint32_t pulled_commits;	/* brought into the mainline by pulls */
	uint32_t signed_commits;	/* of those, by signed pulls */
	uint32_t *tree_signed_pulls;	/* per flow tree: of its pulls, the */
	uint32_t *tree_signed_commits;	/* signed, and the commits they brought */
	uint32_t *edge_signed_pulls;	/* per flow edge */
	uint32_t *unsigned_pulls;	/* indexes into f->all_pulls */
	uint32_t unsigned_nr;
};

/* Count f's pulls with sig (signatures_read's) into out. */
void signatures_count(const struct flow *f, const unsigned *sig,
		      struct signatures *out);
void signatures_release(struct signatures *s);

/*
 * List the unsigned pulls on stderr, one line each ("treeplot: unsigned
 * pull ID from TREE into TREE: SUBJECT"), after a line with their number.
 * Returns their number.
 */
uint32_t signatures_report_unsigned(const struct signatures *s,
				    const struct flow *f,
				    const struct tree_table *tt);

/*
 * The add-on (extra.h; arg SIGNED_REPORT or SIGNED_REQUIRE): a section
 * of the text report, the JSON's "signed" and per tree and edge
 * "signed_pulls", the edges' tooltips and look, and --require-signed's
 * exit status.
 */
extern const struct extra signed_extra;

#endif
