/*
 * selection.h - the commits a report is narrowed to: pathspecs
 * ("treeplot RANGE -- PATH...") and --author patterns.
 *
 * Selection comes after attribution: the range is attributed whole, as
 * always, so a selected commit keeps exactly the path it has without a
 * selection; only the selected commits are then counted, charted and
 * listed.  A non-merge commit of the range is selected when its author
 * ("Name <mail>" as the .mailmap names them, as git log's log.mailmap
 * does) matches one of the --author patterns (POSIX extended regular
 * expressions, as git log -E --author) and its diff
 * against its first parent (a root commit: its whole tree) touches one
 * of the paths (git log --full-history --no-merges RANGE -- PATH...); a
 * missing criterion selects every commit.  Trees are read only when
 * paths are given.
 */
#ifndef TREEPLOT_SELECTION_H
#define TREEPLOT_SELECTION_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include "git/repo.h"
#include "util/buf.h"
#include "util/json_writer.h"
#include "util/util.h"

struct history;

struct selection {
	const char *const *paths;	/* borrowed: the pathspecs */
	size_t paths_nr;
	const char *const *authors;	/* borrowed: the patterns as given */
	size_t authors_nr;
	regex_t *author_re;		/* owned: compiled */
};

/* Compile the author patterns (borrowed with the paths: they must
 * outlive s).  Returns 0, or ST_USAGE after reporting a bad pattern (s
 * is then released). */
int selection_init(struct selection *s, const char *const *paths,
		   size_t paths_nr, const char *const *authors,
		   size_t authors_nr);
void selection_release(struct selection *s);

/* Whether s selects anything less than everything. */
static inline int
selection_active(const struct selection *s)
{
	return s && (s->paths_nr || s->authors_nr);
}

/*
 * Mark the selected commits among the non-merge commits of h's range: a
 * new array of h->nr flags (1: selected) into *out.  Each commit read is
 * read once (its first parent too, for its tree, when paths are given).
 * Returns 0, or -1 after reporting the error.
 */
int selection_mark(const struct selection *s, struct repo *r,
		   const struct history *h, uint8_t **out);

/* "paths: A B; authors: X" for the reports, with names as given (the
 * caller escapes them for its format). */
void selection_describe(const struct selection *s, struct buf *out);

/* The member "selection": {"paths": [...], "authors": [...]}, for the
 * JSON outputs of a selected report. */
void selection_json(struct json *j, const struct selection *s);

#endif
