/*
 * identity.c - --identity's cases: the shapes in which real histories
 * spell one tree several ways, or several trees alike, each with its
 * ground truth (the tree's name in --expect is the spelling treeplot
 * must name it by: its most recent one).
 *
 * Every case is a tree (with T of 17 or more) given spellings of its own
 * at setup and, at fixed cycles, new ones (a respelling); who commits
 * its tips is its maintainer, as for every tree, unless said:
 *   - every kernel.org tree also spelled by its home directory on
 *     master.kernel.org (/home/HANDLE/S), in pulls and in its own merges;
 *   - tree 3: one repository on two sibling hosts, used side by side for
 *     years (gitlab.denx.de/u-boot/custodians/u-boot-S and
 *     source.denx.de/...), the old host dropped two cycles before the end;
 *   - tree 5: the host renamed halfway (git.denx.de/u-boot-S, then
 *     source.denx.de/u-boot/custodians/u-boot-S);
 *   - tree 8: the path moved under a new group while the old one stays
 *     in use (git.denx.de/u-boot-S beside source.denx.de/.../u-boot-S),
 *     and most of its pulls by the old spelling made after the mainline's
 *     maintainer merged the mainline into it: the tip they pull is the
 *     mainline maintainer's, which says nothing of who keeps it;
 *   - tree 9: a move across domains by its keeper, halfway
 *     (github.com/HANDLE/S, then gitlab.com/HANDLE/S);
 *   - trees 10 and 11: one keeper (maintainer and handle) with two trees
 *     of different names: two trees;
 *   - trees 12 and 13: one repository name under one domain, kept by two
 *     people one after the other (git.denx.de/u-boot-S12 in the first
 *     half, source.denx.de/u-boot/custodians/u-boot-S12 from the cycle
 *     after): two trees, which the dates alone would join;
 *   - tree 7: a domain move (source.denx.de/u-boot/custodians/u-boot-S,
 *     then git.u-boot-project.org/u-boot/custodians/u-boot-S, halfway),
 *     the tree changing hands between co-custodians at the move, every
 *     pull tagged: one tree by its path and its tags' stem;
 *   - tree 6: its keeper's address changes halfway (one name), the host
 *     renamed (git.denx.de/u-boot-S, then source.denx.de/.../u-boot-S):
 *     one person, one tree;
 *   - the last four trees: forks of util-linux by four owners, three on
 *     GitHub and one on GitLab: four trees (two with T below 17); the
 *     three on GitHub edited in its web page (with T of 17 or more):
 *     their commits are their owners', committed by "GitHub
 *     <noreply@github.com>", one committer over many owners' forks,
 *     which is no keeper: four trees all the same ("web-fork").
 */
#include "genhist.h"

#include <stdlib.h>
#include <string.h>

/* The trees of the cases. */
enum {
	SIDE_BY_SIDE = 3,
	HOST_RENAMED = 5,
	NEW_ADDRESS = 6,
	MOVED_DOMAIN = 7,
	MOVED_GROUP = 8,
	CROSS_DOMAIN = 9,
	ONE_KEEPER = 10,	/* and 11 */
	TAKEN_UP = 12,		/* and 13 */
	CASES_MIN_TREES = 18,	/* ntrees (T + 1) for all of them */
};

/* A case's tree, for --cases: what it is, and every spelling it was
 * given. */
struct case_tree {
	const char *what;
	uint32_t tree;
	char *urls[2 * MAX_URLS];
	unsigned nurls;
};

/* New spellings for tree `tree` from cycle `cycle` on. */
struct respell {
	uint32_t tree;
	uint64_t cycle;
	char *urls[MAX_URLS];
	unsigned nurls;
};

static void
drop_urls(struct tree *t)
{
	for (unsigned u = 0; u < t->nurls; u++)
		free(t->urls[u]);
	t->nurls = 0;
}

static void
set_name(struct tree *t, char *name)
{
	free(t->name);
	t->name = name;
}

/* Tree i is a case of what: its spellings so far noted (add_case_urls
 * notes later ones). */
static struct case_tree *
add_case(struct sim *sim, const char *what, uint32_t i)
{
	struct case_tree *c;
	const struct tree *t = &sim->tr[i];

	GROW(sim->cases, sim->ncases, sim->cases_alloc);
	c = &sim->cases[sim->ncases++];
	memset(c, 0, sizeof(*c));
	c->what = what;
	c->tree = i;
	for (unsigned u = 0; u < t->nurls; u++)
		c->urls[c->nurls++] = xprintf("%s", t->urls[u]);
	return c;
}

static void
add_case_urls(struct case_tree *c, char *const *urls, unsigned n)
{
	for (unsigned u = 0; u < n && c->nurls < N_OF(c->urls); u++) {
		unsigned k = 0;

		while (k < c->nurls && strcmp(c->urls[k], urls[u]))
			k++;
		if (k == c->nurls)
			c->urls[c->nurls++] = xprintf("%s", urls[u]);
	}
}

static struct respell *
respell_add(struct sim *sim, uint32_t tree, uint64_t cycle)
{
	struct respell *r;

	GROW(sim->respell, sim->nrespell, sim->respell_alloc);
	r = &sim->respell[sim->nrespell++];
	memset(r, 0, sizeof(*r));
	r->tree = tree;
	r->cycle = cycle;
	return r;
}

/* u-boot's custodian spellings of S below host: "git.denx.de/u-boot-S"
 * for git.denx.de, else "HOST/u-boot/custodians/u-boot-S". */
static void
denx(char **urls, unsigned *n, const char *host, const char *s)
{
	if (!strcmp(host, "git.denx.de")) {
		urls[(*n)++] = xprintf("git://git.denx.de/u-boot-%s.git", s);
		urls[(*n)++] = xprintf("git://git.denx.de/u-boot-%s", s);
	} else {
		urls[(*n)++] = xprintf("https://%s/u-boot/custodians/u-boot-%s.git",
				       host, s);
		urls[(*n)++] = xprintf("https://%s/u-boot/custodians/u-boot-%s",
				       host, s);
	}
}

static char *
denx_name(const char *host, const char *s)
{
	if (!strcmp(host, "git.denx.de"))
		return xprintf("git.denx.de/u-boot-%s", s);
	return xprintf("%s/u-boot/custodians/u-boot-%s", host, s);
}

/* Tree i's spellings u-boot-S below old, later (from cycle `when`) below
 * new alone; both from the start when side_by_side. */
static void
denx_case(struct sim *sim, uint32_t i, const char *old, const char *new,
	  uint64_t when, int side_by_side, const char *what)
{
	struct tree *t = &sim->tr[i];
	struct respell *r = respell_add(sim, i, when);

	drop_urls(t);
	denx(t->urls, &t->nurls, old, t->subsys);
	if (side_by_side)
		denx(t->urls, &t->nurls, new, t->subsys);
	denx(r->urls, &r->nurls, new, t->subsys);
	set_name(t, denx_name(new, t->subsys));
	add_case_urls(add_case(sim, what, i), r->urls, r->nurls);
}

const struct ident forge_web = { "GitHub", "noreply@github.com" };

/* The last n trees: forks of util-linux, the third of four on GitLab;
 * with four, those on GitHub edited in its web page. */
static void
forks(struct sim *sim, uint32_t n)
{
	for (uint32_t i = sim->ntrees - n; i < sim->ntrees; i++) {
		struct tree *t = &sim->tr[i];
		const char *host = n == 4 && i == sim->ntrees - 2 ?
				   "gitlab.com" : "github.com";

		/* Owners' handles are drawn: make them differ. */
		for (uint32_t j = sim->ntrees - n; j < i; j++)
			if (!strcmp(t->handle, sim->tr[j].handle)) {
				char *h = xprintf("%sx", t->handle);

				free(t->handle);
				t->handle = h;
				j = sim->ntrees - n - 1;
			}
		drop_urls(t);
		set_name(t, xprintf("%s/%s/util-linux", host, t->handle));
		t->urls[t->nurls++] = xprintf("https://%s/%s/util-linux", host,
					      t->handle);
		t->urls[t->nurls++] = xprintf("https://%s/%s/util-linux.git",
					      host, t->handle);
		t->web = n == 4 && !strcmp(host, "github.com");
		add_case(sim, t->web ? "web-fork" : "fork", i);
	}
}

void
setup_identity(struct sim *sim)
{
	const char *lk = "git://git.kernel.org/pub/scm/linux/kernel/git/";
	uint64_t half = sim->cycles_total / 2;
	uint64_t late = sim->cycles_total > 2 ? sim->cycles_total - 2 : 0;

	for (uint32_t i = 1; i < sim->ntrees; i++) {
		struct tree *t = &sim->tr[i];

		if (!strncmp(t->urls[0], lk, strlen(lk)) && t->nurls < MAX_URLS)
			t->urls[t->nurls++] = xprintf("master.kernel.org:/home/%s",
						      t->name);
	}
	if (sim->ntrees > 8)
		denx_case(sim, HOST_RENAMED, "git.denx.de", "source.denx.de",
			  half, 0, "host-renamed");
	if (sim->ntrees >= CASES_MIN_TREES) {
		struct tree *t = &sim->tr[CROSS_DOMAIN], *k1, *k2, *a, *b;
		struct respell *r;

		denx_case(sim, SIDE_BY_SIDE, "gitlab.denx.de",
			  "source.denx.de", late, 1, "side-by-side");
		denx_case(sim, MOVED_GROUP, "git.denx.de", "source.denx.de",
			  late, 1, "moved-group");
		sim->merged_by_main = MOVED_GROUP;
		denx_case(sim, MOVED_DOMAIN, "source.denx.de",
			  "git.u-boot-project.org", half, 0, "moved-domain");
		sim->tr[MOVED_DOMAIN].tagged = 1;
		sim->new_keeper = MOVED_DOMAIN;
		denx_case(sim, NEW_ADDRESS, "git.denx.de", "source.denx.de",
			  half, 0, "new-address");
		sim->new_address = NEW_ADDRESS;

		drop_urls(t);
		t->urls[t->nurls++] = xprintf("https://github.com/%s/%s",
					      t->handle, t->subsys);
		t->urls[t->nurls++] = xprintf("https://github.com/%s/%s.git",
					      t->handle, t->subsys);
		r = respell_add(sim, CROSS_DOMAIN, half);
		r->urls[r->nurls++] = xprintf("https://gitlab.com/%s/%s.git",
					      t->handle, t->subsys);
		r->urls[r->nurls++] = xprintf("https://gitlab.com/%s/%s",
					      t->handle, t->subsys);
		set_name(t, xprintf("gitlab.com/%s/%s", t->handle, t->subsys));
		add_case_urls(add_case(sim, "cross-domain", CROSS_DOMAIN),
			      r->urls, r->nurls);

		/* One keeper, two trees: the second takes the first's
		 * maintainer and handle, so its URLs are spelled anew. */
		k1 = &sim->tr[ONE_KEEPER];
		k2 = &sim->tr[ONE_KEEPER + 1];
		free(k2->maint.name);
		free(k2->maint.email);
		k2->maint.name = xprintf("%s", k1->maint.name);
		k2->maint.email = xprintf("%s", k1->maint.email);
		drop_urls(k2);
		set_name(k2, xprintf("%s/%s", k1->handle, k2->subsys));
		k2->urls[k2->nurls++] = xprintf("git://git.kernel.org/pub/scm/"
						"linux/kernel/git/%s.git",
						k2->name);
		k2->urls[k2->nurls++] = xprintf("https://git.kernel.org/pub/"
						"scm/linux/kernel/git/%s",
						k2->name);
		add_case(sim, "one-keeper", ONE_KEEPER);
		add_case(sim, "one-keeper", ONE_KEEPER + 1);

		/* One name, taken up by another keeper: tree b is not drawn
		 * until the cycle after a is no more (identity_cycle). */
		a = &sim->tr[TAKEN_UP];
		b = &sim->tr[TAKEN_UP + 1];
		drop_urls(a);
		denx(a->urls, &a->nurls, "git.denx.de", a->subsys);
		set_name(a, denx_name("git.denx.de", a->subsys));
		drop_urls(b);
		denx(b->urls, &b->nurls, "source.denx.de", a->subsys);
		set_name(b, denx_name("source.denx.de", a->subsys));
		add_case(sim, "taken-up", TAKEN_UP);
		add_case(sim, "taken-up", TAKEN_UP + 1);
		sim->taken_up_weight = b->weight;
		b->weight = 0;
		/* Neither pulls another tree: a's last pull, and b's first,
		 * are then its own commits'. */
		for (uint32_t i = 1; i < sim->ntrees; i++) {
			struct tree *x = &sim->tr[i];

			if (x->up == TAKEN_UP || x->up == TAKEN_UP + 1) {
				x->up = 0;
				x->layer = 1;
			}
			if (x->alt == TAKEN_UP || x->alt == TAKEN_UP + 1)
				x->alt = NONE;
		}
		for (uint32_t i = TAKEN_UP + 1; i < sim->ntrees; i++)
			sim->cum[i] = sim->cum[i - 1] + sim->tr[i].weight;
		forks(sim, 4);
	} else if (sim->ntrees > 10) {
		forks(sim, 2);
	}
}

/* Tree i's share of the commits is now w. */
static void
reweigh(struct sim *sim, uint32_t i, uint32_t w)
{
	sim->tr[i].weight = w;
	for (uint32_t j = i; j < sim->ntrees; j++)
		sim->cum[j] = sim->cum[j - 1] + sim->tr[j].weight;
}

void
identity_cycle(struct sim *sim, uint64_t k)
{
	uint64_t half = sim->cycles_total / 2;

	for (size_t n = 0; n < sim->nrespell; n++) {
		struct respell *r = &sim->respell[n];
		struct tree *t = &sim->tr[r->tree];

		if (r->cycle != k || !r->nurls)
			continue;
		drop_urls(t);
		memcpy(t->urls, r->urls, r->nurls * sizeof(*r->urls));
		t->nurls = r->nurls;
		r->nurls = 0;
	}
	if (k == half && sim->new_keeper && sim->new_keeper != NONE) {
		struct ident *m = &sim->tr[sim->new_keeper].maint;

		/* The co-custodian takes the tree over at the move. */
		free(m->name);
		free(m->email);
		m->name = xprintf("Co Custodian");
		m->email = xprintf("co.custodian@example.org");
	}
	if (k == half && sim->new_address && sim->new_address != NONE) {
		struct ident *m = &sim->tr[sim->new_address].maint;
		char *e = xprintf("%.*s@work.example.org",
				  (int)strcspn(m->email, "@"), m->email);

		free(m->email);
		m->email = e;
	}
	if (sim->taken_up_weight && k == half)
		reweigh(sim, TAKEN_UP, 0);
	if (sim->taken_up_weight && k == half + 1) {
		reweigh(sim, TAKEN_UP + 1, sim->taken_up_weight);
		sim->taken_up_weight = 0;
	}
}

void
identity_cases(const struct sim *sim, FILE *f)
{
	for (size_t n = 0; n < sim->ncases; n++) {
		const struct case_tree *c = &sim->cases[n];

		fprintf(f, "%s\t%s", c->what, sim->tr[c->tree].name);
		for (unsigned u = 0; u < c->nurls; u++)
			fprintf(f, "%c%s", u ? ' ' : '\t', c->urls[u]);
		fputc('\n', f);
	}
}

void
identity_release(struct sim *sim)
{
	for (size_t n = 0; n < sim->ncases; n++)
		for (unsigned u = 0; u < sim->cases[n].nurls; u++)
			free(sim->cases[n].urls[u]);
	free(sim->cases);
	sim->cases = NULL;
	sim->ncases = sim->cases_alloc = 0;
	for (size_t n = 0; n < sim->nrespell; n++)
		for (unsigned u = 0; u < sim->respell[n].nurls; u++)
			free(sim->respell[n].urls[u]);
	free(sim->respell);
	sim->respell = NULL;
	sim->nrespell = sim->respell_alloc = 0;
}

uint32_t
main_merges_into(struct sim *sim, uint32_t x, const char *url)
{
	struct tree *t = &sim->tr[x];
	uint32_t par[2], mk;
	struct sb sb = { .len = 0 };

	/* Only before pulls by the old spelling, most of them. */
	if (x != sim->merged_by_main || !strstr(url, "//git.denx.de/") ||
	    !chance(&sim->rng, 0.7))
		return t->tip;
	par[0] = t->tip;
	par[1] = sim->tr[0].tip;
	sb_add(&sb, "Merge branch 'master' into %s", t->branch);
	mk = merge_commit(sim, 0, sb.buf, par, 2);
	t->tip = mk;
	t->main_seq = sim->main_seq;
	sim->st.backmerges++;
	return mk;
}
