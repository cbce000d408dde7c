/*
 * fixes.c - --fixes: plain commits that name an earlier commit they fix
 * (a Fixes trailer of 4 to 40 digits, either case, with or without a
 * subject) or revert (git revert's line), and their truth.
 *
 * A message names a commit by its id, so the simulation knows every
 * object's id as fast-import will make it: each commit's (its tree is
 * always the empty tree: --fixes refuses --files and --mailmap-tree) and
 * each annotated tag's, hashed here with SHA-1 from the text fast-import
 * writes.  Which commits fix, what and how are hashes of the mark: no
 * random number is drawn, so the history is the same but for the
 * messages (and so the ids).  At the end, each id as written is
 * resolved among all those objects as `git rev-parse --verify
 * ID^{commit}` resolves it (git's disambiguation prefers the one commit
 * or tag among several candidates), and one line per pair is written:
 *
 *   FIX-ID TAB KIND TAB TARGET-ID-OR-EMPTY TAB ID-AS-WRITTEN TAB :MARK
 *
 * the first four fields of `treeplot --fixes -T fixes` and the mark of
 * the commit the message meant (an unresolvable id meant none: empty).
 */
#include "genhist.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define EMPTY_TREE "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

const struct ident fixes_signer = { "Fixer", "fixer@example.org" };

/* ---- SHA-1 (FIPS 180-4) -------------------------------------------- */

struct sha1 {
	uint32_t h[5];
	uint64_t len;
	unsigned char buf[64];
};

static uint32_t
rol(uint32_t x, unsigned n)
{
	return x << n | x >> (32 - n);
}

static void
sha1_block(struct sha1 *s, const unsigned char *p)
{
	uint32_t w[80], a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
	uint32_t e = s->h[4];

	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	for (int i = 0; i < 80; i++) {
		uint32_t f, k, t;

		if (i < 20) {
			f = (b & c) | (~b & d);
			k = 0x5a827999;
		} else if (i < 40) {
			f = b ^ c ^ d;
			k = 0x6ed9eba1;
		} else if (i < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ c ^ d;
			k = 0xca62c1d6;
		}
		t = rol(a, 5) + f + e + k + w[i];
		e = d;
		d = c;
		c = rol(b, 30);
		b = a;
		a = t;
	}
	s->h[0] += a;
	s->h[1] += b;
	s->h[2] += c;
	s->h[3] += d;
	s->h[4] += e;
}

static void
sha1_init(struct sha1 *s)
{
	static const uint32_t h0[5] = { 0x67452301, 0xefcdab89, 0x98badcfe,
					0x10325476, 0xc3d2e1f0 };

	memcpy(s->h, h0, sizeof(h0));
	s->len = 0;
}

static void
sha1_add(struct sha1 *s, const void *data, size_t n)
{
	const unsigned char *p = data;

	while (n) {
		size_t at = s->len % 64, k = 64 - at < n ? 64 - at : n;

		memcpy(s->buf + at, p, k);
		s->len += k;
		p += k;
		n -= k;
		if (s->len % 64 == 0)
			sha1_block(s, s->buf);
	}
}

static void
sha1_end(struct sha1 *s, unsigned char out[20])
{
	uint64_t bits = s->len * 8;
	unsigned char pad = 0x80, zero = 0, len[8];

	sha1_add(s, &pad, 1);
	while (s->len % 64 != 56)
		sha1_add(s, &zero, 1);
	for (int i = 0; i < 8; i++)
		len[i] = (unsigned char)(bits >> (56 - 8 * i));
	sha1_add(s, len, 8);
	for (int i = 0; i < 20; i++)
		out[i] = (unsigned char)(s->h[i / 4] >> (24 - 8 * (i % 4)));
}

/* The id of a git object of type (commit, tag) holding text. */
static void
object_id(const char *type, const char *text, size_t n, char hex[41])
{
	struct sha1 s;
	char head[64];
	unsigned char raw[20];
	int k = snprintf(head, sizeof(head), "%s %zu", type, n);

	sha1_init(&s);
	sha1_add(&s, head, (size_t)k + 1);	/* the NUL too */
	sha1_add(&s, text, n);
	sha1_end(&s, raw);
	for (int i = 0; i < 20; i++)
		snprintf(hex + 2 * i, 3, "%02x", raw[i]);
}

/* ---- the objects' ids ---------------------------------------------- */

/* A pair written: the fix's mark, its kind, the id as written, the mark
 * meant (NONE: none). */
struct fix_pair {
	uint32_t fix, meant;
	int revert;
	char *quote;		/* the quoted subject, or NULL */
	char id[41];
};

static struct {
	char (*oid)[41];		/* per mark: "" until written */
	char **subject;			/* --checks, per mark: its subject */
	size_t oid_alloc;
	uint32_t *plain;		/* the written non-merge marks */
	size_t plain_nr, plain_alloc;
	char (*tags)[41];		/* the annotated tags' ids */
	uint32_t *tagged;		/* and the marks they name */
	size_t tags_nr, tags_alloc, tagged_alloc;
	struct fix_pair *pairs;
	size_t pairs_nr, pairs_alloc;
} ids;

const char *
fixes_oid(uint32_t mark)
{
	return mark < ids.oid_alloc ? ids.oid[mark] : "";
}

void
fixes_commit_written(const struct sim *sim, uint32_t m, const char *text,
		     size_t n, unsigned npar)
{
	if (m >= ids.oid_alloc) {
		size_t old = ids.oid_alloc;

		ids.oid_alloc = m * 2 + 16;
		ids.oid = xrealloc(ids.oid, ids.oid_alloc * sizeof(*ids.oid));
		memset(ids.oid + old, 0,
		       (ids.oid_alloc - old) * sizeof(*ids.oid));
		ids.subject = xrealloc(ids.subject,
				       ids.oid_alloc * sizeof(*ids.subject));
		memset(ids.subject + old, 0,
		       (ids.oid_alloc - old) * sizeof(*ids.subject));
	}
	object_id("commit", text, n, ids.oid[m]);
	if (sim->fchk) {
		const char *msg = strstr(text, "\n\n") + 2;

		ids.subject[m] = xprintf("%.*s", (int)strcspn(msg, "\n"), msg);
	}
	if (npar == 1) {
		GROW(ids.plain, ids.plain_nr, ids.plain_alloc);
		ids.plain[ids.plain_nr++] = m;
	}
}

void
fixes_tag_written(uint32_t mark, const char *text, size_t n)
{
	GROW(ids.tags, ids.tags_nr, ids.tags_alloc);
	GROW(ids.tagged, ids.tags_nr, ids.tagged_alloc);
	ids.tagged[ids.tags_nr] = mark;
	object_id("tag", text, n, ids.tags[ids.tags_nr++]);
}

/* ---- the messages ------------------------------------------------- */

const char *
fixes_subject_of(uint32_t mark)
{
	return mark < ids.oid_alloc && ids.subject[mark] ?
	       ids.subject[mark] : "";
}

/* The subject a Fixes trailer of p quotes, chosen by h (a new string):
 * FIXES_SUBJECT, no commit's; with --checks, some quote the target's
 * as it is, cut and ending in "..." or an ellipsis (both fine), or cut
 * of its last character alone (close, but wrong). */
static char *
quote_of(const struct sim *sim, const struct fix_pair *p, uint64_t h)
{
	const char *s = p->meant == NONE ? "" : fixes_subject_of(p->meant);
	int half = (int)strlen(s) / 2, len = (int)strlen(s);

	if (!sim->fchk || !*s)
		return xprintf("%s", FIXES_SUBJECT);
	switch (h % 5) {
	case 0: return xprintf("%s", FIXES_SUBJECT);
	case 1: return xprintf("%s", s);
	case 2: return xprintf("%.*s...", half, s);
	case 3: return xprintf("%.*s\xe2\x80\xa6", half, s);
	default: return xprintf("%.*s", len - 1, s);
	}
}

/* One target of fix m, chosen by h: appended to body. */
static void
one_target(const struct sim *sim, uint32_t m, uint64_t h, struct sb *body)
{
	struct fix_pair p = { m, NONE, 0, NULL, "" };
	uint32_t len = 4 + (uint32_t)(h % 37);

	if ((h >> 8) % 13 == 0) {
		/* An id of no object, most likely. */
		snprintf(p.id, sizeof(p.id), "%012" PRIx64, mix64(h) >> 16);
	} else {
		p.meant = ids.plain[(h >> 16) % ids.plain_nr];
		p.revert = (h >> 40) % 8 == 0;
		if (p.revert)
			len = 40;
		memcpy(p.id, ids.oid[p.meant], len);
		p.id[len] = '\0';
		if (!p.revert && (h >> 44) % 7 == 0)
			for (char *c = p.id; *c; c++)
				if (*c >= 'a' && *c <= 'f')
					*c = (char)(*c - 'a' + 'A');
	}
	if (!p.revert && (h >> 48) % 2)
		p.quote = quote_of(sim, &p, h >> 52);
	if (p.revert)
		sb_add(body, "This reverts commit %s.\n", p.id);
	else if (p.quote)
		sb_add(body, "Fixes: %s (\"%s\")\n", p.id, p.quote);
	else
		sb_add(body, "Fixes: %s\n", p.id);
	/* A message naming one id twice the same way names it once. */
	if (ids.pairs_nr && ids.pairs[ids.pairs_nr - 1].fix == m &&
	    ids.pairs[ids.pairs_nr - 1].revert == p.revert &&
	    !strcmp(ids.pairs[ids.pairs_nr - 1].id, p.id)) {
		free(p.quote);
		return;
	}
	GROW(ids.pairs, ids.pairs_nr, ids.pairs_alloc);
	ids.pairs[ids.pairs_nr++] = p;
}

char *
fixes_body(const struct sim *sim, uint32_t m)
{
	uint64_t h = mix64(0x6669786573ull ^ ((uint64_t)m << 20));
	struct sb body = { .len = 0 };

	if (h % 10 || !ids.plain_nr)
		return NULL;
	sb_add(&body, "A fix.\n\n");
	one_target(sim, m, mix64(h), &body);
	/* Some fix two bugs. */
	if ((h >> 32) % 5 == 0)
		one_target(sim, m, mix64(h + 1), &body);
	sb_add(&body, "Signed-off-by: %s <%s>", fixes_signer.name,
	       fixes_signer.email);
	return xprintf("%s", body.buf);
}

/* ---- the truth ----------------------------------------------------- */

/* An object a short id may name: its id, and the mark of the commit it
 * leads to (NONE for the empty tree, which leads to none). */
struct object {
	const char *hex;
	uint32_t mark;
};

static int
cmp_object(const void *a, const void *b)
{
	return strcmp(((const struct object *)a)->hex,
		      ((const struct object *)b)->hex);
}

/* id resolved as git resolves ID^{commit} among the n sorted objects:
 * the commit's mark, or NONE.  One candidate is taken, whatever it is;
 * of several, the one leading to a commit, when exactly one does. */
static uint32_t
resolve(const char *id, const struct object *all, size_t n)
{
	char low[41];
	size_t len = strlen(id), lo = 0, hi = n, cand = 0, commitish = 0;
	uint32_t pick = NONE;

	for (size_t k = 0; k <= len; k++)
		low[k] = (char)(id[k] >= 'A' && id[k] <= 'F' ?
				id[k] - 'A' + 'a' : id[k]);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strncmp(all[mid].hex, low, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k < n && !strncmp(all[k].hex, low, len); k++) {
		cand++;
		if (all[k].mark != NONE) {
			commitish++;
			pick = all[k].mark;
		}
	}
	return cand == 1 || commitish == 1 ? pick : NONE;
}

void
fixes_each(const struct sim *sim, fixes_fn *fn, void *data)
{
	size_t n = 0;
	struct object *all = xcalloc(sim->nmarks + ids.tags_nr + 2,
				     sizeof(*all));

	for (uint32_t m = 1; m < ids.oid_alloc; m++)
		if (ids.oid[m][0])
			all[n++] = (struct object){ ids.oid[m], m };
	for (size_t k = 0; k < ids.tags_nr; k++)
		all[n++] = (struct object){ ids.tags[k], ids.tagged[k] };
	all[n++] = (struct object){ EMPTY_TREE, NONE };
	qsort(all, n, sizeof(*all), cmp_object);
	for (size_t k = 0; k < ids.pairs_nr; k++) {
		const struct fix_pair *p = &ids.pairs[k];
		struct fix_seen seen = { p->fix, resolve(p->id, all, n),
					 p->meant, p->revert, p->quote,
					 p->id };

		fn(&seen, data);
	}
	free(all);
}

static void
truth_line(const struct fix_seen *p, void *data)
{
	FILE *f = data;

	fprintf(f, "%s\t%s\t%s\t%s\t", ids.oid[p->fix],
		p->revert ? "revert" : "fixes", fixes_oid(p->target), p->id);
	if (p->meant != NONE)
		fprintf(f, ":%" PRIu32, p->meant);
	fputc('\n', f);
}

void
fixes_write_truth(const struct sim *sim, FILE *f)
{
	fixes_each(sim, truth_line, f);
}

void
fixes_release(void)
{
	for (size_t m = 0; m < ids.oid_alloc; m++)
		free(ids.subject[m]);
	for (size_t k = 0; k < ids.pairs_nr; k++)
		free(ids.pairs[k].quote);
	free(ids.subject);
	free(ids.oid);
	free(ids.plain);
	free(ids.tags);
	free(ids.tagged);
	free(ids.pairs);
}
