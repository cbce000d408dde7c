/*
 * signed.h - which pulls pulled a signed tag (--signed, --require-signed).
 *
 * Only the merges that pulled something are read, through libgit2's
 * headers, in one batch (commitread.h), and only when asked.
 * Presence of a signature is what is reported; nothing is verified: a
 * pull is signed when its merge carries a signed tag (SIG_MERGETAG; a
 * gpgsig alone signs the merge, not what it pulled).
 */
#ifndef TREEPLOT_SIGNED_H
#define TREEPLOT_SIGNED_H

#include "flow/aggregate.h"
#include "flow/attribute.h"
#include "flow/naming.h"
#include "git/history.h"

struct extra;

/* The add-on's arg: --signed, --require-signed. */
#define SIGNED_REPORT 1
#define SIGNED_REQUIRE 2

/*
 * Per history index, the SIG_* flags of every merge that pulled (the
 * attribution's pulls); 0 elsewhere.  *out is the caller's to free.
 */
int signatures_read(struct repo *r, const struct history *h,
		    const struct attribution *a, unsigned **out);

/*
 * The flow's pulls, counted by signature.  A pull is a merge that pulled
 * a tree: merges of mailed patches and series (sources of kind mail) are
 * not pulls, and are only counted (mail_merges), nor are the merges of a
 * code review server (sources of kind review, Gerrit's 'Merge "..."':
 * the server merged a change it reviewed, no tag was pulled;
 * review_merges); subtree merges ("Subtree
 * merge tag 'X' of NAME repo [1] into PATH") bring a third party's tree
 * and are counted and listed apart (subtree); the other pulls are the
 * real ones, over which the shares are computed.  An unsigned real pull
 * from a tree of treeplot.unsignedOk is exempted: counted, not listed.
 */
struct signatures {
	uint32_t pulls, signed_pulls, gpgsig_pulls;	/* real pulls */
	uint32_t pulled_commits;	/* brought into the mainline by pulls */
	uint32_t signed_commits;	/* of those, by signed pulls */
	uint32_t *tree_signed_pulls;	/* per flow tree: of its pulls, the */
	uint32_t *tree_signed_commits;	/* signed, and the commits they brought */
	uint32_t *edge_signed_pulls;	/* per flow edge */
	uint32_t *tree_pulls;		/* per flow tree: its real pulls */
	uint32_t *edge_unsigned;	/* per flow edge: listed unsigned */
	uint32_t *edge_real;		/* per flow edge: its real pulls */
	uint32_t *edge_nopull;		/* per flow edge: its merges of mail, */
					/* a review server, subtrees */
	uint32_t *unsigned_pulls;	/* indexes into f->all_pulls */
	uint32_t unsigned_nr;
	uint32_t exempted;		/* unsigned, from a tree accepted */
	uint32_t mail_merges;		/* merges of mail: not pulls */
	uint32_t review_merges;		/* a review server's: not pulls */
	uint32_t *subtree;		/* subtree merges: into f->all_pulls */
	uint32_t subtree_nr, subtree_signed;
};

/* Is history index merge a subtree merge (by its subject)? */
int signatures_is_subtree(const struct history *h, uint32_t merge);

/*
 * Which trees treeplot.unsignedOk accepts unsigned: per tree id of tt, 1
 * when one of the values is the tree's name, a spelling its identity
 * joined (trees_find), or a URL naming makes one of those of.  A new
 * array of tt->nr flags.
 */
uint8_t *signatures_exempt(const struct tree_table *tt,
			   char *const *ok, size_t ok_nr);

/* Count f's pulls with sig (signatures_read's) into out; tt is the
 * pulls' tree table, exempt (may be NULL) signatures_exempt's. */
void signatures_count(const struct flow *f, const unsigned *sig,
		      const struct tree_table *tt, const uint8_t *exempt,
		      struct signatures *out);
void signatures_release(struct signatures *s);

/*
 * List the unsigned pulls on stderr, one line each ("treeplot: unsigned
 * pull ID from TREE into TREE: SUBJECT"), after a line with their number,
 * then how many were exempted and the subtree merges apart.  Returns the
 * number of unsigned pulls listed.
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
