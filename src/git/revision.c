/*
 * revision.c - revisions, tags and ranges, as libgit2 resolves them: what
 * the user names (A..B, a revision, the default range from the last
 * release tag), the tags on a first-parent line (--cycles), a commit's
 * subject and time by its id.
 *
 * A file of its own, as libgit2's revparse.c: it names commits; reading
 * many of them is the walk's (odb.c, pack.c).
 */
#include "git/revision.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "git/commitparse.h"
#include "git/libgit2.h"
#include "git/reflog.h"
#include "git/repofile.h"
#include "git/tags.h"
#include "util/reencode.h"
#include "util/suggest.h"

/*
 * The object rev names: a full id and a ref name are taken as they are
 * (no object read); anything else goes through git_revparse_single.
 * Returns 0 or libgit2's error.
 */
static int
rev_object(git_repository *git, const char *rev, git_oid *id)
{
	git_reference *ref = NULL, *direct = NULL;
	git_object *obj = NULL;
	int err;

	if (strlen(rev) == GIT_OID_HEXSZ && !git_oid_fromstr(id, rev))
		return 0;
	if ((err = reflog_entry(git, rev, id)) <= 0)
		return err;
	if (!git_reference_dwim(&ref, git, rev)) {
		err = git_reference_resolve(&direct, ref);
		if (!err)
			git_oid_cpy(id, git_reference_target(direct));
		git_reference_free(direct);
		git_reference_free(ref);
		return err;
	}
	git_error_clear();
	err = git_revparse_single(&obj, git, rev);
	if (!err)
		git_oid_cpy(id, git_object_id(obj));
	git_object_free(obj);
	return err;
}

/*
 * Into hint, "did you mean v2025.07?": the tags nearest rev, a plain name
 * (no suffix, no "@{...}"), by edit distance.  Tags only: their names are
 * what ranges are written with, and listing them reads no object.
 */
static void
nearest_tag(git_repository *git, const char *rev, struct buf *hint)
{
	git_reference_iterator *it = NULL;
	const char *name;
	struct suggest sg;
	char **names = NULL;
	size_t nr = 0, alloc = 0;

	if (strpbrk(rev, "~^@:{} ") ||
	    git_reference_iterator_glob_new(&it, git, "refs/tags/*") < 0) {
		git_error_clear();
		return;
	}
	suggest_init(&sg, rev, strlen(rev));
	/* The names are kept: suggest borrows the nearest ones. */
	while (!git_reference_next_name(&name, it)) {
		ALLOC_GROW(names, nr + 1, alloc);
		names[nr] = xstrdup(name + strlen("refs/tags/"));
		suggest_add(&sg, names[nr++]);
	}
	git_error_clear();
	git_reference_iterator_free(it);
	suggest_write(&sg, "", hint);
	for (size_t k = 0; k < nr; k++)
		free(names[k]);
	free(names);
}

/*
 * Why rev did not resolve, keeping libgit2's reason: an ambiguous
 * abbreviation, a reflog entry or upstream (@{...}) that does not
 * exist, an object the
 * repository lacks (a broken repository, or a mistyped full id: status
 * 1, as for any missing object), or no such name at all.
 */
static int
revision_fail(git_repository *git, int err, const char *rev)
{
	const git_error *e = git_error_last();
	/* libgit2 says nothing when @{-N} finds no N-th branch. */
	const char *why = e && e->message && *e->message ? e->message :
			  "no such entry in the reflog";

	if (err == GIT_EAMBIGUOUS) {
		error("ambiguous revision '%s': %s", rev, why);
		return ST_USAGE;
	}
	if (err == GIT_ENOTFOUND && e && e->klass == GIT_ERROR_ODB)
		return error("revision '%s' names a missing object: %s", rev,
			     why);
	if (strstr(rev, "@{")) {
		error("bad revision '%s': %s", rev, why);
		return ST_USAGE;
	}
	if (err == GIT_ENOTFOUND || err == GIT_EINVALIDSPEC) {
		struct buf hint = BUF_INIT;

		nearest_tag(git, rev, &hint);
		error("unknown revision '%s'%s%s", rev, hint.data ? ": " : "",
		      hint.data ? hint.data : "");
		buf_release(&hint);
		return ST_USAGE;
	}
	return error("cannot resolve revision '%s': %s", rev, why);
}

/*
 * Whether rev is a reference whose object the repository lacks (a
 * broken repository).  Asked before git_revparse_single, which in
 * libgit2 1.5 leaks the reference in that case (revparse_lookup_object;
 * no upstream report found: pack.t under LeakSanitizer shows whether a
 * newer libgit2 still does); a suffixed form (lost~1) still goes that way.
 */
static int
ref_target_missing(git_repository *git, const char *rev)
{
	git_reference *ref = NULL, *res = NULL;
	git_odb *odb = NULL;
	char hex[OID_HEXSZ + 1];
	int missing = 0;

	if (!git_reference_dwim(&ref, git, rev) &&
	    !git_reference_resolve(&res, ref) &&
	    !git_repository_odb(&odb, git) &&
	    !git_odb_exists(odb, git_reference_target(res))) {
		git_oid_tostr(hex, sizeof(hex), git_reference_target(res));
		missing = 1;
		error("revision '%s' names a missing object: object not found "
		      "- no match for id (%s)", rev, hex);
	}
	git_error_clear();
	git_odb_free(odb);
	git_reference_free(res);
	git_reference_free(ref);
	return missing;
}

/*
 * Before rev is resolved, the files libgit2 will open for it that the
 * repository's opening did not check (repofile.h): a name at the top of
 * the git directory (libgit2 tries NAME there first, as ORIG_HEAD is
 * found) and, for an @{...} form, the reflogs.  Returns 0, or -1 after
 * reporting the first that is not a regular file.
 */
static int
check_rev_files(git_repository *git, const char *rev)
{
	const char *dirs[] = { git_repository_path(git),
			       git_repository_commondir(git) };
	size_t len = strcspn(rev, "~^@:");
	struct buf b = BUF_INIT;
	struct stat st;
	int ret = 0;

	for (size_t k = 0; k < ARRAY_SIZE(dirs) && !ret; k++) {
		if (k && !strcmp(dirs[0], dirs[1]))
			break;
		/* A plain name, not a path out of the directory; libgit2
		 * takes a directory there for no ref. */
		buf_release(&b);
		buf_printf(&b, "%s%.*s", dirs[k], (int)len, rev);
		if (len && !memchr(rev, '/', len) && !stat(b.data, &st) &&
		    !S_ISDIR(st.st_mode))
			ret = repofile_check(b.data) < 0 ? -1 : 0;
		if (!ret && strstr(rev, "@{")) {
			buf_release(&b);
			buf_printf(&b, "%slogs/", dirs[k]);
			ret = repofile_check_dir(b.data, 64);
		}
	}
	buf_release(&b);
	return ret;
}

static int
resolve_commit(git_repository *git, const char *rev, struct object_id *out)
{
	git_oid obj, id;
	int err;

	if (check_rev_files(git, rev) < 0 || ref_target_missing(git, rev))
		return ST_FAILURE;
	err = rev_object(git, rev, &obj);
	if (err < 0)
		return revision_fail(git, err, rev);
	err = repo_peel_commit(git, &obj, &id);
	/* The repository's fault, not the user's: libgit2's reason. */
	if (err < 0)
		return git_fail(rev);
	if (err > 0) {
		error("'%s' is not a commit", rev);
		return ST_USAGE;
	}
	memcpy(out->hash, id.id, OID_RAWSZ);
	return 0;
}

/* The first release tag of commit (the smallest name), else the first
 * that opens a cycle (note->opens set), or NULL; when it has none, its
 * pre-release tags are noted as skipped. */
static const char *
release_of(const struct tag_map *tm, const git_oid *commit,
	   const struct pattern *release, struct range_note *note)
{
	struct object_id id;
	size_t lo, k;

	memcpy(id.hash, commit->id, OID_RAWSZ);
	lo = tag_map_first(tm, &id);
	for (k = lo; tag_map_names(tm, k, &id); k++)
		if (tm->t[k].release)
			return tm->t[k].name;
	for (k = lo; tag_map_names(tm, k, &id); k++)
		if (tag_opens_cycle(tm->t[k].name, release)) {
			note->opens = 1;
			return tm->t[k].name;
		}
	for (k = lo; tag_map_names(tm, k, &id); k++)
		range_note_skip(note, tm->t[k].name);
	return NULL;
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

/* Whether commit id is on a shallow clone's boundary. */
static int
is_boundary(struct repo *r, const git_oid *id)
{
	struct object_id *v = NULL;
	size_t n = 0;
	int found = 0;

	if (!repo_is_shallow(r))
		return 0;
	if (repo_shallow_commits(r, &v, &n) < 0) {
		git_error_clear();
		return 0;
	}
	for (size_t k = 0; k < n && !found; k++)
		found = !memcmp(v[k].hash, id->id, OID_RAWSZ);
	free(v);
	return found;
}

/*
 * The first parent of commit id, read as the walk reads it: 1 with it in
 * *parent, 0 for a root, or ST_FAILURE after reporting a commit that
 * cannot be read (its child named, when it has one).
 */
static int
first_parent(git_odb *odb, const git_oid *id, const git_oid *child,
	     git_oid *parent)
{
	char hex[GIT_OID_HEXSZ + 1], kid[GIT_OID_HEXSZ + 1];
	git_odb_object *obj = NULL;
	struct object_id oid;
	const char *data, *end, *p;
	int bad = 0, ret = 0;

	git_oid_tostr(hex, sizeof(hex), id);
	if (git_odb_read(&obj, odb, id) < 0 ||
	    git_odb_object_type(obj) != GIT_OBJECT_COMMIT) {
		const git_error *e = git_error_last();
		const char *why = !obj ? (e && e->message ? e->message :
				  "unknown error") : "not a commit";

		if (child) {
			git_oid_tostr(kid, sizeof(kid), child);
			ret = error("cannot read commit %s, the first parent "
				    "of %s: %s", hex, kid, why);
		} else {
			ret = error("cannot read HEAD (%s): %s", hex, why);
		}
		goto out;
	}
	data = git_odb_object_data(obj);
	end = data + git_odb_object_size(obj);
	p = commit_parent_next(commit_parents_start(data, end), end, &oid,
			       &bad);
	if (bad) {
		ret = error("corrupt commit object %s", hex);
	} else if (p) {
		memcpy(parent->id, oid.hash, OID_RAWSZ);
		ret = 1;
	}
out:
	git_odb_object_free(obj);
	return ret;
}

/* Release tags looked at for the cadence of releases, newest first: the
 * chosen one and this many before it (their intervals' median). */
#define RELEASES_RECENT 5

static int
cmp_time_desc(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x < y) - (x > y);
}

/* The median of the intervals between times[0..n), sorted newest
 * first; 0 for fewer than two. */
static int64_t
median_interval(const int64_t *times, size_t n)
{
	int64_t *iv;
	int64_t m;

	if (n < 2)
		return 0;
	iv = xmalloc((n - 1) * sizeof(*iv));
	for (size_t k = 0; k + 1 < n; k++)
		iv[k] = times[k] - times[k + 1];
	qsort(iv, n - 1, sizeof(*iv), cmp_time_desc);
	m = iv[(n - 2) / 2];
	free(iv);
	return m;
}

/*
 * The commit time of every release tag's commit, newest first, the
 * newest RELEASES_RECENT + 1 kept: where the first-parent line holds
 * too few of them (Xen's, made on branches).  Returns how many.
 */
static size_t
release_times(git_repository *git, const struct tag_map *tm, int64_t *out)
{
	int64_t *all = xmalloc((tm->nr ? tm->nr : 1) * sizeof(*all));
	size_t n = 0;

	for (size_t k = 0; k < tm->nr; k++) {
		git_commit *c;

		git_oid target;

		if (!tm->t[k].release ||
		    (k && !memcmp(tm->t[k].target.hash, tm->t[k - 1].target.hash,
				  OID_RAWSZ)))
			continue;
		git_oid_fromraw(&target, tm->t[k].target.hash);
		if (git_commit_lookup(&c, git, &target) < 0) {
			git_error_clear();
			continue;
		}
		all[n++] = (int64_t)git_commit_time(c);
		git_commit_free(c);
	}
	if (n)
		qsort(all, n, sizeof(*all), cmp_time_desc);
	if (n > RELEASES_RECENT + 1)
		n = RELEASES_RECENT + 1;
	memcpy(out, all, n * sizeof(*out));
	free(all);
	return n;
}

/*
 * After the default range's tag (at c): how often the project
 * releases, for the warning on a range much longer than that.  The
 * release tags further down the first-parent line (up to
 * RELEASES_RECENT of them), else, when it holds fewer than two, every
 * release tag of the repository.  Only their commits are read.
 */
static void
release_cadence(struct repo *r, const struct tag_map *tm, git_oid c,
		struct range_note *note)
{
	int64_t times[RELEASES_RECENT + 1] = { 0 };
	size_t n = 0;

	/* Quietly: a commit libgit2 will not read ends the search, and
	 * the walk that follows reports what is wrong with it. */
	for (;;) {
		struct object_id id;
		size_t k;
		const git_oid *parent;
		git_commit *gc;

		if (git_commit_lookup(&gc, r->git, &c) < 0)
			break;
		memcpy(id.hash, c.id, OID_RAWSZ);
		k = tag_map_first(tm, &id);
		for (; tag_map_names(tm, k, &id); k++)
			if (tm->t[k].release) {
				times[n++] = (int64_t)git_commit_time(gc);
				break;
			}
		parent = git_commit_parent_id(gc, 0);
		if (parent)
			git_oid_cpy(&c, parent);
		git_commit_free(gc);
		if (!parent || n == RELEASES_RECENT + 1)
			break;
	}
	git_error_clear();
	if (n < 2)
		n = release_times(r->git, tm, times);
	note->release_interval = median_interval(times, n);
}

/*
 * The default range: from the most recent release tag (tag_is_release)
 * or tag opening a cycle (tag_opens_cycle) on HEAD's first-parent chain, looking from HEAD's first parent (so
 * that a HEAD sitting on a release tag charts the cycle that tag ends),
 * to HEAD.  out->note says which tag and which were skipped.
 */
static int
default_range(struct repo *r, const struct pattern *release, struct range *out)
{
	git_repository *git = r->git;
	struct tag_map tm = { NULL, 0, 0 };
	git_odb *odb = NULL;
	git_oid head, c, parent;
	int ret = 0;

	if (git_reference_name_to_id(&head, git, "HEAD") < 0) {
		git_error_clear();
		ret = error("HEAD does not point to a commit (%s)",
			    git_repository_is_empty(git) == 1 ?
			    "the repository is empty" :
			    "an unborn branch: give a revision");
		goto out;
	}
	if (git_repository_odb(&odb, git) < 0) {
		ret = git_fail("cannot open the object database");
		goto out;
	}
	memcpy(out->to.hash, head.id, OID_RAWSZ);
	out->to_name = xstrdup("HEAD");
	out->note = xcalloc(1, sizeof(*out->note));
	out->note->pattern = release != NULL;
	if ((ret = tag_map_load(r, every_tag, NULL, release, &tm)) < 0)
		goto out;
	/* HEAD is read even without tags: one that cannot be is an error
	 * here, and said so. */
	c = head;
	ret = first_parent(odb, &c, NULL, &parent);
	out->note->no_tags = !tm.nr;
	while (ret > 0 && tm.nr) {
		const char *name;
		git_oid child;
		size_t skipped;

		/* A shallow boundary: its parents are not there, and no
		 * tag beyond it counts. */
		if (is_boundary(r, &c))
			break;
		skipped = out->note->skipped_nr;
		name = release_of(&tm, &parent, release, out->note);
		if (!skipped && out->note->skipped_nr)
			memcpy(out->note->skipped_at.hash, parent.id,
			       OID_RAWSZ);
		if (name) {
			memcpy(out->from.hash, parent.id, OID_RAWSZ);
			out->has_from = 1;
			out->from_name = xstrdup(name);
			out->note->tag = xstrdup(name);
			release_cadence(r, &tm, parent, out->note);
			break;
		}
		/* Any other failure to read the parent is an error, not a
		 * range grown to the whole history. */
		git_oid_cpy(&child, &c);
		git_oid_cpy(&c, &parent);
		ret = first_parent(odb, &c, &child, &parent);
	}
	if (ret > 0)
		ret = 0;
	/* The whole history: the repository's releases, if any. */
	if (!ret && !out->has_from) {
		int64_t times[RELEASES_RECENT + 1] = { 0 };

		out->note->release_interval = median_interval(times,
			release_times(git, &tm, times));
	}
out:
	tag_map_release(&tm);
	git_odb_free(odb);
	return ret;
}

int
range_resolve(struct repo *r, const char *spec, const struct pattern *release,
	      struct range *out)
{
	const char *dots;
	char *from = NULL, *to = NULL;
	int ret;

	memset(out, 0, sizeof(*out));
	if (!spec)
		return default_range(r, release, out);
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
repo_lookup_commit(struct repo *r, const char *rev, struct object_id *out)
{
	git_oid obj, id;
	int err;

	if (check_rev_files(r->git, rev) < 0)
		return REV_UNKNOWN;
	err = rev_object(r->git, rev, &obj);
	if (!err)
		err = repo_peel_commit(r->git, &obj, &id);
	git_error_clear();
	if (err == GIT_EAMBIGUOUS)
		return REV_AMBIGUOUS;
	if (err < 0)
		return REV_UNKNOWN;
	if (err > 0)
		return REV_NOT_COMMIT;
	memcpy(out->hash, id.id, OID_RAWSZ);
	return REV_OK;
}

int
repo_commit_subject(struct repo *r, const struct object_id *oid,
		    struct buf *out)
{
	git_odb *odb = NULL;
	git_odb_object *obj = NULL;
	git_oid goid;
	const char *p, *end, *name;
	struct buf conv = BUF_INIT;
	size_t name_len;
	char hex[OID_HEXSZ + 1];
	int ret = 0, enc;

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
	/* As git log shows it: converted from a declared encoding. */
	enc = commit_reencode(p, end, &conv, &name, &name_len);
	if (enc == REENCODE_DONE) {
		p = conv.data;
		end = conv.data + conv.len;
	} else if (enc != REENCODE_SAME) {
		repo_note_encoding(r, oid, name, name_len, enc);
	}
	/* Past the headers, then the subject as the walk takes it: the
	 * first paragraph, its lines joined by single spaces. */
	p = commit_message(p, end);
	buf_add(out, "", 0);
	commit_subject(out, p, end);
out:
	buf_release(&conv);
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
