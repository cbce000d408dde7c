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
	SOURCE_GITHUB,		/* a GitHub pull request: name is its owner */
	SOURCE_GITLAB,		/* a GitLab merge request: name is the
				 * GROUP/PROJECT it was merged in */
	SOURCE_MAIL,		/* patches applied by mail: name is who sent
				 * them, empty for a series (b4) */
};

struct merge_class {
	enum merge_kind kind;
	const char *url;	/* MERGE_EXTERNAL, SOURCE_URL: the URL, inside */
	size_t url_len;		/* the subject or the body */
	enum merge_source source;
	const char *name;	/* the other sources: inside the subject or */
	size_t name_len;	/* the body (name_len 0: none) */
	const char *form;	/* the form that matched, for --explain:
				 * "Merge WHAT 'NAME' of URL", ...; NULL
				 * when none did */
	int same_branch;	/* classify_merges: "Merge branch 'X' of URL
				 * into X", the line's own branch */
};

/* Classify one subject line (len bytes, not NUL-terminated necessarily). */
void classify_subject(const char *subject, size_t len, struct merge_class *out);

/*
 * Classify a merge by its subject and the reference lines of its body
 * (history_body; NULL or empty when none): the subject's forms above, and
 * the forms of forges and mail, tried when the subject names no URL:
 *
 *   Merge pull request #N from OWNER/BRANCH		GitHub
 *   Merge branch 'B' into 'T' + "See merge request G/P!N"	GitLab
 *   Merge patch series "..." | Merge series "..."	mailed series (b4)
 *   Merge branch 'akpm' (patches from NAME)		mailed patches
 *   Merge [emailed|misc|...] patches|fixes|updates from NAME
 *   Subtree merge tag 'X' of NAME repo [N] into PATH + "[N] URL"
 */
void classify_message(const char *subject, size_t len, const char *body,
		      size_t body_len, struct merge_class *out);

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
 * The shape of a subject, to group the unrecognised merges by: quoted
 * names become 'X', tokens holding '/' or ':' (paths, URLs) PATH, runs of
 * digits N ("merge with xen-unstable.hg", "Merge N.N into PATH").  A new
 * string.
 */
char *subject_shape(const char *subject);

#endif
