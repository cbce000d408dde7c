/*
 * identity.h - which spellings of URLs are one tree, learned from the
 * history's own evidence.
 *
 * tree_name's normalisation makes one key of the spellings of one URL
 * (scheme, "user@", port, ".git", slashes, scp form, kernel.org's home
 * directories).  What it cannot see is a repository that moved: u-boot's
 * custodian trees went from git.denx.de/u-boot-dm to
 * gitlab.denx.de/u-boot/custodians/u-boot-dm to source.denx.de/...  Keys
 * are joined when the history shows one tree: the same repository path
 * below a changed host of one domain, and one spelling's pulls ending
 * before the other's start.  Trees that merely share a repository name
 * are never joined: github.com/alice/util-linux and
 * github.com/bob/util-linux are two trees, and so is any pair that would
 * put two paths of one host in one tree.  Weaker evidence (another
 * domain, or pulls that alternate) is kept as a hint for the report.
 */
#ifndef TREEPLOT_IDENTITY_H
#define TREEPLOT_IDENTITY_H

#include <stdint.h>

#include "flow/naming.h"

/* Join the keys of tt that are one tree (trees_join), and record the
 * likely joins not made (trees_hint).  Call before any tree is added. */
void identity_learn(struct tree_table *tt);

#endif
