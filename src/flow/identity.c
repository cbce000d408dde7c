/*
 * identity.c - which spellings of URLs are one tree, and, where the
 * evidence cannot say, which may be.
 *
 * The rules, in order (identity.h says why):
 *   1. the same repository path on two hosts of one registrable domain;
 *   2. the same repository name (the path's last component) kept by the
 *      same person: within one domain or across domains;
 *   3. everything else apart; a pair that only the evidence missing on
 *      one side keeps apart is a likely alias when the dates or the tags
 *      suggest one tree.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "flow/identity.h"
#include "flow/evidence.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/buf.h"
#include "util/url.h"
#include "util/util.h"

/* The keepers compared: a tie of more is rare, and shown as such. */
#define KEEPERS_MAX 8

/* A bucket bigger than this (a project's forks by the hundred) gets no
 * likely alias by its tags: comparing every pair would be quadratic. */
#define TAG_BUCKET_MAX 256
/* In such a bucket, the keys looked at after one's end. */
#define BIG_BUCKET_LOOK 16

/* The last component of a key's path: the repository's name. */
static const char *
repo_name_of(const struct tree_key *k)
{
	const char *s = strrchr(k->path, '/');

	return s ? s + 1 : k->path;
}

const char *
identity_repo_name(const struct tree_key *k)
{
	return repo_name_of(k);
}

const char *
identity_domain(const struct tree_key *k)
{
	return *k->host ? url_registrable_domain(k->host) : NULL;
}

/* Is path a (the shorter) the tail of path b, by whole components? */
static int
path_tail(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	if (la > lb) {
		const char *t = a;
		size_t tl = la;

		a = b;
		b = t;
		la = lb;
		lb = tl;
	}
	if (!la || memcmp(a, b + lb - la, la))
		return 0;
	return la == lb || b[lb - la - 1] == '/';
}

/* Unless both are on forges, where a path's first component is its
 * owner's account: whether that is one owner's. */
int
identity_same_owner(const struct tree_key *a, const struct tree_key *b)
{
	size_t la = strcspn(a->path, "/"), lb = strcspn(b->path, "/");

	if (!url_forge_host(a->host) || !url_forge_host(b->host))
		return 1;
	return la == lb && !strncasecmp(a->path, b->path, la);
}

/* May keys a and b be joined: two trees (an alias naming both alike
 * made them one already), not both named by aliases of their own (the
 * user named them apart)? */
static int
joinable(const struct tree_table *tt, uint32_t a, uint32_t b)
{
	uint32_t ra = trees_key_root(tt, a), rb = trees_key_root(tt, b);

	if (ra == rb || !strcmp(trees_key_name(tt, a), trees_key_name(tt, b)))
		return 0;
	/* Forks of different owners on forges stay apart, whoever
	 * committed their tips: only an alias joins them. */
	if (!identity_same_owner(&tt->k[a], &tt->k[b]))
		return 0;
	return tt->k[ra].alias < 0 || tt->k[rb].alias < 0 ||
	       tt->k[ra].alias == tt->k[rb].alias;
}

uint32_t
identity_shared_tag(const struct tree_table *tt, uint32_t a, uint32_t b)
{
	const struct tree_key *ka = &tt->k[a], *kb = &tt->k[b];
	uint32_t best = UINT32_MAX;

	/* The first in byte order: the numbers follow the walk. */
	for (uint32_t i = 0; i < ka->tags_nr; i++)
		for (uint32_t j = 0; j < kb->tags_nr; j++)
			if (ka->tags[i] == kb->tags[j] &&
			    (best == UINT32_MAX ||
			     strcmp(tt->words.s[ka->tags[i]],
				    tt->words.s[best]) < 0))
				best = ka->tags[i];
	return best;
}

/* "N pull(s), FIRST .. LAST" of key k. */
static void
add_pulls(struct buf *b, const struct tree_key *k)
{
	buf_printf(b, "%u pull%s, ", k->pulls, k->pulls == 1 ? "" : "s");
	buf_add_day(b, k->first);
	buf_puts(b, " .. ");
	buf_add_day(b, k->last);
}

/* --- people: one name or one address, one person ----------------------- */

static uint32_t
canon_find(uint32_t *up, uint32_t p)
{
	while (up[p] != p) {
		up[p] = up[up[p]];
		p = up[p];
	}
	return p;
}

/* Person p's name (n bytes) or address into out, lower case for an
 * address; 0 when it has none worth comparing. */
static int
person_part(const struct tree_table *tt, uint32_t p, int mail,
	    struct buf *out)
{
	const char *name, *addr;
	size_t nl, ml;

	keeper_split(tt->people.s[p], &name, &nl, &addr, &ml);
	out->len = 0;
	if (mail) {
		if (!ml || !memchr(addr, '@', ml))
			return 0;
		for (size_t k = 0; k < ml; k++)
			buf_addc(out, addr[k] >= 'A' && addr[k] <= 'Z' ?
				 (char)(addr[k] - 'A' + 'a') : addr[k]);
	} else {
		/* A name of one word is no one's ("root", "Linux"). */
		if (nl < 3 || !memchr(name, ' ', nl))
			return 0;
		buf_add(out, name, nl);
	}
	buf_addc(out, '\0');
	return 1;
}

/*
 * Per person of tt: the person it is one with, as --review compares
 * people: one name under two addresses, or one address under two names,
 * is one person (the lowest number of them).  A new array.
 */
static uint32_t *
people_canon(const struct tree_table *tt)
{
	uint32_t n = tt->people.nr;
	uint32_t *up = xmalloc((n ? n : 1) * sizeof(*up));
	struct buf b = BUF_INIT;

	for (uint32_t p = 0; p < n; p++)
		up[p] = p;
	for (int mail = 0; mail < 2; mail++) {
		struct interner parts = INTERNER_INIT;
		uint32_t *first = xmalloc((n ? n : 1) * sizeof(*first));

		for (uint32_t p = 0; p < n; p++) {
			uint32_t id, a, c, before = parts.nr;

			if (!person_part(tt, p, mail, &b))
				continue;
			id = str_intern(&parts, b.data);
			if (parts.nr > before) {
				first[id] = p;
				continue;
			}
			a = canon_find(up, first[id]);
			c = canon_find(up, p);
			if (a != c)
				up[a > c ? a : c] = a < c ? a : c;
		}
		interner_release(&parts);
		free(first);
	}
	for (uint32_t p = 0; p < n; p++)
		up[p] = canon_find(up, p);
	buf_release(&b);
	return up;
}

/* Do keys a and b have a keeper in common (one person by canon)?  Into
 * *who, a's keeper. */
static int
keepers_share(const struct tree_table *tt, const uint32_t *canon, uint32_t a,
	      uint32_t b, uint32_t *who)
{
	uint32_t ka[KEEPERS_MAX], kb[KEEPERS_MAX];
	uint32_t na = evidence_keepers(tt, a, ka, KEEPERS_MAX),
		 nb = evidence_keepers(tt, b, kb, KEEPERS_MAX);

	for (uint32_t i = 0; i < na; i++)
		for (uint32_t j = 0; j < nb; j++)
			if (canon[ka[i]] == canon[kb[j]]) {
				*who = ka[i];
				return 1;
			}
	return 0;
}

/* --- 1. one path on sibling hosts ------------------------------------ */

struct keyref {
	uint32_t k;
	const char *a, *b;	/* what keys are grouped by */
	uint32_t person;	/* same_keeper's: b's number */
	int64_t first;		/* then: the key's first pull, */
	const char *key;	/* and the key */
};

static struct keyref
keyref(const struct tree_table *tt, uint32_t k, const char *a, const char *b,
       uint32_t person)
{
	return (struct keyref){ k, a, b, person, tt->k[k].first,
				tt->k[k].key };
}

/* By what they are grouped by, then the oldest first (each group is
 * joined to its first), then by key: never by number, which follows the
 * walk's order. */
static int
cmp_keyref(const void *pa, const void *pb)
{
	const struct keyref *x = pa, *y = pb;
	int c = strcmp(x->a, y->a);

	if (!c)
		c = strcmp(x->b, y->b);
	if (!c && x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return c ? c : strcmp(x->key, y->key);
}

/*
 * Keys of one path on hosts of one domain: one repository, served by
 * every host of it, whatever the dates (both hosts serve it for years
 * while each maintainer switches in their own time).  Unless each has
 * keepers and none in common, and their tags share no stem: the tenants
 * of a multi-tenant domain the Public Suffix List does not know
 * (alice.visualstudio.com, bob.visualstudio.com) are different people's
 * repositories, however alike their paths.
 */
static int
tenants_apart(const struct tree_table *tt, const uint32_t *canon, uint32_t a,
	      uint32_t b)
{
	uint32_t who, one;

	return evidence_keepers(tt, a, &one, 1) &&
	       evidence_keepers(tt, b, &one, 1) &&
	       !keepers_share(tt, canon, a, b, &who) &&
	       identity_shared_tag(tt, a, b) == UINT32_MAX;
}

static void
same_path(struct tree_table *tt, const uint32_t *canon, struct keyref *v,
	  size_t n)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		const char *d = identity_domain(&tt->k[v[i].k]);

		if (d && *tt->k[v[i].k].path)
			v[m++] = keyref(tt, v[i].k, d, tt->k[v[i].k].path,
					0);
	}
	qsort(v, m, sizeof(*v), cmp_keyref);
	for (size_t lo = 0, hi; lo < m; lo = hi) {
		for (hi = lo + 1; hi < m && !strcmp(v[hi].a, v[lo].a) &&
		     !strcmp(v[hi].b, v[lo].b); hi++)
			;
		for (size_t i = lo + 1; i < hi; i++) {
			const struct tree_key *a = &tt->k[v[lo].k],
					      *b = &tt->k[v[i].k];
			struct buf e = BUF_INIT;

			if (!joinable(tt, v[lo].k, v[i].k) ||
			    tenants_apart(tt, canon, v[lo].k, v[i].k))
				continue;
			buf_printf(&e, "the repository path '%s' on %s (", a->path,
				   a->host);
			add_pulls(&e, a);
			buf_printf(&e, ") and on %s (", b->host);
			add_pulls(&e, b);
			buf_printf(&e, "), hosts of %s: one repository",
				   v[lo].a);
			trees_join(tt, v[lo].k, v[i].k, JOIN_SAME_PATH, e.data);
			buf_release(&e);
		}
	}
}

/* --- 1b. one path moved to another domain ------------------------------ */

/*
 * Keys of one repository path of several components on hosts of other
 * domains, one's pulls ending before the other's begin, whose tags
 * share a stem: one repository moved (u-boot's custodian trees from
 * source.denx.de to another host), whoever of its co-custodians
 * committed the tips on either side.  A path of one component, or no
 * tag shared, or pulls overlapping, is no such evidence.
 */
static void
moved_path(struct tree_table *tt, struct keyref *v, size_t n)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (strchr(tt->k[v[i].k].path, '/'))
			v[m++] = keyref(tt, v[i].k, tt->k[v[i].k].path, "", 0);
	qsort(v, m, sizeof(*v), cmp_keyref);
	for (size_t i = 1; i < m; i++) {
		const struct tree_key *a = &tt->k[v[i - 1].k],
				      *b = &tt->k[v[i].k];
		uint32_t tag;
		struct buf e = BUF_INIT;

		if (strcmp(v[i].a, v[i - 1].a) || a->last >= b->first ||
		    !joinable(tt, v[i - 1].k, v[i].k) ||
		    (tag = identity_shared_tag(tt, v[i - 1].k, v[i].k)) ==
		    UINT32_MAX)
			continue;
		buf_printf(&e, "the repository path '%s' on %s (", a->path,
			   a->host);
		add_pulls(&e, a);
		buf_printf(&e, ") then on %s (", b->host);
		add_pulls(&e, b);
		buf_printf(&e, "), tags sharing '%s-': one repository moved",
			   tt->words.s[tag]);
		trees_join(tt, v[i - 1].k, v[i].k, JOIN_SAME_PATH, e.data);
		buf_release(&e);
	}
}

/* --- 2. one name, one keeper ----------------------------------------- */

/* "Name <mail>: N of M pulls" of key k's keeper p. */
static void
add_keeper_share(struct buf *b, const struct tree_table *tt,
		 const uint32_t *canon, uint32_t k, uint32_t p)
{
	const struct tree_key *key = &tt->k[k];
	uint32_t n = 0, all = 0;

	for (uint32_t i = 0; i < key->ev_nr; i++) {
		all += key->ev[i].pulls;
		if (canon[key->ev[i].person] == canon[p])
			n += key->ev[i].pulls;
	}
	buf_printf(b, "%u of %u pull%s of %s", n, all, all == 1 ? "" : "s",
		   key->key);
}

/* Where a and b are: "within D", "across D1 and D2", "on HOST". */
static void
add_where(struct buf *b, const struct tree_table *tt, uint32_t a,
	  uint32_t c)
{
	const struct tree_key *ka = &tt->k[a], *kc = &tt->k[c];
	const char *da = identity_domain(ka), *dc = identity_domain(kc);

	if (!strcmp(ka->host, kc->host))
		buf_printf(b, "on %s", ka->host);
	else if (da && dc && !strcmp(da, dc))
		buf_printf(b, "within %s", da);
	else
		buf_printf(b, "across %s and %s", da ? da : ka->host,
			   dc ? dc : kc->host);
}

/* The person of key k's keepers who is canon's p: the address it
 * shows there. */
static uint32_t
keeper_as(const struct tree_table *tt, const uint32_t *canon, uint32_t k,
	  uint32_t p)
{
	uint32_t keepers[KEEPERS_MAX];
	uint32_t nk = evidence_keepers(tt, k, keepers, KEEPERS_MAX);

	for (uint32_t j = 0; j < nk; j++)
		if (canon[keepers[j]] == canon[p])
			return keepers[j];
	return p;
}

static void
keeper_join(struct tree_table *tt, const uint32_t *canon, uint32_t a,
	    uint32_t c, uint32_t person)
{
	struct buf e = BUF_INIT;
	uint32_t tag = identity_shared_tag(tt, a, c);
	uint32_t pa = keeper_as(tt, canon, a, person),
		 pc = keeper_as(tt, canon, c, person);

	buf_printf(&e, "the repository name '%s' ", repo_name_of(&tt->k[a]));
	add_where(&e, tt, a, c);
	buf_puts(&e, ", kept by the same person, ");
	buf_puts(&e, tt->people.s[pa]);
	/* One name under two addresses, or one address under two names:
	 * one person, as --review compares people. */
	if (pc != pa) {
		buf_puts(&e, " (also ");
		buf_puts(&e, tt->people.s[pc]);
		buf_puts(&e, ")");
	}
	buf_puts(&e, ": they committed the tips of ");
	add_keeper_share(&e, tt, canon, a, person);
	buf_puts(&e, " and ");
	add_keeper_share(&e, tt, canon, c, person);
	if (tag != UINT32_MAX)
		buf_printf(&e, "; their tags share '%s-'", tt->words.s[tag]);
	trees_join(tt, a, c, JOIN_SAME_KEEPER, e.data);
	buf_release(&e);
}

/* Keys of one repository name (v[0..n), grouped by name) whose keepers
 * share a person: one tree, whatever the dates and the hosts. */
static void
same_keeper(struct tree_table *tt, const uint32_t *canon, struct keyref *v,
	    size_t n)
{
	struct keyref *pk = NULL;
	size_t pk_nr = 0, pk_alloc = 0;
	uint32_t keepers[KEEPERS_MAX];

	/* One entry per (name, keeper, key): runs of one name and one
	 * keeper are joined. */
	for (size_t i = 0; i < n; i++) {
		uint32_t nk = evidence_keepers(tt, v[i].k, keepers,
					       KEEPERS_MAX);

		for (uint32_t j = 0; j < nk; j++) {
			ALLOC_GROW(pk, pk_nr + 1, pk_alloc);
			pk[pk_nr++] = keyref(tt, v[i].k,
					     repo_name_of(&tt->k[v[i].k]),
					     tt->people.s[canon[keepers[j]]],
					     canon[keepers[j]]);
		}
	}
	if (pk_nr > 1)
		qsort(pk, pk_nr, sizeof(*pk), cmp_keyref);
	for (size_t lo = 0, hi; lo < pk_nr; lo = hi) {
		for (hi = lo + 1; hi < pk_nr && !strcmp(pk[hi].a, pk[lo].a) &&
		     !strcmp(pk[hi].b, pk[lo].b); hi++)
			;
		for (size_t i = lo + 1; i < hi; i++)
			if (joinable(tt, pk[lo].k, pk[i].k))
				keeper_join(tt, canon, pk[lo].k, pk[i].k,
					    pk[lo].person);
	}
	free(pk);
}

/* --- 3. what the evidence could not decide --------------------------- */

static int
has_keepers(const struct tree_table *tt, uint32_t k)
{
	uint32_t one;

	return evidence_keepers(tt, k, &one, 1) > 0;
}

/* Is there a hint between the trees of a and b already?  (Roots do not
 * change once the joins are made: each pair of trees numbered once.) */
static int
hinted(const struct tree_table *tt, struct pair_index *seen, uint32_t a,
       uint32_t b)
{
	uint32_t ra = trees_key_root(tt, a), rb = trees_key_root(tt, b),
		 nr = seen->nr;

	pair_index_get(seen, ra < rb ? ra : rb, ra < rb ? rb : ra);
	return seen->nr == nr;
}

/* The length of the name of person p ("Name <mail>": up to " <"). */
static size_t
name_len(const struct tree_table *tt, uint32_t p)
{
	const char *s = tt->people.s[p], *lt = strrchr(s, '<');
	size_t n = lt ? (size_t)(lt - s) : strlen(s);

	while (n && s[n - 1] == ' ')
		n--;
	return n;
}

/* One keeper of a and one of b by one name under two addresses (no
 * .mailmap line joins them): into *pa and *pb. */
static int
same_name(const struct tree_table *tt, uint32_t a, uint32_t b, uint32_t *pa,
	  uint32_t *pb)
{
	uint32_t ka[KEEPERS_MAX], kb[KEEPERS_MAX];
	uint32_t na = evidence_keepers(tt, a, ka, KEEPERS_MAX),
		 nb = evidence_keepers(tt, b, kb, KEEPERS_MAX);

	for (uint32_t i = 0; i < na; i++)
		for (uint32_t j = 0; j < nb; j++) {
			size_t la = name_len(tt, ka[i]);

			if (la && la == name_len(tt, kb[j]) &&
			    !memcmp(tt->people.s[ka[i]], tt->people.s[kb[j]],
				    la)) {
				*pa = ka[i];
				*pb = kb[j];
				return 1;
			}
		}
	return 0;
}

int
identity_same_name(const struct tree_table *tt, uint32_t a, uint32_t b,
		   uint32_t *pa, uint32_t *pb)
{
	return same_name(tt, a, b, pa, pb);
}

/* A likely alias between a (older) and b: why it may be one tree, and
 * why that could not be decided. */
static void
undecided(struct tree_table *tt, struct pair_index *seen, uint32_t a,
	  uint32_t b, uint32_t tag)
{
	uint32_t pa, pb;
	const struct tree_key *ka = &tt->k[a], *kb = &tt->k[b];
	struct buf e = BUF_INIT;

	if (hinted(tt, seen, a, b))
		return;
	buf_printf(&e, "the repository name '%s' ", repo_name_of(ka));
	add_where(&e, tt, a, b);
	buf_printf(&e, ": %s (", ka->key);
	add_pulls(&e, ka);
	buf_printf(&e, "), %s (", kb->key);
	add_pulls(&e, kb);
	buf_puts(&e, ")");
	if (ka->last < kb->first)
		buf_puts(&e, ", one's pulls ending before the other's begin");
	if (tag != UINT32_MAX)
		buf_printf(&e, ", tags sharing '%s-'", tt->words.s[tag]);
	if (has_keepers(tt, a) && has_keepers(tt, b) &&
	    same_name(tt, a, b, &pa, &pb)) {
		buf_printf(&e, "; kept by one name under two addresses, %s and "
			   "%s (a .mailmap line would make them one person)",
			   tt->people.s[pa], tt->people.s[pb]);
	} else {
		if (!has_keepers(tt, a) && !has_keepers(tt, b))
			buf_printf(&e, "; no keeper known for either");
		else
			buf_printf(&e, "; no keeper known for %s",
				   has_keepers(tt, a) ? kb->key : ka->key);
		buf_puts(&e, " (the tips its pulls brought in are the "
			 "mainline's own commits or its maintainers' merges)");
	}
	trees_hint(tt, a, b, e.data);
	buf_release(&e);
}

static int
cmp_first(const void *pa, const void *pb, void *data)
{
	const struct tree_table *tt = data;
	const struct tree_key *a = &tt->k[*(const uint32_t *)pa],
			      *b = &tt->k[*(const uint32_t *)pb];

	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	return strcmp(a->key, b->key);
}

/*
 * The keys of one name, v[0..n), by first pull: for each that has no
 * keeper known, the key of another tree whose path it is a tail of (or
 * that is a tail of it), whose pulls begin after its own end (a move,
 * as the dates show one) or that shares a tag's first word with it;
 * for each kept by someone, a later key kept by someone of the same
 * name under another address.
 */
static void
bucket_hints(struct tree_table *tt, struct pair_index *seen, uint32_t *v,
	     size_t n)
{
	int big = n > TAG_BUCKET_MAX;

	qsort_r(v, n, sizeof(*v), cmp_first, tt);
	for (size_t i = 0; i < n; i++) {
		const struct tree_key *ki = &tt->k[v[i]];
		int known = has_keepers(tt, v[i]);
		size_t j = 0, end = n;

		if (big) {
			/* Only the keys that begin after it: the first few
			 * of them, found by bisection. */
			size_t lo = i + 1, hi = n;

			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;

				if (tt->k[v[mid]].first > ki->last)
					hi = mid;
				else
					lo = mid + 1;
			}
			j = lo;
			end = j + BIG_BUCKET_LOOK < n ? j + BIG_BUCKET_LOOK : n;
		}
		for (; j < end; j++) {
			const struct tree_key *kj = &tt->k[v[j]];
			uint32_t tag;
			int later;

			if (j == i || !joinable(tt, v[i], v[j]))
				continue;
			/* Both kept by someone, and not by one person: apart,
			 * unless by one name under two addresses. */
			if (known && has_keepers(tt, v[j])) {
				uint32_t pa, pb;

				if (j > i && same_name(tt, v[i], v[j], &pa, &pb)) {
					undecided(tt, seen, v[i], v[j],
						  UINT32_MAX);
					break;
				}
				continue;
			}
			if (!path_tail(ki->path, kj->path))
				continue;
			later = kj->first > ki->last;
			tag = big ? UINT32_MAX :
			      identity_shared_tag(tt, v[i], v[j]);
			if (later || (tag != UINT32_MAX && j > i)) {
				undecided(tt, seen, v[i], v[j], tag);
				break;
			}
		}
	}
}

/* A likely alias of keys a and b, older first, why (e) said. */
static void
other_hint(struct tree_table *tt, struct pair_index *seen, uint32_t a,
	   uint32_t b, struct buf *e)
{
	if (tt->k[a].first > tt->k[b].first ||
	    (tt->k[a].first == tt->k[b].first &&
	     strcmp(tt->k[a].key, tt->k[b].key) > 0)) {
		uint32_t t = a;

		a = b;
		b = t;
	}
	if (!joinable(tt, a, b) || hinted(tt, seen, a, b))
		return;
	trees_hint(tt, a, b, e->data);
}

/*
 * A slip that drops the repository ("Merge branch 'uk-update' of
 * github.com:arkid15r"): a key whose path is one component, an owner,
 * and a key of that owner's on the same host, kept by the same person
 * (or the slip's keeper unknown).
 */
static void
slip_hints(struct tree_table *tt, const uint32_t *canon,
	   struct pair_index *seen, const struct keyref *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct tree_key *ki = &tt->k[v[i].k];
		size_t pl = strlen(ki->path);

		if (!pl || strchr(ki->path, '/'))
			continue;
		for (size_t j = 0; j < n; j++) {
			const struct tree_key *kj = &tt->k[v[j].k];
			uint32_t who = UINT32_MAX;
			struct buf e = BUF_INIT;

			if (strcmp(ki->host, kj->host) ||
			    strncmp(kj->path, ki->path, pl) ||
			    kj->path[pl] != '/' ||
			    (has_keepers(tt, v[i].k) &&
			     !keepers_share(tt, canon, v[j].k, v[i].k, &who)))
				continue;
			buf_printf(&e, "%s names an owner, not a repository "
				   "(", ki->key);
			add_pulls(&e, ki);
			buf_printf(&e, "): a slip for %s (", kj->key);
			add_pulls(&e, kj);
			buf_puts(&e, ")");
			if (who != UINT32_MAX)
				buf_printf(&e, ", kept by the same person, %s",
					   tt->people.s[who]);
			else
				buf_printf(&e, "; no keeper known for %s",
					   ki->key);
			other_hint(tt, seen, v[i].k, v[j].k, &e);
			buf_release(&e);
		}
	}
}

/* Keys sharing one tag's word, the most looked at: a word more
 * keys share says nothing of one repository. */
#define RENAME_WORD_MAX 32

struct word_key {
	uint32_t word, k;
};

static int
cmp_word_key(const void *pa, const void *pb)
{
	const struct word_key *a = pa, *b = pb;

	if (a->word != b->word)
		return a->word < b->word ? -1 : 1;
	return (a->k > b->k) - (a->k < b->k);
}

/*
 * A repository renamed ("u-boot-atmel", then "u-boot-at91"): keys of
 * other names, kept by the same person, whose tags share a stem, one's
 * pulls ending before the other's begin.  Never joined (one keeper's
 * trees of different names are several), always said.
 */
static void
rename_hints(struct tree_table *tt, const uint32_t *canon,
	     struct pair_index *seen, const struct keyref *v, size_t n)
{
	struct word_key *wk = NULL;
	size_t nr = 0, alloc = 0;

	for (size_t i = 0; i < n; i++)
		for (uint32_t t = 0; t < tt->k[v[i].k].tags_nr; t++) {
			ALLOC_GROW(wk, nr + 1, alloc);
			wk[nr++] = (struct word_key){ tt->k[v[i].k].tags[t],
						      v[i].k };
		}
	if (nr)
		qsort(wk, nr, sizeof(*wk), cmp_word_key);
	for (size_t lo = 0, hi; lo < nr; lo = hi) {
		for (hi = lo + 1; hi < nr && wk[hi].word == wk[lo].word; hi++)
			;
		if (hi - lo > RENAME_WORD_MAX)
			continue;
		for (size_t i = lo; i < hi; i++)
			for (size_t j = lo; j < hi; j++) {
				const struct tree_key *a = &tt->k[wk[i].k],
						      *b = &tt->k[wk[j].k];
				uint32_t who;
				struct buf e = BUF_INIT;

				if (a->last >= b->first ||
				    !strcmp(repo_name_of(a), repo_name_of(b)) ||
				    !keepers_share(tt, canon, wk[i].k, wk[j].k,
						   &who))
					continue;
				buf_printf(&e, "%s (", a->key);
				add_pulls(&e, a);
				buf_printf(&e, ") then %s (", b->key);
				add_pulls(&e, b);
				buf_printf(&e, "), one's pulls ending before the "
					   "other's begin, tags sharing '%s-', "
					   "kept by the same person, %s: a "
					   "repository renamed, or two",
					   tt->words.s[wk[lo].word],
					   tt->people.s[who]);
				other_hint(tt, seen, wk[i].k, wk[j].k, &e);
				buf_release(&e);
			}
	}
	free(wk);
}

static void
hints(struct tree_table *tt, struct pair_index *seen, struct keyref *v,
      size_t n)
{
	uint32_t *b = xmalloc((n ? n : 1) * sizeof(*b));

	for (size_t lo = 0, hi; lo < n; lo = hi) {
		for (hi = lo + 1; hi < n && !strcmp(v[hi].a, v[lo].a); hi++)
			;
		if (hi - lo < 2)
			continue;
		for (size_t i = lo; i < hi; i++)
			b[i - lo] = v[i].k;
		bucket_hints(tt, seen, b, hi - lo);
	}
	free(b);
}

void
identity_learn(struct tree_table *tt)
{
	struct keyref *v;
	struct pair_index seen = { 0 };
	uint32_t *canon;
	size_t n = 0;

	if (tt->adopted)	/* learned over every range already */
		return;
	v = xmalloc((tt->k_nr ? tt->k_nr : 1) * sizeof(*v));
	for (uint32_t k = 0; k < tt->k_nr; k++)
		if (tt->k[k].pulls && *tt->k[k].host &&
		    *repo_name_of(&tt->k[k]))
			v[n++] = keyref(tt, k, "", "", 0);
	canon = people_canon(tt);
	same_path(tt, canon, v, n);
	/* same_path kept the keys of a domain only: all of them again. */
	n = 0;
	for (uint32_t k = 0; k < tt->k_nr; k++)
		if (tt->k[k].pulls && *tt->k[k].host &&
		    *repo_name_of(&tt->k[k]))
			v[n++] = keyref(tt, k, "", "", 0);
	moved_path(tt, v, n);
	n = 0;
	for (uint32_t k = 0; k < tt->k_nr; k++)
		if (tt->k[k].pulls && *tt->k[k].host &&
		    *repo_name_of(&tt->k[k]))
			v[n++] = keyref(tt, k, repo_name_of(&tt->k[k]), "",
					0);
	same_keeper(tt, canon, v, n);
	qsort(v, n, sizeof(*v), cmp_keyref);
	hints(tt, &seen, v, n);
	slip_hints(tt, canon, &seen, v, n);
	rename_hints(tt, canon, &seen, v, n);
	pair_index_release(&seen);
	free(canon);
	free(v);
}
