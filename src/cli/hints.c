/*
 * hints.c - what a walk tells the user on standard error beside the
 * output.
 */
#include "cli/hints.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git/commit_index.h"
#include "util/escape.h"

/* The warning, or with require the error, naming boundary commit i,
 * one of nr in the ranges. */
static int
report_boundary(const struct history *h, uint32_t i, uint32_t nr,
		int require)
{
	char hex[OID_HEXSZ + 1], more[48] = "";	/* " (one of N ...)" */

	history_hex(h, i, hex);
	if (nr > 1)
		snprintf(more, sizeof(more), " (one of %u boundary commits)",
			 nr);
	/* Both say what is missing and the way out: the history beyond the
	 * boundary is simply not in this clone. */
	if (require) {
		error("the range reaches the shallow clone's boundary at "
		      "%.12s%s: its history is incomplete; fetch it with "
		      "'git fetch --unshallow' (or '--deepen=N')", hex, more);
		return ST_INCOMPLETE;
	}
	fprintf(stderr, "treeplot: warning: the range reaches the shallow "
		"clone's boundary at %.12s%s: commits beyond it are missing "
		"from the counts; 'git fetch --unshallow' (or '--deepen=N') "
		"fetches them\n", hex, more);
	return 0;
}

/* The first of the table's boundary commits with all of want in
 * flags, and their number in *nr. */
static uint32_t
first_boundary(const struct history *h, const uint8_t *flags, uint8_t want,
	       uint32_t *nr)
{
	uint32_t first = HIST_NONE;

	*nr = 0;
	for (uint32_t i = 0; i < h->nr; i++) {
		if ((h->flags[i] & HIST_SHALLOW) && (flags[i] & want) == want) {
			if (first == HIST_NONE)
				first = i;
			++*nr;
		}
	}
	return first;
}

/* The children of every commit of h: child[cstart[i] .. cstart[i + 1]). */
struct children {
	uint32_t *cstart, *child;
};

static void
children_init(struct children *c, const struct history *h)
{
	uint32_t *fill;

	c->cstart = xcalloc((size_t)h->nr + 1, sizeof(*c->cstart));
	c->child = xmalloc((h->parent_nr ? h->parent_nr : 1) *
			   sizeof(*c->child));
	for (uint32_t i = 0; i < h->nr; i++) {
		uint32_t np;
		const uint32_t *par = history_parents(h, i, &np);

		for (uint32_t k = 0; k < np; k++)
			c->cstart[par[k] + 1]++;
	}
	for (uint32_t i = 0; i < h->nr; i++)
		c->cstart[i + 1] += c->cstart[i];
	fill = xcalloc(h->nr ? h->nr : 1, sizeof(*fill));
	for (uint32_t i = 0; i < h->nr; i++) {
		uint32_t np;
		const uint32_t *par = history_parents(h, i, &np);

		for (uint32_t k = 0; k < np; k++)
			c->child[c->cstart[par[k]] + fill[par[k]]++] = i;
	}
	free(fill);
}

static void
children_release(struct children *c)
{
	free(c->cstart);
	free(c->child);
}

/*
 * The range's start (the commits flags marks HIST_HIDDEN) cut by the
 * shallow boundary: a non-merge commit of the range (HIST_IN_RANGE) is
 * provably not in the start's history only when it descends from every
 * boundary commit of that history (which it would otherwise be an
 * ancestor of, through the parents the clone lacks).  The number that
 * may be in it (0: the counts are exact on this side), with the first
 * such boundary commit in *at, their number in *cut and the range's
 * non-merge commits in *total.
 */
static uint32_t
over_counted(const struct history *h, const uint8_t *flags, uint32_t *at,
	     uint32_t *cut, uint32_t *total)
{
	struct children c;
	uint32_t *below, *seen, *queue, over = 0;

	*at = first_boundary(h, flags, HIST_HIDDEN, cut);
	*total = 0;
	if (*at == HIST_NONE)
		return 0;
	for (uint32_t i = 0; i < h->nr; i++)
		*total += (flags[i] & HIST_IN_RANGE) &&
			  !history_is_merge(h, i);
	children_init(&c, h);
	below = xcalloc(h->nr, sizeof(*below));	/* boundaries below */
	seen = xcalloc(h->nr, sizeof(*seen));	/* stamp: boundary + 1 */
	queue = xmalloc(h->nr * sizeof(*queue));
	for (uint32_t b = 0; b < h->nr; b++) {
		uint32_t qn = 0;

		if (!(h->flags[b] & HIST_SHALLOW) || !(flags[b] & HIST_HIDDEN))
			continue;
		seen[b] = b + 1;
		queue[qn++] = b;
		for (uint32_t q = 0; q < qn; q++) {
			uint32_t i = queue[q];

			below[i]++;
			for (uint32_t k = c.cstart[i]; k < c.cstart[i + 1]; k++)
				if (seen[c.child[k]] != b + 1) {
					seen[c.child[k]] = b + 1;
					queue[qn++] = c.child[k];
				}
		}
	}
	for (uint32_t i = 0; i < h->nr; i++)
		over += (flags[i] & HIST_IN_RANGE) && !history_is_merge(h, i) &&
			below[i] < *cut;
	free(queue);
	free(seen);
	free(below);
	children_release(&c);
	return over;
}

/* The error for a start whose cut history would make the counts too
 * high (what over_counted found), of the range rg (NULL: the one
 * range): always, as no output would be true. */
static int
report_over(const struct history *h, const struct range *rg, uint32_t at,
	    uint32_t cut, uint32_t over, uint32_t total)
{
	char hex[OID_HEXSZ + 1], more[48] = "";
	struct buf which = BUF_INIT;

	history_hex(h, at, hex);
	if (cut > 1)
		snprintf(more, sizeof(more), " (one of %u boundary commits)",
			 cut);
	if (rg && rg->from_name && rg->to_name) {
		buf_puts(&which, "the start of the range ");
		escape_text(&which, rg->from_name, strlen(rg->from_name));
		buf_puts(&which, "..");
		escape_text(&which, rg->to_name, strlen(rg->to_name));
	} else {
		buf_puts(&which, "the range's start");
	}
	error("%s has its history cut by the shallow clone's boundary at "
	      "%.12s%s: up to %u of the %u commits counted may be in that "
	      "history, so the counts would be too high; fetch it with "
	      "'git fetch --unshallow' (or '--deepen=N')", which.data, hex,
	      more, over, total);
	buf_release(&which);
	return ST_INCOMPLETE;
}

int
hint_shallow(const struct history *h, int require)
{
	uint32_t nr, i, at, cut, total, over;

	if ((over = over_counted(h, h->flags, &at, &cut, &total)))
		return report_over(h, NULL, at, cut, over, total);
	if (!h->shallow)
		return 0;
	i = first_boundary(h, h->flags, HIST_IN_RANGE, &nr);
	return i == HIST_NONE ? 0 : report_boundary(h, i, nr, require);
}

/* A walk marking commits with flag, not crossing those with stop. */
struct marking {
	uint8_t *flags;
	uint8_t flag, stop;
};

static int
mark_one(uint32_t i, void *data)
{
	struct marking *m = data;

	if (m->flags[i] & (m->flag | m->stop))
		return 0;
	m->flags[i] |= m->flag;
	return 1;
}

/* Mark in flags (HIST_IN_RANGE) the commits of rg within the union h,
 * as walk_range would have for rg alone. */
static void
mark_range(const struct history *h, const struct commit_index *ix,
	   const struct range *rg, uint8_t *flags, struct history_stack *st)
{
	struct marking hide = { flags, HIST_HIDDEN, 0 };
	struct marking in = { flags, HIST_IN_RANGE, HIST_HIDDEN };
	uint32_t from = rg->has_from ? commit_index_find(ix, &rg->from) :
			HIST_NONE, to = commit_index_find(ix, &rg->to);

	if (from != HIST_NONE)
		history_walk(h, from, mark_one, &hide, st);
	if (to != HIST_NONE)
		history_walk(h, to, mark_one, &in, st);
}

int
hint_shallow_ranges(const struct history *h, const struct range *rgs,
		    size_t n, int require)
{
	struct commit_index ix;
	struct history_stack st = HISTORY_STACK_INIT;
	uint8_t *flags, *any;
	uint32_t nr, i, at, cut, total, over;
	int ret = 0, cut_any = 0;

	/* Whether the union met any boundary, on either side of a range
	 * (the union's walk marks none hidden). */
	for (uint32_t j = 0; j < h->nr && !cut_any; j++)
		cut_any = !!(h->flags[j] & HIST_SHALLOW);
	if (!cut_any)
		return 0;
	commit_index_init(&ix, h);
	flags = xmalloc(h->nr);
	any = xcalloc(h->nr, 1);
	for (size_t k = 0; k < n; k++) {
		memset(flags, 0, h->nr);
		mark_range(h, &ix, &rgs[k], flags, &st);
		if (!ret && (over = over_counted(h, flags, &at, &cut, &total)))
			ret = report_over(h, &rgs[k], at, cut, over,
					  total);
		for (uint32_t j = 0; j < h->nr; j++)
			any[j] |= flags[j] & HIST_IN_RANGE;
	}
	i = first_boundary(h, any, HIST_IN_RANGE, &nr);
	free(flags);
	free(any);
	history_stack_release(&st);
	commit_index_release(&ix);
	if (ret)
		return ret;
	return i == HIST_NONE ? 0 : report_boundary(h, i, nr, require);
}

/* Whether a walk of ms without a commit-graph was slow: longer than
 * TREEPLOT_SLOW_WALK_MS when set to a number, else HINT_SLOW_WALK_MS. */
static int
slow_walk(const struct history *h, uint64_t ms)
{
	const char *s = getenv("TREEPLOT_SLOW_WALK_MS");
	uint64_t min = HINT_SLOW_WALK_MS;
	char *end;

	if (s && *s) {
		unsigned long long v = strtoull(s, &end, 10);

		if (!*end)
			min = (uint64_t)v;
	}
	return h->no_graph && ms >= min;
}

/* dir as a shell word: as it is when it holds nothing a shell reads,
 * else in double quotes, inside the hint's single-quoted command. */
static void
shell_word(struct buf *b, const char *dir)
{
	if (*dir && strspn(dir, "abcdefghijklmnopqrstuvwxyz"
			   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+,=:@%") ==
	    strlen(dir)) {
		buf_puts(b, dir);
		return;
	}
	buf_addc(b, '"');
	for (; *dir; dir++) {
		if (strchr("\"$`\\", *dir))
			buf_addc(b, '\\');
		buf_addc(b, *dir);
	}
	buf_addc(b, '"');
}

void
hint_commit_graph(const struct history *h, int whole, uint64_t ms,
		  const char *dir)
{
	struct buf cmd = BUF_INIT;

	if (!slow_walk(h, ms))
		return;
	buf_puts(&cmd, "git ");
	if (dir) {
		buf_puts(&cmd, "-C ");
		shell_word(&cmd, dir);
		buf_addc(&cmd, ' ');
	}
	buf_puts(&cmd, "commit-graph write --reachable");
	/* Through error()'s escaping: a directory's name is anyone's. */
	error("hint: '%s' makes later runs like this one about %sx faster",
	      cmd.data, whole ? HINT_GRAPH_SPEEDUP_WHOLE :
	      HINT_GRAPH_SPEEDUP_RANGE);
	buf_release(&cmd);
}

void
hint_whole_history(const char *mode, const struct history *h, uint64_t ms)
{
	if (!slow_walk(h, ms))
		return;
	error("note: %s without a range searched the whole history to HEAD, "
	      "a walk of %u commits (%.1f s); a range (A..B, or --range) "
	      "searches less", mode, h->in_range, (double)ms / 1000);
}

/* A duration as a reader would say it: days, months or years. */
static void
add_duration(struct buf *b, int64_t secs)
{
	double days = (double)secs / 86400;

	if (days < 60)
		buf_printf(b, "%.0f days", days);
	else if (days < 730)
		buf_printf(b, "%.0f months", days / 30.44);
	else
		buf_printf(b, "%.1f years", days / 365.25);
}

/* The ways out of a long default range, after "; ". */
static void
add_ways_out(struct buf *msg, const struct range *rg, int64_t last,
	     int64_t skipped)
{
	const struct range_note *n = rg->note;
	const char *tag = n->skipped_nr ? n->skipped[0] : NULL;

	if (n->no_tags) {
		buf_puts(msg, "the repository has no tag to start a cycle "
			 "from: give a range (A..B)");
		return;
	}
	if (tag && skipped >= 0) {
		/* The tag is the history's text: escaped as in the report. */
		buf_puts(msg, "the newest tag on the first-parent line, ");
		escape_text(msg, tag, strlen(tag));
		buf_puts(msg, " (");
		add_duration(msg, last > skipped ? last - skipped : 0);
		buf_printf(msg, " before %s), is no release by the rule: "
			   "try ", rg->to_name);
		escape_text(msg, tag, strlen(tag));
		buf_printf(msg, "..%s, set treeplot.releasePattern, or give "
			   "another range (A..B)", rg->to_name);
		return;
	}
	buf_puts(msg, "if releases are tagged off the mainline, set "
		 "treeplot.releasePattern, or give a range (A..B)");
}

void
hint_long_range(const struct range *rg, int64_t first, int64_t last,
		int64_t skipped)
{
	const struct range_note *n = rg->note;
	int64_t span = last - first, cadence;
	struct buf msg = BUF_INIT;

	if (!n || span <= 0)
		return;
	cadence = n->release_interval;
	if (span <= (int64_t)HINT_LONG_RANGE_DAYS * 86400 &&
	    (cadence <= 0 || span <= 3 * cadence))
		return;
	buf_puts(&msg, "the default range ");
	if (rg->has_from)
		buf_printf(&msg, "%s..%s", rg->from_name, rg->to_name);
	else
		buf_printf(&msg, "%s (the whole history)", rg->to_name);
	buf_puts(&msg, " spans ");
	add_duration(&msg, span);
	if (cadence > 0 && span > 3 * cadence) {
		buf_puts(&msg, ", over three times the recent releases' "
			 "interval (");
		add_duration(&msg, cadence);
		buf_addc(&msg, ')');
	}
	/* One line: the likely cause, then the ways out. */
	buf_puts(&msg, "; ");
	add_ways_out(&msg, rg, last, skipped);
	error("warning: %s", msg.data);
	buf_release(&msg);
}

void
hint_chart_folded(uint32_t trees, uint32_t kept, uint32_t folded)
{
	fprintf(stderr, "treeplot: warning: %" PRIu32 " trees are more than "
		"a chart lays out in reasonable time: the %" PRIu32 " that "
		"brought the most commits into the mainline are kept, the "
		"other %" PRIu32 " folded into one (--top N keeps another "
		"number, --top all every tree)\n", trees, kept, folded);
}
