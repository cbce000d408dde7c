/*
 * naming.h - one display name per tree, however its URL is spelled.
 *
 * "git://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git",
 * "master.kernel.org:/pub/scm/linux/kernel/git/davem/net-2.6" and
 * "https://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6/" are all
 * the tree "davem/net-2.6".  The tree table interns those names and keeps
 * every original spelling seen for each.
 */
#ifndef TREEPLOT_NAMING_H
#define TREEPLOT_NAMING_H

#include <stddef.h>
#include <stdint.h>

#define TREE_NONE UINT32_MAX
#define TREE_MAINLINE 0		/* the root node, labelled --mainline */

/*
 * The display name of the repository url names (len bytes), as a new
 * string the caller frees: the scheme, "user@", a port, a trailing "/"
 * and ".git" dropped, the host lower-cased; on kernel.org hosts the path
 * after /pub/scm/linux/kernel/git/ (else after /pub/scm/); elsewhere
 * HOST/PATH.  A URL with nothing left gives an empty string.
 */
char *tree_name(const char *url, size_t len);

/* What a tree is: a repository named by a URL, or a source that is not
 * one (classify_message). */
enum tree_kind {
	TREE_KIND_REPO = 0,
	TREE_KIND_GITHUB,	/* "github:OWNER": pull requests from a fork */
	TREE_KIND_GITLAB,	/* "merge requests to GROUP/PROJECT" */
	TREE_KIND_MAIL,		/* "patches from NAME", "mailed patch series" */
};

/* The kind's name in the outputs: "repository", "github", "gitlab",
 * "mail". */
const char *tree_kind_name(enum tree_kind kind);

struct tree {
	char *name;
	enum tree_kind kind;
	uint32_t repo;		/* a branch node's repository; else itself */
	char **urls;		/* every spelling seen, in first-seen order
				 * (byte order after trees_sort_urls) */
	uint32_t urls_nr, urls_alloc;
};

/* treeplot.alias: every URL starting with prefix is the tree name. */
struct tree_alias {
	const char *name;
	const char *prefix;
};

struct tree_table {
	struct tree *t;
	uint32_t nr, alloc;
	uint32_t *hash;		/* open addressing: tree id + 1, 0 empty */
	uint32_t hash_size;
	const struct tree_alias *aliases;	/* borrowed, or NULL */
	size_t aliases_nr;
};

/* Tree 0 is the mainline, named label. */
void trees_init(struct tree_table *tt, const char *label);
void trees_release(struct tree_table *tt);

/*
 * Name the URLs starting with one of the prefixes by its alias, instead of
 * by tree_name: the longest prefix wins, the later of two equal ones.
 * Applies to the URLs added from then on; aliases are borrowed.
 */
void trees_set_aliases(struct tree_table *tt, const struct tree_alias *a,
		       size_t nr);

/* The tree url names (created if new); the spelling is recorded. */
uint32_t trees_add_url(struct tree_table *tt, const char *url, size_t len);

/*
 * The tree named name (created if new, with that kind; no URL is
 * recorded).  Such names hold a space or start with "github:", which
 * no name of a URL does, so they never join a repository's tree.
 */
uint32_t trees_add_name(struct tree_table *tt, const char *name,
			enum tree_kind kind);

/*
 * --branches: the node "REPO:BRANCH" of branch (len bytes) of tree repo
 * (created if new, of repo's kind; URLs stay the repository's).
 */
uint32_t trees_add_branch(struct tree_table *tt, uint32_t repo,
			  const char *branch, size_t len);

/*
 * A tag's stem: a tag name up to where its version starts (a digit after
 * '-', '_' or '.', or at the start, an optional 'v' before it included),
 * then '*': "sound-6.1-rc1" and "sound-6.2" are "sound-*", "v6.2" is
 * "v*"; a tag without a version is itself.  A new string.
 */
char *tag_stem(const char *tag, size_t len);

/*
 * "github:OWNER" for a URL of a repository on github.com (OWNER/REPO), as
 * a new string, or NULL: the tree GitHub pull requests from the owner of
 * that repository are charted as.
 */
char *github_owner_name(const char *url, size_t len);
/* Put every tree's spellings in byte order: the order they were first
 * met depends on how the history was walked, which must not show. */
void trees_sort_urls(struct tree_table *tt);

/* The tree with this display name, or TREE_NONE.  Never the mainline. */
uint32_t trees_find(const struct tree_table *tt, const char *name);

#endif
