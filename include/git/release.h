/*
 * release.h - which tags are releases, and why the default range starts
 * where it does.
 *
 * A pure module: the rule is shared by the default range (repo.c) and
 * --cycles, so that both skip the same pre-release tags.
 */
#ifndef TREEPLOT_RELEASE_H
#define TREEPLOT_RELEASE_H

#include <stddef.h>
#include <stdint.h>

#include "git/oid.h"
#include "util/pattern.h"
#include "util/buf.h"

/*
 * Is tag name a release?  With pattern (treeplot.releasePattern, an
 * extended regular expression), when it matches; without, when it names
 * no release candidate or pre-release: none of "-rc", "-dev" (so
 * "-devel"), "-pre", "-alpha", "-beta", "-branched" (Xen's mark of the
 * day a release branched off) in it, and it opens no cycle.
 */
int tag_is_release(const char *name, const struct pattern *pattern);

/*
 * Does tag name open a release cycle (the start of a version's
 * development: util-linux's "v2.41-start" and "v2.41-devel", Xen's
 * "4.22-dev")?  Without pattern, when it ends in "-start", "-devel" or
 * "-dev"; with one, never (the pattern says what the tags are).  Such a
 * tag is neither a release nor a pre-release: it starts a default range
 * and a merge window.
 */
int tag_opens_cycle(const char *name, const struct pattern *pattern);

/*
 * The version numbers of tags a and b compared ("4.22" of "4.22-dev",
 * "2.41" of "v2.41-rc1", "4.21.0" of "RELEASE-4.21.0"; a missing number
 * is 0): <0, 0 or >0; 0 too when either names no number.
 */
int tag_version_cmp(const char *a, const char *b);

/*
 * Is tag name a pre-release: not a release (tag_is_release, with the same
 * pattern) and naming one of the marks above?  Then the part of name
 * from its first mark on, without the dash ("rc1" of "v6.8-rc1", "beta2"
 * of "v1.0-beta2"); else NULL.  A tag neither a release nor a pre-release
 * (a signed pull's, a tree's own) is neither.
 */
const char *tag_prerelease(const char *name, const struct pattern *pattern);

/* Why the default range starts where it does (range_resolve). */
struct range_note {
	char *tag;		/* the release tag chosen, NULL: none */
	int opens;		/* the tag opens a cycle, no release */
	int pattern;		/* the tags were chosen by releasePattern */
	char **skipped;		/* pre-release tags passed over on the */
	size_t skipped_nr;	/* way, newest first */
	size_t skipped_alloc;
	int64_t release_interval;	/* the median of the recent */
				/* releases' intervals (seconds), 0: unknown */
	struct object_id skipped_at;	/* the commit of skipped[0], the */
				/* newest tag passed over: a start to offer */
	int no_tags;		/* the repository has no tag at all */
};

void range_note_skip(struct range_note *n, const char *tag);
void range_note_free(struct range_note *n);

/*
 * The note as one line of text, untrusted tag names escaped: "from v2.43,
 * the last release tag on HEAD's first-parent line;" then, on a line
 * of its own after indent, "skipped v2.44-devel";
 * more than two skipped tags are said by their number and the newest and
 * oldest ("skipped 7 pre-release tags, v1.9-rc7 to v1.9-rc1").
 */
void range_note_text(const struct range_note *n, const char *indent,
		     struct buf *out);

/* Why, without the tag or the skipped ones (for the JSON). */
const char *range_note_reason(const struct range_note *n);

#endif
