/*
 * main.c - treeplot: chart how patches flow into a project's mainline.
 *
 * Only the wiring of the pipeline lives here (the options are
 * cli/options.c's): history walk -> merge classification -> tree naming
 * -> attribution -> aggregation -> a renderer -> the output (chart.h
 * runs the stages after the walk), in one of four modes: the report of
 * a range, --trace of commits through it, --explain of merges in it,
 * --compare of ranges.  The configuration files give defaults; the
 * command line overrides them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "addons/extra.h"
#include "cli/args.h"
#include "cli/config.h"
#include "cli/hints.h"
#include "cli/options.h"
#include "cli/outputs.h"
#include "flow/chart.h"
#include "flow/dates.h"
#include "flow/selection.h"
#include "git/cycles.h"
#include "git/revision.h"
#include "git/tags.h"
#include "git/history.h"
#include "git/walk.h"
#include "modes/compare.h"
#include "modes/explain.h"
#include "modes/report.h"
#include "modes/trace.h"
#include "render/csv.h"
#include "render/graph.h"
#include "util/util.h"
#include "util/work.h"

/* The exit status of a run's status (util.h): here, and only here. */
static int
exit_status(int st)
{
	switch (st) {
	case ST_OK:
	case ST_DONE:
		return 0;
	case ST_USAGE:
		return 2;
	case ST_INCOMPLETE:
		return 4;
	default:
		return ST_EXIT_CODE(st) ? ST_EXIT_CODE(st) : 1;
	}
}

/* What is in force: the command line, else the configuration, else the
 * defaults.  Configured mainline URLs come first, then the command
 * line's. */
struct settings {
	struct chart_options chart;
	const char **urls;
	const char *layout;
	uint32_t major, minor;
	const char *commit_url;
	const struct pattern *release;	/* treeplot.releasePattern, or NULL */
	unsigned jobs;		/* 0: the cores available */
	const struct extra_config *extra_config;	/* the add-ons' */
	int graph_hint;		/* the commit-graph hint (not -q, not */
				/* treeplot.graphHint = false) */
	int top_default;	/* chart.top is CHART_TREES_MAX for a chart */
};

/*
 * The most trees a chart lays out unless --top (or treeplot.top) says
 * otherwise: dot takes about 4 s on 2,000 trees and grows faster than
 * the trees (10,000: 30 to 40 s, 20,000: 160 s), and no page shows
 * more.  Beyond, the smallest are folded, as --top folds them, and a
 * warning says so.
 */
#define CHART_TREES_MAX 2000

/* Whether the outputs hold a chart Graphviz lays out (the HTML page
 * embeds one; DOT is laid out by whoever reads it). */
static int
lays_out_chart(const struct options *o)
{
	return o->mode == MODE_REPORT &&
	       (output_set_formats(&o->outs) &
		(FORMATS_DRAWN | OPT_FORMAT(FORMAT_HTML)));
}

static void
settle(const struct options *o, const struct config *cfg,
       struct settings *s)
{
	size_t n = 0;

	s->urls = xmalloc((cfg->mainline_urls_nr + o->mainline_urls_nr + 1) *
			  sizeof(*s->urls));
	for (size_t k = 0; k < cfg->mainline_urls_nr; k++)
		s->urls[n++] = cfg->mainline_urls[k];
	for (size_t k = 0; k < o->mainline_urls_nr; k++)
		s->urls[n++] = o->mainline_urls[k];
	s->chart.mainline = o->mainline ? o->mainline :
			    cfg->mainline ? cfg->mainline : "mainline";
	s->chart.mainline_urls = s->urls;
	s->chart.mainline_urls_nr = n;
	s->chart.aliases = cfg->aliases;
	s->chart.aliases_nr = cfg->aliases_nr;
	s->chart.rules = &cfg->rules;
	s->chart.mailmap = NULL;
	s->chart.top = o->mode != MODE_REPORT ? 0 : o->top_given ? o->top :
		       cfg->has_top ? cfg->top : 0;
	s->top_default = !s->chart.top && lays_out_chart(o);
	if (s->top_default)
		s->chart.top = CHART_TREES_MAX;
	s->chart.branches = 0;	/* an add-on's to set (--branches) */
	s->chart.identity = NULL;
	s->chart.selection = NULL;
	s->chart.selected = NULL;
	s->release = cfg->release;
	s->layout = o->layout ? o->layout : cfg->layout ? cfg->layout : "dot";
	s->major = o->major_given ? o->major :
		   cfg->has_major ? cfg->major : GRAPH_MAJOR_DEFAULT;
	s->minor = o->minor_given ? o->minor :
		   cfg->has_minor ? cfg->minor : GRAPH_MINOR_DEFAULT;
	s->commit_url = cfg->commit_url;
	s->jobs = o->jobs ? o->jobs : cfg->jobs;
	s->chart.jobs = s->jobs;
	s->extra_config = cfg->extra;
	s->graph_hint = !o->quiet && !cfg->graph_hint_off;
	extras_chart_options(&o->extras, &s->chart);
}

static char *
range_label(const struct range *rg)
{
	struct buf b = BUF_INIT;

	if (rg->has_from)
		buf_printf(&b, "%s..%s", rg->from_name, rg->to_name);
	else
		buf_puts(&b, rg->to_name);
	return b.data;
}

static int
progress(const struct options *o)
{
	return !o->quiet && isatty(STDERR_FILENO);
}

/* What the walk keeps beside the history: what the add-ons need
 * (--latency's dates). */
static unsigned
walk_opts(const struct options *o)
{
	return (progress(o) ? HISTORY_PROGRESS : 0) | extras_walk(&o->extras);
}

/* The chart's settings, for a report drawn by Graphviz (the format,
 * the dates and the add-ons are the report's to set). */
static void
chart_settings(const struct options *o, const struct settings *s,
	       struct graph_options *go)
{
	graph_options_init(go, NULL, s->layout);
	go->title = o->title;
	go->major = s->major;
	go->minor = s->minor;
	go->dpi = o->dpi;
	go->chart_depth = o->chart_depth;
	go->progress = progress(o);
	go->width = o->width;
	go->size_arg = o->size_arg;
	go->min_font = o->min_font;
	go->notes = !o->quiet;
}

/* Each format of the outputs rendered once (the CSV's line ends as
 * asked), and copied to the other outputs in that format. */
/* Whether sp is the first output of its format and variant (the
 * others get a copy of its data). */
static int
first_of_kind(const struct output_set *outs, const struct output_spec *sp)
{
	for (const struct output_spec *k = outs->v; k < sp; k++)
		if (k->fmt == sp->fmt && k->variant == sp->variant)
			return 0;
	return 1;
}

static int
report_outputs(const struct options *o, const struct report_input *in,
	       struct output_set *outs)
{
	int said = 0;

	for (size_t i = 0; i < outs->nr; i++) {
		struct output_spec *sp = &outs->v[i];
		struct report_input each = *in;
		struct graph_options go = *in->chart;

		if (!first_of_kind(outs, sp))
			continue;
		each.table = (enum csv_table)sp->variant;
		/* What --size folded, said once for the charts laid out
		 * (SVG, PNG, PDF; DOT is not laid out). */
		go.notes = go.notes && !said;
		each.chart = &go;
		if (report(&each, sp->fmt, &sp->data) < 0)
			return -1;
		said |= format_graphviz(sp->fmt) && sp->fmt != FORMAT_DOT;
		if (sp->fmt == FORMAT_CSV && o->crlf)
			csv_crlf(&sp->data);
	}
	output_set_share(outs);
	return 0;
}

/* The report of a range: the add-ons, the outputs, their status. */
static int
run_report(const struct options *o, const struct settings *s,
	   struct repo *r, const struct range *rg, const struct history *h,
	   const struct chart *c, struct output_set *outs)
{
	struct extra_input in = { r, rg, h, c, NULL, s->release, s->jobs,
				  &s->chart };
	struct graph_options go;
	struct extras xs;
	int ret;

	if (extras_gather(&o->extras, s->extra_config, &in, &xs) < 0)
		return ST_FAILURE;
	if (pattern_failed(s->release)) {
		extras_release(&xs);	/* --timeline's phases: gave up */
		return ST_USAGE;
	}
	if (s->top_default && c->f.folded)
		hint_chart_folded(c->f.total_trees, CHART_TREES_MAX,
				  c->f.folded);
	chart_settings(o, s, &go);
	ret = report_outputs(o, &(struct report_input){
		r, h, c, &xs, &go, s->commit_url, (enum csv_table)o->csv_table,
		o->chart,
	}, outs) < 0 || output_set_write(outs) < 0 ? ST_FAILURE : ST_OK;
	if (ret == ST_OK)
		ret = extras_status(&xs, &c->f);
	extras_release(&xs);
	return ret;
}

/* Milliseconds on a clock that only goes forward. */
static uint64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* What the walk says beside the outputs: the shallow boundary (an error
 * with --require-complete) of the range, or of --compare's ranges rgs
 * (n of them), the commit-graph hint after a walk that took ms (whole:
 * the walk was of a whole history).  Returns the status. */
static int
walk_hints(const struct options *o, const struct settings *s,
	   const struct history *h, const struct range *rgs, size_t n,
	   int whole, uint64_t ms)
{
	int ret = rgs ? hint_shallow_ranges(h, rgs, n, o->require_complete) :
		  hint_shallow(h, o->require_complete);

	if (ret < 0)
		return ret;
	if (s->graph_hint)
		hint_commit_graph(h, whole, ms, o->repo);
	return ST_OK;
}

/* The text and JSON buffers a --trace or --explain fills (NULL: not
 * wanted). */
static struct buf *
format_data(struct output_set *outs, enum format fmt)
{
	struct output_spec *sp = output_set_find(outs, fmt);

	return sp ? &sp->data : NULL;
}

/*
 * A range of no commits.  Whose ends are one commit, it is no error
 * (nothing new is a real answer: exit 0), said on stderr.  Whose end is
 * reachable from its start, it was written the wrong way round, and a
 * CI job would publish zeros: a usage error naming the range the other
 * way round.  Returns 0 or ST_USAGE.
 */
static int
empty_range(const struct range *rg)
{
	if (!memcmp(&rg->from, &rg->to, sizeof(rg->from))) {
		error("the range %s..%s is empty: both ends are the same commit",
		      rg->from_name, rg->to_name);
		return 0;
	}
	error("the range %s..%s is empty: %s is reachable from %s; the "
	      "other way round, %s..%s?", rg->from_name, rg->to_name,
	      rg->to_name, rg->from_name, rg->to_name, rg->from_name);
	return ST_USAGE;
}

/* A selection that keeps no commit of the walk's range(s) is no error
 * (the reports say 0), but not silent either: a path or a pattern
 * mistyped, most likely. */
static void
empty_selection_note(const struct selection *sel, const struct history *h,
		     const uint8_t *selected)
{
	struct buf b = BUF_INIT;

	for (uint32_t i = 0; i < h->nr; i++)
		if (selected[i] && (h->flags[i] & HIST_IN_RANGE) &&
		    !history_is_merge(h, i))
			return;
	selection_describe(sel, &b);
	error("warning: the selection (%s) matches no commit of the range",
	      b.data ? b.data : "");
	buf_release(&b);
}

/* The chart options of the settings, with the selected commits of h
 * when a selection is given (*selected: to free).  Returns the
 * status. */
static int
select_commits(const struct settings *s, struct repo *r,
	       const struct history *h, struct chart_options *co,
	       uint8_t **selected)
{
	*co = s->chart;
	*selected = NULL;
	if (!s->chart.selection)
		return 0;
	if (selection_mark(s->chart.selection, r, h, selected) < 0)
		return -1;
	co->selected = *selected;
	empty_selection_note(s->chart.selection, h, *selected);
	return 0;
}

/* The range asked for: --trace and --explain without one search the
 * whole history to HEAD, as git-when-merged does (a commit of any
 * cycle is found); a report charts the default range (range.h). */
static const char *
range_spec(const struct options *o)
{
	return o->range || o->mode == MODE_REPORT ? o->range : "HEAD";
}

/* "--trace X v1.0 v2.0": the last two arguments of --trace or --explain
 * both tags, where a range was meant.  Returns ST_OK, or ST_USAGE
 * after saying so. */
static int
tags_for_range(const struct options *o, struct repo *r)
{
	const char *a, *b;

	if (o->mode == MODE_REPORT || o->range || o->args_nr < 3)
		return ST_OK;
	a = o->args[o->args_nr - 2];
	b = o->args[o->args_nr - 1];
	if (!repo_is_tag(r, a) || !repo_is_tag(r, b))
		return ST_OK;
	return usage_error("'%s' and '%s' are tags: did you mean %s..%s? "
			   "(to %s the tags themselves, give a range: --range "
			   "HEAD)", a, b,
			   a, b, o->mode == MODE_TRACE ? "trace" : "explain");
}

/* The default range rg (walked into h) warned about when it is much
 * longer than a release cycle: from its start's commit (the history's
 * first commit on the mainline when it has none) to its end.  Returns
 * the status. */
static int
long_range_warning(struct repo *r, const struct range *rg,
		   const struct history *h)
{
	int64_t first, last, skipped = -1;

	/* From the tag's commit, or the history's first; and when a newer
	 * tag was passed over, its commit's date, to offer it. */
	if (mainline_dates(r, h, &first, &last) < 0 ||
	    (rg->has_from && repo_commit_time(r, &rg->from, &first) < 0) ||
	    (rg->note && rg->note->skipped_nr &&
	     repo_commit_time(r, &rg->note->skipped_at, &skipped) < 0))
		return ST_FAILURE;
	hint_long_range(rg, first, last, skipped);
	return ST_OK;
}

/* The report of a range, --trace or --explain through it.  Returns the
 * status. */
static int
run_range(const struct options *o, const struct settings *s,
	  struct repo *r, struct output_set *outs)
{
	struct range rg;
	struct history h;
	struct chart c;
	struct buf *text = format_data(outs, FORMAT_TEXT);
	struct buf *json = format_data(outs, FORMAT_JSON);
	struct chart_options co;
	uint8_t *selected = NULL;
	uint64_t start, ms;
	char *label;
	int ret;

	if ((ret = tags_for_range(o, r)) < 0)
		return ret;
	ret = range_resolve(r, range_spec(o), s->release, &rg);
	if (ret == ST_OK && pattern_failed(s->release))
		ret = ST_USAGE;		/* treeplot.releasePattern gave up */
	if (ret < 0) {
		range_release(&rg);
		return ret;
	}
	start = now_ms();
	if (walk_range(r, &rg, walk_opts(o), s->jobs, &h) < 0) {
		ret = ST_FAILURE;
		goto out_history;
	}
	ms = now_ms() - start;
	if (o->mode != MODE_REPORT && !o->range && !o->quiet)
		hint_whole_history(args_mode_name(o->mode), &h, ms);
	if ((ret = walk_hints(o, s, &h, NULL, 0, !rg.has_from, ms)) < 0)
		goto out_history;
	if (select_commits(s, r, &h, &co, &selected) < 0) {
		ret = ST_FAILURE;
		goto out_history;
	}
	if (rg.has_from && !h.in_range && (ret = empty_range(&rg)) < 0)
		goto out_history;
	label = range_label(&rg);
	if (chart_build(&c, &h, r, repo_name(r), label, &co) < 0) {
		ret = ST_FAILURE;
		goto out_chart;
	}
	if (s->chart.rules && rules_failed(s->chart.rules)) {
		ret = ST_USAGE;		/* a pattern gave up (reported) */
		goto out_chart;
	}
	c.f.range_note = rg.note;	/* the reports say why, when default */
	if (rg.note && (ret = long_range_warning(r, &rg, &h)) < 0)
		goto out_chart;
	if (o->mode == MODE_TRACE) {
		struct trace_input in = {
			r, &h, &c, repo_name(r), label,
			(const char *const *)o->args, (size_t)o->args_nr,
		};

		/* Untraced commits still leave the outputs written. */
		ret = trace(&in, text, json);
		output_set_share(outs);
		if ((ret == ST_OK || ret == ST_PARTIAL) &&
		    output_set_write(outs) < 0)
			ret = ST_FAILURE;
	} else if (o->mode == MODE_EXPLAIN) {
		struct explain_input in = {
			r, &h, &c, &s->chart, repo_name(r), label,
			(const char *const *)o->args, (size_t)o->args_nr,
		};

		/* Merges not explained still leave the outputs written. */
		ret = explain(&in, text, json);
		output_set_share(outs);
		if (output_set_write(outs) < 0)
			ret = ST_FAILURE;
	} else {
		ret = run_report(o, s, r, &rg, &h, &c, outs);
	}
out_chart:
	chart_release(&c);
	free(label);
out_history:
	free(selected);
	history_release(&h);
	range_release(&rg);
	return ret;
}

/* The ranges of --compare: the arguments, or --cycles expanded.
 * Returns their number, or a status (negative). */
static int
compare_specs(const struct options *o, const struct settings *s,
	      struct repo *r, char ***specs)
{
	int n;

	if (!o->cycles) {
		*specs = o->args;
		return o->args_nr;
	}
	n = cycles_expand(r, o->cycles, s->release, specs);
	if (n < 0)
		return n;
	if (n < 2) {
		cycles_free(*specs, (size_t)n);
		*specs = NULL;
		error("--cycles %s is one release cycle: --compare needs two "
		      "or more", o->cycles);
		return ST_USAGE;
	}
	return n;
}

/* --compare: every range resolved, one walk of their union. */
/* --compare's outputs: each format compared once, then copied. */
static int
compare_outputs(const struct options *o, const struct compare_input *tmpl,
		struct output_set *outs)
{
	int said = 0;

	for (size_t i = 0; i < outs->nr; i++) {
		struct output_spec *sp = &outs->v[i];
		struct compare_input in = *tmpl;

		if (!first_of_kind(outs, sp))
			continue;
		in.fmt = sp->fmt;
		/* what --size folded, said once for every chart written */
		if (said)
			in.size_arg = NULL;
		said |= sp->fmt == FORMAT_SVG || sp->fmt == FORMAT_PNG ||
			sp->fmt == FORMAT_PDF;
		in.table = (enum csv_table)sp->variant;
		if (compare(&in, &sp->data) < 0)
			return -1;
		if (sp->fmt == FORMAT_CSV && o->crlf)
			csv_crlf(&sp->data);
	}
	output_set_share(outs);
	return 0;
}

static int
run_compare(const struct options *o, const struct settings *s,
	    struct repo *r, struct output_set *outs)
{
	char **specs;
	int nr = compare_specs(o, s, r, &specs);
	size_t n = nr > 0 ? (size_t)nr : 0, resolved = 0;
	struct range *rgs;
	char **labels;
	struct history h;
	struct chart_options co;
	uint8_t *selected = NULL;
	struct extras_compare xc = { .nr = 0 };
	uint64_t start;
	int ret = ST_OK, loaded = 0;

	if (nr < 0)
		return nr;
	rgs = xcalloc(n, sizeof(*rgs));
	labels = xcalloc(n, sizeof(*labels));
	for (; resolved < n; resolved++) {
		ret = range_resolve(r, specs[resolved], s->release,
				    &rgs[resolved]);
		if (ret < 0) {
			range_release(&rgs[resolved]);
			goto out;
		}
		labels[resolved] = range_label(&rgs[resolved]);
	}
	loaded = 1;
	start = now_ms();
	if (walk_ranges(r, rgs, n, walk_opts(o), s->jobs, &h) < 0) {
		ret = ST_FAILURE;
		goto out;
	}
	if ((ret = walk_hints(o, s, &h, rgs, n, 0, now_ms() - start)) < 0)
		goto out;
	if (select_commits(s, r, &h, &co, &selected) < 0) {
		ret = ST_FAILURE;
		goto out;
	}
	/* What the add-ons read once for every output and range (--review's
	 * trailers, --timeline's tags). */
	if (extras_compare_begin(&o->extras, &(struct extra_compare){
		r, &h, selected, s->release, s->jobs }, &xc) < 0) {
		ret = ST_FAILURE;
		goto out;
	}
	ret = compare_outputs(o, &(struct compare_input){ r, &h, rgs,
		(const char *const *)labels, n, repo_name(r), &co,
		FORMAT_NONE, (enum csv_table)o->csv_table, &xc, o->width,
		o->min_font, o->quiet ? NULL : o->size_arg },
		outs) < 0 ? ST_FAILURE : ST_OK;
	if ((s->chart.rules && rules_failed(s->chart.rules)) ||
	    pattern_failed(s->release))
		ret = ST_USAGE;		/* a pattern gave up (reported) */
	else if (ret == ST_OK && output_set_write(outs) < 0)
		ret = ST_FAILURE;
out:
	extras_compare_end(&xc);
	free(selected);
	if (loaded)
		history_release(&h);
	for (size_t k = 0; k < resolved; k++) {
		range_release(&rgs[k]);
		free(labels[k]);
	}
	free(rgs);
	free(labels);
	if (o->cycles)
		cycles_free(specs, n);
	return ret;
}

/* A share in hundredths of a percent, as written ("2.5%"). */
static void
buf_share(struct buf *b, uint32_t v)
{
	if (!(v % 100))
		buf_printf(b, "%u%%", v / 100);
	else if (!(v % 10))
		buf_printf(b, "%u.%u%%", v / 100, v % 100 / 10);
	else
		buf_printf(b, "%u.%02u%%", v / 100, v % 100);
}

/* --major below --minor: no edge could be blue.  Says where each came
 * from, the command line or the configuration. */
static int
shares_error(const struct options *o, const struct settings *s)
{
	struct buf major = BUF_INIT, minor = BUF_INIT;
	int ret;

	buf_share(&major, s->major);
	buf_share(&minor, s->minor);
	ret = usage_error("%s %s is below %s %s: edges of the major share "
			  "must carry at least the minor one",
			  o->major_given ? "--major" : "treeplot.major",
			  major.data,
			  o->minor_given ? "--minor" : "treeplot.minor",
			  minor.data);
	buf_release(&major);
	buf_release(&minor);
	return ret;
}

/* -C DIR names a directory, as git -C's chdir needs: one that is not
 * there, or not a directory, says so rather than "not a repository".
 * Returns 0, or -1 after saying it. */
static int
check_repo_dir(const char *dir)
{
	struct stat st;

	if (!dir)
		return 0;
	if (stat(dir, &st) < 0)
		return error("cannot change to '%s': %s", dir,
			     errno == ENOENT ? "no such directory" :
			     errno == ENOTDIR ? "not a directory" :
			     strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return error("cannot change to '%s': not a directory", dir);
	return 0;
}

static int
run(const struct options *o, struct output_set *outs)
{
	struct repo *r = NULL;
	struct mailmap *mailmap = NULL;
	struct config cfg;
	struct settings s;
	struct selection sel;
	int ret;

	if (selection_init(&sel, (const char *const *)o->paths,
			   (size_t)o->paths_nr, o->authors, o->authors_nr) < 0)
		return ST_USAGE;
	if (check_repo_dir(o->repo) < 0 || repo_open(&r, o->repo) < 0) {
		selection_release(&sel);
		return ST_FAILURE;
	}
	if (output_set_check_repo(outs, r) < 0) {
		repo_free(r);
		selection_release(&sel);
		return ST_USAGE;
	}
	if (config_read(&cfg, r, o->config, o->no_config) < 0) {
		config_release(&cfg);
		repo_free(r);
		selection_release(&sel);
		return ST_USAGE;
	}
	settle(o, &cfg, &s);
	s.chart.selection = selection_active(&sel) ? &sel : NULL;
	/* Review servers are named as the .mailmap names their merges'
	 * committer. */
	if (mailmap_open(&mailmap, r) < 0) {
		ret = ST_FAILURE;
		goto out;
	}
	s.chart.mailmap = mailmap;
	/* Where the shares colour edges: a configured pair is not used
	 * elsewhere. */
	if (o->mode == MODE_REPORT &&
	    (output_set_formats(outs) & FORMATS_GRAPH) &&
	    s.major < s.minor) {
		ret = shares_error(o, &s);
		goto out;
	}
	if (o->mode == MODE_COMPARE)
		ret = run_compare(o, &s, r, outs);
	else
		ret = run_range(o, &s, r, outs);
	/* Once, after everything was read (a warning, not a hint: -q
	 * keeps it). */
	repo_warn_encodings(r);
out:
	mailmap_free(mailmap);
	selection_release(&sel);
	free(s.urls);
	config_release(&cfg);
	repo_free(r);
	return ret;
}

int
main(int argc, char **argv)
{
	struct options o;
	int ret;

	memory_limit_init();
	options_init(&o);
	ret = options_parse(&o, argc, argv);
	if (ret == ST_OK)
		ret = args_check(&o);
	if (ret == ST_OK)
		ret = run(&o, &o.outs);
	options_release(&o);
	/* --help or --version into a full disk is a failure too. */
	if (fflush(stdout) || ferror(stdout)) {
		error("cannot write to standard output");
		ret = ST_FAILURE;
	}
	if (getenv("TREEPLOT_DEBUG_WORK"))
		fprintf(stderr, "treeplot: work: %llu\n",
			(unsigned long long)work_total());
	return exit_status(ret);
}
