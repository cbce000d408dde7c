/*
 * topics.c - the direct commits split by the way they took: applied on
 * the mainline's first-parent line, or through its own topic branches.
 *
 * Attribution records, for each merge on the first-parent line, the run
 * of commits each parent brought (attribute.h's mainline_run); the
 * direct commits among them came through topic branches, every other
 * direct commit sits on the line.  One pass over the runs.
 */
#include "flow/topics.h"

#include <stdlib.h>
#include <string.h>

#include "flow/naming.h"
#include "flow/subject.h"
#include "util/url.h"

uint32_t
topics_merge_of(const struct attribution *a, uint32_t k, uint32_t *run)
{
	while (*run < a->runs_nr &&
	       a->runs[*run].first + a->runs[*run].commits <= k)
		++*run;
	if (*run < a->runs_nr && a->runs[*run].first <= k)
		return a->runs[*run].merge;
	return HIST_NONE;
}

/* The direct commits of run r. */
static uint32_t
run_direct(const struct attribution *a, const struct mainline_run *r)
{
	uint32_t n = 0;

	for (uint32_t k = r->first; k < r->first + r->commits; k++)
		n += a->path_of[a->order[k]] == PATH_MAINLINE;
	return n;
}

uint32_t *
topics_runs_of(const struct attribution *a, uint32_t nr)
{
	uint32_t *of = xmalloc((nr ? nr : 1) * sizeof(*of));

	memset(of, 0xff, nr * sizeof(*of));
	for (uint32_t i = 0; i < a->runs_nr; i++) {
		const struct mainline_run *r = &a->runs[i];

		for (uint32_t k = r->first; k < r->first + r->commits; k++)
			of[a->order[k]] = i;
	}
	return of;
}

/* The name merge m's subject gives its parent k (one name for every
 * parent, or one per parent), a remote-tracking branch's remote
 * dropped ("origin/ps/foo"): into *p, *len; 0 when it names none. */
static int
branch_name(const struct history *h, uint32_t m, uint32_t k, const char **p,
	    size_t *len)
{
	const char *s = history_subject(h, m), *slash;
	struct merge_name *names = NULL;
	size_t alloc = 0, n;
	uint32_t np = h->npar[m];

	if (!s)
		return 0;
	n = subject_merge_names(s, s + strlen(s), &names, &alloc);
	if (n == np - 1 && k >= 1) {
		*p = names[k - 1].p;
		*len = names[k - 1].len;
	} else if (n == 1) {
		*p = names[0].p;
		*len = names[0].len;
	} else {
		free(names);
		return 0;
	}
	free(names);
	if (!strncmp(s, "Merge remote-tracking branch ", 29) &&
	    (slash = memchr(*p, '/', *len)) && slash + 1 < *p + *len) {
		*len -= slash + 1 - *p;
		*p = slash + 1;
	}
	return *len && !url_has_control(*p, *p + *len);
}

char *
topics_branch_of(const struct history *h, uint32_t m, uint32_t k)
{
	const char *p;
	size_t len;

	return branch_name(h, m, k, &p, &len) ? xstrndup(p, len) : NULL;
}

/*
 * The group of parent k of merge m: the branch its subject names for it,
 * up to its first '/' included at depth 1, its first depth components
 * below (when all share a prefix), else its stem.  A new string; ""
 * when the subject names none.
 */
static char *
group_of(const struct history *h, uint32_t m, uint32_t k, int depth)
{
	const char *p, *end, *at;
	size_t len;

	if (!branch_name(h, m, k, &p, &len))
		return xstrdup("");
	end = p + len;
	at = p;
	for (int d = 0; d < depth; d++) {
		const char *slash = memchr(at, '/', (size_t)(end - at));

		/* no component after it: the whole name's stem */
		if (!slash || slash == at || slash + 1 == end)
			return tag_stem(p, len);
		at = slash + 1;
	}
	/* "ps/" at the first level; below a prefix they all share, the
	 * branch by its components down to that level ("for-next/pci" of
	 * for-next/pci/host), its stem */
	if (depth == 1)
		return xstrndup(p, (size_t)(at - p));
	return tag_stem(p, (size_t)(at - 1 - p));
}

static int
cmp_group(const void *pa, const void *pb)
{
	const struct topic_group *a = pa, *b = pb;

	if (a->commits != b->commits)
		return a->commits > b->commits ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* Add run r's n direct commits to its group: an octopus of two
 * branches of one group is one merge of it (last_merge). */
static void
group_add(const struct history *h, struct topics *t, size_t *alloc,
	  const struct mainline_run *r, uint32_t n, int depth)
{
	char *name = group_of(h, r->merge, r->parent, depth);
	struct topic_group *g = NULL;

	for (uint32_t k = 0; k < t->groups_nr && !g; k++)
		if (!strcmp(t->groups[k].name, name))
			g = &t->groups[k];
	if (g) {
		free(name);
	} else {
		ALLOC_GROW(t->groups, t->groups_nr + 1, *alloc);
		g = &t->groups[t->groups_nr++];
		*g = (struct topic_group){ name, 0, 0, HIST_NONE };
	}
	g->commits += n;
	if (g->last_merge != r->merge)
		g->merges++;
	g->last_merge = r->merge;
}

/* The topic branches grouped by their names up to the depth-th '/'. */
static void
group_runs(const struct history *h, const struct attribution *a,
	   struct topics *out, int depth)
{
	size_t alloc = 0;

	for (uint32_t i = 0; i < a->runs_nr; i++) {
		const struct mainline_run *r = &a->runs[i];
		uint32_t n = run_direct(a, r);

		if (n)
			group_add(h, out, &alloc, r, n, depth);
	}
}

/* Every branch in one group of a shared prefix ("for-next/"): no
 * grouping at all, but by what differs after it. */
static int
one_prefix(const struct topics *t)
{
	size_t len;

	if (t->groups_nr != 1)
		return 0;
	len = strlen(t->groups[0].name);
	return len && t->groups[0].name[len - 1] == '/';
}

static void
groups_release(struct topics *t)
{
	for (uint32_t g = 0; g < t->groups_nr; g++)
		free(t->groups[g].name);
	free(t->groups);
	t->groups = NULL;
	t->groups_nr = 0;
}

void
topics_count(const struct history *h, const struct attribution *a,
	     int group, struct topics *out)
{
	uint32_t direct = 0, last_merge = HIST_NONE;

	memset(out, 0, sizeof(*out));
	for (uint32_t k = 0; k < a->order_nr; k++)
		direct += a->path_of[a->order[k]] == PATH_MAINLINE;
	for (uint32_t i = 0; i < a->runs_nr; i++) {
		const struct mainline_run *r = &a->runs[i];
		uint32_t n = run_direct(a, r);

		if (!n)
			continue;
		out->through += n;
		if (r->merge != last_merge)
			out->merges++;
		last_merge = r->merge;
	}
	/* Deeper while one prefix holds them all, as barebox's
	 * for-next/pci, for-next/misc...: up to four levels. */
	for (int depth = 1; group && depth <= 4; depth++) {
		groups_release(out);
		group_runs(h, a, out, depth);
		if (!one_prefix(out))
			break;
	}
	out->applied = direct - out->through;
	if (out->groups_nr)
		qsort(out->groups, out->groups_nr, sizeof(*out->groups),
		      cmp_group);
}

void
topics_release(struct topics *t)
{
	groups_release(t);
	memset(t, 0, sizeof(*t));
}

const char *
topic_group_name(const struct topic_group *g)
{
	return *g->name ? g->name : "(no branch named)";
}
