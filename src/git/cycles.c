/*
 * cycles.c - --cycles A..B: the release cycles between two tags.
 *
 * The repository (tags.h) lists the release tags met on B's
 * first-parent line back to A; this module says which tags are
 * releases, checks the ends and makes the ranges.  Only first parents
 * are followed: a tag on a merged branch is never met, which is what
 * makes it no boundary.
 */
#include "git/cycles.h"

#include <stdlib.h>
#include <string.h>

#include "git/release.h"
#include "git/tags.h"

static int
keep_release(const char *name, const void *pattern)
{
	return tag_is_release(name, pattern);
}

static int
lookup(struct repo *r, const char *rev, struct object_id *out)
{
	switch (repo_lookup_commit(r, rev, out)) {
	case REV_OK:
		return 0;
	case REV_NOT_COMMIT:
		error("--cycles: '%s' is not a commit", rev);
		return ST_USAGE;
	default:
		error("--cycles: unknown revision '%s'", rev);
		return ST_USAGE;
	}
}

static char *
range_of(const char *a, const char *b)
{
	struct buf s = BUF_INIT;

	buf_printf(&s, "%s..%s", a, b);
	return s.data;
}

/* The ranges from a through the tags (newest first) to b. */
static char **
to_ranges(const char *a, char **tags, size_t nr, const char *b)
{
	char **specs = xcalloc(nr + 1, sizeof(*specs));

	for (size_t k = 0; k <= nr; k++)
		specs[k] = range_of(k ? tags[nr - k] : a,
				    k < nr ? tags[nr - 1 - k] : b);
	return specs;
}

int
cycles_expand(struct repo *r, const char *spec, const struct pattern *pattern,
	      char ***specs)
{
	const char *dots = strstr(spec, ".."), *b;
	char *a, **tags = NULL;
	size_t nr = 0;
	struct object_id from, to;
	int ret;

	*specs = NULL;
	if (!dots || dots == spec || !dots[2] || strstr(spec, "...")) {
		error("--cycles takes A..B, two releases, not '%s'", spec);
		return ST_USAGE;
	}
	a = xstrndup(spec, (size_t)(dots - spec));
	b = dots + 2;
	if ((ret = lookup(r, a, &from)) < 0 || (ret = lookup(r, b, &to)) < 0)
		goto out;
	if (!memcmp(from.hash, to.hash, OID_RAWSZ)) {
		error("--cycles: '%s' and '%s' are the same commit", a, b);
		ret = ST_USAGE;
		goto out;
	}
	ret = repo_first_parent_tags(r, &from, &to, keep_release, pattern,
				     &tags, &nr);
	if (ret > 0) {
		error("--cycles: '%s' is not on the first-parent line of '%s'",
		      a, b);
		ret = ST_USAGE;
	}
	if (!ret) {
		*specs = to_ranges(a, tags, nr, b);
		ret = (int)nr + 1;
	}
out:
	cycles_free(tags, nr);
	free(a);
	return ret;
}

void
cycles_free(char **specs, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(specs[i]);
	free(specs);
}
