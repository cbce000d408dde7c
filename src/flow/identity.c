/*
 * identity.c - which spellings of URLs are one tree.
 */
#include "flow/identity.h"

#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/util.h"

/* The last component of a key's path: the repository's name. */
static const char *
repo_name_of(const struct tree_key *k)
{
	const char *s = strrchr(k->path, '/');

	return s ? s + 1 : k->path;
}

/* The domain a host belongs to: its last two labels ("denx.de" of
 * "gitlab.denx.de"); NULL for an address or a single label. */
static const char *
domain_of(const char *host)
{
	const char *p = host + strlen(host);
	int dots = 0, alpha = 0;

	if (*host == '[')
		return NULL;
	while (p > host) {
		p--;
		if (*p == '.' && ++dots == 2)
			return alpha ? p + 1 : NULL;
		if ((*p >= 'a' && *p <= 'z'))
			alpha = 1;
	}
	return dots == 1 && alpha ? host : NULL;
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

/* Would joining the trees of keys a and b put two paths of one host in
 * one tree (two owners' forks, say)? */
static int
host_conflict(const struct tree_table *tt, uint32_t a, uint32_t b)
{
	uint32_t ra = trees_key_root(tt, a), rb = trees_key_root(tt, b);

	/* A prefix alias asked for many repositories in one tree. */
	if (tt->k[ra].alias_len || tt->k[rb].alias_len)
		return 0;
	for (uint32_t i = 0; i < tt->k_nr; i++) {
		uint32_t ri = trees_key_root(tt, i);

		if (ri != ra)
			continue;
		for (uint32_t j = 0; j < tt->k_nr; j++)
			if (trees_key_root(tt, j) == rb &&
			    !strcmp(tt->k[i].host, tt->k[j].host))
				return 1;
	}
	return 0;
}

struct candidate {
	uint32_t k;
	const char *name;
};

static int
cmp_candidate(const void *pa, const void *pb)
{
	const struct candidate *a = pa, *b = pb;
	int c = strcmp(a->name, b->name);

	return c ? c : (a->k > b->k) - (a->k < b->k);
}

/*
 * Old key o and new key n (o's pulls all before n's, same repository
 * path tail, other hosts): a join when the hosts share a domain and
 * nothing of one host would meet another path of itself, else a hint.
 */
static void
consider(struct tree_table *tt, uint32_t o, uint32_t n)
{
	const struct tree_key *ko = &tt->k[o], *kn = &tt->k[n];
	const char *d1 = domain_of(ko->host), *d2 = domain_of(kn->host);
	struct buf b = BUF_INIT;
	int strong = d1 && d2 && !strcmp(d1, d2);

	/* Aliases made them one tree already. */
	if (!strcmp(trees_key_name(tt, o), trees_key_name(tt, n)))
		return;
	buf_printf(&b, "the repository path '%s' below %s (pulled %u time%s "
		   "until ", strlen(ko->path) < strlen(kn->path) ?
		   ko->path : kn->path, ko->host, ko->pulls,
		   ko->pulls == 1 ? "" : "s");
	buf_add_day(&b, ko->last);
	buf_printf(&b, "), then below %s (pulled %u time%s from ", kn->host,
		   kn->pulls, kn->pulls == 1 ? "" : "s");
	buf_add_day(&b, kn->first);
	buf_puts(&b, ")");
	if (strong && !host_conflict(tt, o, n)) {
		buf_printf(&b, ": the host moved within %s", d1);
		trees_join(tt, o, n, JOIN_HOST_RENAME, b.data);
	} else {
		buf_puts(&b, strong ? ": another path of one of the hosts is "
			 "another tree" : ": the hosts are of different "
			 "domains");
		trees_hint(tt, o, n, b.data);
	}
	buf_release(&b);
}

/* The keys of one repository name, cand[lo..hi): each key with a pull
 * is joined to the one that continues it, the key of another host whose
 * first pull is the earliest after its last. */
static void
learn_bucket(struct tree_table *tt, const struct candidate *cand,
	     size_t lo, size_t hi)
{
	for (size_t i = lo; i < hi; i++) {
		const struct tree_key *ko = &tt->k[cand[i].k];
		uint32_t next = KEY_NONE;

		for (size_t j = lo; j < hi; j++) {
			const struct tree_key *kn = &tt->k[cand[j].k];

			if (j == i || !strcmp(ko->host, kn->host) ||
			    !*kn->host || !path_tail(ko->path, kn->path) ||
			    kn->first <= ko->last)
				continue;
			if (next == KEY_NONE || kn->first < tt->k[next].first ||
			    (kn->first == tt->k[next].first &&
			     strcmp(kn->key, tt->k[next].key) < 0))
				next = cand[j].k;
		}
		if (next != KEY_NONE)
			consider(tt, cand[i].k, next);
	}
}

void
identity_learn(struct tree_table *tt)
{
	struct candidate *cand = xmalloc((tt->k_nr ? tt->k_nr : 1) *
					 sizeof(*cand));
	size_t n = 0;

	if (tt->adopted) {	/* learned over every range already */
		free(cand);
		return;
	}
	for (uint32_t k = 0; k < tt->k_nr; k++)
		if (tt->k[k].pulls && *tt->k[k].host && *repo_name_of(&tt->k[k]))
			cand[n++] = (struct candidate){ k,
							repo_name_of(&tt->k[k]) };
	qsort(cand, n, sizeof(*cand), cmp_candidate);
	for (size_t lo = 0, hi; lo < n; lo = hi) {
		for (hi = lo + 1; hi < n && !strcmp(cand[hi].name,
						    cand[lo].name); hi++)
			;
		if (hi - lo > 1)
			learn_bucket(tt, cand, lo, hi);
	}
	free(cand);
}
