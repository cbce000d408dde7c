/*
 * gitconfig.c - git's own files as libgit2 reads them: the configuration
 * (the treeplot.* entries of every level, in git's order, for
 * cli/config.c to check) and .mailmap (who is who, for the commit
 * reader).
 *
 * A file of its own: the repository's settings, apart from its objects.
 */
#include "git/gitconfig.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "git/libgit2.h"
#include "git/repofile.h"

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

/*
 * Add the mailmap file path to all, if it can be read: git 2.32 and later
 * read no symbolic link as the work tree's .mailmap (nofollow: it names a
 * file anywhere, its names would enter the report), and git cannot read
 * a FIFO without waiting for ever.  Either is said on one line and
 * skipped, as git says "unable to open mailmap" and goes on; said once
 * a run, however many stages open the mailmap (the file's bit in
 * *warned: the work tree's, or mailmap.file's).
 */
static void
mailmap_add_file(struct buf *all, const char *path, int nofollow,
		 int *warned)
{
	int bit = nofollow ? 1 : 2, said = *warned & bit;
	struct stat st;

	if (nofollow && !lstat(path, &st) && S_ISLNK(st.st_mode)) {
		if (!said)
			error("warning: ignoring the mailmap '%s': a symbolic "
			      "link, which git does not follow in the work "
			      "tree", path);
		*warned |= bit;
		return;
	}
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		if (!said)
			error("warning: ignoring the mailmap '%s': not a "
			      "regular file", path);
		*warned |= bit;
		return;
	}
	if (repofile_read(path, all) > 0)
		buf_addc(all, '\n');
}

/*
 * HEAD:.mailmap, into all, step by step: libgit2 1.5's
 * git_revparse_single leaks the reference it resolved when the object
 * it names cannot be read (a corrupt pack; LeakSanitizer in pack.t; no
 * upstream report found, see revision.c), and a bare repository reads
 * this on every run.
 */
static void
mailmap_add_head(struct buf *all, git_repository *git)
{
	git_oid oid;
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	git_tree_entry *entry = NULL;
	git_blob *blob = NULL;

	if (!git_reference_name_to_id(&oid, git, "HEAD") &&
	    !git_commit_lookup(&commit, git, &oid) &&
	    !git_commit_tree(&tree, commit) &&
	    !git_tree_entry_bypath(&entry, tree, ".mailmap") &&
	    git_tree_entry_type(entry) == GIT_OBJECT_BLOB &&
	    !git_blob_lookup(&blob, git, git_tree_entry_id(entry))) {
		buf_add(all, git_blob_rawcontent(blob),
			(size_t)git_blob_rawsize(blob));
		buf_addc(all, '\n');
	}
	git_error_clear();
	git_blob_free(blob);
	git_tree_entry_free(entry);
	git_tree_free(tree);
	git_commit_free(commit);
}

/* The blob rev names (mailmap.blob), into all. */
static void
mailmap_add_blob(struct buf *all, git_repository *git, const char *rev)
{
	git_object *obj = NULL;

	if (!git_revparse_single(&obj, git, rev) &&
	    git_object_type(obj) == GIT_OBJECT_BLOB) {
		buf_add(all, git_blob_rawcontent((git_blob *)obj),
			(size_t)git_blob_rawsize((git_blob *)obj));
		buf_addc(all, '\n');
	}
	git_error_clear();
	git_object_free(obj);
}

int
mailmap_open(struct mailmap **out, struct repo *r)
{
	struct mailmap *m = xcalloc(1, sizeof(*m));
	git_buf blob = GIT_BUF_INIT_CONST(NULL, 0);
	git_buf file = GIT_BUF_INIT_CONST(NULL, 0);
	const char *wt = git_repository_workdir(r->git);
	git_config *cfg = NULL;
	struct buf path = BUF_INIT, all = BUF_INIT;
	int ret = 0, has_blob = 0;

	/*
	 * As git, and libgit2's git_mailmap_from_repository (whose reading
	 * of the files is the one thing changed): the work tree's .mailmap,
	 * then mailmap.blob (HEAD:.mailmap by default in a bare repository),
	 * then mailmap.file, a later entry replacing an earlier one; so one
	 * text of the three, in that order, reads the same.  Whether
	 * mailmap.blob is set is the call's status: libgit2 leaves an empty
	 * string in the buffer when it is not, and an empty value (set)
	 * turns the bare default off, as in git.
	 */
	if (!git_repository_config_snapshot(&cfg, r->git)) {
		has_blob = !git_config_get_string_buf(&blob, cfg,
						      "mailmap.blob");
		git_config_get_path(&file, cfg, "mailmap.file");
	}
	git_error_clear();
	if (wt) {
		buf_printf(&path, "%s.mailmap", wt);
		mailmap_add_file(&all, path.data, 1, &r->mailmap_warned);
	}
	if (has_blob && blob.ptr && *blob.ptr)
		mailmap_add_blob(&all, r->git, blob.ptr);
	else if (!has_blob && git_repository_is_bare(r->git))
		mailmap_add_head(&all, r->git);
	if (file.ptr && *file.ptr) {
		buf_release(&path);
		if (file.ptr[0] == '/' || !wt)
			buf_puts(&path, file.ptr);
		else
			buf_printf(&path, "%s%s", wt, file.ptr);
		mailmap_add_file(&all, path.data, 0, &r->mailmap_warned);
	}
	if (git_mailmap_from_buffer(&m->mm, all.data ? all.data : "",
				    all.len) < 0) {
		free(m);
		ret = git_fail("cannot read the mailmap");
	} else {
		*out = m;
	}
	buf_release(&all);
	buf_release(&path);
	git_buf_dispose(&blob);
	git_buf_dispose(&file);
	git_config_free(cfg);
	return ret;
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
