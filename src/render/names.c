/*
 * render/names.c - the names trees are shown by where room is short.
 */
#include "render/names.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "util/url.h"
#include "util/util.h"

/* A family of forks: this many names at least, and more than half. */
#define FAMILY_MIN 3

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

char *
names_common_prefix(const char *const *names, uint32_t n, uint32_t *nr)
{
	const char **sorted;
	const char *mid;
	char *best = NULL;
	int slashes = 0;

	*nr = 0;
	if (n < 2)
		return NULL;
	/*
	 * A prefix that more than half of the names share is a prefix of
	 * the middle name in sorted order: only its prefixes are tried.
	 */
	sorted = xmalloc(n * sizeof(*sorted));
	memcpy(sorted, names, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_str);
	mid = sorted[n / 2];
	for (size_t len = 1; mid[len - 1]; len++) {
		uint32_t count = 0;

		if (mid[len - 1] != '/' || ++slashes < 2 || !mid[len])
			continue;
		for (uint32_t k = 0; k < n; k++)
			count += !strncmp(sorted[k], mid, len) &&
				 sorted[k][len];
		if (count < 2 || count * 2 <= n)
			break;
		free(best);
		best = xstrndup(mid, len);
		*nr = count;
	}
	free(sorted);
	return best;
}

/* --- forks: START/NAME/END ------------------------------------------- */

/* Where name splits into a fork's start ("github.com/", up to the slash
 * before its next-to-last component), the fork's name and its end
 * ("/util-linux"): the lengths of the start and of the name, or 0 when
 * it has fewer than three components. */
static size_t
fork_split(const char *name, size_t *mid)
{
	const char *last = strrchr(name, '/'), *prev;

	if (!last || last == name || !last[1])
		return 0;
	for (prev = last - 1; prev > name && *prev != '/'; prev--)
		;
	if (*prev != '/' || prev + 1 == last)
		return 0;
	*mid = (size_t)(last - prev - 1);
	return (size_t)(prev + 1 - name);
}

struct fork_key {
	const char *name;
	size_t start, mid;
};

static int
cmp_fork(const void *pa, const void *pb)
{
	const struct fork_key *a = pa, *b = pb;
	size_t ea = a->start + a->mid, eb = b->start + b->mid;
	int c;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	c = memcmp(a->name, b->name, a->start);
	return c ? c : strcmp(a->name + ea, b->name + eb);
}

/* The family most names are forks in ("github.com/" and "/util-linux"),
 * when it holds more than half of them and FAMILY_MIN at least. */
static int
find_family(struct shown_names *sn, const char *const *names, uint32_t n)
{
	struct fork_key *v = xmalloc((n ? n : 1) * sizeof(*v));
	uint32_t m = 0, best = 0, at = 0, named = 0;

	for (uint32_t i = 0; i < n; i++)
		named += names[i] != NULL;
	for (uint32_t i = 0; i < n; i++) {
		size_t mid, start = names[i] ? fork_split(names[i], &mid) : 0;

		if (start)
			v[m++] = (struct fork_key){ names[i], start, mid };
	}
	if (m > 1)
		qsort(v, m, sizeof(*v), cmp_fork);
	for (uint32_t lo = 0, hi; lo < m; lo = hi) {
		for (hi = lo + 1; hi < m && !cmp_fork(&v[lo], &v[hi]); hi++)
			;
		if (hi - lo > best) {
			best = hi - lo;
			at = lo;
		}
	}
	if (best >= FAMILY_MIN && best * 2 > named) {
		sn->prefix = xstrndup(v[at].name, v[at].start);
		sn->suffix = xstrdup(v[at].name + v[at].start + v[at].mid);
	}
	free(v);
	return sn->suffix != NULL;
}

/* The registrable domain of the host that starts s and ends at its
 * first '/' ("denx.de" of "source.denx.de/u-boot"), into d; 0 when it
 * has none (a single label, an address, a public suffix). */
static int
host_domain(const char *s, struct buf *d)
{
	const char *slash = strchr(s, '/');
	const char *dom;
	struct buf host = BUF_INIT;

	buf_release(d);
	if (!slash || slash == s)
		return 0;
	for (const char *p = s; p < slash; p++)
		buf_addc(&host, (char)tolower((unsigned char)*p));
	dom = url_registrable_domain(host.data);
	if (dom)
		buf_puts(d, dom);
	buf_release(&host);
	return d->len > 0;
}

/*
 * How much of name stands for prefix on a sibling host: the same path
 * after a host of the same registrable domain ("gitlab.denx.de/u-boot/
 * custodians/" for "source.denx.de/u-boot/custodians/"), so that a tree
 * of the family is named alike whichever host its latest pull spelled.
 * 0 when it does not.
 */
static size_t
sibling_prefix(const char *prefix, const char *name)
{
	const char *ps = strchr(prefix, '/'), *ns = strchr(name, '/');
	struct buf a = BUF_INIT, b = BUF_INIT;
	size_t n = 0;

	if (!ps || !ns || strncmp(ns, ps, strlen(ps)))
		return 0;
	if (host_domain(prefix, &a) && host_domain(name, &b) &&
	    !strcmp(a.data, b.data))
		n = (size_t)(ns - name) + strlen(ps);
	buf_release(&a);
	buf_release(&b);
	return n;
}

/* name shortened by the family or the prefix, or NULL: as it is. */
static char *
shorten(struct shown_names *sn, const char *name)
{
	size_t pl, sl, len = strlen(name);

	if (!sn->prefix)
		return NULL;
	pl = strlen(sn->prefix);
	if (strncmp(name, sn->prefix, pl)) {
		pl = sibling_prefix(sn->prefix, name);
		if (!pl || len == pl)
			return NULL;
		sn->siblings++;
	} else if (len == pl) {
		return NULL;
	}
	sl = sn->suffix ? strlen(sn->suffix) : 0;
	if (sl && len > pl + sl && !strcmp(name + len - sl, sn->suffix) &&
	    !memchr(name + pl, '/', len - pl - sl))
		return xstrndup(name + pl, len - pl - sl);
	return xstrdup(name + pl);
}

/* --- unique ---------------------------------------------------------- */

struct slot {
	const char *s;
	uint32_t i;		/* the name's index, or UINT32_MAX: fixed */
};

static int
cmp_slot(const void *pa, const void *pb)
{
	const struct slot *a = pa, *b = pb;
	int c = strcmp(a->s, b->s);

	return c ? c : (a->i > b->i) - (a->i < b->i);
}

/* Names shortened that are shown like another name (or a fixed one)
 * are shown whole again, until none is: a whole name is a tree table's,
 * unique. */
static void
unshorten_clashes(struct shown_names *sn, const char *const *names,
		  const char *const *fixed, uint32_t fixed_nr)
{
	struct slot *v = xmalloc((sn->nr + fixed_nr + 1) * sizeof(*v));
	int changed = 1;

	while (changed) {
		uint32_t m = 0;

		changed = 0;
		for (uint32_t i = 0; i < sn->nr; i++)
			if (sn->name[i])
				v[m++] = (struct slot){ sn->name[i], i };
		for (uint32_t k = 0; k < fixed_nr; k++)
			if (fixed[k])
				v[m++] = (struct slot){ fixed[k], UINT32_MAX };
		qsort(v, m, sizeof(*v), cmp_slot);
		for (uint32_t lo = 0, hi; lo < m; lo = hi) {
			for (hi = lo + 1; hi < m && !strcmp(v[hi].s, v[lo].s);
			     hi++)
				;
			for (uint32_t q = lo; hi - lo > 1 && q < hi; q++) {
				uint32_t i = v[q].i;

				if (i == UINT32_MAX || !strcmp(sn->name[i],
							       names[i]))
					continue;
				free(sn->name[i]);
				sn->name[i] = xstrdup(names[i]);
				sn->shortened--;
				changed = 1;
			}
		}
	}
	free(v);
}

/* --- cut ------------------------------------------------------------- */

/* The byte offset of code point n of s (len bytes), or len. */
static size_t
offset_of(const char *s, size_t len, size_t n)
{
	size_t at = 0;

	while (n-- && at < len) {
		unsigned int cp;
		size_t k = utf8_decode((const unsigned char *)s + at,
				       len - at, &cp);

		at += k ? k : 1;
	}
	return at;
}

/* Code points of s's first len bytes. */
static size_t
chars_n(const char *s, size_t len)
{
	size_t at = 0, n = 0;

	while (at < len) {
		unsigned int cp;
		size_t k = utf8_decode((const unsigned char *)s + at,
				       len - at, &cp);

		at += k ? k : 1;
		n++;
	}
	return n;
}

static size_t
chars_of(const char *s)
{
	return chars_n(s, strlen(s));
}

#define ELLIPSIS "\xE2\x80\xA6"

/* s cut to max characters keeping head of them at its start and the
 * rest at its end, an ellipsis between. */
static char *
cut(const char *s, size_t max, size_t head)
{
	size_t len = strlen(s), n = chars_of(s), tail = max - 1 - head;
	size_t h = offset_of(s, len, head), t = offset_of(s, len, n - tail);
	struct buf b = BUF_INIT;

	buf_add(&b, s, h);
	buf_puts(&b, ELLIPSIS);
	buf_add(&b, s + t, len - t);
	return b.data;
}

/* The number of components of s from p, a '/' in it, on. */
static unsigned
parts_from(const char *p)
{
	unsigned n = 0;

	for (; p; p = strchr(p + 1, '/'))
		n++;
	return n;
}

/* A path cut by whole components: its first, an ellipsis for what
 * follows, and its last two ("git.example.org/…/owner/repo"), else an
 * ellipsis and as many of its last as fit, two at least
 * ("…/users/nisto/arm"), else the first and the last, else the last
 * alone, in max characters; NULL when not even that fits. */
static char *
cut_parts(const char *s, size_t max)
{
	const char *first = strchr(s, '/');
	size_t head;

	if (!first)
		return NULL;
	head = chars_n(s, (size_t)(first - s));
	for (unsigned need = 2; need > 0; need--)
		for (int alone = 0; alone < 2; alone++)
			for (const char *p = alone ? first :
			     strchr(first + 1, '/'); p; p = strchr(p + 1, '/')) {
				struct buf b = BUF_INIT;

				if (parts_from(p) < need ||
				    (alone ? 0 : head + 1) + 1 + chars_of(p) >
				    max)
					continue;
				if (!alone)
					buf_add(&b, s, (size_t)(first - s) + 1);
				buf_puts(&b, ELLIPSIS);
				buf_puts(&b, p);
				return b.data;
			}
	return NULL;
}

static int
taken(const struct shown_names *sn, const char *const *fixed,
      uint32_t fixed_nr, uint32_t self, const char *s)
{
	for (uint32_t i = 0; i < sn->nr; i++)
		if (i != self && sn->name[i] && !strcmp(sn->name[i], s))
			return 1;
	for (uint32_t k = 0; k < fixed_nr; k++)
		if (fixed[k] && !strcmp(fixed[k], s))
			return 1;
	return 0;
}

/* Name i cut to max characters, unlike every other name shown: by whole
 * components, else its ends both kept, else its end (where paths
 * differ), else its start, else a number after its start. */
static void
cut_unique(struct shown_names *sn, const char *const *fixed,
	   uint32_t fixed_nr, uint32_t i, size_t max)
{
	size_t heads[] = { (max - 1) / 3, 0, max - 1 };
	char *full = sn->name[i], *c = NULL;

	sn->name[i] = NULL;	/* not a name to clash with while cut */
	c = cut_parts(full, max);
	if (c && taken(sn, fixed, fixed_nr, i, c)) {
		free(c);
		c = NULL;
	}
	for (size_t f = 0; f < ARRAY_SIZE(heads) && !c; f++) {
		c = cut(full, max, heads[f]);
		if (taken(sn, fixed, fixed_nr, i, c)) {
			free(c);
			c = NULL;
		}
	}
	for (unsigned num = 2; !c; num++) {
		struct buf b = BUF_INIT, tail = BUF_INIT;
		size_t room;

		buf_printf(&tail, ELLIPSIS "#%u", num);
		room = max > chars_of(tail.data) ? max - chars_of(tail.data) : 0;
		buf_add(&b, full, offset_of(full, strlen(full), room));
		buf_add(&b, tail.data, tail.len);
		buf_release(&tail);
		c = b.data;
		if (taken(sn, fixed, fixed_nr, i, c)) {
			free(c);
			c = NULL;
		}
	}
	free(full);
	sn->name[i] = c;
}

void
shown_names_init(struct shown_names *sn, const char *const *names,
		 uint32_t n, const char *const *fixed, uint32_t fixed_nr,
		 size_t max)
{
	memset(sn, 0, sizeof(*sn));
	sn->nr = n;
	sn->name = xcalloc(n ? n : 1, sizeof(*sn->name));
	if (!find_family(sn, names, n)) {
		const char **some = xmalloc((n ? n : 1) * sizeof(*some));
		uint32_t m = 0, nr;

		for (uint32_t i = 0; i < n; i++)
			if (names[i])
				some[m++] = names[i];
		sn->prefix = names_common_prefix(some, m, &nr);
		free(some);
	}
	for (uint32_t i = 0; i < n; i++) {
		if (!names[i])
			continue;
		sn->name[i] = shorten(sn, names[i]);
		if (sn->name[i])
			sn->shortened++;
		else
			sn->name[i] = xstrdup(names[i]);
	}
	unshorten_clashes(sn, names, fixed, fixed_nr);
	if (!sn->shortened) {
		free(sn->prefix);
		free(sn->suffix);
		sn->prefix = sn->suffix = NULL;
	}
	if (max && max < 8)
		max = 8;
	for (uint32_t i = 0; max && i < n; i++)
		if (sn->name[i] && chars_of(sn->name[i]) > max)
			cut_unique(sn, fixed, fixed_nr, i, max);
}

void
shown_names_release(struct shown_names *sn)
{
	for (uint32_t i = 0; i < sn->nr; i++)
		free(sn->name[i]);
	free(sn->name);
	free(sn->prefix);
	free(sn->suffix);
	memset(sn, 0, sizeof(*sn));
}

void
shown_names_note(const struct shown_names *sn, struct buf *out)
{
	if (!sn->shortened)
		return;
	if (sn->suffix)
		buf_printf(out, "%sNAME%s is named NAME; other trees under %s, "
			   "without it", sn->prefix, sn->suffix, sn->prefix);
	else
		buf_printf(out, "trees under %s are named without it",
			   sn->prefix);
	shown_names_sibling_note(sn, out);
}

void
shown_names_sibling_note(const struct shown_names *sn, struct buf *out)
{
	struct buf d = BUF_INIT;

	if (!sn->siblings)
		return;
	host_domain(sn->prefix, &d);
	buf_printf(out, " (on the other %s hosts too)",
		   d.len ? d.data : "domain's");
	buf_release(&d);
}
