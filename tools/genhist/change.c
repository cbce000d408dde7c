/*
 * change.c - a tree's next change: a commit on its branch; with --gerrit,
 * the mainline's own changes merged by a code review server, as Gerrit
 * merges them.
 *
 * A review change is one commit, or a few made together, on the
 * mainline's tip; the server merges it into master with one of Gerrit's subjects (no
 * " into master": Gerrit leaves it out for master), committed by the
 * server itself, or fast-forwards it when it can (Gerrit's "merge if
 * necessary"): then the commits are direct.  A merged change's commits
 * took the path "Gerrit Code Review", then the mainline.
 */
#include "genhist.h"

#include <inttypes.h>
#include <string.h>

static const struct ident server = {
	"Gerrit Code Review", "gerrit@review.example.org",
};

const char *const review_server_name = "Gerrit Code Review";

/* A Change-Id as Gerrit abbreviates it, hashed from the commit's mark
 * (no random draw: the history does not depend on it). */
static void
change_id(struct sb *sb, uint32_t mark)
{
	uint64_t h = (uint64_t)mark * 0x9e3779b97f4a7c15ull;

	sb_add(sb, "I%08" PRIx32, (uint32_t)(h >> 32));
}

/* A change of the mainline's, made at date, merged by the review server
 * (or fast-forwarded). */
static void
review_change(struct sim *sim, int64_t date)
{
	struct tree *m = &sim->tr[0];
	uint32_t n = 1, marks[3] = { 0, 0, 0 }, par[2], mk, node;
	struct sb sb = { .len = 0 };
	uint64_t room = left(sim);

	if (chance(&sim->rng, 0.4))
		n = below(&sim->rng, 2) ? 3 : 2;
	if (n > room)
		n = room ? (uint32_t)room : 1;
	/* Nothing new on the branch since the change was made on its tip:
	 * Gerrit fast-forwards, and the commit is direct. */
	if (n == 1 && chance(&sim->rng, 0.2)) {
		mk = plain_commit(sim, 0, m->tip, date);
		finalise(sim, mk, 0, 0);
		main_moved(sim, mk);
		m->tip_in_main = 0;
		return;
	}
	node = path_ext(&sim->paths, 0, REVIEW_TREE);
	for (uint32_t k = 0; k < n; k++) {
		marks[k] = plain_commit(sim, 0, k ? marks[k - 1] : m->tip,
					k ? tick(sim) : date);
		finalise(sim, marks[k], node, node);
	}
	if (n == 1) {
		sb_add(&sb, "Merge \"change %" PRIu32 "\"", marks[0]);
	} else if (chance(&sim->rng, 0.5)) {
		uint32_t t = below(&sim->rng, 40);

		if (chance(&sim->rng, 0.2))
			sb_add(&sb, "Merge changes from topics \"topic-%" PRIu32
			       "\", \"topic-%" PRIu32 "\"", t, t + 1);
		else
			sb_add(&sb, "Merge changes from topic \"topic-%" PRIu32
			       "\"", t);
	} else {
		sb_add(&sb, "Merge changes ");
		for (uint32_t k = n; k-- > 0;) {
			change_id(&sb, marks[k]);
			if (k)
				sb_add(&sb, ",");
		}
	}
	par[0] = m->tip;
	par[1] = marks[n - 1];
	mk = emit(sim, &server, &server, tick(sim), sim->now, sb.buf, par, 2);
	sim->st.review_merges++;
	main_moved(sim, mk);
	m->tip_in_main = 0;
}

/* A commit on the branch of tree x, dated date. */
void
commit_at(struct sim *sim, uint32_t x, int64_t date)
{
	struct tree *t = &sim->tr[x];
	uint32_t m;

	if (x == 0 && sim->gerrit) {
		review_change(sim, date);
		return;
	}
	m = branch_commit(sim, x, t->tip, date);

	t->tip = m;
	t->tip_in_main = 0;
	if (x == 0) {
		finalise(sim, m, 0, 0);
		main_moved(sim, m);
	} else {
		log_add(sim, t, m, t->own, t->own);
	}
}

void
commit_on(struct sim *sim, uint32_t x)
{
	commit_at(sim, x, tree_date(sim, &sim->tr[x]));
}
