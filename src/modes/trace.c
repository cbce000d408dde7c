/*
 * trace.c - --trace: the way each named commit took to the mainline.
 *
 * Everything comes from the one walk and attribution of the range: a
 * commit's path gives the trees, innermost first, and the via chain the
 * merge of each hop (the merge that pulled the inner tree into the outer
 * one), so tracing n commits costs n lookups and n object reads (for
 * their subjects; merges' subjects the walk already has).
 */
#include "modes/trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flow/report.h"
#include "flow/topics.h"
#include "git/commit_index.h"
#include "util/escape.h"
#include "util/json_writer.h"


/* What a run of traces reads: its input, and per history index the
 * run of the first-parent line's merges that brought the commit. */
struct tracer {
	const struct trace_input *in;
	uint32_t *run_of;	/* topics_runs_of's */
};

struct item {
	struct named_rev name;	/* first: named_rev_at's */
	char *subject;		/* FOUND_COMMIT */
};

/* The first word of each line of standard input, blank lines skipped
 * (so "git log --oneline" can be piped in as well as ids). */
static int
read_stdin(char ***words, size_t *nr, size_t *alloc)
{
	char line[4096];

	while (fgets(line, sizeof(line), stdin)) {
		size_t len = strlen(line), start, end;

		/* A longer line: its first word is long enough already. */
		if (len == sizeof(line) - 1 && line[len - 1] != '\n') {
			int ch;

			while ((ch = getchar()) != EOF && ch != '\n')
				;
		}
		start = strspn(line, " \t\r\n");
		end = start + strcspn(line + start, " \t\r\n");
		if (end == start)
			continue;
		ALLOC_GROW(*words, *nr + 1, *alloc);
		(*words)[(*nr)++] = xstrndup(line + start, end - start);
	}
	if (ferror(stdin))
		return error("cannot read standard input: %s", strerror(errno));
	return 0;
}


/*
 * The dates a four-digit year can show (0000-01-01 to 9999-12-31, UTC)
 * and the zones two-digit hours can (up to 99:59 either way).  git takes
 * any 64-bit time and any "+HHMM" (fast-import even 2^64 - 1): past
 * these, a date is not written, rather than overflowed or misprinted.
 */
#define DATE_MIN (-62167219200LL)
#define DATE_MAX 253402300799LL
#define ZONE_MAX (99 * 60 + 59)

/* "2009-01-01 12:03:00 +0100" (text) or "2009-01-01T12:03:00+01:00"
 * (iso): the time as its committer's clock showed it.  Returns 0, or -1
 * with nothing written for a date or zone out of those bounds. */
static int
add_date(struct buf *out, int64_t t, int32_t tz, int iso)
{
	int32_t a = tz < 0 ? -tz : tz;
	time_t local;
	struct tm tm;

	if (tz < -ZONE_MAX || tz > ZONE_MAX || t < DATE_MIN - ZONE_MAX * 60 ||
	    t > DATE_MAX + ZONE_MAX * 60)
		return -1;
	local = (time_t)(t + (int64_t)tz * 60);
	if (local < DATE_MIN || local > DATE_MAX || !gmtime_r(&local, &tm))
		return -1;
	buf_printf(out, iso ? "%04d-%02d-%02dT%02d:%02d:%02d%c%02d:%02d" :
		   "%04d-%02d-%02d %02d:%02d:%02d %c%02d%02d",
		   tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		   tm.tm_min, tm.tm_sec, tz < 0 ? '-' : '+', a / 60, a % 60);
	return 0;
}

/* The trees of c's path, innermost first, mainline last. */
static uint32_t *
path_of(const struct chart *ch, uint32_t c, uint32_t *nr)
{
	const struct paths *p = &ch->a.paths;
	uint32_t n = path_trees(p, ch->a.path_of[c], NULL, 0);
	uint32_t *trees = xmalloc((n ? n : 1) * sizeof(*trees));

	path_trees(p, ch->a.path_of[c], trees, n);
	*nr = n;
	return trees;
}

static const char *
tree_name_of(const struct chart *ch, uint32_t tree)
{
	return ch->tt.t[tree].name;
}

/* One hop: the merge that took the commit from one tree (or branch of
 * the mainline) into the next. */
struct hop {
	const char *from, *to;	/* borrowed: the tree table's, or branch */
	uint32_t merge;
};

/* What the hops of a trace borrow: the branch of the mainline they
 * went through, when one. */
struct hops {
	struct hop *v;
	uint32_t nr;
	char *branch;
	int direct;	/* a direct commit, through branch */
};

/*
 * Commit c's hops, innermost first: one per step of its path (via),
 * then, when the merge of the first-parent line that brought it is not
 * the last of them (a pull into an integration branch such as "next",
 * a direct commit of a topic branch), that branch as a hop of its own,
 * so the last hop is always that merge (attribute.h's runs, as -T
 * commits' second field).
 */
static void
hops_of(const struct tracer *tr, uint32_t c, const uint32_t *trees,
	uint32_t n, struct hops *out)
{
	const struct chart *ch = tr->in->c;
	uint32_t m = ch->a.via[c], r = tr->run_of[c];

	out->v = xmalloc((n + 1) * sizeof(*out->v));
	out->nr = 0;
	out->branch = NULL;
	out->direct = 0;
	for (uint32_t k = 0; k + 1 < n && m != HIST_NONE; k++) {
		out->v[out->nr++] = (struct hop){ tree_name_of(ch, trees[k]),
			tree_name_of(ch, trees[k + 1]), m };
		m = ch->a.via[m];
	}
	if (r == HIST_NONE ||
	    (out->nr && out->v[out->nr - 1].merge == ch->a.runs[r].merge))
		return;
	out->branch = topics_branch_of(tr->in->h, ch->a.runs[r].merge,
				       ch->a.runs[r].parent);
	if (!out->branch)
		out->branch = xstrdup("(a branch)");
	out->direct = !out->nr;
	if (out->nr)
		out->v[out->nr - 1].to = out->branch;
	out->v[out->nr++] = (struct hop){ out->branch,
		tree_name_of(ch, TREE_MAINLINE), ch->a.runs[r].merge };
}

static void
hops_release(struct hops *hs)
{
	free(hs->v);
	free(hs->branch);
}

static void
add_text(struct buf *out, const char *s)
{
	escape_text(out, s ? s : "", s ? strlen(s) : 0);
}

static void
text_item(const struct tracer *tr, const struct item *it, struct buf *out)
{
	const struct trace_input *in = tr->in;
	const struct chart *ch = in->c;
	char hex[OID_HEXSZ + 1];
	uint32_t n, *trees = path_of(ch, it->name.i, &n);
	struct hops hs;

	hops_of(tr, it->name.i, trees, n, &hs);
	history_hex(in->h, it->name.i, hex);
	buf_printf(out, "\ncommit %.12s  ", hex);
	add_text(out, it->subject);
	buf_addc(out, '\n');
	if (!hs.nr || hs.direct) {
		buf_puts(out, "  direct to ");
		add_text(out, tree_name_of(ch, trees[0]));
		if (hs.direct) {
			buf_puts(out, ", through ");
			add_text(out, hs.branch);
		} else {
			buf_addc(out, '\n');
		}
	}
	for (uint32_t k = 0; k < hs.nr; k++) {
		int32_t tz;
		uint32_t m = hs.v[k].merge;
		int64_t t = history_merge_time(in->h, m, &tz);

		if (!hs.direct) {
			buf_puts(out, "  ");
			add_text(out, hs.v[k].from);
			buf_puts(out, " -> ");
			add_text(out, hs.v[k].to);
		}
		history_hex(in->h, m, hex);
		buf_printf(out, "\n    %.12s  ", hex);
		if (add_date(out, t, tz, 0) < 0)
			buf_puts(out, "(date out of range)");
		buf_puts(out, "  ");
		add_text(out, history_subject(in->h, m));
		buf_addc(out, '\n');
	}
	hops_release(&hs);
	free(trees);
}

static void
trace_text(const struct tracer *tr, const struct item *items, size_t nr,
	   struct buf *out)
{
	const struct trace_input *in = tr->in;

	buf_puts(out, "repository  ");
	add_text(out, in->repo);
	buf_puts(out, "\nrange       ");
	add_text(out, in->range);
	if (in->c->f.selection) {
		struct buf sel = BUF_INIT;

		selection_describe(in->c->f.selection, &sel);
		buf_puts(out, "\nselected    ");
		add_text(out, sel.data);
		buf_release(&sel);
	}
	buf_addc(out, '\n');
	for (size_t i = 0; i < nr; i++)
		if (items[i].name.status == FOUND_COMMIT)
			text_item(tr, &items[i], out);
}

static void
json_item(struct json *j, const void *ctx, const void *elem)
{
	const struct tracer *tr = ctx;
	const struct trace_input *in = tr->in;
	const struct item *it = elem;
	const struct chart *ch = in->c;
	char hex[OID_HEXSZ + 1];
	uint32_t n, *trees = path_of(ch, it->name.i, &n);
	struct buf date = BUF_INIT;
	struct hops hs;

	json_open(j, NULL, '{');
	json_str(j, "argument", it->name.rev);
	history_hex(in->h, it->name.i, hex);
	json_str(j, "id", hex);
	json_str(j, "subject", it->subject);
	json_open(j, "path", '[');
	for (uint32_t k = 0; k < n; k++)
		json_str(j, NULL, tree_name_of(ch, trees[k]));
	json_close(j, ']');
	json_open(j, "hops", '[');
	hops_of(tr, it->name.i, trees, n, &hs);
	for (uint32_t k = 0; k < hs.nr; k++) {
		int32_t tz;
		uint32_t m = hs.v[k].merge;
		int64_t t = history_merge_time(in->h, m, &tz);
		const char *s = history_subject(in->h, m);

		json_open(j, NULL, '{');
		json_str(j, "from", hs.v[k].from);
		json_str(j, "to", hs.v[k].to);
		history_hex(in->h, m, hex);
		json_str(j, "merge", hex);
		date.len = 0;
		json_str(j, "date",
			 add_date(&date, t, tz, 1) < 0 ? NULL : date.data);
		json_int(j, "time", t);
		json_str(j, "subject", s ? s : "");
		json_close(j, '}');
	}
	hops_release(&hs);
	json_close(j, ']');
	json_close(j, '}');
	buf_release(&date);
	free(trees);
}

static void
trace_json(const struct tracer *tr, const struct item *items, size_t nr,
	   struct buf *out)
{
	const struct trace_input *in = tr->in;
	const struct report_named r = {
		in->repo, in->range, tree_name_of(in->c, TREE_MAINLINE),
		in->c->f.mainline_urls, in->c->f.mainline_urls_nr,
		"traces", "untraced", FOUND_COMMIT, json_item, tr,
		in->c->f.selection
	};

	report_named_json(&r, items, nr, sizeof(*items), out);
}

int
trace(const struct trace_input *in, struct buf *text, struct buf *json)
{
	struct tracer tr = { in, topics_runs_of(&in->c->a, in->h->nr) };
	struct commit_index ix;
	struct item *items = NULL;
	char **words = NULL;
	size_t nr = 0, alloc = 0, words_nr = 0, words_alloc = 0;
	int ret = 0;

	commit_index_init(&ix, in->h);
	for (size_t i = 0; i < in->revs_nr; i++) {
		size_t from = words_nr;

		if (strcmp(in->revs[i], "-")) {
			ALLOC_GROW(items, nr + 1, alloc);
			memset(&items[nr], 0, sizeof(*items));
			items[nr++].name.rev = in->revs[i];
			continue;
		}
		if ((ret = read_stdin(&words, &words_nr, &words_alloc)) < 0)
			goto out;
		ALLOC_GROW(items, nr + (words_nr - from), alloc);
		for (size_t k = from; k < words_nr; k++) {
			memset(&items[nr], 0, sizeof(*items));
			items[nr++].name.rev = words[k];
		}
	}
	for (size_t i = 0; i < nr; i++) {
		struct buf subject = BUF_INIT;

		commit_index_resolve(&ix, in->r, &items[i].name);
		/* Selected commits only, as the reports count them: the
		 * others lost their path (attribution_select). */
		if (items[i].name.status == FOUND_COMMIT && in->c->f.selection &&
		    in->c->a.path_of[items[i].name.i] == HIST_NONE)
			items[i].name.status = FOUND_NOT_SELECTED;
		if (items[i].name.status != FOUND_COMMIT)
			continue;
		if ((ret = repo_commit_subject(in->r, &items[i].name.oid,
					       &subject)) < 0) {
			buf_release(&subject);
			goto out;
		}
		items[i].subject = subject.data ? subject.data : xstrdup("");
	}
	if (json)
		trace_json(&tr, items, nr, json);
	if (text)
		trace_text(&tr, items, nr, text);
	ret = named_rev_report(items, nr, sizeof(*items), FOUND_COMMIT,
			       in->range) ? ST_PARTIAL : ST_OK;
out:
	for (size_t i = 0; i < nr; i++)
		free(items[i].subject);
	free(items);
	for (size_t i = 0; i < words_nr; i++)
		free(words[i]);
	free(words);
	free(tr.run_of);
	commit_index_release(&ix);
	return ret;
}
