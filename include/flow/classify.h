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

#include "flow/naming.h"
#include "git/history.h"

enum merge_kind {
	MERGE_UNRECOGNISED = 0,
	MERGE_INTERNAL,
	MERGE_EXTERNAL,
};

/* Where an external merge's commits came from. */
enum merge_source {
	SOURCE_URL = 0,		/* a repository: url */
	SOURCE_GITHUB,		/* a GitHub pull request: name is its owner */
	SOURCE_GITLAB,		/* a GitLab merge request: name is the
				 * GROUP/PROJECT it was merged in */
	SOURCE_MAIL,		/* patches applied by mail: name is who sent
				 * them, empty for a series (b4) */
};

struct merge_class {
	enum merge_kind kind;
	const char *url;	/* MERGE_EXTERNAL, SOURCE_URL: the URL, inside */
	size_t url_len;		/* the subject or the body */
	enum merge_source source;
	const char *name;	/* the other sources: inside the subject or */
	size_t name_len;	/* the body (name_len 0: none) */
	const char *form;	/* the form that matched, for --explain:
				 * "Merge WHAT 'NAME' of URL", ...; NULL
				 * when none did */
	int same_branch;	/* classify_merges: "Merge branch 'X' of URL
				 * into X", the line's own branch */
};

/* Classify one subject line (len bytes, not NUL-terminated necessarily). */
void classify_subject(const char *subject, size_t len, struct merge_class *out);

/*
 * Classify a merge by its subject and the reference lines of its body
 * (history_body; NULL or empty when none): the subject's forms above, and
 * the forms of forges and mail, tried when the subject names no URL:
 *
 *   Merge pull request #N from OWNER/BRANCH		GitHub
 *   Merge branch 'B' into 'T' + "See merge request G/P!N"	GitLab
 *   Merge patch series "..." | Merge series "..."	mailed series (b4)
 *   Merge branch 'akpm' (patches from NAME)		mailed patches
 *   Merge [emailed|misc|...] patches|fixes|updates from NAME
 *   Subtree merge tag 'X' of NAME repo [N] into PATH + "[N] URL"
 */
void classify_message(const char *subject, size_t len, const char *body,
		      size_t body_len, struct merge_class *out);

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
	uint8_t *same_branch;		/* per history index: an external
					 * merge of branch X into X */

	/*
	 * --branches (classify_branches), else NULL: the node ("REPO:BRANCH")
	 * each pulled parent of an external merge came from; parent k >= 1
	 * of merge i is ptree[ptree_start[i] - 1 + k - 1] (ptree_start[i] 0:
	 * none).  repo_of[t] is node t's repository (t < repo_of_nr; any
	 * other tree is its own).  tree[] keeps naming repositories.
	 */
	uint32_t *ptree_start;
	uint32_t *ptree;
	size_t ptree_nr, ptree_alloc;
	uint32_t *repo_of;
	uint32_t repo_of_nr;
};

void classify_merges(const struct history *h, struct tree_table *trees,
		     struct merge_table *out);

/*
 * --branches: give each pulled parent of the external merges classified
 * in m the node of the branch or tag its subject names: the names are
 * taken in order, one per pulled parent ("Merge branches 'a' and 'b' of
 * URL" has two); one name counts for every parent; a count that does not
 * match, or no name ("Merge URL", mail), leaves the repository itself.
 * Tags are grouped by stem (tag_stem).  A GitHub pull request's branch is
 * the one after its owner.
 */
void classify_branches(const struct history *h, struct tree_table *trees,
		       struct merge_table *m);

/* The repository of tree or node t. */
static inline uint32_t
merge_repo_of(const struct merge_table *m, uint32_t t)
{
	return m->repo_of && t < m->repo_of_nr ? m->repo_of[t] : t;
}

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

/* Classify merge i of h as classify_merges_with does (rules may be NULL),
 * same_branch included: for --explain. */
void classify_merge(const struct history *h, uint32_t i, classify_rules rules,
		    void *data, struct merge_class *mc);

/*
 * The shape of a subject, to group the unrecognised merges by: quoted
 * names become 'X', tokens holding '/' or ':' (paths, URLs) PATH, runs of
 * digits N ("merge with xen-unstable.hg", "Merge N.N into PATH").  A new
 * string.
 */
char *subject_shape(const char *subject);

struct shape_group {
	char *shape;
	uint32_t count;
	uint32_t example;	/* history index: its first merge in idx */
};

/* The merges idx[0..nr) (history indexes) grouped by shape, the largest
 * group first (ties by shape); returns the number of groups. */
uint32_t unrecognised_groups(const struct history *h, const uint32_t *idx,
			     uint32_t nr, struct shape_group **out);
void shape_groups_free(struct shape_group *g, uint32_t n);

#endif
