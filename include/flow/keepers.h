/*
 * keepers.h - who keeps a tree: the committers of the tips its pulls
 * brought in, the evidence tree identity joins spellings by
 * (identity.h).
 *
 * A pull (a merge naming a repository's URL) brings in its other
 * parent, the tip of the tree pulled, which the tree's keeper committed:
 * a custodian's own commit, or their merge of a topic or of the
 * mainline.  Not when it is a merge the mainline's own maintainers
 * (whoever commits the merges of the mainline's first-parent line)
 * committed: a merge of the mainline into the tree, made before pulling
 * it, says nothing of who keeps the tree, and the tree's side of such a
 * merge is looked at instead.  (Their own commits say they keep a tree
 * of their own.)  People are named as the repository's .mailmap names
 * them.
 *
 * What is read: the tip of each pull, unless the walk kept its committer
 * already (a merge of the range); with a commit-graph as without, on the
 * read pool's threads, each commit once and only its headers: a few
 * hundred objects a release cycle.
 */
#ifndef TREEPLOT_KEEPERS_H
#define TREEPLOT_KEEPERS_H

#include <stddef.h>
#include <stdint.h>

#include "flow/naming.h"
#include "git/gitconfig.h"
#include "git/history.h"
#include "git/repo.h"

/* The number of a person ("Name <mail>", len bytes, NULs cut) in
 * tt->people. */
uint32_t trees_person(struct tree_table *tt, const char *ident, size_t len);

/* A pull of key k brought in a tip that person committed: evidence of
 * who keeps it. */
void trees_key_evidence(struct tree_table *tt, uint32_t k, uint32_t person);

/* A pull of key k named the tag tag (len bytes): its first word (up to
 * '-' or '_', two letters or more, not a word every tree uses: "for",
 * "pull", "v6") is kept, supporting evidence of one tree. */
void trees_key_tag(struct tree_table *tt, uint32_t k, const char *tag,
		   size_t len);

/*
 * The keepers of key k by its pulls' evidence: the person or people
 * (tied) who committed the most of its tips, into out (up to max, in
 * tt->people's numbers, ascending); how many there are (0: no evidence).
 */
uint32_t trees_key_keepers(const struct tree_table *tt, uint32_t k,
			   uint32_t *out, uint32_t max);

/* Every tree's keepers (struct tree.keepers): its keys' evidence summed,
 * the most pulls first, then by person.  Call once the trees are named. */
void trees_settle_keepers(struct tree_table *tt);

/* Where the tips are read, and how people are named. */
struct keeper_source {
	struct repo *r;			/* NULL: read nothing (the tips the
					 * walk kept only) */
	unsigned jobs;			/* threads reading (0: the cores) */
	const struct mailmap *mailmap;	/* NULL: people as written */
};

/* A pull: merge (a history index of the range) of key (in the table). */
struct keeper_pull {
	uint32_t merge;
	uint32_t key;
};

/*
 * For each of the n pulls, who committed the tip of its first pulled
 * branch, as evidence of its key's keeper (trees_key_evidence); the
 * mainline's maintainers are noted in tt->mainline_people.  Returns 0,
 * or -1 after reporting a tip that could not be read.
 */
int keepers_gather(struct tree_table *tt, const struct history *h,
		   const struct keeper_pull *pulls, size_t n,
		   const struct keeper_source *src);

/* The name and the mail address of ident ("Name <mail>": the name up to
 * the last " <", the address inside it; the whole as the name and no
 * address when it has none). */
void keeper_split(const char *ident, const char **name, size_t *name_len,
		  const char **mail, size_t *mail_len);

#endif
