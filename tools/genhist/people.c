/*
 * people.c - --people FILE: who commits each plain commit, whether it is
 * a self-commit and reviewed, and the tagger dates of the mainline's
 * tagged pulls, with their truth.
 *
 * Each tree gets zero to two co-maintainers beside its maintainer (a
 * hash of the tree), who commit its plain commits in the proportions
 * 6:3:1 (a hash of the mark: maintainer, first, second co-maintainer;
 * with one co-maintainer 6:3, with none the maintainer alone); one
 * commit in four is its committer's own (author = committer); without
 * --trailers one commit in three carries a Reviewed-by from a
 * contributor who is neither its author nor its committer (with it,
 * --trailers' own reviews stand).  Every pull the mainline makes of a
 * tag (a quarter of them, as without --people) is marked tagged, its
 * tagger date its merge's committer date
 * minus a wait of two hours before to ten days after (a hash of the
 * merge's mark): treeplot reads it from the mergetag header that
 * tools/mergetags.py writes from this truth (fast-import cannot).
 * Nothing is drawn from the simulation's random numbers: the history's
 * shape, dates and subjects are those without --people.
 *
 * FILE's lines:
 *   :MARK<TAB>c<TAB>COMMITTER<TAB>SELF<TAB>REVIEWED  per non-merge commit
 *             (COMMITTER the address, lower case; SELF and REVIEWED 0/1)
 *   :MARK<TAB>t<TAB>TAGGER-DATE<TAB>TREE  per pull of the mainline that
 *             names a tag (TREE the tree's name, as --expect names it)
 *   :MARK<TAB>u<TAB>-<TAB>TREE  per pull of the mainline naming none
 */
#include "genhist.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define K_COMMITTER 0x636f6d6d69747465ull
#define K_SELF 0x73656c6673656c66ull
#define K_REVIEW 0x7265766965777321ull
#define K_TREE 0x7472656574726565ull
#define K_WAIT 0x7761697477616974ull

void
people_setup(struct sim *sim)
{
	for (uint32_t x = 0; x < sim->ntrees; x++) {
		struct tree *t = &sim->tr[x];

		t->nco = (unsigned)(mix64(K_TREE ^ x) % 3);
		for (unsigned k = 0; k < t->nco; k++) {
			struct ident *co = &t->co[k];

			co->name = xprintf("Co%u %s", k + 1, t->maint.name);
			co->email = xprintf("co%u.%s", k + 1, t->maint.email);
		}
	}
}

void
people_release(struct sim *sim)
{
	for (uint32_t x = 0; x < sim->ntrees; x++)
		for (unsigned k = 0; k < sim->tr[x].nco; k++) {
			free(sim->tr[x].co[k].name);
			free(sim->tr[x].co[k].email);
		}
}

/* One person, as treeplot compares them: the same address, or the same
 * name, ignoring case. */
static int
same(const struct ident *a, const struct ident *b)
{
	return !strcasecmp(a->email, b->email) || !strcasecmp(a->name, b->name);
}

void
people_pick(const struct sim *sim, uint32_t x, uint32_t mark,
	    const struct ident **committer, const struct ident **author)
{
	const struct tree *t = &sim->tr[x];
	unsigned w = (unsigned)(mix64(K_COMMITTER ^ mark) % 10);

	if (!sim->fppl)
		return;
	/* 6:3:1; the share of a second co-maintainer missing is the
	 * first's, of both the maintainer's. */
	if (w == 9 && t->nco >= 2)
		*committer = &t->co[1];
	else if (w >= 6 && t->nco >= 1)
		*committer = &t->co[0];
	else
		*committer = &t->maint;
	if (mix64(K_SELF ^ mark) % 4 == 0)
		*author = *committer;
}

char *
people_body(const struct sim *sim, uint32_t mark, const struct ident *c,
	    const struct ident *a)
{
	uint64_t h = mix64(K_REVIEW ^ mark);
	uint32_t j = (uint32_t)(h / 3 % NCONTRIB);

	if (!sim->fppl || h % 3)
		return NULL;
	while (same(&sim->contrib[j], a) || same(&sim->contrib[j], c))
		j = (j + 1) % NCONTRIB;
	return xprintf("A change.\n\nReviewed-by: %s <%s>",
		       sim->contrib[j].name, sim->contrib[j].email);
}

void
people_line(struct sim *sim, uint32_t mark, const struct ident *c,
	     const struct ident *a)
{
	int reviewed;

	if (!sim->fppl)
		return;
	/* --trailers' truth starts with REVIEWED; else our own body. */
	if (sim->body_truth)
		reviewed = sim->body_truth[0] == '1';
	else
		reviewed = sim->body && strstr(sim->body, "\nReviewed-by: ");
	fprintf(sim->fppl, ":%" PRIu32 "\tc\t", mark);
	for (const char *p = c->email; *p; p++)
		fputc(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p, sim->fppl);
	fprintf(sim->fppl, "\t%d\t%d\n", same(c, a), reviewed);
}

void
people_pull(struct sim *sim, uint32_t merge, uint32_t x, int tagged)
{
	int64_t wait = (int64_t)(mix64(K_WAIT ^ merge) %
				 (10 * DAY + 2 * 3600)) - 2 * 3600;

	if (!sim->fppl)
		return;
	if (tagged)
		fprintf(sim->fppl, ":%" PRIu32 "\tt\t%" PRId64 "\t%s\n",
			merge, sim->now - wait, sim->tr[x].name);
	else
		fprintf(sim->fppl, ":%" PRIu32 "\tu\t-\t%s\n", merge,
			sim->tr[x].name);
}
