/*
 * maintainers_rules.c - MAINTAINERS entries and get_maintainer.pl's
 * rules for the paths they cover (maintainers_rules.h).
 *
 * A kernel file has 3,000 entries and 20,000 patterns, and a cycle
 * 30,000 paths: trying every pattern on every path would be 600 million
 * matches.  So each F: pattern is indexed by its literal part (up to
 * its first wildcard), and a path tries only the patterns whose literal
 * part is one of its prefixes (an incremental hash over the path), then
 * every N: regex (a few hundred at most in real files).
 */
#include "flow/maintainers_rules.h"

#include <stdlib.h>
#include <string.h>

#include "util/hash.h"
#include "util/util.h"

/* An F: pattern in the index: entry e's f[k], literal part lit bytes. */
struct glob_ref {
	uint32_t e, k, lit;
};

/* The index of the rules' patterns, built at the first match. */
struct mt_index {
	struct glob_ref *ref;
	uint32_t nr;
	size_t alloc;
	struct hindex ix;
	uint32_t *regex;	/* entries with N: */
	uint32_t regex_nr;
	size_t regex_alloc;
	uint32_t *catch_all;	/* the catch-all entries */
	uint32_t catch_nr;
	size_t catch_alloc;
};

/* FNV-1a, one byte at a time, so a path's prefixes hash in one pass. */
#define FNV_INIT 2166136261u
static inline uint32_t
fnv_step(uint32_t h, unsigned char c)
{
	return (h ^ c) * 16777619u;
}

int
mt_field(const char *p, const char *eol, char *key, const char **value)
{
	if (eol - p < 2 || p[0] < 'A' || p[0] > 'Z' || p[1] != ':')
		return 0;
	*key = p[0];
	p += 2;
	while (p < eol && (*p == ' ' || *p == '\t'))
		p++;
	*value = p;
	return 1;
}

const char *
mt_trim_end(const char *p, const char *end)
{
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
			   end[-1] == '\r'))
		end--;
	return end;
}

static void
glob_set(struct mt_glob *g, const char *s, size_t len)
{
	g->s = xstrndup(s, len);
	g->len = (uint32_t)strlen(g->s);	/* a NUL ends it */
	g->slashes = 0;
	g->literal = 1;
	for (uint32_t k = 0; k < g->len; k++) {
		g->slashes += g->s[k] == '/';
		if (g->s[k] == '*' || g->s[k] == '?')
			g->literal = 0;
	}
	g->dir = g->len && g->s[g->len - 1] == '/';
}

static void
add_glob(struct mt_glob **v, uint32_t *nr, const char *s, size_t len)
{
	*v = xreallocarray(*v, (size_t)*nr + 1, sizeof(**v));
	glob_set(&(*v)[(*nr)++], s, len);
}

static void
add_str(char ***v, uint32_t *nr, const char *s, size_t len)
{
	*v = xreallocarray(*v, (size_t)*nr + 1, sizeof(**v));
	(*v)[(*nr)++] = xstrndup(s, len);
}

static int
is_catch_all_glob(const struct mt_glob *g)
{
	return !strcmp(g->s, "*") || !strcmp(g->s, "*/");
}

/* N: value: compiled as /x, or counted as bad. */
static void
add_regex(struct mt_rules *r, struct mt_entry *e, const char *s, size_t len,
	  uint32_t line)
{
	struct buf why = BUF_INIT, where = BUF_INIT;
	struct pattern *p;
	char *re;

	/* Each compiled pattern keeps its match data (a few KB once
	 * used): a file of a million N: lines would take gigabytes. */
	if (r->regex_nr >= MT_REGEX_MAX) {
		r->regex_dropped++;
		return;
	}
	re = xstrndup(s, len);
	buf_printf(&where, "MAINTAINERS:%u: N:", line);
	if (pattern_compile(&p, PATTERN_PATH, re, where.data, NULL, &why)) {
		if (!r->bad_regex++) {
			buf_puts(&where, " ");
			buf_puts(&where, why.data ? why.data : "");
			r->first_bad = xstrdup(where.data);
		}
	} else {
		/* an array of pointers */
		/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
		e->n = xreallocarray(e->n, (size_t)e->n_nr + 1, sizeof(*e->n));
		e->n[e->n_nr++] = p;
		r->regex_nr++;
	}
	free(re);
	buf_release(&why);
	buf_release(&where);
}

/* "git URL [BRANCH]": the URL. */
static void
add_tree(struct mt_entry *e, const char *v, const char *vend)
{
	const char *u, *uend;

	if (vend - v < 4 || memcmp(v, "git", 3) || (v[3] != ' ' &&
						    v[3] != '\t'))
		return;
	for (u = v + 3; u < vend && (*u == ' ' || *u == '\t'); u++)
		;
	for (uend = u; uend < vend && *uend != ' ' && *uend != '\t'; uend++)
		;
	if (uend > u)
		add_str(&e->urls, &e->urls_nr, u, uend - u);
}

static void
field(struct mt_rules *r, struct mt_entry *e, char key, const char *v,
      const char *vend, uint32_t line)
{
	switch (key) {
	case 'M':
	case 'R':
		if (vend > v)
			add_str(&e->people, &e->people_nr, v, vend - v);
		break;
	case 'F':
		if (vend > v)
			add_glob(&e->f, &e->f_nr, v, vend - v);
		break;
	case 'X':
		if (vend > v)
			add_glob(&e->x, &e->x_nr, v, vend - v);
		break;
	case 'N':
		if (vend > v)
			add_regex(r, e, v, vend - v, line);
		break;
	case 'T':
		add_tree(e, v, vend);
		break;
	}
}

static void
entry_end(struct mt_entry *e)
{
	e->catch_all = e->f_nr && !e->n_nr;
	for (uint32_t k = 0; k < e->f_nr && e->catch_all; k++)
		e->catch_all = is_catch_all_glob(&e->f[k]);
}

void
mt_rules_parse(const char *text, size_t len, struct mt_rules *out)
{
	const char *p = text, *end = text + len, *title = NULL, *tend = NULL;
	struct mt_entry *e = NULL;
	uint32_t line = 0;

	memset(out, 0, sizeof(*out));
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p), *v, *vend;
		char key;

		if (!eol)
			eol = end;
		line++;
		vend = mt_trim_end(p, eol);
		if (mt_field(p, vend, &key, &v)) {
			if (!e) {
				ALLOC_GROW(out->e, out->nr + 1, out->alloc);
				e = &out->e[out->nr++];
				memset(e, 0, sizeof(*e));
				e->line = line;
				if (title)
					e->title = xstrndup(title,
							    tend - title);
				title = NULL;
			}
			field(out, e, key, v, vend, line);
		} else {
			if (e)
				entry_end(e);
			e = NULL;
			title = vend > p ? p : NULL;
			tend = vend;
		}
		p = eol + 1;
	}
	if (e)
		entry_end(e);
}

static void
index_free(struct mt_index *ix)
{
	if (!ix)
		return;
	free(ix->ref);
	hindex_release(&ix->ix);
	free(ix->regex);
	free(ix->catch_all);
	free(ix);
}

static void
glob_free(struct mt_glob *g, uint32_t nr)
{
	for (uint32_t k = 0; k < nr; k++)
		free(g[k].s);
	free(g);
}

void
mt_rules_release(struct mt_rules *r)
{
	for (uint32_t i = 0; i < r->nr; i++) {
		struct mt_entry *e = &r->e[i];

		free(e->title);
		for (uint32_t k = 0; k < e->people_nr; k++)
			free(e->people[k]);
		free(e->people);
		glob_free(e->f, e->f_nr);
		glob_free(e->x, e->x_nr);
		for (uint32_t k = 0; k < e->n_nr; k++)
			pattern_free(e->n[k]);
		free(e->n);
		for (uint32_t k = 0; k < e->urls_nr; k++)
			free(e->urls[k]);
		free(e->urls);
	}
	free(r->e);
	free(r->first_bad);
	index_free(r->index);
	memset(r, 0, sizeof(*r));
}

static void
settle_globs(struct mt_glob *g, uint32_t nr,
	     int (*is_dir)(void *ctx, const char *path), void *ctx)
{
	for (uint32_t k = 0; k < nr; k++) {
		char *s;

		if (!g[k].literal || g[k].dir || !g[k].len ||
		    !is_dir(ctx, g[k].s))
			continue;
		s = xmalloc(g[k].len + 2);
		memcpy(s, g[k].s, g[k].len);
		s[g[k].len] = '/';
		s[g[k].len + 1] = '\0';
		free(g[k].s);
		glob_set(&g[k], s, g[k].len + 1);
		free(s);
	}
}

void
mt_rules_settle(struct mt_rules *r,
		int (*is_dir)(void *ctx, const char *path), void *ctx)
{
	for (uint32_t i = 0; i < r->nr; i++) {
		settle_globs(r->e[i].f, r->e[i].f_nr, is_dir, ctx);
		settle_globs(r->e[i].x, r->e[i].x_nr, is_dir, ctx);
	}
	index_free(r->index);
	r->index = NULL;
}

/* Whether pattern segment seg (n bytes, '?' any one character but a
 * newline, as Perl's '.') matches s at its start. */
static int
seg_at(const char *seg, size_t n, const char *s)
{
	for (size_t k = 0; k < n; k++)
		if (seg[k] == '?' ? s[k] == '\n' : seg[k] != s[k])
			return 0;
	return 1;
}

/*
 * Whether g matches a prefix of s (len bytes): the pattern's pieces
 * between '*' each at the leftmost place after the previous one (enough
 * for '*' and '?' alone, and linear in the stars: 10,000 '*' are 10,000
 * empty pieces).  '*' is Perl's ".*": no newline.
 */
static int
prefix_match(const struct mt_glob *g, const char *s, size_t len)
{
	const char *p = g->s, *pend = g->s + g->len;
	size_t at = 0;
	int first = 1;

	while (p <= pend) {
		const char *star = memchr(p, '*', pend - p);
		size_t n = (star ? star : pend) - p;

		if (first) {
			if (n > len || !seg_at(p, n, s))
				return 0;
			at = n;
		} else {
			size_t k = at;

			while (k + n <= len && !seg_at(p, n, s + k)) {
				if (s[k] == '\n')
					return 0;
				k++;
			}
			if (k + n > len)
				return 0;
			at = k + n;
		}
		first = 0;
		if (!star)
			break;
		p = star + 1;
	}
	return 1;
}

int
mt_glob_match(const struct mt_glob *g, const char *path, size_t len)
{
	uint32_t slashes = 0;

	if (!prefix_match(g, path, len))
		return 0;
	if (g->dir)
		return 1;
	for (size_t k = 0; k < len; k++)
		slashes += path[k] == '/';
	return slashes == g->slashes;
}

static int
excluded(const struct mt_entry *e, const char *path, size_t len)
{
	for (uint32_t k = 0; k < e->x_nr; k++)
		if (mt_glob_match(&e->x[k], path, len))
			return 1;
	return 0;
}

int
mt_entry_covers(const struct mt_entry *e, const char *path)
{
	size_t len = strlen(path);
	int hit = 0;

	if (excluded(e, path, len))
		return 0;
	for (uint32_t k = 0; k < e->f_nr && !hit; k++)
		hit = mt_glob_match(&e->f[k], path, len);
	for (uint32_t k = 0; k < e->n_nr && !hit; k++) {
		int m = pattern_search(e->n[k], path, len, NULL, NULL);

		if (m < 0)
			return -1;
		hit = m;
	}
	return hit;
}

static uint32_t
lit_len(const struct mt_glob *g)
{
	return (uint32_t)strcspn(g->s, "*?");
}

static struct mt_index *
index_build(const struct mt_rules *r)
{
	struct mt_index *ix = xcalloc(1, sizeof(*ix));

	for (uint32_t i = 0; i < r->nr; i++) {
		const struct mt_entry *e = &r->e[i];

		if (e->catch_all) {
			ALLOC_GROW(ix->catch_all, ix->catch_nr + 1,
				   ix->catch_alloc);
			ix->catch_all[ix->catch_nr++] = i;
			continue;
		}
		if (e->n_nr) {
			ALLOC_GROW(ix->regex, ix->regex_nr + 1,
				   ix->regex_alloc);
			ix->regex[ix->regex_nr++] = i;
		}
		for (uint32_t k = 0; k < e->f_nr; k++) {
			uint32_t lit = lit_len(&e->f[k]), h = FNV_INIT;

			for (uint32_t c = 0; c < lit; c++)
				h = fnv_step(h, (unsigned char)e->f[k].s[c]);
			ALLOC_GROW(ix->ref, ix->nr + 1, ix->alloc);
			ix->ref[ix->nr] = (struct glob_ref){ i, k, lit };
			hindex_add(&ix->ix, h, ix->nr++);
		}
	}
	return ix;
}

static void
cover_add(uint32_t **out, uint32_t *nr, uint32_t *alloc, uint32_t e)
{
	for (uint32_t k = 0; k < *nr; k++)
		if ((*out)[k] == e)
			return;
	if (*nr + 1 > *alloc) {
		*alloc = *alloc ? *alloc * 2 : 8;
		*out = xreallocarray(*out, *alloc, sizeof(**out));
	}
	(*out)[(*nr)++] = e;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* The globs whose literal part is path's prefix of len l (hash h). */
static void
cover_prefix(const struct mt_rules *r, const struct mt_index *ix,
	     const char *path, size_t len, size_t l, uint32_t h,
	     uint32_t **out, uint32_t *nr, uint32_t *alloc)
{
	struct hprobe pr;

	for (uint32_t g = hindex_first(&ix->ix, h, &pr); g != HINDEX_NONE;
	     g = hindex_next(&ix->ix, &pr)) {
		const struct glob_ref *gr = &ix->ref[g];
		const struct mt_entry *e = &r->e[gr->e];

		if (gr->lit != l || memcmp(e->f[gr->k].s, path, l) ||
		    !mt_glob_match(&e->f[gr->k], path, len) ||
		    excluded(e, path, len))
			continue;
		cover_add(out, nr, alloc, gr->e);
	}
}

int
mt_rules_cover(const struct mt_rules *r, const char *path, uint32_t **out,
	       uint32_t *out_alloc)
{
	struct mt_rules *mr = (struct mt_rules *)r;
	const struct mt_index *ix;
	size_t len = strlen(path);
	uint32_t nr = 0, h = FNV_INIT;

	if (!r->index)
		mr->index = index_build(r);
	ix = r->index;
	for (size_t l = 0; l <= len; l++) {
		cover_prefix(r, ix, path, len, l, h, out, &nr, out_alloc);
		if (l < len)
			h = fnv_step(h, (unsigned char)path[l]);
	}
	for (uint32_t k = 0; k < ix->regex_nr; k++) {
		const struct mt_entry *e = &r->e[ix->regex[k]];
		int hit = 0;

		if (excluded(e, path, len))
			continue;
		for (uint32_t n = 0; n < e->n_nr && !hit; n++) {
			hit = pattern_search(e->n[n], path, len, NULL, NULL);
			if (hit < 0)
				return -1;
		}
		if (hit)
			cover_add(out, &nr, out_alloc, ix->regex[k]);
	}
	for (uint32_t k = 0; !nr && k < ix->catch_nr; k++)
		if (mt_entry_covers(&r->e[ix->catch_all[k]], path) > 0)
			cover_add(out, &nr, out_alloc, ix->catch_all[k]);
	if (nr > 1)
		qsort(*out, nr, sizeof(**out), cmp_u32);
	return (int)nr;
}
