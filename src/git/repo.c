/*
 * repo.c - the repository, as libgit2 opens it: where it is (GIT_DIR,
 * GIT_WORK_TREE, safe.directory), its name, its origin, and what the walk
 * asks of it (a shallow clone's boundary, the object directory, a merge
 * base).
 *
 * The other modules that read the repository through libgit2 each hold
 * one concern: the checked loose reader (loose.c), revisions, tags and
 * ranges (revision.c), trees and files (tree.c), raw objects (odb.c),
 * git's configuration and .mailmap (gitconfig.c); they share the
 * repository's handle through libgit2.h.
 */
#include "git/repo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git/libgit2.h"
#include "git/pack.h"
#include "git/refdb_ro.h"
#include "util/buf.h"
#include "util/escape.h"
#include "util/hash.h"
#include "util/reencode.h"

/* A commit whose text could not be converted to UTF-8. */
struct encoding_note {
	struct object_id oid;
	char *name;
	int status;
};

int
git_fail(const char *what)
{
	const git_error *e = git_error_last();

	return error("%s: %s", what, e && e->message ? e->message : "unknown error");
}

/* A repository that is there but cannot be opened: libgit2's reason. */
static int
open_fail(const char *where)
{
	struct buf b = BUF_INIT;
	int ret;

	buf_printf(&b, "cannot open the repository '%s'", where);
	ret = git_fail(b.data);
	buf_release(&b);
	return ret;
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

/* path, relative to base when it is relative and base is given. */
static char *
path_under(const char *base, const char *path)
{
	struct buf b = BUF_INIT;

	if (!base || path[0] == '/')
		return xstrdup(path);
	buf_printf(&b, "%s/%s", base, path);
	return b.data;
}

/*
 * Whether safe.directory is "*" in the system, XDG or global
 * configuration (git reads it nowhere else), as git reads it: the last
 * of the "*" and "" (which empties the list) values counts.  libgit2 1.5
 * matches the paths it names, but not "*".
 */
static int
safe_everywhere(void)
{
	git_config *cfg = NULL;
	git_config_iterator *it = NULL;
	git_config_entry *ce;
	int level = -1, star = 0;

	if (git_config_open_default(&cfg) < 0 ||
	    git_config_multivar_iterator_new(&it, cfg, "safe.directory",
					     NULL) < 0)
		goto out;
	/* Highest level first, each file's entries in its order. */
	while (!git_config_next(&ce, it)) {
		if (ce->level >= GIT_CONFIG_LEVEL_LOCAL || !ce->value ||
		    (strcmp(ce->value, "*") && *ce->value))
			continue;
		if ((int)ce->level >= level) {
			level = (int)ce->level;
			star = !strcmp(ce->value, "*");
		}
	}
out:
	git_error_clear();
	git_config_iterator_free(it);
	git_config_free(cfg);
	return star;
}

/* The directory git names in its advice: the work tree, or a bare
 * repository's own, without the trailing '/'. */
static char *
safe_path(git_repository *git)
{
	const char *dir = git_repository_workdir(git);
	size_t len;

	dir = dir ? dir : git_repository_path(git);
	len = strlen(dir);
	if (len > 1 && dir[len - 1] == '/')
		len--;
	return xstrndup(dir, len);
}

/*
 * libgit2 (1.5) refuses a repository that another user owns, unless
 * safe.directory names it, with GIT_EOWNER, or with GIT_ENOTFOUND, as if
 * there were no repository, when the user has no global configuration.
 * Open it once more without the check to tell: if that works, honour
 * safe.directory = "*", or say what git says.  Returns 0 with *git open,
 * or -1 after reporting.
 */
static int
open_owned(git_repository **git, int err, const char *where, unsigned flags,
	   const char *ceiling)
{
	const git_error *e = git_error_last();
	char *msg = xstrdup(e && e->message ? e->message : "unknown error");
	int ret;

	git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
	if (git_repository_open_ext(git, where, flags, ceiling) < 0) {
		git_error_clear();
		ret = err == GIT_ENOTFOUND ?
		      error("not a git repository: '%s'", where) :
		      error("cannot open the repository at '%s': %s", where,
			    msg);
	} else if (safe_everywhere()) {
		ret = 0;
	} else {
		char *path = safe_path(*git);

		git_repository_free(*git);
		*git = NULL;
		ret = error("the repository at '%s' is owned by someone else; "
			    "to trust it: git config --global --add "
			    "safe.directory %s", path, path);
		free(path);
	}
	free(msg);
	return ret;
}

/* Whether the work tree workdir ("/abs/dir/", or NULL) is the directory
 * path: libgit2 1.5 leaks its buffer when set_workdir changes nothing. */
static int
same_dir(const char *workdir, const char *path)
{
	char *abs = realpath(path, NULL);
	size_t len = abs ? strlen(abs) : 0;
	int same = abs && workdir && !strncmp(workdir, abs, len) &&
		   (!strcmp(workdir + len, "/") || !strcmp(workdir + len, ""));

	free(abs);
	return same;
}

/*
 * Open as git would from dir (-C, or "."): GIT_DIR names the repository
 * itself (relative to dir), else it is searched for upwards, stopping at
 * GIT_CEILING_DIRECTORIES and file-system boundaries; GIT_WORK_TREE (also
 * relative to dir) names its work tree.  libgit2's
 * GIT_REPOSITORY_OPEN_FROM_ENV refuses GIT_WORK_TREE, hence by hand.
 */
static int
open_env(git_repository **git, const char *dir)
{
	const char *gd = getenv("GIT_DIR"), *wt = getenv("GIT_WORK_TREE");
	const char *ceiling = NULL;
	unsigned flags = 0;
	char *where, *tree = NULL;
	int err, ret = 0;

	if (gd && *gd) {
		where = path_under(dir, gd);
		flags = GIT_REPOSITORY_OPEN_NO_SEARCH |
			GIT_REPOSITORY_OPEN_NO_DOTGIT;
	} else {
		where = xstrdup(dir ? dir : ".");
		ceiling = getenv("GIT_CEILING_DIRECTORIES");
	}
	err = git_repository_open_ext(git, where, flags, ceiling);
	if (err == GIT_EOWNER || err == GIT_ENOTFOUND)
		ret = open_owned(git, err, where, flags, ceiling);
	else if (err < 0)
		ret = open_fail(where);
	if (ret < 0)
		goto out;
	if (wt && *wt) {
		tree = path_under(dir, wt);
		if (!same_dir(git_repository_workdir(*git), tree) &&
		    git_repository_set_workdir(*git, tree, 0) < 0) {
			ret = git_fail("GIT_WORK_TREE");
			git_repository_free(*git);
			*git = NULL;
		}
	}
out:
	free(where);
	free(tree);
	return ret;
}

/* loose.c's checked reader of loose objects, before libgit2's own. */
static int
add_loose(git_repository *git)
{
	if (loose_add_checked(git) < 0)
		return git_fail("cannot open the object database");
	return 0;
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
	if (open_env(&r->git, path) < 0 || refdb_ro_install(r->git) < 0 ||
	    add_loose(r->git) < 0) {
		git_repository_free(r->git);
		free(r);
		git_libgit2_shutdown();
		return ST_FAILURE;
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
	packs_free(r->packs);
	for (size_t k = 0; k < r->enc_nr; k++)
		free(r->enc[k].name);
	free(r->enc);
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

/* --- commits whose text could not be converted to UTF-8 --------------- */

void
repo_note_encoding(struct repo *r, const struct object_id *oid,
		   const char *name, size_t len, int status)
{
	ALLOC_GROW(r->enc, r->enc_nr + 1, r->enc_alloc);
	r->enc[r->enc_nr].oid = *oid;
	r->enc[r->enc_nr].name = xstrndup(name, len);
	r->enc[r->enc_nr++].status = status;
}

/* By reason, encoding, then commit: the groups of the warning, each
 * commit's repeats together. */
static int
cmp_note(const void *pa, const void *pb)
{
	const struct encoding_note *a = pa, *b = pb;
	int c;

	if (a->status != b->status)
		return a->status < b->status ? -1 : 1;
	if ((c = strcmp(a->name, b->name)))
		return c;
	return memcmp(a->oid.hash, b->oid.hash, OID_RAWSZ);
}

void
repo_warn_encodings(struct repo *r)
{
	struct buf b = BUF_INIT, line = BUF_INIT;
	size_t commits = 0, n = 0;

	if (!r || !r->enc_nr)
		return;
	qsort(r->enc, r->enc_nr, sizeof(*r->enc), cmp_note);
	for (size_t k = 0; k < r->enc_nr; k++) {
		const struct encoding_note *e = &r->enc[k];
		int same = k && !cmp_note(e, &r->enc[k - 1]);
		int group_end = k + 1 == r->enc_nr ||
				r->enc[k + 1].status != e->status ||
				strcmp(r->enc[k + 1].name, e->name);

		if (!same) {
			commits++;
			n++;
		}
		if (!group_end)
			continue;
		buf_printf(&b, "%s%zu declare%s '", b.len ? "; " : "", n,
			   n == 1 ? "s" : "");
		escape_message(&b, e->name, strlen(e->name));
		buf_puts(&b, e->status == REENCODE_UNKNOWN ?
			 "', an encoding iconv does not know" :
			 n == 1 ? "' but holds bytes invalid in it" :
			 "' but hold bytes invalid in it");
		n = 0;
	}
	buf_printf(&line, "treeplot: warning: the text of %zu commit%s is "
		   "shown escaped, not converted to UTF-8 (git log shows "
		   "its bytes as they are): %s\n", commits,
		   commits == 1 ? "" : "s", b.data);
	fputs(line.data, stderr);
	buf_release(&b);
	buf_release(&line);
	/* Once a run: the notes are taken. */
	for (size_t k = 0; k < r->enc_nr; k++)
		free(r->enc[k].name);
	r->enc_nr = 0;
}
