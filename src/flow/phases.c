/*
 * phases.c - the phases of a release cycle along the mainline's
 * first-parent line: where its tags cut it, and what each piece is
 * called (phases.h says the rule).
 */
#include "flow/phases.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "git/release.h"
#include "util/buf.h"
#include "util/util.h"

int
phases_keep(const char *name, const void *data)
{
	return tag_is_release(name, data) || tag_prerelease(name, data) ||
	       tag_opens_cycle(name, data);
}

int64_t
phases_commit_time(const struct history *h, uint32_t i)
{
	int32_t tz;

	if (h->subject[i])
		return history_merge_time(h, i, &tz);
	return h->committer_date ? h->committer_date[i] : 0;
}

int64_t
phases_day(int64_t t)
{
	return t >= 0 ? t / 86400 : -((86399 - t) / 86400);
}

/*
 * Mark in kept the longest run of t[0..n) in order (non-decreasing, by
 * position): patience sorting, the run ending at the smallest last date
 * (B's, when B's date is in order).  Returns its length.
 */
static uint32_t
keep_in_order(const int64_t *t, uint32_t n, uint8_t *kept)
{
	uint32_t *tail = xmalloc((n ? n : 1) * sizeof(*tail));
	uint32_t *prev = xmalloc((n ? n : 1) * sizeof(*prev));
	uint32_t len = 0;

	for (uint32_t k = 0; k < n; k++) {
		uint32_t lo = 0, hi = len;

		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;

			if (t[tail[mid]] <= t[k])
				lo = mid + 1;
			else
				hi = mid;
		}
		prev[k] = lo ? tail[lo - 1] : HIST_NONE;
		tail[lo] = k;
		if (lo == len)
			len++;
	}
	memset(kept, 0, n);
	for (uint32_t k = len ? tail[len - 1] : HIST_NONE; k != HIST_NONE;
	     k = prev[k])
		kept[k] = 1;
	free(tail);
	free(prev);
	return len;
}

uint32_t
phases_monotone(int64_t *t, uint32_t n, uint32_t *skew)
{
	uint8_t *kept = xmalloc(n ? n : 1);
	uint32_t len = keep_in_order(t, n, kept), last = HIST_NONE;
	int64_t most = 0, next = 0;

	*skew = HIST_NONE;
	for (uint32_t k = 0; k < n; k++)
		if (kept[k])
			last = k;
	/* After the last commit kept, its date; before, the next one's. */
	if (last != HIST_NONE)
		next = t[last];
	for (uint32_t k = n; k-- > 0;) {
		int64_t d;

		if (kept[k]) {
			next = t[k];
			continue;
		}
		d = t[k] > next ? t[k] - next : next - t[k];
		if (*skew == HIST_NONE || d > most) {
			most = d;
			*skew = k;
		}
		t[k] = next;
	}
	free(kept);
	return n - len;
}

/* What a phase starting after tag (NULL: none) is: a release and a tag
 * opening a cycle start a merge window. */
static enum phase_kind
kind_of(const char *tag, const struct pattern *pattern)
{
	if (!tag)
		return PHASE_START;
	return tag_is_release(tag, pattern) ||
	       tag_opens_cycle(tag, pattern) ? PHASE_WINDOW : PHASE_PRE;
}

/*
 * Whether tag t, on the line before its last commit, cuts it: a tag of
 * a later version than the line's last tag (B's: last, NULL when B has
 * none) never does (util-linux tags the next cycle's start where a
 * release branches off), nor a tag opening a cycle inside a merge
 * window, which it only goes on with (cur: the phase's kind so far).
 */
static int
cuts(const char *t, const char *last, enum phase_kind cur,
     const struct pattern *pattern)
{
	if (last && tag_version_cmp(t, last) > 0)
		return 0;
	return cur != PHASE_WINDOW || !tag_opens_cycle(t, pattern);
}

/* Phase p's name: short (one cycle: "merge window", "rc1") or full. */
static char *
name_of(const struct phase *p, const struct pattern *pattern, int full)
{
	struct buf b = BUF_INIT;

	switch (p->kind) {
	case PHASE_WINDOW:
		buf_puts(&b, "merge window");
		if (full)
			buf_printf(&b, " after %s", p->start_tag);
		break;
	case PHASE_PRE:
		buf_puts(&b, full ? p->start_tag :
			 tag_prerelease(p->start_tag, pattern));
		break;
	default:
		if (p->end_tag)
			buf_printf(&b, "before %s", p->end_tag);
		else
			buf_puts(&b, "the range");
		break;
	}
	return b.data;		/* owned by the caller now */
}

/* Whether two of the n phases have one name. */
static int
names_repeat(const struct phase *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = i + 1; j < n; j++)
			if (!strcmp(v[i].name, v[j].name))
				return 1;
	return 0;
}

static void
name_phases(struct phases *out, const struct pattern *pattern)
{
	uint32_t windows = 0;
	int full;

	for (uint32_t k = 0; k < out->nr; k++)
		windows += out->v[k].kind == PHASE_WINDOW;
	full = windows > 1;
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t k = 0; k < out->nr; k++) {
			free(out->v[k].name);
			out->v[k].name = name_of(&out->v[k], pattern, full);
		}
		if (full || !names_repeat(out->v, out->nr))
			break;
		full = 1;
	}
}

void
phases_plan(const char *const *tags, const int64_t *times, uint32_t n,
	    const char *base, const struct pattern *pattern, struct phases *out)
{
	size_t alloc = 0;
	const char *start = base, *last = n ? tags[n - 1] : NULL;
	enum phase_kind cur = kind_of(base, pattern);
	uint32_t first = 0;

	memset(out, 0, sizeof(*out));
	for (uint32_t k = 0; k < n; k++) {
		struct phase *p;

		/* A phase ends at a tagged commit that cuts the line, or at
		 * the line's end. */
		if (k + 1 < n &&
		    (!tags[k] || !cuts(tags[k], last, cur, pattern)))
			continue;
		ALLOC_GROW(out->v, out->nr + 1, alloc);
		p = &out->v[out->nr++];
		memset(p, 0, sizeof(*p));
		p->start_tag = start ? xstrdup(start) : NULL;
		p->end_tag = tags[k] ? xstrdup(tags[k]) : NULL;
		p->kind = cur;
		p->first = first;
		p->last = k;
		p->first_time = times[first];
		p->last_time = times[k];
		start = tags[k];
		cur = kind_of(start, pattern);
		first = k + 1;
	}
	name_phases(out, pattern);
}

/* a and b in version order: runs of digits compared as numbers
 * ("rc10" after "rc9"), the rest byte by byte. */
static int
version_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			size_t na, nb;
			int c;

			while (*a == '0' && isdigit((unsigned char)a[1]))
				a++;
			while (*b == '0' && isdigit((unsigned char)b[1]))
				b++;
			na = strspn(a, "0123456789");
			nb = strspn(b, "0123456789");
			if (na != nb)
				return na < nb ? -1 : 1;
			if ((c = strncmp(a, b, na)))
				return c;
			a += na;
			b += na;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return !!*a - !!*b;
}

/*
 * The tag of commit id that cuts the line: a release (the smallest name,
 * as --cycles names it), else one opening a cycle, else the newest
 * pre-release in version order
 * (the phase after a commit tagged both -rc6 and -rc7 is rc7's), else
 * NULL.
 */
static const char *
cut_tag(const struct tag_map *tm, const struct object_id *id,
	const struct pattern *pattern)
{
	size_t first = tag_map_first(tm, id);
	const char *pre = NULL;

	for (size_t k = first; tag_map_names(tm, k, id); k++)
		if (tm->t[k].release)
			return tm->t[k].name;
	for (size_t k = first; tag_map_names(tm, k, id); k++) {
		if (tag_opens_cycle(tm->t[k].name, pattern))
			return tm->t[k].name;
		if (tag_prerelease(tm->t[k].name, pattern) &&
		    (!pre || version_cmp(tm->t[k].name, pre) > 0))
			pre = tm->t[k].name;
	}
	return pre;
}

void
phases_of(const struct history *h, const struct tag_map *tm,
	  const struct pattern *pattern, struct phases *out)
{
	uint32_t n, np, *line = history_first_parent_line(h, &n);
	const char **tags = xcalloc(n ? n : 1, sizeof(*tags));
	int64_t *times = xcalloc(n ? n : 1, sizeof(*times));
	const char *base = NULL;
	const uint32_t *par;
	uint32_t skew, skew_nr;

	for (uint32_t k = 0; k < n; k++) {
		tags[k] = cut_tag(tm, &h->oid[line[k]], pattern);
		times[k] = phases_commit_time(h, line[k]);
	}
	skew_nr = phases_monotone(times, n, &skew);
	/* The commit the line starts after: A, when A is on B's line. */
	if (n && (par = history_parents(h, line[0], &np)) && np)
		base = cut_tag(tm, &h->oid[par[0]], pattern);
	phases_plan(tags, times, n, base, pattern, out);
	out->line = line;
	out->line_nr = n;
	out->time = times;	/* owned by out now */
	out->skew = skew;
	out->skew_nr = skew_nr;
	out->of = xmalloc((h->nr ? h->nr : 1) * sizeof(*out->of));
	for (uint32_t i = 0; i < h->nr; i++)
		out->of[i] = HIST_NONE;
	for (uint32_t k = 0; k < out->nr; k++)
		for (uint32_t j = out->v[k].first; j <= out->v[k].last; j++)
			out->of[line[j]] = k;
	free(tags);
}

void
phases_release(struct phases *p)
{
	for (uint32_t k = 0; k < p->nr; k++) {
		free(p->v[k].name);
		free(p->v[k].start_tag);
		free(p->v[k].end_tag);
	}
	free(p->v);
	free(p->line);
	free(p->of);
	free(p->time);
	memset(p, 0, sizeof(*p));
}
