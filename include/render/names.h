/*
 * render/names.h - the names trees are shown by where room is short: a
 * chart's boxes, a trend chart's legend.
 *
 * A tree's name is its most recent spelling (naming.h), unique in the
 * tree table.  Shown side by side, names often share their start: what
 * more than half of them share ("git.infradead.org/users/") is said once
 * and left out of each; and where many trees are forks of one project
 * ("github.com/USER/util-linux", 74 of them), the common start and end
 * are said once and each fork is named by what differs ("masatake"),
 * the others of that start by the rest ("karelzak/util-linux-work").  A
 * name cut to fit (an ellipsis for what is left out) keeps the end that
 * tells it apart.  Whatever is done, no two names shown are the same,
 * nor the same as a name shown beside them unchanged (the mainline's
 * label): a short name that would be is shown whole, a cut one is cut
 * elsewhere, numbered at the last.
 */
#ifndef TREEPLOT_RENDER_NAMES_H
#define TREEPLOT_RENDER_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

struct shown_names {
	char *prefix;		/* the start said once, or NULL */
	char *suffix;		/* the forks' end said once (with the
				 * prefix), or NULL */
	uint32_t shortened;	/* names shown without either */
	uint32_t siblings;	/* of them, under the prefix's path on
				 * another host of its domain */
	char **name;		/* per name given (owned; NULL for NULL) */
	uint32_t nr;
};

/*
 * The names names[0..n) (NULL entries allowed: shown as NULL) are shown
 * by, into sn: shortened as above, then cut to max characters (code
 * points; 0: not cut; else at least 8), unique among themselves and
 * against fixed[0..fixed_nr) (names shown beside them as they are).
 * Cutting compares names pairwise: for the few of a legend.
 */
void shown_names_init(struct shown_names *sn, const char *const *names,
		      uint32_t n, const char *const *fixed, uint32_t fixed_nr,
		      size_t max);
void shown_names_release(struct shown_names *sn);

/* What was said once, for a legend or a title: "trees under PREFIX are
 * named without it", "github.com/NAME/util-linux is named NAME; other
 * trees under github.com/, without it"; nothing when nothing was
 * shortened. */
void shown_names_note(const struct shown_names *sn, struct buf *out);
/* Its end when trees of the prefix's sibling hosts were shortened
 * alike: " (on the other denx.de hosts too)"; else nothing. */
void shown_names_sibling_note(const struct shown_names *sn, struct buf *out);

/* The prefix that more than half of names[0..n) share (ending in '/',
 * two slashes or more, something left after it in each), as a new
 * string, or NULL; *nr is how many share it. */
char *names_common_prefix(const char *const *names, uint32_t n,
			  uint32_t *nr);

#endif
