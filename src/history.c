/*
 * history.c - the commit graph of a range, read once through libgit2.
 *
 * Commits are numbered as they are first met (as the range's ends, or as
 * someone's parent); the numbers index every per-commit array here and in
 * the later stages.  Objects are read raw from the object database and
 * only the headers we need are parsed: a full git_commit would parse and
 * cache author, committer and message for every commit, and only merges
 * need their message.
 */
#include "history.h"

#include <git2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commitgraph.h"

struct repo {
	git_repository *git;
	char *name;
};

static int
git_fail(const char *what)
{
	const git_error *e = git_error_last();

	return error("%s: %s", what, e && e->message ? e->message : "unknown error");
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
	if (git_repository_open_ext(&r->git, path ? path : ".", 0, NULL) < 0) {
		free(r);
		git_libgit2_shutdown();
		return error("not a git repository: '%s'", path ? path : ".");
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

static int
resolve_commit(git_repository *git, const char *rev, struct object_id *out)
{
	git_object *obj = NULL, *commit = NULL;
	int ret = 0;

	if (git_revparse_single(&obj, git, rev) < 0) {
		error("unknown revision '%s'", rev);
		return ERR_USAGE;
	}
	if (git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		error("'%s' is not a commit", rev);
		ret = ERR_USAGE;
		goto out;
	}
	memcpy(out->hash, git_object_id(commit)->id, OID_RAWSZ);
out:
	git_object_free(commit);
	git_object_free(obj);
	return ret;
}

/* Release tags by the commit they point to, sorted for binary search. */
struct tag {
	git_oid target;
	char *name;
};

struct tag_map {
	git_repository *git;
	struct tag *t;
	size_t nr, alloc;
};

static int
collect_tag(const char *refname, git_oid *oid, void *data)
{
	struct tag_map *tm = data;
	git_object *obj = NULL, *commit = NULL;
	const char *name = refname;

	if (!strncmp(name, "refs/tags/", 10))
		name += 10;
	/* Release candidates do not start a cycle. */
	if (strstr(name, "-rc"))
		return 0;
	if (git_object_lookup(&obj, tm->git, oid, GIT_OBJECT_ANY) < 0 ||
	    git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		git_error_clear();	/* a tag of a blob or tree: not ours */
		goto out;
	}
	ALLOC_GROW(tm->t, tm->nr + 1, tm->alloc);
	git_oid_cpy(&tm->t[tm->nr].target, git_object_id(commit));
	tm->t[tm->nr++].name = xstrdup(name);
out:
	git_object_free(commit);
	git_object_free(obj);
	return 0;
}

/* By target, then name: the first tag of a commit is its smallest name. */
static int
cmp_tag(const void *a, const void *b)
{
	const struct tag *x = a, *y = b;
	int c = git_oid_cmp(&x->target, &y->target);

	return c ? c : strcmp(x->name, y->name);
}

static const char *
tag_of(const struct tag_map *tm, const git_oid *commit)
{
	size_t lo = 0, hi = tm->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (git_oid_cmp(&tm->t[mid].target, commit) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < tm->nr && git_oid_equal(&tm->t[lo].target, commit) ?
	       tm->t[lo].name : NULL;
}

/*
 * The default range: from the most recent non -rc tag on HEAD's
 * first-parent chain, looking from HEAD's first parent (so that a HEAD
 * sitting on a release tag charts the cycle that tag ends), to HEAD.
 */
static int
default_range(git_repository *git, struct range *out)
{
	struct tag_map tm = { git, NULL, 0, 0 };
	git_commit *c = NULL, *parent = NULL;
	git_oid head;
	int ret = 0;

	if (git_reference_name_to_id(&head, git, "HEAD") < 0) {
		git_error_clear();
		ret = error("HEAD does not point to a commit (%s)",
			    git_repository_is_empty(git) == 1 ?
			    "the repository is empty" :
			    "an unborn branch: give a revision");
		goto out;
	}
	if (git_commit_lookup(&c, git, &head) < 0) {
		ret = git_fail("cannot read HEAD");
		goto out;
	}
	memcpy(out->to.hash, head.id, OID_RAWSZ);
	out->to_name = xstrdup("HEAD");
	if (git_tag_foreach(git, collect_tag, &tm) < 0) {
		ret = git_fail("cannot list tags");
		goto out;
	}
	/* No tag: tm.t is NULL, which qsort must not be given, even for
	 * no element. */
	if (tm.nr)
		qsort(tm.t, tm.nr, sizeof(*tm.t), cmp_tag);
	while (tm.nr && git_commit_parentcount(c) > 0) {
		const char *name;

		if (git_commit_parent(&parent, c, 0) < 0) {
			/* A shallow boundary: no tag beyond it. */
			git_error_clear();
			break;
		}
		git_commit_free(c);
		c = parent;
		parent = NULL;
		name = tag_of(&tm, git_commit_id(c));
		if (name) {
			memcpy(out->from.hash, git_commit_id(c)->id, OID_RAWSZ);
			out->has_from = 1;
			out->from_name = xstrdup(name);
			break;
		}
	}
out:
	for (size_t i = 0; i < tm.nr; i++)
		free(tm.t[i].name);
	free(tm.t);
	git_commit_free(c);
	return ret;
}

int
range_resolve(struct repo *r, const char *spec, struct range *out)
{
	const char *dots;
	char *from = NULL, *to = NULL;
	int ret;

	memset(out, 0, sizeof(*out));
	if (!spec)
		return default_range(r->git, out);
	if (strstr(spec, "...")) {
		error("symmetric differences ('%s') are not supported: "
		      "use A..B", spec);
		return ERR_USAGE;
	}
	if (!*spec) {
		error("empty revision range");
		return ERR_USAGE;
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
	memset(rg, 0, sizeof(*rg));
}

/*
 * Progress on stderr for long walks: nothing for the first second (most
 * runs end before), then a line rewritten in place, erased at the end.
 */
struct progress {
	int enabled, shown;
	struct timespec start;
	uint32_t next_check;
};

static double
seconds_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t0->tv_sec) +
	       (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

static void
progress_tick(struct progress *pg, uint32_t done)
{
	double secs;

	if (!pg->enabled || done < pg->next_check)
		return;
	pg->next_check = done + 16384;
	secs = seconds_since(&pg->start);
	if (secs < 1.0)
		return;
	fprintf(stderr, "\rtreeplot: reading history: %u commits, %.0f/s ",
		done, done / secs);
	pg->shown = 1;
}

static void
progress_end(struct progress *pg)
{
	if (pg->shown)
		fputs("\r\033[K", stderr);
}

/* --- the commit table --------------------------------------------- */

/*
 * What a walk needs beside the history it fills: the object database, the
 * commit-graph when there is one (with, per commit, its position in it,
 * and per position, the commit's number), the commits' generations for an
 * exact walk of A..B, and the progress display.
 */
struct walker {
	struct history *h;
	git_odb *odb;
	struct commit_graph *graph;
	uint32_t *pos_idx;	/* graph position -> number + 1, 0 unknown */
	uint32_t *gpos;		/* number -> graph position, or GRAPH_NONE */
	uint64_t *gen;		/* number -> generation, 0 unknown */
	uint64_t *ctime;	/* number -> committer time, outside the graph */
	size_t alloc;		/* of gpos, gen and ctime */
	uint32_t *parents;	/* scratch for a graph record's parents */
	uint32_t parents_alloc;
	struct progress pg;
};

static uint32_t
oid_hash(const struct object_id *oid)
{
	uint32_t v;

	/* Object ids are uniformly distributed: their bytes are a hash. */
	memcpy(&v, oid->hash, sizeof(v));
	return v;
}

static void
hash_insert(struct history *h, uint32_t i)
{
	uint32_t pos = oid_hash(&h->oid[i]) & (h->hash_size - 1);

	while (h->hash[pos])
		pos = (pos + 1) & (h->hash_size - 1);
	h->hash[pos] = i + 1;
}

/* A new commit numbered h->nr, with no flags and no parents yet. */
static uint32_t
commit_new(struct walker *w, const struct object_id *oid)
{
	struct history *h = w->h;
	uint32_t i;

	if (h->nr == HIST_NONE - 1) {
		error("too many commits");
		exit(1);
	}
	i = h->nr++;
	if (h->nr > h->alloc) {
		size_t alloc = h->alloc;

		ALLOC_GROW(h->oid, h->nr, alloc);
		h->flags = xreallocarray(h->flags, alloc, sizeof(*h->flags));
		h->pstart = xreallocarray(h->pstart, alloc, sizeof(*h->pstart));
		h->npar = xreallocarray(h->npar, alloc, sizeof(*h->npar));
		h->subject = xreallocarray(h->subject, alloc, sizeof(*h->subject));
		h->alloc = alloc;
		w->gpos = xreallocarray(w->gpos, alloc, sizeof(*w->gpos));
		w->gen = xreallocarray(w->gen, alloc, sizeof(*w->gen));
		w->ctime = xreallocarray(w->ctime, alloc, sizeof(*w->ctime));
		w->alloc = alloc;
	}
	h->oid[i] = *oid;
	h->flags[i] = 0;
	h->pstart[i] = 0;
	h->npar[i] = 0;
	h->subject[i] = 0;
	w->gpos[i] = GRAPH_NONE;
	w->gen[i] = 0;
	w->ctime[i] = 0;
	return i;
}

/* The number of the commit at graph position pos. */
static uint32_t
intern_pos(struct walker *w, uint32_t pos)
{
	struct object_id oid;
	uint32_t i;

	if (w->pos_idx[pos])
		return w->pos_idx[pos] - 1;
	memcpy(oid.hash, commit_graph_oid(w->graph, pos), OID_RAWSZ);
	i = commit_new(w, &oid);
	w->gpos[i] = pos;
	w->gen[i] = commit_graph_generation(w->graph, pos);
	w->pos_idx[pos] = i + 1;
	return i;
}

/*
 * The number of commit oid, new if need be.  Commits in the graph are
 * found through it; the others through a hash table of their own.
 */
static uint32_t
commit_intern(struct walker *w, const struct object_id *oid)
{
	struct history *h = w->h;
	uint32_t pos, i;

	if (w->graph) {
		pos = commit_graph_find(w->graph, oid->hash);
		if (pos != GRAPH_NONE)
			return intern_pos(w, pos);
	}
	if (2 * (size_t)(h->nr + 1) > h->hash_size) {
		uint32_t size = h->hash_size ? 2 * h->hash_size : 1024;

		while (2 * (size_t)(h->nr + 1) > size)
			size *= 2;
		free(h->hash);
		h->hash = xcalloc(size, sizeof(*h->hash));
		h->hash_size = size;
		for (i = 0; i < h->nr; i++)
			if (w->gpos[i] == GRAPH_NONE)
				hash_insert(h, i);
	}
	pos = oid_hash(oid) & (h->hash_size - 1);
	while ((i = h->hash[pos])) {
		if (!memcmp(h->oid[i - 1].hash, oid->hash, OID_RAWSZ))
			return i - 1;
		pos = (pos + 1) & (h->hash_size - 1);
	}
	i = commit_new(w, oid);
	h->hash[pos] = i + 1;
	return i;
}

static int
hex_to_oid(const char *p, const char *end, struct object_id *oid)
{
	if (end - p < OID_HEXSZ)
		return -1;
	for (int k = 0; k < OID_RAWSZ; k++) {
		int hi = (unsigned char)p[2 * k];
		int lo = (unsigned char)p[2 * k + 1];

		hi = hi >= '0' && hi <= '9' ? hi - '0' :
		     hi >= 'a' && hi <= 'f' ? hi - 'a' + 10 : -1;
		lo = lo >= '0' && lo <= '9' ? lo - '0' :
		     lo >= 'a' && lo <= 'f' ? lo - 'a' + 10 : -1;
		if (hi < 0 || lo < 0)
			return -1;
		oid->hash[k] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

/* A body line worth keeping (see history_body): "See merge request " or
 * a footnote, "[" digits "] ". */
static int
is_reference_line(const char *p, const char *eol)
{
	static const char mr[] = "See merge request ";
	const char *q = p + 1;

	if ((size_t)(eol - p) > sizeof(mr) - 1 && !memcmp(p, mr, sizeof(mr) - 1))
		return 1;
	if (p == eol || *p != '[')
		return 0;
	while (q < eol && *q >= '0' && *q <= '9')
		q++;
	return q > p + 1 && eol - q > 2 && q[0] == ']' && q[1] == ' ';
}

/* After the subject: the reference lines of the body, if any. */
static void
add_body(struct history *h, uint32_t i, const char *msg, const char *end)
{
	struct buf *pool = &h->pool;
	size_t start = pool->len;

	/* history_body finds the lines after the subject's NUL: a subject
	 * holding a NUL of its own gets none. */
	if (strlen(pool->data + h->subject[i] - 1) + h->subject[i] != start)
		return;
	while (msg < end) {
		const char *eol = memchr(msg, '\n', end - msg);
		const char *stop = eol ? eol : end;

		while (stop > msg && (stop[-1] == ' ' || stop[-1] == '\t' ||
				      stop[-1] == '\r'))
			stop--;
		if (is_reference_line(msg, stop) &&
		    !memchr(msg, '\0', stop - msg)) {
			if (pool->len != start)
				buf_addc(pool, '\n');
			buf_add(pool, msg, stop - msg);
		}
		msg = eol ? eol + 1 : end;
	}
	if (pool->len != start) {
		buf_addc(pool, '\0');
		h->flags[i] |= HIST_BODY;
	}
}

/*
 * git's subject of the message msg..end: its first paragraph, the lines
 * joined by single spaces (what "git log --format=%s" shows), appended to
 * out.  Returns where the paragraph ended.
 */
static const char *
add_subject(struct buf *out, const char *msg, const char *end)
{
	size_t base = out->len;

	while (msg < end && *msg == '\n')
		msg++;
	while (msg < end && *msg != '\n') {
		const char *eol = memchr(msg, '\n', end - msg);
		const char *stop = eol ? eol : end;

		while (stop > msg && (stop[-1] == ' ' || stop[-1] == '\t' ||
				      stop[-1] == '\r'))
			stop--;
		if (out->len != base)
			buf_addc(out, ' ');
		buf_add(out, msg, stop - msg);
		msg = eol ? eol + 1 : end;
	}
	return msg;
}

/*
 * A merge's record in the pool: its committer time and time zone, then
 * git's subject: the first paragraph of the message, its lines joined by
 * single spaces (what "git log --format=%s" shows), then the body's
 * reference lines when it has any.
 */
static void
add_merge(struct history *h, uint32_t i, int64_t time, int32_t tz,
	  const char *msg, const char *end)
{
	struct buf *pool = &h->pool;

	if (!pool->len)
		buf_addc(pool, '\0');	/* offset 0 stays "none" */
	buf_add(pool, &time, sizeof(time));
	buf_add(pool, &tz, sizeof(tz));
	h->subject[i] = (uint32_t)pool->len + 1;
	msg = add_subject(pool, msg, end);
	buf_addc(pool, '\0');
	add_body(h, i, msg, end);
}

/* "committer Name <mail> 1230000000 +0100": the time and the zone in
 * minutes, from the end of the line (names may hold anything). */
static void
parse_committer(const char *p, const char *eol, int64_t *time, int32_t *tz)
{
	const char *q = eol, *num;
	int sign, hhmm = 0;

	*time = 0;
	*tz = 0;
	while (q > p && q[-1] != ' ')
		q--;
	if (q == p || eol - q != 5 || (*q != '+' && *q != '-'))
		return;
	sign = *q == '-' ? -1 : 1;
	for (const char *d = q + 1; d < eol; d++)
		hhmm = hhmm * 10 + (*d >= '0' && *d <= '9' ? *d - '0' : 0);
	*tz = sign * (hhmm / 100 * 60 + hhmm % 100);
	num = q - 1;
	while (num > p && num[-1] >= '0' && num[-1] <= '9')
		num--;
	for (; num < q - 1; num++)
		*time = *time * 10 + (*num - '0');
}

static int
read_commit(struct walker *w, uint32_t i, git_odb_object **obj)
{
	char hex[OID_HEXSZ + 1], what[OID_HEXSZ + 32];
	struct object_id tree;
	const char *p;
	size_t size;
	git_oid goid;
	int ret;

	memcpy(goid.id, w->h->oid[i].hash, OID_RAWSZ);
	ret = git_odb_read(obj, w->odb, &goid);
	if (ret < 0) {
		history_hex(w->h, i, hex);
		if (ret == GIT_ENOTFOUND)
			return error("missing commit object %s", hex);
		snprintf(what, sizeof(what), "cannot read commit object %s", hex);
		return git_fail(what);
	}
	if (git_odb_object_type(*obj) != GIT_OBJECT_COMMIT) {
		git_odb_object_free(*obj);
		history_hex(w->h, i, hex);
		return error("object %s is not a commit", hex);
	}
	/* Every commit starts with its tree: anything else (a truncated
	 * or overwritten object, which nothing re-hashes) is corrupt. */
	p = git_odb_object_data(*obj);
	size = git_odb_object_size(*obj);
	if (size < 5 + OID_HEXSZ + 1 || memcmp(p, "tree ", 5) ||
	    hex_to_oid(p + 5, p + size, &tree) < 0 || p[5 + OID_HEXSZ] != '\n') {
		git_odb_object_free(*obj);
		history_hex(w->h, i, hex);
		return error("corrupt commit object %s", hex);
	}
	return 0;
}

static void
merge_from_object(struct history *h, uint32_t i, git_odb_object *obj)
{
	const char *p = git_odb_object_data(obj);
	const char *end = p + git_odb_object_size(obj);
	int64_t time = 0;
	int32_t tz = 0;

	while (p < end && *p != '\n') {
		const char *eol = memchr(p, '\n', end - p);

		if (!eol)
			eol = end;
		if (eol - p > 10 && !memcmp(p, "committer ", 10))
			parse_committer(p, eol, &time, &tz);
		p = eol + 1;
	}
	add_merge(h, i, time, tz, p < end ? p + 1 : end, end);
}

/* Parents of commit i from its object, and the subject of a merge when
 * wanted. */
static int
load_from_object(struct walker *w, uint32_t i, int want_subject)
{
	struct history *h = w->h;
	git_odb_object *obj = NULL;
	const char *p, *end, *eol;
	char hex[OID_HEXSZ + 1];
	size_t first = h->parent_nr;
	int ret = 0;

	if (read_commit(w, i, &obj) < 0)
		return -1;
	p = git_odb_object_data(obj);
	end = p + git_odb_object_size(obj);
	/* Headers up to the blank line; parents come right after "tree". */
	while (p < end && *p != '\n') {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		if (eol - p > 7 && !memcmp(p, "parent ", 7)) {
			struct object_id parent;

			if (hex_to_oid(p + 7, eol, &parent) < 0) {
				history_hex(h, i, hex);
				ret = error("corrupt commit object %s", hex);
				goto out;
			}
			ALLOC_GROW(h->parent, h->parent_nr + 1, h->parent_alloc);
			/* commit_intern may grow the arrays: no pointers
			 * into them are held across it. */
			h->parent[h->parent_nr++] = commit_intern(w, &parent);
		} else if (eol - p > 10 && !memcmp(p, "committer ", 10)) {
			int64_t time;
			int32_t tz;

			/* For the generation of a commit the commit-graph
			 * does not cover yet; nothing after it is needed. */
			parse_committer(p, eol, &time, &tz);
			w->ctime[i] = time > 0 ? (uint64_t)time : 0;
			break;
		}
		p = eol + 1;
	}
	if (h->parent_nr - first > UINT16_MAX) {
		history_hex(h, i, hex);
		ret = error("commit %s has too many parents", hex);
		goto out;
	}
	h->pstart[i] = (uint32_t)first;
	h->npar[i] = (uint16_t)(h->parent_nr - first);
	if (h->flags[i] & HIST_SHALLOW) {
		/* Its parents are not in the repository: history is cut.
		 * A merge stays a merge (counted, classified, never a
		 * commit of its line), one that brings nothing. */
		if (h->npar[i] > 1)
			h->flags[i] |= HIST_CUT_MERGE;
		h->parent_nr = first;
		h->npar[i] = 0;
	}
	if (want_subject && (h->npar[i] > 1 || (h->flags[i] & HIST_CUT_MERGE)))
		merge_from_object(h, i, obj);
out:
	git_odb_object_free(obj);
	return ret;
}

/* Parents of commit i from its graph record: no object is read. */
static int
load_from_graph(struct walker *w, uint32_t i)
{
	struct history *h = w->h;
	int n;

	for (;;) {
		n = commit_graph_parents(w->graph, w->gpos[i], w->parents,
					 w->parents_alloc);
		if (n < 0) {
			char hex[OID_HEXSZ + 1];

			history_hex(h, i, hex);
			return error("corrupt commit-graph record for %s", hex);
		}
		if ((uint32_t)n <= w->parents_alloc)
			break;
		w->parents_alloc = (uint32_t)n;
		w->parents = xreallocarray(w->parents, n, sizeof(*w->parents));
	}
	ALLOC_GROW(h->parent, h->parent_nr + n, h->parent_alloc);
	h->pstart[i] = (uint32_t)h->parent_nr;
	h->npar[i] = (uint16_t)n;
	for (int k = 0; k < n; k++)
		h->parent[h->parent_nr++] = intern_pos(w, w->parents[k]);
	return 0;
}

/* Make commit i's parents known (once). */
static int
commit_load(struct walker *w, uint32_t i, int want_subject)
{
	int ret;

	if (w->h->flags[i] & HIST_LOADED)
		return 0;
	ret = w->gpos[i] != GRAPH_NONE ? load_from_graph(w, i) :
	      load_from_object(w, i, want_subject);
	if (!ret)
		w->h->flags[i] |= HIST_LOADED;
	progress_tick(&w->pg, w->h->nr);
	return ret;
}

/* Mark the commits of a shallow clone's boundary: their parents are
 * absent by design, not missing. */
static int
load_shallow(struct walker *w, git_repository *git)
{
	char *path;
	FILE *fp;
	char line[128];
	const char *dir = git_repository_commondir(git);

	path = xmalloc(strlen(dir) + sizeof("shallow"));
	sprintf(path, "%sshallow", dir);
	fp = fopen(path, "r");
	free(path);
	if (!fp)
		return error("cannot read the shallow file of the repository");
	while (fgets(line, sizeof(line), fp)) {
		struct object_id oid;
		uint32_t i;

		if (hex_to_oid(line, line + strlen(line), &oid) < 0)
			continue;
		/* Not in one expression: commit_intern may move the
		 * flags array (and allocates it for the first commit). */
		i = commit_intern(w, &oid);
		w->h->flags[i] |= HIST_SHALLOW;
	}
	fclose(fp);
	return 0;
}

static void
count_in_range(struct history *h, uint32_t i)
{
	h->flags[i] |= HIST_IN_RANGE;
	h->in_range++;
	if (h->flags[i] & HIST_SHALLOW)
		h->shallow++;
}

/*
 * Visit every ancestor of start that does not have stop_flags, giving it
 * flag; a depth-first walk with an explicit stack (histories are deep).
 */
static int
mark_ancestors(struct walker *w, uint32_t start, uint8_t flag,
	       uint8_t stop_flags, uint32_t **stack, size_t *alloc)
{
	struct history *h = w->h;
	size_t nr = 0;

	ALLOC_GROW(*stack, 1, *alloc);
	(*stack)[nr++] = start;
	while (nr) {
		uint32_t i = (*stack)[--nr], np;
		const uint32_t *par;

		if (h->flags[i] & (stop_flags | flag))
			continue;
		if (commit_load(w, i, flag == HIST_IN_RANGE) < 0)
			return -1;
		if (flag == HIST_IN_RANGE)
			count_in_range(h, i);
		else
			h->flags[i] |= flag;
		par = history_parents(h, i, &np);
		ALLOC_GROW(*stack, nr + np, *alloc);
		/* Pushed in reverse so the first parent is visited first. */
		for (uint32_t k = np; k-- > 0;)
			(*stack)[nr++] = par[k];
	}
	return 0;
}

/*
 * The generations of the commits outside the graph (made since it was
 * written) that are reachable from start, computed after their parents'
 * with an explicit stack, the same way as the graph's: one more than the
 * parents' highest, and with dated graphs at least the commit's own date.
 */
#define SETTLING 0x40	/* settle_generations: its parents are being settled */

static int
settle_generations(struct walker *w, uint32_t start, uint32_t **stack,
		   size_t *alloc)
{
	struct history *h = w->h;
	int dated = commit_graph_dated(w->graph);
	size_t nr = 0;

	if (w->gen[start])
		return 0;
	ALLOC_GROW(*stack, 1, *alloc);
	(*stack)[nr++] = start;
	while (nr) {
		uint32_t i = (*stack)[nr - 1], np, pending = 0;
		uint64_t gen = 0;
		const uint32_t *par;

		if (w->gen[i]) {
			nr--;
			continue;
		}
		if (commit_load(w, i, 1) < 0)
			return -1;
		h->flags[i] |= SETTLING;
		par = history_parents(h, i, &np);
		ALLOC_GROW(*stack, nr + np, *alloc);
		for (uint32_t k = 0; k < np; k++) {
			if (!w->gen[par[k]]) {
				/* A parent still being settled is its own
				 * descendant: only a forged or corrupt object
				 * (nothing re-hashes them) makes a cycle, and
				 * it would grow the stack forever. */
				if (h->flags[par[k]] & SETTLING) {
					char hex[OID_HEXSZ + 1];

					history_hex(h, par[k], hex);
					return error("the history has a cycle at "
						     "commit %s (a forged or "
						     "corrupt object)", hex);
				}
				(*stack)[nr++] = par[k];
				pending = 1;
			} else if (w->gen[par[k]] > gen) {
				gen = w->gen[par[k]];
			}
		}
		if (!pending) {
			gen++;
			if (dated && w->ctime[i] > gen)
				gen = w->ctime[i];
			w->gen[i] = gen;
			h->flags[i] &= (uint8_t)~SETTLING;
			nr--;
		}
	}
	return 0;
}

/* A binary max-heap of commit numbers by generation. */
struct heap {
	uint32_t *v;
	size_t nr, alloc;
};

static void
heap_push(struct heap *hp, const uint64_t *gen, uint32_t i)
{
	size_t k = hp->nr++;

	ALLOC_GROW(hp->v, hp->nr, hp->alloc);
	while (k && gen[hp->v[(k - 1) / 2]] < gen[i]) {
		hp->v[k] = hp->v[(k - 1) / 2];
		k = (k - 1) / 2;
	}
	hp->v[k] = i;
}

static uint32_t
heap_pop(struct heap *hp, const uint64_t *gen)
{
	uint32_t top = hp->v[0], last = hp->v[--hp->nr];
	size_t k = 0;

	for (;;) {
		size_t c = 2 * k + 1;

		if (c >= hp->nr)
			break;
		if (c + 1 < hp->nr && gen[hp->v[c + 1]] > gen[hp->v[c]])
			c++;
		if (gen[hp->v[c]] <= gen[last])
			break;
		hp->v[k] = hp->v[c];
		k = c;
	}
	if (hp->nr)
		hp->v[k] = last;
	return top;
}

/*
 * A..B exactly, by generation: commits come off the heap highest first,
 * so every descendant of a commit (its generation is higher) has passed on
 * its marks before the commit itself is decided.  The walk stops as soon
 * as no commit of B's side is left in the heap: A's side is only walked
 * as far down as B's.  B may be several tips (history_load_union).
 */
#define QUEUED 0x80

static int
walk_by_generation(struct walker *w, uint32_t from, const uint32_t *tips,
		   size_t ntips)
{
	struct history *h = w->h;
	struct heap hp = { NULL, 0, 0 };
	size_t live = 0;	/* queued commits of B's side */
	int ret = 0;

	h->flags[from] |= HIST_HIDDEN | QUEUED;
	heap_push(&hp, w->gen, from);
	for (size_t k = 0; k < ntips; k++) {
		if (h->flags[tips[k]] & QUEUED)
			continue;
		h->flags[tips[k]] |= QUEUED;
		heap_push(&hp, w->gen, tips[k]);
		live++;
	}
	while (hp.nr && live) {
		uint32_t i = heap_pop(&hp, w->gen), np;
		uint8_t hidden = h->flags[i] & HIST_HIDDEN;
		const uint32_t *par;

		if (!hidden) {
			live--;
			count_in_range(h, i);
		}
		if ((ret = commit_load(w, i, !hidden)) < 0)
			break;
		par = history_parents(h, i, &np);
		for (uint32_t k = 0; k < np; k++) {
			uint32_t p = par[k];
			uint8_t f = h->flags[p];

			if (!(f & QUEUED)) {
				h->flags[p] |= QUEUED | hidden;
				heap_push(&hp, w->gen, p);
				live += !hidden;
			} else if (hidden && !(f & HIST_HIDDEN)) {
				h->flags[p] |= HIST_HIDDEN;
				live--;
			}
		}
	}
	for (uint32_t i = 0; i < h->nr; i++)
		h->flags[i] &= (uint8_t)~QUEUED;
	free(hp.v);
	return ret;
}

/* Merges of the range whose parents came from the graph have no subject
 * yet: read just those objects. */
static int
load_subjects(struct walker *w)
{
	struct history *h = w->h;

	for (uint32_t i = 0; i < h->nr; i++) {
		git_odb_object *obj;

		if (!(h->flags[i] & HIST_IN_RANGE) || h->npar[i] < 2 ||
		    h->subject[i])
			continue;
		if (read_commit(w, i, &obj) < 0)
			return -1;
		merge_from_object(h, i, obj);
		git_odb_object_free(obj);
		progress_tick(&w->pg, i);
	}
	return 0;
}

/* The commits reachable from any of tips and not from "from" (NULL: the
 * whole history); the first tip is h->tip. */
static int
load_tips(struct repo *r, const struct object_id *from,
	  const struct object_id *tips, size_t ntips, int progress,
	  struct history *h)
{
	struct walker w;
	uint32_t *stack = NULL, *tip = xmalloc(ntips * sizeof(*tip));
	size_t alloc = 0;
	int shallow = git_repository_is_shallow(r->git);
	int ret = -1;

	memset(h, 0, sizeof(*h));
	memset(&w, 0, sizeof(w));
	buf_init(&h->pool);
	w.h = h;
	w.pg.enabled = progress;
	clock_gettime(CLOCK_MONOTONIC, &w.pg.start);
	if (git_repository_odb(&w.odb, r->git) < 0) {
		git_fail("cannot open the object database");
		goto out;
	}
	/* git itself ignores the commit-graph in a shallow clone. */
	if (!shallow) {
		const char *dir = git_repository_commondir(r->git);
		struct buf objdir = BUF_INIT;

		buf_printf(&objdir, "%sobjects/", dir);
		w.graph = commit_graph_open(objdir.data);
		buf_release(&objdir);
		if (w.graph)
			w.pos_idx = xcalloc(commit_graph_nr(w.graph) + 1,
					    sizeof(*w.pos_idx));
	}
	if (shallow && load_shallow(&w, r->git) < 0)
		goto out;
	for (size_t k = 0; k < ntips; k++)
		tip[k] = commit_intern(&w, &tips[k]);
	h->tip = tip[0];
	if (from && w.graph) {
		uint32_t f = commit_intern(&w, from);

		if (settle_generations(&w, f, &stack, &alloc) < 0)
			goto out;
		for (size_t k = 0; k < ntips; k++)
			if (settle_generations(&w, tip[k], &stack, &alloc) < 0)
				goto out;
		if (walk_by_generation(&w, f, tip, ntips) < 0)
			goto out;
	} else {
		/*
		 * Without generations, settle the start's side completely
		 * first: with it marked, B's walk stops exactly at A's
		 * history, whatever the dates say.
		 */
		if (from &&
		    mark_ancestors(&w, commit_intern(&w, from),
				   HIST_HIDDEN, 0, &stack, &alloc) < 0)
			goto out;
		for (size_t k = 0; k < ntips; k++)
			if (mark_ancestors(&w, tip[k], HIST_IN_RANGE,
					   HIST_HIDDEN, &stack, &alloc) < 0)
				goto out;
	}
	if (w.graph && load_subjects(&w) < 0)
		goto out;
	ret = 0;
out:
	progress_end(&w.pg);
	free(stack);
	free(tip);
	free(w.pos_idx);
	free(w.gpos);
	free(w.gen);
	free(w.ctime);
	free(w.parents);
	commit_graph_free(w.graph);
	git_odb_free(w.odb);
	return ret;
}

int
history_load(struct repo *r, const struct range *rg, int progress,
	     struct history *h)
{
	return load_tips(r, rg->has_from ? &rg->from : NULL, &rg->to, 1,
			 progress, h);
}

int
history_read_commit(struct repo *r, const struct history *h, uint32_t i,
		    struct buf *committer, struct buf *message)
{
	git_odb *odb = NULL;
	git_odb_object *obj = NULL;
	const char *p, *end;
	char hex[OID_HEXSZ + 1];
	git_oid goid;
	int ret = 0;

	if (git_repository_odb(&odb, r->git) < 0)
		return git_fail("cannot open the object database");
	memcpy(goid.id, h->oid[i].hash, OID_RAWSZ);
	if (git_odb_read(&obj, odb, &goid) < 0 ||
	    git_odb_object_type(obj) != GIT_OBJECT_COMMIT) {
		history_hex(h, i, hex);
		ret = error("cannot read commit %s", hex);
		goto out;
	}
	p = git_odb_object_data(obj);
	end = p + git_odb_object_size(obj);
	while (p < end && *p != '\n') {
		const char *eol = memchr(p, '\n', end - p);

		if (!eol)
			eol = end;
		if (eol - p > 10 && !memcmp(p, "committer ", 10)) {
			const char *gt = eol;

			/* "Name <mail> time zone": up to the last '>'. */
			while (gt > p + 10 && gt[-1] != '>')
				gt--;
			buf_add(committer, p + 10, (gt > p + 10 ? gt : eol) -
				(p + 10));
		}
		p = eol + 1;
	}
	if (p < end)
		buf_add(message, p + 1, end - p - 1);
	else
		buf_add(message, "", 0);
	if (!committer->data)
		buf_add(committer, "", 0);
out:
	git_odb_object_free(obj);
	git_odb_free(odb);
	return ret;
}

/* The author line's "Name <mail>" (up to its last '>') into pool, and
 * the committer's time, from the headers p..end of a commit object;
 * returns where the message starts. */
static const char *
text_headers(const char *p, const char *end, struct buf *pool,
	     int64_t *time)
{
	int32_t tz;
	int have_author = 0;

	*time = 0;
	while (p < end && *p != '\n') {
		const char *eol = memchr(p, '\n', end - p);

		if (!eol)
			eol = end;
		if (!have_author && eol - p > 7 && !memcmp(p, "author ", 7)) {
			const char *gt = eol;

			while (gt > p + 7 && gt[-1] != '>')
				gt--;
			buf_add(pool, p + 7, (gt > p + 7 ? gt : eol) - (p + 7));
			have_author = 1;
		} else if (eol - p > 10 && !memcmp(p, "committer ", 10)) {
			parse_committer(p, eol, time, &tz);
		}
		p = eol + 1;
	}
	buf_addc(pool, '\0');
	return p < end ? p : end;
}

int
history_read_texts(struct repo *r, const struct history *h,
		   const uint32_t *idx, uint32_t nr,
		   struct commit_text *out, struct buf *pool)
{
	git_odb *odb = NULL;
	git_odb_object *obj = NULL;
	char hex[OID_HEXSZ + 1];
	git_oid goid;
	int ret = 0;

	if (git_repository_odb(&odb, r->git) < 0)
		return git_fail("cannot open the object database");
	for (uint32_t k = 0; k < nr && !ret; k++) {
		const char *p, *end;

		memcpy(goid.id, h->oid[idx[k]].hash, OID_RAWSZ);
		if (git_odb_read(&obj, odb, &goid) < 0 ||
		    git_odb_object_type(obj) != GIT_OBJECT_COMMIT) {
			history_hex(h, idx[k], hex);
			ret = error("cannot read commit %s", hex);
			break;
		}
		p = git_odb_object_data(obj);
		end = p + git_odb_object_size(obj);
		out[k].author = (uint32_t)pool->len;
		p = text_headers(p, end, pool, &out[k].time);
		out[k].subject = (uint32_t)pool->len;
		add_subject(pool, p, end);
		buf_addc(pool, '\0');
		git_odb_object_free(obj);
		obj = NULL;
	}
	git_odb_object_free(obj);
	git_odb_free(odb);
	return ret;
}

int
repo_read_file_at(struct repo *r, const struct object_id *commit,
		  const char *path, struct buf *out)
{
	git_commit *c = NULL;
	git_tree *tree = NULL;
	git_tree_entry *entry = NULL;
	git_blob *blob = NULL;
	git_oid goid;
	int ret = 0;

	memcpy(goid.id, commit->hash, OID_RAWSZ);
	if (git_commit_lookup(&c, r->git, &goid) < 0) {
		ret = git_fail("cannot read the range's end");
		goto out;
	}
	/* No such file, or a partial clone without the trees or blobs
	 * (--filter=tree:0): nothing to read, which is no error. */
	if (git_commit_tree(&tree, c) < 0 ||
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
	git_commit_free(c);
	return ret;
}

int
history_merge_signatures(struct repo *r, const struct history *h, uint32_t i,
			 unsigned *flags)
{
	git_commit *c = NULL;
	git_buf value = GIT_BUF_INIT_CONST(NULL, 0);
	char hex[OID_HEXSZ + 1];
	git_oid goid;
	int ret;

	*flags = 0;
	memcpy(goid.id, h->oid[i].hash, OID_RAWSZ);
	if (git_commit_lookup(&c, r->git, &goid) < 0) {
		history_hex(h, i, hex);
		return error("cannot read commit %s", hex);
	}
	ret = git_commit_header_field(&value, c, "mergetag");
	if (!ret && value.ptr && strstr(value.ptr, "-----BEGIN "))
		*flags |= SIG_MERGETAG;
	git_buf_dispose(&value);
	if (ret == 0 || ret == GIT_ENOTFOUND)
		ret = git_commit_header_field(&value, c, "gpgsig");
	if (!ret)
		*flags |= SIG_GPGSIG;
	git_buf_dispose(&value);
	git_commit_free(c);
	if (ret < 0 && ret != GIT_ENOTFOUND) {
		history_hex(h, i, hex);
		return git_fail(hex);
	}
	git_error_clear();
	return 0;
}

void
history_release(struct history *h)
{
	free(h->oid);
	free(h->flags);
	free(h->pstart);
	free(h->npar);
	free(h->parent);
	free(h->subject);
	free(h->hash);
	buf_release(&h->pool);
	memset(h, 0, sizeof(*h));
}

/* --- for --compare and --trace -------------------------------------- */

/*
 * Every commit of any range is reachable from its end and not from its
 * start, so none is an ancestor of a common ancestor of all the starts:
 * walking from every end and every start down to such a base loads each
 * range's commits, and each start's history down to the base, which is
 * what settling the range exactly needs (history_view).
 */
int
history_load_union(struct repo *r, const struct range *rgs, size_t n,
		   int progress, struct history *h)
{
	struct object_id *tips = xmalloc(2 * n * sizeof(*tips)), base;
	git_oid *starts = xmalloc(n * sizeof(*starts)), oid;
	size_t ntips = 0, nstarts = 0;
	int has_base = 0, ret;

	for (size_t k = 0; k < n; k++)
		tips[ntips++] = rgs[k].to;
	for (size_t k = 0; k < n; k++) {
		if (!rgs[k].has_from)
			continue;
		tips[ntips++] = rgs[k].from;
		memcpy(starts[nstarts++].id, rgs[k].from.hash, OID_RAWSZ);
	}
	/* A range without a start is a whole history: no base then. */
	if (nstarts == n) {
		if (n == 1) {
			oid = starts[0];
			has_base = 1;
		} else if (!git_merge_base_octopus(&oid, r->git, n, starts)) {
			has_base = 1;
		} else {
			git_error_clear();	/* unrelated histories */
		}
	}
	if (has_base)
		memcpy(base.hash, oid.id, OID_RAWSZ);
	ret = load_tips(r, has_base ? &base : NULL, tips, ntips, progress, h);
	free(starts);
	free(tips);
	return ret;
}

int
repo_lookup_commit(struct repo *r, const char *rev, struct object_id *out)
{
	git_object *obj = NULL, *commit = NULL;
	int ret = REV_OK, err;

	err = git_revparse_single(&obj, r->git, rev);
	if (err < 0) {
		git_error_clear();
		return err == GIT_EAMBIGUOUS ? REV_AMBIGUOUS : REV_UNKNOWN;
	}
	if (git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		git_error_clear();
		ret = REV_NOT_COMMIT;
	} else {
		memcpy(out->hash, git_object_id(commit)->id, OID_RAWSZ);
	}
	git_object_free(commit);
	git_object_free(obj);
	return ret;
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
	/* Past the headers, then the subject as add_merge takes it: the
	 * first paragraph, its lines joined by single spaces. */
	while (p < end && *p != '\n') {
		const char *eol = memchr(p, '\n', end - p);

		p = eol ? eol + 1 : end;
	}
	buf_add(out, "", 0);
	add_subject(out, p, end);
out:
	git_odb_object_free(obj);
	git_odb_free(odb);
	return ret;
}

struct git_repository *
repo_git(struct repo *r)
{
	return r->git;
}
