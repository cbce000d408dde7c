/*
 * tree.c - trees through libgit2: a file read at a revision (MAINTAINERS),
 * and the pathspecs selection limits commits with (git log's pathspec
 * limiting, as a walk of the entries two trees do not share).
 *
 * A file of its own: the only reader of trees and blobs; the walk reads
 * commits alone.
 */
#include "git/tree.h"

#include <stdlib.h>
#include <string.h>

#include "git/commitparse.h"
#include "git/libgit2.h"

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
	    git_tree_entry_filemode(entry) == GIT_FILEMODE_LINK ||
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

struct repo_tree_at {
	git_tree *tree;
};

int
repo_tree_at_open(struct repo_tree_at **out, struct repo *r,
		  const struct object_id *commit)
{
	git_commit *c = NULL;
	git_oid goid;
	struct repo_tree_at *t = xcalloc(1, sizeof(*t));

	memcpy(goid.id, commit->hash, OID_RAWSZ);
	/* A commit libgit2 refuses, or a tree missing: no directory. */
	if (git_commit_lookup(&c, r->git, &goid) < 0 ||
	    git_commit_tree(&t->tree, c) < 0) {
		git_error_clear();
		t->tree = NULL;
	}
	git_commit_free(c);
	*out = t;
	return 0;
}

int
repo_tree_at_is_dir(struct repo_tree_at *t, const char *path)
{
	git_tree_entry *e = NULL;
	int ret;

	if (!t->tree || !*path)
		return 0;
	if (git_tree_entry_bypath(&e, t->tree, path) < 0) {
		git_error_clear();
		return 0;
	}
	ret = git_tree_entry_type(e) == GIT_OBJECT_TREE;
	git_tree_entry_free(e);
	return ret;
}

void
repo_tree_at_free(struct repo_tree_at *t)
{
	if (!t)
		return;
	git_tree_free(t->tree);
	free(t);
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
