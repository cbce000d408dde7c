/*
 * cycle.c - a release cycle: the merge window and the -rc weeks, as
 * events at fixed shares of the cycle's commits (each tree's pull, the
 * -rc tags, the planned cases, trees forking again, --identity's
 * central pulls), the ordinary steps between them (commits, topic
 * merges, back-merges, late pulls, fast-forwards), and the release.
 *
 * The planned cases are the ones a reader of the history is likely to
 * get wrong, made on purpose: a back-merge naming the mainline's URL
 * in every cycle, and in every odd one a tree pulled twice around a
 * clock reset to January 2000 (planned_skew says how that misleads
 * git's date-ordered walk).
 */
#include "genhist.h"

#include <inttypes.h>
#include <stdlib.h>

/* ---- an ordinary step: a commit somewhere -------------------------- */

static void
step_commit(struct sim *sim)
{
	uint32_t x = chance(&sim->rng, 0.08) ? 0 : pick_tree(sim);
	struct tree *t = &sim->tr[x];

	/* --gerrit: every change of the mainline's goes through review. */
	if (x == 0 && sim->gerrit) {
		commit_on(sim, 0);
		return;
	}
	if (t->ntopics && chance(&sim->rng, 0.5))
		merge_topics(sim, x);
	if (chance(&sim->rng, x ? 0.22 : 0.15) && topic_commit(sim, x))
		return;
	commit_on(sim, x);
}

/* ---- the planned cases and the central pulls ----------------------- */

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

#define CENTRAL "ssh://central.example.org/home/linux/git/linux"

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
	/* --topics: they come through the merge below, not made yet. */
	sim->topic_hold = 1;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t m = plain_commit(sim, 0, p, tick(sim));

		finalise(sim, m, 0, 0);
		p = m;
	}
	sim->topic_hold = 0;
	commit_on(sim, 0);
	par[0] = sim->tr[0].tip;
	par[1] = p;
	mk = merge_commit(sim, 0,
			  "Merge branch 'master' of " CENTRAL " into master",
			  par, 2);
	release_held(sim, mk);
	main_moved(sim, mk);
	sim->st.central_pulls++;
}

/* ---- the cycle: its events in order, and the steps between --------- */

/* --late: tree x waits until after -rc1 of cycle k (one pulled by the
 * mainline in ten, by a hash; none in the first cycle, which has no
 * -rc, nor in a planned case). */
static int
late_tree(const struct sim *sim, uint32_t x, int64_t k)
{
	const struct tree *t = &sim->tr[x];

	return sim->late && k && t->layer == 1 && x != sim->scen &&
	       (sim->scen == NONE || sim->tr[sim->scen].up != x) &&
	       mix64(0x6c61746500000000ull ^ ((uint64_t)k << 20) ^ x) % 10 == 0;
}

enum ev_kind {
	EV_WINDOW, EV_RC, EV_BACKMERGE, EV_SKEW, EV_REFORK, EV_CENTRAL,
	EV_DEVEL,
};

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
	case EV_DEVEL:
		snprintf(version, sizeof(version), "1.%" PRId64 "-devel",
			 sim->cycle_no);
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

void
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
	if (sim->identity)
		identity_cycle(sim, (uint64_t)k);
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
		uint32_t lo, span, at;

		switch (sim->tr[x].layer) {
		case 3: lo = 0; span = 300000; break;
		case 2: lo = 150000; span = 450000; break;
		default: lo = 300000; span = 700000; break;
		}
		at = w0 + (uint32_t)((uint64_t)wlen *
				     (lo + below(&sim->rng, span)) / 1000000);
		/* --late: first pulled after -rc1 (the window's draw made
		 * all the same, so that nothing else moves). */
		if (late_tree(sim, x, k))
			at = 200001 + (uint32_t)(mix64((uint64_t)k << 32 | x) %
						 700000);
		ADD(at, EV_WINDOW, x);
	}
	ADD(w0 + wlen, EV_REFORK, 0);
	if (k)
		for (uint32_t i = 1; i <= 7; i++)
			ADD(200000 + (i - 1) * 85000, EV_RC, i);
	/* --rc0: git.git's preview tag, the window's last quarter after it. */
	if (k && sim->rc0)
		ADD(150000, EV_RC, 0);
	/* --devel: util-linux's tag opening the cycle, a little into it. */
	if (k && sim->devel)
		ADD(20000, EV_DEVEL, 0);
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
