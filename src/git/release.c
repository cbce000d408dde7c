/*
 * release.c - which tags are releases, and why the default range starts
 * where it does.
 */
#include "git/release.h"

#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "util/util.h"

/* The marks of a release candidate or pre-release: "-dev" covers
 * "-devel" (util-linux) and "-dev" (Xen); "-branched" is Xen's tag where
 * a release's branch forks. */
static const char *const pre_marks[] = {
	"-rc", "-dev", "-pre", "-alpha", "-beta", "-branched",
};

/* Where the first pre-release mark of name starts, or NULL. */
static const char *
pre_mark(const char *name)
{
	const char *first = NULL;

	for (size_t k = 0; k < ARRAY_SIZE(pre_marks); k++) {
		const char *p = strstr(name, pre_marks[k]);

		if (p && (!first || p < first))
			first = p;
	}
	return first;
}

int
tag_is_release(const char *name, const regex_t *pattern)
{
	if (pattern)
		return !regexec(pattern, name, 0, NULL, 0);
	return !pre_mark(name);
}

const char *
tag_prerelease(const char *name, const regex_t *pattern)
{
	const char *p = pre_mark(name);

	if (!p || tag_is_release(name, pattern))
		return NULL;
	return p + 1;
}

void
range_note_skip(struct range_note *n, const char *tag)
{
	ALLOC_GROW(n->skipped, n->skipped_nr + 1, n->skipped_alloc);
	n->skipped[n->skipped_nr++] = xstrdup(tag);
}

void
range_note_free(struct range_note *n)
{
	if (!n)
		return;
	free(n->tag);
	for (size_t k = 0; k < n->skipped_nr; k++)
		free(n->skipped[k]);
	free(n->skipped);
	free(n);
}

const char *
range_note_reason(const struct range_note *n)
{
	if (n->tag)
		return n->pattern ? "the last tag matching treeplot."
		       "releasePattern on HEAD's first-parent line" :
		       "the last release tag on HEAD's first-parent line";
	return n->pattern ? "the whole history: no tag matching treeplot."
	       "releasePattern on HEAD's first-parent line" :
	       "the whole history: no release tag on HEAD's first-parent line";
}

void
range_note_text(const struct range_note *n, const char *indent,
		struct buf *out)
{
	const char *first, *last;

	if (n->tag) {
		buf_puts(out, "from ");
		escape_text(out, n->tag, strlen(n->tag));
		buf_puts(out, ", ");
	}
	buf_puts(out, range_note_reason(n));
	if (!n->skipped_nr)
		return;
	first = n->skipped[0];
	last = n->skipped[n->skipped_nr - 1];
	buf_printf(out, ";\n%sskipped ", indent);
	/* A cycle's seven -rc tags would not fit a line: the ends say it. */
	if (n->skipped_nr > 2)
		buf_printf(out, "%zu %stags, ", n->skipped_nr,
			   n->pattern ? "" : "pre-release ");
	escape_text(out, first, strlen(first));
	if (n->skipped_nr > 1) {
		buf_puts(out, n->skipped_nr > 2 ? " to " : ", ");
		escape_text(out, last, strlen(last));
	}
}
