/*
 * cycles.c - --cycles A..B: the release cycles between two tags.
 *
 * The release tags are listed once and sorted by the commit they name;
 * B's first-parent line is then walked back to A, each commit looked up
 * in them.  Only first parents are read: a tag on a merged branch is
 * never met, which is what makes it no boundary.
 */
#include "cycles.h"

#include <git2.h>
#include <stdlib.h>
#include <string.h>

/* A release tag by the commit it names. */
struct release {
	git_oid target;
	char *name;
};

struct releases {
	git_repository *git;
	const regex_t *pattern;
	struct release *t;
	size_t nr, alloc;
};

int
cycles_is_release(const char *name, const regex_t *pattern)
{
	static const char *const pre[] = {
		"-rc", "-dev", "-pre", "-alpha", "-beta",
	};

	if (pattern)
		return !regexec(pattern, name, 0, NULL, 0);
	for (size_t k = 0; k < ARRAY_SIZE(pre); k++)
		if (strstr(name, pre[k]))
			return 0;
	return 1;
}

static int
collect(const char *refname, git_oid *oid, void *data)
{
	struct releases *rs = data;
	git_object *obj = NULL, *commit = NULL;
	const char *name = refname;

	if (!strncmp(name, "refs/tags/", 10))
		name += 10;
	if (!cycles_is_release(name, rs->pattern))
		return 0;
	if (git_object_lookup(&obj, rs->git, oid, GIT_OBJECT_ANY) < 0 ||
	    git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		git_error_clear();	/* a tag of a blob or a tree */
		goto out;
	}
	ALLOC_GROW(rs->t, rs->nr + 1, rs->alloc);
	git_oid_cpy(&rs->t[rs->nr].target, git_object_id(commit));
	rs->t[rs->nr++].name = xstrdup(name);
out:
	git_object_free(commit);
	git_object_free(obj);
	return 0;
}

/* By target, then name: a commit's first tag is its smallest name. */
static int
cmp_release(const void *a, const void *b)
{
	const struct release *x = a, *y = b;
	int c = git_oid_cmp(&x->target, &y->target);

	return c ? c : strcmp(x->name, y->name);
}

static const char *
release_at(const struct releases *rs, const git_oid *commit)
{
	size_t lo = 0, hi = rs->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (git_oid_cmp(&rs->t[mid].target, commit) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < rs->nr && git_oid_equal(&rs->t[lo].target, commit) ?
	       rs->t[lo].name : NULL;
}

static int
lookup(struct repo *r, const char *rev, git_oid *out)
{
	struct object_id oid;

	switch (repo_lookup_commit(r, rev, &oid)) {
	case REV_OK:
		git_oid_fromraw(out, oid.hash);
		return 0;
	case REV_NOT_COMMIT:
		error("--cycles: '%s' is not a commit", rev);
		return ERR_USAGE;
	default:
		error("--cycles: unknown revision '%s'", rev);
		return ERR_USAGE;
	}
}

/* The boundaries from B back to A: B's name, the release tags met on
 * the way, A's name (newest first).  Returns how many, or an error. */
static int
walk_back(struct releases *rs, const git_oid *from, const char *from_name,
	  const git_oid *to, const char *to_name, char ***names)
{
	git_commit *c = NULL;
	git_oid at = *to;
	size_t nr = 0, alloc = 0;
	int ret;

	ALLOC_GROW(*names, nr + 1, alloc);
	(*names)[nr++] = xstrdup(to_name);
	for (;;) {
		const git_oid *parent;
		const char *name;

		if (git_commit_lookup(&c, rs->git, &at) < 0) {
			ret = error("--cycles: cannot read commit %s",
				    git_oid_tostr_s(&at));
			goto fail;
		}
		parent = git_commit_parent_id(c, 0);
		if (!parent) {
			error("--cycles: '%s' is not on the first-parent line "
			      "of '%s'", from_name, to_name);
			ret = ERR_USAGE;
			goto fail;
		}
		at = *parent;
		git_commit_free(c);
		c = NULL;
		if (git_oid_equal(&at, from))
			break;
		name = release_at(rs, &at);
		if (name) {
			ALLOC_GROW(*names, nr + 1, alloc);
			(*names)[nr++] = xstrdup(name);
		}
	}
	ALLOC_GROW(*names, nr + 1, alloc);
	(*names)[nr++] = xstrdup(from_name);
	return (int)nr;
fail:
	git_commit_free(c);
	cycles_free(*names, nr);
	*names = NULL;
	return ret;
}

/* The boundaries, newest first, made into ranges, oldest first. */
static char **
to_ranges(char **names, size_t nr)
{
	char **specs = xcalloc(nr - 1, sizeof(*specs));

	for (size_t k = 0; k + 1 < nr; k++) {
		const char *a = names[nr - 1 - k], *b = names[nr - 2 - k];
		size_t la = strlen(a), lb = strlen(b);
		char *s = xmalloc(la + lb + 3);

		memcpy(s, a, la);
		memcpy(s + la, "..", 2);
		memcpy(s + la + 2, b, lb + 1);
		specs[k] = s;
	}
	return specs;
}

int
cycles_expand(struct repo *r, const char *spec, const regex_t *pattern,
	      char ***specs)
{
	struct releases rs = { repo_git(r), pattern, NULL, 0, 0 };
	const char *dots = strstr(spec, "..");
	char *a = NULL, **names = NULL;
	const char *b;
	git_oid from, to;
	int ret;

	*specs = NULL;
	if (!dots || dots == spec || !dots[2] || strstr(spec, "...")) {
		error("--cycles takes A..B, two releases, not '%s'", spec);
		return ERR_USAGE;
	}
	a = xstrndup(spec, (size_t)(dots - spec));
	b = dots + 2;
	ret = lookup(r, a, &from);
	if (!ret)
		ret = lookup(r, b, &to);
	if (ret)
		goto out;
	if (git_oid_equal(&from, &to)) {
		error("--cycles: '%s' and '%s' are the same commit", a, b);
		ret = ERR_USAGE;
		goto out;
	}
	if (git_tag_foreach(rs.git, collect, &rs) < 0) {
		ret = error("--cycles: cannot list tags: %s",
			    git_error_last() ? git_error_last()->message :
			    "unknown error");
		goto out;
	}
	if (rs.nr)
		qsort(rs.t, rs.nr, sizeof(*rs.t), cmp_release);
	ret = walk_back(&rs, &from, a, &to, b, &names);
	if (ret > 0) {
		*specs = to_ranges(names, (size_t)ret);
		cycles_free(names, (size_t)ret);
		ret--;
	}
out:
	for (size_t i = 0; i < rs.nr; i++)
		free(rs.t[i].name);
	free(rs.t);
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
