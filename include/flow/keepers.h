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

#include "flow/evidence.h"
#include "flow/naming.h"
#include "git/gitconfig.h"
#include "git/history.h"
#include "git/repo.h"

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
 * branch, as evidence of its key's keeper (evidence_add); the
 * mainline's maintainers are noted in tt->mainline_people.  Returns 0,
 * or -1 after reporting a tip that could not be read.
 */
int keepers_gather(struct tree_table *tt, const struct history *h,
		   const struct keeper_pull *pulls, size_t n,
		   const struct keeper_source *src);

/*
 * Whether ident ("Name <mail>") is a service's, never a keeper's: a
 * forge's address whose local part is noreply (GitHub's web flow,
 * "GitHub <noreply@github.com>"; not a person's private
 * "1234+name@users.noreply.github.com"), or a bot's account ("[bot]"
 * ending its name).  keepers_gather also takes for one a committer of
 * the tips of three owners' repositories or more on a forge; where the
 * committer of a tip is a service, the tip's author speaks for the tree.
 */
int keepers_service_ident(const char *ident);

#endif
