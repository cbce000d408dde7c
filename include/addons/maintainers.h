/*
 * maintainers.h - subsystem names for trees, from a kernel-style
 * MAINTAINERS file.
 *
 * Each entry is a paragraph: the subsystem's name on its first line, then
 * "X:<TAB>value" fields, of which "M:" (a maintainer) and "T:" ("git URL
 * [branch]", the subsystem's tree) are read.  A tree is labelled with
 * every subsystem whose T: URL names it (by display name, so every
 * spelling of the URL counts).
 */
#ifndef TREEPLOT_MAINTAINERS_H
#define TREEPLOT_MAINTAINERS_H

#include <stddef.h>
#include <stdint.h>

#include "flow/naming.h"

struct extra;

struct subsystem {
	char *name;
	char **maintainers;	/* "Name <mail>", in file order */
	uint32_t maintainers_nr, maintainers_alloc;
};

struct maintainers {
	struct subsystem *s;	/* the entries that name a known tree */
	uint32_t nr, alloc;
	/* (tree, subsystem) pairs, sorted by tree, then file order */
	uint32_t *pair_tree, *pair_sub;
	uint32_t pairs_nr, pairs_alloc;
};

/*
 * Parse text (len bytes); only the entries whose T: names a tree already
 * in tt are kept (nothing is added to tt).
 */
void maintainers_parse(const char *text, size_t len,
		       const struct tree_table *tt, struct maintainers *out);

/* The subsystems of tree: *nr of them, from the returned index into
 * pair_sub.  NULL-safe: mt may be NULL. */
uint32_t maintainers_of(const struct maintainers *mt, uint32_t tree,
			uint32_t *nr);

void maintainers_release(struct maintainers *mt);

/*
 * The add-on (extra.h): the subsystems of each tree from MAINTAINERS at
 * the range's end, when it exists, in the text report (a section), the
 * JSON (each tree's "subsystems") and the chart's tooltips.
 */
extern const struct extra maintainers_extra;

#endif
