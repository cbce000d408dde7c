/*
 * timeline.c - --timeline: when the mainline pulled each tree, by the
 * phases of the cycle (timeline.h says what a pull and its phase are).
 *
 * Everything is settled from the topology, the tags and the dates the
 * walk kept: the pulls into the mainline are the attribution's, their
 * place on the first-parent line latency_arrivals', the phases
 * phases_of's.  The outputs: a text section, JSON members, the CSV pulls
 * table; the HTML report draws its timeline view from the JSON.
 */
#include "addons/timeline.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "addons/latency.h"
#include "git/commitparse.h"
#include "git/commitread.h"
#include "util/csv.h"
#include "util/escape.h"
#include "util/json_writer.h"

/* Pulls in the line's order: where they reached the line, then the
 * attribution's order (a merge's pulls, parent by parent). */
struct pull_key {
	uint32_t pos, k;
};

static int
cmp_pull_key(const void *a, const void *b)
{
	const struct pull_key *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return (x->k > y->k) - (x->k < y->k);
}

/* The pulls into the mainline, in order, each with its phase. */
static void
take_pulls(const struct history *h, const struct chart *c,
	   const uint32_t *by, const uint32_t *pos, struct timeline *tl)
{
	const struct attribution *a = &c->a;
	struct pull_key *keys = xmalloc((a->pulls_nr ? a->pulls_nr : 1) *
					sizeof(*keys));
	uint32_t n = 0;

	for (uint32_t k = 0; k < a->pulls_nr; k++) {
		uint32_t at = by[a->pulls[k].merge];

		if (a->pulls[k].to != TREE_MAINLINE || at == HIST_NONE ||
		    tl->ph.of[at] == HIST_NONE)
			continue;
		keys[n++] = (struct pull_key){ pos[at], k };
	}
	if (n)
		qsort(keys, n, sizeof(*keys), cmp_pull_key);
	tl->pulls = xcalloc(n ? n : 1, sizeof(*tl->pulls));
	for (uint32_t j = 0; j < n; j++) {
		const struct pull *pl = &a->pulls[keys[j].k];
		struct timeline_pull *p = &tl->pulls[j];

		p->merge = pl->merge;
		p->arrived = by[pl->merge];
		p->pull = keys[j].k;
		p->tree = pl->from;
		p->shown = c->f.pull_tree[keys[j].k];
		p->phase = tl->ph.of[by[pl->merge]];
		/* Where it reached the line, not when it was made: a pull
		 * into "next" is dated by the merge of next. */
		p->time = history_merge_time(h, p->arrived, &p->tz);
		p->line_time = tl->ph.time[pos[p->arrived]];
		p->commits = pl->commits;
	}
	tl->pulls_nr = n;
	free(keys);
}

/* Each flow tree's pulls, and each phase's pulls and trees. */
static void
group_pulls(const struct chart *c, struct timeline *tl)
{
	uint32_t nt = c->f.trees_nr, ntree = c->tt.nr;
	uint32_t *last = xmalloc((ntree ? ntree : 1) * sizeof(*last));
	uint32_t *fill;

	tl->trees_nr = nt;
	tl->tree_first = xcalloc(nt ? nt : 1, sizeof(*tl->tree_first));
	tl->tree_pulls = xcalloc(nt ? nt : 1, sizeof(*tl->tree_pulls));
	tl->by_tree = xmalloc((tl->pulls_nr ? tl->pulls_nr : 1) *
			      sizeof(*tl->by_tree));
	for (uint32_t id = 0; id < ntree; id++)
		last[id] = HIST_NONE;
	for (uint32_t j = 0; j < tl->pulls_nr; j++) {
		const struct timeline_pull *p = &tl->pulls[j];
		struct timeline_figures *fg = &tl->fig[p->phase];

		fg->pulls++;
		if (p->tree < ntree && last[p->tree] != p->phase) {
			last[p->tree] = p->phase;
			fg->trees++;
		}
		if (p->shown != HIST_NONE && p->shown < nt)
			tl->tree_pulls[p->shown]++;
	}
	for (uint32_t i = 1; i < nt; i++)
		tl->tree_first[i] = tl->tree_first[i - 1] +
				    tl->tree_pulls[i - 1];
	fill = xcalloc(nt ? nt : 1, sizeof(*fill));
	for (uint32_t j = 0; j < tl->pulls_nr; j++) {
		uint32_t i = tl->pulls[j].shown;

		if (i != HIST_NONE && i < nt)
			tl->by_tree[tl->tree_first[i] + fill[i]++] = j;
	}
	free(fill);
	free(last);
}

static int
cmp_day(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* Each phase's commits and direct ones; the direct ones by day. */
static void
count_commits(const struct attribution *a, const uint32_t *by,
	      const uint32_t *pos, struct timeline *tl)
{
	int64_t *days = xmalloc((a->order_nr ? a->order_nr : 1) *
				sizeof(*days));
	uint32_t nd = 0;
	size_t alloc = 0;

	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t c = a->order[k], at = by[c];
		uint32_t p = at == HIST_NONE ? HIST_NONE : tl->ph.of[at];

		if (p == HIST_NONE)
			continue;
		tl->fig[p].commits++;
		if (a->path_of[c] != PATH_MAINLINE)
			continue;
		tl->fig[p].direct++;
		days[nd++] = phases_day(tl->ph.time[pos[at]]);
	}
	if (nd)
		qsort(days, nd, sizeof(*days), cmp_day);
	for (uint32_t k = 0; k < nd; k++) {
		if (tl->direct_nr && tl->direct[tl->direct_nr - 1].day == days[k]) {
			tl->direct[tl->direct_nr - 1].commits++;
			continue;
		}
		ALLOC_GROW(tl->direct, tl->direct_nr + 1, alloc);
		tl->direct[tl->direct_nr++] = (struct timeline_day){ days[k], 1 };
	}
	free(days);
}

static int
cmp_late(const void *a, const void *b)
{
	const struct timeline_late *x = a, *y = b;

	if (x->phase != y->phase)
		return x->phase < y->phase ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* find_late's mark of a tree whose first pull was not late. */
#define ON_TIME (HIST_NONE - 1)

/* The trees whose first pull came after a pre-release tag, when the
 * range holds a merge window; and what pulls after one brought. */
static void
find_late(const struct chart *c, struct timeline *tl)
{
	uint32_t ntree = c->tt.nr;
	uint32_t *at = xmalloc((ntree ? ntree : 1) * sizeof(*at));

	tl->late_from = xcalloc(tl->ph.nr ? tl->ph.nr : 1,
				sizeof(*tl->late_from));
	for (uint32_t k = 0; k < tl->ph.nr; k++) {
		tl->has_window |= tl->ph.v[k].kind == PHASE_WINDOW;
		if (tl->ph.v[k].kind == PHASE_PRE &&
		    (!k || tl->ph.v[k - 1].kind != PHASE_PRE))
			tl->late_from[tl->late_from_nr++] = k;
	}
	for (uint32_t id = 0; id < ntree; id++)
		at[id] = HIST_NONE;
	for (uint32_t j = 0; j < tl->pulls_nr; j++) {
		const struct timeline_pull *p = &tl->pulls[j];
		struct timeline_late *l;

		if (tl->ph.v[p->phase].kind == PHASE_PRE)
			tl->pulled_late += p->commits;
		if (p->tree >= ntree)
			continue;
		if (at[p->tree] != HIST_NONE) {
			if (at[p->tree] != ON_TIME) {
				tl->late[at[p->tree]].pulls++;
				tl->late[at[p->tree]].commits += p->commits;
			}
			continue;
		}
		if (!tl->has_window || tl->ph.v[p->phase].kind != PHASE_PRE) {
			at[p->tree] = ON_TIME;
			continue;
		}
		tl->late = xreallocarray(tl->late, tl->late_nr + 1,
					 sizeof(*tl->late));
		l = &tl->late[tl->late_nr];
		*l = (struct timeline_late){ p->tree, c->tt.t[p->tree].name,
					     p->phase, 1, p->commits };
		at[p->tree] = tl->late_nr++;
	}
	if (tl->late_nr)
		qsort(tl->late, tl->late_nr, sizeof(*tl->late), cmp_late);
	free(at);
}

void
timeline_measure(const struct history *h, const struct chart *c,
		 const struct tag_map *tm, const struct pattern *pattern,
		 struct timeline *out)
{
	uint32_t *by = latency_arrivals(h);
	uint32_t *pos = xmalloc((h->nr ? h->nr : 1) * sizeof(*pos));

	memset(out, 0, sizeof(*out));
	phases_of(h, tm, pattern, &out->ph);
	for (uint32_t k = 0; k < out->ph.line_nr; k++)
		pos[out->ph.line[k]] = k;
	out->fig = xcalloc(out->ph.nr ? out->ph.nr : 1, sizeof(*out->fig));
	out->commits = c->a.order_nr;
	take_pulls(h, c, by, pos, out);
	group_pulls(c, out);
	count_commits(&c->a, by, pos, out);
	find_late(c, out);
	free(pos);
	free(by);
}

void
timeline_release(struct timeline *tl)
{
	phases_release(&tl->ph);
	free(tl->fig);
	free(tl->pulls);
	free(tl->by_tree);
	free(tl->tree_first);
	free(tl->tree_pulls);
	free(tl->direct);
	free(tl->late);
	free(tl->late_from);
	memset(tl, 0, sizeof(*tl));
}

int64_t
timeline_late_share(const struct timeline *tl)
{
	return tl->commits ? ((int64_t)tl->pulled_late * 1000 +
			      tl->commits / 2) / tl->commits : 0;
}

/* --- the add-on ------------------------------------------------------ */

/* What the add-on keeps: the timeline, and the names of the trees. */
struct timeline_state {
	struct timeline tl;
	const struct tree_table *tt;
	const struct history *h;
};

/*
 * The warning on a date that contradicts its place on the first-parent
 * line (phases.h): the commit whose date moved the most, its date and
 * the one the timeline takes for it, when it moved more than 30 days.
 */
#define SKEW_SAID (30 * (int64_t)86400)

static void
warn_skew(const struct history *h, const struct phases *ph)
{
	char hex[OID_HEXSZ + 1];
	struct buf b = BUF_INIT;
	uint32_t i, np;
	int64_t t;

	if (ph->skew == HIST_NONE)
		return;
	i = ph->line[ph->skew];
	t = phases_commit_time(h, i);
	/* A series put on the line days after it was committed is
	 * common (and clocks minutes apart): said only from a month on,
	 * a clock set wrong. */
	if (t - ph->time[ph->skew] <= SKEW_SAID &&
	    ph->time[ph->skew] - t <= SKEW_SAID)
		return;
	history_hex(h, i, hex);
	history_parents(h, i, &np);
	buf_printf(&b, "treeplot: warning: %s %.12s is dated ",
		   np > 1 ? "merge" : "commit", hex);
	buf_add_day(&b, t);
	buf_puts(&b, ", out of order on the first-parent line: --timeline "
		 "takes it for ");
	buf_add_day(&b, ph->time[ph->skew]);
	if (ph->skew_nr > 1)
		buf_printf(&b, " (and %" PRIu32 " more commit%s out of order)",
			   ph->skew_nr - 1, ph->skew_nr == 2 ? "" : "s");
	fprintf(stderr, "%s\n", b.data);
	buf_release(&b);
}

/* The tags the pulls' merges carry (a mergetag header, dated by its
 * tagger): the chart marks when each pull was asked for. */
static int
read_tags(struct repo *r, const struct history *h, struct timeline *tl)
{
	uint32_t *list = xmalloc((tl->pulls_nr ? tl->pulls_nr : 1) *
				 sizeof(*list));
	struct commit_batch b;

	for (uint32_t k = 0; k < tl->pulls_nr; k++)
		list[k] = tl->pulls[k].merge;
	if (commit_batch_read(&b, r, h, list, tl->pulls_nr, CF_MERGETAG) < 0) {
		free(list);
		return -1;
	}
	for (uint32_t k = 0; k < tl->pulls_nr; k++) {
		const struct commit_info *ci = commit_batch_get(&b, list[k]);

		tl->pulls[k].tagged = ci->mergetag == MERGETAG_DATED;
		tl->pulls[k].tag_time = ci->tagger_time;
	}
	commit_batch_release(&b);
	free(list);
	return 0;
}

static int
timeline_gather(const struct extra_input *in, int arg, void **state)
{
	struct timeline_state *s;
	struct tag_map tm = { NULL, 0, 0 };

	(void)arg;
	if (tag_map_load(in->r, phases_keep, in->release, in->release,
			 &tm) < 0)
		return -1;
	s = xcalloc(1, sizeof(*s));
	timeline_measure(in->h, in->c, &tm, in->release, &s->tl);
	tag_map_release(&tm);
	if (read_tags(in->r, in->h, &s->tl) < 0) {
		timeline_release(&s->tl);
		free(s);
		return -1;
	}
	warn_skew(in->h, &s->tl.ph);
	s->tt = &in->c->tt;
	s->h = in->h;
	*state = s;
	return 1;
}

static void
timeline_free(void *state)
{
	struct timeline_state *s = state;

	timeline_release(&s->tl);
	free(s);
}

static void
add_text(struct buf *out, const char *s)
{
	escape_text(out, s, strlen(s));
}

/* The phases' table: days, pulls, trees, commits, direct ones. */
static void
text_phases(const struct timeline *tl, int width, struct buf *out)
{
	int nw = 5;
	struct buf name = BUF_INIT;

	for (uint32_t k = 0; k < tl->ph.nr; k++) {
		name.len = 0;
		add_text(&name, tl->ph.v[k].name);
		if ((int)name.len > nw)
			nw = (int)name.len;
	}
	buf_printf(out, "  %3s  %-*s  %-10s  %-10s  %5s  %5s  %5s  %*s  %*s\n",
		   "", nw, "phase", "first day", "last day", "days", "pulls",
		   "trees", width, "commits", width, "direct");
	for (uint32_t k = 0; k < tl->ph.nr; k++) {
		const struct phase *p = &tl->ph.v[k];
		const struct timeline_figures *fg = &tl->fig[k];

		name.len = 0;
		add_text(&name, p->name);
		buf_printf(out, "  %3u  %s%*s  ", k + 1, name.data,
			   nw - (int)name.len, "");
		buf_add_day(out, p->first_time);
		buf_puts(out, "  ");
		buf_add_day(out, p->last_time);
		buf_printf(out, "  %5" PRId64 "  %5u  %5u  %*u  %*u\n",
			   phases_day(p->last_time) -
			   phases_day(p->first_time) + 1, fg->pulls, fg->trees,
			   width, fg->commits, width, fg->direct);
	}
	buf_release(&name);
}

/* Each tree's pulls per phase, the flow's trees in order (--top's). */
static void
text_trees(const struct timeline *tl, const struct flow *f, int width,
	   struct buf *out)
{
	uint32_t *per = xcalloc(tl->ph.nr ? tl->ph.nr : 1, sizeof(*per));

	buf_printf(out, "\nPulls by phase (each tree's pulls in the phases "
		   "above, the largest trees first)\n  %*s  %5s ", width,
		   "commits", "pulls");
	for (uint32_t k = 0; k < tl->ph.nr; k++)
		buf_printf(out, " %3u", k + 1);
	buf_puts(out, "  tree\n");
	for (uint32_t i = 1; i < f->trees_nr && i < tl->trees_nr; i++) {
		uint32_t n = tl->tree_pulls[i];

		if (!n)
			continue;
		memset(per, 0, tl->ph.nr * sizeof(*per));
		for (uint32_t j = 0; j < n; j++)
			per[tl->pulls[tl->by_tree[tl->tree_first[i] + j]].phase]++;
		buf_printf(out, "  %*u  %5u ", width, f->trees[i].commits, n);
		for (uint32_t k = 0; k < tl->ph.nr; k++)
			if (per[k])
				buf_printf(out, " %3u", per[k]);
			else
				buf_puts(out, "   .");
		buf_puts(out, "  ");
		report_name(out, f->trees[i].name);
		buf_addc(out, '\n');
	}
	free(per);
}

static void
text_late(const struct timeline *tl, int width, struct buf *out)
{
	int nw = 5;

	buf_puts(out, "\nTrees first pulled after the merge window: ");
	if (!tl->has_window) {
		buf_puts(out, "none (the range holds no merge window)\n");
		return;
	}
	if (!tl->late_nr) {
		buf_puts(out, "none\n");
		return;
	}
	buf_printf(out, "%u\n", tl->late_nr);
	for (uint32_t k = 0; k < tl->ph.nr; k++) {
		size_t n = strlen(tl->ph.v[k].name);

		if ((int)n > nw)
			nw = (int)n;
	}
	buf_printf(out, "  %-*s  %5s  %*s  tree\n", nw, "first", "pulls",
		   width, "commits");
	for (uint32_t k = 0; k < tl->late_nr; k++) {
		const struct timeline_late *l = &tl->late[k];
		struct buf name = BUF_INIT;

		add_text(&name, tl->ph.v[l->phase].name);
		buf_printf(out, "  %s%*s  %5u  %*u  ", name.data,
			   nw - (int)name.len, "", l->pulls, width,
			   l->commits);
		report_name(out, l->name);
		buf_addc(out, '\n');
		buf_release(&name);
	}
}

static void
timeline_text(const void *state, const struct flow *f, int width,
	      struct buf *out)
{
	const struct timeline *tl = &((const struct timeline_state *)state)->tl;

	/* Room for the heads "commits" and "direct". */
	if (width < 7)
		width = 7;
	buf_puts(out, "\nTimeline: the phases of the mainline's first-parent "
		 "line, cut at its release\nand pre-release tags; a pull is "
		 "in the phase where it reached that line\n");
	if (!tl->ph.nr) {
		buf_puts(out, "  none: the range is empty\n");
		return;
	}
	text_phases(tl, width, out);
	buf_puts(out, "  pulled after the merge window");
	timeline_late_from(tl, out);
	buf_printf(out, ": %u commit%s (%.1f%%)\n",
		   tl->pulled_late, report_plural(tl->pulled_late),
		   (double)timeline_late_share(tl) / 10);
	text_trees(tl, f, width, out);
	text_late(tl, width, out);
}

static const char *
kind_name(enum phase_kind k)
{
	return k == PHASE_WINDOW ? "merge_window" :
	       k == PHASE_PRE ? "pre_release" : "start";
}

/* A day, "YYYY-MM-DD", as a JSON string. */
static void
json_day(struct json *j, const char *key, int64_t t)
{
	struct buf b = BUF_INIT;

	buf_add_day(&b, t * 86400);
	json_str(j, key, b.data);
	buf_release(&b);
}

static void
timeline_json(const void *state, const struct flow *f, struct json *j)
{
	const struct timeline *tl = &((const struct timeline_state *)state)->tl;

	(void)f;
	json_open(j, "phases", '[');
	for (uint32_t k = 0; k < tl->ph.nr; k++) {
		const struct phase *p = &tl->ph.v[k];
		const struct timeline_figures *fg = &tl->fig[k];

		json_open(j, NULL, '{');
		json_str(j, "name", p->name);
		json_str(j, "kind", kind_name(p->kind));
		json_str(j, "start_tag", p->start_tag);
		json_str(j, "end_tag", p->end_tag);
		json_day(j, "first_day", phases_day(p->first_time));
		json_day(j, "last_day", phases_day(p->last_time));
		json_uint(j, "days", (uint64_t)(phases_day(p->last_time) -
						phases_day(p->first_time) + 1));
		json_int(j, "first_time", p->first_time);
		json_int(j, "last_time", p->last_time);
		json_uint(j, "pulls", fg->pulls);
		json_uint(j, "tree_count", fg->trees);
		json_uint(j, "commits", fg->commits);
		json_uint(j, "direct", fg->direct);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_uint(j, "late_pulled", tl->pulled_late);
	json_tenths(j, "late_pulled_share", timeline_late_share(tl));
	json_open(j, "late_pulled_from", '[');
	for (uint32_t k = 0; k < tl->late_from_nr; k++)
		json_str(j, NULL, tl->ph.v[tl->late_from[k]].start_tag);
	json_close(j, ']');
	if (tl->has_window) {
		json_open(j, "late_trees", '[');
		for (uint32_t k = 0; k < tl->late_nr; k++) {
			const struct timeline_late *l = &tl->late[k];

			json_open(j, NULL, '{');
			json_str(j, "name", l->name);
			json_str(j, "phase", tl->ph.v[l->phase].name);
			json_uint(j, "pulls", l->pulls);
			json_uint(j, "commits", l->commits);
			json_close(j, '}');
		}
		json_close(j, ']');
	} else {
		json_str(j, "late_trees", NULL);
	}
	json_open(j, "direct_by_day", '[');
	for (uint32_t k = 0; k < tl->direct_nr; k++) {
		json_open(j, NULL, '{');
		json_day(j, "day", tl->direct[k].day);
		json_uint(j, "commits", tl->direct[k].commits);
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void
timeline_json_tree(const void *state, const struct flow *f, uint32_t i,
		   struct json *j)
{
	const struct timeline_state *s = state;
	const struct timeline *tl = &s->tl;
	uint32_t n = i < tl->trees_nr ? tl->tree_pulls[i] : 0;
	char hex[OID_HEXSZ + 1];

	(void)f;
	json_str(j, "first_phase", n ? tl->ph.v[tl->pulls[
		tl->by_tree[tl->tree_first[i]]].phase].name : NULL);
	json_open(j, "timeline", '[');
	for (uint32_t k = 0; k < n; k++) {
		const struct timeline_pull *p =
			&tl->pulls[tl->by_tree[tl->tree_first[i] + k]];

		json_open(j, NULL, '{');
		history_hex(s->h, p->merge, hex);
		json_str(j, "merge", hex);
		json_int(j, "time", p->time);
		json_int(j, "tz", p->tz);
		json_str(j, "phase", tl->ph.v[p->phase].name);
		json_uint(j, "commits", p->commits);
		history_hex(s->h, p->arrived, hex);
		json_str(j, "mainline_merge", hex);
		json_int(j, "line_time", p->line_time);
		json_close(j, '}');
	}
	json_close(j, ']');
}

/* The pulls table: one row a pull, in the line's order. */
static void
timeline_csv(const void *state, const struct flow *f, struct buf *out)
{
	const struct timeline_state *s = state;
	const struct timeline *tl = &s->tl;
	char hex[OID_HEXSZ + 1];
	struct buf day = BUF_INIT;

	(void)f;
	buf_puts(out, "merge,time,day,phase,tree,commits,mainline_merge");
	csv_end(out);
	for (uint32_t j = 0; j < tl->pulls_nr; j++) {
		const struct timeline_pull *p = &tl->pulls[j];

		history_hex(s->h, p->merge, hex);
		csv_text(out, hex, 1);
		csv_int(out, p->time, 0);
		day.len = 0;
		buf_add_day(&day, p->time);
		csv_text(out, day.data, 0);
		csv_text(out, tl->ph.v[p->phase].name, 0);
		csv_text(out, s->tt->t[p->tree].name, 0);
		csv_uint(out, p->commits, 0);
		history_hex(s->h, p->arrived, hex);
		csv_text(out, hex, 0);
		csv_end(out);
	}
	buf_release(&day);
}

static const struct opt timeline_options[] = {
	{ .name = "timeline", .modes = MODE_REPORT | MODE_COMPARE,
	  .kind = OPT_SET, .value = 1,
	  .help = "when the mainline pulled each tree: the phases of\n"
		  "the cycle (merge window, each -rc), pulls by phase,\n"
		  "the trees first pulled after the merge window; with\n"
		  "an svg, png or pdf output, the timeline chart\n"
		  "instead of the flow chart" },
};

/* --- --compare: a range's commits pulled after the merge window ------ */

/* The tags, read once for every range. */
struct timeline_shared {
	struct tag_map tm;
	const struct pattern *release;
};

static int
timeline_compare_begin(const struct extra_compare *in, int arg,
		       void **shared)
{
	struct timeline_shared *ts = xcalloc(1, sizeof(*ts));

	(void)arg;
	if (tag_map_load(in->r, phases_keep, in->release, in->release,
			 &ts->tm) < 0) {
		free(ts);
		return -1;
	}
	ts->release = in->release;
	*shared = ts;
	return 0;
}

static void
timeline_compare_end(void *shared)
{
	struct timeline_shared *ts = shared;

	tag_map_release(&ts->tm);
	free(ts);
}

static int
timeline_range_gather(const void *shared, const struct history *view,
		      const struct chart *c, void **state)
{
	const struct timeline_shared *ts = shared;
	uint32_t *late = xmalloc(sizeof(*late));
	struct timeline tl;

	timeline_measure(view, c, &ts->tm, ts->release, &tl);
	*late = tl.pulled_late;
	timeline_release(&tl);
	*state = late;
	return 0;
}

static const struct extra_figure timeline_figures[] = {
	EXTRA_ROW_JSON("pulled after the merge window", "late_pulled",
		       EXTRA_COUNT, NULL, NULL, 0, NULL, NULL),
	EXTRA_ROW_JSON("share pulled after the merge window",
		       "late_pulled_share", EXTRA_TENTHS,
		       "Pulled after the merge window, closed by the "
		       "cycle's first pre-release tag", "% of the commits",
		       0, NULL, NULL),
};

/* The range's share of its commits pulled after the merge window, in
 * tenths of a percent (timeline_late_share's rounding). */
static int64_t
late_share(uint32_t late, const struct flow *f)
{
	uint32_t n = f->commits;

	return n ? ((int64_t)late * 1000 + n / 2) / n : 0;
}

static int
timeline_range_figure(const void *state, const struct flow *f, size_t i,
		      int64_t *v)
{
	uint32_t late = *(const uint32_t *)state;

	if (!i) {
		*v = late;
		return 1;
	}
	*v = late_share(late, f);
	return f->commits > 0;
}

/* The timeline chart, instead of the flow's. */
static void
timeline_chart(const void *state, struct extra_chart *out)
{
	const struct timeline_state *st = state;

	*out = (struct extra_chart){ EXTRA_CHART_TIMELINE, &st->tl, 1 };
}

const struct extra timeline_extra = {
	.name = "timeline",
	.options = timeline_options,
	.options_nr = ARRAY_SIZE(timeline_options),
	.walk = HISTORY_LINE_DATES,	/* the line's dates, kept by the walk */
	.gather = timeline_gather,
	.release = timeline_free,
	.text = timeline_text,
	.json = timeline_json,
	.json_tree = timeline_json_tree,
	.csv_table = "pulls",
	.csv_table_write = timeline_csv,
	.chart = timeline_chart,
	.compare_begin = timeline_compare_begin,
	.compare_end = timeline_compare_end,
	.range_gather = timeline_range_gather,
	.range_release = free,
	.range_figure = timeline_range_figure,
	.figures = timeline_figures,
	.figures_nr = ARRAY_SIZE(timeline_figures),
};
