/*
 * repo.c - the repository, as libgit2 reads it: opening and naming it,
 * resolving ranges, tags and revisions, reading files and raw objects,
 * and git's configuration.  With refdb_ro.c (its read-only references),
 * the only module that includes git2.h.
 */
#include "git/repo.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "git/commitparse.h"
#include "git/pack.h"
#include "git/refdb_ro.h"

struct repo {
	git_repository *git;
	char *name;
	struct packs *packs;	/* pack.h's, opened by the first odb_open */
	int packs_tried;
};

static int
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

/* --- loose objects, checked before libgit2 reads them --------------- */

/*
 * libgit2 1.5.1 trusts a loose object's header: a zlib stream cut short
 * hangs its inflate, a header declaring fewer bytes than the object holds
 * overflows a heap buffer, one declaring more is padded with NULs and read
 * as another object.  So loose objects are read by a backend of ours,
 * tried before libgit2's: it inflates the object in memory bounded by
 * its declared size and hands it over only when the stream ends exactly
 * there.  Packed objects it leaves to libgit2 (GIT_ENOTFOUND); objects
 * over LOOSE_MAX (no commit or tag is) too.
 */
#define LOOSE_MAX (256u << 20)

struct checked_loose {
	git_odb_backend parent;	/* first: libgit2 passes &parent */
	char *objdir;		/* ".../objects/" */
	unsigned char dirs[256];	/* which "xx/" fan-out directories
					 * there were when it opened */
};

static const struct {
	const char *name;
	git_object_t type;
} loose_types[] = {
	{ "commit", GIT_OBJECT_COMMIT }, { "tree", GIT_OBJECT_TREE },
	{ "blob", GIT_OBJECT_BLOB }, { "tag", GIT_OBJECT_TAG },
};

/* The type and size of a header "TYPE SIZE" (len bytes); -1 if bad. */
static int
loose_header(const unsigned char *h, size_t len, git_object_t *type,
	     size_t *size)
{
	const unsigned char *sp = memchr(h, ' ', len), *p;

	*type = GIT_OBJECT_INVALID;
	if (!sp || sp + 1 == h + len)
		return -1;
	for (size_t k = 0; k < sizeof(loose_types) / sizeof(loose_types[0]); k++)
		if (strlen(loose_types[k].name) == (size_t)(sp - h) &&
		    !memcmp(h, loose_types[k].name, (size_t)(sp - h)))
			*type = loose_types[k].type;
	*size = 0;
	for (p = sp + 1; p < h + len; p++) {
		if (*p < '0' || *p > '9' || *size > LOOSE_MAX)
			return -1;
		*size = *size * 10 + (size_t)(*p - '0');
	}
	return *type == GIT_OBJECT_INVALID ? -1 : 0;
}

/*
 * Inflate the loose object z (zlen bytes): 0 with its type, size and
 * contents (from git_odb_backend_data_alloc, when body is not NULL), or
 * why it is not whole.
 */
static const char *
loose_inflate(git_odb_backend *be, const unsigned char *z, size_t zlen,
	      git_object_t *type, size_t *size, void **body)
{
	unsigned char head[64], *nul, *out = NULL, extra_byte;
	const char *why = NULL;
	size_t have, extra, total;
	z_stream s;
	int rc;

	memset(&s, 0, sizeof(s));
	if (inflateInit(&s) != Z_OK)
		return "cannot inflate";
	s.next_in = (unsigned char *)(uintptr_t)z;
	s.avail_in = (uInt)zlen;
	s.next_out = head;
	s.avail_out = sizeof(head);
	rc = inflate(&s, Z_SYNC_FLUSH);
	have = sizeof(head) - s.avail_out;
	if (rc != Z_OK && rc != Z_STREAM_END) {
		why = rc == Z_BUF_ERROR ? "truncated" : "bad zlib data";
		goto out;
	}
	nul = memchr(head, '\0', have);
	if (!nul || loose_header(head, (size_t)(nul - head), type, size) < 0) {
		why = "bad header";
		goto out;
	}
	extra = have - (size_t)(nul + 1 - head);
	if (extra > *size) {
		why = "longer than its header says";
		goto out;
	}
	out = git_odb_backend_data_alloc(be, *size + 1);
	if (!out) {
		why = "out of memory";
		goto out;
	}
	memcpy(out, nul + 1, extra);
	total = extra;
	if (rc != Z_STREAM_END) {
		s.next_out = out + extra;
		s.avail_out = (uInt)(*size - extra);
		rc = inflate(&s, Z_FINISH);
		total = *size - s.avail_out;
		/* One byte more, to see an object longer than declared. */
		if (rc == Z_BUF_ERROR && !s.avail_out && s.avail_in) {
			s.next_out = &extra_byte;
			s.avail_out = 1;
			rc = inflate(&s, Z_FINISH);
			total += 1 - s.avail_out;
		}
	}
	if (total > *size)
		why = "longer than its header says";
	else if (rc == Z_STREAM_END && total < *size)
		why = "shorter than its header says";
	else if (rc != Z_STREAM_END)
		why = rc == Z_BUF_ERROR ? "truncated" : "bad zlib data";
out:
	inflateEnd(&s);
	if (why || !body)
		git_odb_backend_data_free(be, out);
	else
		*body = out;
	return why;
}

/* Read all len bytes of fd: 0, or -1. */
static int
read_all(int fd, char *p, size_t len)
{
	while (len) {
		ssize_t n = read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Read the loose object oid whole: 0, GIT_ENOTFOUND when it is not loose
 * (or too big for us), or an error naming it. */
static int
loose_read(git_odb_backend *be, const git_oid *oid, git_object_t *type,
	   size_t *size, void **body)
{
	struct checked_loose *cl = (struct checked_loose *)be;
	char hex[GIT_OID_HEXSZ + 1];
	struct buf path = BUF_INIT, data = BUF_INIT;
	const char *why = NULL;
	struct stat st;
	int fd, ret = GIT_ENOTFOUND;

	/* A packed repository has no fan-out directory: no open each. */
	if (!cl->dirs[oid->id[0]])
		return GIT_ENOTFOUND;
	git_oid_tostr(hex, sizeof(hex), oid);
	buf_printf(&path, "%s%.2s/%s", cl->objdir, hex, hex + 2);
	fd = open(path.data, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	buf_release(&path);
	if (fd < 0)
		return GIT_ENOTFOUND;	/* packed, or libgit2 says why */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		why = "not a regular file";
	} else if ((uint64_t)st.st_size <= LOOSE_MAX) {
		buf_pad(&data, '\0', (size_t)st.st_size);
		if (data.len && read_all(fd, data.data, data.len) < 0)
			why = "cannot be read";
		else
			why = loose_inflate(be, (unsigned char *)data.data,
					    data.len, type, size, body);
		ret = why ? -1 : 0;
	}
	close(fd);
	buf_release(&data);
	if (why) {
		buf_printf(&path, "corrupt loose object %s: %s", hex, why);
		git_error_set_str(GIT_ERROR_ODB, path.data);
		buf_release(&path);
		ret = -1;
	}
	return ret;
}

static int
checked_read(void **body, size_t *size, git_object_t *type,
	     git_odb_backend *be, const git_oid *oid)
{
	return loose_read(be, oid, type, size, body);
}

static int
checked_read_header(size_t *size, git_object_t *type, git_odb_backend *be,
		    const git_oid *oid)
{
	return loose_read(be, oid, type, size, NULL);
}

/* Which fan-out directories there are (all of them, if it cannot
 * tell). */
static void
list_fanout(struct checked_loose *cl)
{
	DIR *d = opendir(cl->objdir);
	struct dirent *e;

	if (!d) {
		memset(cl->dirs, 1, sizeof(cl->dirs));
		return;
	}
	while ((e = readdir(d))) {
		const char *n = e->d_name;

		if (strlen(n) == 2 && isxdigit((unsigned char)n[0]) &&
		    isxdigit((unsigned char)n[1]))
			cl->dirs[strtoul(n, NULL, 16)] = 1;
	}
	closedir(d);
}

static void
checked_free(git_odb_backend *be)
{
	struct checked_loose *cl = (struct checked_loose *)be;

	free(cl->objdir);
	free(cl);
}

/* Put the checking reader before libgit2's own (priority 1, packs 2). */
static int
add_checked_loose(git_repository *git)
{
	struct checked_loose *cl;
	struct buf dir = BUF_INIT;
	git_odb *odb;
	int ret;

	if (git_repository_odb(&odb, git) < 0)
		return git_fail("cannot open the object database");
	cl = xcalloc(1, sizeof(*cl));
	git_odb_init_backend(&cl->parent, GIT_ODB_BACKEND_VERSION);
	cl->parent.read = checked_read;
	cl->parent.read_header = checked_read_header;
	cl->parent.free = checked_free;
	buf_printf(&dir, "%sobjects/", git_repository_commondir(git));
	cl->objdir = dir.data;
	list_fanout(cl);
	ret = git_odb_add_backend(odb, &cl->parent, 3);
	if (ret < 0) {
		checked_free(&cl->parent);
		ret = git_fail("cannot open the object database");
	}
	git_odb_free(odb);
	return ret;
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
	    add_checked_loose(r->git) < 0) {
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

/* Tags followed at most: libgit2's git_object_peel follows a forged tag
 * naming itself for ever. */
#define PEEL_MAX 64

/*
 * The commit id leads to, through tags: 0, 1 when it leads to no commit
 * (a tree, a blob, a chain of more than PEEL_MAX tags: a cycle), or
 * libgit2's (negative) error when an object cannot be read.  Commits are
 * not parsed here (libgit2 refuses some that git reads): the walk parses
 * them, in commitparse.c.
 */
static int
peel_commit(git_repository *git, const git_oid *id, git_oid *out)
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
 * Why rev did not resolve, keeping libgit2's reason: an ambiguous
 * abbreviation, a reflog entry or upstream (@{...}) that does not
 * exist, an object the
 * repository lacks (a broken repository, or a mistyped full id: status
 * 1, as for any missing object), or no such name at all.
 */
static int
revision_fail(int err, const char *rev)
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
		error("unknown revision '%s'", rev);
		return ST_USAGE;
	}
	return error("cannot resolve revision '%s': %s", rev, why);
}

/*
 * Whether rev is a reference whose object the repository lacks (a
 * broken repository).  Asked before git_revparse_single, which in
 * libgit2 1.5 leaks the reference in that case (revparse_lookup_object);
 * a suffixed form (lost~1) still goes that way.
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

static int
resolve_commit(git_repository *git, const char *rev, struct object_id *out)
{
	git_oid obj, id;
	int err;

	if (ref_target_missing(git, rev))
		return ST_FAILURE;
	err = rev_object(git, rev, &obj);
	if (err < 0)
		return revision_fail(err, rev);
	err = peel_commit(git, &obj, &id);
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

static void
collect_tag(struct tag_map *tm, const char *refname, const git_oid *oid)
{
	const char *name = refname + strlen("refs/tags/");
	git_oid commit;

	if (!tm->keep(name, tm->keep_data))
		return;
	if (peel_commit(tm->git, oid, &commit)) {
		git_error_clear();	/* a tag of a blob or tree: not ours */
		return;
	}
	ALLOC_GROW(tm->t, tm->nr + 1, tm->alloc);
	git_oid_cpy(&tm->t[tm->nr].target, &commit);
	tm->t[tm->nr].release = tag_is_release(name, tm->release);
	tm->t[tm->nr++].name = xstrdup(name);
}

/*
 * Every tag into tm.  A ref whose name git would refuse (control
 * characters, "..") or that cannot be read is skipped, as git skips it
 * ("ignoring broken ref"); git_tag_foreach would fail on it instead.
 */
static int
collect_tags(struct tag_map *tm)
{
	git_reference_iterator *it = NULL;
	git_reference *ref;
	int err;

	if (git_reference_iterator_glob_new(&it, tm->git, "refs/tags/*") < 0)
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
			collect_tag(tm, git_reference_name(ref),
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
	if (collect_tags(tm) < 0)
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

/*
 * The default range: from the most recent release tag (tag_is_release)
 * on HEAD's first-parent chain, looking from HEAD's first parent (so
 * that a HEAD sitting on a release tag charts the cycle that tag ends),
 * to HEAD.  out->note says which tag and which were skipped.
 */
static int
default_range(struct repo *r, const regex_t *release, struct range *out)
{
	git_repository *git = r->git;
	struct tag_map tm = { git, every_tag, NULL, release, NULL, 0, 0 };
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
	if ((ret = tag_map_fill(&tm)) < 0)
		goto out;
	/* HEAD is read even without tags: one that cannot be is an error
	 * here, and said so. */
	c = head;
	ret = first_parent(odb, &c, NULL, &parent);
	while (ret > 0 && tm.nr) {
		const char *name;
		git_oid child;

		/* A shallow boundary: its parents are not there, and no
		 * tag beyond it counts. */
		if (is_boundary(r, &c))
			break;
		name = release_of(&tm, &parent, out->note);
		if (name) {
			memcpy(out->from.hash, parent.id, OID_RAWSZ);
			out->has_from = 1;
			out->from_name = xstrdup(name);
			out->note->tag = xstrdup(name);
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
out:
	tag_map_release(&tm);
	git_odb_free(odb);
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
repo_read_file_at(struct repo *r, const struct object_id *commit,
		  const char *path, struct buf *out)
{
	git_odb_object *c = NULL;
	git_odb *odb = NULL;
	git_tree *tree = NULL;
	git_tree_entry *entry = NULL;
	git_blob *blob = NULL;
	struct object_id tid;
	git_oid goid;
	int ret = 0;

	/* The commit read as the walk reads it (libgit2 refuses some
	 * commits git reads): its "tree" line. */
	memcpy(goid.id, commit->hash, OID_RAWSZ);
	if (git_repository_odb(&odb, r->git) < 0 ||
	    git_odb_read(&c, odb, &goid) < 0) {
		ret = git_fail("cannot read the range's end");
		goto out;
	}
	if (!commit_is_well_formed(git_odb_object_data(c),
				   git_odb_object_size(c))) {
		ret = error("cannot read the range's end: not a commit");
		goto out;
	}
	hex_to_oid((const char *)git_odb_object_data(c) + 5,
		   (const char *)git_odb_object_data(c) +
		   git_odb_object_size(c), &tid);
	memcpy(goid.id, tid.hash, OID_RAWSZ);
	/* No such file, or a partial clone without the trees or blobs
	 * (--filter=tree:0): nothing to read, which is no error. */
	if (git_tree_lookup(&tree, r->git, &goid) < 0 ||
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
	git_odb_object_free(c);
	git_odb_free(odb);
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
	git_oid obj, id;
	int err;

	err = rev_object(r->git, rev, &obj);
	if (!err)
		err = peel_commit(r->git, &obj, &id);
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
	struct pack_reader *pr;	/* r's packs read directly, or NULL */
};

/*
 * r's packs, opened once and shared by every handle: pack.h reads the
 * commits of a fresh clone's pack with one mapping for every thread.
 * TREEPLOT_PACK_READER=0 leaves every read to libgit2 (man page,
 * ENVIRONMENT: for comparing the two).
 */
static struct pack_reader *
odb_pack_reader(struct repo *r)
{
	if (!r->packs_tried) {
		const char *env = getenv("TREEPLOT_PACK_READER");

		r->packs_tried = 1;
		if (!env || strcmp(env, "0")) {
			char *objdir = repo_objects_dir(r);

			r->packs = packs_open(objdir);
			free(objdir);
		}
	}
	return r->packs && packs_count(r->packs) ?
	       pack_reader_new(r->packs) : NULL;
}

int
odb_open(struct odb **out, struct repo *r)
{
	struct odb *o = xcalloc(1, sizeof(*o));

	if (git_repository_odb(&o->odb, r->git) < 0) {
		free(o);
		return git_fail("cannot open the object database");
	}
	o->pr = odb_pack_reader(r);
	*out = o;
	return 0;
}

int
odb_open_own(struct odb **out, struct repo *r, unsigned nth)
{
	struct odb *o = xcalloc(1, sizeof(*o));
	struct buf dir = BUF_INIT;
	char *objdir = repo_objects_dir(r);
	int ret;

	/*
	 * A database of its own, alternates included.  libgit2 keeps one
	 * pack object per pack path for the whole process, shared between
	 * handles, and its mutexes then serialise the threads' reads (on
	 * the 1,000,000-commit history two threads were slower than one:
	 * 75,000 futex waits).  So the nth thread names the directory
	 * "objects/" with nth + 1 "./" after it, a path of its own to the
	 * same files, and its packs are its own.  Each would map every
	 * pack again (BENCHMARKS.md: the resident memory it cost), so the
	 * commits of the packs are read by pack.h, with r's one mapping;
	 * this database reads what pack.h leaves (loose objects,
	 * alternates, what it finds malformed).
	 */
	buf_puts(&dir, objdir);
	for (unsigned k = 0; k <= nth; k++)
		buf_puts(&dir, "./");
	ret = git_odb_open(&o->odb, dir.data);
	buf_release(&dir);
	free(objdir);
	if (ret < 0) {
		free(o);
		return git_fail("cannot open the object database");
	}
	o->pr = odb_pack_reader(r);
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
	pack_reader_free(o->pr);
	free(o->why);
	free(o);
}

int
odb_read_commit_part(struct odb *o, const struct object_id *oid, int headers,
		     const char **data, size_t *size)
{
	git_oid goid;
	int ret;

	/* What the packs here do not read, libgit2 does, and says why
	 * when it cannot. */
	if (o->pr && !pack_read_commit(o->pr, oid,
				       headers ? PACK_HEADERS : PACK_WHOLE,
				       data, size))
		return 0;
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

int
odb_read_commit(struct odb *o, const struct object_id *oid, const char **data,
		size_t *size)
{
	return odb_read_commit_part(o, oid, 0, data, size);
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

/* --- .mailmap --------------------------------------------------------- */

struct mailmap {
	git_mailmap *mm;
};

int
mailmap_open(struct mailmap **out, struct repo *r)
{
	struct mailmap *m = xcalloc(1, sizeof(*m));

	/* As git: mailmap.file, mailmap.blob (HEAD:.mailmap by default in
	 * a bare repository) and the work tree's .mailmap. */
	if (git_mailmap_from_repository(&m->mm, r->git) < 0) {
		free(m);
		return git_fail("cannot read the mailmap");
	}
	*out = m;
	return 0;
}

void
mailmap_free(struct mailmap *m)
{
	if (!m)
		return;
	git_mailmap_free(m->mm);
	free(m);
}

void
mailmap_person(const struct mailmap *m, const char *ident, size_t len,
	       struct buf *out)
{
	const char *lt = NULL, *gt, *rname = NULL, *rmail = NULL;
	char *name, *mail;
	size_t nlen;

	for (size_t k = len; k > 0; k--)
		if (ident[k - 1] == '<') {
			lt = ident + k - 1;
			break;
		}
	gt = lt ? memchr(lt, '>', len - (lt - ident)) : NULL;
	/* No "<mail>", or a NUL inside (untrusted bytes): as written. */
	if (!m || !gt || memchr(ident, '\0', len)) {
		buf_add(out, ident, len);
		return;
	}
	for (nlen = lt - ident; nlen > 0 && ident[nlen - 1] == ' '; nlen--)
		;
	name = xstrndup(ident, nlen);
	mail = xstrndup(lt + 1, gt - lt - 1);
	if (git_mailmap_resolve(&rname, &rmail, m->mm, name, mail) < 0 ||
	    (!strcmp(rname, name) && !strcmp(rmail, mail))) {
		git_error_clear();
		buf_add(out, ident, len);
	} else {
		buf_printf(out, "%s <%s>", rname, rmail);
		buf_add(out, gt + 1, len - (gt + 1 - ident));
	}
	free(name);
	free(mail);
}
