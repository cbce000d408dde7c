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

#include "util/hash.h"

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
	TREE_KIND_GITHUB,	/* "github:OWNER": pull requests from a fork;
				 * "github pull requests": from no fork named */
	TREE_KIND_GITLAB,	/* "merge requests to GROUP/PROJECT" */
	TREE_KIND_MAIL,		/* "patches from NAME", "mailed patch series" */
	TREE_KIND_BITBUCKET,	/* "bitbucket pull requests" */
	TREE_KIND_GITEA,	/* "gitea:OWNER": pull requests from a fork */
	TREE_KIND_REVIEW,	/* a code review server, named as its merges'
				 * committer ("Gerrit Code Review") */
};

/* The kind's name in the outputs: "repository", "github", "gitlab",
 * "mail", "bitbucket", "gitea", "review". */
const char *tree_kind_name(enum tree_kind kind);

/* A person (an index into tree_table.people: "Name <mail>" through the
 * .mailmap) and the pulls they committed the tip of. */
struct keeper_count {
	uint32_t person;
	uint32_t pulls;
};

struct tree {
	char *name;
	enum tree_kind kind;
	uint32_t repo;		/* a branch node's repository; else itself */
	char **urls;		/* every spelling seen, in first-seen order
				 * (byte order after trees_sort_urls) */
	uint32_t urls_nr, urls_alloc;
	struct hindex url_ix;	/* urls by their hash: a hostile history
				 * spells one tree 100,000 ways */
	struct keeper_count *keepers;	/* who committed the tips of its
					 * pulls (evidence_settle):
					 * the most pulls first */
	uint32_t keepers_nr;
};

/*
 * treeplot.alias NAME URL: the tree the URL identifies, with every
 * spelling that identity joins, is the tree NAME.  A URL ending in '/' or
 * '*' is a prefix instead ('*' dropped): every tree with a spelling that
 * starts with it.
 */
struct tree_alias {
	const char *name;
	const char *prefix;
};

/*
 * A key: one normalised spelling, tree_name of a URL ("davem/net-2.6").
 * Keys are what identity joins: a tree is a set of keys (a union-find
 * over them), named by an alias, else by its key most recently pulled.
 */
struct tree_key {
	char *key;
	char *url;		/* the first URL seen with this key */
	char *host;		/* lower-cased, "kernel.org" for its hosts, */
				/* "" for a local path */
	const char *path;	/* inside key: the path below the host */
	uint32_t parent;	/* union-find; the root holds the group's */
	uint32_t best;		/* key with the latest pull, */
	int alias;		/* alias index (-1: none), */
	size_t alias_len;	/* 0 for a URL's, else the prefix's length */
	int64_t first, last;	/* committer times of its first and last */
	uint32_t pulls;		/* pull; pulls counts them */
	struct keeper_count *ev;	/* who committed its pulls' tips: */
	uint32_t ev_nr, ev_alloc;	/* the evidence of its keeper */
	uint32_t *tags;		/* the first words of the tags its pulls */
	uint32_t tags_nr, tags_alloc;	/* named (tree_table.words) */
};

/* Why two keys are one tree (beyond the normalisation of tree_name). */
enum join_why {
	JOIN_SAME_PATH = 1,	/* one path on two hosts of one domain */
	JOIN_ALIAS,		/* treeplot.alias naming the tree's URL */
	JOIN_ALIAS_PREFIX,	/* treeplot.alias with a prefix */
	JOIN_SAME_KEEPER,	/* one repository name, kept by one person */
};

struct tree_join {
	uint32_t a, b;		/* keys */
	enum join_why why;
	char *detail;		/* the evidence, a sentence */
};

/* A join the evidence suggests but does not prove: reported with a
 * ready-to-paste alias line, never applied. */
struct tree_hint {
	uint32_t older, newer;	/* keys */
	char *detail;
};

struct tree_table {
	struct tree *t;
	uint32_t nr, alloc;
	struct hindex hash;	/* tree ids by name, the mainline left out */
	const struct tree_alias *aliases;	/* borrowed, or NULL */
	size_t aliases_nr;
	struct tree_key *k;	/* every key met */
	uint32_t k_nr, k_alloc;
	struct hindex khash;	/* key ids by key */
	struct tree_join *joins;
	uint32_t joins_nr, joins_alloc;
	struct tree_hint *hints;
	uint32_t hints_nr, hints_alloc;
	uint32_t *anchor;	/* per alias: the first key it took */
	int adopted;		/* trees_adopt: keys 0 .. adopted_nr - 1 */
	uint32_t adopted_nr;	/* are another table's, learning is done */
	struct interner people;	/* keepers, "Name <mail>" */
	struct pair_index evix;	/* (key, person) numbered: where in the */
	uint32_t *ev_at;	/* key's ev each pair's count is */
	uint32_t ev_at_nr, ev_at_alloc;
	struct interner words;	/* tags' first words */
	uint8_t *mainline_people;	/* per person: commits the mainline's
					 * first-parent merges (no keeper's
					 * evidence) */
	uint32_t mainline_people_nr;
};

/* Tree 0 is the mainline, named label. */
void trees_init(struct tree_table *tt, const char *label);
void trees_release(struct tree_table *tt);

/*
 * Aliases for the URLs met from then on (borrowed): one naming a URL
 * takes the whole tree that URL identifies, the later of two on one tree
 * winning; a prefix alias takes every tree with a spelling that starts
 * with it, the longest prefix winning (the later of two equal ones), and
 * yields to an alias naming one of the tree's URLs.
 */
void trees_set_aliases(struct tree_table *tt, const struct tree_alias *a,
		       size_t nr);

#define KEY_NONE UINT32_MAX

/* The key of url (len bytes), created if new; a prefix alias the URL
 * matches joins its tree. */
uint32_t trees_key(struct tree_table *tt, const char *url, size_t len);

/* The key named key (a tree_name), or KEY_NONE. */
uint32_t trees_key_find(const struct tree_table *tt, const char *key);

/* Key k was pulled by a merge committed at time t. */
void trees_key_seen(struct tree_table *tt, uint32_t k, int64_t t);

/* The root of k's group: keys with one root are one tree. */
uint32_t trees_key_root(const struct tree_table *tt, uint32_t k);

/*
 * Join the trees of keys a and b, for why (detail, the evidence, is
 * copied).  Returns 0 when they were one tree already.  Joins are made
 * before the trees are added (trees_add_url), so that a tree's id and
 * name are settled once.
 */
int trees_join(struct tree_table *tt, uint32_t a, uint32_t b,
	       enum join_why why, const char *detail);

/* Record a join the evidence suggests but does not prove (detail
 * copied). */
void trees_hint(struct tree_table *tt, uint32_t older, uint32_t newer,
		const char *detail);

/*
 * Take from's aliases, keys (with their pulls and times), joins: tt (just
 * initialised, no alias set) then names and joins trees as from learned
 * them, and learns nothing itself.  --compare learns identity over the
 * union of its ranges, so that a tree is one name in every range.
 */
void trees_adopt(struct tree_table *tt, const struct tree_table *from);

/* The name of key k's tree: its alias, else its key most recently
 * pulled (the latest time, then the first in byte order). */
const char *trees_key_name(const struct tree_table *tt, uint32_t k);

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

/* The tree with this display name, else the tree of the key name (a
 * spelling joined into a tree named otherwise), else TREE_NONE.  Never
 * the mainline. */
uint32_t trees_find(const struct tree_table *tt, const char *name);

#endif
