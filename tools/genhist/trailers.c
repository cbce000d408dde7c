/*
 * trailers.c - --trailers: the plain commits' messages written as kernel
 * commits are (prose, then trailers), with their ground truth; and
 * --mailmap, the .mailmap of the spellings they use.
 *
 * Each choice hashes the commit's mark (as --files does): the
 * simulation's random numbers are not drawn, so the history's shape is
 * the same with or without the option; only the messages change.
 *
 * The cases, each with what it must count as (treeplot's review.h):
 *   - reviewers, one to three, among them the author and the committer
 *     (whose review does not count), a reviewer written with an address
 *     the mailmap maps to another (counted under it), one with an
 *     address only (with or without a mailmap entry), one whose address
 *     is in capitals, a folded line, keys in odd case (reviewed-BY,
 *     ACKED-BY), one person twice (Reviewed-by and Acked-by: once);
 *   - testers (the author may be one);
 *   - Link and Message-ID, and a Link left empty (no link);
 *   - Fixes; Cc to stable@vger.kernel.org with a "# 5.10.x" comment, to
 *     <stable@kernel.org>, and to addresses that are not stable's;
 *   - sign-off chains: the author's (not always), 0 to 4 people who
 *     passed the patch on (one signing twice: once), the author signing
 *     again after one of them (only those after count), a "[ ... ]" note
 *     of the committer's between them, the committer's (not always);
 *   - "(cherry picked from commit ...)" at the end of the trailers;
 *   - a paragraph of trailers in the middle of the message (not
 *     trailers: only the last paragraph is), and a message whose last
 *     paragraph is prose after the trailers (no trailers at all).
 *
 * The truth, a line per non-merge commit (merges and the commits that
 * are not plain: every figure 0):
 *   :MARK<TAB>REVIEWED<TAB>TESTED<TAB>LINKED<TAB>FIX<TAB>STABLE<TAB>
 *   HANDOFFS<TAB>REVIEWERS<TAB>TESTERS
 * flags 0 or 1, HANDOFFS a count, REVIEWERS and TESTERS the people
 * counted, '|' between them, as the mailmap names them ("Name <mail>",
 * or the address alone when only it was written and no mailmap entry
 * names it), each once.
 */
#define _GNU_SOURCE	/* vasprintf */
#include "genhist.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the hash's draws ---------------------------------------------- */

/* splitmix64 from a commit's mark: its own draws, apart from sim->rng. */
struct draws {
	uint64_t s;
};

static uint64_t
next(struct draws *d)
{
	uint64_t z = (d->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint32_t
pick(struct draws *d, uint32_t n)
{
	return (uint32_t)(next(d) % n);
}

static int
odds(struct draws *d, unsigned percent)
{
	return pick(d, 100) < percent;
}

/* ---- strings being built ------------------------------------------- */

struct str {
	char *s;
	size_t len, alloc;
};

static void
str_add(struct str *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
str_add(struct str *b, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	GROW(b->s, b->len + strlen(s) + 1, b->alloc);
	memcpy(b->s + b->len, s, strlen(s) + 1);
	b->len += strlen(s);
	free(s);
}

/* ---- people -------------------------------------------------------- */

/* The contributors whose older address the mailmap maps to their own,
 * and those whose address is sometimes written in capitals. */
#define ALIASED(j) ((j) % 25 == 3)
#define SHOUTED(j) ((j) % 25 == 5)

/* A person as written in a trailer, and as the mailmap names them. */
struct person {
	char *written;		/* the trailer's value */
	char *shown;		/* "Name <mail>", or the address alone */
	const char *name, *mail;	/* who they are, for comparing */
};

static void
person_free(struct person *p)
{
	free(p->written);
	free(p->shown);
}

static int
same(const struct person *a, const struct person *b)
{
	return (a->name && b->name && !strcasecmp(a->name, b->name)) ||
	       !strcasecmp(a->mail, b->mail);
}

static struct person
plain(const struct ident *id)
{
	return (struct person){ xprintf("%s <%s>", id->name, id->email),
				xprintf("%s <%s>", id->name, id->email),
				id->name, id->email };
}

/* The older address of contributor j (ALIASED). */
static char *
old_address(const struct sim *sim, uint32_t j)
{
	const char *last = strrchr(sim->contrib[j].name, ' ') + 1;

	return xprintf("%s.%" PRIu32 "@old.example.net", last, j);
}

/* Contributor j written one of the ways a reviewer's name is. */
static struct person
contributor(const struct sim *sim, struct draws *d, uint32_t j)
{
	const struct ident *id = &sim->contrib[j];
	struct person p = plain(id);

	if (ALIASED(j) && odds(d, 60)) {
		char *old = old_address(sim, j);

		free(p.written);
		/* By the older address alone, or with the name. */
		p.written = odds(d, 50) ? xprintf("%s", old) :
			    xprintf("%s <%s>", id->name, old);
		free(old);
	} else if (SHOUTED(j) && odds(d, 50)) {
		free(p.written);
		free(p.shown);
		p.written = xprintf("%s <%s>", id->name, id->email);
		for (char *c = strchr(p.written, '<'); *c; c++)
			if (*c >= 'a' && *c <= 'z')
				*c -= 32;
		p.shown = xprintf("%s", p.written);
	} else if (odds(d, 5)) {
		/* The address alone, which no mailmap entry names. */
		free(p.written);
		free(p.shown);
		p.written = xprintf("%s", id->email);
		p.shown = xprintf("%s", id->email);
		p.name = NULL;
	}
	return p;
}

/* A contributor who is none of the n people of not: tries a few, then
 * gives up (NONE). */
static uint32_t
other_contributor(const struct sim *sim, struct draws *d,
		  const struct person *not, size_t n)
{
	for (int tries = 0; tries < 8; tries++) {
		uint32_t j = pick(d, NCONTRIB);
		struct person p = plain(&sim->contrib[j]);
		int clash = 0;

		for (size_t k = 0; k < n && !clash; k++)
			clash = same(&p, &not[k]);
		person_free(&p);
		if (!clash)
			return j;
	}
	return NONE;
}

/* ---- the message --------------------------------------------------- */

static const char *const review_keys[] = {
	"Reviewed-by", "Reviewed-by", "Reviewed-by", "Acked-by", "Acked-by",
	"reviewed-BY", "ACKED-BY", "Reviewed-by", "Reviewed-by", "Acked-by",
};

/* A trailer naming p, folded onto a second line now and then. */
static void
person_line(struct str *block, struct draws *d, const char *key,
	    const struct person *p)
{
	const char *lt = strchr(p->written, '<');

	if (lt && lt > p->written && odds(d, 4))
		str_add(block, "%s: %.*s\n %s\n", key,
			(int)(lt - p->written - 1), p->written, lt);
	else
		str_add(block, "%s: %s\n", key, p->written);
}

/* The people counted: '|' between them. */
static void
people_truth(struct str *t, const struct person *p, size_t n)
{
	str_add(t, "\t");
	for (size_t k = 0; k < n; k++)
		str_add(t, "%s%s", k ? "|" : "", p[k].shown);
}

/* The hand-offs of the sign-offs so (n): review.h's rule. */
static unsigned
handoffs(const struct person *so, size_t n, const struct person *author,
	 const struct person *committer)
{
	size_t c = n, a = 0;
	unsigned count = 0;

	for (size_t k = n; k-- > 0;)
		if (same(&so[k], committer)) {
			c = k;
			break;
		}
	for (size_t k = c; k-- > 0;)
		if (same(&so[k], author)) {
			a = k + 1;
			break;
		}
	for (size_t k = a; k < c; k++) {
		int again = same(&so[k], author) || same(&so[k], committer);

		for (size_t q = a; q < k && !again; q++)
			again = same(&so[q], &so[k]);
		count += !again;
	}
	return count;
}

/* The reviewers of the commit into rv (counted ones) and the block. */
static size_t
reviewers(const struct sim *sim, struct draws *d, struct str *block,
	  const struct person *author, const struct person *committer,
	  struct person *rv)
{
	static const unsigned weights[] = { 40, 35, 15, 10 };
	unsigned n = 0, r = pick(d, 100), nr = 0;

	while (r >= weights[n]) {
		r -= weights[n];
		n++;
	}
	for (unsigned k = 0; k < n; k++) {
		const char *key = review_keys[pick(d, N_OF(review_keys))];
		unsigned kind = pick(d, 100);
		struct person not[5];
		size_t nn = 0;
		uint32_t j;

		if (kind < 6) {		/* the author's own: not counted */
			person_line(block, d, key, author);
			continue;
		}
		if (kind < 11) {	/* the committer's: not counted */
			person_line(block, d, key, committer);
			continue;
		}
		if (kind < 14 && nr) {	/* one person twice: once */
			person_line(block, d, "Acked-by", &rv[nr - 1]);
			continue;
		}
		not[nn++] = *author;
		not[nn++] = *committer;
		for (unsigned q = 0; q < nr; q++)
			not[nn++] = rv[q];
		if ((j = other_contributor(sim, d, not, nn)) == NONE)
			continue;
		rv[nr] = contributor(sim, d, j);
		person_line(block, d, key, &rv[nr]);
		nr++;
	}
	return nr;
}

/* The people who passed it on, between the author's sign-off and the
 * committer's, into so (after what is there, *n). */
static void
chain(const struct sim *sim, struct draws *d, struct str *block,
      const struct person *author, const struct person *committer,
      struct person *so, size_t *n, int author_signed)
{
	static const unsigned weights[] = { 55, 20, 12, 8, 5 };
	unsigned k = 0, r = pick(d, 100);
	struct person mid[4];
	size_t got = 0;

	while (r >= weights[k]) {
		r -= weights[k];
		k++;
	}
	for (unsigned q = 0; q < k; q++) {
		struct person not[6];
		size_t nn = 0;
		uint32_t j;

		not[nn++] = *author;
		not[nn++] = *committer;
		for (size_t x = 0; x < got; x++)
			not[nn++] = mid[x];
		if ((j = other_contributor(sim, d, not, nn)) == NONE)
			continue;
		mid[got++] = plain(&sim->contrib[j]);
	}
	for (size_t q = 0; q < got; q++) {
		str_add(block, "Signed-off-by: %s\n", mid[q].written);
		so[(*n)++] = mid[q];
		if (odds(d, 5)) {	/* twice: once */
			str_add(block, "Signed-off-by: %s\n", mid[q].written);
			so[*n] = mid[q];
			so[*n].written = xprintf("%s", mid[q].written);
			so[*n].shown = xprintf("%s", mid[q].shown);
			(*n)++;
		}
		if (q == 0 && author_signed && odds(d, 4)) {
			/* The author signs again: the chain starts after. */
			str_add(block, "Signed-off-by: %s\n", author->written);
			so[*n] = *author;
			so[*n].written = xprintf("%s", author->written);
			so[*n].shown = xprintf("%s", author->shown);
			(*n)++;
		}
	}
	if (*n && odds(d, 5))
		str_add(block, "[ %s: fixed the subject ]\n", committer->name);
}

void
trailer_body(const struct sim *sim, uint32_t mark, const struct ident *a,
	     const struct ident *c, char **body, char **truth)
{
	struct draws d = { (uint64_t)mark * 0x2545f4914f6cdd1dull + 0x7472 };
	struct str msg = { NULL, 0, 0 }, block = { NULL, 0, 0 };
	struct str t = { NULL, 0, 0 };
	struct person author = plain(a), committer = plain(c);
	struct person rv[4], ts[1], so[16];
	size_t nrv, nts = 0, nso = 0;
	int linked = 0, fix = 0, stable = 0, author_signed, prose_last;
	unsigned r;

	str_add(&msg, "The %s path took its lock twice; take it once.\n",
		odds(&d, 50) ? "probe" : "remove");
	if (odds(&d, 8))
		str_add(&msg, "\nReviewed-by: Dee Coy <decoy@example.net>\n"
			"Tested-by: Dee Coy <decoy@example.net>\n"
			"Cc: stable@vger.kernel.org\n\n"
			"The lines above quote an earlier thread.\n");
	if (odds(&d, 12)) {
		fix = 1;
		str_add(&block, "Fixes: %012" PRIx64 " (\"an earlier change\")\n",
			next(&d) >> 16);
	}
	r = pick(&d, 100);
	if (r < 4)
		str_add(&block, "Cc: stable@vger.kernel.org # 5.10.x\n");
	else if (r < 5)
		str_add(&block, "Cc: <stable@kernel.org>\n");
	else if (r < 15)
		str_add(&block, "Cc: linux-kernel@vger.kernel.org\n");
	else if (r < 17)
		str_add(&block, "Cc: stablemaint@example.org # not stable\n");
	stable = r < 5;
	author_signed = odds(&d, 90);
	if (author_signed) {
		str_add(&block, "Signed-off-by: %s\n", author.written);
		so[nso] = author;
		so[nso].written = xprintf("%s", author.written);
		so[nso].shown = xprintf("%s", author.shown);
		nso++;
	}
	nrv = reviewers(sim, &d, &block, &author, &committer, rv);
	if (odds(&d, 10)) {
		uint32_t j = pick(&d, NCONTRIB);

		/* The author tests too, now and then: it counts. */
		ts[nts] = odds(&d, 20) ? plain(a) : plain(&sim->contrib[j]);
		str_add(&block, "Tested-by: %s\n", ts[nts++].written);
	}
	chain(sim, &d, &block, &author, &committer, so, &nso, author_signed);
	r = pick(&d, 100);
	if (r < 55)
		str_add(&block, "Link: https://lore.kernel.org/r/%" PRIu32
			".%04x@example.org\n", mark, (unsigned)(next(&d) & 0xffff));
	else if (r < 60)
		str_add(&block, "Message-ID: <%" PRIu32 "@example.org>\n", mark);
	else if (r < 62)
		str_add(&block, "Link:\n");
	linked = r < 60;
	if (odds(&d, 95)) {
		str_add(&block, "Signed-off-by: %s\n", committer.written);
		so[nso] = committer;
		so[nso].written = xprintf("%s", committer.written);
		so[nso].shown = xprintf("%s", committer.shown);
		nso++;
	}
	if (odds(&d, 3))
		str_add(&block, "(cherry picked from commit %016" PRIx64
			"%016" PRIx64 "%08x)\n", next(&d), next(&d),
			(unsigned)(next(&d) & 0xffffffff));
	if (block.len)
		str_add(&msg, "\n%s", block.s);
	prose_last = odds(&d, 3);
	if (prose_last)
		str_add(&msg, "\nA last word after the trailers: none are.\n");
	if (prose_last || !block.len) {
		str_add(&t, "0\t0\t0\t0\t0\t0\t\t");
	} else {
		str_add(&t, "%d\t%d\t%d\t%d\t%d\t%u", nrv > 0, nts > 0, linked,
			fix, stable, handoffs(so, nso, &author, &committer));
		people_truth(&t, rv, nrv);
		people_truth(&t, ts, nts);
	}
	for (size_t k = 0; k < nrv; k++)
		person_free(&rv[k]);
	for (size_t k = 0; k < nts; k++)
		person_free(&ts[k]);
	for (size_t k = 0; k < nso; k++)
		person_free(&so[k]);
	person_free(&author);
	person_free(&committer);
	free(block.s);
	*body = msg.s;
	*truth = t.s;
}

void
write_mailmap(const struct sim *sim, FILE *f)
{
	for (uint32_t j = 0; j < NCONTRIB; j++) {
		char *old;

		if (!ALIASED(j))
			continue;
		old = old_address(sim, j);
		fprintf(f, "%s <%s> <%s>\n", sim->contrib[j].name,
			sim->contrib[j].email, old);
		free(old);
	}
}

char *
mailmap_text(const struct sim *sim)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		die("--mailmap-tree: %s", strerror(errno));
	write_mailmap(sim, f);
	if (fclose(f))
		die("--mailmap-tree: %s", strerror(errno));
	return text;
}
