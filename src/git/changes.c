/*
 * changes.c - the paths commits change (changes.h): raw tree objects
 * compared in git's order, on the read pool's threads, each thread with
 * its own object database handle.
 */
#include "git/changes.h"

#include <stdlib.h>
#include <string.h>

#include "git/odb.h"
#include "git/readpool.h"
#include "util/buf.h"
#include "util/util.h"

/* Deeper than any real tree (git's own limit is 4096 by default). */
#define DEPTH_MAX 4096
#define MODE_DIR 040000

/* A tree object as read: its bytes, copied out of the handle's. */
struct rawtree {
	char *data;
	size_t size;
};

/* One entry of a tree, parsed at p. */
struct entry {
	const char *name;
	size_t len;
	unsigned mode;
	const unsigned char *id;
};

/* One commit's reading: its handle, its path so far, its paths. */
struct walker {
	struct odb *o;
	struct buf path;
	struct buf out;
	uint32_t nr;
	char *why;
};

static int
fail(struct walker *w, const char *what, const struct object_id *oid,
     int st)
{
	char hex[OID_HEXSZ + 1];
	struct buf b = BUF_INIT;

	oid_to_hex(oid, hex);
	buf_printf(&b, "cannot read %s %s: %s", what, hex,
		   st == ODB_MISSING ? "missing (a partial clone?)" :
		   st == ODB_NOT_COMMIT ? "of another type" :
		   st < 0 ? "corrupt" : odb_error(w->o));
	free(w->why);
	w->why = b.data;
	return -1;
}

static int
tree_get(struct walker *w, const struct object_id *oid, struct rawtree *t)
{
	const char *data;
	size_t size;
	int st = odb_read_tree(w->o, oid, &data, &size);

	if (st)
		return fail(w, "tree", oid, st);
	t->data = xmalloc(size ? size : 1);
	memcpy(t->data, data, size);
	t->size = size;
	return 0;
}

/* The entry at *at of t into e, *at moved past it: 1, 0 at the end, -1
 * for a malformed tree. */
static int
entry_next(const struct rawtree *t, size_t *at, struct entry *e)
{
	const char *p, *end, *sp, *nul;

	if (!t->data || *at >= t->size)
		return 0;	/* the end, or an empty side */
	p = t->data + *at;
	end = t->data + t->size;
	sp = memchr(p, ' ', end - p);
	nul = sp ? memchr(sp, '\0', end - sp) : NULL;
	if (!sp || !nul || end - nul - 1 < OID_RAWSZ || sp == p)
		return -1;
	e->mode = 0;
	for (const char *m = p; m < sp; m++) {
		if (*m < '0' || *m > '7' || e->mode > 0777777)
			return -1;
		e->mode = e->mode * 8 + (unsigned)(*m - '0');
	}
	e->name = sp + 1;
	e->len = nul - sp - 1;
	e->id = (const unsigned char *)nul + 1;
	*at = (size_t)(nul + 1 + OID_RAWSZ - t->data);
	return 1;
}

static int
is_dir(const struct entry *e)
{
	return (e->mode & 0170000) == MODE_DIR;
}

/* The byte of e's name at n, as git compares names: past its end, '/'
 * for a directory, else nothing. */
static unsigned char
name_at(const struct entry *e, size_t n)
{
	if (n < e->len)
		return (unsigned char)e->name[n];
	return is_dir(e) ? '/' : 0;
}

/* git's base_name_compare: a directory's name compares as if it ended
 * in '/'. */
static int
entry_cmp(const struct entry *a, const struct entry *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);
	unsigned char ca, cb;

	if (c)
		return c;
	ca = name_at(a, n);
	cb = name_at(b, n);
	return (ca > cb) - (ca < cb);
}

static int diff(struct walker *w, const struct object_id *a,
		const struct object_id *b, int depth);

/* Entry a (or NULL) became b (or NULL), at the walker's path. */
static int
entry_changed(struct walker *w, const struct entry *a, const struct entry *b,
	      int depth)
{
	const struct entry *e = a ? a : b;
	size_t len = w->path.len;
	struct object_id ia, ib;
	int ret = 0;

	if (w->path.len)
		buf_addc(&w->path, '/');
	buf_add(&w->path, e->name, e->len);
	if (!is_dir(e)) {
		buf_add(&w->out, w->path.data, w->path.len + 1);
		w->nr++;
	} else {
		if (a)
			memcpy(ia.hash, a->id, OID_RAWSZ);
		if (b)
			memcpy(ib.hash, b->id, OID_RAWSZ);
		ret = diff(w, a ? &ia : NULL, b ? &ib : NULL, depth + 1);
	}
	w->path.len = len;
	w->path.data[len] = '\0';
	return ret;
}

/* Both sides, in git's order: what differs. */
static int
diff_entries(struct walker *w, const struct rawtree *ta,
	     const struct rawtree *tb, int depth)
{
	size_t pa = 0, pb = 0;
	struct entry ea, eb;
	int ha = entry_next(ta, &pa, &ea), hb = entry_next(tb, &pb, &eb);
	int ret = 0;

	while (!ret && (ha > 0 || hb > 0)) {
		int c = ha <= 0 ? 1 : hb <= 0 ? -1 : entry_cmp(&ea, &eb);

		if (c < 0) {
			ret = entry_changed(w, &ea, NULL, depth);
			ha = entry_next(ta, &pa, &ea);
		} else if (c > 0) {
			ret = entry_changed(w, NULL, &eb, depth);
			hb = entry_next(tb, &pb, &eb);
		} else {
			if (ea.mode != eb.mode ||
			    memcmp(ea.id, eb.id, OID_RAWSZ))
				ret = entry_changed(w, &ea, &eb, depth);
			ha = entry_next(ta, &pa, &ea);
			hb = entry_next(tb, &pb, &eb);
		}
	}
	if (!ret && (ha < 0 || hb < 0)) {
		free(w->why);
		w->why = xstrdup("a malformed tree object");
		ret = -1;
	}
	return ret;
}

/* Trees a and b (either NULL: empty), at the walker's path. */
static int
diff(struct walker *w, const struct object_id *a, const struct object_id *b,
     int depth)
{
	struct rawtree ta = { NULL, 0 }, tb = { NULL, 0 };
	int ret = -1;

	if (depth > DEPTH_MAX) {
		free(w->why);
		w->why = xstrdup("trees nested deeper than 4096");
		return -1;
	}
	if (a && b && !memcmp(a->hash, b->hash, OID_RAWSZ))
		return 0;
	if ((a && tree_get(w, a, &ta) < 0) || (b && tree_get(w, b, &tb) < 0))
		goto out;
	ret = diff_entries(w, &ta, &tb, depth);
out:
	free(ta.data);
	free(tb.data);
	return ret;
}

/* Commit oid's tree id. */
static int
commit_tree(struct walker *w, const struct object_id *oid,
	    struct object_id *tree)
{
	const char *data;
	size_t size;
	int st = odb_read_commit_part(w->o, oid, 1, &data, &size);

	if (st)
		return fail(w, "commit", oid, st);
	if (size < 5 + OID_HEXSZ || memcmp(data, "tree ", 5) ||
	    hex_to_oid(data + 5, data + size, tree) < 0)
		return fail(w, "commit", oid, -1);
	return 0;
}

struct run {
	const struct change_ask *ask;
	struct changes *out;
};

static void
read_one(struct odb *o, size_t k, void *ctx)
{
	struct run *run = ctx;
	const struct change_ask *a = &run->ask[k];
	struct walker w = { o, BUF_INIT, BUF_INIT, 0, NULL };
	struct object_id t, pt;

	buf_addc(&w.path, '\0');
	w.path.len = 0;
	if (!commit_tree(&w, &a->commit, &t) &&
	    (!a->has_parent || !commit_tree(&w, &a->parent, &pt)))
		diff(&w, a->has_parent ? &pt : NULL, &t, 0);
	run->out[k].paths = w.out.data;
	run->out[k].len = w.out.len;
	run->out[k].nr = w.nr;
	run->out[k].why = w.why;
	if (w.why) {
		buf_release(&w.out);
		run->out[k].paths = NULL;
		run->out[k].len = 0;
		run->out[k].nr = 0;
	}
	buf_release(&w.path);
}

int
changes_read(struct repo *r, unsigned jobs, const struct change_ask *ask,
	     size_t n, struct changes *out)
{
	struct readpool *p;
	struct run run = { ask, out };

	memset(out, 0, n * sizeof(*out));
	if (readpool_open(&p, r, jobs) < 0)
		return -1;
	readpool_run(p, n, read_one, &run);
	readpool_free(p);
	for (size_t k = 0; k < n; k++)
		if (out[k].why)
			return error("%s", out[k].why);
	return 0;
}

void
changes_release(struct changes *c)
{
	free(c->paths);
	free(c->why);
	memset(c, 0, sizeof(*c));
}
