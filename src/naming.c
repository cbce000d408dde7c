/*
 * naming.c - one display name per tree, however its URL is spelled.
 */
#include "naming.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static int
is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' ||
	       c == '\v' || c == '\f';
}

static int
is_scheme_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

static int
has_prefix(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(end - p) >= n && !memcmp(p, s, n);
}

/* The length of "scheme://" at p, or 0. */
static size_t
scheme_len(const char *p, const char *end)
{
	const char *s = p;

	if (s == end || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return 0;
	while (s < end && is_scheme_char(*s))
		s++;
	return has_prefix(s, end, "://") ? (size_t)(s + 3 - p) : 0;
}

/*
 * The host in the authority a..end: without "user@" (the last '@', as a
 * password may hold one) and without ":port".
 */
static void
authority_host(const char *a, const char *end, const char **host,
	       size_t *len)
{
	const char *h = a, *e;

	for (const char *q = a; q < end; q++)
		if (*q == '@')
			h = q + 1;
	if (h < end && *h == '[') {
		e = memchr(h, ']', end - h);
		e = e ? e + 1 : end;
	} else {
		e = memchr(h, ':', end - h);
		if (!e)
			e = end;
	}
	*host = h;
	*len = e - h;
}

/*
 * scp-like "[user@]host:path": the ':' comes before any '/', the host is
 * not empty and is not a DOS drive letter.  Sets the host and the path.
 */
static int
split_scp(const char *p, const char *end, const char **host, size_t *hlen,
	  const char **path)
{
	const char *h = p, *colon;
	int user = 0;

	for (const char *q = p; q < end && *q != ':' && *q != '/' && *q != '[';
	     q++) {
		if (*q == '@') {
			h = q + 1;
			user = 1;
		}
	}
	if (h < end && *h == '[') {
		colon = memchr(h, ']', end - h);
		if (!colon)
			return 0;
		colon++;
	} else {
		for (colon = h; colon < end && *colon != ':' && *colon != '/';
		     colon++)
			;
	}
	if (colon == end || *colon != ':' || colon == h ||
	    (colon - h == 1 && !user))
		return 0;
	*host = h;
	*hlen = colon - h;
	*path = colon + 1;
	return 1;
}

/*
 * A bare "host.domain/path": a first segment with a dot inside it, and a
 * path after it ("foo.git/" is a directory).
 */
static int
split_bare(const char *p, const char *end, const char **host, size_t *hlen,
	   const char **path)
{
	const char *slash = memchr(p, '/', end - p), *q;

	if (!slash || slash == p || *p == '.' || slash[-1] == '.' ||
	    !memchr(p, '.', slash - p))
		return 0;
	for (q = slash; q < end && *q == '/'; q++)
		;
	if (q == end)
		return 0;
	*host = p;
	*hlen = slash - p;
	*path = slash;
	return 1;
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
	size_t hlen = 0, slen;
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

	if ((slen = scheme_len(p, end))) {
		const char *auth = p + slen;

		path = memchr(auth, '/', end - auth);
		if (!path)
			path = end;
		authority_host(auth, path, &host, &hlen);
	} else if (!split_scp(p, end, &host, &hlen, &path) &&
		   !split_bare(p, end, &host, &hlen, &path)) {
		host = NULL;
		path = p;
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
		static const char *const roots[] = {
			"pub/scm/linux/kernel/git/", "pub/scm/",
		};

		for (size_t i = 0; i < ARRAY_SIZE(roots); i++) {
			size_t n = strlen(roots[i]);

			if (b.len > n && !memcmp(b.data, roots[i], n)) {
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

/* The hash slot holding name, or the empty slot where it would go. */
static uint32_t
hash_slot(const struct tree_table *tt, const char *name)
{
	uint32_t mask = tt->hash_size - 1;
	uint32_t i = str_hash(name) & mask;

	while (tt->hash[i] && strcmp(tt->t[tt->hash[i] - 1].name, name))
		i = (i + 1) & mask;
	return i;
}

static void
hash_grow(struct tree_table *tt)
{
	uint32_t old_size = tt->hash_size, *old = tt->hash;

	tt->hash_size = old_size ? old_size * 2 : 64;
	tt->hash = xcalloc(tt->hash_size, sizeof(*tt->hash));
	for (uint32_t i = 0; i < old_size; i++)
		if (old[i])
			tt->hash[hash_slot(tt, tt->t[old[i] - 1].name)] = old[i];
	free(old);
}

void
trees_init(struct tree_table *tt, const char *label)
{
	tt->t = NULL;
	tt->nr = tt->alloc = 0;
	tt->hash = NULL;
	tt->hash_size = 0;
	tt->aliases = NULL;
	tt->aliases_nr = 0;
	ALLOC_GROW(tt->t, 1, tt->alloc);
	/* The mainline stays out of the hash: a pulled tree that happens to
	 * be named like the label is another tree. */
	tt->t[0].name = xstrdup(label);
	tt->t[0].kind = TREE_KIND_REPO;
	tt->t[0].repo = 0;
	tt->t[0].urls = NULL;
	tt->t[0].urls_nr = tt->t[0].urls_alloc = 0;
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
		free(t->name);
	}
	free(tt->t);
	free(tt->hash);
	tt->t = NULL;
	tt->nr = tt->alloc = 0;
	tt->hash = NULL;
	tt->hash_size = 0;
	tt->aliases = NULL;
	tt->aliases_nr = 0;
}

void
trees_set_aliases(struct tree_table *tt, const struct tree_alias *a,
		  size_t nr)
{
	tt->aliases = a;
	tt->aliases_nr = nr;
}

/* The alias naming url (len bytes), as a new string, or NULL. */
static char *
alias_name(const struct tree_table *tt, const char *url, size_t len)
{
	const struct tree_alias *best = NULL;
	size_t best_len = 0;

	for (size_t i = 0; i < tt->aliases_nr; i++) {
		const struct tree_alias *a = &tt->aliases[i];
		size_t n = strlen(a->prefix);

		if (n <= len && !memcmp(url, a->prefix, n) &&
		    (!best || n >= best_len)) {
			best = a;
			best_len = n;
		}
	}
	return best ? xstrdup(best->name) : NULL;
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
	uint32_t slot, id;
	struct tree *t;

	name = unlike_mainline(tt, name);
	/* Trees other than the mainline stay under half the slots. */
	if ((uint64_t)tt->nr * 2 > tt->hash_size)
		hash_grow(tt);
	slot = hash_slot(tt, name);
	if (tt->hash[slot]) {
		free(name);
		return tt->hash[slot] - 1;
	}
	id = tt->nr;
	ALLOC_GROW(tt->t, tt->nr + 1, tt->alloc);
	t = &tt->t[id];
	t->name = name;
	t->kind = kind;
	t->repo = id;
	t->urls = NULL;
	t->urls_nr = t->urls_alloc = 0;
	tt->nr++;
	tt->hash[slot] = id + 1;
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

uint32_t
trees_add_url(struct tree_table *tt, const char *url, size_t len)
{
	const char *nul = memchr(url, '\0', len);
	uint32_t id;
	struct tree *t;
	char *name;

	if (nul)
		len = nul - url;
	name = alias_name(tt, url, len);
	if (!name)
		name = tree_name(url, len);
	id = trees_intern(tt, name, TREE_KIND_REPO);

	/* A tree has a handful of spellings: a linear scan is enough. */
	t = &tt->t[id];
	for (uint32_t k = 0; k < t->urls_nr; k++)
		if (!strncmp(t->urls[k], url, len) && !t->urls[k][len])
			return id;
	ALLOC_GROW(t->urls, t->urls_nr + 1, t->urls_alloc);
	t->urls[t->urls_nr++] = xstrndup(url, len);
	return id;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
trees_sort_urls(struct tree_table *tt)
{
	for (uint32_t i = 0; i < tt->nr; i++)
		if (tt->t[i].urls_nr > 1)
			qsort(tt->t[i].urls, tt->t[i].urls_nr,
			      sizeof(*tt->t[i].urls), cmp_str);
}

uint32_t
trees_find(const struct tree_table *tt, const char *name)
{
	uint32_t slot;

	if (!tt->hash_size)
		return TREE_NONE;
	slot = hash_slot(tt, name);
	return tt->hash[slot] ? tt->hash[slot] - 1 : TREE_NONE;
}
