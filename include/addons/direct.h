/*
 * direct.h - who applied the commits that went directly into the mainline.
 *
 * --direct-by committer counts them by committer; --direct-by signoff by
 * the last Signed-off-by before the committer's own, the person the patch
 * came through (the article's "patches which go by way of Andrew
 * Morton").  Only the direct commits' objects are read, and only when
 * asked.
 */
#ifndef TREEPLOT_DIRECT_H
#define TREEPLOT_DIRECT_H

#include <stddef.h>
#include <stdint.h>

#include "flow/attribute.h"
#include "git/history.h"
#include "util/buf.h"
#include "util/util.h"

struct extra;

enum direct_by {
	DIRECT_BY_NONE = 0,
	DIRECT_BY_COMMITTER,
	DIRECT_BY_SIGNOFF,
};

/* DIRECT_BY_NONE when name is neither "committer" nor "signoff". */
enum direct_by direct_by_from_name(const char *name);
const char *direct_by_name(enum direct_by by);

#define NO_SIGNOFF "(no Signed-off-by)"

/*
 * The person a commit came through, by the sign-off rule, appended to
 * who: the last "Signed-off-by:" before the committer's own last one (the
 * committer is known by the mail address, or by the name when there is
 * none), or the last one of all when the committer did not sign off; the
 * committer when nobody else signed off before them; NO_SIGNOFF when
 * nobody signed off at all.  committer is "Name <mail>".
 */
void signoff_applier(const char *committer, size_t committer_len,
		     const char *msg, size_t msg_len, struct buf *who);

struct applier {
	char *who;		/* "Name <mail>" as written, or NO_SIGNOFF */
	uint32_t commits;
};

struct appliers {
	enum direct_by by;
	struct applier *a;	/* by commits descending, then name */
	uint32_t nr;
	uint32_t commits;	/* the direct commits counted */
};

/*
 * Count keys (the appliers of n direct commits, allocated strings) into
 * out (zeroed, its by set): out takes the strings, the caller keeps the
 * array.  Pure: the table test of test-direct.c drives it.
 */
void appliers_tally(char **keys, uint32_t n, struct appliers *out);

/* Count the direct commits of a (path PATH_MAINLINE) by by. */
int appliers_count(struct repo *r, const struct history *h,
		   const struct attribution *a, enum direct_by by,
		   struct appliers *out);
void appliers_release(struct appliers *ap);

/*
 * The add-on of --direct-by (extra.h; its arg is the enum direct_by): a
 * section of the text report, the JSON's "direct_by", the mainline's
 * tooltip.
 */
extern const struct extra direct_extra;

#endif
