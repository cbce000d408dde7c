/*
 * checks.c - --checks: what `treeplot --check all -T findings` must
 * find in the history, "COMMIT-ID TAB CODE" per finding (its first two
 * fields), for every commit written; a range's are those of its
 * commits.  --checks implies --fixes (fixes.c): every object's id is
 * known, and every Fixes id as written with what it resolves to.
 *
 * With --checks (and only with it, so --fixes' stream stays what it
 * was), messages hold cases that look close: Fixes trailers quoting
 * their target's subject whole, cut and ending in "..." or an ellipsis
 * (fine), or cut of its last character (wrong; fixes.c's quote_of);
 * sign-offs of the author and the committer as written, their address
 * in capitals, their name at another address (fine), or a "Jr" of
 * their name at an address of his own (another person; checks_body);
 * back-merges saying why they merge (merges.c).  Known by construction:
 *
 *   fixes-short-id      a Fixes id written with fewer than 12 digits
 *   fixes-unknown       one that resolves to no commit (fixes.c's
 *                       resolution, git's)
 *   fixes-subject       one that resolves and quotes a subject that is
 *                       not its target's (nor one cut with an ellipsis)
 *   fixes-not-ancestor  one whose target is not an ancestor of the fix
 *                       in the graph kept here
 *   signoff-author,     a non-merge commit none of whose sign-offs as
 *   signoff-committer   written (fixes_signer's on a fix, checks_body's)
 *                       is its author's (committer's): the same name or
 *                       address, ignoring case, as treeplot compares
 *                       people (no .mailmap: --fixes has none)
 *
 * and read off the graph kept here (parents, committer dates, tags),
 * with master's first-parent line once the run is over:
 *
 *   backmerge-untagged  a merge off the line whose later parent is on
 *                       it at no tag (merges.c's back-merges of the
 *                       mainline's tip, or whatever else came to be)
 *   backmerge-unexplained  every such merge, tagged or not, written
 *                       with its subject alone
 *   pull-rebased        a merge on the line that brought REBASE_COMMITS
 *                       or more non-merge commits, all committed within
 *                       REBASE_WINDOW, the newest less than REBASE_RECENT
 *                       before it (--rebase's trees; treeplot's
 *                       defaults)
 *
 * fixes-no-id is never written: every Fixes value starts with its id.
 */
#include "genhist.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* treeplot.rebaseCommits, rebaseWindow, rebaseRecent's defaults. */
#define REBASE_COMMITS 5
#define REBASE_WINDOW 3600
#define REBASE_RECENT (48 * 3600)
/* Fewer digits than this: fixes-short-id (treeplot's threshold). */
#define ID_DIGITS 12

/* What a commit's message says (flags). */
enum {
	SIGNED_AUTHOR = 1,	/* a sign-off of its author */
	SIGNED_COMMITTER = 2,	/* of its committer */
	EXPLAINED = 4,		/* a merge's: prose after its subject */
};

/* The graph: per mark, its parents (par[first .. first + npar)), its
 * committer date, whether a tag names it, its message's flags. */
static struct {
	uint32_t *first;
	uint8_t *npar, *tagged, *said;
	int64_t *cdate;
	size_t alloc;
	uint32_t *par;
	size_t par_nr, par_alloc;
} g;

static void
grow_to(uint32_t m)
{
	size_t old = g.alloc;

	if (m < g.alloc)
		return;
	g.alloc = (size_t)m * 2 + 16;
	g.first = xrealloc(g.first, g.alloc * sizeof(*g.first));
	g.npar = xrealloc(g.npar, g.alloc);
	g.tagged = xrealloc(g.tagged, g.alloc);
	g.said = xrealloc(g.said, g.alloc);
	g.cdate = xrealloc(g.cdate, g.alloc * sizeof(*g.cdate));
	memset(g.first + old, 0, (g.alloc - old) * sizeof(*g.first));
	memset(g.npar + old, 0, g.alloc - old);
	memset(g.tagged + old, 0, g.alloc - old);
	memset(g.said + old, 0, g.alloc - old);
	memset(g.cdate + old, 0, (g.alloc - old) * sizeof(*g.cdate));
}

/* Whether sign-off value v ("Name <address>") is who's: the same name
 * or the same address, ignoring case, as treeplot compares people. */
static int
is_person(const char *v, const struct ident *who)
{
	size_t n = strcspn(v, "<"), e;

	if (!v[n])
		return 0;
	e = strcspn(v + n + 1, ">");
	return (n > 1 && strlen(who->name) == n - 1 &&
		!strncasecmp(v, who->name, n - 1)) ||
	       (strlen(who->email) == e &&
		!strncasecmp(v + n + 1, who->email, e));
}

/* One sign-off of who, chosen by k (0 to 4): none, as written, its
 * address in capitals, the name at another address (each who's), or
 * close but another person's (a name and an address of their own). */
static void
sign(struct sb *sb, const struct ident *who, unsigned k)
{
	switch (k) {
	case 0:
		return;
	case 1:
		sb_add(sb, "\nSigned-off-by: %s <%s>", who->name, who->email);
		return;
	case 2:
		sb_add(sb, "\nSigned-off-by: %s <", who->name);
		for (const char *c = who->email; *c; c++)
			sb_add(sb, "%c", *c >= 'a' && *c <= 'z' ?
			       *c - 'a' + 'A' : *c);
		sb_add(sb, ">");
		return;
	case 3:
		sb_add(sb, "\nSigned-off-by: %s <old.%s>", who->name,
		       who->email);
		return;
	default:
		sb_add(sb, "\nSigned-off-by: %s Jr <jr.%s>", who->name,
		       who->email);
	}
}

/* Whether one of the sign-off lines of msg is who's. */
static int
signed_off(const char *msg, const struct ident *who)
{
	static const char key[] = "Signed-off-by: ";

	for (const char *p = strstr(msg, key); p; p = strstr(p + 1, key))
		if (is_person(p + strlen(key), who))
			return 1;
	return 0;
}

char *
checks_body(const struct sim *sim, uint32_t m, const struct ident *c,
	    const struct ident *a, const char *fix)
{
	uint64_t h = mix64(0x7369676e6f6666ull ^ ((uint64_t)m << 20));
	struct sb sb = { .len = 0 };
	char *body;

	(void)sim;
	sb_add(&sb, "%s", fix ? fix : "A change.\n");
	sign(&sb, a, (unsigned)(h % 5));
	sign(&sb, c, (unsigned)((h >> 8) % 5));
	body = fix || sb.len > strlen("A change.\n") ? xprintf("%s", sb.buf) :
	       NULL;
	grow_to(m);
	g.said[m] = (uint8_t)((body && signed_off(body, a) ? SIGNED_AUTHOR :
			       0) |
			      (body && signed_off(body, c) ? SIGNED_COMMITTER :
			       0));
	return body;
}

void
checks_commit_written(const struct sim *sim, uint32_t m, int64_t cdate,
		      const uint32_t *par, unsigned npar, const char *body)
{
	grow_to(m);
	g.first[m] = (uint32_t)g.par_nr;
	g.npar[m] = (uint8_t)npar;
	g.cdate[m] = cdate;
	for (unsigned k = 0; k < npar; k++) {
		GROW(g.par, g.par_nr, g.par_alloc);
		g.par[g.par_nr++] = par[k];
	}
	if (npar > 1) {
		/* merges.c's explanations: a paragraph of prose. */
		g.said[m] = body ? EXPLAINED : 0;
		return;
	}
	if (!(g.said[m] & SIGNED_AUTHOR))
		fprintf(sim->fchk, "%s\tsignoff-author\n", fixes_oid(m));
	if (!(g.said[m] & SIGNED_COMMITTER))
		fprintf(sim->fchk, "%s\tsignoff-committer\n", fixes_oid(m));
}

void
checks_tagged(uint32_t mark)
{
	grow_to(mark);
	g.tagged[mark] = 1;
}

/* ---- ancestry ------------------------------------------------------ */

/* The walks' marks: seen[m] == stamp when m was seen by this walk. */
static struct {
	uint32_t *seen, stamp;
	uint32_t *stack;
	size_t nr, alloc;
} w;

static void
walk_begin(void)
{
	if (!w.seen)
		w.seen = xcalloc(g.alloc, sizeof(*w.seen));
	w.stamp++;
	w.nr = 0;
}

static void
walk_push(uint32_t m)
{
	if (w.seen[m] == w.stamp)
		return;
	w.seen[m] = w.stamp;
	GROW(w.stack, w.nr, w.alloc);
	w.stack[w.nr++] = m;
}

/* Whether a is an ancestor of b (or b itself).  A parent's mark is
 * always below its child's: the walk stops below a. */
static int
is_ancestor(uint32_t a, uint32_t b)
{
	walk_begin();
	walk_push(b);
	while (w.nr) {
		uint32_t m = w.stack[--w.nr];

		if (m == a)
			return 1;
		for (uint32_t k = 0; k < g.npar[m]; k++)
			if (g.par[g.first[m] + k] >= a)
				walk_push(g.par[g.first[m] + k]);
	}
	return 0;
}

/* ---- the Fixes findings -------------------------------------------- */

/* Whether a quoted subject q is s: the same, or cut and ending in "..."
 * or an ellipsis, a prefix of it. */
static int
subject_matches(const char *q, const char *s)
{
	size_t n = strlen(q);

	if (!strcmp(q, s))
		return 1;
	if (n < 3 || (strcmp(q + n - 3, "...") &&
		      strcmp(q + n - 3, "\xe2\x80\xa6")))
		return 0;
	return !strncmp(q, s, n - 3);
}

static void
fixes_line(const struct fix_seen *p, void *data)
{
	FILE *f = data;
	const char *fix = fixes_oid(p->fix);

	if (p->revert)
		return;
	if (strlen(p->id) < ID_DIGITS)
		fprintf(f, "%s\tfixes-short-id\n", fix);
	if (p->target == NONE) {
		fprintf(f, "%s\tfixes-unknown\n", fix);
		return;
	}
	if (p->quote && !subject_matches(p->quote,
					 fixes_subject_of(p->target)))
		fprintf(f, "%s\tfixes-subject\n", fix);
	if (!is_ancestor(p->target, p->fix))
		fprintf(f, "%s\tfixes-not-ancestor\n", fix);
}

/* ---- merges: back-merges, pulls of rebased commits ------------------ */

/* master's first-parent line, oldest first, and line[m] set on it. */
static uint32_t *
first_parent_line(uint32_t tip, uint8_t *on, size_t *nr)
{
	uint32_t *line = NULL;
	size_t n = 0, alloc = 0;

	for (uint32_t m = tip;; m = g.par[g.first[m]]) {
		GROW(line, n, alloc);
		line[n++] = m;
		on[m] = 1;
		if (!g.npar[m])
			break;
	}
	for (size_t k = 0; k < n / 2; k++) {
		uint32_t t = line[k];

		line[k] = line[n - 1 - k];
		line[n - 1 - k] = t;
	}
	*nr = n;
	return line;
}

static void
backmerges(const struct sim *sim, FILE *f, const uint8_t *on)
{
	for (uint32_t m = 1; m <= sim->nmarks && m < g.alloc; m++) {
		uint32_t back = NONE;

		if (on[m] || g.npar[m] < 2)
			continue;
		for (uint32_t k = 1; k < g.npar[m] && back == NONE; k++)
			if (on[g.par[g.first[m] + k]])
				back = g.par[g.first[m] + k];
		if (back == NONE)
			continue;
		if (!g.tagged[back])
			fprintf(f, "%s\tbackmerge-untagged\n", fixes_oid(m));
		if (!(g.said[m] & EXPLAINED))
			fprintf(f, "%s\tbackmerge-unexplained\n",
				fixes_oid(m));
	}
}

/* Merge m of the line: what it brought (every commit its later parents
 * reach that nothing before on the line did), judged. */
static void
pull(FILE *f, uint32_t m)
{
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	uint32_t n = 0;

	w.nr = 0;
	for (uint32_t k = 1; k < g.npar[m]; k++)
		walk_push(g.par[g.first[m] + k]);
	while (w.nr) {
		uint32_t x = w.stack[--w.nr];

		if (g.npar[x] <= 1) {
			n++;
			lo = g.cdate[x] < lo ? g.cdate[x] : lo;
			hi = g.cdate[x] > hi ? g.cdate[x] : hi;
		}
		for (uint32_t k = 0; k < g.npar[x]; k++)
			walk_push(g.par[g.first[x] + k]);
	}
	if (n >= REBASE_COMMITS && hi - lo <= REBASE_WINDOW &&
	    g.cdate[m] - hi < REBASE_RECENT)
		fprintf(f, "%s\tpull-rebased\n", fixes_oid(m));
}

/* The line oldest first, in one walk: each commit seen once, so each
 * merge's later parents reach only what it brought. */
static void
pulls(FILE *f, const uint32_t *line, size_t n)
{
	walk_begin();
	for (size_t k = 0; k < n; k++) {
		uint32_t m = line[k];

		if (g.npar[m] > 1)
			pull(f, m);
		w.seen[m] = w.stamp;
	}
}

void
checks_write_truth(const struct sim *sim, FILE *f)
{
	uint8_t *on = xcalloc(g.alloc, 1);
	uint32_t *line;
	size_t n;

	fixes_each(sim, fixes_line, f);
	line = first_parent_line(sim->tr[0].tip, on, &n);
	backmerges(sim, f, on);
	pulls(f, line, n);
	free(line);
	free(on);
}

void
checks_release(void)
{
	free(g.first);
	free(g.npar);
	free(g.tagged);
	free(g.said);
	free(g.cdate);
	free(g.par);
	free(w.seen);
	free(w.stack);
}
