/*
 * people.c - --people's figures (people.h says what they count) and the
 * add-on: the report's section, JSON, CSV columns, --compare's figures.
 * The commits are read by review_read.c, the merges' tags through the
 * batch reader (commitread.h's CF_MERGETAG).
 */
#include "addons/people.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "addons/pertree.h"
#include "addons/review.h"
#include "flow/chart.h"
#include "git/commitread.h"
#include "git/odb.h"
#include "git/walk.h"
#include "util/csv.h"
#include "util/json_writer.h"

/* --- the commits' figures ---------------------------------------------- */

/* A group's commits until its figures are made: each one's committer. */
struct group {
	uint32_t commits, self, self_unreviewed;
	uint32_t *who;
	size_t nr, alloc;
};

static void
group_add(void *group, const void *marks, uint32_t c)
{
	struct group *g = group;
	const struct review_marks *m = marks;
	uint8_t fl = m->flags[c];

	g->commits++;
	if (fl & REVIEW_SELF) {
		g->self++;
		g->self_unreviewed += !(fl & REVIEW_REVIEWED);
	}
	if (m->committer[c] == HIST_NONE)
		return;
	ALLOC_GROW(g->who, g->nr + 1, g->alloc);
	g->who[g->nr++] = m->committer[c];
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* qsort has no context: the names the committers are ordered by. */
static char *const *sort_names;

/* The most commits first, then by name, then by number. */
static int
cmp_committer(const void *pa, const void *pb)
{
	const struct people_committer *a = pa, *b = pb;
	int c;

	if (a->commits != b->commits)
		return a->commits > b->commits ? -1 : 1;
	c = strcmp(sort_names[a->person], sort_names[b->person]);
	return c ? c : (a->person > b->person) - (a->person < b->person);
}

static void
group_finish(void *group, const void *marks, void *stats)
{
	struct group *g = group;
	const struct review_marks *m = marks;
	struct people_stats *out = stats;
	struct people_committer *runs;
	uint32_t nr = 0;
	uint64_t sum = 0;

	memset(out, 0, sizeof(*out));
	out->commits = g->commits;
	out->self = g->self;
	out->self_unreviewed = g->self_unreviewed;
	runs = xmalloc((g->nr ? g->nr : 1) * sizeof(*runs));
	if (g->nr)
		qsort(g->who, g->nr, sizeof(*g->who), cmp_u32);
	for (size_t k = 0; k < g->nr;) {
		runs[nr] = (struct people_committer){ g->who[k], 0 };
		for (; k < g->nr && g->who[k] == runs[nr].person; k++)
			runs[nr].commits++;
		nr++;
	}
	sort_names = m->people;
	if (nr)
		qsort(runs, nr, sizeof(*runs), cmp_committer);
	out->committers = nr;
	/* The fewest holding half: the biggest first, until 2 x theirs
	 * reaches the commits that have a committer. */
	for (uint32_t k = 0; k < nr && sum * 2 < g->nr; k++) {
		sum += runs[k].commits;
		out->committers_for_half = k + 1;
	}
	out->top_nr = nr < PEOPLE_TOP ? nr : PEOPLE_TOP;
	memcpy(out->top, runs, out->top_nr * sizeof(*runs));
	free(runs);
	free(g->who);
	memset(g, 0, sizeof(*g));
}

void
people_summarise(const struct review_marks *m, const struct chart *c,
		 struct people *out)
{
	struct pertree_sum how = { sizeof(struct group),
		sizeof(struct people_stats), group_add, group_finish, m };

	PERTREE_SUM_INTO(c, &how, out);
}

void
people_release(struct people *p)
{
	free(p->tree);
	free(p->depth);
	free(p->pulls);
	free(p->newcomers);
	memset(p, 0, sizeof(*p));
}

/* --- the pulls' tags ---------------------------------------------------- */

/* The tags of the merges, per history index (MERGETAG_* and the tagger
 * date): read for the merges that pulled into the mainline. */
struct tags {
	uint8_t *kind;
	int64_t *date;
};

static void
tags_release(struct tags *t)
{
	free(t->kind);
	free(t->date);
	memset(t, 0, sizeof(*t));
}

/* The n merges of list, read for their tags into t. */
static int
tags_read(struct repo *r, const struct history *h, const uint32_t *list,
	  uint32_t n, struct tags *t)
{
	struct commit_batch b;

	t->kind = xcalloc(h->nr ? h->nr : 1, sizeof(*t->kind));
	t->date = xcalloc(h->nr ? h->nr : 1, sizeof(*t->date));
	if (commit_batch_read(&b, r, h, list, n, CF_MERGETAG) < 0) {
		tags_release(t);
		return -1;
	}
	for (uint32_t k = 0; k < n; k++) {
		const struct commit_info *ci = commit_batch_get(&b, list[k]);

		t->kind[list[k]] = (uint8_t)ci->mergetag;
		t->date[list[k]] = ci->tagger_time;
	}
	commit_batch_release(&b);
	return 0;
}

/* The committer date of the range's start: when the window opened. */
static int
window_read(struct repo *r, const struct range *rg, struct people *p)
{
	struct commit_info ci;
	struct odb *o;
	char hex[OID_HEXSZ + 1];
	int ret;

	if (!rg || !rg->has_from)
		return 0;
	if (odb_open(&o, r) < 0)
		return -1;
	ret = commit_info_read(o, NULL, &rg->from, CF_TIME, &ci);
	odb_free(o);
	if (ret) {
		oid_to_hex(&rg->from, hex);
		return error("cannot read commit %s", hex);
	}
	p->has_window = 1;
	p->window = ci.time;
	commit_info_release(&ci);
	return 0;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * The pulls into the mainline made by the merges of h's first-parent
 * line, in its order (oldest first; an octopus's in the attribution's),
 * each with the flow tree it counts for (pertree.h's way: a feeder
 * folded by --top is the fold's).
 */
static uint32_t
line_pulls(const struct history *h, const struct chart *c,
	   struct people_pull **out)
{
	const struct attribution *a = &c->a;
	uint32_t n, *line = history_first_parent_line(h, &n), nr = 0;
	uint32_t *at = xmalloc((h->nr ? h->nr : 1) * sizeof(*at));
	uint64_t *key = xmalloc((a->pulls_nr ? a->pulls_nr : 1) *
				sizeof(*key));
	struct people_pull *v;
	struct pertree pt;

	for (uint32_t i = 0; i < h->nr; i++)
		at[i] = HIST_NONE;
	for (uint32_t k = 0; k < n; k++)
		at[line[k]] = k;
	/* Each pull by its place on the line, then its own number. */
	for (uint32_t k = 0; k < a->pulls_nr; k++) {
		const struct pull *pl = &a->pulls[k];

		if (pl->to == TREE_MAINLINE && at[pl->merge] != HIST_NONE)
			key[nr++] = (uint64_t)at[pl->merge] << 32 | k;
	}
	if (nr)
		qsort(key, nr, sizeof(*key), cmp_u64);
	v = xcalloc(nr ? nr : 1, sizeof(*v));
	pertree_init(&pt, &c->f, c->tt.nr);
	for (uint32_t x = 0; x < nr; x++) {
		const struct pull *pl = &a->pulls[(uint32_t)key[x]];
		uint32_t i = pl->from < c->tt.nr ? pt.index[pl->from] :
			     HIST_NONE;

		if (pt.fold != HIST_NONE && (i == HIST_NONE || !pt.feeds[i]))
			i = pt.fold;
		v[x] = (struct people_pull){ .merge = pl->merge, .tree = i,
					     .id = pl->from,
					     .first = pl->first,
					     .commits = pl->commits };
	}
	pertree_release(&pt);
	free(key);
	free(at);
	free(line);
	*out = v;
	return nr;
}

/* A dated pull's wait, and the group it counts for (UINT32_MAX: the
 * range's). */
struct wait {
	uint32_t group;
	int64_t wait;
};

static int
cmp_wait(const void *pa, const void *pb)
{
	const struct wait *a = pa, *b = pb;

	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	return (a->wait > b->wait) - (a->wait < b->wait);
}

static struct people_stats *
group_of(struct people *p, uint32_t g)
{
	return g == UINT32_MAX ? &p->all : &p->tree[g];
}

/* Pull x counted for stats s. */
static void
count_pull(struct people_stats *s, const struct people_pull *x)
{
	s->tagged += x->mergetag != MERGETAG_NONE;
	s->untagged += x->mergetag == MERGETAG_NONE;
	s->undated += x->mergetag == MERGETAG_UNDATED;
	s->late += x->late;
}

/* The newest committer date of the commits pull x brought. */
static int64_t
newest(const struct history *h, const struct attribution *a,
       const struct people_pull *x)
{
	int64_t t = INT64_MIN;

	for (uint32_t k = x->first; k < x->first + x->commits &&
	     k < a->order_nr; k++)
		if (h->committer_date[a->order[k]] > t)
			t = h->committer_date[a->order[k]];
	return t;
}

/* The tags of p's pulls (t's, per history index) dated, then counted
 * per flow tree and over the range, with the lower median of the waits;
 * a tree's first pull (ntrees: the tree ids' bound) may be late. */
static void
pulls_count(const struct history *h, const struct attribution *a,
	    uint32_t ntrees, const struct tags *t, struct people *p)
{
	uint8_t *seen = xcalloc(ntrees ? ntrees : 1, 1);
	struct wait *w = xmalloc((p->pulls_nr ? p->pulls_nr : 1) * 2 *
				 sizeof(*w));
	uint32_t wn = 0;

	for (uint32_t k = 0; k < p->pulls_nr; k++) {
		struct people_pull *x = &p->pulls[k];
		uint32_t tree = x->tree < p->trees_nr ? x->tree : HIST_NONE;
		int first = x->id < ntrees && !seen[x->id];
		int32_t tz;

		if (x->id < ntrees)
			seen[x->id] = 1;
		x->mergetag = t->kind[x->merge];
		if (x->mergetag == MERGETAG_DATED) {
			int64_t n = h->committer_date ? newest(h, a, x) :
				    INT64_MIN;

			x->tagged = t->date[x->merge];
			x->wait = history_merge_time(h, x->merge, &tz) -
				  x->tagged;
			x->prep = n == INT64_MIN ? 0 : x->tagged - n;
			x->late = first && p->has_window &&
				  x->tagged > p->window;
			w[wn++] = (struct wait){ UINT32_MAX, x->wait };
			if (tree != HIST_NONE)
				w[wn++] = (struct wait){ tree, x->wait };
		}
		count_pull(&p->all, x);
		if (tree != HIST_NONE && tree)
			count_pull(&p->tree[tree], x);
	}
	if (wn)
		qsort(w, wn, sizeof(*w), cmp_wait);
	for (uint32_t k = 0; k < wn;) {
		uint32_t end = k;

		while (end < wn && w[end].group == w[k].group)
			end++;
		group_of(p, w[k].group)->waits = end - k;
		group_of(p, w[k].group)->tag_wait_median =
			w[k + (end - k - 1) / 2].wait;
		k = end;
	}
	/* The mainline's figures are the range's. */
	if (p->trees_nr) {
		struct people_stats *s = &p->tree[0];

		s->tagged = p->all.tagged;
		s->untagged = p->all.untagged;
		s->undated = p->all.undated;
		s->late = p->all.late;
		s->waits = p->all.waits;
		s->tag_wait_median = p->all.tag_wait_median;
	}
	free(w);
	free(seen);
}

/* The pulls of c's first-parent line, their tags read, counted into p
 * (rg: the range, whose start opens the window; NULL: none). */
static int
pulls_gather(struct repo *r, const struct history *h, const struct chart *c,
	     const struct range *rg, struct people *p)
{
	uint32_t *list;
	struct tags t;
	int ret;

	p->pulls_nr = line_pulls(h, c, &p->pulls);
	list = xmalloc((p->pulls_nr ? p->pulls_nr : 1) * sizeof(*list));
	for (uint32_t k = 0; k < p->pulls_nr; k++)
		list[k] = p->pulls[k].merge;
	ret = tags_read(r, h, list, p->pulls_nr, &t);
	free(list);
	if (ret < 0)
		return -1;
	if (window_read(r, rg, p) < 0) {
		tags_release(&t);
		return -1;
	}
	pulls_count(h, &c->a, c->tt.nr, &t, p);
	tags_release(&t);
	return 0;
}

/* --- the newcomers ---------------------------------------------------- */

/* The keys of the authors before the range into known: its start's
 * history, as the walk loaded it, else walked here (a range without a
 * start has none). */
static int
authors_before(const struct extra_input *in, struct interner *known)
{
	struct range prior;
	struct history h;
	int ret;

	if (!in->rg || !in->rg->has_from)
		return 0;
	if (in->h->start_whole)
		return review_read_authors(in->r, in->h, HIST_HIDDEN,
					   in->jobs, known);
	memset(&prior, 0, sizeof(prior));
	prior.to = in->rg->from;
	prior.to_name = in->rg->from_name;
	memset(&h, 0, sizeof(h));
	if (walk_range(in->r, &prior, 0, in->jobs, &h) < 0) {
		history_release(&h);
		return -1;
	}
	ret = review_read_authors(in->r, &h, HIST_IN_RANGE, in->jobs, known);
	history_release(&h);
	return ret;
}

/* Whether key (a NUL-ended buffer, or empty) was known before: of the
 * first `before` numbers. */
static int
known_key(struct interner *known, const struct buf *key, uint32_t before)
{
	return key->len && str_intern(known, key->data) < before;
}

static int
cmp_newcomer(const void *pa, const void *pb)
{
	const struct people_newcomer *a = pa, *b = pb;
	int c = strcmp(sort_names[a->person], sort_names[b->person]);

	return c ? c : (a->person > b->person) - (a->person < b->person);
}

/* Each author's oldest commit of the range (author date, then the
 * attribution's order), per person number. */
static uint32_t *
first_commits(const struct review_marks *m, const struct chart *c,
	      const struct history *h)
{
	const struct attribution *a = &c->a;
	uint32_t *first = xmalloc((m->people_nr ? m->people_nr : 1) *
				  sizeof(*first));

	for (uint32_t p = 0; p < m->people_nr; p++)
		first[p] = HIST_NONE;
	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t cm = a->order[k], p = m->author[cm];

		if (p == HIST_NONE)
			continue;
		if (first[p] == HIST_NONE || (h->author_date &&
		    h->author_date[cm] < h->author_date[first[p]]))
			first[p] = cm;
	}
	return first;
}

static int
newcomers_gather(const struct extra_input *in, const struct review_marks *m,
		 struct people *p)
{
	const struct attribution *a = &in->c->a;
	struct interner known = INTERNER_INIT;
	struct buf mail = BUF_INIT, name = BUF_INIT;
	struct pertree pt;
	uint32_t before, *first;

	if (authors_before(in, &known) < 0) {
		interner_release(&known);
		return -1;
	}
	before = known.nr;
	first = first_commits(m, in->c, in->h);
	p->newcomers = xmalloc((m->people_nr ? m->people_nr : 1) *
			       sizeof(*p->newcomers));
	pertree_init(&pt, &in->c->f, in->c->tt.nr);
	for (uint32_t q = 0; q < m->people_nr; q++) {
		uint32_t cm = first[q], n, tree = 0;
		int seen;

		if (cm == HIST_NONE)
			continue;
		buf_release(&mail);
		buf_release(&name);
		review_person_keys(m->people[q], &mail, &name);
		seen = known_key(&known, &mail, before) |
		       known_key(&known, &name, before);
		if (seen)
			continue;
		n = pertree_of(&pt, &a->paths, a->path_of[cm], cm);
		if (n)
			tree = pt.via[0];
		p->newcomers[p->newcomers_nr++] =
			(struct people_newcomer){ q, cm, tree };
		if (tree && tree < p->trees_nr)
			p->tree[tree].newcomers++;
	}
	pertree_release(&pt);
	sort_names = m->people;
	if (p->newcomers_nr)
		qsort(p->newcomers, p->newcomers_nr, sizeof(*p->newcomers),
		      cmp_newcomer);
	p->all.newcomers = p->newcomers_nr;
	if (p->trees_nr)
		p->tree[0].newcomers = p->newcomers_nr;
	p->has_newcomers = 1;
	buf_release(&mail);
	buf_release(&name);
	interner_release(&known);
	free(first);
	return 0;
}

/* --- the add-on ------------------------------------------------------- */

struct people_state {
	struct review_marks marks;
	struct people p;
};

static int
people_gather(const struct extra_input *in, int arg, void **state)
{
	struct people_state *st = xcalloc(1, sizeof(*st));

	(void)arg;
	if (review_read(in->r, in->h, in->c->a.order, in->c->a.order_nr,
			in->jobs, &st->marks) < 0) {
		free(st);
		return -1;
	}
	people_summarise(&st->marks, in->c, &st->p);
	if (pulls_gather(in->r, in->h, in->c, in->rg, &st->p) < 0 ||
	    newcomers_gather(in, &st->marks, &st->p) < 0) {
		people_release(&st->p);
		review_marks_release(&st->marks);
		free(st);
		return -1;
	}
	*state = st;
	return 1;
}

static void
people_free(void *state)
{
	struct people_state *st = state;

	review_marks_release(&st->marks);
	people_release(&st->p);
	free(st);
}

static const struct people_stats *
tree_stats(const struct people_state *st, uint32_t i)
{
	return i < st->p.trees_nr ? &st->p.tree[i] : NULL;
}

/* --- text --- */

/* Seconds as hours to a tenth, halves away from zero: "7.1h", "-0.5h". */
static void
hours_text(struct buf *out, int width, int64_t s)
{
	char num[40];
	uint64_t a = s < 0 ? -(uint64_t)s : (uint64_t)s;
	uint64_t tenths = (a + 180) / 360;

	snprintf(num, sizeof(num), "%s%llu.%lluh", s < 0 && tenths ? "-" : "",
		 (unsigned long long)(tenths / 10),
		 (unsigned long long)(tenths % 10));
	buf_printf(out, "%*s", width, num);
}

static void
text_row(struct buf *out, int width, const struct people_stats *s,
	 int pulls)
{
	char num[32];
	uint32_t t = review_tenths(s->self, s->commits);

	snprintf(num, sizeof(num), "%u.%u%%", t / 10, t % 10);
	buf_printf(out, "  %*u  %6s %5u %5u  %5u %5u", width, s->commits,
		   num, s->self, s->self_unreviewed, s->committers,
		   s->committers_for_half);
	if (!pulls) {
		/* Under the newcomers' and the pulls' columns: nothing. */
		buf_printf(out, "%43s", "");
		return;
	}
	buf_printf(out, "  %5u", s->newcomers);
	buf_printf(out, "  %6u %8u %5u  ", s->tagged, s->untagged, s->late);
	if (s->waits)
		hours_text(out, 9, s->tag_wait_median);
	else
		buf_printf(out, "%9s", "-");
	buf_puts(out, "  ");
}

/* The newcomers, NEWCOMERS_SHOWN of them at most: the JSON has all. */
#define NEWCOMERS_SHOWN 20

static void
text_newcomers(struct buf *out, const struct people_state *st,
	       const struct flow *f)
{
	const struct people *p = &st->p;
	uint32_t n = p->newcomers_nr;

	buf_printf(out, "  Newcomers (first commit in the range; the tree "
		   "that brought it)\n");
	for (uint32_t k = 0; k < n && k < NEWCOMERS_SHOWN; k++) {
		const struct people_newcomer *x = &p->newcomers[k];

		buf_puts(out, "  ");
		report_name(out, st->marks.people[x->person]);
		buf_puts(out, "  (");
		report_name(out, x->tree < f->trees_nr ?
			    f->trees[x->tree].name : "?");
		buf_puts(out, ")\n");
	}
	if (n > NEWCOMERS_SHOWN)
		buf_printf(out, "  and %u more\n", n - NEWCOMERS_SHOWN);
	if (!n)
		buf_puts(out, "  none\n");
}

static void
people_text(const void *state, const struct flow *f, int width,
	    struct buf *out)
{
	const struct people_state *st = state;
	const struct people *p = &st->p;
	int w = width > 7 ? width : 7;

	buf_puts(out, "\nPeople, after the .mailmap: self-commits (author is "
		 "committer), committers, tagged pulls\n");
	/* Two lines of headings, a group's over its columns, so that the
	 * columns are as narrow as their figures. */
	buf_printf(out, "  %*s  %18s  %11s  %5s  %21s  %9s\n", w, "",
		   "self-committed", "committers", "", "pulls", "median");
	buf_printf(out, "  %*s  %6s %5s %5s  %5s %5s  %5s  %6s %8s %5s  "
		   "%9s\n", w, "commits", "share", "all", "unrev", "all",
		   "half", "new", "tagged", "untagged", "late", "tag wait");
	text_row(out, w, &p->all, 1);
	buf_puts(out, "all commits\n");
	for (uint32_t d = 0; d < p->depth_nr; d++) {
		text_row(out, w, &p->depth[d], 0);
		if (d)
			buf_printf(out, "depth %u\n", d);
		else
			buf_puts(out, "depth 0: direct\n");
	}
	for (uint32_t i = 1; i < p->trees_nr && i < f->trees_nr; i++) {
		text_row(out, w, &p->tree[i], 1);
		report_name(out, f->trees[i].name);
		buf_addc(out, '\n');
	}
	buf_puts(out, "  Committers (their commits)\n");
	for (uint32_t k = 0; k < p->all.top_nr; k++) {
		buf_printf(out, "  %7u  ", p->all.top[k].commits);
		report_name(out, st->marks.people[p->all.top[k].person]);
		buf_addc(out, '\n');
	}
	if (!p->all.top_nr)
		buf_puts(out, "  none\n");
	text_newcomers(out, st, f);
	if (p->all.undated)
		buf_printf(out, "  %u tag%s without a tagger date\n",
			   p->all.undated, report_plural(p->all.undated));
	if (!p->has_window && p->all.tagged)
		buf_puts(out, "  no late tags: the range has no start\n");
}

/* --- JSON --- */

static void
stats_json(struct json *j, const struct people_stats *s, char *const *names,
	   int pulls)
{
	json_open(j, "people_figures", '{');
	json_uint(j, "commits", s->commits);
	json_uint(j, "self", s->self);
	json_uint(j, "self_unreviewed", s->self_unreviewed);
	json_uint(j, "committers", s->committers);
	json_uint(j, "committers_for_half", s->committers_for_half);
	if (names) {
		json_open(j, "top_committers", '[');
		for (uint32_t k = 0; k < s->top_nr; k++) {
			json_open(j, NULL, '{');
			json_str(j, "name", names[s->top[k].person]);
			json_uint(j, "commits", s->top[k].commits);
			json_close(j, '}');
		}
		json_close(j, ']');
	}
	if (pulls == 2)
		json_uint(j, "newcomers", s->newcomers);
	if (pulls) {
		json_uint(j, "tagged_pulls", s->tagged);
		json_uint(j, "untagged_pulls", s->untagged);
		json_uint(j, "undated_tags", s->undated);
		json_uint(j, "late_tags", s->late);
		if (s->waits)
			json_int(j, "tag_wait_median", s->tag_wait_median);
		else
			json_str(j, "tag_wait_median", NULL);
	}
	json_close(j, '}');
}

static void
people_json(const void *state, const struct flow *f, struct json *j)
{
	const struct people_state *st = state;

	stats_json(j, &st->p.all, st->marks.people, 2);
	json_open(j, "people_newcomers", '[');
	for (uint32_t k = 0; k < st->p.newcomers_nr; k++) {
		const struct people_newcomer *x = &st->p.newcomers[k];

		json_open(j, NULL, '{');
		json_str(j, "name", st->marks.people[x->person]);
		json_str(j, "tree", x->tree < f->trees_nr ?
			 f->trees[x->tree].name : NULL);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "people_by_depth", '[');
	for (uint32_t d = 0; d < st->p.depth_nr; d++) {
		json_open(j, NULL, '{');
		json_uint(j, "depth", d);
		stats_json(j, &st->p.depth[d], st->marks.people, 0);
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void
people_json_tree(const void *state, const struct flow *f, uint32_t i,
		 struct json *j)
{
	const struct people_state *st = state;
	const struct people_stats *s = tree_stats(st, i);

	(void)f;
	if (s)
		stats_json(j, s, st->marks.people, 2);
}

/* --- the chart's tooltips --- */

static void
people_node_tip(const void *state, const struct flow *f, uint32_t i,
		const struct extra_tip *tip)
{
	const struct people_stats *s = tree_stats(state, i);
	uint32_t t;

	(void)f;
	if (!s || !s->commits)
		return;
	t = review_tenths(s->self, s->commits);
	buf_printf(tip->out, "%speople: %u.%u%% self-committed (%u "
		   "unreviewed), %u committer%s, %u holding half, %u "
		   "newcomer%s", tip->newline, t / 10, t % 10,
		   s->self_unreviewed, s->committers,
		   report_plural(s->committers), s->committers_for_half,
		   s->newcomers, report_plural(s->newcomers));
	if (!s->tagged && !s->untagged)
		return;
	buf_printf(tip->out, "; %u of %u pull%s tagged", s->tagged,
		   s->tagged + s->untagged,
		   report_plural(s->tagged + s->untagged));
	if (s->waits) {
		buf_puts(tip->out, ", median wait ");
		hours_text(tip->out, 0, s->tag_wait_median);
	}
}

/* --- CSV --- */

static const struct extra_figure people_tree_figures[] = {
	EXTRA_CSV("self", EXTRA_COUNT),
	EXTRA_CSV("self_unreviewed", EXTRA_COUNT),
	EXTRA_CSV("committers", EXTRA_COUNT),
	EXTRA_CSV("committers_for_half", EXTRA_COUNT),
	EXTRA_CSV("newcomers", EXTRA_COUNT),
	EXTRA_CSV("tagged_pulls", EXTRA_COUNT),
	EXTRA_CSV("untagged_pulls", EXTRA_COUNT),
	EXTRA_CSV("late_tags", EXTRA_COUNT),
	EXTRA_CSV("tag_wait_median", EXTRA_SECONDS),
};

static int
people_tree_figure(const void *state, const struct flow *f, uint32_t i,
		   size_t k, int64_t *v)
{
	const struct people_stats *s = tree_stats(state, i);
	static const struct people_stats none;

	(void)f;
	if (!s)
		s = &none;
	if (k == 8) {
		*v = s->tag_wait_median;
		return s->waits > 0;
	}
	*v = (int64_t[]){ s->self, s->self_unreviewed, s->committers,
			  s->committers_for_half, s->newcomers, s->tagged,
			  s->untagged, s->late }[k];
	return 1;
}

/* --- --compare: a range's figures ------------------------------------- */

/* What the ranges share: the union's commits read, and its merges' tags. */
struct people_shared {
	struct review_marks marks;
	struct tags tags;
};

static int
people_compare_begin(const struct extra_compare *in, int arg, void **shared)
{
	struct people_shared *sh = xcalloc(1, sizeof(*sh));
	const struct history *h = in->h;
	uint32_t *list = xmalloc((h->nr ? h->nr : 1) * sizeof(*list)), n = 0;
	int ret;

	(void)arg;
	/* Every merge a range's first-parent line may hold. */
	for (uint32_t i = 0; i < h->nr; i++)
		if ((h->flags[i] & HIST_IN_RANGE) && history_is_merge(h, i) &&
		    (!in->selected || in->selected[i]))
			list[n++] = i;
	ret = tags_read(in->r, h, list, n, &sh->tags);
	free(list);
	if (ret < 0 || review_read_range(in->r, h, in->selected, in->jobs,
					 &sh->marks) < 0) {
		if (!ret)
			tags_release(&sh->tags);
		free(sh);
		return -1;
	}
	*shared = sh;
	return 0;
}

static void
people_compare_end(void *shared)
{
	struct people_shared *sh = shared;

	review_marks_release(&sh->marks);
	tags_release(&sh->tags);
	free(sh);
}

static int
people_range_gather(const void *shared, const struct history *view,
		    const struct chart *c, void **state)
{
	const struct people_shared *sh = shared;
	struct people *p = xmalloc(sizeof(*p));

	people_summarise(&sh->marks, c, p);
	p->pulls_nr = line_pulls(view, c, &p->pulls);
	pulls_count(view, &c->a, c->tt.nr, &sh->tags, p);
	*state = p;
	return 0;
}

static void
people_range_release(void *state)
{
	people_release(state);
	free(state);
}

/* In the JSON the range's counts as stats_json writes them (without
 * names and newcomers), then the rows: the self-committed share, the
 * median tag wait (in the JSON too). */
#define PEOPLE_COUNT(name) EXTRA_MEMBER(name, EXTRA_COUNT, "people_figures")
static const struct extra_figure people_figures[] = {
	PEOPLE_COUNT("commits"),
	PEOPLE_COUNT("self"),
	PEOPLE_COUNT("self_unreviewed"),
	PEOPLE_COUNT("committers"),
	PEOPLE_COUNT("committers_for_half"),
	PEOPLE_COUNT("tagged_pulls"),
	PEOPLE_COUNT("untagged_pulls"),
	PEOPLE_COUNT("undated_tags"),
	PEOPLE_COUNT("late_tags"),
	EXTRA_ROW("self-committed share", "self_share", EXTRA_TENTHS,
		  "Self-committed share: commits whose author is their "
		  "committer", "% of the commits"),
	EXTRA_ROW_JSON("median tag wait", "tag_wait_median", EXTRA_SECONDS,
		       "Median tag wait: from the pulled tag's date to its "
		       "merge", "days", EXTRA_NULL, "people_figures", NULL),
};

static int
people_range_figure(const void *state, const struct flow *f, size_t i,
		    int64_t *v)
{
	const struct people_stats *s = &((const struct people *)state)->all;
	const uint32_t count[] = {
		s->commits, s->self, s->self_unreviewed, s->committers,
		s->committers_for_half, s->tagged, s->untagged, s->undated,
		s->late,
	};

	(void)f;
	if (i < ARRAY_SIZE(count)) {
		*v = count[i];
		return 1;
	}
	if (i == ARRAY_SIZE(count)) {
		*v = review_tenths(s->self, s->commits);
		return s->commits > 0;
	}
	*v = s->tag_wait_median;
	return s->waits > 0;
}

static const struct opt people_options[] = {
	{ .name = "people", .modes = MODE_REPORT | MODE_COMPARE,
	  .kind = OPT_SET, .value = 1,
	  .help = "self-commits, committers and the fewest holding half,\n"
		  "newcomers, tagged pulls' waits (per tree, depth)" },
};

const struct extra people_extra = {
	.name = "people",
	.options = people_options,
	.options_nr = ARRAY_SIZE(people_options),
	.walk = HISTORY_DATES,		/* tag_prep: the commits' dates */
	.gather = people_gather,
	.release = people_free,
	.text = people_text,
	.json = people_json,
	.json_tree = people_json_tree,
	.tree_figures = people_tree_figures,
	.tree_figures_nr = ARRAY_SIZE(people_tree_figures),
	.tree_figure = people_tree_figure,
	.node_tip = people_node_tip,
	.compare_begin = people_compare_begin,
	.compare_end = people_compare_end,
	.range_gather = people_range_gather,
	.range_release = people_range_release,
	.range_figure = people_range_figure,
	.figures = people_figures,
	.figures_nr = ARRAY_SIZE(people_figures),
};
