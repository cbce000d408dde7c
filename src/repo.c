/*
 * repo.c - the repository, as libgit2 reads it: opening and naming it,
 * resolving ranges, tags and revisions, reading files and raw objects,
 * and git's configuration.  The only module that includes git2.h.
 */
#include "repo.h"

#include <git2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct repo {
	git_repository *git;
	char *name;
};

static int
git_fail(const char *what)
{
	const git_error *e = git_error_last();

	return error("%s: %s", what, e && e->message ? e->message : "unknown error");
}

/* The last path component of dir, without a trailing "/" or ".git". */
static char *
dir_basename(const char *dir)
{
	size_t len = strlen(dir), start;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	start = len;
	while (start > 0 && dir[start - 1] != '/')
		start--;
	if (len - start > 4 && !memcmp(dir + len - 4, ".git", 4))
		len -= 4;
	return xstrndup(dir + start, len - start);
}

int
repo_open(struct repo **out, const char *path)
{
	struct repo *r;
	const char *dir;

	git_libgit2_init();
	/*
	 * Every object is read exactly once, so libgit2's object cache only
	 * costs memory and time; and re-hashing each object to verify it
	 * (with the collision-detecting SHA-1) would cost more than reading
	 * it.  git log verifies nothing either.
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	r = xcalloc(1, sizeof(*r));
	if (git_repository_open_ext(&r->git, path ? path : ".", 0, NULL) < 0) {
		free(r);
		git_libgit2_shutdown();
		return error("not a git repository: '%s'", path ? path : ".");
	}
	/* A work tree is named by its directory; a bare repository by
	 * its own (/x/repo.git is "repo"). */
	dir = git_repository_workdir(r->git);
	r->name = dir_basename(dir ? dir : git_repository_path(r->git));
	*out = r;
	return 0;
}

void
repo_free(struct repo *r)
{
	if (!r)
		return;
	git_repository_free(r->git);
	free(r->name);
	free(r);
	git_libgit2_shutdown();
}

const char *
repo_name(const struct repo *r)
{
	return r->name;
}

char *
repo_origin_url(struct repo *r)
{
	git_config *cfg = NULL;
	git_buf value = GIT_BUF_INIT_CONST(NULL, 0);
	char *url = NULL;

	if (git_repository_config_snapshot(&cfg, r->git) < 0)
		return NULL;
	if (!git_config_get_string_buf(&value, cfg, "remote.origin.url"))
		url = xstrdup(value.ptr);
	git_buf_dispose(&value);
	git_config_free(cfg);
	return url;
}

/* --- range resolution --------------------------------------------- */

static int
resolve_commit(git_repository *git, const char *rev, struct object_id *out)
{
	git_object *obj = NULL, *commit = NULL;
	int ret = 0;

	if (git_revparse_single(&obj, git, rev) < 0) {
		error("unknown revision '%s'", rev);
		return ST_USAGE;
	}
	if (git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		error("'%s' is not a commit", rev);
		ret = ST_USAGE;
		goto out;
	}
	memcpy(out->hash, git_object_id(commit)->id, OID_RAWSZ);
out:
	git_object_free(commit);
	git_object_free(obj);
	return ret;
}

/* Tags by the commit they point to, sorted for binary search; release
 * tags (tag_is_release) marked. */
struct tag {
	git_oid target;
	char *name;
	int release;
};

struct tag_map {
	git_repository *git;
	repo_tag_filter *keep;	/* which tags count */
	const void *keep_data;
	const regex_t *release;	/* treeplot.releasePattern, or NULL */
	struct tag *t;
	size_t nr, alloc;
};

static int
collect_tag(const char *refname, git_oid *oid, void *data)
{
	struct tag_map *tm = data;
	git_object *obj = NULL, *commit = NULL;
	const char *name = refname;

	if (!strncmp(name, "refs/tags/", 10))
		name += 10;
	if (!tm->keep(name, tm->keep_data))
		return 0;
	if (git_object_lookup(&obj, tm->git, oid, GIT_OBJECT_ANY) < 0 ||
	    git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		git_error_clear();	/* a tag of a blob or tree: not ours */
		goto out;
	}
	ALLOC_GROW(tm->t, tm->nr + 1, tm->alloc);
	git_oid_cpy(&tm->t[tm->nr].target, git_object_id(commit));
	tm->t[tm->nr].release = tag_is_release(name, tm->release);
	tm->t[tm->nr++].name = xstrdup(name);
out:
	git_object_free(commit);
	git_object_free(obj);
	return 0;
}

/* By target, then name: a commit's tags are in name order. */
static int
cmp_tag(const void *a, const void *b)
{
	const struct tag *x = a, *y = b;
	int c = git_oid_cmp(&x->target, &y->target);

	return c ? c : strcmp(x->name, y->name);
}

/* The index of commit's first tag in tm (sorted by target), or where it
 * would be. */
static size_t
tag_first(const struct tag_map *tm, const git_oid *commit)
{
	size_t lo = 0, hi = tm->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (git_oid_cmp(&tm->t[mid].target, commit) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The first release tag of commit (the smallest name), or NULL; when it
 * has none, its pre-release tags are noted as skipped.
 */
static const char *
release_of(const struct tag_map *tm, const git_oid *commit,
	   struct range_note *note)
{
	size_t lo = tag_first(tm, commit), k;

	for (k = lo; k < tm->nr && git_oid_equal(&tm->t[k].target, commit); k++)
		if (tm->t[k].release)
			return tm->t[k].name;
	for (k = lo; k < tm->nr && git_oid_equal(&tm->t[k].target, commit); k++)
		range_note_skip(note, tm->t[k].name);
	return NULL;
}

/* The first tag (in name order) of commit, or NULL. */
static const char *
tag_of(const struct tag_map *tm, const git_oid *commit)
{
	size_t lo = tag_first(tm, commit);

	return lo < tm->nr && git_oid_equal(&tm->t[lo].target, commit) ?
	       tm->t[lo].name : NULL;
}

/* The default range looks at every tag: the release rule (tag_is_release)
 * decides on the way, so that the skipped ones can be named. */
static int
every_tag(const char *name, const void *data)
{
	(void)name;
	(void)data;
	return 1;
}

/* Every tag tm->keep keeps, sorted.  Returns 0, or -1 after reporting. */
static int
tag_map_fill(struct tag_map *tm)
{
	if (git_tag_foreach(tm->git, collect_tag, tm) < 0)
		return git_fail("cannot list tags");
	/* No tag: tm.t is NULL, which qsort must not be given, even for
	 * no element. */
	if (tm->nr)
		qsort(tm->t, tm->nr, sizeof(*tm->t), cmp_tag);
	return 0;
}

static void
tag_map_release(struct tag_map *tm)
{
	for (size_t i = 0; i < tm->nr; i++)
		free(tm->t[i].name);
	free(tm->t);
}

/*
 * The default range: from the most recent release tag (tag_is_release)
 * on HEAD's first-parent chain, looking from HEAD's first parent (so
 * that a HEAD sitting on a release tag charts the cycle that tag ends),
 * to HEAD.  out->note says which tag and which were skipped.
 */
static int
default_range(git_repository *git, const regex_t *release,
	      struct range *out)
{
	struct tag_map tm = { git, every_tag, NULL, release, NULL, 0, 0 };
	git_commit *c = NULL, *parent = NULL;
	git_oid head;
	int ret = 0;

	if (git_reference_name_to_id(&head, git, "HEAD") < 0) {
		git_error_clear();
		ret = error("HEAD does not point to a commit (%s)",
			    git_repository_is_empty(git) == 1 ?
			    "the repository is empty" :
			    "an unborn branch: give a revision");
		goto out;
	}
	if (git_commit_lookup(&c, git, &head) < 0) {
		ret = git_fail("cannot read HEAD");
		goto out;
	}
	memcpy(out->to.hash, head.id, OID_RAWSZ);
	out->to_name = xstrdup("HEAD");
	out->note = xcalloc(1, sizeof(*out->note));
	out->note->pattern = release != NULL;
	if ((ret = tag_map_fill(&tm)) < 0)
		goto out;
	while (tm.nr && git_commit_parentcount(c) > 0) {
		const char *name;

		if (git_commit_parent(&parent, c, 0) < 0) {
			/* A shallow boundary: no tag beyond it. */
			git_error_clear();
			break;
		}
		git_commit_free(c);
		c = parent;
		parent = NULL;
		name = release_of(&tm, git_commit_id(c), out->note);
		if (name) {
			memcpy(out->from.hash, git_commit_id(c)->id, OID_RAWSZ);
			out->has_from = 1;
			out->from_name = xstrdup(name);
			out->note->tag = xstrdup(name);
			break;
		}
	}
out:
	tag_map_release(&tm);
	git_commit_free(c);
	return ret;
}

int
repo_first_parent_tags(struct repo *r, const struct object_id *from,
		       const struct object_id *to, repo_tag_filter *keep,
		       const void *data, char ***names, size_t *nr)
{
	struct tag_map tm = { r->git, keep, data, NULL, NULL, 0, 0 };
	git_commit *c = NULL;
	git_oid at, stop;
	size_t alloc = 0;
	int ret;

	*names = NULL;
	*nr = 0;
	git_oid_fromraw(&at, to->hash);
	git_oid_fromraw(&stop, from->hash);
	if ((ret = tag_map_fill(&tm)) < 0)
		goto out;
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
out:
	git_commit_free(c);
	tag_map_release(&tm);
	return ret;
}

int
range_resolve(struct repo *r, const char *spec, const regex_t *release,
	      struct range *out)
{
	const char *dots;
	char *from = NULL, *to = NULL;
	int ret;

	memset(out, 0, sizeof(*out));
	if (!spec)
		return default_range(r->git, release, out);
	if (strstr(spec, "...")) {
		error("symmetric differences ('%s') are not supported: "
		      "use A..B", spec);
		return ST_USAGE;
	}
	if (!*spec) {
		error("empty revision range");
		return ST_USAGE;
	}
	dots = strstr(spec, "..");
	if (!dots) {
		ret = resolve_commit(r->git, spec, &out->to);
		out->to_name = xstrdup(spec);
		return ret;
	}
	/* As in git, a missing side of A..B means HEAD. */
	from = dots == spec ? xstrdup("HEAD") : xstrndup(spec, dots - spec);
	to = dots[2] ? xstrdup(dots + 2) : xstrdup("HEAD");
	out->from_name = from;
	out->to_name = to;
	out->has_from = 1;
	ret = resolve_commit(r->git, from, &out->from);
	if (!ret)
		ret = resolve_commit(r->git, to, &out->to);
	return ret;
}

void
range_release(struct range *rg)
{
	free(rg->from_name);
	free(rg->to_name);
	range_note_free(rg->note);
	memset(rg, 0, sizeof(*rg));
}

int
repo_read_file_at(struct repo *r, const struct object_id *commit,
		  const char *path, struct buf *out)
{
	git_commit *c = NULL;
	git_tree *tree = NULL;
	git_tree_entry *entry = NULL;
	git_blob *blob = NULL;
	git_oid goid;
	int ret = 0;

	memcpy(goid.id, commit->hash, OID_RAWSZ);
	if (git_commit_lookup(&c, r->git, &goid) < 0) {
		ret = git_fail("cannot read the range's end");
		goto out;
	}
	/* No such file, or a partial clone without the trees or blobs
	 * (--filter=tree:0): nothing to read, which is no error. */
	if (git_commit_tree(&tree, c) < 0 ||
	    git_tree_entry_bypath(&entry, tree, path) < 0 ||
	    git_tree_entry_type(entry) != GIT_OBJECT_BLOB ||
	    git_blob_lookup(&blob, r->git, git_tree_entry_id(entry)) < 0) {
		git_error_clear();
		goto out;
	}
	buf_add(out, git_blob_rawcontent(blob), (size_t)git_blob_rawsize(blob));
	ret = 1;
out:
	git_blob_free(blob);
	git_tree_entry_free(entry);
	git_tree_free(tree);
	git_commit_free(c);
	return ret;
}

struct repo_pathspec {
	git_repository *git;		/* borrowed */
	git_pathspec *ps;
	char **lit;			/* each path's part before any glob */
	size_t nr;
	struct buf path;		/* the walk's current path */
};

void
repo_pathspec_new(struct repo_pathspec **out, struct repo *r,
		  const char *const *paths, size_t nr)
{
	struct repo_pathspec *ps = xcalloc(1, sizeof(*ps));
	git_strarray sa = { (char **)(uintptr_t)paths, nr };

	ps->git = r->git;
	/* Compiled once; git's pathspecs are case-sensitive. */
	if (git_pathspec_new(&ps->ps, &sa) < 0) {
		git_error_clear();
		ps->ps = NULL;
	}
	ps->nr = nr;
	ps->lit = xmalloc((nr ? nr : 1) * sizeof(*ps->lit));
	for (size_t k = 0; k < nr; k++)
		ps->lit[k] = xstrndup(paths[k], strcspn(paths[k], "*?[\\"));
	*out = ps;
}

void
repo_pathspec_free(struct repo_pathspec *ps)
{
	if (!ps)
		return;
	for (size_t k = 0; k < ps->nr; k++)
		free(ps->lit[k]);
	free(ps->lit);
	git_pathspec_free(ps->ps);
	buf_release(&ps->path);
	free(ps);
}

/* Tree oid, or one clear error: a partial clone lacks trees. */
static int
tree_read(git_tree **out, git_repository *git, const git_oid *goid)
{
	char hex[OID_HEXSZ + 1];
	int err = git_tree_lookup(out, git, goid);

	if (!err)
		return 0;
	git_oid_tostr(hex, sizeof(hex), goid);
	if (err == GIT_ENOTFOUND) {
		git_error_clear();
		return error("tree %s is missing (a partial clone without "
			     "its trees?): cannot select commits by path",
			     hex);
	}
	return git_fail("cannot read a tree to select commits by path");
}

/* Whether a path under directory dir (ps->path, ending in '/') may
 * match: some path's literal part and dir agree as far as both go. */
static int
may_match_under(const struct repo_pathspec *ps, const char *dir, size_t len)
{
	for (size_t k = 0; k < ps->nr; k++) {
		size_t n = strlen(ps->lit[k]);

		if (!strncmp(ps->lit[k], dir, n < len ? n : len))
			return 1;
	}
	return 0;
}

static int touched(struct repo_pathspec *ps, const git_tree *a,
		   const git_tree *b);

/* Entry ea (of the parent's tree, or NULL) changed into eb (or NULL),
 * at ps->path: 1 when a changed file or link there or below matches. */
static int
entry_touched(struct repo_pathspec *ps, const git_tree_entry *ea,
	      const git_tree_entry *eb)
{
	int ta = ea && git_tree_entry_type(ea) == GIT_OBJECT_TREE;
	int tb = eb && git_tree_entry_type(eb) == GIT_OBJECT_TREE;
	git_tree *sa = NULL, *sb = NULL;
	size_t len = ps->path.len;
	int ret = 0;

	/* A file (or link, or submodule) that changed, appeared, went, or
	 * became or stopped being a directory. */
	if ((ea && !ta) || (eb && !tb))
		if (git_pathspec_matches_path(ps->ps, GIT_PATHSPEC_USE_CASE,
					      ps->path.data))
			return 1;
	if (!ta && !tb)
		return 0;
	buf_addc(&ps->path, '/');
	if (may_match_under(ps, ps->path.data, ps->path.len)) {
		if ((ta && tree_read(&sa, ps->git, git_tree_entry_id(ea)) < 0) ||
		    (tb && tree_read(&sb, ps->git, git_tree_entry_id(eb)) < 0))
			ret = -1;
		else
			ret = touched(ps, sa, sb);
	}
	git_tree_free(sa);
	git_tree_free(sb);
	ps->path.len = len;
	ps->path.data[len] = '\0';
	return ret;
}

/*
 * Whether the diff from tree a to tree b (either NULL: empty), at
 * ps->path, touches a path of ps: git log's pathspec limiting, as a
 * walk of the entries that differ only (equal ids are not opened, and
 * directories no path can be under are not read).
 */
static int
touched(struct repo_pathspec *ps, const git_tree *a, const git_tree *b)
{
	size_t na = a ? git_tree_entrycount(a) : 0;
	size_t nb = b ? git_tree_entrycount(b) : 0, len = ps->path.len;
	int ret = 0;

	for (size_t k = 0; k < nb && !ret; k++) {
		const git_tree_entry *eb = git_tree_entry_byindex(b, k);
		const char *name = git_tree_entry_name(eb);
		const git_tree_entry *ea = a ? git_tree_entry_byname(a, name) :
					       NULL;

		if (ea && !git_oid_cmp(git_tree_entry_id(ea),
				       git_tree_entry_id(eb)) &&
		    git_tree_entry_filemode(ea) == git_tree_entry_filemode(eb))
			continue;
		buf_puts(&ps->path, name);
		ret = entry_touched(ps, ea, eb);
		ps->path.len = len;
		ps->path.data[len] = '\0';
	}
	for (size_t k = 0; k < na && !ret; k++) {
		const git_tree_entry *ea = git_tree_entry_byindex(a, k);
		const char *name = git_tree_entry_name(ea);

		if (b && git_tree_entry_byname(b, name))
			continue;	/* seen from b's side */
		buf_puts(&ps->path, name);
		ret = entry_touched(ps, ea, NULL);
		ps->path.len = len;
		ps->path.data[len] = '\0';
	}
	return ret;
}

int
repo_tree_touches(struct repo_pathspec *ps, const struct object_id *tree,
		  const struct object_id *parent)
{
	git_tree *t = NULL, *pt = NULL;
	git_oid goid;
	int ret = -1;

	if (parent && !memcmp(tree->hash, parent->hash, OID_RAWSZ))
		return 0;
	if (!ps->ps)
		return error("cannot compile the paths given");
	memcpy(goid.id, tree->hash, OID_RAWSZ);
	if (tree_read(&t, ps->git, &goid) < 0)
		goto out;
	if (parent) {
		memcpy(goid.id, parent->hash, OID_RAWSZ);
		if (tree_read(&pt, ps->git, &goid) < 0)
			goto out;
	}
	/* Ids and modes only: no blob is read (a blobless clone has all
	 * it needs). */
	ps->path.len = 0;
	buf_addc(&ps->path, '\0');
	ps->path.len = 0;
	ret = touched(ps, pt, t);
out:
	git_tree_free(pt);
	git_tree_free(t);
	return ret;
}

int
repo_lookup_commit(struct repo *r, const char *rev, struct object_id *out)
{
	git_object *obj = NULL, *commit = NULL;
	int ret = REV_OK, err;

	err = git_revparse_single(&obj, r->git, rev);
	if (err < 0) {
		git_error_clear();
		return err == GIT_EAMBIGUOUS ? REV_AMBIGUOUS : REV_UNKNOWN;
	}
	if (git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		git_error_clear();
		ret = REV_NOT_COMMIT;
	} else {
		memcpy(out->hash, git_object_id(commit)->id, OID_RAWSZ);
	}
	git_object_free(commit);
	git_object_free(obj);
	return ret;
}

int
repo_commit_subject(struct repo *r, const struct object_id *oid,
		    struct buf *out)
{
	git_odb *odb = NULL;
	git_odb_object *obj = NULL;
	git_oid goid;
	const char *p, *end;
	char hex[OID_HEXSZ + 1];
	int ret = 0;

	memcpy(goid.id, oid->hash, OID_RAWSZ);
	if (git_repository_odb(&odb, r->git) < 0)
		return git_fail("cannot open the object database");
	if (git_odb_read(&obj, odb, &goid) < 0 ||
	    git_odb_object_type(obj) != GIT_OBJECT_COMMIT) {
		git_oid_tostr(hex, sizeof(hex), &goid);
		ret = error("cannot read commit %s", hex);
		goto out;
	}
	p = git_odb_object_data(obj);
	end = p + git_odb_object_size(obj);
	/* Past the headers, then the subject as the walk takes it: the
	 * first paragraph, its lines joined by single spaces. */
	p = commit_message(p, end);
	buf_add(out, "", 0);
	commit_subject(out, p, end);
out:
	git_odb_object_free(obj);
	git_odb_free(odb);
	return ret;
}

int
repo_commit_time(struct repo *r, const struct object_id *oid, int64_t *when)
{
	git_commit *c = NULL;
	git_oid goid;
	char hex[OID_HEXSZ + 1];

	memcpy(goid.id, oid->hash, OID_RAWSZ);
	if (git_commit_lookup(&c, r->git, &goid) < 0) {
		git_oid_tostr(hex, sizeof(hex), &goid);
		return error("cannot read commit %s", hex);
	}
	*when = (int64_t)git_commit_time(c);
	git_commit_free(c);
	return 0;
}

/* --- for the walk --------------------------------------------------- */

int
repo_is_shallow(struct repo *r)
{
	return git_repository_is_shallow(r->git) == 1;
}

char *
repo_objects_dir(struct repo *r)
{
	struct buf b = BUF_INIT;

	buf_printf(&b, "%sobjects/", git_repository_commondir(r->git));
	return b.data;
}

int
repo_shallow_commits(struct repo *r, struct object_id **out, size_t *nr)
{
	const char *dir = git_repository_commondir(r->git);
	struct object_id *v = NULL;
	size_t n = 0, alloc = 0;
	char line[128], *path;
	FILE *fp;

	path = xmalloc(strlen(dir) + sizeof("shallow"));
	sprintf(path, "%sshallow", dir);
	fp = fopen(path, "r");
	free(path);
	if (!fp)
		return error("cannot read the shallow file of the repository");
	while (fgets(line, sizeof(line), fp)) {
		struct object_id oid;

		if (hex_to_oid(line, line + strlen(line), &oid) < 0)
			continue;
		ALLOC_GROW(v, n + 1, alloc);
		v[n++] = oid;
	}
	fclose(fp);
	*out = v;
	*nr = n;
	return 0;
}

int
repo_merge_base(struct repo *r, const struct object_id *commits, size_t n,
		struct object_id *out)
{
	git_oid *v = xmalloc((n ? n : 1) * sizeof(*v)), oid;
	int found = 0;

	for (size_t k = 0; k < n; k++)
		memcpy(v[k].id, commits[k].hash, OID_RAWSZ);
	if (n == 1) {
		oid = v[0];
		found = 1;
	} else if (!git_merge_base_octopus(&oid, r->git, n, v)) {
		found = 1;
	} else {
		git_error_clear();	/* unrelated histories */
	}
	if (found)
		memcpy(out->hash, oid.id, OID_RAWSZ);
	free(v);
	return found;
}

/* --- raw objects ---------------------------------------------------- */

struct odb {
	git_odb *odb;
	git_odb_object *obj;	/* the last object read */
	char *why;		/* libgit2's message for the last failure */
};

int
odb_open(struct odb **out, struct repo *r)
{
	struct odb *o = xcalloc(1, sizeof(*o));

	if (git_repository_odb(&o->odb, r->git) < 0) {
		free(o);
		return git_fail("cannot open the object database");
	}
	*out = o;
	return 0;
}

int
odb_open_own(struct odb **out, struct repo *r)
{
	struct odb *o = xcalloc(1, sizeof(*o));
	char *objdir = repo_objects_dir(r);
	int ret = git_odb_open(&o->odb, objdir);

	/* A database of its own, alternates included: libgit2 shares only
	 * its pack cache between handles, behind its own locks. */
	free(objdir);
	if (ret < 0) {
		free(o);
		return git_fail("cannot open the object database");
	}
	*out = o;
	return 0;
}

int
repo_threads_supported(void)
{
	return !!(git_libgit2_features() & GIT_FEATURE_THREADS);
}

void
odb_free(struct odb *o)
{
	if (!o)
		return;
	git_odb_object_free(o->obj);
	git_odb_free(o->odb);
	free(o->why);
	free(o);
}

int
odb_read_commit(struct odb *o, const struct object_id *oid, const char **data,
		size_t *size)
{
	git_oid goid;
	int ret;

	git_odb_object_free(o->obj);
	o->obj = NULL;
	memcpy(goid.id, oid->hash, OID_RAWSZ);
	ret = git_odb_read(&o->obj, o->odb, &goid);
	if (ret < 0) {
		const git_error *e = git_error_last();

		o->obj = NULL;
		free(o->why);
		o->why = xstrdup(e && e->message ? e->message : "unknown error");
		git_error_clear();
		return ret == GIT_ENOTFOUND ? ODB_MISSING : ODB_FAILED;
	}
	if (git_odb_object_type(o->obj) != GIT_OBJECT_COMMIT)
		return ODB_NOT_COMMIT;
	*data = git_odb_object_data(o->obj);
	*size = git_odb_object_size(o->obj);
	return 0;
}

const char *
odb_error(const struct odb *o)
{
	return o->why ? o->why : "unknown error";
}

/* --- git's configuration -------------------------------------------- */

struct repo_config {
	git_repository *git;
	git_config *snap;
};

/* A configuration that cannot be read is the user's to fix. */
static int
config_fail(const char *what)
{
	git_fail(what);
	return ST_USAGE;
}

int
repo_config_open(struct repo_config **out, struct repo *r)
{
	struct repo_config *rc = xcalloc(1, sizeof(*rc));

	rc->git = r->git;
	if (git_repository_config_snapshot(&rc->snap, r->git) < 0) {
		free(rc);
		return config_fail("cannot read the repository's configuration");
	}
	*out = rc;
	return 0;
}

void
repo_config_free(struct repo_config *rc)
{
	if (!rc)
		return;
	git_config_free(rc->snap);
	free(rc);
}

/* The file behind a level of the repository's configuration. */
static char *
level_file(git_repository *git, git_config_level_t level)
{
	git_buf b = GIT_BUF_INIT_CONST(NULL, 0);
	int ret = -1;
	char *name;

	switch (level) {
	case GIT_CONFIG_LEVEL_PROGRAMDATA:
		ret = git_config_find_programdata(&b);
		break;
	case GIT_CONFIG_LEVEL_SYSTEM:
		ret = git_config_find_system(&b);
		break;
	case GIT_CONFIG_LEVEL_XDG:
		ret = git_config_find_xdg(&b);
		break;
	case GIT_CONFIG_LEVEL_GLOBAL:
		ret = git_config_find_global(&b);
		break;
	case GIT_CONFIG_LEVEL_LOCAL:
		ret = git_repository_item_path(&b, git,
					       GIT_REPOSITORY_ITEM_CONFIG);
		break;
	default:
		break;
	}
	git_error_clear();
	name = xstrdup(!ret && b.ptr ? b.ptr : "the repository's configuration");
	git_buf_dispose(&b);
	return name;
}

struct level_entry {
	git_config_level_t level;
	size_t seq;		/* the order the iterator gave */
	char *name, *value;
};

static int
cmp_level(const void *pa, const void *pb)
{
	const struct level_entry *a = pa, *b = pb;

	if (a->level != b->level)
		return a->level < b->level ? -1 : 1;
	return (a->seq > b->seq) - (a->seq < b->seq);
}

static void
level_entries_free(struct level_entry *le, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(le[i].name);
		free(le[i].value);
	}
	free(le);
}

int
repo_config_each(struct repo_config *rc, int below, const char *glob,
		 repo_config_fn *fn, void *data)
{
	git_config_iterator *it = NULL;
	git_config_entry *ce;
	struct level_entry *le = NULL;
	size_t nr = 0, alloc = 0;
	int err, ret = 0;

	if (git_config_iterator_glob_new(&it, rc->snap, glob) < 0)
		return config_fail("cannot read the configuration");
	while (!(err = git_config_next(&ce, it))) {
		if ((ce->level < GIT_CONFIG_LEVEL_LOCAL) != below)
			continue;
		ALLOC_GROW(le, nr + 1, alloc);
		le[nr].level = ce->level;
		le[nr].seq = nr;
		le[nr].name = xstrdup(ce->name);
		le[nr].value = ce->value ? xstrdup(ce->value) : NULL;
		nr++;
	}
	git_config_iterator_free(it);
	if (err != GIT_ITEROVER) {
		level_entries_free(le, nr);
		return config_fail("cannot read the configuration");
	}
	if (nr > 1)
		qsort(le, nr, sizeof(*le), cmp_level);
	for (size_t i = 0; i < nr && !ret; i++) {
		char *file = level_file(rc->git, le[i].level);

		ret = fn(le[i].name, le[i].value, file, data);
		free(file);
	}
	level_entries_free(le, nr);
	return ret;
}

int
repo_config_file_each(struct repo *r, const char *path, const char *glob,
		      repo_config_fn *fn, void *data)
{
	git_config *cfg = NULL;
	git_config_iterator *it = NULL;
	git_config_entry *ce;
	int err = 0, ret = 0;

	if (git_config_new(&cfg) < 0 ||
	    git_config_add_file_ondisk(cfg, path, GIT_CONFIG_LEVEL_APP,
				       r ? r->git : NULL, 0) < 0 ||
	    git_config_iterator_glob_new(&it, cfg, glob) < 0) {
		ret = config_fail(path);
		goto out;
	}
	while (!ret && !(err = git_config_next(&ce, it)))
		ret = fn(ce->name, ce->value, path, data);
	if (!ret && err != GIT_ITEROVER)
		ret = config_fail(path);
out:
	git_config_iterator_free(it);
	git_config_free(cfg);
	return ret;
}
