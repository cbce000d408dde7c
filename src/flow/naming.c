/*
 * naming.c - one display name per tree, however its URL is spelled.
 */
#include "flow/naming.h"

#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/url.h"
#include "util/util.h"
#include "util/work.h"

static int
is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' ||
	       c == '\v' || c == '\f';
}

/* Append path with runs of '/' collapsed, without leading slashes when
 * strip_lead, then drop trailing "/" and ".git" as long as there are. */
static void
add_path(struct buf *b, const char *p, const char *end, int strip_lead)
{
	size_t start = b->len;

	if (strip_lead)
		while (p < end && *p == '/')
			p++;
	for (; p < end; p++) {
		if (*p == '/' && b->len > start && b->data[b->len - 1] == '/')
			continue;
		buf_addc(b, *p);
	}
	for (;;) {
		size_t n = b->len - start;

		if (n >= 1 && b->data[b->len - 1] == '/')
			b->len--;
		else if (n >= 4 && !memcmp(b->data + b->len - 4, ".git", 4))
			b->len -= 4;
		else
			break;
	}
	if (b->data)
		b->data[b->len] = '\0';
}

static int
is_kernel_org(const char *host)
{
	size_t n = strlen(host);

	return !strcmp(host, "kernel.org") ||
	       (n > 11 && !strcmp(host + n - 11, ".kernel.org"));
}

char *
tree_name(const char *url, size_t len)
{
	const char *p = url, *end, *host = NULL, *path;
	size_t hlen = 0;
	struct url_parts u;
	struct buf b = BUF_INIT, h = BUF_INIT;
	char *name;

	/* A C string cannot carry what follows a NUL: neither can a name. */
	end = memchr(url, '\0', len);
	if (!end)
		end = url + len;
	while (p < end && is_space(*p))
		p++;
	while (end > p && is_space(end[-1]))
		end--;

	if (url_parse(p, end, &u) == URL_NONE) {
		host = NULL;
		path = p;
	} else {
		host = u.host;
		hlen = u.host_len;
		path = u.path;
	}

	if (!host || !hlen) {
		/* No host: a local path, kept as such ("/home/x/linux"). */
		add_path(&b, path, end, 0);
		return b.data ? b.data : xstrdup("");
	}

	for (size_t i = 0; i < hlen; i++) {
		char c = host[i];

		buf_addc(&h, c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
	}
	add_path(&b, path, end, 1);
	if (is_kernel_org(h.data)) {
		/* master.kernel.org served /home/USER/REPO as
		 * /pub/scm/linux/kernel/git/USER/REPO. */
		static const char *const roots[] = {
			"pub/scm/linux/kernel/git/", "pub/scm/", "home/",
		};

		for (size_t i = 0; i < ARRAY_SIZE(roots); i++) {
			size_t n = strlen(roots[i]);

			if (b.len > n && !memcmp(b.data, roots[i], n) &&
			    (i < 2 || memchr(b.data + n, '/', b.len - n))) {
				name = xstrdup(b.data + n);
				buf_release(&b);
				buf_release(&h);
				return name;
			}
		}
	}
	if (b.len) {
		buf_addc(&h, '/');
		buf_add(&h, b.data, b.len);
	}
	buf_release(&b);
	return h.data;
}

/* The tree named name (the mainline aside), or TREE_NONE. */
static uint32_t
tree_lookup(const struct tree_table *tt, const char *name)
{
	struct hprobe pr;

	for (uint32_t i = hindex_first(&tt->hash, str_hash(name), &pr);
	     i != HINDEX_NONE; i = hindex_next(&tt->hash, &pr))
		if (!strcmp(tt->t[i].name, name))
			return i;
	return TREE_NONE;
}

void
trees_init(struct tree_table *tt, const char *label)
{
	memset(tt, 0, sizeof(*tt));
	ALLOC_GROW(tt->t, 1, tt->alloc);
	/* The mainline stays out of the hash: a pulled tree that happens to
	 * be named like the label is another tree. */
	tt->t[0].name = xstrdup(label);
	tt->t[0].kind = TREE_KIND_REPO;
	tt->t[0].repo = 0;
	tt->t[0].urls = NULL;
	tt->t[0].urls_nr = tt->t[0].urls_alloc = 0;
	tt->t[0].keepers = NULL;
	tt->t[0].keepers_nr = 0;
	tt->t[0].url_ix = (struct hindex)HINDEX_INIT;
	tt->nr = 1;
}

void
trees_release(struct tree_table *tt)
{
	for (uint32_t i = 0; i < tt->nr; i++) {
		struct tree *t = &tt->t[i];

		for (uint32_t k = 0; k < t->urls_nr; k++)
			free(t->urls[k]);
		free(t->urls);
		hindex_release(&t->url_ix);
		free(t->name);
		free(t->keepers);
	}
	for (uint32_t i = 0; i < tt->k_nr; i++) {
		free(tt->k[i].key);
		free(tt->k[i].url);
		free(tt->k[i].host);
		free(tt->k[i].ev);
		free(tt->k[i].tags);
	}
	for (uint32_t i = 0; i < tt->joins_nr; i++)
		free(tt->joins[i].detail);
	for (uint32_t i = 0; i < tt->hints_nr; i++)
		free(tt->hints[i].detail);
	free(tt->t);
	hindex_release(&tt->hash);
	free(tt->k);
	hindex_release(&tt->khash);
	free(tt->joins);
	free(tt->hints);
	free(tt->anchor);
	interner_release(&tt->people);
	interner_release(&tt->words);
	pair_index_release(&tt->evix);
	free(tt->ev_at);
	free(tt->mainline_people);
	memset(tt, 0, sizeof(*tt));
}

/* --- keys: the spellings identity joins ------------------------------ */

static uint32_t
key_lookup(const struct tree_table *tt, const char *key)
{
	struct hprobe pr;

	for (uint32_t i = hindex_first(&tt->khash, str_hash(key), &pr);
	     i != HINDEX_NONE; i = hindex_next(&tt->khash, &pr))
		if (!strcmp(tt->k[i].key, key))
			return i;
	return KEY_NONE;
}

uint32_t
trees_key_find(const struct tree_table *tt, const char *key)
{
	return key_lookup(tt, key);
}

/* The host of url, for comparing keys: lower-cased, every kernel.org
 * host one, "" for none; and where the path below it starts in key. */
static void
key_host(struct tree_key *k, const char *url, size_t len)
{
	struct url_parts u;
	struct buf h = BUF_INIT;
	size_t n;

	buf_puts(&h, "");
	if (url_parse(url, url + len, &u) != URL_NONE)
		for (size_t i = 0; i < u.host_len; i++) {
			char c = u.host[i];

			buf_addc(&h, c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
		}
	n = h.len;
	k->path = k->key;
	if (n && !strncmp(k->key, h.data, n) &&
	    (k->key[n] == '/' || !k->key[n])) {
		k->path = k->key + n + (k->key[n] == '/');
	} else if (n && is_kernel_org(h.data)) {
		h.len = 0;
		buf_puts(&h, "kernel.org");
	} else {
		h.len = 0;
		h.data[0] = '\0';
	}
	k->host = h.data;
}

static uint32_t
key_intern(struct tree_table *tt, char *key, const char *url, size_t len)
{
	uint32_t id = key_lookup(tt, key);
	struct tree_key *k;

	if (id != KEY_NONE) {
		free(key);
		return id;
	}
	id = tt->k_nr++;
	ALLOC_GROW(tt->k, tt->k_nr, tt->k_alloc);
	k = &tt->k[id];
	memset(k, 0, sizeof(*k));
	k->key = key;
	k->url = xstrndup(url, len);
	k->parent = k->best = id;
	k->alias = -1;
	key_host(k, url, len);
	hindex_add(&tt->khash, str_hash(key), id);
	return id;
}

/*
 * The root of k's group, halving the path on the way (each key visited
 * is pointed at its grandparent), so that a long run of joins costs
 * near-linear time, not the square of the spellings: one tree pulled
 * from 8,000 hosts took 6.7 s, 16,000 took 32 s.  The parents are the
 * one thing a lookup changes, and never which root a key has: the table
 * is const to its readers, and only the identity stage, on one thread,
 * uses it.
 */
uint32_t
trees_key_root(const struct tree_table *tt, uint32_t k)
{
	struct tree_key *v = (struct tree_key *)tt->k;

	while (v[k].parent != k) {
		v[k].parent = v[v[k].parent].parent;
		k = v[k].parent;
		work_add(1);
	}
	return k;
}

/* Is key a a better name for a tree than key b: pulled, a host name
 * rather than an address literal (one pull from https://127.0.0.1/...
 * must not rename the kernel's net tree), pulled later, then the first
 * in byte order. */
static int
key_better(const struct tree_table *tt, uint32_t a, uint32_t b)
{
	const struct tree_key *ka = &tt->k[a], *kb = &tt->k[b];
	int la = url_host_is_address(ka->host, strlen(ka->host)),
	    lb = url_host_is_address(kb->host, strlen(kb->host));

	if (!ka->pulls != !kb->pulls)
		return ka->pulls != 0;
	if (la != lb)
		return lb;
	if (ka->last != kb->last)
		return ka->last > kb->last;
	return strcmp(ka->key, kb->key) < 0;
}

/* Does alias a (prefix length alen, 0: a URL's) beat alias b?  -1 is
 * none. */
static int
alias_better(int a, size_t alen, int b, size_t blen)
{
	if (b < 0)
		return a >= 0;
	if (a < 0)
		return 0;
	if (!alen != !blen)
		return !alen;
	if (alen != blen)
		return alen > blen;
	return a > b;
}

static void
root_alias(struct tree_table *tt, uint32_t r, int alias, size_t alen)
{
	struct tree_key *k = &tt->k[r];

	if (alias_better(alias, alen, k->alias, k->alias_len)) {
		k->alias = alias;
		k->alias_len = alen;
	}
}

int
trees_join(struct tree_table *tt, uint32_t a, uint32_t b, enum join_why why,
	   const char *detail)
{
	uint32_t ra = trees_key_root(tt, a), rb = trees_key_root(tt, b), t;
	struct tree_join *j;

	if (ra == rb)
		return 0;
	if (rb < ra) {		/* the older key stays the root */
		t = ra;
		ra = rb;
		rb = t;
	}
	tt->k[rb].parent = ra;
	if (key_better(tt, tt->k[rb].best, tt->k[ra].best))
		tt->k[ra].best = tt->k[rb].best;
	root_alias(tt, ra, tt->k[rb].alias, tt->k[rb].alias_len);
	ALLOC_GROW(tt->joins, tt->joins_nr + 1, tt->joins_alloc);
	j = &tt->joins[tt->joins_nr++];
	j->a = a;
	j->b = b;
	j->why = why;
	j->detail = xstrdup(detail);
	return 1;
}

void
trees_hint(struct tree_table *tt, uint32_t older, uint32_t newer,
	   const char *detail)
{
	struct tree_hint *h;

	ALLOC_GROW(tt->hints, tt->hints_nr + 1, tt->hints_alloc);
	h = &tt->hints[tt->hints_nr++];
	h->older = older;
	h->newer = newer;
	h->detail = xstrdup(detail);
}

void
trees_key_seen(struct tree_table *tt, uint32_t k, int64_t t)
{
	struct tree_key *key = &tt->k[k];
	uint32_t r;

	/* Adopted keys carry the times of every range already. */
	if (tt->adopted && k < tt->adopted_nr)
		return;
	if (!key->pulls || t < key->first)
		key->first = t;
	if (!key->pulls || t > key->last)
		key->last = t;
	key->pulls++;
	r = trees_key_root(tt, k);
	if (key_better(tt, k, tt->k[r].best))
		tt->k[r].best = k;
}

const char *
trees_key_name(const struct tree_table *tt, uint32_t k)
{
	const struct tree_key *r = &tt->k[trees_key_root(tt, k)];

	if (r->alias >= 0)
		return tt->aliases[r->alias].name;
	return tt->k[r->best].key;
}

void
trees_adopt(struct tree_table *tt, const struct tree_table *from)
{
	tt->aliases = from->aliases;
	tt->aliases_nr = from->aliases_nr;
	free(tt->anchor);
	tt->anchor = xmalloc((from->aliases_nr ? from->aliases_nr : 1) *
			     sizeof(*tt->anchor));
	if (from->aliases_nr)
		memcpy(tt->anchor, from->anchor,
		       from->aliases_nr * sizeof(*tt->anchor));
	for (uint32_t i = 0; i < from->k_nr; i++) {
		const struct tree_key *f = &from->k[i];
		uint32_t k = key_intern(tt, xstrdup(f->key), f->url,
					strlen(f->url));
		struct tree_key *key = &tt->k[k];

		/* Interned in the same order: the same ids. */
		key->parent = f->parent;
		key->best = f->best;
		key->alias = f->alias;
		key->alias_len = f->alias_len;
		key->first = f->first;
		key->last = f->last;
		key->pulls = f->pulls;
		if (f->ev_nr) {
			key->ev = xmalloc(f->ev_nr * sizeof(*key->ev));
			memcpy(key->ev, f->ev, f->ev_nr * sizeof(*key->ev));
			key->ev_nr = key->ev_alloc = f->ev_nr;
		}
		if (f->tags_nr) {
			key->tags = xmalloc(f->tags_nr * sizeof(*key->tags));
			memcpy(key->tags, f->tags,
			       f->tags_nr * sizeof(*key->tags));
			key->tags_nr = key->tags_alloc = f->tags_nr;
		}
	}
	/* The same numbers for the same people and words. */
	for (uint32_t i = 0; i < from->people.nr; i++)
		str_intern(&tt->people, from->people.s[i]);
	for (uint32_t i = 0; i < from->words.nr; i++)
		str_intern(&tt->words, from->words.s[i]);
	tt->adopted = 1;
	tt->adopted_nr = tt->k_nr;
	for (uint32_t j = 0; j < from->joins_nr; j++) {
		const struct tree_join *fj = &from->joins[j];

		ALLOC_GROW(tt->joins, tt->joins_nr + 1, tt->joins_alloc);
		tt->joins[tt->joins_nr] = *fj;
		tt->joins[tt->joins_nr++].detail = xstrdup(fj->detail);
	}
}

/* An alias's prefix length when it is one (it ends in '/' or '*', the
 * '*' not counted), else 0. */
static size_t
alias_prefix_len(const struct tree_alias *a)
{
	size_t n = strlen(a->prefix);

	if (n && a->prefix[n - 1] == '*')
		return n - 1;
	return n && a->prefix[n - 1] == '/' ? n : 0;
}

void
trees_set_aliases(struct tree_table *tt, const struct tree_alias *a,
		  size_t nr)
{
	tt->aliases = a;
	tt->aliases_nr = nr;
	free(tt->anchor);
	tt->anchor = xmalloc((nr ? nr : 1) * sizeof(*tt->anchor));
	for (size_t i = 0; i < nr; i++)
		tt->anchor[i] = KEY_NONE;
	/* An alias naming a URL names that key's tree, whatever joins it. */
	for (size_t i = 0; i < nr; i++) {
		uint32_t k;

		if (alias_prefix_len(&a[i]) || !*a[i].prefix)
			continue;
		k = trees_key(tt, a[i].prefix, strlen(a[i].prefix));
		root_alias(tt, trees_key_root(tt, k), (int)i, 0);
		tt->anchor[i] = k;
	}
}

/* The prefix alias url (len bytes) matches, the longest prefix winning
 * (the later of two equal ones); -1 for none. */
static int
prefix_alias(const struct tree_table *tt, const char *url, size_t len,
	     size_t *plen)
{
	int best = -1;

	*plen = 0;
	for (size_t i = 0; i < tt->aliases_nr; i++) {
		size_t n = alias_prefix_len(&tt->aliases[i]);

		if (n && n <= len && !memcmp(url, tt->aliases[i].prefix, n) &&
		    (best < 0 || n >= *plen)) {
			best = (int)i;
			*plen = n;
		}
	}
	return best;
}

uint32_t
trees_key(struct tree_table *tt, const char *url, size_t len)
{
	const char *nul = memchr(url, '\0', len);
	uint32_t k;
	size_t plen;
	int a;

	if (nul)
		len = nul - url;
	k = key_intern(tt, tree_name(url, len), url, len);
	a = prefix_alias(tt, url, len, &plen);
	if (a < 0)
		return k;
	root_alias(tt, trees_key_root(tt, k), a, plen);
	if (tt->anchor[a] == KEY_NONE)
		tt->anchor[a] = k;
	else
		trees_join(tt, tt->anchor[a], k, JOIN_ALIAS_PREFIX,
			   "treeplot.alias: a spelling starts with the "
			   "alias's prefix");
	return k;
}

const char *
tree_kind_name(enum tree_kind kind)
{
	switch (kind) {
	case TREE_KIND_GITHUB:
		return "github";
	case TREE_KIND_GITLAB:
		return "gitlab";
	case TREE_KIND_MAIL:
		return "mail";
	case TREE_KIND_BITBUCKET:
		return "bitbucket";
	case TREE_KIND_GITEA:
		return "gitea";
	case TREE_KIND_REVIEW:
		return "review";
	case TREE_KIND_REPO:
		break;
	}
	return "repository";
}

/*
 * A tree named like the mainline would display as the mainline: such a
 * name, and (so that no two trees display alike) one that is already the
 * label followed by MAINLINE_LIKE once or more, gets MAINLINE_LIKE once
 * more.  Takes name over; returns it or the new name.
 */
#define MAINLINE_LIKE " (tree)"

static char *
unlike_mainline(const struct tree_table *tt, char *name)
{
	size_t ll = strlen(tt->t[0].name), sl = strlen(MAINLINE_LIKE);
	const char *p = name + ll;
	struct buf b = BUF_INIT;

	if (strncmp(name, tt->t[0].name, ll))
		return name;
	while (!strncmp(p, MAINLINE_LIKE, sl))
		p += sl;
	if (*p)
		return name;
	buf_puts(&b, name);
	buf_puts(&b, MAINLINE_LIKE);
	free(name);
	return b.data;
}

/* The id of name: found, or new with kind (name is taken over). */
static uint32_t
trees_intern(struct tree_table *tt, char *name, enum tree_kind kind)
{
	uint32_t id;
	struct tree *t;

	name = unlike_mainline(tt, name);
	id = tree_lookup(tt, name);
	if (id != TREE_NONE) {
		free(name);
		return id;
	}
	id = tt->nr;
	ALLOC_GROW(tt->t, tt->nr + 1, tt->alloc);
	t = &tt->t[id];
	t->name = name;
	t->kind = kind;
	t->repo = id;
	t->urls = NULL;
	t->urls_nr = t->urls_alloc = 0;
	t->keepers = NULL;
	t->keepers_nr = 0;
	t->url_ix = (struct hindex)HINDEX_INIT;
	tt->nr++;
	hindex_add(&tt->hash, str_hash(name), id);
	return id;
}

uint32_t
trees_add_name(struct tree_table *tt, const char *name, enum tree_kind kind)
{
	return trees_intern(tt, xstrdup(name), kind);
}

uint32_t
trees_add_branch(struct tree_table *tt, uint32_t repo, const char *branch,
		 size_t len)
{
	struct buf name = BUF_INIT;
	uint32_t id, nr = tt->nr;

	buf_puts(&name, tt->t[repo].name);
	buf_addc(&name, ':');
	buf_add(&name, branch, len);
	id = trees_intern(tt, name.data, tt->t[repo].kind);
	if (tt->nr != nr)
		tt->t[id].repo = repo;
	return id;
}

char *
tag_stem(const char *tag, size_t len)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < len; i++) {
		size_t v = i;

		if (tag[i] == 'v' && i + 1 < len)
			v = i + 1;
		if (!(tag[v] >= '0' && tag[v] <= '9') ||
		    (i && tag[i - 1] != '-' && tag[i - 1] != '_' &&
		     tag[i - 1] != '.'))
			continue;
		buf_add(&b, tag, v);	/* "v" kept: "v6.2" is "v*" */
		buf_addc(&b, '*');
		return b.data;
	}
	return xstrndup(tag, len);
}

char *
github_owner_name(const char *url, size_t len)
{
	char *name = tree_name(url, len), *owner, *slash, *out;

	if (strncmp(name, "github.com/", 11)) {
		free(name);
		return NULL;
	}
	owner = name + 11;
	slash = strchr(owner, '/');
	if (!slash || slash == owner) {
		free(name);
		return NULL;
	}
	out = xmalloc(7 + (slash - owner) + 1);
	memcpy(out, "github:", 7);
	memcpy(out + 7, owner, slash - owner);
	out[7 + (slash - owner)] = '\0';
	free(name);
	return out;
}

/* Which of t's spellings url (len bytes) is, or HINDEX_NONE. */
static uint32_t
tree_url_find(const struct tree *t, const char *url, size_t len)
{
	struct hprobe pr;

	for (uint32_t k = hindex_first(&t->url_ix, mem_hash(url, len), &pr);
	     k != HINDEX_NONE; k = hindex_next(&t->url_ix, &pr))
		if (!strncmp(t->urls[k], url, len) && !t->urls[k][len])
			return k;
	return HINDEX_NONE;
}

uint32_t
trees_add_url(struct tree_table *tt, const char *url, size_t len)
{
	const char *nul = memchr(url, '\0', len);
	uint32_t id, key;
	struct tree *t;

	if (nul)
		len = nul - url;
	key = trees_key(tt, url, len);
	id = trees_intern(tt, xstrdup(trees_key_name(tt, key)),
			  TREE_KIND_REPO);

	t = &tt->t[id];
	if (tree_url_find(t, url, len) != HINDEX_NONE)
		return id;
	ALLOC_GROW(t->urls, t->urls_nr + 1, t->urls_alloc);
	t->urls[t->urls_nr] = xstrndup(url, len);
	hindex_add(&t->url_ix, mem_hash(url, len), t->urls_nr);
	t->urls_nr++;
	return id;
}

void
trees_sort_urls(struct tree_table *tt)
{
	for (uint32_t i = 0; i < tt->nr; i++) {
		struct tree *t = &tt->t[i];

		if (t->urls_nr < 2)
			continue;
		qsort(t->urls, t->urls_nr, sizeof(*t->urls), cmp_strp);
		/* The index numbers spellings: number them anew. */
		hindex_release(&t->url_ix);
		for (uint32_t k = 0; k < t->urls_nr; k++)
			hindex_add(&t->url_ix, str_hash(t->urls[k]), k);
	}
}

uint32_t
trees_find(const struct tree_table *tt, const char *name)
{
	uint32_t t = tree_lookup(tt, name), k;

	if (t != TREE_NONE)
		return t;
	k = trees_key_find(tt, name);
	return k == KEY_NONE ? TREE_NONE :
	       tree_lookup(tt, trees_key_name(tt, k));
}
