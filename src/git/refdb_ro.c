/*
 * refdb_ro.c - a read-only reference database (refdb_ro.h): libgit2's
 * file-system backend for reading, a refusal for every write.
 */
#include "git/refdb_ro.h"

#include <git2.h>
#include <git2/sys/refdb_backend.h>
#include <stdlib.h>

#include "util/util.h"

/*
 * libgit2's file-system backend, fs, lives in a database of its own
 * (fsdb, which owns it): its iterators find their backend through their
 * database (iter->db->backend), which must therefore be fs's, not the
 * repository's, whose backend is the wrapper.
 */
struct ro_backend {
	git_refdb_backend parent;	/* first: libgit2 hands us this */
	git_refdb_backend *fs;		/* borrowed from fsdb */
	git_refdb *fsdb;		/* owned */
};

/* An iterator of fs's, handed out as one of the wrapper's. */
struct ro_iter {
	git_reference_iterator parent;	/* first, as for the backend */
	git_reference_iterator *fs_iter;
};

static git_refdb_backend *
fs_of(git_refdb_backend *b)
{
	return ((struct ro_backend *)b)->fs;
}

static int
ro_exists(int *exists, git_refdb_backend *b, const char *name)
{
	return fs_of(b)->exists(exists, fs_of(b), name);
}

static int
ro_lookup(git_reference **out, git_refdb_backend *b, const char *name)
{
	return fs_of(b)->lookup(out, fs_of(b), name);
}

static int
ro_iter_next(git_reference **ref, git_reference_iterator *it)
{
	git_reference_iterator *fs_it = ((struct ro_iter *)it)->fs_iter;

	return fs_it->next(ref, fs_it);
}

static int
ro_iter_next_name(const char **name, git_reference_iterator *it)
{
	git_reference_iterator *fs_it = ((struct ro_iter *)it)->fs_iter;

	return fs_it->next_name(name, fs_it);
}

static void
ro_iter_free(git_reference_iterator *it)
{
	git_reference_iterator *fs_it = ((struct ro_iter *)it)->fs_iter;

	fs_it->free(fs_it);
	free(it);
}

static int
ro_iterator(git_reference_iterator **out, git_refdb_backend *b,
	    const char *glob)
{
	struct ro_backend *ro = (struct ro_backend *)b;
	struct ro_iter *it;
	git_reference_iterator *fs_it = NULL;
	int ret = ro->fs->iterator(&fs_it, ro->fs, glob);

	if (ret < 0)
		return ret;
	fs_it->db = ro->fsdb;	/* as git_refdb_iterator would set it */
	it = xcalloc(1, sizeof(*it));
	it->fs_iter = fs_it;
	it->parent.next = ro_iter_next;
	it->parent.next_name = ro_iter_next_name;
	it->parent.free = ro_iter_free;
	*out = &it->parent;
	return 0;
}

static int
ro_has_log(git_refdb_backend *b, const char *name)
{
	return fs_of(b)->has_log(fs_of(b), name);
}

/* The one change to reading: libgit2's backend would create the log it
 * does not find (refdb_fs.c, refdb_reflog_fs__read). */
static int
ro_reflog_read(git_reflog **out, git_refdb_backend *b, const char *name)
{
	int has = fs_of(b)->has_log(fs_of(b), name);

	if (has < 0)
		return has;
	if (!has) {
		git_error_set(GIT_ERROR_REFERENCE, "no reflog for '%s'", name);
		return GIT_ENOTFOUND;
	}
	return fs_of(b)->reflog_read(out, fs_of(b), name);
}

/* Every write ends here: treeplot only reads. */
static int
refuse(void)
{
	git_error_set(GIT_ERROR_REFERENCE,
		      "treeplot does not write into the repository");
	return -1;
}

static int
ro_write(git_refdb_backend *b, const git_reference *ref, int force,
	 const git_signature *who, const char *message, const git_oid *old,
	 const char *old_target)
{
	(void)b, (void)ref, (void)force, (void)who, (void)message, (void)old;
	(void)old_target;
	return refuse();
}

static int
ro_rename(git_reference **out, git_refdb_backend *b, const char *old_name,
	  const char *new_name, int force, const git_signature *who,
	  const char *message)
{
	(void)out, (void)b, (void)old_name, (void)new_name, (void)force;
	(void)who, (void)message;
	return refuse();
}

static int
ro_del(git_refdb_backend *b, const char *name, const git_oid *old_id,
       const char *old_target)
{
	(void)b, (void)name, (void)old_id, (void)old_target;
	return refuse();
}

static int
ro_compress(git_refdb_backend *b)
{
	(void)b;
	return refuse();
}

static int
ro_ensure_log(git_refdb_backend *b, const char *name)
{
	(void)b, (void)name;
	return refuse();
}

static int
ro_reflog_write(git_refdb_backend *b, git_reflog *reflog)
{
	(void)b, (void)reflog;
	return refuse();
}

static int
ro_reflog_rename(git_refdb_backend *b, const char *old_name,
		 const char *new_name)
{
	(void)b, (void)old_name, (void)new_name;
	return refuse();
}

static int
ro_reflog_delete(git_refdb_backend *b, const char *name)
{
	(void)b, (void)name;
	return refuse();
}

static int
ro_lock(void **payload, git_refdb_backend *b, const char *name)
{
	(void)payload, (void)b, (void)name;
	return refuse();
}

static int
ro_unlock(git_refdb_backend *b, void *payload, int success,
	  int update_reflog, const git_reference *ref,
	  const git_signature *sig, const char *message)
{
	(void)b, (void)payload, (void)success, (void)update_reflog, (void)ref;
	(void)sig, (void)message;
	return refuse();
}

static void
ro_free(git_refdb_backend *b)
{
	git_refdb_free(((struct ro_backend *)b)->fsdb);
	free(b);
}

int
refdb_ro_install(git_repository *git)
{
	struct ro_backend *ro = NULL;
	git_refdb *db = NULL, *fsdb = NULL;
	git_refdb_backend *fs = NULL;
	const git_error *e;

	if (git_refdb_backend_fs(&fs, git) < 0 ||
	    git_refdb_new(&fsdb, git) < 0 ||
	    git_refdb_set_backend(fsdb, fs) < 0)
		goto fail;
	ro = xcalloc(1, sizeof(*ro));
	ro->fs = fs;
	ro->fsdb = fsdb;
	fs = NULL;		/* fsdb's now */
	fsdb = NULL;		/* ro's */
	if (git_refdb_init_backend(&ro->parent, GIT_REFDB_BACKEND_VERSION) < 0 ||
	    git_repository_refdb(&db, git) < 0)
		goto fail;
	ro->parent.exists = ro_exists;
	ro->parent.lookup = ro_lookup;
	ro->parent.iterator = ro_iterator;
	ro->parent.has_log = ro_has_log;
	ro->parent.reflog_read = ro_reflog_read;
	ro->parent.write = ro_write;
	ro->parent.rename = ro_rename;
	ro->parent.del = ro_del;
	ro->parent.compress = ro_compress;
	ro->parent.ensure_log = ro_ensure_log;
	ro->parent.reflog_write = ro_reflog_write;
	ro->parent.reflog_rename = ro_reflog_rename;
	ro->parent.reflog_delete = ro_reflog_delete;
	ro->parent.lock = ro_lock;
	ro->parent.unlock = ro_unlock;
	ro->parent.free = ro_free;
	if (git_refdb_set_backend(db, &ro->parent) < 0)
		goto fail;
	/* The repository's database owns ro now, and frees its backend
	 * (libgit2's own, until now). */
	git_refdb_free(db);
	return 0;
fail:
	e = git_error_last();
	error("cannot read the references: %s",
	      e && e->message ? e->message : "unknown error");
	if (ro)
		ro_free(&ro->parent);
	git_refdb_free(fsdb);
	if (fs)
		fs->free(fs);
	git_refdb_free(db);
	return -1;
}
