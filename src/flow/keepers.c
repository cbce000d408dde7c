/*
 * keepers.c - who keeps a tree: the committers of its pulls' tips,
 * gathered from the history (evidence.c keeps them).
 */
#include "flow/keepers.h"

#include <stdlib.h>
#include <string.h>

#include "git/commitread.h"
#include "util/buf.h"
#include "util/util.h"

/* A merge of the mainline into a tree, into a merge of the mainline
 * into it...: a chain this long is no history's. */
#define CHAIN_MAX 16

/* The number of the person ident (len bytes) is, as the mailmap names
 * them. */
static uint32_t
person_of(struct tree_table *tt, const struct mailmap *mm, const char *ident,
	  size_t len)
{
	struct buf b = BUF_INIT;
	uint32_t id;

	mailmap_person(mm, ident, len, &b);
	id = trees_person(tt, b.data ? b.data : "", b.len);
	buf_release(&b);
	return id;
}

static int
is_mainline_person(const struct tree_table *tt, uint32_t p)
{
	return p < tt->mainline_people_nr && tt->mainline_people[p];
}

/* The committers of the merges of the range on the mainline's
 * first-parent line (on): its maintainers. */
static void
mainline_people(struct tree_table *tt, const struct history *h,
		const uint8_t *on, const struct mailmap *mm)
{
	for (uint32_t i = 0; i < h->nr; i++) {
		const char *ident;
		size_t len;
		uint32_t p;

		if (!on[i] || !(h->flags[i] & HIST_IN_RANGE) ||
		    !history_is_merge(h, i) ||
		    !(ident = history_merge_committer(h, i, &len)))
			continue;
		p = person_of(tt, mm, ident, len);
		if (p >= tt->mainline_people_nr) {
			tt->mainline_people = xreallocarray(tt->mainline_people,
							    p + 1, 1);
			memset(tt->mainline_people + tt->mainline_people_nr, 0,
			       p + 1 - tt->mainline_people_nr);
			tt->mainline_people_nr = p + 1;
		}
		tt->mainline_people[p] = 1;
	}
}

enum tip {
	TIP_NONE,	/* no evidence */
	TIP_PERSON,	/* *out is the keeper */
	TIP_READ,	/* *out is a commit whose committer is to be read */
};

/*
 * Who the tip t of a pull says keeps the tree: the committer of t, when
 * the walk kept it (a merge of the range).  A merge the mainline's
 * maintainers committed (of the mainline into the tree, before pulling
 * it) says nothing of the tree's keeper: what it merged into, its first
 * parent that is not the mainline's, is looked at instead.  A tip the
 * walk did not keep is to be read.
 */
static enum tip
resolve(struct tree_table *tt, const struct history *h, const uint8_t *on,
	const struct mailmap *mm, uint32_t t, uint32_t *out)
{
	for (int step = 0; step < CHAIN_MAX; step++) {
		const uint32_t *par;
		uint32_t np, p, next = HIST_NONE;
		const char *ident;
		size_t len;

		/* The mainline's own commit says nothing of the tree. */
		if (on[t])
			return TIP_NONE;
		if (!(ident = history_merge_committer(h, t, &len))) {
			*out = t;
			return TIP_READ;
		}
		p = person_of(tt, mm, ident, len);
		par = history_parents(h, t, &np);
		if (!is_mainline_person(tt, p) || np < 2) {
			*out = p;
			return TIP_PERSON;
		}
		for (uint32_t k = 0; k < np && next == HIST_NONE; k++)
			if (!on[par[k]])
				next = par[k];
		if (next == HIST_NONE)
			return TIP_NONE;
		t = next;
	}
	return TIP_NONE;
}

int
keepers_gather(struct tree_table *tt, const struct history *h,
	       const struct keeper_pull *pulls, size_t n,
	       const struct keeper_source *src)
{
	const struct mailmap *mm = src ? src->mailmap : NULL;
	uint8_t *on = history_first_parent_marks(h);
	uint32_t *tip = xmalloc((n ? n : 1) * sizeof(*tip));
	uint32_t *reads = xmalloc((n ? n : 1) * sizeof(*reads));
	size_t nreads = 0;
	struct commit_batch b;
	int ret = 0;

	mainline_people(tt, h, on, mm);
	for (size_t k = 0; k < n; k++) {
		uint32_t np, who;
		const uint32_t *par = history_parents(h, pulls[k].merge, &np);

		tip[k] = HIST_NONE;
		if (np < 2)
			continue;
		switch (resolve(tt, h, on, mm, par[1], &who)) {
		case TIP_PERSON:
			trees_key_evidence(tt, pulls[k].key, who);
			break;
		case TIP_READ:
			tip[k] = who;
			reads[nreads++] = who;
			break;
		case TIP_NONE:
			break;
		}
	}
	if (nreads && src && src->r) {
		if (commit_batch_read_jobs(&b, src->r, h, reads, nreads,
					   CF_COMMITTER, src->jobs) < 0) {
			ret = -1;
			goto out;
		}
		for (size_t k = 0; k < n; k++) {
			const struct commit_info *ci;
			uint32_t p;

			if (tip[k] == HIST_NONE)
				continue;
			ci = commit_batch_get(&b, tip[k]);
			p = trees_person(tt, ci->committer, ci->committer_len);
			/* A merge of the mainline's maintainers outside the
			 * range (the walk kept no record of it) is not
			 * looked behind: no evidence. */
			if (!is_mainline_person(tt, p) ||
			    h->npar[tip[k]] < 2)
				trees_key_evidence(tt, pulls[k].key, p);
		}
		commit_batch_release(&b);
	}
out:
	free(reads);
	free(tip);
	free(on);
	return ret;
}
