/*
 * fixes.c - where the bugs came from (--fixes, fixes.h).
 *
 * gather reads the range's messages once, resolves every distinct id
 * as written once (objname_resolve), then, when some id led to a
 * commit, places the targets in the whole history to the range's end
 * (one walk and one chart, place_targets) and sums the pairs up.
 */
#include "addons/fixes.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "addons/latency.h"
#include "addons/pertree.h"
#include "addons/review_read.h"
#include "flow/chart.h"
#include "flow/fixes_chart.h"
#include "flow/fixes_parse.h"
#include "flow/phases.h"
#include "git/commit_index.h"
#include "git/commitread.h"
#include "git/objname.h"
#include "git/revision.h"
#include "git/tags.h"
#include "git/walk.h"
#include "util/csv.h"
#include "util/escape.h"
#include "util/hash.h"
#include "util/json_writer.h"

#define NONE UINT32_MAX
/* The matrix's cells the text report lists. */
#define FIXES_TOP 10

/* A target: an id as written, resolved, and placed. */
struct fix_target {
	uint32_t release;	/* releases' number, or NONE */
	uint32_t tree;		/* names' number of its innermost tree */
	int64_t arrival;	/* committer time of its arrival */
	uint8_t placed;		/* in the history to the range's end */
	uint8_t same_range;	/* arrived in the range */
};

/* A pair: a commit of the range, one target it names. */
struct fix_pair {
	uint32_t fix;		/* history index of the range */
	uint32_t ref;		/* refs.v's */
	uint32_t target;	/* ids' number */
	uint32_t fix_tree;	/* names' number, or NONE */
	int64_t fix_arrival;
	uint8_t has_fix_arrival;
};

struct fix_cell {
	uint32_t origin, fixer;	/* names' numbers */
	uint32_t pairs;
};

struct fix_release_count {
	uint32_t release;	/* releases' number, NONE: none yet */
	uint32_t pairs;
};

/* Pairs grouped by flow tree (struct fixes.carried, brought). */
struct tree_pair {
	uint32_t tree, pair;
};

struct tree_pairs {
	struct tree_pair *v;
	size_t nr, alloc;
	uint32_t *first;	/* trees_nr + 1 */
};

/* Per flow tree: the fixes it carried, the bugs it brought (distinct
 * targets), the pairs naming those, how many of those arrived in the
 * range, their lifetimes. */
struct fix_tree_counts {
	uint32_t carried, brought;
	uint32_t pairs, same_range;
	struct latency_stats life;
	uint32_t name;		/* names' number of the tree's name */
};

/* A lifetime of a pair whose target a flow tree brought. */
struct tree_life {
	uint32_t tree;
	int64_t s;
};

/* A phase after the merge window, its commits split by what they fix
 * (--timeline's phases). */
struct fix_phase {
	const char *name;		/* the phases' (owned by ph) */
	uint32_t regression, older, other;
};

struct fixes {
	const struct history *h;	/* the range's, borrowed */
	uint8_t *stable;		/* per index of h: a Cc of stable@;
					 * NULL in --compare's ranges */
	struct phases ph;
	struct fix_phase *by_phase;
	uint32_t by_phase_nr;
	struct fix_refs refs;
	struct fix_pair *pairs;
	size_t pairs_nr, pairs_alloc;
	struct interner ids;		/* the ids as written */
	struct objname *on;		/* by ids' number: resolved */
	struct fix_target *t;		/* the same: placed */
	struct interner names;		/* tree names */
	char **releases;		/* by number, earliest first */
	uint32_t releases_nr;
	/* the figures */
	uint32_t commits, unresolved, same_range;
	struct latency_stats life;
	struct fix_release_count *by_release;
	uint32_t by_release_nr;
	struct fix_cell *matrix;
	uint32_t matrix_nr;
	struct fix_tree_counts *tree;	/* per flow tree */
	uint32_t trees_nr;
	struct fixes_chart chart;	/* --chart fixes' data */
	/* Per flow tree, its pairs (indexes into pairs): those whose fix
	 * came through it (a commit's first pair only), those whose
	 * target it brought; tree i's are [first[i], first[i + 1]). */
	struct tree_pairs carried, brought;
};

/* --- reading the messages ------------------------------------------ */

/* One commit's message parsed on some thread (commit_each_read). */
struct parsed {
	struct fix_refs refs;
	int stable;		/* a Cc: of a stable address */
};

static void
parse_one(const struct commit_info *ci, void *item, const void *ctx)
{
	struct parsed *p = item;

	(void)ctx;
	fixes_parse(&p->refs, ci->message, ci->message_len);
	buf_release(&p->refs.scratch);
	p->stable = review_cc_stable(ci->trailers);
}

static void
parsed_clear(void *item)
{
	fix_refs_release(&((struct parsed *)item)->refs);
}

/* Commit c's targets as parsed (p) kept as pairs, in order. */
static void
keep_pairs(struct fixes *fx, uint32_t c, const struct parsed *p)
{
	int any = 0;

	if (fx->stable && p->stable)
		fx->stable[c] = 1;
	for (size_t i = 0; i < p->refs.nr; i++) {
		const struct fix_ref *r = &p->refs.v[i];
		const char *id = p->refs.text.data + r->off;

		/* A Fixes value naming no id is --check's business. */
		if (r->kind == FIX_NOID)
			continue;
		any = 1;
		ALLOC_GROW(fx->refs.v, fx->refs.nr + 1, fx->refs.alloc);
		fx->refs.v[fx->refs.nr] = (struct fix_ref){
			.off = (uint32_t)fx->refs.text.len, .len = r->len,
			.kind = r->kind };
		buf_add(&fx->refs.text, id, (size_t)r->len + 1);
		ALLOC_GROW(fx->pairs, fx->pairs_nr + 1, fx->pairs_alloc);
		fx->pairs[fx->pairs_nr++] = (struct fix_pair){
			c, (uint32_t)fx->refs.nr++,
			str_intern(&fx->ids, id), NONE, 0, 0 };
	}
	fx->commits += any;
}

/* The pairs of commits (pos: of the list read), as commit_each_read
 * keeps them. */
struct pairs_ctx {
	struct fixes *fx;
	const uint32_t *list;
};

static void
pairs_keep(uint32_t pos, void *item, void *ctx)
{
	struct pairs_ctx *pc = ctx;

	keep_pairs(pc->fx, pc->list[pos], item);
}

/* The pairs of the commits list[0..n) (non-merge commits of fx->h),
 * their messages read on jobs threads, kept in that order. */
static int
read_pairs(struct fixes *fx, struct repo *r, const uint32_t *list,
	   uint32_t n, unsigned jobs)
{
	struct pairs_ctx pc = { fx, list };
	const struct commit_each how = {
		CF_MESSAGE | CF_TRAILERS, NULL, sizeof(struct parsed), parse_one,
		pairs_keep, parsed_clear, &pc,
	};

	return commit_each_read(r, fx->h, list, n, jobs, &how);
}

static int
resolve_targets(struct fixes *fx, struct repo *r)
{
	size_t n = fx->ids.nr ? fx->ids.nr : 1;

	fx->t = xcalloc(n, sizeof(*fx->t));
	fx->on = xcalloc(n, sizeof(*fx->on));
	for (uint32_t k = 0; k < fx->ids.nr; k++) {
		fx->on[k].hex = fx->ids.s[k];
		fx->on[k].len = strlen(fx->ids.s[k]);
		fx->t[k].release = NONE;
		fx->t[k].tree = NONE;
	}
	return objname_resolve(r, fx->on, fx->ids.nr);
}

/* --- the whole history to the range's end --------------------------- */

/* The history to B and its chart: the range's own when it has no
 * start, else walked and charted here. */
struct whole {
	struct history h;
	struct chart c;
	const struct history *hp;
	const struct chart *cp;
	int own, charted;
};

static int
whole_open(struct whole *w, const struct extra_input *in)
{
	struct range rg = { .to = in->rg->to, .to_name = in->rg->to_name };
	struct chart_options co = *in->co;

	memset(&w->h, 0, sizeof(w->h));
	w->own = w->charted = 0;
	w->hp = in->h;
	w->cp = in->c;
	if (!in->rg->has_from && !co.selected)
		return 0;
	if (walk_range(in->r, &rg, HISTORY_LINE_DATES, in->jobs, &w->h) < 0)
		return -1;
	w->own = 1;
	co.top = 0;
	co.selection = NULL;
	co.selected = NULL;
	co.identity = NULL;
	w->charted = 1;
	if (chart_build(&w->c, &w->h, in->r, repo_name(in->r),
			in->rg->to_name, &co) < 0)
		return -1;
	w->hp = &w->h;
	w->cp = &w->c;
	return 0;
}

static void
whole_close(struct whole *w)
{
	if (w->charted)
		chart_release(&w->c);
	if (w->own)
		history_release(&w->h);
}

/* The committer time of the commit that brought commit i (arrivals'),
 * or 0 with *ok clear. */
static int64_t
arrival_time(const struct history *h, const uint32_t *by, uint32_t i,
	     int *ok)
{
	uint32_t m = i == HIST_NONE ? HIST_NONE : by[i];
	int32_t tz;

	*ok = 0;
	if (m == HIST_NONE)
		return 0;
	*ok = 1;
	if (history_is_merge(h, m))
		return history_merge_time(h, m, &tz);
	if (h->committer_date)
		return h->committer_date[m];
	*ok = 0;
	return 0;
}

/* The innermost tree of commit i in chart c, as names' number; NONE for
 * a commit with no path (a merge). */
static uint32_t
innermost(struct fixes *fx, const struct chart *c, uint32_t i)
{
	uint32_t p = i == HIST_NONE ? HIST_NONE : c->a.path_of[i];

	if (p == HIST_NONE)
		return NONE;
	return str_intern(&fx->names, c->tt.t[c->a.paths.tree[p]].name);
}

static int
keep_any(const char *name, const void *data)
{
	(void)name;
	(void)data;
	return 1;
}

struct release_at {
	uint32_t i;		/* history index */
	int64_t time;
	const char *name;
};

static int
cmp_release(const void *a, const void *b)
{
	const struct release_at *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return strcmp(x->name, y->name);
}

struct release_marking {
	uint32_t *rel;
	uint32_t k;
};

static int
mark_release(uint32_t i, void *data)
{
	struct release_marking *m = data;

	if (m->rel[i] != NONE)
		return 0;
	m->rel[i] = m->k;
	return 1;
}

/*
 * Per index of h, the first release holding it (fx->releases' number)
 * or NONE: the releases marked earliest first, each walk stopping where
 * an earlier one marked, so that every commit is walked once.
 */
static int
first_releases(struct fixes *fx, const struct extra_input *in,
	       const struct history *h, const struct commit_index *ix,
	       uint32_t **out)
{
	struct tag_map tm = { NULL, 0, 0 };
	struct release_at *v = NULL;
	size_t nr = 0, alloc = 0;
	struct history_stack st = HISTORY_STACK_INIT;
	uint32_t *rel = xmalloc((h->nr ? h->nr : 1) * sizeof(*rel));

	*out = rel;
	for (uint32_t i = 0; i < h->nr; i++)
		rel[i] = NONE;
	if (tag_map_load(in->r, keep_any, NULL, in->release, &tm) < 0)
		return -1;
	for (size_t k = 0; k < tm.nr; k++) {
		uint32_t i = tm.t[k].release ?
			     commit_index_find(ix, &tm.t[k].target) : HIST_NONE;
		int64_t t;

		if (i == HIST_NONE)
			continue;
		if (repo_commit_time(in->r, &tm.t[k].target, &t) < 0) {
			tag_map_release(&tm);
			free(v);
			return -1;
		}
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = (struct release_at){ i, t, tm.t[k].name };
	}
	if (nr)
		qsort(v, nr, sizeof(*v), cmp_release);
	fx->releases = xcalloc(nr ? nr : 1, sizeof(*fx->releases));
	for (size_t k = 0; k < nr; k++) {
		struct release_marking m = { rel, (uint32_t)k };

		fx->releases[fx->releases_nr++] = xstrdup(v[k].name);
		history_walk(h, v[k].i, mark_release, &m, &st);
	}
	history_stack_release(&st);
	tag_map_release(&tm);
	free(v);
	return 0;
}

/* Each resolved target's place in w; each pair's fix's arrival. */
static void
place(struct fixes *fx, const struct whole *w, const uint32_t *by,
      const uint32_t *rel, const struct commit_index *ix,
      const struct commit_index *range_ix)
{
	for (uint32_t k = 0; k < fx->ids.nr; k++) {
		struct fix_target *t = &fx->t[k];
		uint32_t i, ri;
		int ok;

		if (fx->on[k].status != REV_OK)
			continue;
		i = commit_index_find(ix, &fx->on[k].oid);
		ri = commit_index_find(range_ix, &fx->on[k].oid);
		t->same_range = ri != HIST_NONE &&
				(fx->h->flags[ri] & HIST_IN_RANGE);
		if (i == HIST_NONE)
			continue;
		t->placed = 1;
		t->release = rel[i];
		t->tree = innermost(fx, w->cp, i);
		t->arrival = arrival_time(w->hp, by, i, &ok);
		t->placed = (uint8_t)(ok ? 1 : 2);	/* 2: no arrival */
	}
	for (size_t k = 0; k < fx->pairs_nr; k++) {
		struct fix_pair *p = &fx->pairs[k];
		uint32_t i = commit_index_find(ix, &fx->h->oid[p->fix]);
		int ok;

		p->fix_arrival = arrival_time(w->hp, by, i, &ok);
		p->has_fix_arrival = (uint8_t)ok;
	}
}

/* The targets placed in the history to the range's end. */
static int
place_targets(struct fixes *fx, const struct extra_input *in)
{
	struct whole w;
	struct commit_index ix, range_ix;
	uint32_t *by = NULL, *rel = NULL;
	int ret = -1;

	if (whole_open(&w, in) < 0)
		goto out;
	commit_index_init(&ix, w.hp);
	commit_index_init(&range_ix, in->h);
	by = latency_arrivals(w.hp);
	if (first_releases(fx, in, w.hp, &ix, &rel) == 0) {
		place(fx, &w, by, rel, &ix, &range_ix);
		ret = 0;
	}
	commit_index_release(&ix);
	commit_index_release(&range_ix);
out:
	free(by);
	free(rel);
	whole_close(&w);
	return ret;
}

/* --- the figures ------------------------------------------------------ */

/* Whether pair p has a lifetime, into *s (seconds). */
static int
lifetime(const struct fixes *fx, const struct fix_pair *p, int64_t *s)
{
	const struct fix_target *t = &fx->t[p->target];

	if (t->placed != 1 || !p->has_fix_arrival)
		return 0;
	*s = p->fix_arrival - t->arrival;
	return 1;
}

static int
cmp_cell(const void *a, const void *b)
{
	const struct fix_cell *x = a, *y = b;

	if (x->pairs != y->pairs)
		return x->pairs > y->pairs ? -1 : 1;
	if (x->origin != y->origin)
		return x->origin < y->origin ? -1 : 1;
	return (x->fixer > y->fixer) - (x->fixer < y->fixer);
}

/* The matrix: a cell per (tree of origin, tree of the fix) of the
 * resolved pairs placed, the largest first. */
static void
sum_matrix(struct fixes *fx)
{
	struct pair_index pi;
	size_t alloc = 0;

	memset(&pi, 0, sizeof(pi));
	for (size_t k = 0; k < fx->pairs_nr; k++) {
		const struct fix_pair *p = &fx->pairs[k];
		uint32_t o = fx->t[p->target].tree, cell;

		if (o == NONE || p->fix_tree == NONE)
			continue;
		cell = pair_index_get(&pi, o, p->fix_tree);
		if (cell == fx->matrix_nr) {
			ALLOC_GROW(fx->matrix, fx->matrix_nr + 1, alloc);
			fx->matrix[fx->matrix_nr++] =
				(struct fix_cell){ o, p->fix_tree, 0 };
		}
		fx->matrix[cell].pairs++;
	}
	pair_index_release(&pi);
	if (fx->matrix_nr)
		qsort(fx->matrix, fx->matrix_nr, sizeof(*fx->matrix), cmp_cell);
}

/* By release of origin, the earliest first, none yet last. */
static void
sum_releases(struct fixes *fx)
{
	uint32_t *n = xcalloc(fx->releases_nr + 1, sizeof(*n));

	for (size_t k = 0; k < fx->pairs_nr; k++) {
		uint32_t id = fx->pairs[k].target;
		const struct fix_target *t = &fx->t[id];

		if (fx->on[id].status == REV_OK)
			n[t->release == NONE ? fx->releases_nr : t->release]++;
	}
	fx->by_release = xcalloc(fx->releases_nr + 1,
				 sizeof(*fx->by_release));
	for (uint32_t r = 0; r <= fx->releases_nr; r++)
		if (n[r])
			fx->by_release[fx->by_release_nr++] =
				(struct fix_release_count){
					r == fx->releases_nr ? NONE : r, n[r] };
	free(n);
}

struct tree_lives {
	struct tree_life *v;
	size_t nr, alloc;
};

/* Pair p, whose target flow tree i brought, counted for i. */
static void
brought_pair(struct fixes *fx, const struct fix_pair *p, uint32_t i,
	     struct tree_lives *lives)
{
	int64_t s;

	fx->tree[i].pairs++;
	fx->tree[i].same_range += fx->t[p->target].same_range;
	if (!lifetime(fx, p, &s))
		return;
	ALLOC_GROW(lives->v, lives->nr + 1, lives->alloc);
	lives->v[lives->nr++] = (struct tree_life){ i, s };
}

static int
cmp_life(const void *a, const void *b)
{
	const struct tree_life *x = a, *y = b;

	if (x->tree != y->tree)
		return x->tree < y->tree ? -1 : 1;
	return (x->s > y->s) - (x->s < y->s);
}

/* Each flow tree's lifetimes' figures, from lives (freed). */
static void
tree_lifetimes(struct fixes *fx, struct tree_lives *lives)
{
	int64_t *v = xmalloc((lives->nr + 1) * sizeof(*v));

	if (lives->nr)
		qsort(lives->v, lives->nr, sizeof(*lives->v), cmp_life);
	for (size_t k = 0, end; k < lives->nr; k = end) {
		uint32_t i = lives->v[k].tree, n = 0;

		for (end = k; end < lives->nr && lives->v[end].tree == i; end++)
			v[n++] = lives->v[end].s;
		latency_stats_of(v, n, &fx->tree[i].life);
	}
	free(v);
	free(lives->v);
}

static void
tree_pairs_add(struct tree_pairs *tp, uint32_t tree, size_t pair)
{
	ALLOC_GROW(tp->v, tp->nr + 1, tp->alloc);
	tp->v[tp->nr++] = (struct tree_pair){ tree, (uint32_t)pair };
}

static int
cmp_tree_pair(const void *a, const void *b)
{
	const struct tree_pair *x = a, *y = b;

	if (x->tree != y->tree)
		return x->tree < y->tree ? -1 : 1;
	return (x->pair > y->pair) - (x->pair < y->pair);
}

/* Group tp's pairs by tree (trees_nr of them). */
static void
tree_pairs_group(struct tree_pairs *tp, uint32_t trees_nr)
{
	tp->first = xcalloc((size_t)trees_nr + 2, sizeof(*tp->first));
	if (tp->nr)
		qsort(tp->v, tp->nr, sizeof(*tp->v), cmp_tree_pair);
	for (size_t k = 0; k < tp->nr; k++)
		tp->first[tp->v[k].tree + 1]++;
	for (uint32_t i = 0; i < trees_nr; i++)
		tp->first[i + 1] += tp->first[i];
}

static void
tree_pairs_release(struct tree_pairs *tp)
{
	free(tp->v);
	free(tp->first);
}

/* Per flow tree: the fixing commits through it (each once), the
 * distinct targets whose innermost tree it is. */
static void
sum_trees(struct fixes *fx, const struct chart *c)
{
	const struct flow *f = &c->f;
	uint32_t *flow_of, counted = 0;
	struct pertree pt;
	struct tree_lives lives = { NULL, 0, 0 };
	struct interner seen = INTERNER_INIT;	/* the targets counted */
	char hex[OID_HEXSZ + 1];

	fx->trees_nr = f->trees_nr;
	fx->tree = xcalloc(f->trees_nr ? f->trees_nr : 1, sizeof(*fx->tree));
	/* The flow's trees by name (the fold, "K other trees", is none). */
	for (uint32_t i = 0; i < f->trees_nr; i++)
		fx->tree[i].name = str_intern(&fx->names, f->trees[i].name);
	flow_of = xmalloc((fx->names.nr + 1) * sizeof(*flow_of));
	for (uint32_t n = 0; n <= fx->names.nr; n++)
		flow_of[n] = NONE;
	for (uint32_t i = 0; i < f->trees_nr; i++)
		if (f->trees[i].tree != TREE_NONE)
			flow_of[str_intern(&fx->names, f->trees[i].name)] = i;
	pertree_init(&pt, f, c->tt.nr);
	for (size_t k = 0; k < fx->pairs_nr; k++) {
		const struct fix_pair *p = &fx->pairs[k];
		uint32_t path = c->a.path_of[p->fix];
		uint32_t n = path == HIST_NONE ? 0 :
			     pertree_of(&pt, &c->a.paths, path, p->fix);
		uint32_t o = fx->t[p->target].tree;

		uint32_t t;

		/* A commit's pairs follow each other: counted once. */
		for (uint32_t x = 0; x < n && (!k || p[-1].fix != p->fix);
		     x++) {
			fx->tree[pt.via[x]].carried++;
			tree_pairs_add(&fx->carried, pt.via[x], k);
		}
		if (o == NONE || o >= fx->names.nr || flow_of[o] == NONE)
			continue;
		brought_pair(fx, p, flow_of[o], &lives);
		tree_pairs_add(&fx->brought, flow_of[o], k);
		/* A target once, however many spellings name it. */
		oid_to_hex(&fx->on[p->target].oid, hex);
		t = str_intern(&seen, hex);
		if (t == counted) {	/* a new one */
			counted++;
			fx->tree[flow_of[o]].brought++;
		}
	}
	pertree_release(&pt);
	interner_release(&seen);
	tree_pairs_group(&fx->carried, f->trees_nr);
	tree_pairs_group(&fx->brought, f->trees_nr);
	tree_lifetimes(fx, &lives);
	/* The mainline's box is every commit of the range. */
	if (f->trees_nr)
		fx->tree[0].carried = fx->commits;
	free(flow_of);
}

/* A row of the chart: a tree of origin, by its names' number. */
struct fix_row {
	uint32_t pairs, name;
	const char *s;
};

/* Most pairs first, ties by name. */
static int
cmp_row(const void *a, const void *b)
{
	const struct fix_row *x = a, *y = b;

	if (x->pairs != y->pairs)
		return x->pairs > y->pairs ? -1 : 1;
	return strcmp(x->s, y->s);
}

/* Counts by tree of origin (names' numbers, unsorted) and release. */
static uint32_t *
count_origins(struct fixes *fx, uint32_t cols)
{
	struct fixes_chart *ch = &fx->chart;
	uint32_t *n = xcalloc((size_t)fx->names.nr * cols + 1, sizeof(*n));

	ch->row_pairs = xcalloc(fx->names.nr + 1, sizeof(*ch->row_pairs));
	for (size_t k = 0; k < fx->pairs_nr; k++) {
		const struct fix_pair *p = &fx->pairs[k];
		const struct fix_target *t = &fx->t[p->target];
		int64_t s;

		if (fx->on[p->target].status != REV_OK)
			continue;
		if (lifetime(fx, p, &s))
			ch->bins[fixes_bin_of(s)]++;
		if (t->tree == NONE) {
			ch->unplaced++;
			continue;
		}
		n[(size_t)t->tree * cols + (t->release == NONE ?
			fx->releases_nr : t->release)]++;
		ch->row_pairs[t->tree]++;
	}
	return n;
}

/* The chart's data, from the figures summed up. */
static void
chart_data(struct fixes *fx)
{
	struct fixes_chart *ch = &fx->chart;
	uint32_t cols = fx->releases_nr + 1, *n = count_origins(fx, cols);
	struct fix_row *rows = xcalloc(fx->names.nr + 1, sizeof(*rows));
	uint32_t *by_name = ch->row_pairs;

	ch->releases = (const char **)fx->releases;
	ch->releases_nr = fx->releases_nr;
	for (uint32_t k = 0; k < fx->names.nr; k++)
		if (by_name[k])
			rows[ch->origins_nr++] = (struct fix_row){
				by_name[k], k, fx->names.s[k] };
	if (ch->origins_nr)
		qsort(rows, ch->origins_nr, sizeof(*rows), cmp_row);
	ch->origins = xcalloc(ch->origins_nr + 1, sizeof(*ch->origins));
	ch->cells = xcalloc((size_t)ch->origins_nr * cols + 1,
			    sizeof(*ch->cells));
	ch->row_pairs = xcalloc(ch->origins_nr + 1, sizeof(*ch->row_pairs));
	for (uint32_t r = 0; r < ch->origins_nr; r++) {
		ch->origins[r] = rows[r].s;
		ch->row_pairs[r] = rows[r].pairs;
		memcpy(ch->cells + (size_t)r * cols,
		       n + (size_t)rows[r].name * cols, cols * sizeof(*n));
	}
	ch->commits = fx->commits;
	ch->pairs = (uint32_t)fx->pairs_nr;
	ch->unresolved = fx->unresolved;
	ch->same_range = fx->same_range;
	ch->life_n = fx->life.n;
	ch->median = fx->life.median;
	ch->p90 = fx->life.p90;
	free(by_name);
	free(rows);
	free(n);
}

static void
summarise(struct fixes *fx, const struct chart *c)
{
	int64_t *life = xmalloc((fx->pairs_nr + 1) * sizeof(*life));
	uint32_t n = 0;

	for (size_t k = 0; k < fx->pairs_nr; k++) {
		struct fix_pair *p = &fx->pairs[k];
		const struct fix_target *t = &fx->t[p->target];

		p->fix_tree = innermost(fx, c, p->fix);
		fx->unresolved += fx->on[p->target].status != REV_OK;
		fx->same_range += t->same_range;
		if (lifetime(fx, p, &life[n]))
			n++;
	}
	latency_stats_of(life, n, &fx->life);
	free(life);
	sum_matrix(fx);
	sum_releases(fx);
	sum_trees(fx, c);
	chart_data(fx);
}

static void
fixes_free(void *state)
{
	struct fixes *fx = state;

	if (!fx)
		return;
	fix_refs_release(&fx->refs);
	free(fx->pairs);
	free(fx->stable);
	free(fx->by_phase);
	phases_release(&fx->ph);
	interner_release(&fx->ids);
	interner_release(&fx->names);
	free(fx->t);
	free(fx->on);
	for (uint32_t k = 0; k < fx->releases_nr; k++)
		free(fx->releases[k]);
	free(fx->releases);
	free(fx->by_release);
	free(fx->matrix);
	free(fx->tree);
	tree_pairs_release(&fx->carried);
	tree_pairs_release(&fx->brought);
	free(fx->chart.origins);
	free(fx->chart.cells);
	free(fx->chart.row_pairs);
	free(fx);
}

/* What commit c of the range fixes: 2 a bug that arrived in the range
 * (a regression), 1 an older one (a resolved target from before the
 * range, or a Cc of stable@), 0 neither.  kind: per index of h, the
 * most of its pairs. */
static uint8_t *
fix_kinds(const struct fixes *fx)
{
	uint8_t *kind = xcalloc(fx->h->nr ? fx->h->nr : 1, 1);

	for (uint32_t i = 0; i < fx->h->nr; i++)
		kind[i] = fx->stable[i];
	for (size_t k = 0; k < fx->pairs_nr; k++) {
		const struct fix_pair *p = &fx->pairs[k];
		uint8_t v;

		if (fx->on[p->target].status != REV_OK)
			continue;
		v = fx->t[p->target].same_range ? 2 : 1;
		if (kind[p->fix] < v)
			kind[p->fix] = v;
	}
	return kind;
}

/*
 * The commits after the merge window split, per phase (the phases of
 * --timeline: where each commit's merge sits on the first-parent line),
 * into regression fixes, older fixes and the rest.  A range without
 * release tags has one phase, which no merge window opens.
 */
static int
split_phases(struct fixes *fx, const struct extra_input *in)
{
	struct tag_map tm = { NULL, 0, 0 };
	uint32_t *by;
	uint8_t *kind;

	if (tag_map_load(in->r, phases_keep, in->release, in->release,
			 &tm) < 0)
		return -1;
	phases_of(fx->h, &tm, in->release, &fx->ph);
	tag_map_release(&tm);
	by = latency_arrivals(fx->h);
	kind = fix_kinds(fx);
	fx->by_phase = xcalloc(fx->ph.nr ? fx->ph.nr : 1,
			       sizeof(*fx->by_phase));
	for (uint32_t k = 0; k < fx->ph.nr; k++)
		fx->by_phase[k].name = fx->ph.v[k].name;
	for (uint32_t k = 0; k < in->c->a.order_nr; k++) {
		uint32_t c = in->c->a.order[k], a = by[c], ph;
		struct fix_phase *x;

		if (a == HIST_NONE || (ph = fx->ph.of[a]) == HIST_NONE ||
		    fx->ph.v[ph].kind == PHASE_WINDOW)
			continue;
		x = &fx->by_phase[ph];
		if (kind[c] == 2)
			x->regression++;
		else if (kind[c] == 1)
			x->older++;
		else
			x->other++;
	}
	fx->by_phase_nr = fx->ph.nr;
	free(kind);
	free(by);
	return 0;
}

static int
fixes_gather(const struct extra_input *in, int arg, void **state)
{
	struct fixes *fx = xcalloc(1, sizeof(*fx));
	int any = 0;

	(void)arg;
	fx->h = in->h;
	fx->ids = (struct interner)INTERNER_INIT;
	fx->names = (struct interner)INTERNER_INIT;
	fx->stable = xcalloc(in->h->nr ? in->h->nr : 1, 1);
	if (read_pairs(fx, in->r, in->c->a.order, in->c->a.order_nr,
		       in->jobs) < 0 ||
	    resolve_targets(fx, in->r) < 0)
		goto fail;
	for (uint32_t k = 0; k < fx->ids.nr; k++)
		any |= fx->on[k].status == REV_OK;
	if (any && place_targets(fx, in) < 0)
		goto fail;
	summarise(fx, in->c);
	if (split_phases(fx, in) < 0)
		goto fail;
	*state = fx;
	return 1;
fail:
	fixes_free(fx);
	return -1;
}

/* --- the outputs ---------------------------------------------------- */

/* Seconds as days to a tenth, halves away from zero. */
static void
add_days(struct buf *out, int64_t s)
{
	uint64_t a = s < 0 ? (uint64_t)-s : (uint64_t)s;
	uint64_t tenths = (a * 10 + 43200) / 86400;

	buf_printf(out, "%s%" PRIu64 ".%" PRIu64, s < 0 && tenths ? "-" : "",
		   tenths / 10, tenths % 10);
}

static int64_t
days_tenths(int64_t s)
{
	uint64_t a = s < 0 ? (uint64_t)-s : (uint64_t)s;
	int64_t t = (int64_t)((a * 10 + 43200) / 86400);

	return s < 0 ? -t : t;
}

static void
add_escaped(struct buf *out, const char *s)
{
	if (s)
		escape_text(out, s, strlen(s));
}

static const char *
name_of(const struct fixes *fx, uint32_t n)
{
	return n == NONE ? NULL : fx->names.s[n];
}

static void
fixes_lines(const void *state, const struct flow *f, struct buf *out)
{
	const struct fixes *fx = state;
	char hex[OID_HEXSZ + 1];

	(void)f;
	for (size_t k = 0; k < fx->pairs_nr; k++) {
		const struct fix_pair *p = &fx->pairs[k];
		const struct fix_ref *ref = &fx->refs.v[p->ref];
		const struct fix_target *t = &fx->t[p->target];
		int64_t s;

		history_hex(fx->h, p->fix, hex);
		buf_printf(out, "%s\t%s\t", hex, fix_kind_name(ref->kind));
		if (fx->on[p->target].status == REV_OK) {
			oid_to_hex(&fx->on[p->target].oid, hex);
			buf_puts(out, hex);
		}
		buf_addc(out, '\t');
		add_escaped(out, fx->refs.text.data + ref->off);
		buf_addc(out, '\t');
		if (t->release != NONE)
			add_escaped(out, fx->releases[t->release]);
		buf_addc(out, '\t');
		add_escaped(out, name_of(fx, t->tree));
		buf_addc(out, '\t');
		add_escaped(out, name_of(fx, p->fix_tree));
		buf_addc(out, '\t');
		if (lifetime(fx, p, &s))
			add_days(out, s);
		buf_printf(out, "\t%d\n", t->same_range);
	}
}

/* The phases after the merge window: their commits by what they fix. */
static void
text_phases(const struct fixes *fx, int width, struct buf *out)
{
	int w = width > 7 ? width : 7, any = 0;

	for (uint32_t k = 0; k < fx->by_phase_nr; k++) {
		const struct fix_phase *x = &fx->by_phase[k];

		if (fx->ph.v[k].kind == PHASE_WINDOW)
			continue;
		if (!any++)
			buf_puts(out, "  after the merge window, by phase: "
				 "regression fixes, older fixes, other\n");
		buf_printf(out, "  %*u  %*u  %*u  ", w, x->regression, w,
			   x->older, w, x->other);
		report_name(out, x->name);
		buf_addc(out, '\n');
	}
}

static void
fixes_text(const void *state, const struct flow *f, int width,
	   struct buf *out)
{
	const struct fixes *fx = state;

	(void)f;
	buf_puts(out, "\nFixes: commits naming a commit they fix or revert\n");
	report_row(out, "commits naming a target", width, fx->commits);
	buf_addc(out, '\n');
	report_row(out, "pairs (commit, target)", width,
		   (uint32_t)fx->pairs_nr);
	buf_addc(out, '\n');
	report_row(out, "unresolved", width, fx->unresolved);
	buf_addc(out, '\n');
	report_row(out, "target arrived in the range", width, fx->same_range);
	buf_addc(out, '\n');
	if (fx->life.n) {
		buf_puts(out, "  lifetime (days): median ");
		add_days(out, fx->life.median);
		buf_puts(out, ", p90 ");
		add_days(out, fx->life.p90);
		buf_printf(out, " over %u pair%s\n", fx->life.n,
			   report_plural(fx->life.n));
	}
	if (fx->by_release_nr)
		buf_puts(out, "  by release of origin:\n");
	for (uint32_t k = 0; k < fx->by_release_nr; k++) {
		const struct fix_release_count *r = &fx->by_release[k];

		buf_printf(out, "  %*u  ", width > 7 ? width : 7, r->pairs);
		if (r->release == NONE)
			buf_puts(out, "(in no release yet)");
		else
			report_name(out, fx->releases[r->release]);
		buf_addc(out, '\n');
	}
	if (fx->matrix_nr)
		buf_puts(out, "  where the bugs came from -> who fixed "
			 "them:\n");
	for (uint32_t k = 0; k < fx->matrix_nr && k < FIXES_TOP; k++) {
		const struct fix_cell *c = &fx->matrix[k];

		buf_printf(out, "  %*u  ", width > 7 ? width : 7, c->pairs);
		report_name(out, fx->names.s[c->origin]);
		buf_puts(out, " -> ");
		report_name(out, fx->names.s[c->fixer]);
		buf_addc(out, '\n');
	}
	text_phases(fx, width, out);
}

static void
json_lifetime(struct json *j, const struct latency_stats *s)
{
	json_open(j, "lifetime_days", '{');
	if (s->n) {
		json_tenths(j, "median", days_tenths(s->median));
		json_tenths(j, "p90", days_tenths(s->p90));
	} else {
		json_str(j, "median", NULL);
		json_str(j, "p90", NULL);
	}
	json_close(j, '}');
}

static void
fixes_json(const void *state, const struct flow *f, struct json *j)
{
	const struct fixes *fx = state;

	(void)f;
	json_open(j, "bug_fixes", '{');
	json_uint(j, "commits", fx->commits);
	json_uint(j, "pairs", fx->pairs_nr);
	json_uint(j, "unresolved", fx->unresolved);
	json_uint(j, "same_range", fx->same_range);
	json_open(j, "by_release", '[');
	for (uint32_t k = 0; k < fx->by_release_nr; k++) {
		const struct fix_release_count *r = &fx->by_release[k];

		json_open(j, NULL, '{');
		json_str(j, "release", r->release == NONE ? NULL :
			 fx->releases[r->release]);
		json_uint(j, "pairs", r->pairs);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_lifetime(j, &fx->life);
	json_open(j, "by_phase", '[');
	for (uint32_t k = 0; k < fx->by_phase_nr; k++) {
		const struct fix_phase *x = &fx->by_phase[k];

		if (fx->ph.v[k].kind == PHASE_WINDOW)
			continue;
		json_open(j, NULL, '{');
		json_str(j, "phase", x->name);
		json_uint(j, "regression_fixes", x->regression);
		json_uint(j, "older_fixes", x->older);
		json_uint(j, "other", x->other);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "matrix", '[');
	for (uint32_t k = 0; k < fx->matrix_nr; k++) {
		json_open(j, NULL, '{');
		json_str(j, "origin", fx->names.s[fx->matrix[k].origin]);
		json_str(j, "fixer", fx->names.s[fx->matrix[k].fixer]);
		json_uint(j, "pairs", fx->matrix[k].pairs);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

/* Per tree, the bug fixes it carried and brought (in the JSON). */
static const struct extra_figure fixes_tree_figures[] = {
	EXTRA_MEMBER("carried", EXTRA_COUNT, "bug_fixes"),
	EXTRA_MEMBER("brought", EXTRA_COUNT, "bug_fixes"),
};

static int
fixes_tree_figure(const void *state, const struct flow *f, uint32_t i,
		  size_t k, int64_t *v)
{
	const struct fixes *fx = state;

	(void)f;
	if (i >= fx->trees_nr)
		return 0;
	*v = k ? fx->tree[i].brought : fx->tree[i].carried;
	return 1;
}

/* Tree i's commits, for the HTML report's panel: the fixing commits
 * that came through it, the pairs whose target it brought. */
static void
fixes_json_tree(const void *state, const struct flow *f, uint32_t i,
		struct json *j)
{
	const struct fixes *fx = state;
	const struct tree_pairs *c = &fx->carried, *b = &fx->brought;
	char hex[OID_HEXSZ + 1];

	(void)f;
	if (i >= fx->trees_nr)
		return;
	json_open(j, "bug_fix_commits", '{');
	json_open(j, "fix_ids", '[');
	for (uint32_t k = c->first[i]; k < c->first[i + 1]; k++) {
		history_hex(fx->h, fx->pairs[c->v[k].pair].fix, hex);
		json_str(j, NULL, hex);
	}
	json_close(j, ']');
	json_open(j, "bug_pairs", '[');
	for (uint32_t k = b->first[i]; k < b->first[i + 1]; k++) {
		const struct fix_pair *p = &fx->pairs[b->v[k].pair];

		json_open(j, NULL, '{');
		oid_to_hex(&fx->on[p->target].oid, hex);
		json_str(j, "target", hex);
		history_hex(fx->h, p->fix, hex);
		json_str(j, "fix", hex);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

static void
fixes_node_line(const void *state, const struct flow *f, uint32_t i,
		struct buf *out)
{
	const struct fixes *fx = state;
	const struct fix_tree_counts *t;

	(void)f;
	if (i >= fx->trees_nr)
		return;
	t = &fx->tree[i];
	if (!t->carried && !t->brought)
		return;
	/* The figures that are not zero: "2 bugs fixed", "3 fixes". */
	if (t->brought)
		buf_printf(out, "%u bug%s fixed", t->brought,
			   report_plural(t->brought));
	if (t->carried)
		buf_printf(out, "%s%u fix%s", t->brought ? ", " : "",
			   t->carried, t->carried == 1 ? "" : "es");
}

/* Seconds as days to a tenth in a CSV cell (a number, as csv_int
 * writes one); empty where n is 0. */
static void
csv_days(struct buf *out, uint32_t n, int64_t s)
{
	buf_addc(out, ',');
	if (n)
		add_days(out, s);
}

/* --csv-table fixes: a row per tree of the flow, the mainline first. */
static void
fixes_csv(const void *state, const struct flow *f, struct buf *out)
{
	const struct fixes *fx = state;

	buf_puts(out, "tree,carried,brought,pairs,same_range,"
		 "lifetime_median_days,lifetime_p90_days");
	csv_end(out);
	for (uint32_t i = 0; i < f->trees_nr && i < fx->trees_nr; i++) {
		const struct fix_tree_counts *t = &fx->tree[i];

		csv_text(out, f->trees[i].name, 1);
		csv_uint(out, t->carried, 0);
		csv_uint(out, t->brought, 0);
		csv_uint(out, t->pairs, 0);
		csv_uint(out, t->same_range, 0);
		csv_days(out, t->life.n, t->life.median);
		csv_days(out, t->life.n, t->life.p90);
		csv_end(out);
	}
}

/* The trees that fixed most of the bugs named n brought: "fixed through
 * NAME (3), NAME (1)", the largest cells first, at most three. */
static void
tip_fixers(const struct fixes *fx, uint32_t n, const struct extra_tip *tip)
{
	uint32_t shown = 0, left = 0;

	for (uint32_t k = 0; k < fx->matrix_nr; k++) {
		const struct fix_cell *c = &fx->matrix[k];

		if (c->origin != n)
			continue;
		if (shown == 3) {
			left += c->pairs;
			continue;
		}
		buf_puts(tip->out, shown++ ? ", " : "; fixed through ");
		tip->text(tip->out, fx->names.s[c->fixer]);
		buf_printf(tip->out, " (%u)", c->pairs);
	}
	if (left)
		buf_printf(tip->out, ", others (%u)", left);
}

/* The tooltip's lines: the bugs the tree brought that the range fixed
 * (their pairs, those brought in the range itself, the lifetimes, who
 * fixed them), and the fixes it carried. */
static void
fixes_node_tip(const void *state, const struct flow *f, uint32_t i,
	       const struct extra_tip *tip)
{
	const struct fixes *fx = state;
	const struct fix_tree_counts *t;

	if (i >= fx->trees_nr || i >= f->trees_nr)
		return;
	t = &fx->tree[i];
	if (t->brought) {
		buf_printf(tip->out, "%sbugs it brought, fixed in the range: "
			   "%u (%u pair%s, %u brought in the range itself",
			   tip->newline, t->brought, t->pairs,
			   report_plural(t->pairs), t->same_range);
		if (t->life.n) {
			buf_puts(tip->out, "; lifetime median ");
			add_days(tip->out, t->life.median);
			buf_puts(tip->out, " days, p90 ");
			add_days(tip->out, t->life.p90);
			buf_puts(tip->out, " days");
		}
		buf_puts(tip->out, ")");
		tip_fixers(fx, t->name, tip);
	}
	if (t->carried)
		buf_printf(tip->out, "%scommits naming a bug they fix or "
			   "revert: %u", tip->newline, t->carried);
}

static const struct extra_legend fixes_legend[] = {
	{ "bugs it brought that the range fixed, fixes it carried",
	  EXTRA_LEGEND_NODE, NULL, NULL, "5 bugs fixed, 3 fixes" },
};

/* The chart of where the bugs came from, with --chart fixes. */
static void
fixes_chart(const void *state, struct extra_chart *out)
{
	const struct fixes *fx = state;

	*out = (struct extra_chart){ EXTRA_CHART_FIXES, &fx->chart, 0 };
}

/* --- --compare: the share of each range named as fixed --------------- */

/*
 * The union's commits that its non-merge commits name as targets
 * (resolved, as in a report): named[i] for union commit i.  Read once
 * for every range: a range's commits may be named by any commit of the
 * ranges, up to the last one's end.
 */
static int
fixes_compare_begin(const struct extra_compare *in, int arg, void **shared)
{
	const struct history *h = in->h;
	struct fixes *fx = xcalloc(1, sizeof(*fx));
	uint32_t *list = xmalloc((h->nr ? h->nr : 1) * sizeof(*list)), n = 0;
	uint8_t *named = xcalloc(h->nr ? h->nr : 1, 1);
	struct commit_index ix;
	int ret;

	(void)arg;
	fx->h = h;
	fx->ids = (struct interner)INTERNER_INIT;
	fx->names = (struct interner)INTERNER_INIT;
	for (uint32_t i = 0; i < h->nr; i++)
		if ((h->flags[i] & HIST_IN_RANGE) && !history_is_merge(h, i))
			list[n++] = i;
	ret = read_pairs(fx, in->r, list, n, in->jobs);
	if (!ret)
		ret = resolve_targets(fx, in->r);
	if (!ret) {
		commit_index_init(&ix, h);
		for (uint32_t k = 0; k < fx->ids.nr; k++) {
			uint32_t i = fx->on[k].status != REV_OK ? HIST_NONE :
				     commit_index_find(&ix, &fx->on[k].oid);

			if (i != HIST_NONE)
				named[i] = 1;
		}
		commit_index_release(&ix);
	}
	free(list);
	fixes_free(fx);
	if (ret) {
		free(named);
		return -1;
	}
	*shared = named;
	return 0;
}

/* A range's non-merge commits, and those named as fixed. */
struct fixes_range {
	uint32_t commits, named;
};

static int
fixes_range_gather(const void *shared, const struct history *view,
		   const struct chart *c, void **state)
{
	const uint8_t *named = shared;
	struct fixes_range *fr = xcalloc(1, sizeof(*fr));

	(void)view;
	fr->commits = c->a.order_nr;
	for (uint32_t k = 0; k < c->a.order_nr; k++)
		fr->named += named[c->a.order[k]];
	*state = fr;
	return 0;
}

/* Right-censored: a commit of the last range has had only the rest of
 * that range to be named; the title says so. */
static const struct extra_figure fixes_figures[] = {
	EXTRA_ROW_JSON("commits named as fixed", "named_fixed", EXTRA_COUNT,
		       NULL, NULL, 0, "bug_fixes", "named"),
	EXTRA_ROW_JSON("share named as fixed", "named_fixed_share",
		       EXTRA_TENTHS, "Named as fixed by the ranges' Fixes: "
		       "and reverts (right-censored: later ranges had less "
		       "time)", "% of the commits", 0,
		       "bug_fixes", "named_share"),
};

static int
fixes_range_figure(const void *state, const struct flow *f, size_t i,
		   int64_t *v)
{
	const struct fixes_range *fr = state;

	(void)f;
	if (!i) {
		*v = fr->named;
		return 1;
	}
	*v = fr->commits ? (int64_t)(((uint64_t)fr->named * 2000 +
				      fr->commits) / (2 * fr->commits)) : 0;
	return fr->commits > 0;
}

static const struct opt fixes_options[] = {
	{ .name = "fixes", .modes = MODE_REPORT | MODE_COMPARE,
	  .kind = OPT_SET, .value = 1,
	  .help = "the commits that Fixes: trailers and reverts name:\n"
		  "their trees, first releases, lifetimes (-T fixes)" },
};

static const struct extra_format fixes_formats[] = {
	{ "fixes", fixes_lines },
};

const struct extra fixes_extra = {
	.name = "fixes",
	.options = fixes_options,
	.options_nr = ARRAY_SIZE(fixes_options),
	.walk = HISTORY_LINE_DATES,	/* arrivals on the line, dated */
	.gather = fixes_gather,
	.release = fixes_free,
	.text = fixes_text,
	.json = fixes_json,
	.json_tree = fixes_json_tree,
	.tree_figures = fixes_tree_figures,
	.tree_figures_nr = ARRAY_SIZE(fixes_tree_figures),
	.tree_figure = fixes_tree_figure,
	.csv_table = "fixes",
	.csv_table_write = fixes_csv,
	.node_tip = fixes_node_tip,
	.node_line = fixes_node_line,
	.legend = fixes_legend,
	.legend_nr = ARRAY_SIZE(fixes_legend),
	.chart = fixes_chart,
	.compare_begin = fixes_compare_begin,
	.compare_end = free,
	.range_gather = fixes_range_gather,
	.range_release = free,
	.range_figure = fixes_range_figure,
	.figures = fixes_figures,
	.figures_nr = ARRAY_SIZE(fixes_figures),
	.formats = fixes_formats,
	.formats_nr = ARRAY_SIZE(fixes_formats),
};
