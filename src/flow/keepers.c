/*
 * keepers.c - who keeps a tree: the committers of its pulls' tips,
 * gathered from the history (evidence.c keeps them).
 */
#include "flow/keepers.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "git/commitread.h"
#include "util/buf.h"
#include "util/url.h"
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
	id = evidence_person(tt, b.data ? b.data : "", b.len);
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
	const struct mailmap *mm, uint32_t t, uint32_t *out, uint32_t *tip)
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
		/* A service's merge (a forge's web page) is no maintainer's:
		 * its author speaks. */
		if (!is_mainline_person(tt, p) || np < 2 ||
		    keepers_service_ident(tt->people.s[p])) {
			*out = p;
			*tip = t;
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

/* One pull's evidence: the commit whose committer says who keeps its
 * key, and that person once known. */
struct tip_ev {
	uint32_t key;
	uint32_t tip;		/* HIST_NONE: no evidence */
	uint32_t person;	/* HIST_NONE: to be read */
};

int
keepers_service_ident(const char *ident)
{
	const char *lt = strrchr(ident, '<'), *at, *name_end;
	static const char *const locals[] = {
		"noreply", "no-reply", "no_reply", "donotreply",
		"do-not-reply",
	};

	if (!lt || !(at = strchr(lt, '@')))
		return 0;
	/* A bot's account ("dependabot[bot] <...>"). */
	for (name_end = lt; name_end > ident && name_end[-1] == ' ';
	     name_end--)
		;
	if (name_end - ident >= 5 && !memcmp(name_end - 5, "[bot]", 5))
		return 1;
	/* A forge's own address ("GitHub <noreply@github.com>"); not a
	 * person's private one ("1234+name@users.noreply.github.com"). */
	for (size_t k = 0; k < ARRAY_SIZE(locals); k++)
		if ((size_t)(at - lt - 1) == strlen(locals[k]) &&
		    !strncasecmp(lt + 1, locals[k], at - lt - 1))
			return 1;
	return 0;
}

/* The owners a person's tips went to, counted once each. */
struct owner_seen {
	uint32_t person;
	const char *host, *owner;
	size_t owner_len;
};

static int
cmp_owner_seen(const void *pa, const void *pb)
{
	const struct owner_seen *a = pa, *b = pb;
	int c;

	if (a->person != b->person)
		return a->person < b->person ? -1 : 1;
	if ((c = strcmp(a->host, b->host)))
		return c;
	if (a->owner_len != b->owner_len)
		return a->owner_len < b->owner_len ? -1 : 1;
	return memcmp(a->owner, b->owner, a->owner_len);
}

/*
 * The people who are a service, not a keeper: by their address (a
 * forge's noreply, a bot's account), or by the evidence: one committer
 * of the tips of repositories of SERVICE_OWNERS owners or more on a
 * forge (a web page's merges and edits, GitHub's "GitHub
 * <noreply@github.com>", committed in everyone's fork).  Per person,
 * in a new array of tt->people.nr.
 */
#define SERVICE_OWNERS 3

static uint8_t *
service_people(const struct tree_table *tt, const struct tip_ev *ev,
	       size_t n)
{
	uint8_t *svc = xcalloc(tt->people.nr ? tt->people.nr : 1, 1);
	struct owner_seen *os = xmalloc((n ? n : 1) * sizeof(*os));
	size_t m = 0;

	for (uint32_t p = 0; p < tt->people.nr; p++)
		svc[p] = keepers_service_ident(tt->people.s[p]);
	for (size_t k = 0; k < n; k++) {
		const struct tree_key *key = &tt->k[ev[k].key];
		const char *slash;

		if (ev[k].person == HIST_NONE || !url_forge_host(key->host))
			continue;
		slash = strchr(key->path, '/');
		os[m++] = (struct owner_seen){ ev[k].person, key->host,
			key->path, slash ? (size_t)(slash - key->path) :
			strlen(key->path) };
	}
	if (m)
		qsort(os, m, sizeof(*os), cmp_owner_seen);
	for (size_t lo = 0, hi; lo < m; lo = hi) {
		uint32_t owners = 1;

		for (hi = lo + 1; hi < m && os[hi].person == os[lo].person;
		     hi++)
			owners += cmp_owner_seen(&os[hi - 1], &os[hi]) != 0;
		if (owners >= SERVICE_OWNERS)
			svc[os[lo].person] = 1;
	}
	free(os);
	return svc;
}

/* Read field of the tips of ev whose person is HIST_NONE (want 0), or
 * a service (want 1, svc), and set their person from it. */
static int
read_people(struct tree_table *tt, const struct history *h, struct tip_ev *ev,
	    size_t n, const struct keeper_source *src, const uint8_t *svc)
{
	uint32_t *reads = xmalloc((n ? n : 1) * sizeof(*reads));
	size_t nreads = 0;
	struct commit_batch b;

	for (size_t k = 0; k < n; k++)
		if (ev[k].tip != HIST_NONE &&
		    (svc ? ev[k].person != HIST_NONE && svc[ev[k].person] :
		     ev[k].person == HIST_NONE))
			reads[nreads++] = ev[k].tip;
	if (!nreads || !src || !src->r) {
		free(reads);
		return 0;
	}
	if (commit_batch_read_jobs(&b, src->r, h, reads, nreads,
				   svc ? CF_AUTHOR : CF_COMMITTER,
				   src->jobs) < 0) {
		free(reads);
		return -1;
	}
	for (size_t k = 0; k < n; k++) {
		const struct commit_info *ci;

		if (ev[k].tip == HIST_NONE ||
		    (svc ? ev[k].person == HIST_NONE || !svc[ev[k].person] :
		     ev[k].person != HIST_NONE))
			continue;
		ci = commit_batch_get(&b, ev[k].tip);
		if (svc) {
			uint32_t p = evidence_person(tt, ci->author,
						     strlen(ci->author));

			/* A bot's own commit: no one's evidence. */
			ev[k].person = keepers_service_ident(tt->people.s[p]) ?
				       HIST_NONE : p;
			if (ev[k].person == HIST_NONE)
				ev[k].tip = HIST_NONE;
			continue;
		}
		ev[k].person = evidence_person(tt, ci->committer,
					       ci->committer_len);
		/* A merge of the mainline's maintainers outside the range
		 * (the walk kept no record of it) is not looked behind: no
		 * evidence. */
		if (is_mainline_person(tt, ev[k].person) &&
		    h->npar[ev[k].tip] >= 2 &&
		    !keepers_service_ident(tt->people.s[ev[k].person]))
			ev[k].tip = HIST_NONE;
	}
	commit_batch_release(&b);
	free(reads);
	return 0;
}

int
keepers_gather(struct tree_table *tt, const struct history *h,
	       const struct keeper_pull *pulls, size_t n,
	       const struct keeper_source *src)
{
	const struct mailmap *mm = src ? src->mailmap : NULL;
	uint8_t *on = history_first_parent_marks(h), *svc = NULL;
	struct tip_ev *ev = xmalloc((n ? n : 1) * sizeof(*ev));
	uint32_t svc_nr;
	int ret = 0;

	mainline_people(tt, h, on, mm);
	for (size_t k = 0; k < n; k++) {
		uint32_t np, who, tip = HIST_NONE;
		const uint32_t *par = history_parents(h, pulls[k].merge, &np);

		ev[k] = (struct tip_ev){ pulls[k].key, HIST_NONE, HIST_NONE };
		if (np < 2)
			continue;
		switch (resolve(tt, h, on, mm, par[1], &who, &tip)) {
		case TIP_PERSON:
			ev[k].person = who;
			ev[k].tip = tip;
			break;
		case TIP_READ:
			ev[k].tip = who;
			break;
		case TIP_NONE:
			break;
		}
	}
	if (read_people(tt, h, ev, n, src, NULL) < 0) {
		ret = -1;
		goto out;
	}
	/* Where the committer is a service, the tip's author speaks for
	 * the tree: read the authors of those tips. */
	svc = service_people(tt, ev, n);
	svc_nr = tt->people.nr;
	if (read_people(tt, h, ev, n, src, svc) < 0) {
		ret = -1;
		goto out;
	}
	for (size_t k = 0; k < n; k++)
		if (ev[k].tip != HIST_NONE && ev[k].person != HIST_NONE &&
		    (ev[k].person >= svc_nr || !svc[ev[k].person]))
			evidence_add(tt, ev[k].key, ev[k].person);
out:
	free(svc);
	free(ev);
	free(on);
	return ret;
}
