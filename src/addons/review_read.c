/*
 * review_read.c - each commit's trailers judged (review.h says how), on
 * the read pool's threads: a batch of commits at a time is read and
 * judged there into records of their own, then kept here, in the list's
 * order, its people numbered.  What a thread touches is its commit's
 * record, its own object database handle and the mailmap, which it only
 * reads.
 */
#include "addons/review_read.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "git/commitread.h"
#include "git/gitconfig.h"
#include "git/readpool.h"
#include "util/buf.h"
#include "util/hash.h"
#include "util/util.h"

/* Commits read and judged at once: their records are all that is held
 * of them at a time. */
#define BATCH 2048

/* One commit judged, on a thread. */
struct judged {
	uint8_t flags;		/* REVIEW_* */
	uint32_t handoffs;
	/* Per person counted: the role ('r' a reviewer, 't' a tester,
	 * 'c' the committer, 'a' the author),
	 * the key they are counted by, NUL, how they are shown, NUL. */
	struct buf people;
};

/* --- people ----------------------------------------------------------- */

/* Someone a trailer or a header names: either part may be empty. */
struct who {
	const char *name, *mail;
	size_t name_len, mail_len;
};

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static void
trim(const char **p, const char **end)
{
	while (*p < *end && blank(**p))
		(*p)++;
	while (*end > *p && blank((*end)[-1]))
		(*end)--;
}

/*
 * s..end read as a person: "Name <mail>" (what follows the '>' is a
 * comment, as "# 5.10.x"), else the first word holding an '@' is the
 * address and what comes before it the name, else the whole is the name
 * (up to a " #" comment).
 */
static void
who_parse(const char *s, const char *end, struct who *w)
{
	const char *lt = memchr(s, '<', end - s), *gt = NULL, *n = s, *ne, *m;
	const char *me;

	if (lt)
		gt = memchr(lt, '>', end - lt);
	if (gt) {
		ne = lt;
		m = lt + 1;
		me = gt;
	} else {
		ne = m = me = end;
		for (const char *w0 = s; w0 < end;) {
			const char *w1 = w0;

			while (w1 < end && !blank(*w1))
				w1++;
			if (memchr(w0, '@', w1 - w0)) {
				ne = w0;
				m = w0;
				me = w1;
				break;
			}
			for (w0 = w1; w0 < end && blank(*w0); w0++)
				;
		}
		if (m == end) {
			const char *hash = memchr(s, '#', end - s);

			if (hash)
				ne = hash;
		}
	}
	trim(&n, &ne);
	trim(&m, &me);
	*w = (struct who){ n, m, (size_t)(ne - n), (size_t)(me - m) };
}

static int
same_text(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen && alen == blen && !strncasecmp(a, b, alen);
}

/* One person: the same address ignoring case, or the same name. */
static int
same_person(const struct who *a, const struct who *b)
{
	return same_text(a->mail, a->mail_len, b->mail, b->mail_len) ||
	       same_text(a->name, a->name_len, b->name, b->name_len);
}

/*
 * The value v..end (a trailer's) as the mailmap names the person in it,
 * "Name <mail>" (or the name alone: the mailmap needs an address),
 * appended to out.
 */
static void
map_value(const struct mailmap *mm, const char *v, const char *end,
	  struct buf *out)
{
	struct buf ident = BUF_INIT;
	struct who w;

	who_parse(v, end, &w);
	if (!w.mail_len) {
		buf_add(out, w.name, w.name_len);
		return;
	}
	buf_add(&ident, w.name, w.name_len);
	buf_puts(&ident, w.name_len ? " <" : "<");
	buf_add(&ident, w.mail, w.mail_len);
	buf_addc(&ident, '>');
	mailmap_person(mm, ident.data, ident.len, out);
	buf_release(&ident);
}

/* Keys seen in one commit, compared ignoring ASCII case. */
struct keyset {
	struct hindex ix;
	const char **key;
	size_t *len;
	uint32_t nr;
	size_t alloc, len_alloc;
};

static uint32_t
fold_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t k = 0; k < n; k++) {
		unsigned char c = (unsigned char)s[k];

		h = (h ^ (c >= 'A' && c <= 'Z' ? c + 32 : c)) * 16777619u;
	}
	return h;
}

/* Whether s (n bytes, not empty) was seen; it is seen from now on. */
static int
keyset_seen(struct keyset *ks, const char *s, size_t n)
{
	uint32_t hash = fold_hash(s, n), i;
	struct hprobe pr;

	for (i = hindex_first(&ks->ix, hash, &pr); i != HINDEX_NONE;
	     i = hindex_next(&ks->ix, &pr))
		/* The index holds a number only once ks->key holds its key
		 * (the analyser cannot see that ks->key is not NULL then). */
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
		if (same_text(ks->key[i], ks->len[i], s, n))
			return 1;
	ALLOC_GROW(ks->key, ks->nr + 1, ks->alloc);
	ALLOC_GROW(ks->len, ks->nr + 1, ks->len_alloc);
	ks->key[ks->nr] = s;
	ks->len[ks->nr] = n;
	hindex_add(&ks->ix, hash, ks->nr++);
	return 0;
}

static void
keyset_release(struct keyset *ks)
{
	hindex_release(&ks->ix);
	free(ks->key);
	free(ks->len);
	memset(ks, 0, sizeof(*ks));
}

/* One person among those of a commit: new when neither their address
 * nor their name was seen (both are seen from now on). */
struct seen {
	struct keyset mail, name;
};

static int
seen_before(struct seen *s, const struct who *w)
{
	int seen = 0;

	if (w->mail_len)
		seen |= keyset_seen(&s->mail, w->mail, w->mail_len);
	if (w->name_len)
		seen |= keyset_seen(&s->name, w->name, w->name_len);
	return seen;
}

static void
seen_release(struct seen *s)
{
	keyset_release(&s->mail);
	keyset_release(&s->name);
}

/* A person's record in j->people: the key they are counted by (their
 * address, else their name, lower case, apart: "m" or "n" first) and how
 * they are shown ("Name <mail>", "mail" or "Name"). */
static void
add_person(struct judged *j, char role, const struct who *w)
{
	const char *k = w->mail_len ? w->mail : w->name;
	size_t n = w->mail_len ? w->mail_len : w->name_len;

	buf_addc(&j->people, role);
	buf_addc(&j->people, w->mail_len ? 'm' : 'n');
	for (size_t i = 0; i < n; i++)
		buf_addc(&j->people, k[i] >= 'A' && k[i] <= 'Z' ?
			 (char)(k[i] + 32) : k[i]);
	buf_addc(&j->people, '\0');
	if (w->name_len)
		buf_add(&j->people, w->name, w->name_len);
	if (w->name_len && w->mail_len)
		buf_puts(&j->people, " <");
	if (w->mail_len)
		buf_add(&j->people, w->mail, w->mail_len);
	if (w->name_len && w->mail_len)
		buf_addc(&j->people, '>');
	buf_addc(&j->people, '\0');
}

/* --- the trailers ----------------------------------------------------- */

enum key {
	KEY_OTHER, KEY_SIGNOFF, KEY_REVIEW, KEY_TEST, KEY_LINK, KEY_FIXES,
	KEY_CC,
};

static enum key
key_of(const char *k, size_t n)
{
	static const struct {
		const char *name;
		enum key key;
	} keys[] = {
		{ "Signed-off-by", KEY_SIGNOFF }, { "Reviewed-by", KEY_REVIEW },
		{ "Acked-by", KEY_REVIEW }, { "Tested-by", KEY_TEST },
		{ "Link", KEY_LINK }, { "Message-Id", KEY_LINK },
		{ "Fixes", KEY_FIXES }, { "Cc", KEY_CC },
	};

	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (strlen(keys[i].name) == n && !strncasecmp(k, keys[i].name, n))
			return keys[i].key;
	return KEY_OTHER;
}

/* Whether the value of a Cc names a stable address. */
static int
is_stable(const char *v, const char *end)
{
	struct who w;
	const char *at;

	who_parse(v, end, &w);
	at = w.mail_len ? memchr(w.mail, '@', w.mail_len) : NULL;
	return at && at - w.mail == 6 && !strncasecmp(w.mail, "stable", 6);
}

/* A trailer naming a person, kept to judge once all are read: its key,
 * and where its person, as the mailmap names them, is in the buffer. */
struct named {
	enum key key;
	size_t at, len;
};

/* The hand-offs of a commit: the people of the sign-offs so (n of them)
 * between the author's and the committer's, each once. */
static uint32_t
handoffs(const struct who *so, size_t n, const struct who *author,
	 const struct who *committer)
{
	size_t c = n, a = 0;
	struct seen seen = { { HINDEX_INIT, NULL, NULL, 0, 0, 0 },
			     { HINDEX_INIT, NULL, NULL, 0, 0, 0 } };
	uint32_t count = 0;

	for (size_t k = n; k-- > 0;)
		if (same_person(&so[k], committer)) {
			c = k;
			break;
		}
	for (size_t k = c; k-- > 0;)
		if (same_person(&so[k], author)) {
			a = k + 1;
			break;
		}
	for (size_t k = a; k < c; k++)
		if (!same_person(&so[k], committer) &&
		    !same_person(&so[k], author) && !seen_before(&seen, &so[k]))
			count++;
	seen_release(&seen);
	return count;
}

/* Judge a commit read with its author, committer and trailers. */
static void
judge(const struct commit_info *ci, const struct mailmap *mm, struct judged *j)
{
	struct buf mapped = BUF_INIT;
	struct named *nm = NULL;
	struct who author, committer, *so = NULL;
	size_t nm_nr = 0, nm_alloc = 0, so_nr = 0, so_alloc = 0;
	struct seen reviewers = { { HINDEX_INIT, NULL, NULL, 0, 0, 0 },
				  { HINDEX_INIT, NULL, NULL, 0, 0, 0 } };
	struct seen testers = reviewers;
	const char *p = ci->trailers, *end = p + strlen(p);

	/* Every trailer first, the people in one buffer: pointers into it
	 * hold once it stops growing.  Lines are "Key: value\n" (memchr,
	 * not strchr: a sanitizer checks a string whole at each strchr). */
	for (size_t t = 0; t < ci->trailers_nr; t++) {
		const char *eol = memchr(p, '\n', end - p);
		const char *colon = memchr(p, ':', eol - p);
		const char *v = colon + 2;
		enum key key = key_of(p, colon - p);

		if (v < eol && key == KEY_LINK)
			j->flags |= REVIEW_LINKED;
		else if (v < eol && key == KEY_FIXES)
			j->flags |= REVIEW_FIX;
		else if (v < eol && key == KEY_CC && is_stable(v, eol))
			j->flags |= REVIEW_STABLE;
		else if (v < eol && (key == KEY_SIGNOFF || key == KEY_REVIEW ||
				     key == KEY_TEST)) {
			size_t at = mapped.len;

			map_value(mm, v, eol, &mapped);
			ALLOC_GROW(nm, nm_nr + 1, nm_alloc);
			nm[nm_nr++] = (struct named){ key, at, mapped.len - at };
		}
		p = eol + 1;
	}
	who_parse(ci->author, ci->author + strlen(ci->author), &author);
	who_parse(ci->committer, ci->committer + strlen(ci->committer),
		  &committer);
	/* --people's: the author is the committer, and who committed. */
	if (same_person(&author, &committer))
		j->flags |= REVIEW_SELF;
	if (committer.name_len || committer.mail_len)
		add_person(j, 'c', &committer);
	if (author.name_len || author.mail_len)
		add_person(j, 'a', &author);
	for (size_t k = 0; k < nm_nr; k++) {
		const char *s = mapped.data ? mapped.data + nm[k].at : "";
		struct who w;

		who_parse(s, s + nm[k].len, &w);
		if (!w.name_len && !w.mail_len)
			continue;
		if (nm[k].key == KEY_SIGNOFF) {
			ALLOC_GROW(so, so_nr + 1, so_alloc);
			so[so_nr++] = w;
			add_person(j, 's', &w);
		} else if (nm[k].key == KEY_TEST) {
			j->flags |= REVIEW_TESTED;
			if (!seen_before(&testers, &w))
				add_person(j, 't', &w);
		} else if (!same_person(&w, &author) &&
			   !same_person(&w, &committer)) {
			j->flags |= REVIEW_REVIEWED;
			if (!seen_before(&reviewers, &w))
				add_person(j, 'r', &w);
		}
	}
	j->handoffs = handoffs(so, so_nr, &author, &committer);
	seen_release(&reviewers);
	seen_release(&testers);
	free(so);
	free(nm);
	buf_release(&mapped);
}

/* The next "Key: value" line of trailers from *p (up to end): its key,
 * and its value from *v to *eol.  Returns 0 after the last. */
static int
trailer_next(const char **p, const char *end, enum key *key, const char **v,
	     const char **eol)
{
	while (*p < end) {
		const char *line = *p, *e = memchr(line, '\n',
						   (size_t)(end - line));
		const char *colon;

		if (!e)
			e = end;
		*p = e + 1;
		colon = memchr(line, ':', (size_t)(e - line));
		if (colon && colon + 2 < e) {
			*key = key_of(line, (size_t)(colon - line));
			*v = colon + 2;
			*eol = e;
			return 1;
		}
	}
	return 0;
}

int
review_cc_stable(const char *trailers)
{
	const char *p = trailers, *end = p + strlen(p), *v, *eol;
	enum key key;

	while (trailer_next(&p, end, &key, &v, &eol))
		if (key == KEY_CC && is_stable(v, eol))
			return 1;
	return 0;
}

int
review_signed_off(const struct mailmap *mm, const char *trailers,
		  const char *person)
{
	const char *p = trailers, *end = p + strlen(p), *v, *eol;
	struct buf mapped = BUF_INIT;
	struct who w, who;
	enum key key;
	int found = 0;

	who_parse(person, person + strlen(person), &who);
	while (!found && trailer_next(&p, end, &key, &v, &eol)) {
		if (key == KEY_SIGNOFF) {
			mapped.len = 0;
			map_value(mm, v, eol, &mapped);
			who_parse(mapped.data ? mapped.data : "",
				  (mapped.data ? mapped.data : "") + mapped.len,
				  &w);
			found = same_person(&w, &who);
		}
	}
	buf_release(&mapped);
	return found;
}

/* --- on the threads ---------------------------------------------------- */

/* Where the commits read go (commit_each_read's ctx). */
struct marks_ctx {
	struct review_marks *out;
	struct people *pp;
	const uint32_t *list;
	const struct mailmap *mm;	/* read only on the threads */
};

static void
judge_one(const struct commit_info *ci, void *item, const void *ctx)
{
	const struct marks_ctx *mc = ctx;
	struct judged *j = item;

	j->flags = REVIEW_READ;
	judge(ci, mc->mm, j);
}

static void
judged_clear(void *item)
{
	buf_release(&((struct judged *)item)->people);
}

/* --- kept, in the list's order ---------------------------------------- */

/* The people met so far: numbered by key; each spelling counted. */
struct people {
	struct interner keys, spellings;
	uint32_t *person;	/* per spelling: its person's number */
	uint32_t *times;	/* per spelling: the commits it was met in */
	uint32_t *as_self;	/* the same as an author or committer */
	size_t alloc, times_alloc, self_alloc;
};

/* The number of the person of key, met as shown in a trailer (or, with
 * as_self, as a commit's author or committer: --people's). */
static uint32_t
person_of(struct people *pp, const char *key, const char *shown,
	  int as_self)
{
	uint32_t id = str_intern(&pp->keys, key), known = pp->spellings.nr;
	uint32_t s = str_intern(&pp->spellings, shown);

	/* A spelling is one person's: the key is read from it. */
	if (s == known) {
		ALLOC_GROW(pp->person, s + 1, pp->alloc);
		ALLOC_GROW(pp->times, s + 1, pp->times_alloc);
		ALLOC_GROW(pp->as_self, s + 1, pp->self_alloc);
		pp->person[s] = id;
		pp->times[s] = pp->as_self[s] = 0;
	}
	/* A sign-off's (as_self 2) shows no one: --review's names
	 * stay what they were. */
	if (as_self == 1)
		pp->as_self[s]++;
	else if (!as_self)
		pp->times[s]++;
	return id;
}

/* Whether spelling s of its person shows them better than b: met more
 * often, ties to strcmp's first; in trailers (times) before as an author
 * or committer, which decides only for a person no trailer names (so
 * --review's names are what they were without --people's). */
static int
better(const struct people *pp, uint32_t s, uint32_t b)
{
	const uint32_t *t;

	if (b == HIST_NONE)
		return 1;
	t = pp->times[s] || pp->times[b] ? pp->times : pp->as_self;
	if (t[s] != t[b])
		return t[s] > t[b];
	return strcmp(pp->spellings.s[s], pp->spellings.s[b]) < 0;
}

/* Each person's spelling: the one met most, ties to strcmp's first. */
static void
people_finish(struct people *pp, struct review_marks *m)
{
	uint32_t *best = xmalloc((pp->keys.nr ? pp->keys.nr : 1) *
				 sizeof(*best));

	for (uint32_t p = 0; p < pp->keys.nr; p++)
		best[p] = HIST_NONE;
	for (uint32_t s = 0; s < pp->spellings.nr; s++)
		if (better(pp, s, best[pp->person[s]]))
			best[pp->person[s]] = s;
	m->people_nr = pp->keys.nr;
	m->people = xcalloc(m->people_nr ? m->people_nr : 1,
			    sizeof(*m->people));
	for (uint32_t p = 0; p < pp->keys.nr; p++)
		m->people[p] = xstrdup(pp->spellings.s[best[p]]);
	free(best);
	interner_release(&pp->keys);
	interner_release(&pp->spellings);
	free(pp->person);
	free(pp->times);
	free(pp->as_self);
}

/* Keep what commit c's record says. */
static void
keep(struct review_marks *m, struct people *pp, uint32_t c,
     const struct judged *j)
{
	const char *p = j->people.data;
	const char *end = p ? p + j->people.len : NULL;
	uint32_t *counts[3] = { &m->reviewers[c], &m->testers[c],
				&m->signers[c] };
	static const char role[3] = { 'r', 't', 's' };

	m->flags[c] = j->flags;
	m->handoffs[c] = j->handoffs;
	m->start[c] = (uint32_t)m->who_nr;
	/* Reviewers first, then testers, then those who signed off:
	 * three passes over the records. */
	for (int pass = 0; pass < 3 && p; pass++) {
		for (const char *q = p; q < end;) {
			const char *key = q + 1, *shown = key + strlen(key) + 1;

			if (*q == 'c' && !pass)
				m->committer[c] = person_of(pp, key, shown, 1);
			else if (*q == 'a' && !pass)
				m->author[c] = person_of(pp, key, shown, 1);
			else if (*q == role[pass]) {
				ALLOC_GROW(m->who, m->who_nr + 1, m->who_alloc);
				m->who[m->who_nr++] =
					person_of(pp, key, shown,
						  pass == 2 ? 2 : 0);
				(*counts[pass])++;
			}
			q = shown + strlen(shown) + 1;
		}
	}
}

static void
judged_keep(uint32_t pos, void *item, void *ctx)
{
	struct marks_ctx *mc = ctx;

	keep(mc->out, mc->pp, mc->list[pos], item);
}

int
review_read(struct repo *r, const struct history *h, const uint32_t *list,
	    uint32_t n, unsigned jobs, struct review_marks *out)
{
	size_t nr = h->nr ? h->nr : 1;
	struct people pp;
	struct mailmap *mm = NULL;
	struct marks_ctx mc;
	struct commit_each how = {
		CF_AUTHOR | CF_COMMITTER | CF_TRAILERS, NULL,
		sizeof(struct judged), judge_one, judged_keep, judged_clear,
		NULL,
	};
	int ret = 0;

	memset(out, 0, sizeof(*out));
	memset(&pp, 0, sizeof(pp));
	if (mailmap_open(&mm, r) < 0)
		ret = -1;
	/* (after the memset: the reading fills *out) */
	mc = (struct marks_ctx){ out, &pp, list, mm };
	how.mm = mm;
	how.ctx = &mc;
	out->nr = h->nr;
	out->flags = xcalloc(nr, sizeof(*out->flags));
	out->handoffs = xcalloc(nr, sizeof(*out->handoffs));
	out->start = xcalloc(nr, sizeof(*out->start));
	out->reviewers = xcalloc(nr, sizeof(*out->reviewers));
	out->testers = xcalloc(nr, sizeof(*out->testers));
	out->signers = xcalloc(nr, sizeof(*out->signers));
	out->committer = xmalloc(nr * sizeof(*out->committer));
	out->author = xmalloc(nr * sizeof(*out->author));
	for (size_t i = 0; i < nr; i++)
		out->committer[i] = out->author[i] = HIST_NONE;
	if (!ret)
		ret = commit_each_read(r, h, list, n, jobs, &how);
	people_finish(&pp, out);
	mailmap_free(mm);
	if (ret)
		review_marks_release(out);
	return ret;
}

int
review_read_range(struct repo *r, const struct history *h,
		  const uint8_t *selected, unsigned jobs,
		  struct review_marks *out)
{
	uint32_t *list = xmalloc((h->nr ? h->nr : 1) * sizeof(*list)), n = 0;
	int ret;

	for (uint32_t i = 0; i < h->nr; i++)
		if ((h->flags[i] & HIST_IN_RANGE) && !history_is_merge(h, i) &&
		    (!selected || selected[i]))
			list[n++] = i;
	ret = review_read(r, h, list, n, jobs, out);
	free(list);
	return ret;
}

void
review_marks_release(struct review_marks *m)
{
	for (uint32_t p = 0; p < m->people_nr; p++)
		free(m->people[p]);
	free(m->people);
	free(m->flags);
	free(m->handoffs);
	free(m->start);
	free(m->reviewers);
	free(m->testers);
	free(m->signers);
	free(m->committer);
	free(m->author);
	free(m->who);
	memset(m, 0, sizeof(*m));
}

/* --- the authors before the range (--people) ---------------------------- */

/* key ("m" or "n", then s..s+n in lower case), NUL, into out. */
static void
add_key(struct buf *out, char kind, const char *s, size_t n)
{
	buf_addc(out, kind);
	for (size_t i = 0; i < n; i++)
		buf_addc(out, s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] + 32) :
			 s[i]);
	buf_addc(out, '\0');
}

static void
who_keys(const struct who *w, struct buf *mail, struct buf *name)
{
	if (w->mail_len)
		add_key(mail, 'm', w->mail, w->mail_len);
	if (w->name_len)
		add_key(name, 'n', w->name, w->name_len);
}

void
review_person_keys(const char *shown, struct buf *mail, struct buf *name)
{
	struct who w;

	who_parse(shown, shown + strlen(shown), &w);
	who_keys(&w, mail, name);
}

int
review_read_authors(struct repo *r, const struct history *h, uint8_t flag,
		    unsigned jobs, struct interner *known)
{
	struct object_id *oids = xmalloc(BATCH * sizeof(*oids));
	struct commit_raw *raw = xcalloc(BATCH, sizeof(*raw));
	uint32_t *list = xmalloc((h->nr ? h->nr : 1) * sizeof(*list)), n = 0;
	struct buf mapped = BUF_INIT, keys = BUF_INIT;
	struct readpool *pool = NULL;
	struct mailmap *mm = NULL;
	int ret = 0;

	for (uint32_t i = 0; i < h->nr; i++)
		if ((h->flags[i] & flag) && (h->flags[i] & HIST_LOADED) &&
		    !history_is_merge(h, i))
			list[n++] = i;
	if (mailmap_open(&mm, r) < 0 || readpool_open(&pool, r, jobs) < 0)
		ret = -1;
	/* The headers alone, on the threads; named and keyed here. */
	for (uint32_t first = 0, m; !ret && first < n; first += m) {
		m = n - first < BATCH ? n - first : BATCH;
		for (uint32_t k = 0; k < m; k++)
			oids[k] = h->oid[list[first + k]];
		readpool_read(pool, oids, m, RAW_AUTHOR_ONLY, raw);
		for (uint32_t k = 0; k < m && !ret; k++) {
			const char *s;
			struct who w;

			if ((ret = commit_raw_check(&raw[k], &oids[k])) < 0)
				break;
			buf_release(&mapped);
			buf_release(&keys);
			mailmap_person(mm, raw[k].ident, raw[k].ident_len,
				       &mapped);
			s = mapped.data ? mapped.data : "";
			who_parse(s, s + mapped.len, &w);
			who_keys(&w, &keys, &keys);
			for (const char *p = keys.data; p &&
			     p < keys.data + keys.len; p += strlen(p) + 1)
				str_intern(known, p);
		}
	}
	for (uint32_t k = 0; k < BATCH; k++)
		commit_raw_release(&raw[k]);
	buf_release(&mapped);
	buf_release(&keys);
	readpool_free(pool);
	mailmap_free(mm);
	free(raw);
	free(oids);
	free(list);
	return ret;
}
