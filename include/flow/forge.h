/*
 * forge.h - the merges of forges, code review servers and mail: the
 * subjects git's own grammar (subject.h) does not know, and the body
 * lines some of them name their source in.
 *
 *   Merge "SUBJECT"[ into BRANCH]			Gerrit: one change
 *   Merge changes ID,ID[, ...][ into BRANCH]		Gerrit: changes
 *   Merge changes from topic "T"[ into BRANCH]		Gerrit: a topic
 *   Merge changes from topics "A", "B"[ into BRANCH]	Gerrit: topics
 *   Merge pull request #N from OWNER/BRANCH		GitHub
 *   Merge PR #N: TITLE				a pull request merged
 *							by hand (util-linux)
 *   Merge pull request 'TITLE' (#N) from HEAD into BASE	Gitea, Forgejo
 *   Merged in BRANCH (pull request #N)			Bitbucket
 *   Merge branch 'B' into 'T' + "See merge request G/P!N"	GitLab
 *   Merge patch series "..." | Merge series "..."	mailed series (b4)
 *   Merge branch 'akpm' (patches from NAME)		mailed patches
 *   Merge [emailed|misc|...] patches|fixes|updates from NAME
 *   Subtree merge tag 'X' of NAME repo [N] into PATH + "[N] URL"
 *
 * Gerrit leaves " into BRANCH" out for master, quotes topics with '
 * before version 2.15 and " since, and lists at most five Change-Ids
 * (then ", ...").  Text in, plain data out (pointers into the subject or
 * the body), as subject.c.
 */
#ifndef TREEPLOT_FORGE_H
#define TREEPLOT_FORGE_H

#include <stddef.h>

#include "flow/subject.h"

/* A code review server's merge, from the subject s..end (trailing
 * blanks dropped): 1 with out set (SOURCE_REVIEW), else 0 and out
 * untouched. */
int forge_review(const char *s, const char *end, struct merge_class *out);

/*
 * The other forms above, for a subject that git's grammar classified as
 * subject_kind (no URL named): 1 with out set, else 0.  GitLab's trailer
 * is only read behind an internal subject ("Merge branch 'B' into 'T'").
 * A Gitea pull request from a branch of the mainline's own repository
 * ("from BRANCH", no fork named) is internal.
 */
int forge_message(const char *s, const char *end, const char *body,
		  const char *body_end, enum merge_kind subject_kind,
		  struct merge_class *out);

/*
 * The topics of a review merge's name (merge_class.name: "\"a\", \"b\""
 * or "'a'"), in order, into *out (grown, *alloc its size); returns how
 * many.  A topic holding the separator ('", "') is cut there, as Gerrit
 * wrote it ambiguously.
 */
size_t forge_topics(const char *name, size_t len, struct merge_name **out,
		    size_t *alloc);

/*
 * Classify a merge by its subject and the reference lines of its body
 * (history_body; NULL or empty when none): a code review server's forms
 * first (Gerrit's subjects quote a change's subject, which may itself
 * read like a merge naming a URL), then the subject's forms above, then
 * the forms of forges and mail, tried when the subject names no URL
 * (above).
 */
void classify_message(const char *subject, size_t len, const char *body,
		      size_t body_len, struct merge_class *out);

#endif
