/*
 * main.c - treeplot: chart how patches flow into a project's mainline.
 *
 * Only option parsing and the wiring of the pipeline live here:
 * history walk -> merge classification -> tree naming -> attribution ->
 * aggregation -> a renderer -> the output (chart.h runs the stages after
 * the walk), in one of three modes: the report of a range, --trace of
 * commits through it, --compare of ranges.  The configuration files give
 * defaults; the command line overrides them.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "addons/branches.h"
#include "addons/direct.h"
#include "addons/extra.h"
#include "addons/infer.h"
#include "addons/latency.h"
#include "addons/maintainers.h"
#include "addons/signed.h"
#include "cli/config.h"
#include "cli/hints.h"
#include "cli/outputs.h"
#include "flow/chart.h"
#include "flow/dates.h"
#include "flow/selection.h"
#include "git/cycles.h"
#include "git/history.h"
#include "modes/compare.h"
#include "modes/explain.h"
#include "modes/trace.h"
#include "render/commits.h"
#include "render/csv.h"
#include "render/graph.h"
#include "render/html.h"
#include "render/json.h"
#include "render/text.h"
#include "util/util.h"

#define EXIT_USAGE 2
#define EXIT_INCOMPLETE 4

enum mode {
	MODE_REPORT = 1,
	MODE_TRACE = 2,
	MODE_COMPARE = 4,
	MODE_EXPLAIN = 8,
};

struct options {
	char *repo;		/* -C: the directories composed, as git's */
	struct output_set outs;	/* the -o, each with its format */
	const char *format;
	const char *layout;
	const char *mainline;
	const char *title;
	const char *config;
	const char **mainline_urls;
	size_t mainline_urls_nr, mainline_urls_alloc;
	uint32_t top;		/* a count, or TOP_ALL */
	uint32_t major, minor;	/* hundredths of a percent */
	int top_given, major_given, minor_given, csv_table_given;
	unsigned dpi;		/* PNG's resolution; 0: the default */
	uint32_t chart_depth;	/* --chart-depth */
	int quiet, no_config;
	int crlf;		/* --crlf: CSV lines end in CR LF */
	int require_complete;	/* --require-complete: shallow is an error */
	unsigned jobs;		/* --jobs; 0: treeplot.jobs, else the cores */
	int csv_table;		/* enum csv_table */
	enum direct_by direct_by;
	int signatures;		/* SIGNED_REPORT, SIGNED_REQUIRE */
	int branches, no_maintainers, infer_ff;
	int latency;		/* --latency */
	enum mode mode;
	const char *range;
	const char *cycles;	/* --cycles A..B */
	char **args;		/* the other arguments: commits or ranges */
	int args_nr;
	const char **authors;	/* --author, repeatable: any may match */
	size_t authors_nr, authors_alloc;
	char **paths;		/* the pathspecs after "--" */
	int paths_nr;
};

enum {
	OPT_TOP = 256,
	OPT_LAYOUT,
	OPT_MAINLINE,
	OPT_MAINLINE_URL,
	OPT_TITLE,
	OPT_VERSION,
	OPT_TRACE,
	OPT_COMPARE,
	OPT_EXPLAIN,
	OPT_RANGE,
	OPT_CSV_TABLE,
	OPT_CONFIG,
	OPT_NO_CONFIG,
	OPT_MAJOR,
	OPT_MINOR,
	OPT_DIRECT_BY,
	OPT_SIGNED,
	OPT_REQUIRE_SIGNED,
	OPT_BRANCHES,
	OPT_MAINTAINERS,
	OPT_NO_MAINTAINERS,
	OPT_INFER_FF,
	OPT_DPI,
	OPT_CHART_DEPTH,
	OPT_CYCLES,
	OPT_AUTHOR,
	OPT_LATENCY,
	OPT_CRLF,
	OPT_REQUIRE_COMPLETE,
	OPT_END,
};



static const struct option longopts[] = {
	{ "repo", required_argument, NULL, 'C' },
	{ "author", required_argument, NULL, OPT_AUTHOR },
	{ "branches", no_argument, NULL, OPT_BRANCHES },
	{ "chart-depth", required_argument, NULL, OPT_CHART_DEPTH },
	{ "direct-by", required_argument, NULL, OPT_DIRECT_BY },
	{ "dpi", required_argument, NULL, OPT_DPI },
	{ "explain", no_argument, NULL, OPT_EXPLAIN },
	{ "format", required_argument, NULL, 'T' },
	{ "compare", no_argument, NULL, OPT_COMPARE },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "crlf", no_argument, NULL, OPT_CRLF },
	{ "csv-table", required_argument, NULL, OPT_CSV_TABLE },
	{ "cycles", required_argument, NULL, OPT_CYCLES },
	{ "help", no_argument, NULL, 'h' },
	{ "infer-ff", no_argument, NULL, OPT_INFER_FF },
	{ "jobs", required_argument, NULL, 'j' },
	{ "latency", no_argument, NULL, OPT_LATENCY },
	{ "layout", required_argument, NULL, OPT_LAYOUT },
	{ "maintainers", no_argument, NULL, OPT_MAINTAINERS },
	{ "no-maintainers", no_argument, NULL, OPT_NO_MAINTAINERS },
	{ "mainline", required_argument, NULL, OPT_MAINLINE },
	{ "mainline-url", required_argument, NULL, OPT_MAINLINE_URL },
	{ "major", required_argument, NULL, OPT_MAJOR },
	{ "minor", required_argument, NULL, OPT_MINOR },
	{ "no-config", no_argument, NULL, OPT_NO_CONFIG },
	{ "output", required_argument, NULL, 'o' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "range", required_argument, NULL, OPT_RANGE },
	{ "require-complete", no_argument, NULL, OPT_REQUIRE_COMPLETE },
	{ "require-signed", no_argument, NULL, OPT_REQUIRE_SIGNED },
	{ "signed", no_argument, NULL, OPT_SIGNED },
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "top", required_argument, NULL, OPT_TOP },
	{ "trace", no_argument, NULL, OPT_TRACE },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

#define F(fmt) (1u << (fmt))
#define F_ALL (~0u)
/* What is drawn, and the graph before layout (dot) that it is drawn from. */
#define F_DRAWN (F(FORMAT_SVG) | F(FORMAT_PNG) | F(FORMAT_PDF) | \
		 F(FORMAT_HTML))
#define F_GRAPH (F_DRAWN | F(FORMAT_DOT))

/*
 * The one table of where an option does something: the modes and the
 * output formats it applies to.  Given on the command line where it does
 * nothing, it is refused, as a mistake worth saying (a configured
 * default is simply not used there).  The man page's OPTIONS says the
 * same rule.
 */
static const struct {
	int opt;
	const char *name;
	int modes;
	unsigned formats;	/* F() of the formats */
} applies[] = {
	{ OPT_TOP, "--top", MODE_REPORT, F_ALL & ~F(FORMAT_COMMITS) },
	{ OPT_LAYOUT, "--layout", MODE_REPORT, F_DRAWN },
	{ OPT_TITLE, "--title", MODE_REPORT, F_GRAPH },
	{ OPT_DPI, "--dpi", MODE_REPORT, F(FORMAT_PNG) },
	{ OPT_CHART_DEPTH, "--chart-depth", MODE_REPORT, F_GRAPH },
	{ OPT_MAJOR, "--major", MODE_REPORT, F_GRAPH },
	{ OPT_MINOR, "--minor", MODE_REPORT, F_GRAPH },
	{ OPT_RANGE, "--range", MODE_REPORT | MODE_TRACE | MODE_EXPLAIN,
	  F_ALL },
	{ OPT_CSV_TABLE, "--csv-table", MODE_REPORT | MODE_COMPARE,
	  F(FORMAT_CSV) },
	{ OPT_DIRECT_BY, "--direct-by", MODE_REPORT, F_ALL },
	{ OPT_SIGNED, "--signed", MODE_REPORT, F_ALL },
	{ OPT_REQUIRE_SIGNED, "--require-signed", MODE_REPORT, F_ALL },
	{ OPT_BRANCHES, "--branches", MODE_REPORT, F_ALL },
	{ OPT_INFER_FF, "--infer-ff", MODE_REPORT, F_ALL },
	{ OPT_CYCLES, "--cycles", MODE_COMPARE, F_ALL },
	{ OPT_AUTHOR, "--author", MODE_REPORT | MODE_TRACE | MODE_COMPARE,
	  F_ALL },
	{ OPT_LATENCY, "--latency", MODE_REPORT | MODE_COMPARE, F_ALL },
	{ OPT_CRLF, "--crlf", MODE_REPORT | MODE_COMPARE, F(FORMAT_CSV) },
};

/* The formats' names, by enum format, for messages. */
static const char *const format_names[] = {
	[FORMAT_TEXT] = "text", [FORMAT_DOT] = "dot", [FORMAT_SVG] = "svg",
	[FORMAT_PNG] = "png", [FORMAT_PDF] = "pdf", [FORMAT_JSON] = "json",
	[FORMAT_COMMITS] = "commits", [FORMAT_CSV] = "csv",
	[FORMAT_HTML] = "html",
};

static void
usage(FILE *fp)
{
	fputs("usage: treeplot [options] [<range>] [-- <path>...]\n"
	      "       treeplot --trace [options] <commit>... [<range>] [-- <path>...]\n"
	      "       treeplot --compare [options] <range> <range>... [-- <path>...]\n"
	      "       treeplot --compare --cycles A..B [options]\n"
	      "       treeplot --explain [options] <merge>... [<range>]\n"
	      "       git treeplot ...  (the same, through git-treeplot installed beside it)\n"
	      "\n"
	      "Chart through which trees the commits of <range> reached the mainline.\n"
	      "<range> is A..B or a single revision B; by default, from the last\n"
	      "release tag (not -rc, -dev, -pre, -alpha, -beta; treeplot.releasePattern)\n"
	      "on HEAD's first-parent line to HEAD.  Paths after -- keep only the commits\n"
	      "whose diff against their first parent touches them (as git log -- <path>).\n"
	      "\n"
	      "  -C, --repo DIR         the repository (default: found from the current directory)\n"
	      "  -o, --output FILE      write there; the format follows the extension\n"
	      "                         (.txt .svg .png .pdf .dot .gv .json .tsv .csv .html);\n"
	      "                         repeatable: every file from one walk, all or none\n"
	      "                         written; - is standard output\n"
	      "  -T, --format FMT       text, dot, svg, png, pdf, json, commits, csv or html\n"
	      "                         (of standard output, of a single -o, of files\n"
	      "                         whose extension names none)\n"
	      "      --top N            keep the N largest trees feeding the mainline, fold the rest\n"
	      "                         (all: keep every tree)\n"
	      "      --layout ENGINE    dot (default), twopi, circo, neato, fdp or sfdp\n"
	      "      --mainline NAME    label of the mainline node (default: mainline)\n"
	      "      --mainline-url URL the mainline's own repository (repeatable)\n"
	      "      --title TEXT       the chart's title (a newline breaks the line)\n"
	      "      --dpi N            the PNG's resolution, 36 to 1200 (96)\n"
	      "      --chart-depth N    fold the trees pulled deeper than N levels into\n"
	      "                         one box in the chart (64; 0: never)\n"
	      "      --major PERCENT    edges carrying this share or more in vermillion (5)\n"
	      "      --minor PERCENT    edges carrying this share or more in blue (1)\n"
	      "      --csv-table TABLE  only this table of the CSV: trees, edges (summary\n"
	      "                         with --compare)\n"
	      "      --crlf             end the CSV's lines in CR LF (default: LF)\n"
	      "      --trace            trace the commits named (- reads them from standard\n"
	      "                         input) through the range: text or json\n"
	      "      --compare          the ranges side by side, from one walk: text, json,\n"
	      "                         csv, or a trend chart (svg, png, pdf)\n"
	      "      --cycles A..B      with --compare: the release cycles from tag A to tag B\n"
	      "                         on B's first-parent line (no -rc, -dev, -pre, -alpha,\n"
	      "                         -beta tags; treeplot.releasePattern)\n"
	      "      --author PATTERN   only commits whose author (Name <mail>) matches the\n"
	      "                         extended regular expression (repeatable: any)\n"
	      "      --explain          how the merges named were read: form, URL, tree,\n"
	      "                         spellings joined and why, internal or external\n"
	      "      --range RANGE      the range, for --trace and --explain (where arguments\n"
	      "                         are commits)\n"
	      "      --config FILE      read treeplot.* settings from FILE too\n"
	      "      --no-config        ignore the repository's and the user's settings\n"
	      "      --direct-by WHO    direct commits by committer, or by the last\n"
	      "                         Signed-off-by before the committer's (signoff)\n"
	      "      --branches         nodes are branches (tree:branch, tags by stem)\n"
	      "      --maintainers      label trees from MAINTAINERS at the range's end\n"
	      "                         (the default when it exists; --no-maintainers)\n"
	      "      --infer-ff         guess fast-forwarded pulls from committers (marked)\n"
	      "      --signed           which pulls pulled a signed tag\n"
	      "      --require-signed   the same, and exit 3 listing the unsigned pulls\n"
	      "      --latency          days from author date to arrival in the mainline:\n"
	      "                         median, 90th percentile, negatives (per tree, depth)\n"
	      "      --require-complete exit 4 when the range reaches a shallow clone's\n"
	      "                         boundary (else a warning)\n"
	      "  -j, --jobs N           threads reading commits (default: the cores available)\n"
	      "  -q, --quiet            no progress display on long runs\n"
	      "  -h, --help             show this help\n"
	      "      --version          show the version\n", fp);
}

/* --dpi: a whole number from 36 to 1200. */
static int
parse_dpi(const char *s, unsigned *out)
{
	unsigned long v;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	v = strtoul(s, &end, 10);
	if (*end || v < 36 || v > 1200)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* --chart-depth: a whole number from 0 to 1,000,000. */
static int
parse_chart_depth(const char *s, uint32_t *out)
{
	unsigned long v;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (*end || errno || v > 1000000)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static int usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* A usage error: one line naming what was wrong, status 2. */
static int
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verror(fmt, ap);
	va_end(ap);
	return EXIT_USAGE;
}

/*
 * getopt_long returned '?': a short option inside a bundle ("-zh") is in
 * optopt, argv[optind - 1] may be the previous word; "--version=3" is a
 * known option given a value it does not take.
 */
static int
bad_option(const char *word)
{
	const char *eq = strchr(word, '=');

	/* First: glibc reports "--quiet=yes" with optopt set to 'q', the
	 * option's own letter, as if "-q" were unknown. */
	if (!strncmp(word, "--", 2) && eq) {
		for (const struct option *lo = longopts; lo->name; lo++)
			if (strlen(lo->name) == (size_t)(eq - word - 2) &&
			    !strncmp(lo->name, word + 2, eq - word - 2) &&
			    lo->has_arg == no_argument && optopt == lo->val)
				return usage_error("option '--%s' takes no "
						   "value", lo->name);
	}
	if (optopt && optopt < 256)
		return usage_error("unknown option '-%c'", optopt);
	return usage_error("unknown option '%s'", word);
}

/* A name for the mode in messages. */
static const char *
mode_name(enum mode m)
{
	return m == MODE_TRACE ? "--trace" : m == MODE_COMPARE ? "--compare" :
	       m == MODE_EXPLAIN ? "--explain" : "a report";
}

/* Whether descriptor 0 is closed: the next file opened (libgit2's pack,
 * say) would take it, and "-" read that. Asked before anything is
 * opened. */
static int
stdin_closed(void)
{
	return fcntl(STDIN_FILENO, F_GETFD) < 0 && errno == EBADF;
}

/*
 * The arguments after the options: the range of a report; the commits of
 * --trace, the last being the range when it has "..", which no commit
 * name has (or --range gives it); the ranges of --compare.
 */
static int
parse_args(struct options *o)
{
	switch (o->mode) {
	case MODE_REPORT:
		if (o->args_nr > 1)
			return usage_error("too many arguments (from '%s'): "
					   "give one range", o->args[1]);
		if (o->args_nr && o->range)
			return usage_error("give the range once: '%s' or "
					   "--range", o->args[0]);
		if (o->args_nr)
			o->range = o->args[0];
		break;
	case MODE_TRACE:
		if (!o->range && o->args_nr &&
		    strstr(o->args[o->args_nr - 1], ".."))
			o->range = o->args[--o->args_nr];
		for (int i = 0; i < o->args_nr; i++)
			if (strstr(o->args[i], ".."))
				return usage_error("'%s' is a range: --trace "
						   "takes commits, then one "
						   "range", o->args[i]);
		if (!o->args_nr)
			return usage_error("--trace needs commits to trace "
					   "(or - to read them from standard "
					   "input)");
		for (int i = 0; i < o->args_nr; i++)
			if (!strcmp(o->args[i], "-") && stdin_closed())
				return usage_error("--trace -: standard input "
						   "is closed");
		break;
	case MODE_EXPLAIN:
		if (!o->range && o->args_nr &&
		    strstr(o->args[o->args_nr - 1], ".."))
			o->range = o->args[--o->args_nr];
		for (int i = 0; i < o->args_nr; i++)
			if (strstr(o->args[i], ".."))
				return usage_error("'%s' is a range: --explain "
						   "takes merges, then one "
						   "range", o->args[i]);
		if (!o->args_nr)
			return usage_error("--explain needs merges to "
					   "explain");
		break;
	case MODE_COMPARE:
		if (o->cycles && o->args_nr)
			return usage_error("--cycles gives the ranges: no "
					   "others ('%s')", o->args[0]);
		if (!o->cycles && o->args_nr < 2)
			return usage_error("--compare needs two ranges or "
					   "more");
		break;
	}
	return -1;
}

/*
 * -C as git's: each one relative to the previous, an empty one changes
 * nothing.  The directories are joined rather than entered, so that a
 * relative -o or --config stays relative to where treeplot was started.
 */
static void
repo_dir(struct options *o, const char *dir)
{
	struct buf b = BUF_INIT;

	if (!*dir)
		return;
	if (o->repo && dir[0] != '/')
		buf_printf(&b, "%s/%s", o->repo, dir);
	else
		buf_puts(&b, dir);
	free(o->repo);
	o->repo = b.data;
}

/* Whether long option word (after "--", up to any "=") takes its value
 * from the next word: getopt_long's rule, unambiguous prefixes too. */
static int
long_takes_next(const char *word)
{
	size_t len = strcspn(word, "=");
	const struct option *hit = NULL;

	if (word[len])
		return 0;
	for (const struct option *lo = longopts; lo->name; lo++) {
		if (strncmp(lo->name, word, len))
			continue;
		if (strlen(lo->name) == len)
			return lo->has_arg == required_argument;
		if (hit && hit->has_arg != lo->has_arg)
			return 0;	/* ambiguous: getopt says so */
		hit = lo;
	}
	return hit && hit->has_arg == required_argument;
}

/*
 * The index of the "--" that ends the options and starts the paths, or
 * argc: getopt_long moves the arguments around it, so it is found first,
 * skipping the words that are options' values ("--title --").
 */
static int
find_separator(int argc, char **argv, const char *shortopts)
{
	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];

		if (!strcmp(w, "--"))
			return i;
		if (w[0] != '-' || !w[1])
			continue;
		if (w[1] == '-') {
			i += long_takes_next(w + 2);
			continue;
		}
		for (const char *p = w + 1; *p; p++) {
			const char *s = strchr(shortopts, *p);

			if (s && *p != ':' && s[1] == ':') {
				i += !p[1];
				break;
			}
		}
	}
	return argc;
}

/* Returns -1 to go on, or the exit status; given[c] is set for each
 * option c (its getopt value) on the command line. */
static int
parse_options(int argc, char **argv, struct options *o, uint8_t *given)
{
	static const char shortopts[] = ":C:T:hj:o:q";
	int c, sep = find_separator(argc, argv, shortopts);

	o->paths = argv + (sep < argc ? sep + 1 : argc);
	o->paths_nr = sep < argc ? argc - sep - 1 : 0;
	argc = sep;

	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (c >= 0 && c < OPT_END)
			given[c] = 1;
		switch (c) {
		case 'C':
			repo_dir(o, optarg);
			break;
		case 'T':
			o->format = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'o':
			output_set_add_arg(&o->outs, optarg);
			break;
		case 'q':
			o->quiet = 1;
			break;
		case OPT_LAYOUT:
			if (!graph_layout_known(optarg))
				return usage_error("unknown layout '%s' (dot, "
						   "twopi, circo, neato, fdp, "
						   "sfdp)", optarg);
			o->layout = optarg;
			break;
		case OPT_MAINLINE:
			if (!*optarg)
				return usage_error("--mainline needs a "
						   "non-empty name");
			o->mainline = optarg;
			break;
		case OPT_MAINLINE_URL:
			ALLOC_GROW(o->mainline_urls, o->mainline_urls_nr + 1,
				   o->mainline_urls_alloc);
			o->mainline_urls[o->mainline_urls_nr++] = optarg;
			break;
		case OPT_TITLE:
			o->title = optarg;
			break;
		case OPT_CHART_DEPTH:
			if (parse_chart_depth(optarg, &o->chart_depth) < 0)
				return usage_error("--chart-depth takes a "
						   "level from 0 to 1000000, "
						   "not '%s'", optarg);
			break;
		case OPT_DPI:
			if (parse_dpi(optarg, &o->dpi) < 0)
				return usage_error("--dpi takes a resolution "
						   "from 36 to 1200, not '%s'",
						   optarg);
			break;
		case 'j':
			if (config_parse_jobs(optarg, &o->jobs) < 0)
				return usage_error("--jobs takes a number of "
						   "threads from 1 to "
						   JOBS_MAX_STR ", not '%s'",
						   optarg);
			break;
		case OPT_TOP:
			if (config_parse_top(optarg, &o->top) < 0)
				return usage_error("--top takes a positive "
						   "number or 'all', not '%s'",
						   optarg);
			break;
		case OPT_MAJOR:
		case OPT_MINOR:
			if (config_parse_percent(optarg, c == OPT_MAJOR ?
						 &o->major : &o->minor) < 0)
				return usage_error("%s takes a percentage from "
						   "0 to 100, not '%s'",
						   c == OPT_MAJOR ? "--major" :
						   "--minor", optarg);
			break;
		case OPT_CSV_TABLE:
			o->csv_table = csv_table_from_name(optarg);
			if (o->csv_table < 0)
				return usage_error("unknown CSV table '%s' "
						   "(trees, edges, summary)",
						   optarg);
			break;
		case OPT_TRACE:
		case OPT_COMPARE:
		case OPT_EXPLAIN: {
			enum mode m = c == OPT_TRACE ? MODE_TRACE :
				      c == OPT_COMPARE ? MODE_COMPARE :
				      MODE_EXPLAIN;

			if (o->mode != MODE_REPORT && o->mode != m)
				return usage_error("--trace, --compare and "
						   "--explain exclude each "
						   "other");
			o->mode = m;
			break;
		}
		case OPT_RANGE:
			o->range = optarg;
			break;
		case OPT_CYCLES:
			o->cycles = optarg;
			break;
		case OPT_AUTHOR:
			ALLOC_GROW(o->authors, o->authors_nr + 1,
				   o->authors_alloc);
			o->authors[o->authors_nr++] = optarg;
			break;
		case OPT_CONFIG:
			o->config = optarg;
			break;
		case OPT_NO_CONFIG:
			o->no_config = 1;
			break;
		case OPT_DIRECT_BY:
			o->direct_by = direct_by_from_name(optarg);
			if (o->direct_by == DIRECT_BY_NONE)
				return usage_error("--direct-by takes committer "
						   "or signoff, not '%s'",
						   optarg);
			break;
		case OPT_SIGNED:
			if (!o->signatures)
				o->signatures = SIGNED_REPORT;
			break;
		case OPT_REQUIRE_SIGNED:
			o->signatures = SIGNED_REQUIRE;
			break;
		case OPT_BRANCHES:
			o->branches = 1;
			break;
		case OPT_MAINTAINERS:
			o->no_maintainers = 0;
			break;
		case OPT_NO_MAINTAINERS:
			o->no_maintainers = 1;
			break;
		case OPT_INFER_FF:
			o->infer_ff = 1;
			break;
		case OPT_LATENCY:
			o->latency = 1;
			break;
		case OPT_CRLF:
			o->crlf = 1;
			break;
		case OPT_REQUIRE_COMPLETE:
			o->require_complete = 1;
			break;
		case OPT_VERSION:
			printf("treeplot %s\n", TREEPLOT_VERSION);
			return 0;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return bad_option(argv[optind - 1]);
		}
	}
	for (size_t i = 0; i < ARRAY_SIZE(applies); i++)
		if (given[applies[i].opt] && !(applies[i].modes & o->mode))
			return usage_error("%s does not apply to %s",
					   applies[i].name, mode_name(o->mode));
	o->top_given = given[OPT_TOP];
	o->csv_table_given = given[OPT_CSV_TABLE];
	o->major_given = given[OPT_MAJOR];
	o->minor_given = given[OPT_MINOR];
	o->args = argv + optind;
	o->args_nr = argc - optind;
	if (o->paths_nr && o->mode == MODE_EXPLAIN)
		return usage_error("paths do not apply to --explain");
	for (int i = 0; i < o->paths_nr; i++)
		if (!*o->paths[i])
			return usage_error("empty path after --");
	return parse_args(o);
}

/* The exit status of a stage's status (util.h). */
static int
exit_status(int st)
{
	switch (st) {
	case ST_OK:
		return 0;
	case ST_USAGE:
		return EXIT_USAGE;
	case ST_UNSIGNED:
		return EXIT_UNSIGNED;
	case ST_INCOMPLETE:
		return EXIT_INCOMPLETE;
	default:
		return 1;
	}
}

/* The F() of every output's format. */
static unsigned
output_formats(const struct output_set *outs)
{
	unsigned have = 0;

	for (size_t i = 0; i < outs->nr; i++)
		have |= F(outs->v[i].fmt);
	return have;
}

/* "--layout is for the svg, png, pdf and html formats": the usage error
 * of an option given for an output it does nothing in. */
static int
formats_error(const char *name, unsigned formats)
{
	struct buf b = BUF_INIT;
	size_t n = 0, k = 0;
	int ret;

	for (size_t f = 0; f < ARRAY_SIZE(format_names); f++)
		n += format_names[f] && (formats & F(f));
	for (size_t f = 0; f < ARRAY_SIZE(format_names); f++) {
		if (!format_names[f] || !(formats & F(f)))
			continue;
		if (k++)
			buf_puts(&b, k == n ? " and " : ", ");
		buf_puts(&b, format_names[f]);
	}
	ret = usage_error("%s is for the %s format%s", name, b.data,
			  n > 1 ? "s" : "");
	buf_release(&b);
	return ret;
}

/* The output's format as the user named it: -T's name when -T gave it,
 * else the file. */
static const char *
format_what(const struct options *o, const struct output_spec *sp)
{
	if (o->format && (o->outs.args_nr <= 1 || !sp->path ||
			  format_from_path(sp->path) == FORMAT_NONE))
		return o->format;
	return sp->name;
}

/* Returns -1 when the output's format suits the mode, else the exit
 * status. */
static int
check_output(const struct options *o, const struct output_spec *sp)
{
	enum format fmt = sp->fmt;

	if ((o->mode == MODE_TRACE || o->mode == MODE_EXPLAIN) &&
	    fmt != FORMAT_TEXT && fmt != FORMAT_JSON)
		return usage_error("%s writes text or json, not '%s'",
				   mode_name(o->mode), format_what(o, sp));
	if (o->mode == MODE_COMPARE && (fmt == FORMAT_DOT ||
					fmt == FORMAT_COMMITS ||
					fmt == FORMAT_HTML))
		return usage_error("--compare writes text, json, csv, or a "
				   "trend chart (svg, png, pdf), not '%s'",
				   format_what(o, sp));
	return -1;
}

/* Every output's format settled and fit for the mode and the options.
 * Returns -1 to go on, else the exit status. */
static int
check_formats(struct options *o, const uint8_t *given)
{
	int ret = output_set_resolve(&o->outs, o->format);
	unsigned have;

	if (ret < 0)
		return exit_status(ret);
	for (size_t i = 0; i < o->outs.nr; i++)
		if ((ret = check_output(o, &o->outs.v[i])) >= 0)
			return ret;
	/* An option given on the command line does something in one of
	 * the outputs at least (applies[]). */
	have = output_formats(&o->outs);
	for (size_t i = 0; i < ARRAY_SIZE(applies); i++)
		if (given[applies[i].opt] && !(applies[i].formats & have))
			return formats_error(applies[i].name,
					     applies[i].formats);
	if (o->csv_table == CSV_SUMMARY && o->mode != MODE_COMPARE)
		return usage_error("the CSV summary table is --compare's: "
				   "trees or edges");
	if (o->csv_table == CSV_EDGES && o->mode == MODE_COMPARE)
		return usage_error("--compare's CSV tables are trees and "
				   "summary");
	/* Before the walk: a refusal after it would waste it. */
	if ((ret = output_set_check_terminal(&o->outs)) < 0)
		return exit_status(ret);
	return -1;
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
	const regex_t *release;	/* treeplot.releasePattern, or NULL */
	unsigned jobs;		/* 0: the cores available */
	char *const *unsigned_ok;	/* treeplot.unsignedOk */
	size_t unsigned_ok_nr;
};

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
	s->chart.top = o->mode != MODE_REPORT ? 0 : o->top_given ? o->top :
		       cfg->has_top ? cfg->top : 0;
	s->chart.branches = o->branches;
	s->chart.identity = NULL;
	s->chart.selection = NULL;
	s->chart.selected = NULL;
	s->release = cfg->has_release ? &cfg->release : NULL;
	s->layout = o->layout ? o->layout : cfg->layout ? cfg->layout : "dot";
	s->major = o->major_given ? o->major :
		   cfg->has_major ? cfg->major : GRAPH_MAJOR_DEFAULT;
	s->minor = o->minor_given ? o->minor :
		   cfg->has_minor ? cfg->minor : GRAPH_MINOR_DEFAULT;
	s->commit_url = cfg->commit_url;
	s->jobs = o->jobs ? o->jobs : cfg->jobs;
	s->unsigned_ok = cfg->unsigned_ok;
	s->unsigned_ok_nr = cfg->unsigned_ok_nr;
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

/* What the walk keeps beside the history: --latency's dates. */
static unsigned
walk_opts(const struct options *o)
{
	return (progress(o) ? HISTORY_PROGRESS : 0) |
	       (o->latency ? HISTORY_DATES : 0);
}

/* The chart's options: the settings, and the subtitle's dates from the
 * repository. */
static int
chart_options(const struct options *o, const struct settings *s,
	      const char *format, struct repo *r, const struct history *h,
	      const struct extras *xs, struct graph_options *go)
{
	graph_options_init(go, format, s->layout);
	go->title = o->title;
	go->major = s->major;
	go->minor = s->minor;
	go->dpi = o->dpi;
	go->chart_depth = o->chart_depth;
	go->progress = progress(o);
	go->xs = xs;
	return mainline_dates(r, h, &go->first, &go->last);
}

static int
render_chart(const struct options *o, const struct settings *s,
	     enum format fmt, struct repo *r, const struct history *h,
	     const struct chart *c, const struct extras *xs, struct buf *out)
{
	struct graph_options go;

	if (chart_options(o, s, format_graphviz(fmt), r, h, xs, &go) < 0)
		return -1;
	return render_graph_with(&c->f, &go, out);
}

/* -T html: the authors and subjects of the range's commits (the walk
 * keeps only merges'), then the page with its chart. */
static int
render_page(const struct options *o, const struct settings *s,
	    struct repo *r, const struct history *h, const struct chart *c,
	    const struct extras *xs, struct buf *out)
{
	struct commit_batch texts;
	struct graph_options go;
	int ret;

	if (chart_options(o, s, "svg", r, h, xs, &go) < 0)
		return -1;
	go.tree_attrs = 1;
	if (commit_batch_read(&texts, r, h, c->a.order, c->a.order_nr,
			      CF_AUTHOR | CF_SUBJECT | CF_TIME) < 0)
		return -1;
	ret = render_html(&(struct html_input){
		h, c, &texts, xs, s->commit_url, &go,
	}, out);
	commit_batch_release(&texts);
	return ret;
}

static int
render(const struct options *o, const struct settings *s, enum format fmt,
       struct repo *r, const struct history *h, const struct chart *c,
       const struct extras *xs, struct buf *out)
{
	switch (fmt) {
	case FORMAT_HTML:
		return render_page(o, s, r, h, c, xs, out);
	case FORMAT_TEXT:
		render_text(&c->f, xs, out);
		return 0;
	case FORMAT_JSON:
		render_json(&c->f, xs, out);
		return 0;
	case FORMAT_COMMITS:
		render_commits(h, &c->a, &c->tt, xs, out);
		return 0;
	case FORMAT_CSV:
		render_csv(&c->f, xs, (enum csv_table)o->csv_table, out);
		return 0;
	default:
		return render_chart(o, s, fmt, r, h, c, xs, out);
	}
}

/*
 * The add-ons, in the order of the text report's sections and of the
 * JSON's members (extra.h).  A new add-on is one row here and one in
 * extra_args.
 */
static const struct extra *const extras_table[] = {
	&maintainers_extra,
	&branches_extra,
	&direct_extra,
	&signed_extra,
	&latency_extra,
	&infer_extra,
};

/* What the command line asks of each add-on of extras_table (0: off). */
static void
extra_args(const struct options *o, int *args)
{
	const int a[ARRAY_SIZE(extras_table)] = {
		!o->no_maintainers,
		o->branches,
		(int)o->direct_by,
		o->signatures,
		o->latency,
		o->infer_ff,
	};

	memcpy(args, a, sizeof(a));
}

/* Each format of the outputs rendered once (the CSV's line ends as
 * asked), and copied to the other outputs in that format. */
static int
render_outputs(const struct options *o, const struct settings *s,
	       struct repo *r, const struct history *h, const struct chart *c,
	       const struct extras *xs, struct output_set *outs)
{
	for (size_t i = 0; i < outs->nr; i++) {
		struct output_spec *sp = &outs->v[i];

		if (output_set_find(outs, sp->fmt) != sp)
			continue;
		if (render(o, s, sp->fmt, r, h, c, xs, &sp->data) < 0)
			return -1;
		if (sp->fmt == FORMAT_CSV && o->crlf)
			csv_crlf(&sp->data);
	}
	output_set_share(outs);
	return 0;
}

/* The report of a range: the add-ons, the outputs, their exit status. */
static int
run_report(const struct options *o, const struct settings *s,
	   struct repo *r, const struct range *rg, const struct history *h,
	   const struct chart *c, struct output_set *outs)
{
	struct extra_input in = { r, rg, h, c, s->unsigned_ok,
				  s->unsigned_ok_nr };
	int args[ARRAY_SIZE(extras_table)];
	struct extras xs;
	int ret;

	extra_args(o, args);
	if (extras_gather(extras_table, args, ARRAY_SIZE(extras_table), &in,
			  &xs) < 0)
		return 1;
	ret = render_outputs(o, s, r, h, c, &xs, outs) < 0 ||
	      output_set_write(outs) < 0;
	if (!ret)
		ret = extras_status(&xs, &c->f);
	extras_release(&xs);
	return ret;
}

/* What the walk says beside the outputs: the shallow boundary (an error
 * with --require-complete) of the range, or of --compare's ranges rgs
 * (n of them), the commit-graph hint (whole: the walk was of a whole
 * history).  Returns 0, or the exit status. */
static int
walk_hints(const struct options *o, const struct history *h,
	   const struct range *rgs, size_t n, int whole)
{
	int ret = rgs ? hint_shallow_ranges(h, rgs, n, o->require_complete) :
		  hint_shallow(h, o->require_complete);

	if (ret < 0)
		return exit_status(ret);
	if (!o->quiet)
		hint_commit_graph(h, whole);
	return 0;
}

/* The text and JSON buffers a --trace or --explain fills (NULL: not
 * wanted). */
static struct buf *
format_data(struct output_set *outs, enum format fmt)
{
	struct output_spec *sp = output_set_find(outs, fmt);

	return sp ? &sp->data : NULL;
}

/* A range of no commits is no error (exit 0), but not silent either:
 * its end is reachable from its start, often a range written the wrong
 * way round. */
static void
empty_range_note(const struct range *rg)
{
	if (!memcmp(&rg->from, &rg->to, sizeof(rg->from)))
		error("the range %s..%s is empty: both ends are the same commit",
		      rg->from_name, rg->to_name);
	else
		error("the range %s..%s is empty: %s is reachable from %s "
		      "(the other way round?)", rg->from_name, rg->to_name,
		      rg->to_name, rg->from_name);
}

/* The chart options of the settings, with the selected commits of h
 * when a selection is given (*selected: to free).  Returns 0, or -1
 * after reporting the error. */
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
	return 0;
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
	char *label;
	int ret;

	ret = range_resolve(r, o->range, s->release, &rg);
	if (ret < 0) {
		range_release(&rg);
		return exit_status(ret);
	}
	if (history_load(r, &rg, walk_opts(o), s->jobs, &h) < 0) {
		ret = 1;
		goto out_history;
	}
	if ((ret = walk_hints(o, &h, NULL, 0, !rg.has_from)) > 0)
		goto out_history;
	if (select_commits(s, r, &h, &co, &selected) < 0) {
		ret = 1;
		goto out_history;
	}
	label = range_label(&rg);
	if (rg.has_from && !h.in_range)
		empty_range_note(&rg);
	chart_build(&c, &h, r, repo_name(r), label, &co);
	if (s->chart.rules && rules_failed(s->chart.rules)) {
		ret = EXIT_USAGE;	/* a pattern gave up (reported) */
		goto out_chart;
	}
	c.f.range_note = rg.note;	/* the reports say why, when default */
	if (o->mode == MODE_TRACE) {
		struct trace_input in = {
			r, &h, &c, repo_name(r), label,
			(const char *const *)o->args, (size_t)o->args_nr,
		};

		/* Untraced commits (1) still leave the outputs written. */
		ret = trace(&in, text, json);
		output_set_share(outs);
		if (ret >= 0 && output_set_write(outs) < 0)
			ret = -1;
		ret = ret < 0 ? 1 : ret;
	} else if (o->mode == MODE_EXPLAIN) {
		struct explain_input in = {
			r, &h, &c, &s->chart, repo_name(r), label,
			(const char *const *)o->args, (size_t)o->args_nr,
		};

		/* Merges not explained (1) still leave the outputs written. */
		ret = explain(&in, text, json);
		output_set_share(outs);
		if (output_set_write(outs) < 0)
			ret = 1;
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
 * Returns their number, or the exit status negated. */
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
		return -exit_status(n);
	if (n < 2) {
		cycles_free(*specs, (size_t)n);
		*specs = NULL;
		error("--cycles %s is one release cycle: --compare needs two "
		      "or more", o->cycles);
		return -EXIT_USAGE;
	}
	return n;
}

/* --compare: every range resolved, one walk of their union. */
/* --compare's outputs: each format compared once, then copied. */
static int
compare_outputs(const struct options *o, const struct compare_input *tmpl,
		struct output_set *outs)
{
	for (size_t i = 0; i < outs->nr; i++) {
		struct output_spec *sp = &outs->v[i];
		struct compare_input in = *tmpl;

		if (output_set_find(outs, sp->fmt) != sp)
			continue;
		in.fmt = sp->fmt;
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
	int ret = 0, loaded = 0;

	if (nr < 0)
		return -nr;
	rgs = xcalloc(n, sizeof(*rgs));
	labels = xcalloc(n, sizeof(*labels));
	for (; resolved < n; resolved++) {
		ret = range_resolve(r, specs[resolved], s->release,
				    &rgs[resolved]);
		if (ret < 0) {
			range_release(&rgs[resolved]);
			ret = exit_status(ret);
			goto out;
		}
		labels[resolved] = range_label(&rgs[resolved]);
	}
	loaded = 1;
	if (history_load_union(r, rgs, n, walk_opts(o), s->jobs, &h) < 0) {
		ret = 1;
		goto out;
	}
	if ((ret = walk_hints(o, &h, rgs, n, 0)) > 0)
		goto out;
	if (select_commits(s, r, &h, &co, &selected) < 0) {
		ret = 1;
		goto out;
	}
	ret = compare_outputs(o, &(struct compare_input){ r, &h, rgs,
		(const char *const *)labels, n, repo_name(r), &co,
		FORMAT_NONE, (enum csv_table)o->csv_table, o->latency },
		outs) < 0;
	if (s->chart.rules && rules_failed(s->chart.rules))
		ret = EXIT_USAGE;	/* a pattern gave up (reported) */
	else if (!ret)
		ret = output_set_write(outs) < 0;
out:
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

static int
run(const struct options *o, struct output_set *outs)
{
	struct repo *r = NULL;
	struct config cfg;
	struct settings s;
	struct selection sel;
	int ret;

	if (selection_init(&sel, (const char *const *)o->paths,
			   (size_t)o->paths_nr, o->authors, o->authors_nr) < 0)
		return EXIT_USAGE;
	if (repo_open(&r, o->repo) < 0) {
		selection_release(&sel);
		return 1;
	}
	if (config_read(&cfg, r, o->config, o->no_config) < 0) {
		config_release(&cfg);
		repo_free(r);
		selection_release(&sel);
		return EXIT_USAGE;
	}
	settle(o, &cfg, &s);
	s.chart.selection = selection_active(&sel) ? &sel : NULL;
	/* Where the shares colour edges: a configured pair is not used
	 * elsewhere. */
	if (o->mode == MODE_REPORT && (output_formats(outs) & F_GRAPH) &&
	    s.major < s.minor) {
		ret = shares_error(o, &s);
		goto out;
	}
	if (o->mode == MODE_COMPARE)
		ret = run_compare(o, &s, r, outs);
	else
		ret = run_range(o, &s, r, outs);
out:
	selection_release(&sel);
	free(s.urls);
	config_release(&cfg);
	repo_free(r);
	return ret;
}

int
main(int argc, char **argv)
{
	struct options o = { 0 };
	uint8_t given[OPT_END] = { 0 };
	int ret;

	o.mode = MODE_REPORT;
	o.csv_table = CSV_ALL;
	o.chart_depth = GRAPH_CHART_DEPTH_DEFAULT;
	ret = parse_options(argc, argv, &o, given);
	if (ret >= 0)
		goto out;
	ret = check_formats(&o, given);
	if (ret >= 0)
		goto out;
	ret = run(&o, &o.outs);
out:
	free(o.mainline_urls);
	output_set_release(&o.outs);
	free(o.repo);
	free(o.authors);
	/* --help or --version into a full disk is a failure too. */
	if (fflush(stdout) || ferror(stdout)) {
		error("cannot write to standard output");
		ret = 1;
	}
	return ret;
}
