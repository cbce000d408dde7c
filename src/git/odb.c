/*
 * odb.c - raw commit objects, read many at a time: from the packs
 * directly (pack.h) where it can, else through libgit2's object database,
 * a handle per thread.
 *
 * A file of its own: what the walk and the batch readers call for each
 * commit, apart from resolving names (revision.c).
 */
#include "git/odb.h"

#include <stdlib.h>
#include <string.h>

#include "git/libgit2.h"
#include "git/pack.h"
#include "util/buf.h"

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
static int
odb_pack_reader(struct repo *r, struct pack_reader **out)
{
	if (!r->packs_tried) {
		const char *env = getenv("TREEPLOT_PACK_READER");

		r->packs_tried = 1;
		/* Every object directory's packs, alternates included:
		 * in git's receive quarantine most objects are the
		 * alternate's. */
		if (!env || strcmp(env, "0")) {
			r->packs = packs_open((const char *const *)r->od.dir,
					      r->od.nr);
			if (!r->packs)
				return -1;
		}
	}
	*out = r->packs && packs_count(r->packs) ?
	       pack_reader_new(r->packs) : NULL;
	return 0;
}

/* o's database opened (ret 0) or not (ret < 0): with its pack reader,
 * o is *out's; else it is freed. */
static int
odb_opened(struct odb **out, struct odb *o, struct repo *r, int ret)
{
	if (ret < 0) {
		git_odb_free(o->odb);
		free(o);
		return git_fail("cannot open the object database");
	}
	if (odb_pack_reader(r, &o->pr) < 0) {
		odb_free(o);
		return -1;
	}
	*out = o;
	return 0;
}

int
odb_open(struct odb **out, struct repo *r)
{
	struct odb *o = xcalloc(1, sizeof(*o));

	return odb_opened(out, o, r, git_repository_odb(&o->odb, r->git));
}

int
odb_open_own(struct odb **out, struct repo *r, unsigned nth)
{
	struct odb *o = xcalloc(1, sizeof(*o));
	struct buf dir = BUF_INIT;
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
	buf_puts(&dir, r->od.dir[0]);
	for (unsigned k = 0; k <= nth; k++)
		buf_puts(&dir, "./");
	ret = git_odb_open(&o->odb, dir.data);
	buf_release(&dir);
	/* The environment's alternates, as repo.c gave them to the
	 * repository's own database. */
	for (size_t k = 0; !ret && k < r->od.env_nr; k++)
		ret = git_odb_add_disk_alternate(o->odb, r->od.env[k]);
	return odb_opened(out, o, r, ret);
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

/* Object oid of type through libgit2 into *data and *size (valid until
 * the next read).  Returns 0, or ODB_* with o->why set. */
static int
libgit2_read(struct odb *o, const struct object_id *oid, git_object_t type,
	     const char **data, size_t *size)
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
		o->why = xstrdup(e && e->message ? e->message :
				 "unknown error");
		git_error_clear();
		return ret == GIT_ENOTFOUND ? ODB_MISSING : ODB_FAILED;
	}
	if (git_odb_object_type(o->obj) != type)
		return ODB_NOT_COMMIT;
	*data = git_odb_object_data(o->obj);
	*size = git_odb_object_size(o->obj);
	return 0;
}

int
odb_read_commit_part(struct odb *o, const struct object_id *oid, int headers,
		     const char **data, size_t *size)
{
	int ret;

	/* What the packs here do not read, libgit2 does, and says why
	 * when it cannot; but a pack cut short under us would fault in
	 * libgit2's mapping too. */
	if (o->pr) {
		ret = pack_read_commit(o->pr, oid,
				       headers ? PACK_HEADERS : PACK_WHOLE,
				       data, size);
		if (!ret)
			return 0;
		if (ret == PACK_FAULT) {
			struct buf b = BUF_INIT;

			buf_printf(&b, "'%s' was cut short while it was read",
				   pack_reader_fault(o->pr));
			free(o->why);
			o->why = b.data;
			return ODB_FAILED;
		}
	}
	return libgit2_read(o, oid, GIT_OBJECT_COMMIT, data, size);
}

int
odb_read_commit(struct odb *o, const struct object_id *oid, const char **data,
		size_t *size)
{
	return odb_read_commit_part(o, oid, 0, data, size);
}

int
odb_read_tree(struct odb *o, const struct object_id *oid, const char **data,
	      size_t *size)
{
	/* Trees are libgit2's to read: the packs here read commits. */
	return libgit2_read(o, oid, GIT_OBJECT_TREE, data, size);
}

const char *
odb_error(const struct odb *o)
{
	return o->why ? o->why : "unknown error";
}
