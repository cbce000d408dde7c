/*
 * merges.c - how commits move from tree to tree: pulls (octopus ones of
 * several branches too, by branch or by tag), topic branches made
 * and merged back (some by the tree's own URL), back-merges of the
 * mainline (a few the other way round), trees forking again, and
 * fast-forward pulls.  Each records what it moved in the ground truth
 * (truth.c) as it writes its merge (stream.c); cycle.c decides when.
 */
#include "genhist.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- topic branches, as a pull or a merge takes them --------------- */

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

/* Commits of tree x's topic tp enter y: internal when y == x. */
static void
take_topic(struct sim *sim, uint32_t x, uint32_t y,
	   const struct topic *tp)
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

/* ---- pulls --------------------------------------------------------- */

/* Does x have a commit that y (0: the mainline) lacks? */
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

/* A pull of tree x into y: a real merge, maybe an octopus of several of
 * x's branches.  0 when x had nothing y lacks. */
int
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
	if (tip_new && y == 0 && sim->identity)
		main_merges_into(sim, x, url);
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

	tags = chance(&sim->rng, 0.25) || t->tagged;
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
		people_pull(sim, mk, x, tags);
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

void
pull_if_new(struct sim *sim, uint32_t x)
{
	uint32_t y = receiver(sim, x);

	if (y == 0 && sim->tr[x].hold == sim->cycle_no)
		return;
	do_pull(sim, x, y, 1);
}

/* ---- topic branches made and merged -------------------------------- */

/* One commit of tree x on a topic branch (a new one maybe); 0 if none. */
int
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
		if (t->ntopics >= MAX_TOPICS)
			return 0;
		tp = &t->topics[t->ntopics++];
		memset(tp, 0, sizeof(*tp));
		tp->tip = t->tip;
		tp->target = 1 + below(&sim->rng, 6);
		tp->name = topic_name(sim, t);
	}
	tp->tip = plain_commit(sim, x, tp->tip, tree_date(sim, t));
	GROW(tp->c, tp->n, tp->alloc);
	tp->c[tp->n++] = tp->tip;
	return 1;
}

/* Tree x merges its ready topics (some or all). */
void
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
	if (x == 0)
		sim->topic_merge = mk;	/* --topics: through this merge */
	for (unsigned i = 0; i < n; i++)
		take_topic(sim, x, x, &t->topics[idx[i]]);
	sim->topic_merge = NONE;
	for (unsigned i = n; i-- > 0;)
		drop_topic(t, idx[i]);
	t->tip = mk;
	t->tip_in_main = 0;
	if (x == 0)
		main_moved(sim, mk);
}

/* ---- back-merges --------------------------------------------------- */

/* A back-merge of the mainline (its tip or the last tag) into tree x. */
int
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
	/* --checks: some say why (a hash: no random number is drawn). */
	if (sim->fchk && mix64(0x776879ull ^ sim->nmarks) % 3 == 0)
		sim->merge_body = "Brings in the fixes the next patches "
				  "build on.";
	mk = merge_commit(sim, x, sb.buf, par, 2);
	sim->merge_body = NULL;
	t->tip = mk;
	t->main_seq = seq;
	sim->st.backmerges++;
	sim->st.url_backmerges += url;
	return 1;
}

/* ---- forks and fast-forwards --------------------------------------- */

/* Tree x, holding nothing the mainline lacks, starts again from commit
 * c (in_main: c is a mainline commit). */
void
reset_tree(struct sim *sim, uint32_t x, uint32_t c, uint64_t seq,
	   int in_main)
{
	struct tree *t = &sim->tr[x];

	t->tip = c;
	t->tip_in_main = in_main;
	if (seq > t->main_seq)
		t->main_seq = seq;
	sim->st.resets++;
}

/* A fast-forward pull: a tree holding nothing new forks from its
 * receiver's tip, makes a few plain commits, the receiver takes its tip. */
int
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
