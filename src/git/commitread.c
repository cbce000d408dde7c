/*
 * commitread.c - the batch object reader: the fields the reports need
 * beyond the walk's, each distinct commit read once per batch.
 */
#include "git/commitread.h"

#include <stdlib.h>
#include <string.h>

#include "git/history.h"
#include "git/readpool.h"
#include "util/reencode.h"

/* The fields that hold a commit's text, converted to UTF-8 from its
 * declared encoding as git log converts it (commit_reencode). */
#define CF_TEXT (CF_COMMITTER | CF_MESSAGE | CF_SIGNOFFS | CF_AUTHOR | \
		 CF_SUBJECT | CF_TRAILERS)

static char *
dup_buf(struct buf *b)
{
	char *s = b->data ? b->data : xstrdup("");

	buf_init(b);
	return s;
}

/* The people of raw ("Name <mail>" lines, n of them), each as the
 * mailmap names them, into out. */
static void
map_people(const struct mailmap *mm, const struct buf *raw, size_t n,
	   struct buf *out)
{
	const char *p = raw->data, *end;

	if (!p)
		return;
	end = p + raw->len;
	for (size_t k = 0; k < n && p; k++) {
		const char *eol = memchr(p, '\n', end - p);

		if (k)
			buf_addc(out, '\n');
		mailmap_person(mm, p, (eol ? eol : end) - p, out);
		p = eol ? eol + 1 : NULL;
	}
}

/* Who field is (commit_committer or commit_author), through the
 * mailmap, into out. */
static void
person(const struct mailmap *mm, const char *data, const char *end,
       void (*field)(const char *, const char *, struct buf *),
       struct buf *out)
{
	struct buf raw = BUF_INIT;

	field(data, end, &raw);
	map_people(mm, &raw, 1, out);
	buf_release(&raw);
}

/* The fields of one object into ci. */
static void
parse_fields(struct commit_info *ci, const char *data, size_t size,
	     unsigned fields, const struct mailmap *mm)
{
	const char *end = data + size, *msg = commit_message(data, end);
	struct buf b = BUF_INIT, raw = BUF_INIT;

	if (fields & CF_COMMITTER) {
		person(mm, data, end, commit_committer, &b);
		ci->committer_len = b.len;
		ci->committer = dup_buf(&b);
	}
	if (fields & CF_MESSAGE) {
		buf_add(&b, msg, end - msg);
		ci->message_len = b.len;
		ci->message = dup_buf(&b);
	}
	if (fields & CF_SIGNATURES)
		ci->signatures = commit_signatures(data, end);
	if (fields & CF_SIGNOFFS) {
		ci->signoffs_nr = commit_signoffs(&raw, msg, end);
		map_people(mm, &raw, ci->signoffs_nr, &b);
		buf_release(&raw);
		ci->signoffs = dup_buf(&b);
	}
	if (fields & CF_AUTHOR) {
		person(mm, data, end, commit_author, &b);
		ci->author = dup_buf(&b);
	}
	if (fields & CF_SUBJECT) {
		commit_subject(&b, msg, end);
		ci->subject = dup_buf(&b);
	}
	if (fields & CF_TIME)
		ci->time = commit_time(data, end);
	if (fields & CF_MERGETAG)
		ci->mergetag = commit_mergetag_date(data, end,
						    &ci->tagger_time);
	if (fields & CF_TRAILERS) {
		ci->trailers_nr = commit_trailers(&b, msg, end);
		ci->trailers = dup_buf(&b);
	}
}

/* Every field a caller may read is a string, even when not asked for. */
static void
fill_empty(struct commit_info *ci)
{
	if (!ci->committer)
		ci->committer = xstrdup("");
	if (!ci->message)
		ci->message = xstrdup("");
	if (!ci->signoffs)
		ci->signoffs = xstrdup("");
	if (!ci->author)
		ci->author = xstrdup("");
	if (!ci->subject)
		ci->subject = xstrdup("");
	if (!ci->trailers)
		ci->trailers = xstrdup("");
}

/* b empty, for fields of h's commits, nothing read yet. */
static void
batch_init(struct commit_batch *b, struct repo *r, const struct history *h,
	   unsigned fields)
{
	memset(b, 0, sizeof(*b));
	b->fields = fields;
	b->h = h;
	b->r = r;
	b->history_nr = h->nr;
	b->slot = xcalloc(h->nr ? h->nr : 1, sizeof(*b->slot));
}

int
commit_batch_open(struct commit_batch *b, struct repo *r,
		  const struct history *h, unsigned fields)
{
	batch_init(b, r, h, fields);
	if (odb_open(&b->odb, r) < 0 ||
	    ((fields & (CF_COMMITTER | CF_AUTHOR | CF_SIGNOFFS)) &&
	     mailmap_open(&b->mailmap, r) < 0)) {
		commit_batch_release(b);
		return -1;
	}
	return 0;
}

int
commit_info_read(struct odb *o, const struct mailmap *mm,
		 const struct object_id *oid, unsigned fields,
		 struct commit_info *ci)
{
	struct buf conv = BUF_INIT;
	const char *data;
	size_t size;
	int ret;

	memset(ci, 0, sizeof(*ci));
	if ((ret = odb_read_commit(o, oid, &data, &size)))
		return ret;
	if (fields & CF_TEXT) {
		const char *name;
		size_t len;
		int st = commit_reencode(data, data + size, &conv, &name, &len);

		if (st == REENCODE_DONE) {
			data = conv.data;
			size = conv.len;
		} else if (st != REENCODE_SAME) {
			ci->enc_status = st;
			ci->enc_name = reencode_name_dup(name, len);
		}
	}
	parse_fields(ci, data, size, fields, mm);
	buf_release(&conv);
	fill_empty(ci);
	return 0;
}

void
commit_info_release(struct commit_info *ci)
{
	free(ci->committer);
	free(ci->message);
	free(ci->signoffs);
	free(ci->author);
	free(ci->subject);
	free(ci->trailers);
	free(ci->enc_name);
	memset(ci, 0, sizeof(*ci));
}

const struct commit_info *
commit_batch_fetch(struct commit_batch *b, uint32_t i)
{
	struct commit_info *ci;

	if (b->slot[i])
		return b->info[b->slot[i] - 1].ci;
	ci = xcalloc(1, sizeof(*ci));
	if (commit_info_read(b->odb, b->mailmap, &b->h->oid[i], b->fields,
			     ci)) {
		char hex[OID_HEXSZ + 1];

		free(ci);
		history_hex(b->h, i, hex);
		error("cannot read commit %s", hex);
		return NULL;
	}
	if (ci->enc_status)
		repo_note_encoding(b->r, &b->h->oid[i], ci->enc_name,
				   strlen(ci->enc_name), ci->enc_status);
	ALLOC_GROW(b->info, b->nr + 1, b->alloc);
	b->info[b->nr++].ci = ci;
	b->slot[i] = b->nr;
	b->reads++;
	return ci;
}

int
commit_batch_read(struct commit_batch *b, struct repo *r,
		  const struct history *h, const uint32_t *list, size_t n,
		  unsigned fields)
{
	if (commit_batch_open(b, r, h, fields) < 0)
		return -1;
	for (size_t k = 0; k < n; k++) {
		if (!commit_batch_fetch(b, list[k])) {
			commit_batch_release(b);
			return -1;
		}
	}
	/* Everything is read: the object database is not needed now. */
	odb_free(b->odb);
	b->odb = NULL;
	mailmap_free(b->mailmap);
	b->mailmap = NULL;
	return 0;
}

/* Commits read on the pool at once: the records' memory bounded. */
#define POOL_BATCH 1024

/* Keep the committers of the m commits idx[] read into c[]: 0, or -1
 * after reporting the first that could not be read. */
static int
keep_committers(struct commit_batch *b, const uint32_t *idx,
		const struct commit_raw *c, size_t m)
{
	for (size_t k = 0; k < m; k++) {
		struct commit_info *ci;
		struct buf who = BUF_INIT;

		if (commit_raw_check(&c[k], &b->h->oid[idx[k]]) < 0)
			return -1;
		if (c[k].enc_status)
			repo_note_encoding(b->r, &b->h->oid[idx[k]],
					   c[k].enc_name, strlen(c[k].enc_name),
					   c[k].enc_status);
		mailmap_person(b->mailmap, c[k].ident, c[k].ident_len, &who);
		ci = xcalloc(1, sizeof(*ci));
		ci->committer_len = who.len;
		ci->committer = dup_buf(&who);
		fill_empty(ci);
		ALLOC_GROW(b->info, b->nr + 1, b->alloc);
		b->info[b->nr++].ci = ci;
		b->slot[idx[k]] = b->nr;
		b->reads++;
	}
	return 0;
}

int
commit_batch_read_jobs(struct commit_batch *b, struct repo *r,
		       const struct history *h, const uint32_t *list,
		       size_t n, unsigned fields, unsigned jobs)
{
	struct readpool *pool = NULL;
	struct object_id *oids;
	struct commit_raw *c;
	uint32_t *idx;
	size_t m = 0;
	int ret = 0;

	if (fields & ~(unsigned)CF_COMMITTER)
		return commit_batch_read(b, r, h, list, n, fields);
	batch_init(b, r, h, fields);
	if (!n)
		return 0;
	if (mailmap_open(&b->mailmap, r) < 0 ||
	    readpool_open(&pool, r, jobs) < 0) {
		commit_batch_release(b);
		return -1;
	}
	oids = xmalloc(POOL_BATCH * sizeof(*oids));
	idx = xmalloc(POOL_BATCH * sizeof(*idx));
	c = xcalloc(POOL_BATCH, sizeof(*c));
	for (size_t k = 0; k <= n && !ret; k++) {
		/* A commit named twice is read once: taken, it has a slot;
		 * in the batch being gathered, a mark. */
		if (k < n && !b->slot[list[k]]) {
			b->slot[list[k]] = UINT32_MAX;
			idx[m] = list[k];
			oids[m++] = h->oid[list[k]];
		}
		if (m == POOL_BATCH || (k == n && m)) {
			readpool_read(pool, oids, m, RAW_COMMITTER_ONLY, c);
			ret = keep_committers(b, idx, c, m);
			m = 0;
		}
	}
	for (size_t k = 0; k < POOL_BATCH; k++)
		commit_raw_release(&c[k]);
	free(c);
	free(idx);
	free(oids);
	readpool_free(pool);
	mailmap_free(b->mailmap);
	b->mailmap = NULL;
	if (ret)
		commit_batch_release(b);
	return ret;
}

const struct commit_info *
commit_batch_get(const struct commit_batch *b, uint32_t i)
{
	if (i >= b->history_nr || !b->slot || !b->slot[i])
		return NULL;
	return b->info[b->slot[i] - 1].ci;
}

void
commit_batch_release(struct commit_batch *b)
{
	for (uint32_t k = 0; k < b->nr; k++) {
		commit_info_release(b->info[k].ci);
		free(b->info[k].ci);
	}
	free(b->info);
	free(b->slot);
	odb_free(b->odb);
	mailmap_free(b->mailmap);
	memset(b, 0, sizeof(*b));
}

/* --- every commit of a list, judged on the threads ------------------- */

/* Commits read a round: the items held at once. */
#define EACH_BATCH 2048

/* One commit's reading: how it went, and its text's encoding. */
struct each_slot {
	int status;		/* 0, or odb.h's ODB_* */
	int enc_status;
	char *enc_name;
};

struct each_round {
	const struct history *h;
	const uint32_t *list;	/* this round's commits */
	const struct commit_each *how;
	struct each_slot *slot;
	char *items;		/* at the same places */
};

static void
each_one(struct odb *o, size_t k, void *ctx)
{
	struct each_round *rd = ctx;
	const struct commit_each *how = rd->how;
	struct each_slot *s = &rd->slot[k];
	struct commit_info ci;

	s->status = commit_info_read(o, how->mm, &rd->h->oid[rd->list[k]],
				     how->fields, &ci);
	if (s->status)
		return;
	s->enc_status = ci.enc_status;
	s->enc_name = ci.enc_name;
	ci.enc_name = NULL;
	how->judge(&ci, rd->items + k * how->item_size, how->ctx);
	commit_info_release(&ci);
}

/* Round rd's m commits, from list[first], kept in order.  Returns 0,
 * or -1 after reporting the first that could not be read. */
static int
each_keep(struct repo *r, struct each_round *rd, uint32_t first, size_t m)
{
	const struct commit_each *how = rd->how;
	int ret = 0;

	for (size_t k = 0; k < m; k++) {
		struct each_slot *s = &rd->slot[k];
		uint32_t c = rd->list[k];
		void *item = rd->items + k * how->item_size;

		if (!ret && s->status) {
			char hex[OID_HEXSZ + 1];

			history_hex(rd->h, c, hex);
			ret = error("cannot read commit %s", hex);
		}
		if (!ret && s->enc_status)
			repo_note_encoding(r, &rd->h->oid[c], s->enc_name,
					   strlen(s->enc_name), s->enc_status);
		if (!ret)
			how->keep(first + (uint32_t)k, item, how->ctx);
		if (!s->status && how->clear)
			how->clear(item);
		free(s->enc_name);
		memset(s, 0, sizeof(*s));
		memset(item, 0, how->item_size);
	}
	return ret;
}

int
commit_each_read(struct repo *r, const struct history *h,
		 const uint32_t *list, uint32_t n, unsigned jobs,
		 const struct commit_each *how)
{
	struct each_round rd = { h, NULL, how, NULL, NULL };
	struct readpool *pool;
	int ret;

	if (!n)
		return 0;
	if (readpool_open(&pool, r, jobs) < 0)
		return -1;
	rd.slot = xcalloc(EACH_BATCH, sizeof(*rd.slot));
	rd.items = xcalloc(EACH_BATCH, how->item_size ? how->item_size : 1);
	ret = 0;
	for (uint32_t first = 0, m; !ret && first < n; first += m) {
		m = n - first < EACH_BATCH ? n - first : EACH_BATCH;
		rd.list = list + first;
		readpool_run(pool, m, each_one, &rd);
		ret = each_keep(r, &rd, first, m);
	}
	readpool_free(pool);
	free(rd.slot);
	free(rd.items);
	return ret;
}
