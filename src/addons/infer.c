/*
 * infer.c - fast-forwarded pulls, inferred from who committed what.
 */
#include "addons/infer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "flow/naming.h"
#include "git/commitread.h"
#include "util/escape.h"
#include "util/hash.h"
#include "util/json_writer.h"
#include "util/util.h"

/* Counts by a pair of ids, numbered as pi's pairs. */
struct pair_count {
	uint32_t *count;
	size_t alloc;
	struct pair_index pi;
};

/* The count of (a, b), a new one at 0; valid until the next call. */
static uint32_t *
pair_slot(struct pair_count *pc, uint32_t a, uint32_t b)
{
	uint32_t nr = pc->pi.nr, i = pair_index_get(&pc->pi, a, b);

	if (i == nr) {
		ALLOC_GROW(pc->count, nr + 1, pc->alloc);
		pc->count[i] = 0;
	}
	return &pc->count[i];
}

static void
pair_release(struct pair_count *pc)
{
	free(pc->count);
	pair_index_release(&pc->pi);
	memset(pc, 0, sizeof(*pc));
}

static int
cmp_edge(const void *pa, const void *pb)
{
	const struct inferred_edge *a = pa, *b = pb;

	if (a->commits != b->commits)
		return a->commits > b->commits ? -1 : 1;
	if (a->from != b->from)
		return a->from < b->from ? -1 : 1;
	return (a->to > b->to) - (a->to < b->to);
}

/*
 * Who committed each non-merge commit of the range and each pull's
 * merge, as committer ids (interned in that order: ids are the order of
 * first appearance, which breaks ties) into cid, per history index.  The
 * one place this module reads objects.
 */
static int
read_committers(struct repo *r, const struct history *h,
		const struct attribution *a, uint32_t *cid, uint32_t *nr)
{
	uint32_t n = a->order_nr + a->pulls_nr;
	uint32_t *list = xmalloc((n ? n : 1) * sizeof(*list));
	struct interner who = INTERNER_INIT;
	struct commit_batch b;
	int ret;

	for (uint32_t k = 0; k < n; k++)
		list[k] = k < a->order_nr ? a->order[k] :
			  a->pulls[k - a->order_nr].merge;
	ret = commit_batch_read(&b, r, h, list, n, CF_COMMITTER);
	if (!ret) {
		for (uint32_t k = 0; k < n; k++)
			cid[list[k]] = str_intern(&who,
				commit_batch_get(&b, list[k])->committer);
		commit_batch_release(&b);
	}
	free(list);
	*nr = who.nr;
	interner_release(&who);
	return ret;
}

/*
 * A tree's usual committer: whoever committed most of the merges that
 * pulled into it (the puller is the tree's maintainer, whoever wrote what
 * was pulled), or for a tree that pulled nothing, most of its own
 * commits; ties to the lowest committer id.  TREE_NONE: none.
 */
static uint32_t *
usual_committers(const struct attribution *a, const uint32_t *cid,
		 uint32_t ntrees)
{
	struct pair_count by = { 0 }, by_merge = { 0 };
	uint32_t *usual = xmalloc(ntrees * sizeof(*usual));
	uint32_t *best = xcalloc(ntrees, sizeof(*best));
	uint8_t *from_merges = xcalloc(ntrees, 1);

	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t c = a->order[k];

		(*pair_slot(&by, a->paths.tree[a->path_of[c]], cid[c]))++;
	}
	for (uint32_t k = 0; k < a->pulls_nr; k++)
		(*pair_slot(&by_merge, a->pulls[k].to,
			    cid[a->pulls[k].merge]))++;
	memset(usual, 0xff, ntrees * sizeof(*usual));
	for (int pass = 0; pass < 2; pass++) {
		const struct pair_count *pc = pass ? &by : &by_merge;

		for (uint32_t i = 0; i < pc->pi.nr; i++) {
			uint32_t t = pc->pi.key[i][0], c = pc->pi.key[i][1];
			uint32_t n = pc->count[i];

			if (t >= ntrees || (pass && from_merges[t]))
				continue;
			if (n > best[t] || (n == best[t] && c < usual[t])) {
				best[t] = n;
				usual[t] = c;
			}
		}
		for (uint32_t t = 0; t < ntrees && !pass; t++)
			from_merges[t] = best[t] > 0;
	}
	free(best);
	free(from_merges);
	pair_release(&by);
	pair_release(&by_merge);
	return usual;
}

/* The inferred edges, out of their counts, sorted. */
static void
collect_edges(const struct pair_count *edges, struct inference *out)
{
	size_t ealloc = 0;

	for (uint32_t i = 0; i < edges->pi.nr; i++) {
		if (!edges->count[i])
			continue;
		ALLOC_GROW(out->edges, out->edges_nr + 1, ealloc);
		out->edges[out->edges_nr++] = (struct inferred_edge){
			edges->pi.key[i][0], edges->pi.key[i][1],
			edges->count[i] };
	}
	/* With no edge the array is NULL, which qsort must not get. */
	if (out->edges_nr)
		qsort(out->edges, out->edges_nr, sizeof(*out->edges), cmp_edge);
}

void
infer_guess(const struct attribution *a, uint32_t hist_nr,
	    const uint32_t *cid, uint32_t committers, struct inference *out)
{
	struct pair_count pulled = { 0 }, edges = { 0 };
	uint32_t ntrees = 1, *usual, *head, *next;

	memset(out, 0, sizeof(*out));
	out->tree_of = xmalloc((hist_nr ? hist_nr : 1) * sizeof(*out->tree_of));
	memset(out->tree_of, 0xff, hist_nr * sizeof(*out->tree_of));
	for (uint32_t p = 0; p < a->paths.nr; p++)
		if (a->paths.tree[p] + 1 > ntrees)
			ntrees = a->paths.tree[p] + 1;
	for (uint32_t k = 0; k < a->pulls_nr; k++)
		(*pair_slot(&pulled, a->pulls[k].from, a->pulls[k].to))++;
	usual = usual_committers(a, cid, ntrees);

	/* The trees each committer is the usual committer of. */
	head = xmalloc((committers ? committers : 1) * sizeof(*head));
	next = xmalloc(ntrees * sizeof(*next));
	memset(head, 0xff, (committers ? committers : 1) * sizeof(*head));
	for (uint32_t t = ntrees; t-- > 0;) {
		next[t] = TREE_NONE;
		if (usual[t] != TREE_NONE) {
			next[t] = head[usual[t]];
			head[usual[t]] = t;
		}
	}

	/*
	 * A commit on y's line by someone else than y's usual committer,
	 * who is the usual committer of a tree x that y pulled from by
	 * merges in the range: from x, fast-forwarded.  Of several such
	 * trees, the one y pulled most often.
	 */
	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t c = a->order[k], y = a->paths.tree[a->path_of[c]];
		uint32_t x = TREE_NONE, x_pulls = 0;

		if (usual[y] == cid[c])
			continue;
		for (uint32_t t = head[cid[c]]; t != TREE_NONE; t = next[t]) {
			uint32_t n;

			if (t == y || t == TREE_MAINLINE)
				continue;
			n = *pair_slot(&pulled, t, y);
			if (n > x_pulls) {
				x = t;
				x_pulls = n;
			}
		}
		if (x == TREE_NONE)
			continue;
		out->tree_of[c] = x;
		out->commits++;
		(*pair_slot(&edges, x, y))++;
	}
	collect_edges(&edges, out);
	free(usual);
	free(head);
	free(next);
	pair_release(&pulled);
	pair_release(&edges);
}

int
infer_ff(struct repo *r, const struct history *h, const struct attribution *a,
	 struct inference *out)
{
	uint32_t *cid = xmalloc((h->nr ? h->nr : 1) * sizeof(*cid));
	uint32_t committers = 0;
	int ret;

	ret = read_committers(r, h, a, cid, &committers);
	if (ret < 0)
		memset(out, 0, sizeof(*out));
	else
		infer_guess(a, h->nr, cid, committers, out);
	free(cid);
	return ret;
}

void
inference_release(struct inference *inf)
{
	free(inf->tree_of);
	free(inf->edges);
	memset(inf, 0, sizeof(*inf));
}

/* --- the add-on: the guesses, marked as such, in every output --- */

struct infer_state {
	struct inference inf;
	const struct tree_table *tt;	/* borrowed: names for the commits */
};

static int
infer_gather(const struct extra_input *in, int arg, void **state)
{
	struct infer_state *st = xcalloc(1, sizeof(*st));

	(void)arg;
	if (infer_ff(in->r, in->h, &in->c->a, &st->inf) < 0) {
		free(st);
		return -1;
	}
	st->tt = &in->c->tt;
	*state = st;
	return 1;
}

static void
infer_release(void *state)
{
	struct infer_state *st = state;

	inference_release(&st->inf);
	free(st);
}

/* Where the flow shows e's trees; 0 when it does not show both. */
static int
shown_ends(const struct flow *f, const struct inferred_edge *e,
	   uint32_t *from, uint32_t *to)
{
	*from = flow_index_of(f, e->from);
	*to = flow_index_of(f, e->to);
	return *from != UINT32_MAX && *to != UINT32_MAX;
}

static void
infer_text(const void *state, const struct flow *f, int width,
	   struct buf *out)
{
	const struct inference *inf = &((const struct infer_state *)state)->inf;

	buf_printf(out, "\nInferred fast-forwards (guessed from committers, "
		   "not in the flow above): %u commit%s\n", inf->commits,
		   report_plural(inf->commits));
	for (uint32_t k = 0; k < inf->edges_nr; k++) {
		const struct inferred_edge *e = &inf->edges[k];
		uint32_t from, to;

		if (!shown_ends(f, e, &from, &to))
			continue;
		buf_printf(out, "  %*u  ", width, e->commits);
		report_name(out, f->trees[from].name);
		buf_puts(out, " -> ");
		report_name(out, f->trees[to].name);
		buf_addc(out, '\n');
	}
}

static void
infer_json(const void *state, const struct flow *f, struct json *j)
{
	const struct inference *inf = &((const struct infer_state *)state)->inf;

	json_open(j, "inferred_ff", '{');
	json_uint(j, "commits", inf->commits);
	json_open(j, "edges", '[');
	for (uint32_t k = 0; k < inf->edges_nr; k++) {
		const struct inferred_edge *e = &inf->edges[k];
		uint32_t from, to;

		if (!shown_ends(f, e, &from, &to))
			continue;
		json_open(j, NULL, '{');
		json_str(j, "from", f->trees[from].name);
		json_str(j, "to", f->trees[to].name);
		json_uint(j, "commits", e->commits);
		json_bool(j, "inferred", 1);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

/* The guessed fast-forwards as dotted edges of their own, with a hollow
 * dot for an arrowhead, between trees the flow shows; "~n fast-forwarded"
 * in the box of the tree they left. */
static void
infer_graph_edges(const void *state, const struct flow *f,
		  extra_edge_fn *emit, void *ctx)
{
	const struct inference *inf = &((const struct infer_state *)state)->inf;
	char key[32], label[32], tip[96];

	for (uint32_t k = 0; k < inf->edges_nr; k++) {
		const struct inferred_edge *ie = &inf->edges[k];
		struct extra_edge e = {
			.key = key, .label = label, .tooltip = tip,
			.style = "dotted", .weight = "0", .arrowhead = "odot",
			.commits = ie->commits,
		};

		if (!shown_ends(f, ie, &e.from, &e.to))
			continue;
		snprintf(key, sizeof(key), "inferred ff %u", k);
		snprintf(label, sizeof(label), "~%u fast-forwarded",
			 ie->commits);
		snprintf(tip, sizeof(tip), "%u commit%s inferred as "
			 "fast-forwarded (a guess from committers)",
			 ie->commits, report_plural(ie->commits));
		emit(ctx, &e);
	}
}

/* The tree a commit was probably fast-forwarded from, marked '~'. */
static void
infer_commit_fields(const void *state, uint32_t commit, struct buf *out)
{
	const struct infer_state *st = state;
	uint32_t t = st->inf.tree_of[commit];

	buf_addc(out, '\t');
	if (t != TREE_NONE)
		report_name(out, st->tt->t[t].name);
}

static const struct extra_legend infer_legend[] = {
	{ "dotted, hollow dot, \"~n fast-forwarded\" in the box it leaves: "
	  "commits inferred as fast-forwarded (a guess from committers)",
	  EXTRA_LEGEND_EDGE, "dotted", CHART_GREY_TEXT, NULL },
};

static const struct opt infer_options[] = {
	{ .name = "infer-ff", .modes = MODE_REPORT, .kind = OPT_SET,
	  .value = 1,
	  .help = "guess fast-forwarded pulls from committers (marked)" },
};

const struct extra infer_extra = {
	.name = "infer",
	.options = infer_options,
	.options_nr = ARRAY_SIZE(infer_options),
	.gather = infer_gather,
	.release = infer_release,
	.text = infer_text,
	.json = infer_json,
	.graph_edges = infer_graph_edges,
	.legend = infer_legend,
	.legend_nr = ARRAY_SIZE(infer_legend),
	.commit_fields = infer_commit_fields,
	.commit_fields_nr = 1,		/* the tree it was fast-forwarded from */
};
