/*
 * readpool.c - commit objects read on several threads, in batches.
 *
 * A round: the caller's thread publishes a batch under the pool's mutex
 * and wakes the others; every thread, the caller's included, takes the
 * next chunk of the batch until none is left, reading each commit with
 * its own object database handle into the batch's record at that commit's
 * place; the caller returns when every thread is done with the round.
 * Nothing else is shared: which thread read a commit leaves no trace in
 * the records.
 */
#define _GNU_SOURCE		/* sched_getaffinity */
#include "git/readpool.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "git/commitparse.h"
#include "util/reencode.h"
#include "util/work.h"

/* Commits a thread takes at once, at most: enough that the mutex is not
 * taken for every object.  Guided: a thread takes a share of what is
 * left, so the chunks shrink towards the end of a round and no thread
 * waits long for another's last chunk. */
#define CHUNK 16

void
commit_raw_release(struct commit_raw *c)
{
	free(c->why);
	free(c->parent);
	free(c->merge);
	free(c->enc_name);
	free(c->ident);
	memset(c, 0, sizeof(*c));
}

/* The longest committer kept in a merge's record: a name and a mail
 * address are far shorter; a hostile one is cut. */
#define IDENT_MAX 4096

/* A commit's text converted to UTF-8 from its declared encoding (into
 * conv, *data and *end moved there), or what failed noted in out. */
static void
reencode_raw(struct commit_raw *out, const char **data, const char **end,
	     struct buf *conv)
{
	const char *name;
	size_t name_len;
	int st = commit_reencode(*data, *end, conv, &name, &name_len);

	if (st == REENCODE_DONE) {
		*data = conv->data;
		*end = conv->data + conv->len;
	} else if (st != REENCODE_SAME) {
		out->enc_status = st;
		out->enc_name = reencode_name_dup(name, name_len);
	}
}

/* The committer's "Name <mail>" of the first committer line (up to its
 * last '>', at most IDENT_MAX bytes; empty when there is none), and the
 * time and zone of the last one. */
static void
committer_ident(const char *data, const char *end, const char **ident,
		size_t *len, int64_t *time, int32_t *tz)
{
	const char *p, *eol;

	*ident = NULL;
	*len = 0;
	*time = 0;
	*tz = 0;
	for (p = data; (eol = commit_header_next(p, end)); p = eol + 1) {
		if (eol - p <= 10 || memcmp(p, "committer ", 10))
			continue;
		parse_committer(p, eol, time, tz);
		if (!*ident) {
			const char *gt = eol;

			while (gt > p + 10 && gt[-1] != '>')
				gt--;
			*ident = p + 10;
			*len = (size_t)((gt > p + 10 ? gt : eol) - *ident);
		}
	}
	if (*len > IDENT_MAX)
		*len = IDENT_MAX;
}

/*
 * A merge's record, as history.c's pool holds it: the committer's "Name
 * <mail>" (of its first committer line, as git reads it, up to the last
 * '>') and its length, the committer time and zone of the last committer
 * line, git's subject (the first paragraph, its lines joined by single
 * spaces) and its NUL, then the body's reference lines and their NUL when
 * there are any (none after a subject holding a NUL of its own:
 * history_body finds them after the first NUL).  All of it as git log
 * shows it: converted to UTF-8 from a declared encoding.
 */
static void
merge_record(struct commit_raw *out, const char *data, const char *end)
{
	struct buf b = BUF_INIT, conv = BUF_INIT;
	const char *msg, *ident;
	size_t ident_len, start;
	int64_t time;
	int32_t tz;
	uint32_t len32;

	reencode_raw(out, &data, &end, &conv);
	committer_ident(data, end, &ident, &ident_len, &time, &tz);
	len32 = (uint32_t)ident_len;
	buf_add(&b, ident ? ident : "", ident_len);
	buf_add(&b, &len32, sizeof(len32));
	buf_add(&b, &time, sizeof(time));
	buf_add(&b, &tz, sizeof(tz));
	start = b.len;
	msg = commit_subject(&b, commit_message(data, end), end);
	buf_addc(&b, '\0');
	if (strlen(b.data + start) + start + 1 == b.len &&
	    commit_reference_lines(&b, msg, end)) {
		buf_addc(&b, '\0');
		out->body = 1;
	}
	buf_release(&conv);
	out->merge = b.data;
	out->merge_len = b.len;
	out->subject = start;
}

/* RAW_COMMITTER_ONLY: the committer, as merge_record keeps it. */
static void
committer_record(struct commit_raw *out, const char *data, const char *end)
{
	struct buf conv = BUF_INIT;
	const char *ident;
	int64_t time;
	int32_t tz;

	reencode_raw(out, &data, &end, &conv);
	committer_ident(data, end, &ident, &out->ident_len, &time, &tz);
	out->ident = xmalloc(out->ident_len + 1);
	if (out->ident_len)
		memcpy(out->ident, ident, out->ident_len);
	out->ident[out->ident_len] = '\0';
	buf_release(&conv);
}

/* RAW_AUTHOR_ONLY: the author, as commitparse.h's commit_author reads
 * it, converted as the committer is. */
static void
author_record(struct commit_raw *out, const char *data, const char *end)
{
	struct buf conv = BUF_INIT, b = BUF_INIT;

	reencode_raw(out, &data, &end, &conv);
	commit_author(data, end, &b);
	out->ident_len = b.len;
	out->ident = xmalloc(b.len + 1);
	if (b.len)
		memcpy(out->ident, b.data, b.len);
	out->ident[b.len] = '\0';
	buf_release(&b);
	buf_release(&conv);
}

/* The parents, as git reads them (commitparse.h: the "parent" lines right
 * after "tree"), and the committer time: nothing after the committer line
 * is needed. */
static int
parse_headers(struct commit_raw *out, const char *data, const char *end)
{
	const char *p, *eol;
	uint32_t alloc = 0;
	struct object_id parent;
	int bad;

	for (p = commit_parents_start(data, end);
	     (p = commit_parent_next(p, end, &parent, &bad)); ) {
		if (bad)
			return -1;
		ALLOC_GROW(out->parent, out->npar + 1, alloc);
		out->parent[out->npar++] = parent;
	}
	for (p = data; (eol = commit_header_next(p, end)); p = eol + 1) {
		if (eol - p > 10 && !memcmp(p, "committer ", 10)) {
			int64_t time;
			int32_t tz;

			parse_committer(p, eol, &time, &tz);
			out->ctime = time > 0 ? time : 0;
			break;
		}
	}
	return 0;
}

void
commit_raw_read(struct odb *o, const struct object_id *oid, unsigned what,
		struct commit_raw *out)
{
	const char *data;
	size_t size;

	/* Most commits have one parent: their headers are all the walk
	 * needs, and a commit turning out a merge is read again whole. */
	int headers = !(what & RAW_SUBJECT);

	commit_raw_release(out);
	out->status = odb_read_commit_part(o, oid, headers, &data, &size);
	if (out->status)
		goto failed;
	if (!commit_is_well_formed(data, size) ||
	    (!(what & (RAW_DATES_ONLY | RAW_COMMITTER_ONLY |
		       RAW_AUTHOR_ONLY)) &&
	     parse_headers(out, data, data + size) < 0)) {
		out->status = RAW_CORRUPT;
		return;
	}
	if (what & RAW_AUTHOR_ONLY) {
		author_record(out, data, data + size);
		return;
	}
	if (what & RAW_COMMITTER_ONLY) {
		committer_record(out, data, data + size);
		return;
	}
	/* The dates are in the headers, which are all read. */
	if (what & (RAW_DATES | RAW_DATES_ONLY))
		commit_dates(data, data + size, &out->author_date,
			     &out->committer_date);
	if (what & RAW_DATES_ONLY)
		return;
	if ((what & RAW_SUBJECT) || ((what & RAW_MERGE) && out->npar > 1)) {
		if (headers &&
		    (out->status = odb_read_commit(o, oid, &data, &size)))
			goto failed;
		merge_record(out, data, data + size);
	}
	return;
failed:
	if (out->status == ODB_FAILED)
		out->why = xstrdup(odb_error(o));
}

int
commit_raw_check(const struct commit_raw *c, const struct object_id *oid)
{
	char hex[OID_HEXSZ + 1];

	oid_to_hex(oid, hex);
	switch (c->status) {
	case 0:
		return 0;
	case ODB_MISSING:
		return error("missing commit object %s", hex);
	case ODB_NOT_COMMIT:
		return error("object %s is not a commit", hex);
	case RAW_CORRUPT:
		return error("corrupt commit object %s", hex);
	default:
		return error("cannot read commit object %s: %s", hex,
			     c->why ? c->why : "unknown error");
	}
}

unsigned
readpool_default_jobs(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return 1;
	n = CPU_COUNT(&set);
	return n > 0 ? (unsigned)n : 1;
}

/* --- the pool ------------------------------------------------------- */

struct worker {
	struct readpool *p;
	struct odb *odb;
	pthread_t thread;
	int started;
};

struct readpool {
	unsigned jobs;
	struct odb *odb;	/* the caller's thread's */
	struct worker *w;	/* jobs - 1 */
	pthread_mutex_t mu;
	pthread_cond_t go, done;
	unsigned long round;	/* rounds published so far */
	unsigned busy;		/* threads not done with the round */
	int quit;
	/* The round, set under mu before it is published. */
	readpool_fn *fn;
	void *ctx;
	size_t n, next;
};

/* The next chunk's size when left commits remain: a 2 * jobs-th of them,
 * between 1 and CHUNK (0 when none is left). */
static size_t
guided_chunk(size_t left, unsigned jobs)
{
	size_t c = left / (2 * (size_t)jobs);

	if (c > CHUNK)
		c = CHUNK;
	return c ? c : left ? 1 : 0;
}

/* Read chunks of the round until none is left. */
static void
run_round(struct readpool *p, struct odb *odb)
{
	for (;;) {
		size_t k, end;

		pthread_mutex_lock(&p->mu);
		k = p->next;
		p->next = k + guided_chunk(p->n - k, p->jobs);
		end = p->next;
		pthread_mutex_unlock(&p->mu);
		if (k >= end)
			return;
		for (; k < end; k++)
			p->fn(odb, k, p->ctx);
	}
}

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct readpool *p = w->p;
	unsigned long seen = 0;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->quit && p->round == seen)
			pthread_cond_wait(&p->go, &p->mu);
		if (p->quit)
			break;
		seen = p->round;
		pthread_mutex_unlock(&p->mu);
		run_round(p, w->odb);
		work_flush();
		pthread_mutex_lock(&p->mu);
		if (!--p->busy)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

static int
start_workers(struct readpool *p, struct repo *r)
{
	p->w = xcalloc(p->jobs - 1, sizeof(*p->w));
	for (unsigned k = 0; k + 1 < p->jobs; k++) {
		struct worker *w = &p->w[k];

		w->p = p;
		if (odb_open_own(&w->odb, r, k) < 0)
			return -1;
		if (pthread_create(&w->thread, NULL, worker_main, w)) {
			/* Fewer threads still read everything. */
			odb_free(w->odb);
			w->odb = NULL;
			p->jobs = k + 1;
			break;
		}
		w->started = 1;
	}
	return 0;
}

int
readpool_open(struct readpool **out, struct repo *r, unsigned jobs)
{
	struct readpool *p = xcalloc(1, sizeof(*p));

	if (!jobs)
		jobs = readpool_default_jobs();
	p->jobs = repo_threads_supported() ? jobs : 1;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->go, NULL);
	pthread_cond_init(&p->done, NULL);
	if (odb_open(&p->odb, r) < 0 ||
	    (p->jobs > 1 && start_workers(p, r) < 0)) {
		readpool_free(p);
		return -1;
	}
	*out = p;
	return 0;
}

void
readpool_free(struct readpool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	p->quit = 1;
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->mu);
	for (unsigned k = 0; p->w && k + 1 < p->jobs; k++) {
		if (p->w[k].started)
			pthread_join(p->w[k].thread, NULL);
		odb_free(p->w[k].odb);
	}
	free(p->w);
	odb_free(p->odb);
	pthread_cond_destroy(&p->done);
	pthread_cond_destroy(&p->go);
	pthread_mutex_destroy(&p->mu);
	free(p);
}

unsigned
readpool_jobs(const struct readpool *p)
{
	return p->jobs;
}

void
readpool_run(struct readpool *p, size_t n, readpool_fn *fn, void *ctx)
{
	if (p->jobs == 1 || n <= CHUNK) {
		for (size_t k = 0; k < n; k++)
			fn(p->odb, k, ctx);
		return;
	}
	pthread_mutex_lock(&p->mu);
	p->fn = fn;
	p->ctx = ctx;
	p->n = n;
	p->next = 0;
	p->busy = p->jobs - 1;
	p->round++;
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->mu);
	run_round(p, p->odb);
	pthread_mutex_lock(&p->mu);
	while (p->busy)
		pthread_cond_wait(&p->done, &p->mu);
	pthread_mutex_unlock(&p->mu);
}

/* readpool_read's round: commit k of oids read into out[k]. */
struct raw_round {
	const struct object_id *oids;
	unsigned what;
	struct commit_raw *out;
};

static void
read_raw(struct odb *o, size_t k, void *ctx)
{
	struct raw_round *rr = ctx;

	commit_raw_read(o, &rr->oids[k], rr->what, &rr->out[k]);
}

void
readpool_read(struct readpool *p, const struct object_id *oids, size_t n,
	      unsigned what, struct commit_raw *out)
{
	struct raw_round rr = { oids, what, out };

	readpool_run(p, n, read_raw, &rr);
}
