/*
 * classify.h - what a merge commit's subject says it pulled.
 *
 * An external merge names the repository it pulled ("Merge branch 'x' of
 * git://host/path"); an internal one names none ("Merge branch 'linus' into
 * x86/core", "Merge commit 'v2.6.29-rc3'", "Merge ../linus") and keeps the
 * tree of the line it sits on.  A subject that matches neither is treated
 * as internal, but listed in the report as unrecognised.
 */
#ifndef TREEPLOT_CLASSIFY_H
#define TREEPLOT_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

#include "history.h"
#include "naming.h"

enum merge_kind {
	MERGE_UNRECOGNISED = 0,
	MERGE_INTERNAL,
	MERGE_EXTERNAL,
};

struct merge_class {
	enum merge_kind kind;
	const char *url;	/* MERGE_EXTERNAL: the URL, inside the subject */
	size_t url_len;
};

/* Classify one subject line (len bytes, not NUL-terminated necessarily). */
void classify_subject(const char *subject, size_t len, struct merge_class *out);

/*
 * Every merge in a loaded history, classified.  tree[i] is, for an external
 * merge i in the range, the tree its subject names (interned in the tree
 * table); TREE_NONE for every other commit.
 */
struct merge_table {
	uint32_t *tree;			/* h->nr entries */
	uint32_t merges;		/* merges in the range */
	uint32_t *unrecognised;		/* history indexes, in history order */
	uint32_t unrecognised_nr;
};

void classify_merges(const struct history *h, struct tree_table *trees,
		     struct merge_table *out);

/*
 * A caller's own rules (treeplot.internalPattern, externalPattern), tried
 * before the built-in ones: given a merge's subject (NUL-terminated, len
 * bytes), returns nonzero when it decided, with out filled (an external
 * merge's URL inside the subject).
 */
typedef int (*classify_rules)(void *data, const char *subject, size_t len,
			      struct merge_class *out);

/* classify_merges, with rules (may be NULL) tried first. */
void classify_merges_with(const struct history *h, struct tree_table *trees,
			  classify_rules rules, void *data,
			  struct merge_table *out);
void merge_table_release(struct merge_table *m);

#endif
