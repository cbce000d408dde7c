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

#include <dirent.h>
#include <git2/sys/repository.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git/libgit2.h"
#include "git/pack.h"
#include "git/refdb_ro.h"
#include "git/repofile.h"
#include "git/sigbus.h"
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

/* A folder name that says nothing of the project: a checkout's "repo",
 * or the ".git" of a bare repository kept as one. */
static int
generic_name(const char *s, size_t len)
{
	return !len || (len == 4 && !memcmp(s, "repo", 4)) ||
	       (len == 4 && !memcmp(s, ".git", 4));
}

/* The component of s (a path, or a URL when url) that ends at *end,
 * slashes after it ignored: its start and length, ".git" cut. */
static size_t
component(const char *s, size_t *end, int url)
{
	size_t len = *end, start;

	while (len > 1 && s[len - 1] == '/')
		len--;
	start = len;
	while (start > 0 && s[start - 1] != '/' &&
	       !(url && s[start - 1] == ':'))
		start--;
	*end = start;
	if (len - start > 4 && !memcmp(s + len - 4, ".git", 4))
		len -= 4;
	return len - start;
}

/*
 * The project's name, for the titles and the reports: the last
 * component of remote.origin.url when there is one that says something
 * (a clone's "linux" of ".../torvalds/linux.git"); else the folder's,
 * without ".git", or its parent's when the folder is "repo" or ".git".
 */
static char *
project_name(const char *dir, const char *origin)
{
	size_t end, start, len;

	if (origin) {
		end = strlen(origin);
		len = component(origin, &end, 1);
		if (!generic_name(origin + end, len))
			return xstrndup(origin + end, len);
	}
	end = strlen(dir);
	len = component(dir, &end, 0);
	start = end;
	if (generic_name(dir + start, len) && start > 1) {
		size_t plen = component(dir, &end, 0);

		if (plen)
			return xstrndup(dir + end, plen);
	}
	return xstrndup(dir + start, len);
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
 * matches the paths it names, but not "*" (libgit2 issue #6391, fixed
 * by pull request #6429 in 1.6; a directory with a star after it by
 * #7265): this can go with 1.6.
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
 * path: libgit2 1.5 leaks its buffer when set_workdir changes nothing
 * (libgit2 issue #6746, fixed by pull request #6748 in 1.8). */
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
 * The repository git would open from where: a new string, or NULL when
 * there is none (libgit2 then says why).  Found as libgit2 finds it, but
 * without reading its configuration; the owner is not checked here.
 */
static char *
find_git_dir(const char *where, unsigned flags, const char *ceiling)
{
	git_buf b = GIT_BUF_INIT_CONST(NULL, 0);
	int owner = 1;
	char *dir = NULL;

	if (flags & GIT_REPOSITORY_OPEN_NO_SEARCH)
		return xstrdup(where);
	git_libgit2_opts(GIT_OPT_GET_OWNER_VALIDATION, &owner);
	git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
	if (!git_repository_discover(&b, where, 0, ceiling))
		dir = xstrdup(b.ptr);
	git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, owner);
	git_error_clear();
	git_buf_dispose(&b);
	return dir;
}

/* The common directory of the repository at gitdir (its "commondir"
 * file, in a worktree's), as a new string ending in '/'. */
static char *
find_common_dir(const char *gitdir, int *bad)
{
	struct buf path = BUF_INIT, text = BUF_INIT, b = BUF_INIT;
	size_t len = strlen(gitdir);
	int ret;

	while (len > 1 && gitdir[len - 1] == '/')
		len--;
	buf_printf(&path, "%.*s/commondir", (int)len, gitdir);
	ret = repofile_read(path.data, &text);
	*bad = ret < 0;
	while (text.len && (text.data[text.len - 1] == '\n' ||
			    text.data[text.len - 1] == '\r'))
		text.data[--text.len] = '\0';
	if (ret > 0 && text.len && text.data[0] != '/')
		buf_printf(&b, "%.*s/%s/", (int)len, gitdir, text.data);
	else if (ret > 0 && text.len)
		buf_printf(&b, "%s/", text.data);
	else
		buf_printf(&b, "%.*s/", (int)len, gitdir);
	buf_release(&path);
	buf_release(&text);
	return b.data;
}

/*
 * git's configuration files, which libgit2 reads as it opens the
 * repository (the system's, the user's, the repository's own and its
 * worktree's), and every file they include: libgit2 would wait for ever
 * on a FIFO among them, before we could say anything.  Returns 0, or -1
 * after reporting the first that is not a regular file.
 */
static int
check_git_config(const char *where, unsigned flags, const char *ceiling)
{
	int (*const levels[])(git_buf *) = {
		git_config_find_system, git_config_find_xdg,
		git_config_find_global,
	};
	git_buf b = GIT_BUF_INIT_CONST(NULL, 0);
	struct buf path = BUF_INIT;
	char *gitdir, *common = NULL;
	int ret = 0, bad = 0;

	for (size_t k = 0; k < ARRAY_SIZE(levels) && !ret; k++) {
		if (!levels[k](&b))
			ret = repofile_check_config(b.ptr, 0) < 0 ? -1 : 0;
		git_error_clear();
		git_buf_dispose(&b);
	}
	gitdir = ret ? NULL : find_git_dir(where, flags, ceiling);
	if (gitdir) {
		common = find_common_dir(gitdir, &bad);
		buf_printf(&path, "%sconfig", common);
		ret = bad || repofile_check_config(path.data, 0) < 0 ? -1 : 0;
		buf_release(&path);
		buf_printf(&path, "%s%sconfig.worktree", gitdir,
			   gitdir[strlen(gitdir) - 1] == '/' ? "" : "/");
		if (!ret && repofile_check_config(path.data, 0) < 0)
			ret = -1;
	}
	buf_release(&path);
	free(common);
	free(gitdir);
	return ret;
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
	if (check_git_config(where, flags, ceiling) < 0) {
		ret = -1;
		goto out;
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

/*
 * The files libgit2 opens for us, checked before it does (repofile.h):
 * packed-refs and the loose refs, the shallow file, and in every object
 * directory the pack directory (indexes, packs, multi-pack-index) and
 * the commit-graph files.  The alternates were read by objdirs.c, the
 * configuration files before the repository was opened; reflogs are
 * checked when a revision reads them (revision.c).
 */
static int
check_files(struct repo *r)
{
	const char *gitdir = git_repository_path(r->git);
	const char *common = git_repository_commondir(r->git);
	static const char *const top[] = { "packed-refs", "shallow" };
	static const char *const objs[] = { "info/commit-graph" };
	struct buf b = BUF_INIT;
	int ret = 0;

	for (size_t k = 0; k < ARRAY_SIZE(top) && !ret; k++) {
		buf_release(&b);
		buf_printf(&b, "%s%s", common, top[k]);
		ret = repofile_check(b.data) < 0 ? -1 : 0;
	}
	/* Ref names nest: refs/remotes/origin/topic/sub... */
	for (int k = 0; k < 2 && !ret; k++) {
		if (k && !strcmp(gitdir, common))
			break;
		buf_release(&b);
		buf_printf(&b, "%srefs/", k ? gitdir : common);
		ret = repofile_check_dir(b.data, 64);
	}
	for (size_t d = 0; d < r->od.nr && !ret; d++) {
		const char *od = r->od.dir[d];

		buf_release(&b);
		buf_printf(&b, "%spack/", od);
		ret = repofile_check_dir(b.data, 0);
		for (size_t k = 0; k < ARRAY_SIZE(objs) && !ret; k++) {
			buf_release(&b);
			buf_printf(&b, "%s%s", od, objs[k]);
			ret = repofile_check(b.data) < 0 ? -1 : 0;
		}
		buf_release(&b);
		buf_printf(&b, "%sinfo/commit-graphs/", od);
		if (!ret)
			ret = repofile_check_dir(b.data, 0);
	}
	buf_release(&b);
	return ret;
}

/*
 * Where the objects are: GIT_OBJECT_DIRECTORY (relative to dir, as
 * GIT_DIR) or the common directory's objects/, then the alternates,
 * GIT_ALTERNATE_OBJECT_DIRECTORIES' first, as git lists them.  When the
 * environment names any, libgit2 is given that object database (its
 * GIT_REPOSITORY_OPEN_FROM_ENV would, but it refuses GIT_WORK_TREE).
 * Then loose.c's checked reader of the loose objects, before libgit2's.
 */
static int
open_objects(struct repo *r, const char *dir)
{
	const char *env = getenv("GIT_OBJECT_DIRECTORY");
	const char *alt = getenv("GIT_ALTERNATE_OBJECT_DIRECTORIES");
	char *objdir;
	git_odb *odb = NULL;
	struct buf b = BUF_INIT;
	int ret = 0;

	if (env && *env) {
		objdir = path_under(dir, env);
	} else {
		buf_printf(&b, "%sobjects/", git_repository_commondir(r->git));
		objdir = b.data;
	}
	if (objdirs_find(&r->od, objdir, alt && *alt ? alt : NULL, dir) < 0 ||
	    check_files(r) < 0) {
		ret = -1;
	} else if ((env && *env) || r->od.env_nr) {
		if (git_odb_open(&odb, objdir) < 0)
			ret = git_fail("cannot open the object database");
		for (size_t k = 0; !ret && k < r->od.env_nr; k++)
			if (git_odb_add_disk_alternate(odb, r->od.env[k]) < 0)
				ret = git_fail("cannot open the object database");
		if (!ret && git_repository_set_odb(r->git, odb) < 0)
			ret = git_fail("cannot open the object database");
		git_odb_free(odb);
	}
	if (!ret && loose_add_checked(r->git, r->od.dir[0]) < 0)
		ret = git_fail("cannot open the object database");
	free(objdir);
	return ret;
}

int
repo_open(struct repo **out, const char *path)
{
	struct repo *r;
	const char *dir;
	char *origin;

	git_libgit2_init();
	/*
	 * Every object is read exactly once, so libgit2's object cache only
	 * costs memory and time; and re-hashing each object to verify it
	 * (with the collision-detecting SHA-1) would cost more than reading
	 * it.  git log verifies nothing either.
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	/* Packs and commit-graphs are read mapped: one cut short under us
	 * must be an error naming it (sigbus.h), not a silent death. */
	sigbus_install();
	r = xcalloc(1, sizeof(*r));
	if (open_env(&r->git, path) < 0 || open_objects(r, path) < 0 ||
	    refdb_ro_install(r->git) < 0) {
		git_repository_free(r->git);
		objdirs_release(&r->od);
		free(r);
		git_libgit2_shutdown();
		return ST_FAILURE;
	}
	/* A work tree is named by its directory; a bare repository by
	 * its own (/x/linux.git is "linux"); either by its origin first. */
	dir = git_repository_workdir(r->git);
	origin = repo_origin_url(r);
	r->name = project_name(dir ? dir : git_repository_path(r->git),
			       origin);
	free(origin);
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
	objdirs_release(&r->od);
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

size_t
repo_object_dirs(const struct repo *r, const char *const **dirs)
{
	*dirs = (const char *const *)r->od.dir;
	return r->od.nr;
}

/* Add path, resolved and without a trailing '/', to v (if it resolves). */
static void
add_private(char ***v, size_t *nr, size_t *alloc, const char *path)
{
	char *real = realpath(path, NULL);

	if (!real)
		return;
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = real;
}

/* The .git file of each worktree of the repository whose common
 * directory is common (its worktrees/NAME/gitdir names it). */
static void
add_worktrees(char ***v, size_t *nr, size_t *alloc, const char *common)
{
	struct buf dir = BUF_INIT, path = BUF_INIT, text = BUF_INIT;
	struct dirent *e;
	DIR *d;

	buf_printf(&dir, "%sworktrees/", common);
	d = opendir(dir.data);
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		buf_release(&path);
		buf_release(&text);
		buf_printf(&path, "%s%s/gitdir", dir.data, e->d_name);
		if (repofile_read(path.data, &text) <= 0)
			continue;
		while (text.len && (text.data[text.len - 1] == '\n' ||
				    text.data[text.len - 1] == '\r'))
			text.data[--text.len] = '\0';
		add_private(v, nr, alloc, text.data);
	}
	if (d)
		closedir(d);
	buf_release(&dir);
	buf_release(&path);
	buf_release(&text);
}

size_t
repo_private_paths(const struct repo *r, char ***paths)
{
	const char *wt = git_repository_workdir(r->git);
	char **v = NULL;
	size_t nr = 0, alloc = 0;

	add_private(&v, &nr, &alloc, git_repository_path(r->git));
	add_private(&v, &nr, &alloc, git_repository_commondir(r->git));
	for (size_t k = 0; k < r->od.nr; k++)
		add_private(&v, &nr, &alloc, r->od.dir[k]);
	/* A worktree's .git is a file naming its git directory: writing
	 * over it would cut the work tree from its repository.  Those of
	 * the repository's other worktrees are named in theirs. */
	add_worktrees(&v, &nr, &alloc, git_repository_commondir(r->git));
	if (wt) {
		char *real = realpath(wt, NULL);

		if (real) {
			struct buf b = BUF_INIT;

			buf_printf(&b, "%s%s.git", real,
				   strcmp(real, "/") ? "/" : "");
			ALLOC_GROW(v, nr + 1, alloc);
			v[nr++] = b.data;
			free(real);
		}
	}
	*paths = v;
	return nr;
}

int
repo_shallow_commits(struct repo *r, struct object_id **out, size_t *nr)
{
	struct object_id *v = NULL;
	struct buf path = BUF_INIT, text = BUF_INIT;
	size_t n = 0, alloc = 0;
	const char *p, *end;
	int ret;

	buf_printf(&path, "%sshallow", git_repository_commondir(r->git));
	ret = repofile_read(path.data, &text);
	buf_release(&path);
	if (!ret)
		ret = error("cannot read the shallow file of the repository");
	for (p = text.data, end = ret > 0 ? p + text.len : p; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		struct object_id oid;

		eol = eol ? eol : end;
		if (!hex_to_oid(p, eol, &oid)) {
			ALLOC_GROW(v, n + 1, alloc);
			v[n++] = oid;
		}
		p = eol + (eol < end);
	}
	buf_release(&text);
	if (ret < 0)
		return -1;
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
	r->enc[r->enc_nr].name = reencode_name_dup(name, len);
	r->enc[r->enc_nr++].status = status;
}

/* The groups (a reason and an encoding name) the warning lists. */
#define ENCODING_GROUPS_SAID 8

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

/* A group of the warning: its first note and how many commits. */
struct encoding_group {
	size_t first, commits;
};

/* The larger group first; of equal ones, the first in note order. */
static int
cmp_group(const void *pa, const void *pb)
{
	const struct encoding_group *a = pa, *b = pb;

	if (a->commits != b->commits)
		return a->commits > b->commits ? -1 : 1;
	return a->first < b->first ? -1 : a->first > b->first;
}

void
repo_warn_encodings(struct repo *r)
{
	struct buf b = BUF_INIT, line = BUF_INIT;
	struct encoding_group *g;
	size_t commits = 0, nr = 0;

	if (!r || !r->enc_nr)
		return;
	qsort(r->enc, r->enc_nr, sizeof(*r->enc), cmp_note);
	g = xcalloc(r->enc_nr, sizeof(*g));
	for (size_t k = 0; k < r->enc_nr; k++) {
		const struct encoding_note *e = &r->enc[k];

		if (!k || e->status != r->enc[k - 1].status ||
		    strcmp(e->name, r->enc[k - 1].name))
			g[nr++].first = k;
		if (!k || cmp_note(e, &r->enc[k - 1])) {
			g[nr - 1].commits++;
			commits++;
		}
	}
	/* The largest groups say what is wrong; a repository of thousands
	 * of made-up names gets a count of the rest, not a list. */
	qsort(g, nr, sizeof(*g), cmp_group);
	for (size_t k = 0; k < nr && k < ENCODING_GROUPS_SAID; k++) {
		const struct encoding_note *e = &r->enc[g[k].first];
		size_t n = g[k].commits;

		buf_printf(&b, "%s%zu declare%s '", k ? "; " : "", n,
			   n == 1 ? "s" : "");
		escape_message(&b, e->name, strlen(e->name));
		buf_puts(&b, e->status == REENCODE_UNKNOWN ?
			 "', an encoding iconv does not know" :
			 n == 1 ? "' but holds bytes invalid in it" :
			 "' but hold bytes invalid in it");
	}
	if (nr > ENCODING_GROUPS_SAID)
		buf_printf(&b, "; and %zu more encoding names",
			   nr - ENCODING_GROUPS_SAID);
	buf_printf(&line, "treeplot: warning: the text of %zu commit%s is "
		   "shown escaped, not converted to UTF-8 (git log shows "
		   "its bytes as they are): %s\n", commits,
		   commits == 1 ? "" : "s", b.data);
	fputs(line.data, stderr);
	free(g);
	buf_release(&b);
	buf_release(&line);
	/* Once a run: the notes are taken. */
	for (size_t k = 0; k < r->enc_nr; k++)
		free(r->enc[k].name);
	r->enc_nr = 0;
}
