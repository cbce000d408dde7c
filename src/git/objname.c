/*
 * objname.c - ids written in messages resolved as git resolves
 * "<id>^{commit}" (objname.h).
 */
#include "git/objname.h"

#include <stdlib.h>
#include <string.h>

#include "git/libgit2.h"
#include "git/revision.h"
#include "util/util.h"

/* What one odb listing gathers: the ambiguous ids, bucketed by their
 * first two bytes (four digits: the shortest id), and per id its
 * candidates' commits (peeled) and how many lead to one. */
struct amb {
	struct objname *v;
	git_oid prefix;
	size_t len;
	uint32_t next;		/* the bucket's next, or UINT32_MAX */
	/* Distinct candidates and commit-ish ones, counted to 2 (the
	 * listing may give an object twice: two packs, a loose copy). */
	size_t candidates, commitish;
	git_oid first, first_commitish;
	git_oid commit;		/* the first commit-ish's, peeled */
};

struct listing {
	git_repository *git;
	struct amb *a;
	uint32_t *bucket;	/* 65536 heads */
};

static int
hex_prefix(const char *hex, size_t len, git_oid *out)
{
	char buf[GIT_OID_HEXSZ + 1];

	for (size_t k = 0; k < len; k++) {
		char c = hex[k];

		if (c >= 'A' && c <= 'F')
			c = (char)(c - 'A' + 'a');
		if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
			return -1;
		buf[k] = c;
	}
	buf[len] = '\0';
	return git_oid_fromstrn(out, buf, len) < 0 ? -1 : 0;
}

/* Do the first len digits of a and b agree? */
static int
prefix_eq(const git_oid *a, const git_oid *b, size_t len)
{
	size_t whole = len / 2;

	if (memcmp(a->id, b->id, whole))
		return 0;
	return !(len % 2) || (a->id[whole] >> 4) == (b->id[whole] >> 4);
}

static int
list_one(const git_oid *id, void *data)
{
	struct listing *l = data;
	uint32_t k = l->bucket[(unsigned)id->id[0] << 8 | id->id[1]];

	for (; k != UINT32_MAX; k = l->a[k].next) {
		struct amb *a = &l->a[k];
		git_oid commit;

		if (!prefix_eq(id, &a->prefix, a->len) ||
		    (a->candidates && git_oid_equal(&a->first, id)) ||
		    a->commitish > 1)
			continue;
		if (!a->candidates++)
			a->first = *id;
		if (!repo_peel_commit(l->git, id, &commit) &&
		    (!a->commitish ||
		     !git_oid_equal(&a->first_commitish, id))) {
			if (!a->commitish++) {
				a->first_commitish = *id;
				a->commit = commit;
			}
		}
		git_error_clear();
	}
	return 0;
}

/* The ids libgit2 found ambiguous (n of them at a) settled by one
 * listing of every object. */
static int
settle_ambiguous(git_repository *git, git_odb *odb, struct amb *a, size_t n)
{
	struct listing l = { git, a, xmalloc(65536 * sizeof(uint32_t)) };
	int err;

	memset(l.bucket, 0xff, 65536 * sizeof(uint32_t));
	for (size_t k = 0; k < n; k++) {
		uint32_t b = (unsigned)a[k].prefix.id[0] << 8 |
			     a[k].prefix.id[1];

		a[k].next = l.bucket[b];
		l.bucket[b] = (uint32_t)k;
	}
	err = git_odb_foreach(odb, list_one, &l);
	free(l.bucket);
	if (err < 0)
		return git_fail("cannot list the objects");
	for (size_t k = 0; k < n; k++) {
		struct objname *o = a[k].v;

		if (a[k].candidates == 1 || a[k].commitish == 1) {
			/* One candidate, or one of several leading to a
			 * commit: git's choice. */
			o->status = a[k].commitish ? REV_OK : REV_NOT_COMMIT;
			memcpy(o->oid.hash, a[k].commit.id, OID_RAWSZ);
		} else {
			o->status = a[k].candidates ? REV_AMBIGUOUS :
				    REV_UNKNOWN;
		}
	}
	return 0;
}

/* Id o found as the object id: peeled to its commit. */
static void
peel(git_repository *git, struct objname *o, const git_oid *id)
{
	git_oid commit;
	int err = repo_peel_commit(git, id, &commit);

	git_error_clear();
	o->status = err < 0 ? REV_UNKNOWN : err ? REV_NOT_COMMIT : REV_OK;
	if (!err)
		memcpy(o->oid.hash, commit.id, OID_RAWSZ);
}

int
objname_resolve(struct repo *r, struct objname *v, size_t n)
{
	git_odb *odb;
	struct amb *amb = NULL;
	size_t amb_nr = 0, amb_alloc = 0;
	int ret = 0;

	if (git_repository_odb(&odb, r->git) < 0)
		return git_fail("cannot open the object database");
	for (size_t k = 0; k < n; k++) {
		struct objname *o = &v[k];
		git_oid prefix, full;
		int err;

		o->status = REV_UNKNOWN;
		memset(o->oid.hash, 0, OID_RAWSZ);
		if (o->len < 4 || o->len > GIT_OID_HEXSZ ||
		    hex_prefix(o->hex, o->len, &prefix) < 0)
			continue;
		if (o->len == GIT_OID_HEXSZ) {
			if (git_odb_exists(odb, &prefix))
				peel(r->git, o, &prefix);
			continue;
		}
		err = git_odb_exists_prefix(&full, odb, &prefix, o->len);
		git_error_clear();
		if (!err) {
			peel(r->git, o, &full);
		} else if (err == GIT_EAMBIGUOUS) {
			ALLOC_GROW(amb, amb_nr + 1, amb_alloc);
			amb[amb_nr++] = (struct amb){ .v = o, .prefix = prefix,
						      .len = o->len };
		}
	}
	if (amb_nr)
		ret = settle_ambiguous(r->git, odb, amb, amb_nr);
	free(amb);
	git_odb_free(odb);
	return ret;
}
