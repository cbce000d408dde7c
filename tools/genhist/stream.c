/*
 * stream.c - commits and tags as git fast-import reads them: marks, the
 * clock, authors and dates (--dates' skewed clocks), --files' small
 * trees, plain commits on a tree's branch, merges, and the mainline's
 * version bumps and tags.  Everything the stream holds is written here;
 * which commits and merges are made is the business of merges.c and
 * cycle.c.
 */
#include "genhist.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- the stream ---------------------------------------------------- */

/* A new mark, not yet in the mainline. */
static uint32_t
new_mark(struct sim *sim)
{
	sim->nmarks++;
	if (sim->nmarks >= sim->fin_alloc) {
		size_t old = sim->fin_alloc;

		sim->fin_alloc = sim->fin_alloc ? 2 * sim->fin_alloc : 65536;
		sim->fin = xrealloc(sim->fin, sim->fin_alloc);
		memset(sim->fin + old, 0, sim->fin_alloc - old);
		if (sim->farr || sim->rebase) {
			size_t n = sim->fin_alloc - old;

			sim->cdate = xrealloc(sim->cdate, sim->fin_alloc *
					      sizeof(*sim->cdate));
			sim->merge = xrealloc(sim->merge, sim->fin_alloc);
			sim->queued_by = xrealloc(sim->queued_by, sim->fin_alloc *
						  sizeof(*sim->queued_by));
			memset(sim->cdate + old, 0, n * sizeof(*sim->cdate));
			memset(sim->merge + old, 0, n);
			memset(sim->queued_by + old, 0,
			       n * sizeof(*sim->queued_by));
		}
	}
	return sim->nmarks;
}

int64_t
tick(struct sim *sim)
{
	sim->now += 1 + below(&sim->rng, 90);
	return sim->now;
}

/* --files: the small trees' files, a few in a few directories. */
static const char *const file_paths[] = {
	"Makefile", "README",
	"drivers/net/eth.c", "drivers/net/wifi.c", "drivers/usb/core.c",
	"drivers/usb/host/xhci.c", "fs/ext4/inode.c", "fs/namei.c",
	"include/linux/list.h", "kernel/sched/core.c", "lib/sort.c",
	"Documentation/index.rst",
};

/* --files: what non-merge commit m changes, from a hash of its mark: one
 * to three files (the root commit all of them), written or deleted. */
static void
emit_files(const struct sim *sim, uint32_t m, unsigned npar)
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

static void flush_queue(struct sim *sim, uint32_t x);

/* --rebase: the commit mark is about to be referenced (a parent, a
 * ref): written first if a tree's queue holds it. */
static void
written(struct sim *sim, uint32_t mark)
{
	if (sim->queued_by && sim->queued_by[mark])
		flush_queue(sim, sim->queued_by[mark] - 1);
}

/* --fixes, --checks: commit m's object as git will hash it (the empty tree: no
 * --files), its id noted. */
static void
note_commit(struct sim *sim, uint32_t m, const struct ident *committer,
	    const struct ident *author, int64_t cdate, int64_t adate,
	    const char *msg, const uint32_t *par, unsigned npar)
{
	char *parents = xprintf("%s", ""), *text;

	for (unsigned i = 0; i < npar; i++) {
		char *p = xprintf("%sparent %s\n", parents,
				  fixes_oid(par[i]));

		free(parents);
		parents = p;
	}
	text = xprintf("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n%s"
		       "author %s <%s> %" PRId64 " +0000\n"
		       "committer %s <%s> %" PRId64 " +0000\n\n%s",
		       parents, author->name, author->email, adate,
		       committer->name, committer->email, cdate, msg);
	fixes_commit_written(sim, m, text, strlen(text), npar);
	free(text);
	free(parents);
}

/* Commit m, its mark already taken, into the stream. */
static void
write_commit(struct sim *sim, uint32_t m, const struct ident *committer,
	     const struct ident *author, int64_t cdate, int64_t adate,
	     const char *subject, const uint32_t *par, unsigned npar)
{
	char *fix = NULL, *signoffs = NULL;

	for (unsigned i = 0; i < npar; i++)
		written(sim, par[i]);
	/* --checks: a merge's body (after the parents' queues, which reset
	 * sim->body). */
	if (npar > 1 && sim->merge_body)
		sim->body = sim->merge_body;
	/* --fixes: a plain commit may name an earlier one. */
	if (sim->fixes && npar == 1 && !sim->body)
		sim->body = fix = fixes_body(sim, m);
	/* --checks: and its sign-offs follow. */
	if (sim->fchk && npar == 1 && (fix || !sim->body) &&
	    (signoffs = checks_body(sim, m, committer, author, fix)))
		sim->body = signoffs;
	if (sim->fixes) {
		char *msg = sim->body ? xprintf("%s\n\n%s", subject, sim->body) :
			    xprintf("%s\n", subject);

		note_commit(sim, m, committer, author, cdate, adate, msg, par,
			    npar);
		free(msg);
	}
	if (sim->fchk)
		checks_commit_written(sim, m, cdate, par, npar, sim->body);
	fprintf(sim->out, "commit refs/heads/master\nmark :%" PRIu32 "\n"
		"author %s <%s> %" PRId64 " +0000\n"
		"committer %s <%s> %" PRId64 " +0000\n",
		m, author->name, author->email, adate,
		committer->name, committer->email, cdate);
	if (sim->body)
		fprintf(sim->out, "data %zu\n%s\n\n%s\n",
			strlen(subject) + 2 + strlen(sim->body), subject,
			sim->body);
	else
		fprintf(sim->out, "data %zu\n%s\n", strlen(subject) + 1,
			subject);
	if (npar)
		fprintf(sim->out, "from :%" PRIu32 "\n", par[0]);
	for (unsigned i = 1; i < npar; i++)
		fprintf(sim->out, "merge :%" PRIu32 "\n", par[i]);
	if (sim->files && npar <= 1)
		emit_files(sim, m, npar);
	if (sim->fmnt && npar <= 1)
		routing_files(sim, m, npar, committer, author);
	if (sim->mailmap_text && !npar)
		fprintf(sim->out, "M 100644 inline .mailmap\ndata %zu\n%s\n",
			strlen(sim->mailmap_text), sim->mailmap_text);
	fputc('\n', sim->out);
	if (npar <= 1 && sim->fdat)
		fprintf(sim->fdat, ":%" PRIu32 "\t%" PRId64 "\t%" PRId64 "\n",
			m, adate, cdate);
	if (npar <= 1)
		people_line(sim, m, committer, author);
	if (npar <= 1 && sim->ftrl)
		fprintf(sim->ftrl, ":%" PRIu32 "\t%s\n", m, sim->body_truth ?
			sim->body_truth : "0\t0\t0\t0\t0\t0\t\t");
	if (sim->cdate) {
		sim->cdate[m] = cdate;
		sim->merge[m] = npar > 1;
	}
	if (fix || signoffs || (npar > 1 && sim->merge_body))
		sim->body = NULL;
	free(fix);
	free(signoffs);
}

uint32_t
emit(struct sim *sim, const struct ident *committer,
     const struct ident *author, int64_t cdate, int64_t adate,
     const char *subject, const uint32_t *par, unsigned npar)
{
	uint32_t m = new_mark(sim);

	write_commit(sim, m, committer, author, cdate, adate, subject, par,
		     npar);
	if (npar <= 1)
		sim->nonmerge++;
	else {
		sim->st.merges++;
		if (npar > 2)
			sim->st.octopus++;
	}
	return m;
}

/* ---- --rebase: commits written when first taken -------------------- */

int
tree_rebases(const struct sim *sim, uint32_t x)
{
	const struct tree *t = &sim->tr[x];

	/* Pulled by the mainline alone, on a good clock, in no planned
	 * case: what it queues is taken by its pull, a back-merge or a
	 * topic of its own. */
	if (!sim->rebase || !x || t->layer != 1 || t->alt != NONE ||
	    t->bad_clock || x == sim->scen ||
	    (sim->scen != NONE && sim->tr[sim->scen].up == x))
		return 0;
	return mix64(0x7265626173650000ull ^ x) % 5 == 0;
}

/* Tree x's queued commits written, committed now, a second apart, the
 * newest a second before the commit that takes them (the clock is at
 * that one's date): rebased just before. */
static void
flush_queue(struct sim *sim, uint32_t x)
{
	struct tree *t = &sim->tr[x];
	size_t n = t->queue_nr;

	t->queue_nr = 0;
	for (size_t i = 0; i < n; i++) {
		struct queued *q = &t->queue[i];

		char *body = NULL, *truth = NULL;
		const struct ident *c = &t->maint;
		const struct ident *a = &sim->contrib[q->author];

		sim->queued_by[q->mark] = 0;
		people_pick(sim, x, q->mark, &c, &a);
		/* --trailers' choices hash the mark: the same message as
		 * if it had been written when made. */
		if (sim->ftrl)
			trailer_body(sim, q->mark, a, c, &body, &truth);
		else
			body = people_body(sim, q->mark, c, a);
		sim->body = body;
		sim->body_truth = truth;
		write_commit(sim, q->mark, c, a,
			     sim->now - (int64_t)(n - i), q->adate, q->subject,
			     &q->parent, 1);
		sim->body = sim->body_truth = NULL;
		free(body);
		free(truth);
		free(q->subject);
	}
}

void
queues_free(struct sim *sim)
{
	for (uint32_t x = 0; x < sim->ntrees; x++) {
		struct tree *t = &sim->tr[x];

		for (size_t i = 0; i < t->queue_nr; i++)
			free(t->queue[i].subject);
		free(t->queue);
	}
}

/* ---- commits on a tree's branch ------------------------------------ */

/* Non-merge commits that may still be made before the release commit. */
uint64_t
left(const struct sim *sim)
{
	if (sim->nonmerge + 1 < sim->cyc_end)
		return sim->cyc_end - 1 - sim->nonmerge;
	return 0;
}

int64_t
tree_date(struct sim *sim, const struct tree *t)
{
	int64_t d = tick(sim);

	if (t->bad_clock && chance(&sim->rng, 0.3)) {
		d -= DAY * (int64_t)(1 + below(&sim->rng, 30));
		sim->st.skewed++;
	}
	return d;
}

/* A non-merge commit of tree x on parent, dated date, written now or
 * (queue: --rebase) when first taken; its mark. */
static uint32_t
make_commit(struct sim *sim, uint32_t x, uint32_t parent, int64_t date,
	    int queue)
{
	struct tree *t = &sim->tr[x];
	struct sb sb = { .len = 0 };
	int64_t adate;
	uint32_t author, m;

	commit_subject(sim, &sb, x);
	sim->cur_tree = x;
	/* --dates: some authors' clocks run ahead of the mainline's
	 * (without it, the stream as it always was). */
	if (sim->fdat && chance(&sim->rng, 0.04))
		adate = date + 3600 + (int64_t)below(&sim->rng, 60 * DAY);
	else
		adate = date - (int64_t)below(&sim->rng, 3 * DAY);
	author = below(&sim->rng, NCONTRIB);
	/* A fork edited in the forge's web page: its owner's commit,
	 * committed by the forge. */
	if (t->web && !queue && !sim->ftrl && !sim->fppl)
		return emit(sim, &forge_web, &t->maint, date, adate, sb.buf,
			    &parent, 1);
	if (!queue) {
		char *body = NULL, *truth = NULL;
		const struct ident *c = &t->maint;
		const struct ident *a = &sim->contrib[author];

		if (!sim->ftrl && !sim->fppl)
			return emit(sim, c, a, date, adate, sb.buf, &parent, 1);
		people_pick(sim, x, sim->nmarks + 1, &c, &a);
		if (sim->ftrl)
			trailer_body(sim, sim->nmarks + 1, a, c, &body, &truth);
		else
			body = people_body(sim, sim->nmarks + 1, c, a);
		sim->body = body;
		sim->body_truth = truth;
		m = emit(sim, c, a, date, adate, sb.buf, &parent, 1);
		sim->body = sim->body_truth = NULL;
		free(body);
		free(truth);
		return m;
	}
	m = new_mark(sim);
	if (sim->fmnt)
		routing_tree(sim, m, x);
	sim->nonmerge++;
	GROW(t->queue, t->queue_nr, t->queue_alloc);
	t->queue[t->queue_nr++] = (struct queued){
		m, parent, author, adate, xprintf("%s", sb.buf) };
	sim->queued_by[m] = x + 1;
	return m;
}

uint32_t
plain_commit(struct sim *sim, uint32_t x, uint32_t parent, int64_t date)
{
	return make_commit(sim, x, parent, date, 0);
}

uint32_t
branch_commit(struct sim *sim, uint32_t x, uint32_t parent, int64_t date)
{
	return make_commit(sim, x, parent, date, sim->tr[x].rebases);
}

void
main_moved(struct sim *sim, uint32_t tip)
{
	written(sim, tip);
	sim->tr[0].tip = tip;
	sim->main_seq++;
	arrived(sim, tip);
}

uint32_t
merge_commit(struct sim *sim, uint32_t y, const char *subject,
	     const uint32_t *par, unsigned npar)
{
	const struct ident *maint = &sim->tr[y].maint;
	int64_t d = tick(sim);

	return emit(sim, maint, maint, d, d, subject, par, npar);
}

/* ---- the mainline's releases --------------------------------------- */

/* The version bump and tag that mark a release or an -rc. */
void
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

		int64_t when = tick(sim);

		fprintf(sim->out, "tag %s\nfrom :%" PRIu32 "\n"
			"tagger %s <%s> %" PRId64 " +0000\ndata %zu\n%s\n",
			tag, m->tip, m->maint.name, m->maint.email, when,
			strlen(msg), msg);
		if (sim->fixes) {
			char *text = xprintf("object %s\ntype commit\ntag %s\n"
					     "tagger %s <%s> %" PRId64
					     " +0000\n\n%s", fixes_oid(m->tip),
					     tag, m->maint.name,
					     m->maint.email, when, msg);

			fixes_tag_written(m->tip, text, strlen(text));
			free(text);
		}
		free(msg);
	} else {
		fprintf(sim->out, "reset refs/tags/%s\nfrom :%" PRIu32 "\n\n",
			tag, m->tip);
	}
	if (sim->fchk)
		checks_tagged(m->tip);
	flush_cycle(sim, tag);
	snprintf(sim->last_tag, sizeof(sim->last_tag), "%s", tag);
	sim->last_tag_commit = m->tip;
	sim->last_tag_seq = sim->main_seq;
}
