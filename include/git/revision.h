/*
 * revision.h - revisions, tags and ranges: what the user names, resolved
 * to commits (revision.c).
 */
#ifndef TREEPLOT_REVISION_H
#define TREEPLOT_REVISION_H

#include <stddef.h>
#include <stdint.h>

#include "util/pattern.h"
#include "git/oid.h"
#include "git/release.h"
#include "git/repo.h"
#include "util/buf.h"

struct range {
	struct object_id from, to;
	int has_from;
	char *from_name;	/* as written, or the tag chosen; NULL if none */
	char *to_name;
	struct range_note *note;	/* the default range: why from */
};

/*
 * Resolve spec: "A..B", "A..", "..B", a single revision, or NULL for the
 * default: from the most recent release tag (tag_is_release, with
 * release: treeplot.releasePattern or NULL) on HEAD's first-parent chain,
 * starting at HEAD's first parent, to HEAD; the whole history when there
 * is none; out->note then says which tag and why (else it is NULL).
 * Returns ST_USAGE for a bad spec or unknown revision.
 */
int range_resolve(struct repo *r, const char *spec, const struct pattern *release,
		  struct range *out);
void range_release(struct range *rg);

/* What repo_lookup_commit found. */
enum {
	REV_OK = 0,
	REV_UNKNOWN,		/* no such revision */
	REV_AMBIGUOUS,		/* an abbreviated id of several objects */
	REV_NOT_COMMIT,		/* names a tree or a blob */
};

/* Resolve rev (any revision syntax) to a commit, quietly: REV_OK, or what
 * was wrong, for a caller that reports it its own way. */
int repo_lookup_commit(struct repo *r, const char *rev, struct object_id *out);

/* Append the subject of commit oid (git's %s: the first paragraph of its
 * message, lines joined by spaces) to out: one object read.  Returns 0,
 * or -1 after reporting the error. */
int repo_commit_subject(struct repo *r, const struct object_id *oid,
			struct buf *out);

/* The committer time of commit oid (seconds since the epoch) into *when:
 * one object read.  Returns 0, or -1 after reporting the error. */
int repo_commit_time(struct repo *r, const struct object_id *oid,
		     int64_t *when);

#endif
