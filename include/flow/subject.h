/*
 * subject.h - the grammar of merge subjects: what a merge commit's
 * subject says it pulled.
 *
 * An external merge names the repository it pulled ("Merge branch 'x' of
 * git://host/path"); an internal one names none ("Merge branch 'linus' into
 * x86/core", "Merge commit 'v2.6.29-rc3'", "Merge ../linus") and keeps the
 * tree of the line it sits on.  A subject that matches neither is treated
 * as internal, but listed in the report as unrecognised.  Everything here
 * reads text and returns plain data (pointers into the text given); the
 * merge table (classify.h) applies it to a history.
 */
#ifndef TREEPLOT_SUBJECT_H
#define TREEPLOT_SUBJECT_H

#include <stddef.h>

enum merge_kind {
	MERGE_UNRECOGNISED = 0,
	MERGE_INTERNAL,
	MERGE_EXTERNAL,
};

/* Where an external merge's commits came from. */
enum merge_source {
	SOURCE_URL = 0,		/* a repository: url */
	SOURCE_GITHUB,		/* a GitHub pull request: name is its owner
				 * (empty: a form naming none, "Merge PR
				 * #N: TITLE") */
	SOURCE_GITLAB,		/* a GitLab merge request: name is the
				 * GROUP/PROJECT it was merged in */
	SOURCE_MAIL,		/* patches applied by mail: name is who sent
				 * them, empty for a series (b4) */
	SOURCE_BITBUCKET,	/* a Bitbucket pull request: no name */
	SOURCE_GITEA,		/* a Gitea or Forgejo pull request from a
				 * fork: name is the fork's owner */
	SOURCE_REVIEW,		/* changes a code review server (Gerrit)
				 * merged: the server is the merge's
				 * committer; name is the topics as written
				 * ("\"a\", \"b\""), empty for changes
				 * merged without one */
};

struct merge_class {
	enum merge_kind kind;
	const char *url;	/* MERGE_EXTERNAL, SOURCE_URL: the URL, inside */
	size_t url_len;		/* the subject or the body */
	enum merge_source source;
	const char *name;	/* the other sources: inside the subject or */
	size_t name_len;	/* the body (name_len 0: none) */
	const char *number;	/* a forge's pull or merge request number, */
	size_t number_len;	/* its digits (number_len 0: none) */
	const char *form;	/* the form that matched, for --explain:
				 * "Merge WHAT 'NAME' of URL", ...; NULL
				 * when none did */
	int same_branch;	/* classify_merges: "Merge branch 'X' of URL
				 * into X", the line's own branch */
};

/* Classify one subject line (len bytes, not NUL-terminated necessarily). */
void classify_subject(const char *subject, size_t len, struct merge_class *out);

/* A merge_class that says nothing yet: unrecognised, no URL, no name. */
void merge_class_clear(struct merge_class *out);

/* A name a subject gives to what it merged: a branch or a tag. */
struct merge_name {
	const char *p;
	size_t len;
	int tag;
};

/*
 * The branches and tags the subject s..end, classified as mc, names, in
 * order, one per pulled parent: the quoted names of "Merge [HEAD, ]WHAT
 * 'a', 'b' and 'c' of URL" (each with whether a "tag(s)" word announced
 * it), or a GitHub pull request's branch (after its owner); none for
 * mail or a merge that is not external.  Into *out (grown, *alloc its
 * size, for reuse from one subject to the next); returns how many.
 */
size_t subject_branches(const char *s, const char *end,
			const struct merge_class *mc, struct merge_name **out,
			size_t *alloc);

/* The same names for any merge, an internal one's too: the topic
 * branches of "Merge branch 'ps/foo'", "Merge branches 'a' and 'b'". */
size_t subject_merge_names(const char *s, const char *end,
			   struct merge_name **out, size_t *alloc);

/* Whether the subject s (len bytes) ends in " into X" and names X alone:
 * the line's own branch pulled into itself ("Merge branch 'staging' of
 * URL into staging"). */
int subject_same_branch(const char *s, size_t len);

/*
 * The shape of a subject, to group the unrecognised merges by, so that
 * one form is one group: a quoted string (its spaces and quotes inside
 * included) becomes 'X' or "X", as it was quoted; a Gerrit Change-Id
 * ("I" and seven hexadecimal digits or more) ID, a hexadecimal object id
 * (seven digits or more, a decimal digit among them) HEX, a
 * comma-separated list of either one ID or HEX; other tokens holding '/'
 * or ':' (paths, URLs) PATH; runs of digits N ("merge with
 * xen-unstable.hg", "Merge N.N into PATH").  A new string.
 */
char *subject_shape(const char *subject);

/* --- for forge.c: the tokens of a subject ---------------------------- */

/* ' ', tab, CR and LF. */
int subject_is_space(unsigned char c);
/* The end of the whitespace-delimited token starting at p. */
const char *subject_token_end(const char *p, const char *end);
/* A URL at the end of a sentence keeps none of its punctuation: end
 * moved back over it. */
const char *subject_trim_punct(const char *p, const char *end);

#endif
