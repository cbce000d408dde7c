/*
 * direct.c - who applied the commits that went directly into the mainline.
 */
#include "direct.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum direct_by
direct_by_from_name(const char *name)
{
	if (!strcmp(name, "committer"))
		return DIRECT_BY_COMMITTER;
	if (!strcmp(name, "signoff"))
		return DIRECT_BY_SIGNOFF;
	return DIRECT_BY_NONE;
}

const char *
direct_by_name(enum direct_by by)
{
	return by == DIRECT_BY_SIGNOFF ? "signoff" : "committer";
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* The part of an identity "Name <mail>" to compare: the mail address
 * inside the brackets, or else the whole, trimmed. */
static void
identity_key(const char *p, const char *end, const char **k, size_t *len)
{
	const char *lt = memchr(p, '<', end - p), *gt;

	if (lt && (gt = memchr(lt, '>', end - lt)) && gt > lt + 1) {
		*k = lt + 1;
		*len = gt - lt - 1;
		return;
	}
	while (p < end && is_blank(*p))
		p++;
	while (end > p && is_blank(end[-1]))
		end--;
	*k = p;
	*len = end - p;
}

static int
same_person(const char *a, const char *a_end, const char *b, const char *b_end)
{
	const char *ka, *kb;
	size_t la, lb;

	identity_key(a, a_end, &ka, &la);
	identity_key(b, b_end, &kb, &lb);
	return la && la == lb && !strncasecmp(ka, kb, la);
}

struct span {
	const char *p, *end;
};

void
signoff_applier(const char *committer, size_t committer_len,
		const char *msg, size_t msg_len, struct buf *who)
{
	static const char sob[] = "signed-off-by:";
	const char *p = msg, *end = msg + msg_len;
	const char *cend = committer + committer_len;
	struct span *s = NULL;
	size_t nr = 0, alloc = 0, own = SIZE_MAX;

	while (p < end) {
		const char *eol = memchr(p, '\n', end - p), *v, *vend;

		if (!eol)
			eol = end;
		if ((size_t)(eol - p) > sizeof(sob) - 1 &&
		    !strncasecmp(p, sob, sizeof(sob) - 1)) {
			v = p + sizeof(sob) - 1;
			vend = eol;
			while (v < vend && is_blank(*v))
				v++;
			while (vend > v && is_blank(vend[-1]))
				vend--;
			if (v < vend) {
				ALLOC_GROW(s, nr + 1, alloc);
				s[nr++] = (struct span){ v, vend };
				if (same_person(v, vend, committer, cend))
					own = nr - 1;
			}
		}
		p = eol + 1;
	}
	if (own == SIZE_MAX)
		own = nr;	/* the committer did not sign off: after all */
	while (own > 0 && same_person(s[own - 1].p, s[own - 1].end,
				      committer, cend))
		own--;
	if (own > 0)
		buf_add(who, s[own - 1].p, s[own - 1].end - s[own - 1].p);
	else if (nr)
		buf_add(who, committer, committer_len);
	else
		buf_puts(who, NO_SIGNOFF);
	free(s);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
cmp_applier(const void *pa, const void *pb)
{
	const struct applier *a = pa, *b = pb;

	if (a->commits != b->commits)
		return a->commits > b->commits ? -1 : 1;
	return strcmp(a->who, b->who);
}

int
appliers_count(struct repo *r, const struct history *h,
	       const struct attribution *a, enum direct_by by,
	       struct appliers *out)
{
	struct buf committer = BUF_INIT, msg = BUF_INIT, who = BUF_INIT;
	char **keys = xmalloc((a->order_nr ? a->order_nr : 1) * sizeof(*keys));
	uint32_t n = 0;
	size_t alloc = 0;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	out->by = by;
	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t c = a->order[k];

		if (a->path_of[c] != PATH_MAINLINE)
			continue;
		committer.len = msg.len = who.len = 0;
		if (history_read_commit(r, h, c, &committer, &msg) < 0) {
			ret = -1;
			break;
		}
		if (by == DIRECT_BY_SIGNOFF)
			signoff_applier(committer.data, committer.len,
					msg.data, msg.len, &who);
		else
			buf_add(&who, committer.data, committer.len);
		keys[n++] = xstrndup(who.data, who.len);
	}
	if (ret) {
		while (n)
			free(keys[--n]);
	}
	out->commits = n;
	/* Sorted, equal keys are runs: one applier per run. */
	qsort(keys, n, sizeof(*keys), cmp_str);
	for (uint32_t k = 0; k < n; k++) {
		if (out->nr && !strcmp(out->a[out->nr - 1].who, keys[k])) {
			out->a[out->nr - 1].commits++;
			free(keys[k]);
			continue;
		}
		ALLOC_GROW(out->a, out->nr + 1, alloc);
		out->a[out->nr++] = (struct applier){ keys[k], 1 };
	}
	qsort(out->a, out->nr, sizeof(*out->a), cmp_applier);
	free(keys);
	buf_release(&committer);
	buf_release(&msg);
	buf_release(&who);
	return ret;
}

void
appliers_release(struct appliers *ap)
{
	for (uint32_t k = 0; k < ap->nr; k++)
		free(ap->a[k].who);
	free(ap->a);
	memset(ap, 0, sizeof(*ap));
}
