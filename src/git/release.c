/*
 * release.c - which tags are releases, and why the default range starts
 * where it does.
 */
#include "git/release.h"

#include <ctype.h>
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

/* The marks of a tag opening a cycle, at the end of its name. */
static const char *const open_marks[] = { "-start", "-devel", "-dev" };

int
tag_opens_cycle(const char *name, const struct pattern *pattern)
{
	size_t len = strlen(name);

	if (pattern)
		return 0;
	for (size_t k = 0; k < ARRAY_SIZE(open_marks); k++) {
		size_t m = strlen(open_marks[k]);

		if (len > m && !strcmp(name + len - m, open_marks[k]))
			return 1;
	}
	return 0;
}

int
tag_is_release(const char *name, const struct pattern *pattern)
{
	if (pattern)
		return pattern_match(pattern, name);
	return !pre_mark(name) && !tag_opens_cycle(name, NULL);
}

const char *
tag_prerelease(const char *name, const struct pattern *pattern)
{
	const char *p = pre_mark(name);

	if (!p || tag_is_release(name, pattern) ||
	    tag_opens_cycle(name, pattern))
		return NULL;
	return p + 1;
}

/* The next number of a version at *s (digits, then a dot before the
 * next), into *out; 0 at its end. */
static int
version_next(const char **s, unsigned long *out)
{
	char *end;

	if (!isdigit((unsigned char)**s))
		return 0;
	*out = strtoul(*s, &end, 10);
	*s = end;
	if (**s == '.' && isdigit((unsigned char)(*s)[1]))
		(*s)++;
	else
		*s = "";
	return 1;
}

int
tag_version_cmp(const char *a, const char *b)
{
	a += strcspn(a, "0123456789");
	b += strcspn(b, "0123456789");
	if (!*a || !*b)
		return 0;
	for (;;) {
		unsigned long x = 0, y = 0;
		int more_a = version_next(&a, &x), more_b = version_next(&b, &y);

		if (x != y)
			return x < y ? -1 : 1;
		if (!more_a && !more_b)
			return 0;
	}
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
	if (n->tag && n->opens)
		return "the last tag opening a cycle on HEAD's first-parent "
		       "line";
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
