/*
 * genhist - a deterministic kernel-like git history, with ground truth.
 *
 *   genhist [--commits N] [--trees T] [--seed S] [--ff-rate P]
 *           [--releases R] [--expect FILE] [--truth FILE] [--cycles FILE]
 *           [--dates FILE] [--identity] [--files] [--stats]
 *
 * Writes a git fast-import stream on stdout: N non-merge commits made by a
 * mainline and T subsystem trees over R release cycles (tags v1.0, then
 * v1.K-rc1 .. v1.K-rc7 and v1.K), every commit with the empty tree, all of
 * them marked (:1, :2, ...), refs/heads/master at the end the mainline.
 *
 * The simulation: trees of Zipf-like sizes, most pulled by the mainline,
 * some through a second and a third tree, one pulled at two levels; trees
 * forking from release tags or keeping their branch across cycles; topic
 * branches merged back (internal subjects, octopus too, or subjects naming
 * the tree's own repository); octopus pulls of several branches of one
 * tree; back-merges of the mainline into trees (a few the other way
 * round: the tree merged into a checkout of the mainline, whose first
 * parent is then the mainline's); the mainline merging its own side
 * branches; direct commits; fast-forward pulls; some trees with a bad
 * clock (days or weeks behind).  Every odd cycle also holds one
 * planned case where git's date-ordered rev-list of the next release range
 * is wrong: a tree Y is pulled into W, then commits two more (the last with
 * a clock reset to January 2000) and is pulled by the mainline, W only
 * in the next cycle.
 *
 * Ground truth is kept by bookkeeping, never by reading the graph: each
 * tree holds the commits it has that the mainline has not, each with its
 * path within the tree (visible and true).  A merge of X into Y adds the
 * commits of X that Y lacks, X's path extended by Y; an internal merge
 * adds with Y's own path; a pull into the mainline finalises the paths.
 * A commit keeps the path it first entered a tree with.  Fast-forwards
 * only happen in the simple case (X forked from the receiver's tip, which
 * holds nothing new, and made plain commits): visible path the receiver's
 * own, true path X then the receiver.  Trees only fork from commits the
 * mainline has or from their own tip, and never rebase: a tree forked
 * from another's unmerged work, whose first-parent line would carry that
 * work under its own name, is not simulated.
 *
 * --expect FILE  ":MARK<TAB>tree<TAB>...<TAB>mainline" per non-merge commit
 *                of master, the path git's history shows (innermost first)
 * --truth FILE   the same with fast-forwarded pulls included
 * --cycles FILE  ":MARK<TAB>TAG": the first tag containing the commit
 * --dates FILE   ":MARK<TAB>AUTHOR<TAB>COMMITTER" per non-merge commit, the
 *                dates (seconds) it was written with; with it, one commit in
 *                twenty-five is authored up to sixty days in the future (a
 *                skewed clock: --latency's negative latencies), so the
 *                stream changes (and only with it)
 * --identity     the cases of tree identity, each with its ground truth
 *                (without it the stream is what it always was):
 *                - a tree whose host is renamed halfway through the history
 *                  (git.denx.de/u-boot-S, then
 *                  source.denx.de/u-boot/custodians/u-boot-S): one tree,
 *                  named by the newer spelling;
 *                - every kernel.org tree also spelled by its home directory,
 *                  master.kernel.org:/home/HANDLE/S, in pulls and in the
 *                  merges of its own repository (internal);
 *                - the mainline's committers pulling the central repository
 *                  into a branch of the same name ("Merge branch 'master'
 *                  of ssh://central.example.org/home/linux/git/linux into
 *                  master"), what it brings being direct commits;
 *                - the last two trees forks of one repository by two owners,
 *                  github.com/A/util-linux and github.com/B/util-linux: two
 *                  trees.
 * --files        every non-merge commit also writes a small tree (without
 *                it, every commit has the empty tree, as always): one to
 *                three files of a fixed set of a few files in a few nested
 *                directories, each given content of its own (the commit's
 *                mark), one in eight of them deleted instead.  The choice
 *                hashes the mark, not the simulation's random numbers, so
 *                the history's shape is the same with or without it.  A
 *                merge keeps its first parent's tree (fast-import's way).
 * --stats        counts on stderr
 */

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DAY 86400
#define NONE UINT32_MAX
#define MAX_TOPICS 4
#define MAX_URLS 10
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---- errors, memory, strings --------------------------------------- */

static void die(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

static void
die(const char *fmt, ...)
{
	va_list ap;

	fputs("genhist: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

static void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

#define GROW(p, nr, alloc)						\
	do {								\
		if ((nr) >= (alloc)) {					\
			(alloc) = (alloc) ? 2 * (alloc) : 16;		\
			if ((alloc) <= (nr))				\
				(alloc) = (nr) + 1;			\
			(p) = xrealloc((p), (alloc) * sizeof(*(p)));	\
		}							\
	} while (0)

static char *xprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static char *
xprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("formatting failed");
	s = xrealloc(NULL, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* A subject line being built. */
struct sb {
	char buf[1024];
	size_t len;
};

static void sb_add(struct sb *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
sb_add(struct sb *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->len, sizeof(sb->buf) - sb->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(sb->buf) - sb->len)
		die("subject too long");
	sb->len += (size_t)n;
}

/* 'a' / 'a' and 'b' / 'a', 'b' and 'c' */
static void
sb_list(struct sb *sb, const char *const *names, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		if (i)
			sb_add(sb, "%s", i + 1 == n ? " and " : ", ");
		sb_add(sb, "'%s'", names[i]);
	}
}

/* ---- the random numbers: xoshiro256**, seeded by splitmix64 -------- */

struct rng {
	uint64_t s[4];
};

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t
next64(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t v = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return v;
}

static void
rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++) {
		uint64_t z = (seed += 0x9e3779b97f4a7c15ull);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		r->s[i] = z ^ (z >> 31);
	}
}

/* Uniform in [0, n); n > 0. */
static uint32_t
below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((next64(r) >> 32) * (uint64_t)n) >> 32);
}

static uint64_t
below64(struct rng *r, uint64_t n)
{
	return next64(r) % n;	/* n is small next to 2^64: bias negligible */
}

static int
chance(struct rng *r, double p)
{
	return (double)(next64(r) >> 11) * (1.0 / 9007199254740992.0) < p;
}

/* ---- paths: a trie, node = (outermost tree, the path inside it) ----- */

struct paths {
	uint32_t *tree, *up;	/* per node */
	char **str;		/* per node: its text, made when first asked */
	uint32_t nr, alloc;
	uint32_t *hash;		/* node + 1, 0 empty */
	uint32_t hcap;
};

static uint32_t
nd_hashfn(uint32_t tree, uint32_t up)
{
	uint64_t k = ((uint64_t)tree << 32 | up) * 0x9e3779b97f4a7c15ull;

	return (uint32_t)(k >> 32);
}

static void
nd_rehash(struct paths *p)
{
	uint32_t cap = p->hcap ? 2 * p->hcap : 256;

	free(p->hash);
	p->hash = xcalloc(cap, sizeof(*p->hash));
	p->hcap = cap;
	for (uint32_t n = 1; n < p->nr; n++) {
		uint32_t i = nd_hashfn(p->tree[n], p->up[n]) & (cap - 1);

		while (p->hash[i])
			i = (i + 1) & (cap - 1);
		p->hash[i] = n + 1;
	}
}

static void
nd_push(struct paths *p, uint32_t tree, uint32_t up)
{
	if (p->nr >= p->alloc) {
		p->alloc = p->alloc ? 2 * p->alloc : 64;
		p->tree = xrealloc(p->tree, p->alloc * sizeof(*p->tree));
		p->up = xrealloc(p->up, p->alloc * sizeof(*p->up));
		p->str = xrealloc(p->str, p->alloc * sizeof(*p->str));
	}
	p->tree[p->nr] = tree;
	p->up[p->nr] = up;
	p->str[p->nr] = NULL;
	p->nr++;
}

/* An empty trie: node 0, the mainline alone. */
static void
paths_init(struct paths *p)
{
	nd_push(p, 0, NONE);
}

/* The path `up` carried on by tree `tree` (node 0: the empty path). */
static uint32_t
path_ext(struct paths *p, uint32_t up, uint32_t tree)
{
	uint32_t i;

	if (2 * (p->nr + 1) > p->hcap)
		nd_rehash(p);
	i = nd_hashfn(tree, up) & (p->hcap - 1);
	while (p->hash[i]) {
		uint32_t n = p->hash[i] - 1;

		if (p->tree[n] == tree && p->up[n] == up)
			return n;
		i = (i + 1) & (p->hcap - 1);
	}
	nd_push(p, tree, up);
	p->hash[i] = p->nr;
	return p->nr - 1;
}

/* ---- trees ---------------------------------------------------------- */

struct ident {
	char *name, *email;
};

struct entry {
	uint32_t mark, vis, tru;
};

struct pos {
	uint32_t puller;
	uint64_t seq;
};

struct topic {
	uint32_t tip;
	uint32_t *c;
	uint32_t n, alloc;
	uint32_t target;
	char *name;
};

struct tree {
	char *name;			/* the canonical name */
	char *handle, *subsys, *branch;	/* branch: local, for "into X" */
	char *urls[MAX_URLS];
	unsigned nurls;
	uint32_t layer, up, alt;	/* alt: NONE or another receiver */
	uint32_t weight;
	int bad_clock;
	struct ident maint;
	uint32_t own;			/* the path of its own commits */
	uint32_t tip;
	int tip_in_main;		/* tip known to be in the mainline */
	uint64_t main_seq;		/* newest mainline state merged in */
	int64_t hold;			/* no mainline pull in this cycle */

	/* What it has that the mainline has not, oldest first. */
	struct entry *ent;
	size_t lo, n, alloc;		/* live: ent[lo .. n) */
	uint64_t base;			/* sequence number of ent[0] */
	uint32_t *set;			/* marks in ent, open addressing */
	size_t set_cap, set_nr;
	struct pos *pos;		/* how far each puller has taken */
	uint32_t npos, pos_alloc;

	struct topic topics[MAX_TOPICS];
	unsigned ntopics;
	uint32_t topic_seq;
};

/* ---- the simulation's state ------------------------------------------ */

#define NCONTRIB 500

/* What --stats counts. */
struct stats {
	uint64_t merges, octopus, pulls, ff, backmerges, url_backmerges;
	uint64_t topic_merges, self_pulls, main_self_pulls, resets;
	uint64_t skewed, planned, reversed, central_pulls;
};

/*
 * One run of the simulation: every function that reads or changes it
 * takes it as its first argument (sim_init sets what does not start at
 * zero).
 */
struct sim {
	/* the options */
	int identity;			/* --identity: the cases on */
	int files;			/* --files: small trees */
	double ffrate;			/* --ff-rate */
	uint64_t cycles_total;		/* R */

	/* the stream, and the ground-truth files asked for (else NULL) */
	FILE *out, *fexp, *ftru, *fcyc, *fdat;

	struct rng rng;			/* every random draw */
	struct paths paths;		/* every path a commit took */

	/* the trees */
	struct tree *tr;
	uint32_t ntrees;		/* T + 1: tree 0 is the mainline */
	uint64_t *cum;			/* cumulative weights of 1..T */
	uint32_t scen;			/* the tree of the planned case */
	struct ident contrib[NCONTRIB];	/* the commits' authors */
	uint32_t moved;			/* --identity: the tree whose host */
	char *moved_urls[2];		/* moves, and its new URLs */

	/* the commits */
	uint32_t nmarks;
	uint8_t *fin;			/* per mark: in the mainline */
	size_t fin_alloc;
	uint64_t nonmerge;
	int64_t now;
	uint64_t main_seq;		/* bumped whenever the mainline moves */
	uint32_t *cbuf;			/* finalised since the last tag */
	size_t cbuf_nr, cbuf_alloc;

	/* the release cycle */
	uint64_t cyc_end;		/* nonmerge count after the release */
	int64_t cycle_no;
	char last_tag[32];
	uint32_t last_tag_commit;
	uint64_t last_tag_seq;

	struct stats st;
};

static void
sim_init(struct sim *sim)
{
	memset(sim, 0, sizeof(*sim));
	sim->ffrate = 0.05;
	sim->scen = NONE;
	sim->moved = NONE;
	paths_init(&sim->paths);
}

/* ---- commits and the stream ---------------------------------------- */

/* --files: the small trees' files, a few in a few directories. */
static const char *const file_paths[] = {
	"Makefile", "README",
	"drivers/net/eth.c", "drivers/net/wifi.c", "drivers/usb/core.c",
	"drivers/usb/host/xhci.c", "fs/ext4/inode.c", "fs/namei.c",
	"include/linux/list.h", "kernel/sched/core.c", "lib/sort.c",
	"Documentation/index.rst",
};
#define CENTRAL "ssh://central.example.org/home/linux/git/linux"

static uint32_t
new_mark(struct sim *sim)
{
	sim->nmarks++;
	if (sim->nmarks >= sim->fin_alloc) {
		size_t old = sim->fin_alloc;

		sim->fin_alloc = sim->fin_alloc ? 2 * sim->fin_alloc : 65536;
		sim->fin = xrealloc(sim->fin, sim->fin_alloc);
		memset(sim->fin + old, 0, sim->fin_alloc - old);
	}
	return sim->nmarks;
}

static const char *
node_str(struct sim *sim, uint32_t n)
{
	struct paths *p = &sim->paths;

	if (!p->str[n]) {
		if (n == 0)
			p->str[n] = xprintf("%s", "");
		else
			p->str[n] = xprintf("%s%s\t", node_str(sim, p->up[n]),
					    sim->tr[p->tree[n]].name);
	}
	return p->str[n];
}

static void
finalise(struct sim *sim, uint32_t mark, uint32_t vis, uint32_t tru)
{
	sim->fin[mark] = 1;
	if (sim->fexp)
		fprintf(sim->fexp, ":%" PRIu32 "\t%smainline\n", mark,
			node_str(sim, vis));
	if (sim->ftru)
		fprintf(sim->ftru, ":%" PRIu32 "\t%smainline\n", mark,
			node_str(sim, tru));
	GROW(sim->cbuf, sim->cbuf_nr, sim->cbuf_alloc);
	sim->cbuf[sim->cbuf_nr++] = mark;
}

static void
flush_cycle(struct sim *sim, const char *tag)
{
	if (sim->fcyc)
		for (size_t i = 0; i < sim->cbuf_nr; i++)
			fprintf(sim->fcyc, ":%" PRIu32 "\t%s\n", sim->cbuf[i],
				tag);
	sim->cbuf_nr = 0;
}

static int64_t
tick(struct sim *sim)
{
	sim->now += 1 + below(&sim->rng, 90);
	return sim->now;
}

/* splitmix64's finaliser: a hash of x, for choices the simulation's
 * random numbers must not pay for. */
static uint64_t
mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* --files: what non-merge commit m changes, from a hash of its mark: one
 * to three files (the root commit all of them), written or deleted. */
static void
emit_files(struct sim *sim, uint32_t m, unsigned npar)
{
	uint64_t h = mix64(m);
	unsigned n = npar ? 1 + (unsigned)(h % 3) : N_OF(file_paths);

	for (unsigned k = 0; k < n; k++) {
		uint64_t r = mix64(h + k + 1);
		const char *path = npar ? file_paths[r % N_OF(file_paths)] :
				   file_paths[k];

		if (npar && (r >> 32) % 8 == 0)
			fprintf(sim->out, "D %s\n", path);
		else
			fprintf(sim->out, "M 100644 inline %s\ndata <<EOF\n"
				"mark %" PRIu32 " file %u\nEOF\n", path, m, k);
	}
}

static uint32_t
emit(struct sim *sim, const struct ident *committer, const struct ident *author,
     int64_t cdate, int64_t adate, const char *subject,
     const uint32_t *par, unsigned npar)
{
	uint32_t m = new_mark(sim);

	fprintf(sim->out, "commit refs/heads/master\nmark :%" PRIu32 "\n"
		"author %s <%s> %" PRId64 " +0000\n"
		"committer %s <%s> %" PRId64 " +0000\n"
		"data %zu\n%s\n",
		m, author->name, author->email, adate,
		committer->name, committer->email, cdate,
		strlen(subject) + 1, subject);
	if (npar)
		fprintf(sim->out, "from :%" PRIu32 "\n", par[0]);
	for (unsigned i = 1; i < npar; i++)
		fprintf(sim->out, "merge :%" PRIu32 "\n", par[i]);
	if (sim->files && npar <= 1)
		emit_files(sim, m, npar);
	fputc('\n', sim->out);
	if (npar <= 1 && sim->fdat)
		fprintf(sim->fdat, ":%" PRIu32 "\t%" PRId64 "\t%" PRId64 "\n",
			m, adate, cdate);
	if (npar <= 1)
		sim->nonmerge++;
	else {
		sim->st.merges++;
		if (npar > 2)
			sim->st.octopus++;
	}
	return m;
}

/* ---- a tree's pending commits --------------------------------------- */

static size_t
mark_hash(uint32_t m)
{
	return (size_t)((m * 0x9e3779b1u) ^ (m >> 16));
}

static int
set_has(const struct tree *t, uint32_t m)
{
	size_t mask, i;

	if (!t->set_cap)
		return 0;
	mask = t->set_cap - 1;
	for (i = mark_hash(m) & mask; t->set[i]; i = (i + 1) & mask)
		if (t->set[i] == m)
			return 1;
	return 0;
}

static void
set_insert(struct tree *t, uint32_t m)
{
	size_t mask = t->set_cap - 1, i;

	for (i = mark_hash(m) & mask; t->set[i]; i = (i + 1) & mask)
		if (t->set[i] == m)
			return;
	t->set[i] = m;
	t->set_nr++;
}

static void
set_resize(struct tree *t, size_t want)
{
	size_t cap = 16;

	while (cap < 2 * want + 2)
		cap *= 2;
	free(t->set);
	t->set = xcalloc(cap, sizeof(*t->set));
	t->set_cap = cap;
	t->set_nr = 0;
}

/* Rebuild the set from the live, unfinalised entries. */
static void
set_rebuild(const struct sim *sim, struct tree *t)
{
	size_t live = 0;

	for (size_t i = t->lo; i < t->n; i++)
		live += !sim->fin[t->ent[i].mark];
	set_resize(t, live);
	for (size_t i = t->lo; i < t->n; i++)
		if (!sim->fin[t->ent[i].mark])
			set_insert(t, t->ent[i].mark);
}

static void
log_add(const struct sim *sim, struct tree *t, uint32_t mark, uint32_t vis,
	uint32_t tru)
{
	GROW(t->ent, t->n, t->alloc);
	t->ent[t->n].mark = mark;
	t->ent[t->n].vis = vis;
	t->ent[t->n].tru = tru;
	t->n++;
	if (2 * (t->set_nr + 1) + 2 > t->set_cap)
		set_rebuild(sim, t);
	set_insert(t, mark);
}

/* Everything it has is in the mainline now. */
static void
log_clear(struct tree *t)
{
	t->base += t->n;
	t->n = t->lo = 0;
	if (t->alloc > 4096) {
		free(t->ent);
		t->ent = NULL;
		t->alloc = 0;
	}
	if (t->set_cap > 4096) {
		free(t->set);
		t->set = NULL;
		t->set_cap = 0;
	} else if (t->set_cap) {
		memset(t->set, 0, t->set_cap * sizeof(*t->set));
	}
	t->set_nr = 0;
}

/* Drop the finalised entries at the front; 1 when nothing is left. */
static int
compact(const struct sim *sim, struct tree *t)
{
	while (t->lo < t->n && sim->fin[t->ent[t->lo].mark])
		t->lo++;
	if (t->lo == t->n) {
		log_clear(t);
		return 1;
	}
	if (t->lo > 1024 && 2 * t->lo > t->n) {
		memmove(t->ent, t->ent + t->lo, (t->n - t->lo) * sizeof(*t->ent));
		t->base += t->lo;
		t->n -= t->lo;
		t->lo = 0;
		set_rebuild(sim, t);
	}
	return 0;
}

static uint64_t *
pos_of(struct tree *x, uint32_t puller)
{
	for (uint32_t i = 0; i < x->npos; i++)
		if (x->pos[i].puller == puller)
			return &x->pos[i].seq;
	GROW(x->pos, x->npos, x->pos_alloc);
	x->pos[x->npos].puller = puller;
	x->pos[x->npos].seq = 0;
	return &x->pos[x->npos++].seq;
}

/* ---- names ------------------------------------------------------------ */

static const char *const firsts[] = {
	"Ada", "Boris", "Chen", "Dana", "Emil", "Farah", "Gita", "Hugo",
	"Ines", "Jonas", "Kira", "Lars", "Mina", "Nils", "Olga", "Pavel",
	"Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wim", "Xia",
	"Yuri", "Zoe",
};
static const char *const lasts[] = {
	"Abel", "Brandt", "Costa", "Dahl", "Eriksen", "Fischer", "Garcia",
	"Holm", "Ivanova", "Jensen", "Kowalski", "Lindqvist", "Moreau",
	"Novak", "Olsen", "Petrov", "Quist", "Rossi", "Santos", "Tanaka",
	"Ueda", "Varga", "Weber", "Xu", "Young", "Zeller",
};
static const char *const syl[] = {
	"da", "ve", "mi", "ko", "ra", "ti", "lu", "sen", "gor", "bel",
	"an", "jo", "ke", "ni", "pa", "sto", "vik", "hel", "mar", "ul",
};
static const char *const words[] = {
	"net", "wireless", "sound", "usb", "scsi", "block", "mm", "x86",
	"arm", "powerpc", "mips", "sparc", "drm", "input", "hid", "i2c",
	"spi", "mtd", "ext4", "xfs", "btrfs", "nfs", "cifs", "acpi", "pci",
	"kvm", "crypto", "security", "tty", "serial", "watchdog", "hwmon",
	"power", "leds", "mmc", "libata", "ide", "firewire", "infiniband",
	"media", "fbdev", "dmaengine", "gpio", "regulator", "rtc", "edac",
	"audit", "selinux", "ocfs2", "gfs2", "jfs", "squashfs", "fuse",
	"dlm", "md", "dm", "bluetooth", "nfc", "can", "iwlwifi", "ath",
	"netfilter", "ipsec", "sched", "timers", "irq", "locking", "perf",
	"tracing", "rcu", "cgroup", "kbuild", "kconfig", "docs", "staging",
	"driver-core", "slab", "percpu", "vfs", "quota", "udf", "hfs",
	"thermal", "cpufreq", "pinctrl", "clk", "iommu", "vhost", "virtio",
	"xen", "s390", "ia64", "m68k", "sh", "alpha", "parisc", "avr32",
};
#define NWORDS (sizeof(words) / sizeof(words[0]))
static const char *const verbs[] = {
	"fix", "add", "remove", "clean up", "rework", "simplify", "document",
	"handle errors in", "avoid a race in", "use the new API in",
	"convert", "update", "drop dead code in", "introduce", "refactor",
};
static const char *const objs[] = {
	"probe", "remove", "suspend", "resume", "ioctl", "poll",
	"irq handler", "open", "release", "mmap", "read path", "write path",
	"timeout handling", "reset", "init", "teardown", "locking",
	"refcounting", "error path", "Kconfig entry",
};
static const char *const topic_words[] = {
	"fixes", "cleanup", "topic", "core", "misc", "devel", "upstream",
	"hotfix", "api", "boards",
};
static const char *const areas[] = {
	"virt", "fs", "network", "bluetooth", "utils", "devel",
};


static void
make_ident(struct ident *id, const char *first, const char *last,
	   const char *email)
{
	id->name = xprintf("%s %s", first, last);
	id->email = xprintf("%s", email);
}

/* The URL spellings of a tree (the first one is the usual one). */
static void
make_urls(struct sim *sim, struct tree *t, const char *h, const char *s)
{
	unsigned kind = below(&sim->rng, 100), n = 0;
	char **u = t->urls;
	const char *lk = "pub/scm/linux/kernel/git";

	if (kind < 70) {
		t->name = xprintf("%s/%s", h, s);
		u[n++] = xprintf("git://git.kernel.org/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("git://git.kernel.org/%s/%s/%s", lk, h, s);
		u[n++] = xprintf("master.kernel.org:/%s/%s/%s", lk, h, s);
		u[n++] = xprintf("https://git.kernel.org/%s/%s/%s/", lk, h, s);
		u[n++] = xprintf("ssh://git@git.kernel.org/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("http://git.kernel.org/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("git://git.kernel.org:9418/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("https://Git.Kernel.org/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("kernel.org:/%s/%s/%s.git", lk, h, s);
	} else if (kind < 78) {
		const char *a = areas[below(&sim->rng, N_OF(areas))];

		t->name = xprintf("%s/%s/%s", a, h, s);
		u[n++] = xprintf("git://git.kernel.org/pub/scm/%s/%s/%s.git", a, h, s);
		u[n++] = xprintf("https://git.kernel.org/pub/scm/%s/%s/%s", a, h, s);
		u[n++] = xprintf("master.kernel.org:/pub/scm/%s/%s/%s", a, h, s);
		u[n++] = xprintf("ssh://git@git.kernel.org/pub/scm/%s/%s/%s.git", a, h, s);
	} else if (kind < 86) {
		t->name = xprintf("git.infradead.org/users/%s/%s", h, s);
		u[n++] = xprintf("git://git.infradead.org/users/%s/%s.git", h, s);
		u[n++] = xprintf("http://git.infradead.org/users/%s/%s.git", h, s);
		u[n++] = xprintf("https://git.infradead.org/users/%s/%s/", h, s);
		u[n++] = xprintf("ssh://git@git.infradead.org:2222/users/%s/%s.git", h, s);
		u[n++] = xprintf("git://Git.InfraDead.org/users/%s/%s.git", h, s);
	} else if (kind < 91) {
		t->name = xprintf("git.infradead.org/%s", s);
		u[n++] = xprintf("git://git.infradead.org/%s.git", s);
		u[n++] = xprintf("http://git.infradead.org/%s.git", s);
		u[n++] = xprintf("https://git.infradead.org/%s", s);
	} else {
		t->name = xprintf("github.com/%s/%s", h, s);
		u[n++] = xprintf("https://github.com/%s/%s.git", h, s);
		u[n++] = xprintf("https://github.com/%s/%s", h, s);
		u[n++] = xprintf("git://github.com/%s/%s.git", h, s);
		u[n++] = xprintf("ssh://git@github.com/%s/%s.git", h, s);
		u[n++] = xprintf("http://GitHub.com/%s/%s/", h, s);
	}
	t->nurls = n;
}

static const char *
pick_url(struct sim *sim, const struct tree *t)
{
	if (t->nurls == 1 || chance(&sim->rng, 0.55))
		return t->urls[0];
	return t->urls[1 + below(&sim->rng, t->nurls - 1)];
}

static void
setup_trees(struct sim *sim, uint32_t T)
{
	struct tree *m;
	const char *lk = "pub/scm/linux/kernel/git/torvalds/linux";

	sim->ntrees = T + 1;
	sim->tr = xcalloc(sim->ntrees, sizeof(*sim->tr));
	sim->cum = xcalloc(sim->ntrees, sizeof(*sim->cum));

	for (uint32_t j = 0; j < NCONTRIB; j++) {
		const char *f = firsts[j % N_OF(firsts)];
		const char *l = lasts[(j / N_OF(firsts) * 7 + j) % N_OF(lasts)];
		char *e = xprintf("%c.%s.%" PRIu32 "@example.com", f[0] | 0x20,
				  l, j);

		for (char *p = e; *p; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p |= 0x20;
		make_ident(&sim->contrib[j], f, l, e);
		free(e);
	}

	m = &sim->tr[0];
	m->name = xprintf("mainline");
	m->handle = xprintf("torvalds");
	m->subsys = xprintf("linux");
	m->branch = xprintf("master");
	m->urls[0] = xprintf("git://git.kernel.org/%s.git", lk);
	m->urls[1] = xprintf("git://git.kernel.org/%s", lk);
	m->urls[2] = xprintf("https://git.kernel.org/%s.git", lk);
	m->urls[3] = xprintf("master.kernel.org:/%s", lk);
	m->urls[4] = xprintf("ssh://git@git.kernel.org/%s.git", lk);
	m->urls[5] = xprintf("http://git.kernel.org/%s/", lk);
	m->nurls = 6;
	m->layer = 0;
	m->up = m->alt = NONE;
	make_ident(&m->maint, "Main", "Line", "mainline@example.org");
	m->own = 0;
	m->hold = -1;

	if (T >= 4)
		sim->scen = 4;
	else if (T >= 2)
		sim->scen = 2;

	for (uint32_t i = 1; i <= T; i++) {
		struct tree *t = &sim->tr[i];
		uint32_t w = (uint32_t)((i - 1) % NWORDS);
		char *email;
		uint32_t h1, h0;

		/* the last syllable drawn first (see plain_commit) */
		h1 = below(&sim->rng, N_OF(syl));
		h0 = below(&sim->rng, N_OF(syl));
		t->handle = xprintf("%s%s", syl[h0], syl[h1]);
		if (i > NWORDS)
			t->subsys = xprintf("%s-%" PRIu32, words[w],
					    (i - 1) / (uint32_t)NWORDS + 1);
		else
			t->subsys = xprintf("%s", words[w]);
		{
			char *s = chance(&sim->rng, 0.3) ?
				  xprintf("%s-2.6", t->subsys) :
				  xprintf("%s", t->subsys);

			make_urls(sim, t, t->handle, s);
			free(s);
		}
		switch (below(&sim->rng, 5)) {
		case 0: t->branch = xprintf("%s", t->subsys); break;
		case 1: t->branch = xprintf("for-next"); break;
		case 2: t->branch = xprintf("master"); break;
		case 3: t->branch = xprintf("%s/core", words[w]); break;
		default: t->branch = xprintf("next"); break;
		}
		email = xprintf("%s@example.org", t->handle);
		make_ident(&t->maint, firsts[(i * 7) % N_OF(firsts)],
			   lasts[(i * 11 + i / 26) % N_OF(lasts)], email);
		free(email);
		t->weight = 1000000u / i;
		sim->cum[i] = sim->cum[i - 1] + t->weight;
		t->hold = -1;
		t->alt = NONE;
		t->own = path_ext(&sim->paths, 0, i);

		if (i == 1 || (i == 2 && sim->scen != 2)) {
			t->layer = 1;
			t->up = 0;
		} else if (i == sim->scen) {
			t->layer = 2;
			t->up = 1;
			t->alt = 0;
		} else if (i == 6 && sim->scen != NONE) {
			t->layer = 3;
			t->up = sim->scen;
			t->alt = 1;
		} else {
			uint32_t r = below(&sim->rng, 100), cand[16], nc = 0;

			t->layer = 1;
			t->up = 0;
			if (r < 24) {
				uint32_t want = r < 18 ? 1 : 2;

				for (uint32_t j = 1; j < i && nc < 16; j++)
					if (j <= 40 && sim->tr[j].layer == want)
						cand[nc++] = j;
				if (nc) {
					t->layer = want + 1;
					t->up = cand[below(&sim->rng, nc)];
					if (chance(&sim->rng, 0.3))
						t->alt = t->layer == 2 ? 0 :
							 sim->tr[t->up].up;
				}
			}
		}
		t->bad_clock = i >= 3 && i != sim->scen &&
			(i == 7 || below(&sim->rng, 100) < 5);
	}
}

/* --identity: spellings of the cases, set up once the trees are. */
static void
setup_identity(struct sim *sim)
{
	const char *lk = "git://git.kernel.org/pub/scm/linux/kernel/git/";

	for (uint32_t i = 1; i < sim->ntrees; i++) {
		struct tree *t = &sim->tr[i];

		if (!strncmp(t->urls[0], lk, strlen(lk)) && t->nurls < MAX_URLS)
			t->urls[t->nurls++] = xprintf("master.kernel.org:/home/%s",
						      t->name);
	}
	if (sim->ntrees > 8) {
		struct tree *t = &sim->tr[5];

		sim->moved = 5;
		for (unsigned u = 0; u < t->nurls; u++)
			free(t->urls[u]);
		free(t->name);
		t->urls[0] = xprintf("git://git.denx.de/u-boot-%s.git", t->subsys);
		t->urls[1] = xprintf("git://git.denx.de/u-boot-%s", t->subsys);
		t->nurls = 2;
		sim->moved_urls[0] = xprintf("https://source.denx.de/u-boot/"
					"custodians/u-boot-%s.git", t->subsys);
		sim->moved_urls[1] = xprintf("https://source.denx.de/u-boot/"
					"custodians/u-boot-%s", t->subsys);
		t->name = xprintf("source.denx.de/u-boot/custodians/u-boot-%s",
				  t->subsys);
	}
	if (sim->ntrees > 10)
		for (uint32_t i = sim->ntrees - 2; i < sim->ntrees; i++) {
			struct tree *t = &sim->tr[i];

			if (i == sim->ntrees - 1 &&
			    !strcmp(t->handle, sim->tr[i - 1].handle)) {
				char *h = xprintf("%sx", t->handle);

				free(t->handle);
				t->handle = h;
			}
			for (unsigned u = 0; u < t->nurls; u++)
				free(t->urls[u]);
			free(t->name);
			t->name = xprintf("github.com/%s/util-linux", t->handle);
			t->urls[0] = xprintf("https://github.com/%s/util-linux",
					     t->handle);
			t->urls[1] = xprintf("https://github.com/%s/util-linux.git",
					     t->handle);
			t->nurls = 2;
		}
}

/* --identity: the tree whose host moved takes its new URLs. */
static void
move_host(struct sim *sim)
{
	struct tree *t = &sim->tr[sim->moved];

	for (unsigned u = 0; u < t->nurls; u++)
		free(t->urls[u]);
	t->urls[0] = sim->moved_urls[0];
	t->urls[1] = sim->moved_urls[1];
	t->nurls = 2;
	sim->moved = NONE;
}

static uint32_t
pick_tree(struct sim *sim)
{
	uint64_t r = below64(&sim->rng, sim->cum[sim->ntrees - 1]);
	uint32_t lo = 1, hi = sim->ntrees - 1;

	while (lo < hi) {		/* first i with cum[i] > r */
		uint32_t mid = lo + (hi - lo) / 2;

		if (sim->cum[mid] > r)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* ---- making history ------------------------------------------------ */

/* Non-merge commits that may still be made before the release commit. */
static uint64_t
left(struct sim *sim)
{
	if (sim->nonmerge + 1 < sim->cyc_end)
		return sim->cyc_end - 1 - sim->nonmerge;
	return 0;
}

static int64_t
tree_date(struct sim *sim, const struct tree *t)
{
	int64_t d = tick(sim);

	if (t->bad_clock && chance(&sim->rng, 0.3)) {
		d -= DAY * (int64_t)(1 + below(&sim->rng, 30));
		sim->st.skewed++;
	}
	return d;
}

static uint32_t
plain_commit(struct sim *sim, uint32_t x, uint32_t parent, int64_t date)
{
	const struct tree *t = &sim->tr[x];
	const char *prefix = x ? t->subsys : words[below(&sim->rng, NWORDS)];
	struct sb sb = { .len = 0 };
	int64_t adate;
	uint32_t verb, obj, author;

	/* One draw a statement, in the order GCC always made them (a call's
	 * last argument first): C leaves the order of a call's arguments
	 * unspecified, and clang's made another history. */
	obj = below(&sim->rng, N_OF(objs));
	verb = below(&sim->rng, N_OF(verbs));
	sb_add(&sb, "%s: %s %s", prefix, verbs[verb], objs[obj]);
	if (chance(&sim->rng, 0.5)) {
		uint32_t num = below(&sim->rng, 1000);
		uint32_t sy = below(&sim->rng, N_OF(syl));

		sb_add(&sb, " of %s%" PRIu32, syl[sy], num);
	}
	/* --dates: some authors' clocks run ahead of the mainline's
	 * (without it, the stream as it always was). */
	if (sim->fdat && chance(&sim->rng, 0.04))
		adate = date + 3600 + (int64_t)below(&sim->rng, 60 * DAY);
	else
		adate = date - (int64_t)below(&sim->rng, 3 * DAY);
	author = below(&sim->rng, NCONTRIB);
	return emit(sim, &t->maint, &sim->contrib[author], date, adate, sb.buf,
		    &parent, 1);
}

static void
main_moved(struct sim *sim, uint32_t tip)
{
	sim->tr[0].tip = tip;
	sim->main_seq++;
}

/* A commit on the branch of tree x, dated date. */
static void
commit_at(struct sim *sim, uint32_t x, int64_t date)
{
	struct tree *t = &sim->tr[x];
	uint32_t m = plain_commit(sim, x, t->tip, date);

	t->tip = m;
	t->tip_in_main = 0;
	if (x == 0) {
		finalise(sim, m, 0, 0);
		main_moved(sim, m);
	} else {
		log_add(sim, t, m, t->own, t->own);
	}
}

static void
commit_on(struct sim *sim, uint32_t x)
{
	commit_at(sim, x, tree_date(sim, &sim->tr[x]));
}

static uint32_t
merge_commit(struct sim *sim, uint32_t y, const char *subject,
	     const uint32_t *par, unsigned npar)
{
	int64_t d = tick(sim);

	const struct ident *maint = &sim->tr[y].maint;

	return emit(sim, maint, maint, d, d, subject, par, npar);
}

/* The version bump and tag that mark a release or an -rc. */
static void
tag_mainline(struct sim *sim, const char *version, const char *tag,
	     int annotated)
{
	struct tree *m = &sim->tr[0];

	if (left(sim) || !strchr(tag, '-')) {
		char *subj = xprintf("Linux %s", version);
		/* the clock before the tick, as GCC always read it */
		int64_t adate = sim->now;
		uint32_t mk = emit(sim, &m->maint, &m->maint, tick(sim), adate,
				   subj, &m->tip, 1);

		free(subj);
		finalise(sim, mk, 0, 0);
		main_moved(sim, mk);
		m->tip_in_main = 1;
	}
	if (annotated) {
		char *msg = xprintf("Linux %s\n", version);

		fprintf(sim->out, "tag %s\nfrom :%" PRIu32 "\n"
			"tagger %s <%s> %" PRId64 " +0000\ndata %zu\n%s\n",
			tag, m->tip, m->maint.name, m->maint.email, tick(sim),
			strlen(msg), msg);
		free(msg);
	} else {
		fprintf(sim->out, "reset refs/tags/%s\nfrom :%" PRIu32 "\n\n",
			tag, m->tip);
	}
	flush_cycle(sim, tag);
	snprintf(sim->last_tag, sizeof(sim->last_tag), "%s", tag);
	sim->last_tag_commit = m->tip;
	sim->last_tag_seq = sim->main_seq;
}

/* Does x have a commit that y (NONE: the mainline) lacks? */
static int
has_new(struct sim *sim, uint32_t x, uint32_t y)
{
	struct tree *t = &sim->tr[x];
	uint64_t from;

	if (compact(sim, t))
		return 0;
	if (y == 0)
		return 1;
	from = *pos_of(t, y);
	if (from < t->base + t->lo)
		from = t->base + t->lo;
	for (uint64_t s = from; s < t->base + t->n; s++) {
		uint32_t mk = t->ent[s - t->base].mark;

		if (!sim->fin[mk] && !set_has(&sim->tr[y], mk))
			return 1;
	}
	return 0;
}

/* Commits of tree x's topic tp enter y: internal when y == x. */
static void
take_topic(struct sim *sim, uint32_t x, uint32_t y, const struct topic *tp)
{
	struct tree *r = &sim->tr[y];
	uint32_t p;

	if (y == x)
		p = r->own;		/* internal: node 0 for the mainline */
	else if (y == 0)
		p = sim->tr[x].own;
	else
		p = path_ext(&sim->paths, sim->tr[x].own, y);
	for (uint32_t i = 0; i < tp->n; i++) {
		uint32_t mk = tp->c[i];

		if (sim->fin[mk])
			continue;
		if (y == 0)
			finalise(sim, mk, p, p);
		else if (!set_has(r, mk))
			log_add(sim, r, mk, p, p);
	}
}

static void
drop_topic(struct tree *t, unsigned i)
{
	free(t->topics[i].c);
	free(t->topics[i].name);
	memmove(&t->topics[i], &t->topics[i + 1],
		(t->ntopics - i - 1) * sizeof(t->topics[0]));
	t->ntopics--;
}

static int
topic_ready(const struct topic *tp)
{
	return tp->n >= tp->target;
}

static unsigned
ready_topics(const struct tree *t, unsigned *idx, unsigned max)
{
	unsigned n = 0;

	for (unsigned i = 0; i < t->ntopics && n < max; i++)
		if (topic_ready(&t->topics[i]))
			idx[n++] = i;
	return n;
}

/* A pull of tree x into y: a real merge, maybe an octopus of several of
 * x's branches.  0 when x had nothing y lacks. */
static int
do_pull(struct sim *sim, uint32_t x, uint32_t y, int octopus_ok)
{
	struct tree *t = &sim->tr[x], *r = &sim->tr[y];
	unsigned idx[3], ntop = 0, np = 0, nn = 0;
	uint32_t par[5], mk;
	const char *names[4];
	int tip_new = has_new(sim, x, y);
	char *tagnames[4] = { NULL };
	struct sb sb = { .len = 0 };
	const char *url = pick_url(sim, t);
	int tags = 0;

	if (octopus_ok && chance(&sim->rng, 0.3))
		ntop = ready_topics(t, idx, tip_new ? 2 : 3);
	if (!tip_new && !ntop)
		return 0;

	par[np++] = r->tip;
	if (tip_new) {
		static const char *const mains[] = {
			"master", "for-linus", "for-next", "upstream",
			"linus", "devel",
		};
		par[np++] = t->tip;
		names[nn++] = mains[below(&sim->rng, N_OF(mains))];
	}
	for (unsigned i = 0; i < ntop; i++) {
		par[np++] = t->topics[idx[i]].tip;
		names[nn++] = t->topics[idx[i]].name;
	}

	tags = chance(&sim->rng, 0.25);
	if (tags)
		for (unsigned i = 0; i < nn; i++)
			names[i] = tagnames[i] = xprintf("%s-%s-1.%" PRId64 "-%u",
				t->subsys, i ? names[i] : "for-linus",
				sim->cycle_no + 1, i);
	if (nn == 1 && !tags && !strncmp(url, "git://", 6) &&
	    chance(&sim->rng, 0.3))
		sb_add(&sb, "Merge %s", url);
	else {
		sb_add(&sb, "Merge %s%s ", tags ? "tag" : "branch",
		       nn > 1 ? (tags ? "s" : "es") : "");
		sb_list(&sb, names, nn);
		sb_add(&sb, " of %s", url);
	}
	if (y && chance(&sim->rng, 0.3))
		sb_add(&sb, " into %s", r->branch);
	for (unsigned i = 0; i < nn; i++)
		free(tagnames[i]);

	mk = merge_commit(sim, y, sb.buf, par, np);
	sim->st.pulls++;

	if (y == 0) {
		if (tip_new) {
			for (size_t i = t->lo; i < t->n; i++)
				if (!sim->fin[t->ent[i].mark])
					finalise(sim, t->ent[i].mark,
						 t->ent[i].vis, t->ent[i].tru);
			log_clear(t);
			t->tip_in_main = 1;
		}
	} else if (tip_new) {
		uint64_t *p = pos_of(t, y), from = *p;

		if (from < t->base + t->lo)
			from = t->base + t->lo;
		for (uint64_t s = from; s < t->base + t->n; s++) {
			struct entry e = t->ent[s - t->base];

			if (!sim->fin[e.mark] && !set_has(r, e.mark))
				log_add(sim, r, e.mark,
					path_ext(&sim->paths, e.vis, y),
					path_ext(&sim->paths, e.tru, y));
		}
		*p = t->base + t->n;
	}
	for (unsigned i = 0; i < ntop; i++)
		take_topic(sim, x, y, &t->topics[idx[i]]);
	for (unsigned i = ntop; i-- > 0;)
		drop_topic(t, idx[i]);

	r->tip = mk;
	r->tip_in_main = 0;
	if (y == 0)
		main_moved(sim, mk);
	return 1;
}

/* Tree x merges its ready topics (some or all). */
static void
merge_topics(struct sim *sim, uint32_t x)
{
	struct tree *t = &sim->tr[x];
	unsigned idx[MAX_TOPICS], n = ready_topics(t, idx, MAX_TOPICS);
	uint32_t par[MAX_TOPICS + 1], mk;
	const char *names[MAX_TOPICS];
	struct sb sb = { .len = 0 };
	int self = chance(&sim->rng, x ? 0.2 : 0.4);

	if (!n)
		return;
	if (n > 1 && chance(&sim->rng, 0.5))
		n = 1;
	par[0] = t->tip;
	for (unsigned i = 0; i < n; i++) {
		par[i + 1] = t->topics[idx[i]].tip;
		names[i] = t->topics[idx[i]].name;
	}
	if (self) {
		/* pulling its own repository: internal */
		if (n == 1 && chance(&sim->rng, 0.5))
			sb_add(&sb, "Merge branch 'master' of %s",
			       pick_url(sim, t));
		else {
			sb_add(&sb, "Merge branch%s ", n > 1 ? "es" : "");
			sb_list(&sb, names, n);
			sb_add(&sb, " of %s", pick_url(sim, t));
		}
		if (x && chance(&sim->rng, 0.3))
			sb_add(&sb, " into %s", t->branch);
		if (x)
			sim->st.self_pulls++;
		else
			sim->st.main_self_pulls++;
	} else {
		if (n == 1 && chance(&sim->rng, 0.2))
			sb_add(&sb, "Merge remote-tracking branch 'origin/%s'",
			       names[0]);
		else {
			sb_add(&sb, "Merge branch%s ", n > 1 ? "es" : "");
			sb_list(&sb, names, n);
			if (x && chance(&sim->rng, 0.6))
				sb_add(&sb, " into %s", t->branch);
		}
	}
	mk = merge_commit(sim, x, sb.buf, par, n + 1);
	sim->st.topic_merges++;
	for (unsigned i = 0; i < n; i++)
		take_topic(sim, x, x, &t->topics[idx[i]]);
	for (unsigned i = n; i-- > 0;)
		drop_topic(t, idx[i]);
	t->tip = mk;
	t->tip_in_main = 0;
	if (x == 0)
		main_moved(sim, mk);
}

/* One commit of tree x on a topic branch (a new one maybe); 0 if none. */
static int
topic_commit(struct sim *sim, uint32_t x)
{
	struct tree *t = &sim->tr[x];
	struct topic *tp = NULL;

	for (unsigned i = 0; i < t->ntopics; i++)
		if (!topic_ready(&t->topics[i])) {
			tp = &t->topics[i];
			break;
		}
	if (!tp) {
		uint32_t w;

		if (t->ntopics >= MAX_TOPICS)
			return 0;
		tp = &t->topics[t->ntopics++];
		memset(tp, 0, sizeof(*tp));
		tp->tip = t->tip;
		tp->target = 1 + below(&sim->rng, 6);
		w = below(&sim->rng, N_OF(topic_words));
		tp->name = xprintf("%s-%" PRIu32, topic_words[w],
				   ++t->topic_seq);
	}
	tp->tip = plain_commit(sim, x, tp->tip, tree_date(sim, t));
	GROW(tp->c, tp->n, tp->alloc);
	tp->c[tp->n++] = tp->tip;
	return 1;
}

/*
 * --identity: a committer of the mainline pulls the central repository
 * into master before pushing: other committers' commits, pushed there
 * since, come in as the merge's second parent, and are direct.
 */
static void
central_pull(struct sim *sim)
{
	uint32_t p = sim->tr[0].tip, par[2], mk, n = 1 + below(&sim->rng, 3);

	if (left(sim) < n + 2)
		return;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t m = plain_commit(sim, 0, p, tick(sim));

		finalise(sim, m, 0, 0);
		p = m;
	}
	commit_on(sim, 0);
	par[0] = sim->tr[0].tip;
	par[1] = p;
	mk = merge_commit(sim, 0,
			  "Merge branch 'master' of " CENTRAL " into master",
			  par, 2);
	main_moved(sim, mk);
	sim->st.central_pulls++;
}

/* One ordinary step: a commit somewhere. */
static void
step_commit(struct sim *sim)
{
	uint32_t x = chance(&sim->rng, 0.08) ? 0 : pick_tree(sim);
	struct tree *t = &sim->tr[x];

	if (t->ntopics && chance(&sim->rng, 0.5))
		merge_topics(sim, x);
	if (chance(&sim->rng, x ? 0.22 : 0.15) && topic_commit(sim, x))
		return;
	commit_on(sim, x);
}

/* A back-merge of the mainline (its tip or the last tag) into tree x. */
static int
back_merge(struct sim *sim, uint32_t x, int force_url)
{
	struct tree *t = &sim->tr[x];
	uint32_t par[2], mk;
	uint64_t seq;
	struct sb sb = { .len = 0 };
	const char *tu = pick_url(sim, &sim->tr[0]);
	int url = force_url;

	if (t->tip_in_main)
		return 0;
	if (!force_url && sim->last_tag_commit &&
	    sim->last_tag_seq > t->main_seq && chance(&sim->rng, 0.35)) {
		par[1] = sim->last_tag_commit;
		seq = sim->last_tag_seq;
		switch (below(&sim->rng, 5)) {
		case 0:
			sb_add(&sb, "Merge commit '%s'", sim->last_tag);
			break;
		case 1:
			sb_add(&sb, "Merge tag '%s' into %s", sim->last_tag,
			       t->branch);
			break;
		case 2:
			sb_add(&sb, "Merge tag '%s' of %s into %s",
			       sim->last_tag, tu, t->branch);
			url = 1;
			break;
		default:
			sb_add(&sb, "Merge commit '%s' into %s", sim->last_tag,
			       t->branch);
			break;
		}
	} else {
		par[1] = sim->tr[0].tip;
		seq = sim->main_seq;
		if (seq <= t->main_seq)
			return 0;
		switch (force_url ? 4 + below(&sim->rng, 3) :
			below(&sim->rng, 8)) {
		case 0:
			sb_add(&sb, "Merge branch 'linus' into %s", t->branch);
			break;
		case 1:
			sb_add(&sb, "Merge branch 'linus'");
			break;
		case 2:
			sb_add(&sb, "Merge ../linus");
			break;
		case 3:
			sb_add(&sb, "Merge remote-tracking branch 'origin/master'");
			break;
		case 4:
			sb_add(&sb, "Merge branch 'master' of %s", tu);
			url = 1;
			break;
		case 5:
			sb_add(&sb, "Merge branch 'master' of %s into %s", tu,
			       t->branch);
			url = 1;
			break;
		default:
			if (!strncmp(tu, "git://", 6))
				sb_add(&sb, "Merge %s", tu);
			else
				sb_add(&sb, "Merge branch 'master' of %s", tu);
			url = 1;
			break;
		}
	}
	par[0] = t->tip;
	if (!url && par[1] == sim->tr[0].tip && chance(&sim->rng, 0.15)) {
		/* the other way round: the tree merged into a checkout of
		 * the mainline, so its first parent is the mainline's */
		par[0] = sim->tr[0].tip;
		par[1] = t->tip;
		sb.len = 0;
		if (chance(&sim->rng, 0.3)) {
			sb_add(&sb, "Merge branch '%s' of %s", t->branch,
			       pick_url(sim, t));
			sim->st.self_pulls++;
		} else {
			sb_add(&sb, "Merge branch '%s'%s", t->branch,
			       chance(&sim->rng, 0.5) ? " into master" : "");
		}
		sim->st.reversed++;
	}
	mk = merge_commit(sim, x, sb.buf, par, 2);
	t->tip = mk;
	t->main_seq = seq;
	sim->st.backmerges++;
	sim->st.url_backmerges += url;
	return 1;
}

/* Tree x, holding nothing the mainline lacks, starts again from commit
 * c (in_main: c is a mainline commit). */
static void
reset_tree(struct sim *sim, uint32_t x, uint32_t c, uint64_t seq, int in_main)
{
	struct tree *t = &sim->tr[x];

	t->tip = c;
	t->tip_in_main = in_main;
	if (seq > t->main_seq)
		t->main_seq = seq;
	sim->st.resets++;
}

/* Where x's pulls go. */
static uint32_t
receiver(struct sim *sim, uint32_t x)
{
	const struct tree *t = &sim->tr[x];

	if (x == sim->scen)
		return sim->cycle_no % 2 ? 0 : t->up;
	if (t->alt != NONE && chance(&sim->rng, 0.3))
		return t->alt;
	return t->up;
}

static void
pull_if_new(struct sim *sim, uint32_t x)
{
	uint32_t y = receiver(sim, x);

	if (y == 0 && sim->tr[x].hold == sim->cycle_no)
		return;
	do_pull(sim, x, y, 1);
}

/* A fast-forward pull: a tree holding nothing new forks from its
 * receiver's tip, makes a few plain commits, the receiver takes its tip. */
static int
ff_pull(struct sim *sim)
{
	for (int tries = 0; tries < 10; tries++) {
		uint32_t x = pick_tree(sim), y, k;
		struct tree *t = &sim->tr[x], *r;
		uint32_t p;

		if (!compact(sim, t) || t->hold == sim->cycle_no)
			continue;
		/* The mainline is the fallback twice over: the two y = 0
		 * are meant. */
		if (t->layer == 1)
			y = 0;	/* NOLINT(bugprone-branch-clone) */
		else if (compact(sim, &sim->tr[t->up]))
			y = t->up;
		else if (t->alt == 0)
			y = 0;
		else
			continue;
		r = &sim->tr[y];
		k = 1 + below(&sim->rng, y ? 6 : 4);
		if (left(sim) < k)
			return 0;
		reset_tree(sim, x, r->tip, y ? r->main_seq : sim->main_seq,
			   r->tip_in_main || !y);
		for (uint32_t i = 0; i < k; i++)
			commit_on(sim, x);
		sim->st.ff++;
		if (y == 0) {
			for (size_t i = t->lo; i < t->n; i++)
				finalise(sim, t->ent[i].mark, 0, t->ent[i].tru);
			log_clear(t);
			t->tip_in_main = 1;
			main_moved(sim, t->tip);
			r->tip_in_main = 1;
		} else {
			p = r->own;
			for (size_t i = t->lo; i < t->n; i++)
				log_add(sim, r, t->ent[i].mark, p,
					path_ext(&sim->paths, t->ent[i].tru,
						 y));
			*pos_of(t, y) = t->base + t->n;
			r->tip = t->tip;
			r->tip_in_main = 0;
			r->main_seq = t->main_seq;
		}
		return 1;
	}
	return 0;
}

/* Every cycle, after rc1: a back-merge naming the mainline's repository,
 * in a tree that the mainline pulls right after. */
static void
planned_backmerge(struct sim *sim)
{
	for (int tries = 0; tries < 20; tries++) {
		uint32_t x = pick_tree(sim);
		struct tree *t = &sim->tr[x];

		if (t->layer != 1 || t->hold == sim->cycle_no)
			continue;
		if (left(sim) < 2)
			return;
		commit_on(sim, x);
		if (!back_merge(sim, x, 1))
			return;
		commit_on(sim, x);
		do_pull(sim, x, 0, 0);
		sim->st.planned++;
		return;
	}
}

/* Every other cycle (odd ones), after rc7: Y into W; Y two more, the
 * last with a clock reset to 2000; Y into the mainline; W held to the
 * next cycle.  In the next release range, git rev-list lists Y's commit
 * that W pulled although the range's start contains it: the walk from
 * the start is stuck behind the old commit and never parses the one
 * below it.  (Not every cycle: such an old commit inside a range makes
 * the walk go down to it and see everything.) */
static void
planned_skew(struct sim *sim)
{
	uint32_t y = sim->scen, w;
	int64_t d;

	if (y == NONE || sim->cycle_no % 2 == 0 || left(sim) < 5)
		return;
	w = sim->tr[y].up;
	if (sim->tr[w].hold == sim->cycle_no)
		return;
	for (uint32_t i = 0, n = 1 + below(&sim->rng, 2); i < n; i++)
		commit_at(sim, y, tick(sim));
	do_pull(sim, y, w, 0);
	commit_at(sim, y, tick(sim));
	/* a clock reset to its firmware's default, January 2000: older
	 * than anything a later range holds but the next such commits */
	d = 946684800 + 60 * sim->cycle_no + (int64_t)below(&sim->rng, 60);
	commit_at(sim, y, d);
	sim->st.skewed++;
	do_pull(sim, y, 0, 0);
	sim->tr[w].hold = sim->cycle_no;
	sim->st.planned++;
}

enum ev_kind { EV_WINDOW, EV_RC, EV_BACKMERGE, EV_SKEW, EV_REFORK, EV_CENTRAL };

struct event {
	uint32_t at;		/* millionths of the cycle */
	uint32_t seq;
	enum ev_kind kind;
	uint32_t arg;
};

static int
ev_cmp(const void *a, const void *b)
{
	const struct event *p = a, *q = b;

	if (p->at != q->at)
		return p->at < q->at ? -1 : 1;
	return p->seq < q->seq ? -1 : p->seq > q->seq;
}

static void
run_event(struct sim *sim, const struct event *e)
{
	char version[32], tag[40];

	switch (e->kind) {
	case EV_WINDOW:
		pull_if_new(sim, e->arg);
		break;
	case EV_RC:
		snprintf(version, sizeof(version), "1.%" PRId64 "-rc%" PRIu32,
			 sim->cycle_no, e->arg);
		snprintf(tag, sizeof(tag), "v%s", version);
		tag_mainline(sim, version, tag, 0);
		break;
	case EV_BACKMERGE:
		planned_backmerge(sim);
		break;
	case EV_SKEW:
		planned_skew(sim);
		break;
	case EV_CENTRAL:
		central_pull(sim);
		break;
	case EV_REFORK:
		for (uint32_t x = 1; x < sim->ntrees; x++) {
			struct tree *t = &sim->tr[x], *up = &sim->tr[t->up];

			if (!compact(sim, t))
				continue;
			if (t->layer > 1 && compact(sim, up) &&
			    chance(&sim->rng, 0.4))
				reset_tree(sim, x, up->tip, up->main_seq,
					   up->tip_in_main);
			else if (chance(&sim->rng, 0.1))
				reset_tree(sim, x, sim->tr[0].tip,
					   sim->main_seq, 1);
		}
		break;
	}
}

static void
run_cycle(struct sim *sim, int64_t k, uint64_t first, uint64_t end,
	  uint32_t T)
{
	const struct stats *st = &sim->st;
	uint64_t C = end - first;
	struct event *ev = NULL;
	size_t nev = 0, alloc = 0, next = 0;
	uint32_t w0 = k ? 0 : 550000, wlen = k ? 200000 : 250000;
	uint64_t fixes = 3 + T * 6 / 10, backs = 2 + T / 5;
	double p_fix, p_back;
	int64_t dt, cycle_len;
	char version[32], tag[40];

	sim->cycle_no = k;
	sim->cyc_end = end;
	if (sim->moved != NONE && (uint64_t)k >= sim->cycles_total / 2)
		move_host(sim);
	cycle_len = (int64_t)(63 + below(&sim->rng, 15)) * DAY;
	dt = cycle_len / (int64_t)C;
	if (dt < 2)
		dt = 2;
	if (fixes > C / 15)
		fixes = C / 15 + 1;
	if (backs > C / 40)
		backs = C / 40 + 1;
	p_fix = (double)fixes / ((double)C * 0.75);
	p_back = (double)backs / (double)C;

	/* Trees holding nothing new fork again from the release. */
	if (k)
		for (uint32_t x = 1; x < sim->ntrees; x++)
			if (compact(sim, &sim->tr[x]) &&
			    chance(&sim->rng, 0.35))
				reset_tree(sim, x, sim->tr[0].tip,
					   sim->main_seq, 1);

#define ADD(a, kd, ar)							\
	do {								\
		GROW(ev, nev, alloc);					\
		ev[nev].at = (a);					\
		ev[nev].seq = (uint32_t)nev;				\
		ev[nev].kind = (kd);					\
		ev[nev].arg = (ar);					\
		nev++;							\
	} while (0)

	for (uint32_t x = 1; x < sim->ntrees; x++) {
		uint32_t lo, span;

		switch (sim->tr[x].layer) {
		case 3: lo = 0; span = 300000; break;
		case 2: lo = 150000; span = 450000; break;
		default: lo = 300000; span = 700000; break;
		}
		ADD(w0 + (uint32_t)((uint64_t)wlen *
				    (lo + below(&sim->rng, span)) / 1000000),
		    EV_WINDOW, x);
	}
	ADD(w0 + wlen, EV_REFORK, 0);
	if (k)
		for (uint32_t i = 1; i <= 7; i++)
			ADD(200000 + (i - 1) * 85000, EV_RC, i);
	ADD(k ? 330000 : 850000, EV_BACKMERGE, 0);
	ADD(k ? 780000 : 900000, EV_SKEW, 0);
	if (sim->identity)
		for (uint32_t i = 0; i < 3; i++)
			ADD(100000 + i * 300000, EV_CENTRAL, 0);
	qsort(ev, nev, sizeof(*ev), ev_cmp);
#undef ADD

	while (sim->nonmerge + 1 < end) {
		uint32_t at = (uint32_t)((sim->nonmerge - first) * 1000000 / C);

		while (next < nev && ev[next].at <= at)
			run_event(sim, &ev[next++]);
		if (!left(sim))
			break;
		if (chance(&sim->rng, p_back))
			back_merge(sim, pick_tree(sim), 0);
		if (at > w0 + wlen && chance(&sim->rng, p_fix))
			pull_if_new(sim, pick_tree(sim));
		if ((double)st->ff <
		    sim->ffrate * (double)(st->pulls + st->ff + 1))
			ff_pull(sim);
		if (!left(sim))
			break;
		step_commit(sim);
		sim->now += dt / 2 + (int64_t)below64(&sim->rng, (uint64_t)dt);
	}
	while (next < nev) {
		if (ev[next].kind == EV_RC)
			run_event(sim, &ev[next]);
		next++;
	}
	free(ev);

	snprintf(version, sizeof(version), "1.%" PRId64, k);
	snprintf(tag, sizeof(tag), "v%s", version);
	tag_mainline(sim, version, tag, 1);
}

/* ---- options ---------------------------------------------------------- */

static void
usage(FILE *f)
{
	fputs("usage: genhist [--commits N] [--trees T] [--seed S] [--ff-rate P]\n"
	      "               [--releases R] [--expect FILE] [--truth FILE]\n"
	      "               [--cycles FILE] [--dates FILE] [--identity] [--files]\n"
	      "               [--stats] > stream\n", f);
}

static uint64_t
parse_u64(const char *opt, const char *s, uint64_t min, uint64_t max)
{
	char *end;
	unsigned long long v;

	errno = 0;
	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		die("%s: not a number: '%s'", opt, s);
	v = strtoull(s, &end, 10);
	if (errno || *end)
		die("%s: not a number: '%s'", opt, s);
	if (v < min || v > max)
		die("%s: %s out of range [%" PRIu64 ", %" PRIu64 "]", opt, s,
		    min, max);
	return (uint64_t)v;
}

static FILE *
open_out(const char *opt, const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		die("%s: cannot write %s: %s", opt, path, strerror(errno));
	setvbuf(f, NULL, _IOFBF, 1 << 16);
	return f;
}

static void
close_out(FILE *f, const char *what)
{
	if (!f)
		return;
	if (fflush(f) || ferror(f) || (f != stdout && fclose(f)))
		die("writing %s failed: %s", what, strerror(errno));
}

/* --stats: the counts, on stderr. */
static void
print_stats(const struct sim *sim, uint64_t R)
{
	const struct stats *st = &sim->st;

	fprintf(stderr,
		"genhist: %" PRIu64 " commits, %" PRIu64 " merges (%"
		PRIu64 " octopus), %" PRIu64 " releases, %" PRIu32
		" paths\n"
		"genhist: pulls %" PRIu64 " real + %" PRIu64
		" fast-forward; topic merges %" PRIu64
		" (%" PRIu64 " naming the own tree, %" PRIu64
		" in the mainline); back-merges %" PRIu64
		" (%" PRIu64 " naming the mainline, %" PRIu64
		" the other way round); resets %" PRIu64
		"; skewed dates %" PRIu64 "; planned cases %" PRIu64
		"\n",
		sim->nonmerge, st->merges, st->octopus, R, sim->paths.nr,
		st->pulls, st->ff, st->topic_merges, st->self_pulls,
		st->main_self_pulls, st->backmerges, st->url_backmerges,
		st->reversed, st->resets, st->skewed, st->planned);
}

int
main(int argc, char **argv)
{
	uint64_t N = 5000, T = 100, seed = 1, R = 0;
	const char *pexp = NULL, *ptru = NULL, *pcyc = NULL, *pdat = NULL;
	int stats = 0;
	static char obuf[1 << 20];
	static struct sim state;
	struct sim *sim = &state;

	sim_init(sim);

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL, *eq;
		size_t len;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(a, "--stats")) {
			stats = 1;
			continue;
		}
		if (!strcmp(a, "--identity")) {
			sim->identity = 1;
			continue;
		}
		if (!strcmp(a, "--files")) {
			sim->files = 1;
			continue;
		}
		if (strncmp(a, "--", 2))
			die("unexpected argument '%s' (see --help)", a);
		eq = strchr(a, '=');
		len = eq ? (size_t)(eq - a) : strlen(a);
#define IS(name) (len == strlen(name) && !strncmp(a, name, len))
		if (!IS("--commits") && !IS("--trees") && !IS("--seed") &&
		    !IS("--releases") && !IS("--ff-rate") && !IS("--expect") &&
		    !IS("--truth") && !IS("--cycles") && !IS("--dates"))
			die("unknown option '%.*s' (see --help)", (int)len, a);
		if (eq)
			v = eq + 1;
		else if (i + 1 < argc)
			v = argv[++i];
		else
			die("%s needs a value", a);
		if (IS("--commits"))
			N = parse_u64("--commits", v, 100, 100000000);
		else if (IS("--trees"))
			T = parse_u64("--trees", v, 1, 10000);
		else if (IS("--seed"))
			seed = parse_u64("--seed", v, 0, UINT64_MAX);
		else if (IS("--releases"))
			R = parse_u64("--releases", v, 1, 10000000);
		else if (IS("--ff-rate")) {
			char *end;
			double p;

			errno = 0;
			p = strtod(v, &end);
			if (!*v || *end || errno || !(p >= 0 && p <= 1))
				die("--ff-rate: '%s' is not a number in [0, 1]", v);
			sim->ffrate = p;
		} else if (IS("--expect"))
			pexp = v;
		else if (IS("--truth"))
			ptru = v;
		else if (IS("--dates"))
			pdat = v;
		else
			pcyc = v;
#undef IS
	}
	if (!R) {
		if (N <= 150000) {
			R = N / 200;
			if (R < 2)
				R = 2;
			if (R > 10)
				R = 10;
		} else {
			R = N / 15000;
		}
	}
	if (N / R < 50)
		die("--releases %" PRIu64 ": cycles of %" PRIu64
		    " commits are too short (at least 50 each)", R, N / R);

	sim->out = stdout;
	setvbuf(sim->out, obuf, _IOFBF, sizeof(obuf));
	if (pexp)
		sim->fexp = open_out("--expect", pexp);
	if (ptru)
		sim->ftru = open_out("--truth", ptru);
	if (pcyc)
		sim->fcyc = open_out("--cycles", pcyc);
	if (pdat)
		sim->fdat = open_out("--dates", pdat);

	rng_seed(&sim->rng, seed);
	setup_trees(sim, (uint32_t)T);
	if (sim->identity)
		setup_identity(sim);
	sim->cycles_total = R;

	sim->now = 1200000000;		/* January 2008 */
	{
		const struct ident *maint = &sim->tr[0].maint;
		uint32_t root = emit(sim, maint, maint, sim->now, sim->now,
				     "Initial commit", NULL, 0);

		finalise(sim, root, 0, 0);
		main_moved(sim, root);
		for (uint32_t x = 0; x < sim->ntrees; x++) {
			sim->tr[x].tip = root;
			sim->tr[x].tip_in_main = 1;
			sim->tr[x].main_seq = sim->main_seq;
		}
	}
	for (uint64_t k = 0; k < R; k++)
		run_cycle(sim, (int64_t)k, k * N / R, (k + 1) * N / R,
			  (uint32_t)T);
	flush_cycle(sim, "-");
	fprintf(sim->out,
		"reset refs/heads/master\nfrom :%" PRIu32 "\n\ndone\n",
		sim->tr[0].tip);

	close_out(sim->out, "the stream");
	close_out(sim->fexp, pexp);
	close_out(sim->ftru, ptru);
	close_out(sim->fdat, pdat);
	close_out(sim->fcyc, pcyc);
	if (stats)
		print_stats(sim, R);
	return 0;
}
