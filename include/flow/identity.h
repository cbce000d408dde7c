/*
 * identity.h - which spellings of URLs are one tree, learned from the
 * history's own evidence.
 *
 * tree_name's normalisation makes one key of the spellings of one URL
 * (scheme, "user@", port, ".git", slashes, scp form, kernel.org's home
 * directories).  What it cannot see is one repository served by several
 * hosts, or moved: u-boot's custodian trees are pulled for years from
 * both gitlab.denx.de/u-boot/custodians/u-boot-dm and
 * source.denx.de/u-boot/custodians/u-boot-dm, and were pulled from
 * git.denx.de/u-boot-dm before, side by side with the new spellings, as
 * each custodian switched in their own time.  What a reader means by a
 * tree is a repository one maintainer (or group) keeps, and the history
 * says who: the tip a pull brings in (the merge's other parent) was
 * committed by the tree's keeper (keepers.h gathers that evidence).
 * Keys are joined:
 *
 *   - one repository path on two hosts of one registrable domain
 *     (url_registrable_domain): one repository, whatever the dates;
 *   - one repository path of several components on hosts of other
 *     domains, one's pulls ending before the other's begin, the tags
 *     sharing a stem: one repository moved, whoever of its
 *     co-custodians committed the tips;
 *   - one repository name (the path's last component) whose keepers
 *     share a person, whether the hosts are of one domain (a path moved
 *     under a new group while the old one stays in use) or not (a move
 *     from GitHub to GitLab), whatever the dates.  People compare as
 *     --review compares them: one name under two addresses, or one
 *     address under two names, is one person.
 *
 * Different keepers keep keys apart, whatever the names: forks of one
 * project by their owners, one maintainer's repositories of different
 * names.  What the evidence cannot decide is kept apart and recorded as
 * a likely alias (trees_hint): one side has no keeper known (its tips
 * were the mainline's own commits or its maintainers' merges) and the
 * dates (one spelling's pulls ending before the other's begin) or the
 * tags (a first word shared: "dm-pull-30may25", "dm-next-27may25")
 * suggest one tree; a slip naming an owner and no repository beside
 * that owner's repository; a repository renamed by its keeper (other
 * names, one keeper, a tag stem shared, one after the other).  Tags
 * alone never join.
 */
#ifndef TREEPLOT_IDENTITY_H
#define TREEPLOT_IDENTITY_H

#include <stdint.h>

#include "flow/naming.h"

/* Join the keys of tt that are one tree (trees_join), and record the
 * likely joins not made (trees_hint).  Call once the keys' pulls and
 * evidence are in (trees_key_seen, evidence_add, evidence_tag),
 * before any tree is added. */
void identity_learn(struct tree_table *tt);

/* For --explain, what the rules compare: a key's repository name (its
 * path's last component), its registrable domain (NULL: none), and the
 * first word of a tag two keys share (a number in tt->words, the first
 * in byte order; UINT32_MAX: none). */
const char *identity_repo_name(const struct tree_key *k);
const char *identity_domain(const struct tree_key *k);
uint32_t identity_shared_tag(const struct tree_table *tt, uint32_t a,
			     uint32_t b);

/* Whether keys a and b may be one owner's: not when both are on forges
 * (url_forge_host) under other owners (their paths' first
 * components), whose forks only an alias joins. */
int identity_same_owner(const struct tree_key *a, const struct tree_key *b);

/* Whether a keeper of key a and one of key b bear one name under two
 * addresses (into *pa and *pb, numbers in tt->people). */
int identity_same_name(const struct tree_table *tt, uint32_t a, uint32_t b,
		       uint32_t *pa, uint32_t *pb);

#endif
