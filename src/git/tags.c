/*
 * tags.c - a repository's tags by the commit they name, and the tags on
 * a first-parent line (--cycles).
 *
 * The references are listed through libgit2 and each tag peeled to its
 * commit (the tag objects read, the commit's only looked up by type), so
 * that a caller can ask which tags a commit of its history carries
 * without reading any commit.
 */
#include "git/tags.h"

#include <stdlib.h>
#include <string.h>

#include "git/libgit2.h"
#include "git/release.h"

/* Tags followed at most: libgit2's git_object_peel follows a forged tag
 * naming itself for ever. */
#define PEEL_MAX 64

int
repo_peel_commit(git_repository *git, const git_oid *id, git_oid *out)
{
	git_oid cur = *id;
	git_odb *odb;
	int ret = 1, err;

	if ((err = git_repository_odb(&odb, git)) < 0)
		return err;
	for (int depth = 0; depth <= PEEL_MAX; depth++) {
		git_object_t type;
		git_tag *tag;
		size_t len;

		if ((err = git_odb_read_header(&len, &type, odb, &cur)) < 0) {
			ret = err;
			break;
		}
		if (type == GIT_OBJECT_COMMIT) {
			git_oid_cpy(out, &cur);
			ret = 0;
			break;
		}
		if (type != GIT_OBJECT_TAG)
			break;
		if ((err = git_tag_lookup(&tag, git, &cur)) < 0) {
			ret = err;
			break;
		}
		git_oid_cpy(&cur, git_tag_target_id(tag));
		git_tag_free(tag);
	}
	git_odb_free(odb);
	return ret;
}

/* What the listing keeps, and where. */
struct tag_listing {
	git_repository *git;
	repo_tag_filter *keep;
	const void *keep_data;
	const struct pattern *release;
	struct tag_map *tm;
};

static void
collect_tag(struct tag_listing *l, const char *refname, const git_oid *oid)
{
	const char *name = refname + strlen("refs/tags/");
	struct tag_map *tm = l->tm;
	git_oid commit;

	if (!l->keep(name, l->keep_data))
		return;
	if (repo_peel_commit(l->git, oid, &commit)) {
		git_error_clear();	/* a tag of a blob or tree: not ours */
		return;
	}
	ALLOC_GROW(tm->t, tm->nr + 1, tm->alloc);
	memcpy(tm->t[tm->nr].target.hash, commit.id, OID_RAWSZ);
	tm->t[tm->nr].release = tag_is_release(name, l->release);
	tm->t[tm->nr++].name = xstrdup(name);
}

/*
 * Every tag into the map.  A ref whose name git would refuse (control
 * characters, "..") or that cannot be read is skipped, as git skips it
 * ("ignoring broken ref"); git_tag_foreach would fail on it instead.
 */
static int
collect_tags(struct tag_listing *l)
{
	git_reference_iterator *it = NULL;
	git_reference *ref;
	int err;

	if (git_reference_iterator_glob_new(&it, l->git, "refs/tags/*") < 0)
		return -1;
	while ((err = git_reference_next(&ref, it)) != GIT_ITEROVER) {
		git_reference *direct = NULL;
		int valid = 0;

		if (err < 0) {
			git_error_clear();
			continue;
		}
		if (!git_reference_name_is_valid(&valid, git_reference_name(ref)) &&
		    valid && !git_reference_resolve(&direct, ref))
			collect_tag(l, git_reference_name(ref),
				    git_reference_target(direct));
		git_error_clear();
		git_reference_free(direct);
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
	return 0;
}

/* By target, then name: a commit's tags are in name order. */
static int
cmp_tag(const void *a, const void *b)
{
	const struct tag_entry *x = a, *y = b;
	int c = memcmp(x->target.hash, y->target.hash, OID_RAWSZ);

	return c ? c : strcmp(x->name, y->name);
}

int
tag_map_load(struct repo *r, repo_tag_filter *keep, const void *data,
	     const struct pattern *release, struct tag_map *out)
{
	struct tag_listing l = { r->git, keep, data, release, out };

	memset(out, 0, sizeof(*out));
	if (collect_tags(&l) < 0)
		return git_fail("cannot list tags");
	/* No tag: t is NULL, which qsort must not be given, even for no
	 * element. */
	if (out->nr)
		qsort(out->t, out->nr, sizeof(*out->t), cmp_tag);
	return 0;
}

void
tag_map_release(struct tag_map *tm)
{
	for (size_t i = 0; i < tm->nr; i++)
		free(tm->t[i].name);
	free(tm->t);
	memset(tm, 0, sizeof(*tm));
}

/* The ith tag's target, in order. */
static const struct object_id *
target_id(const void *ctx, size_t i)
{
	return &((const struct tag_map *)ctx)->t[i].target;
}

size_t
tag_map_first(const struct tag_map *tm, const struct object_id *commit)
{
	return oid_lower_bound(commit, tm->nr, target_id, tm);
}

int
repo_is_tag(struct repo *r, const char *name)
{
	git_reference *ref = NULL;
	struct buf b = BUF_INIT;
	int found;

	buf_printf(&b, "refs/tags/%s", name);
	found = !git_reference_lookup(&ref, r->git, b.data);
	git_error_clear();
	git_reference_free(ref);
	buf_release(&b);
	return found;
}

/* The first tag (in name order) of commit, or NULL. */
static const char *
tag_of(const struct tag_map *tm, const git_oid *commit)
{
	struct object_id id;
	size_t k;

	memcpy(id.hash, commit->id, OID_RAWSZ);
	k = tag_map_first(tm, &id);
	return tag_map_names(tm, k, &id) ? tm->t[k].name : NULL;
}

int
repo_first_parent_tags(struct repo *r, const struct object_id *from,
		       const struct object_id *to, repo_tag_filter *keep,
		       const void *data, char ***names, size_t *nr)
{
	struct tag_map tm = { NULL, 0, 0 };
	git_commit *c = NULL;
	git_oid at, stop;
	size_t alloc = 0;
	int ret;

	*names = NULL;
	*nr = 0;
	git_oid_fromraw(&at, to->hash);
	git_oid_fromraw(&stop, from->hash);
	if ((ret = tag_map_load(r, keep, data, NULL, &tm)) < 0)
		return ret;
	for (;;) {
		const git_oid *parent;
		const char *name;

		if (git_commit_lookup(&c, r->git, &at) < 0) {
			ret = git_fail("cannot read a commit of the "
				       "first-parent line");
			break;
		}
		parent = git_commit_parent_id(c, 0);
		if (!parent) {
			ret = 1;	/* the line's root: from is not on it */
			break;
		}
		at = *parent;
		git_commit_free(c);
		c = NULL;
		if (git_oid_equal(&at, &stop))
			break;
		if ((name = tag_of(&tm, &at))) {
			ALLOC_GROW(*names, *nr + 1, alloc);
			(*names)[(*nr)++] = xstrdup(name);
		}
	}
	git_commit_free(c);
	tag_map_release(&tm);
	return ret;
}
