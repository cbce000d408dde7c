/*
 * cli/options.c - the command line: the option table, and everything
 * derived from it.
 *
 * One row per option (addons/opt.h), the add-ons' rows spliced in where
 * --help lists them.  From the table come getopt_long's struct option[]
 * and short-option string, the "--" that ends the options, --help's
 * option lines (cli/help.c), the refusal of an option where it does
 * nothing, and the completion's lists; parse_options is a loop over it.  Then the
 * arguments are checked for the mode, and the outputs' formats for the
 * mode and the options given.
 */
#include "cli/options.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/config.h"
#include "cli/help.h"
#include "flow/report.h"
#include "render/csv.h"
#include "render/graph.h"
#include "util/suggest.h"
#include "util/util.h"

int
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verror(fmt, ap);
	va_end(ap);
	return ST_USAGE;
}

/*
 * -C as git's: each one relative to the previous, an empty one changes
 * nothing.  The directories are joined rather than entered, so that a
 * relative -o or --config stays relative to where treeplot was started.
 */
static int
parse_repo(const struct opt *row, const char *dir, void *dst)
{
	struct options *o = dst;
	struct buf b = BUF_INIT;

	(void)row;
	if (!*dir)
		return 0;
	if (o->repo && dir[0] != '/')
		buf_printf(&b, "%s/%s", o->repo, dir);
	else
		buf_puts(&b, dir);
	free(o->repo);
	o->repo = b.data;
	return 0;
}

static int
parse_output(const struct opt *row, const char *arg, void *dst)
{
	(void)row;
	output_set_add_arg(dst, arg);
	return 0;
}

/* --top, and that it was given: treeplot.top is then not used. */
static int
parse_top(const struct opt *row, const char *arg, void *dst)
{
	struct options *o = dst;

	(void)row;
	o->top_given = 1;
	return config_parse_top(arg, &o->top);
}

/* --major, --minor (row->value 1, 0), and that it was given. */
static int
parse_share(const struct opt *row, const char *arg, void *dst)
{
	struct options *o = dst;

	if (row->value)
		o->major_given = 1;
	else
		o->minor_given = 1;
	return config_parse_percent(arg, row->value ? &o->major : &o->minor);
}

static int
parse_layout(const struct opt *row, const char *arg, void *dst)
{
	(void)row;
	if (!graph_layout_known(arg))
		return error("unknown layout '%s' (dot, twopi, circo, neato, "
			     "fdp, sfdp)", arg);
	*(const char **)dst = arg;
	return 0;
}

static int
parse_mainline(const struct opt *row, const char *arg, void *dst)
{
	(void)row;
	if (!*arg)
		return error("--mainline needs a non-empty name");
	*(const char **)dst = arg;
	return 0;
}

static int
parse_mainline_url(const struct opt *row, const char *arg, void *dst)
{
	struct options *o = dst;

	(void)row;
	ALLOC_GROW(o->mainline_urls, o->mainline_urls_nr + 1,
		   o->mainline_urls_alloc);
	o->mainline_urls[o->mainline_urls_nr++] = arg;
	return 0;
}

static int
parse_author(const struct opt *row, const char *arg, void *dst)
{
	struct options *o = dst;

	(void)row;
	ALLOC_GROW(o->authors, o->authors_nr + 1, o->authors_alloc);
	o->authors[o->authors_nr++] = arg;
	return 0;
}

/* A whole number from 0 to max, as written: no sign, no space. */
static int
parse_number(const char *s, unsigned long max, unsigned long *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*out = strtoul(s, &end, 10);
	return *end || errno || *out > max ? -1 : 0;
}

/* --dpi: a whole number from 36 to 1200. */
static int
parse_dpi(const struct opt *row, const char *arg, void *dst)
{
	unsigned long v;

	(void)row;
	if (parse_number(arg, 1200, &v) < 0 || v < 36)
		return -1;
	*(unsigned *)dst = (unsigned)v;
	return 0;
}

/* --chart-depth: a whole number from 0 to 1,000,000. */
static int
parse_chart_depth(const struct opt *row, const char *arg, void *dst)
{
	unsigned long v;

	(void)row;
	if (parse_number(arg, 1000000, &v) < 0)
		return -1;
	*(uint32_t *)dst = (uint32_t)v;
	return 0;
}

/*
 * A length as hundredths of a point: a number (decimals allowed) and a
 * unit, in, cm, mm or pt, none meaning inches; from lo to hi points.
 */
static int
parse_length(const char *s, double lo, double hi, const char *bare,
	     uint32_t *out)
{
	static const struct {
		const char *unit;
		double pt;
	} units[] = {
		{ "in", 72 }, { "cm", 72 / 2.54 }, { "mm", 72 / 25.4 },
		{ "pt", 1 },
	};
	const char *unit;
	char *end;
	double v, scale = -1;

	if ((*s < '0' || *s > '9') && *s != '.')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s)
		return -1;
	unit = *end ? end : bare;
	for (size_t k = 0; k < ARRAY_SIZE(units); k++)
		if (!strcmp(unit, units[k].unit))
			scale = units[k].pt;
	if (scale < 0 || v * scale < lo || v * scale > hi)
		return -1;
	*out = (uint32_t)(v * scale * 100 + 0.5);
	return 0;
}

/* --size: a width from 1 to 100 inches (a bare number is in inches). */
static int
parse_size(const struct opt *row, const char *arg, void *dst)
{
	struct options *o = dst;

	(void)row;
	if (parse_length(arg, 72, 7200, "in", &o->width) < 0)
		return -1;
	o->size_arg = arg;
	return 0;
}

/* --min-font: a text size from 1 to 72 points (a bare number: points). */
static int
parse_min_font(const struct opt *row, const char *arg, void *dst)
{
	(void)row;
	return parse_length(arg, 1, 72, "pt", dst);
}

/* --chart: flow, or an add-on's chart of its own (extras_of_chart). */
static int
parse_chart(const struct opt *row, const char *arg, void *dst)
{
	struct buf names = BUF_INIT;

	(void)row;
	if (!strcmp(arg, "flow") || extras_of_chart(arg)) {
		*(const char **)dst = arg;
		return 0;
	}
	buf_puts(&names, "flow");
	for (size_t k = 0; k < extras_count(); k++)
		if (extras_at(k)->chart)
			buf_printf(&names, ", %s", extras_at(k)->name);
	error("unknown chart '%s' (%s)", arg, names.data);
	buf_release(&names);
	return -1;
}

static int
parse_jobs(const struct opt *row, const char *arg, void *dst)
{
	(void)row;
	return config_parse_jobs(arg, dst);
}

static int
parse_csv_table(const struct opt *row, const char *arg, void *dst)
{
	int table = csv_table_from_name(arg);

	(void)row;
	if (table < 0) {
		struct buf names = BUF_INIT;

		csv_table_names(&names);
		error("unknown CSV table '%s' (%s)", arg, names.data);
		buf_release(&names);
		return -1;
	}
	*(int *)dst = table;
	return 0;
}

/* --trace, --compare, --explain: the mode row->value. */
static int
parse_mode(const struct opt *row, const char *arg, void *dst)
{
	enum mode *mode = dst;

	(void)arg;
	if (*mode != MODE_REPORT && *mode != (enum mode)row->value)
		return error("--trace, --compare and --explain exclude each "
			     "other");
	*mode = (enum mode)row->value;
	return 0;
}

#define OFF(member) offsetof(struct options, member)
#define F(fmt) OPT_FORMAT(fmt)
/* The row that stands for the add-ons' rows, in the registry's order. */
#define ADDONS_HERE { .name = NULL }

/*
 * The command line's rows, in --help's order.  Where an option does
 * something (modes, formats) is the one rule of where it may be given:
 * on the command line where it does nothing, it is refused, as a
 * mistake worth saying (a configured default is simply not used there).
 * The man page's OPTIONS says the same rule.
 */
static const struct opt rows[] = {
	{ .name = "repo", .letter = 'C', .arg = "DIR",
	  .kind = OPT_PARSE, .parse = parse_repo,
	  .help = "the repository (default: found from the current directory)" },
	{ .name = "output", .letter = 'o', .arg = "FILE",
	  .kind = OPT_PARSE, .off = OFF(outs), .parse = parse_output,
	  .help = "write there; the format follows the extension\n"
		  "(.txt .svg .png .pdf .dot .gv .json .tsv .csv .html);\n"
		  "repeatable: every file from one walk, all or none\n"
		  "written; - is standard output" },
	{ .name = "format", .letter = 'T', .arg = "FMT",
	  .kind = OPT_STRING, .off = OFF(format),
	  .help = "text, dot, svg, png, pdf, json, commits, csv, html\n"
		  "(of standard output, of a single -o, of files\n"
		  "whose extension names none)" },
	/* not the formats of one line per commit, pair or finding, which
	 * name each commit's own trees */
	{ .name = "top", .arg = "N", .modes = MODE_REPORT,
	  .formats = ~0u & ~F(FORMAT_COMMITS) & ~FORMATS_ADDON,
	  .kind = OPT_PARSE, .parse = parse_top,
	  .takes = "a positive number or 'all'",
	  .help = "keep the N largest trees feeding the mainline, fold the rest\n"
		  "(all: keep every tree)" },
	{ .name = "layout", .arg = "ENGINE", .modes = MODE_REPORT,
	  .formats = FORMATS_DRAWN,
	  .kind = OPT_PARSE, .off = OFF(layout), .parse = parse_layout,
	  .help = "dot (default), twopi, circo, neato, fdp or sfdp" },
	{ .name = "mainline", .arg = "NAME",
	  .kind = OPT_PARSE, .off = OFF(mainline), .parse = parse_mainline,
	  .help = "label of the mainline node (default: mainline)" },
	{ .name = "mainline-url", .arg = "URL",
	  .kind = OPT_PARSE, .parse = parse_mainline_url,
	  .help = "the mainline's own repository (repeatable)" },
	{ .name = "title", .arg = "TEXT", .modes = MODE_REPORT,
	  .formats = FORMATS_GRAPH, .kind = OPT_STRING, .off = OFF(title),
	  .help = "the chart's title (a newline breaks the line)" },
	{ .name = "dpi", .arg = "N", .modes = MODE_REPORT,
	  .formats = F(FORMAT_PNG),
	  .kind = OPT_PARSE, .off = OFF(dpi), .parse = parse_dpi,
	  .takes = "a resolution from 36 to 1200",
	  .help = "the PNG's resolution, 36 to 1200 (96)" },
	{ .name = "size", .arg = "WIDTH", .modes = MODE_REPORT | MODE_COMPARE,
	  .formats = FORMATS_GRAPH, .kind = OPT_PARSE, .parse = parse_size,
	  .takes = "a width from 1 to 100 inches (6.5in, 16.5cm, 468pt)",
	  .help = "lay the chart out for a page WIDTH wide (6.5in, 16.5cm,\n"
		  "468pt; a bare number is in inches), its text kept at\n"
		  "--min-font or more" },
	{ .name = "min-font", .arg = "PT", .modes = MODE_REPORT | MODE_COMPARE,
	  .formats = FORMATS_GRAPH, .kind = OPT_PARSE, .off = OFF(min_font),
	  .parse = parse_min_font, .takes = "a size from 1 to 72 points",
	  .help = "with --size, the smallest text on the page (7)" },
	{ .name = "chart", .arg = "NAME", .modes = MODE_REPORT,
	  .formats = F(FORMAT_SVG) | F(FORMAT_PNG) | F(FORMAT_PDF),
	  .kind = OPT_PARSE, .off = OFF(chart), .parse = parse_chart,
	  .help = "the chart an svg, png or pdf output draws: flow,\n"
		  "timeline (with --timeline, its default) or fixes\n"
		  "(with --fixes)" },
	{ .name = "chart-depth", .arg = "N", .modes = MODE_REPORT,
	  .formats = FORMATS_GRAPH, .kind = OPT_PARSE, .off = OFF(chart_depth),
	  .parse = parse_chart_depth, .takes = "a level from 0 to 1000000",
	  .help = "fold the trees pulled deeper than N levels into\n"
		  "one box in the chart (64; 0: never)" },
	{ .name = "major", .arg = "PERCENT", .modes = MODE_REPORT,
	  .formats = FORMATS_GRAPH, .kind = OPT_PARSE, .value = 1,
	  .parse = parse_share, .takes = "a percentage from 0 to 100",
	  .help = "edges carrying this share or more in vermillion (5)" },
	{ .name = "minor", .arg = "PERCENT", .modes = MODE_REPORT,
	  .formats = FORMATS_GRAPH, .kind = OPT_PARSE, .value = 0,
	  .parse = parse_share, .takes = "a percentage from 0 to 100",
	  .help = "edges carrying this share or more in blue (1)" },
	{ .name = "csv-table", .arg = "TABLE",
	  .modes = MODE_REPORT | MODE_COMPARE, .formats = F(FORMAT_CSV),
	  .kind = OPT_PARSE, .off = OFF(csv_table), .parse = parse_csv_table,
	  .help = "the CSV's table: trees (default), edges (summary\n"
		  "with --compare, pulls with --timeline, fixes with\n"
		  "--fixes); a .csv file named *-edges.csv,\n"
		  "*-trees.csv... gets that table" },
	{ .name = "crlf", .modes = MODE_REPORT | MODE_COMPARE,
	  .formats = F(FORMAT_CSV), .kind = OPT_SET, .off = OFF(crlf),
	  .value = 1, .help = "end the CSV's lines in CR LF (default: LF)" },
	{ .name = "trace", .kind = OPT_PARSE, .off = OFF(mode),
	  .value = MODE_TRACE, .parse = parse_mode,
	  .help = "trace the commits named (- reads them from standard\n"
		  "input) through the range: text or json" },
	{ .name = "compare", .kind = OPT_PARSE, .off = OFF(mode),
	  .value = MODE_COMPARE, .parse = parse_mode,
	  .help = "the ranges side by side, from one walk: text, json,\n"
		  "csv, or a trend chart (svg, png, pdf)" },
	{ .name = "cycles", .arg = "A..B", .modes = MODE_COMPARE,
	  .kind = OPT_STRING, .off = OFF(cycles),
	  .help = "with --compare: the release cycles from tag A to tag B\n"
		  "on B's first-parent line (no -rc, -dev, -pre, -alpha,\n"
		  "-beta, -branched tags; treeplot.releasePattern)" },
	{ .name = "author", .arg = "PATTERN",
	  .modes = MODE_REPORT | MODE_TRACE | MODE_COMPARE,
	  .kind = OPT_PARSE, .parse = parse_author,
	  .help = "only commits whose author (Name <mail>) matches the\n"
		  "extended regular expression (repeatable: any)" },
	{ .name = "explain", .kind = OPT_PARSE, .off = OFF(mode),
	  .value = MODE_EXPLAIN, .parse = parse_mode,
	  .help = "how the merges named were read: form, URL, tree,\n"
		  "spellings joined and why, internal or external" },
	{ .name = "range", .arg = "RANGE",
	  .modes = MODE_REPORT | MODE_TRACE | MODE_EXPLAIN,
	  .kind = OPT_STRING, .off = OFF(range),
	  .help = "the range, for --trace and --explain (where arguments\n"
		  "are commits)" },
	{ .name = "config", .arg = "FILE", .kind = OPT_STRING,
	  .off = OFF(config),
	  .help = "read treeplot.* settings from FILE too" },
	{ .name = "no-config", .kind = OPT_SET, .off = OFF(no_config),
	  .value = 1,
	  .help = "ignore the repository's and the user's settings" },
	ADDONS_HERE,
	{ .name = "require-complete", .kind = OPT_SET,
	  .off = OFF(require_complete), .value = 1,
	  .help = "exit 4 when the range reaches a shallow clone's\n"
		  "boundary (else a warning)" },
	{ .name = "jobs", .letter = 'j', .arg = "N",
	  .kind = OPT_PARSE, .off = OFF(jobs), .parse = parse_jobs,
	  .takes = "a number of threads from 1 to " JOBS_MAX_STR,
	  .help = "threads reading commits (default: the cores available)" },
	{ .name = "quiet", .letter = 'q', .kind = OPT_SET, .off = OFF(quiet),
	  .value = 1, .help = "no progress display on long runs" },
	{ .name = "help", .letter = 'h', .kind = OPT_SET, .off = OFF(show),
	  .value = SHOW_HELP, .help = "show this help" },
	{ .name = "version", .kind = OPT_SET, .off = OFF(show),
	  .value = SHOW_VERSION, .help = "show the version" },
	{ .name = "git-completion-helper", .kind = OPT_SET, .off = OFF(show),
	  .value = SHOW_COMPLETION, .flags = OPT_HIDDEN,
	  .help = "the long options, for the bash completion" },
	{ .name = "zsh-completion-helper", .kind = OPT_SET, .off = OFF(show),
	  .value = SHOW_ZSH, .flags = OPT_HIDDEN,
	  .help = "the options with their help, for the zsh completion" },
};

/* A row as a run uses it: what it stores into, and whether given. */
struct entry {
	const struct opt *row;
	void *base;		/* struct options, or an add-on's value */
	int given;
};

/* The whole table: the rows above with the add-ons' in their place,
 * and getopt_long's view of it (a row without a letter is known to it
 * as OPT_VAL + its index). */
struct table {
	struct entry *v;
	size_t nr, alloc;
	struct option *longopts;
	struct buf shortopts;
};

#define OPT_VAL 256

static void
table_add(struct table *t, const struct opt *row, void *base)
{
	ALLOC_GROW(t->v, t->nr + 1, t->alloc);
	t->v[t->nr++] = (struct entry){ row, base, 0 };
}

static void
table_init(struct table *t, struct options *o)
{
	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		if (rows[i].name) {
			table_add(t, &rows[i], o);
			continue;
		}
		for (size_t k = 0; k < extras_count(); k++) {
			const struct extra *x = extras_at(k);

			for (size_t r = 0; r < x->options_nr; r++)
				table_add(t, &x->options[r], &o->extras.v[k]);
		}
	}
	t->longopts = xcalloc(t->nr + 1, sizeof(*t->longopts));
	/* ':' first: a missing value is told from an unknown option. */
	buf_addc(&t->shortopts, ':');
	for (size_t i = 0; i < t->nr; i++) {
		const struct opt *row = t->v[i].row;

		t->longopts[i] = (struct option){
			row->name, row->arg ? required_argument : no_argument,
			NULL, row->letter ? row->letter : OPT_VAL + (int)i,
		};
		if (!row->letter)
			continue;
		buf_addc(&t->shortopts, row->letter);
		if (row->arg)
			buf_addc(&t->shortopts, ':');
	}
}

/* The rows given, in the table's order, for the checks (cli/args.h). */
static void
table_given(struct table *t, struct options *o)
{
	/* An array of pointers, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	o->given = xcalloc(t->nr ? t->nr : 1, sizeof(*o->given));
	for (size_t i = 0; i < t->nr; i++)
		if (t->v[i].given)
			o->given[o->given_nr++] = t->v[i].row;
}

static void
table_release(struct table *t)
{
	free(t->v);
	free(t->longopts);
	buf_release(&t->shortopts);
}

/* The entry getopt_long's c stands for, or NULL. */
static struct entry *
table_entry(struct table *t, int c)
{
	if (c >= OPT_VAL)
		return (size_t)(c - OPT_VAL) < t->nr ? &t->v[c - OPT_VAL] : NULL;
	for (size_t i = 0; c > 0 && i < t->nr; i++)
		if (t->v[i].row->letter == c)
			return &t->v[i];
	return NULL;
}

/* Store e's value (arg: the option's, or NULL).  Returns ST_OK, or
 * ST_USAGE after a bad value (said). */
static int
store(const struct entry *e, const char *arg)
{
	const struct opt *row = e->row;
	void *dst = (char *)e->base + row->off;

	switch (row->kind) {
	case OPT_SET:
		*(int *)dst = row->value;
		return ST_OK;
	case OPT_STRING:
		*(const char **)dst = arg;
		return ST_OK;
	case OPT_PARSE:
		break;
	}
	if (row->parse(row, arg, dst) >= 0)
		return ST_OK;
	if (row->takes)
		return usage_error("--%s takes %s, not '%s'", row->name,
				   row->takes, arg ? arg : "");
	return ST_USAGE;	/* said by parse */
}

/* What --help and friends show: the table's rows, in its order. */
static int
show(const struct table *t, int what)
{
	/* An array of pointers, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	const struct opt **v = xcalloc(t->nr ? t->nr : 1, sizeof(*v));

	for (size_t i = 0; i < t->nr; i++)
		v[i] = t->v[i].row;
	help_show(what, v, t->nr);
	free(v);
	return ST_DONE;
}

/* --- finding the options ------------------------------------------------ */

/* The long options name (len bytes) is a prefix of, into b as
 * "--a, --b or --c" (hidden ones left out).  Returns how many. */
static size_t
prefix_of(const struct table *t, const char *name, size_t len,
	  struct buf *b)
{
	size_t n = 0, k = 0;

	if (!t->v)
		return 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < t->nr; i++) {
			const struct opt *row = t->v[i].row;

			if ((row->flags & OPT_HIDDEN) ||
			    strncmp(row->name, name, len))
				continue;
			if (!pass) {
				n++;
				continue;
			}
			if (k++)
				buf_puts(b, k == n ? " or " : ", ");
			buf_printf(b, "--%s", row->name);
		}
	return n;
}

/* "did you mean --layout?": the options nearest name (len bytes), when
 * some are near enough.  Returns 1 when it wrote one. */
static int
nearest_options(const struct table *t, const char *name, size_t len,
		struct buf *b)
{
	struct suggest sg;

	if (!t->v)
		return 0;
	suggest_init(&sg, name, len);
	for (size_t i = 0; i < t->nr; i++)
		if (!(t->v[i].row->flags & OPT_HIDDEN))
			suggest_add(&sg, t->v[i].row->name);
	return suggest_write(&sg, "--", b);
}

/*
 * A single-dash word that is a long option ("-top 15", where getopt
 * sees "-t" and then "op"): as git does, when what follows the dash is
 * three letters or more and starts a long option's name, say so.  word
 * is the word the unknown letter c was in.  Returns ST_USAGE after
 * saying so, or ST_OK when the word is no such mistake.
 */
static int
single_dash_long(const struct table *t, const char *word)
{
	struct buf b = BUF_INIT;
	size_t len;
	int ret = ST_OK;

	if (word[0] != '-' || word[1] == '-')
		return ST_OK;
	len = strcspn(word + 1, "=");
	if (len >= 3 && prefix_of(t, word + 1, len, &b))
		ret = usage_error("unknown option '%s': did you mean %s?",
				  word, b.data);
	buf_release(&b);
	return ret;
}

/*
 * getopt_long returned '?'.  A short option inside a bundle ("-zh") is in
 * optopt and getopt is still on its word (argv[optind]), else past it;
 * "--version=3" is a known option given a value it does not take; a long
 * option unknown or ambiguous gets the names it may have meant.
 */
static int
bad_option(const struct table *t, int argc, char **argv)
{
	const char *word = argv[optind - 1], *eq = strchr(word, '=');
	struct buf b = BUF_INIT;
	size_t len;
	int ret;

	/* First: glibc reports "--quiet=yes" with optopt set to 'q', the
	 * option's own letter, as if "-q" were unknown. */
	if (!strncmp(word, "--", 2) && eq) {
		for (const struct option *lo = t->longopts; lo->name; lo++)
			if (strlen(lo->name) == (size_t)(eq - word - 2) &&
			    !strncmp(lo->name, word + 2, eq - word - 2) &&
			    lo->has_arg == no_argument && optopt == lo->val)
				return usage_error("option '--%s' takes no "
						   "value", lo->name);
	}
	if (optopt && optopt < OPT_VAL) {
		const char *in = optind < argc && argv[optind][0] == '-' &&
				 strchr(argv[optind] + 1, optopt) ?
				 argv[optind] : word;

		if ((ret = single_dash_long(t, in)) < 0)
			return ret;
		return usage_error("unknown option '-%c'", optopt);
	}
	if (strncmp(word, "--", 2))
		return usage_error("unknown option '%s'", word);
	len = strcspn(word + 2, "=");
	if (len && prefix_of(t, word + 2, len, &b) > 1)
		ret = usage_error("ambiguous option '--%.*s': %s", (int)len,
				  word + 2, b.data);
	else if (nearest_options(t, word + 2, len, &b))
		ret = usage_error("unknown option '--%.*s': %s", (int)len,
				  word + 2, b.data);
	else
		ret = usage_error("unknown option '%s'", word);
	buf_release(&b);
	return ret;
}

/* Whether long option word (after "--", up to any "=") takes its value
 * from the next word: getopt_long's rule, unambiguous prefixes too. */
static int
long_takes_next(const struct table *t, const char *word)
{
	size_t len = strcspn(word, "=");
	const struct option *hit = NULL;

	if (word[len])
		return 0;
	for (const struct option *lo = t->longopts; lo->name; lo++) {
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
find_separator(const struct table *t, int argc, char **argv)
{
	const char *shortopts = t->shortopts.data;

	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];

		if (!strcmp(w, "--"))
			return i;
		if (w[0] != '-' || !w[1])
			continue;
		if (w[1] == '-') {
			i += long_takes_next(t, w + 2);
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

/* --- parsing -------------------------------------------------------- */

void
options_init(struct options *o)
{
	memset(o, 0, sizeof(*o));
	o->mode = MODE_REPORT;
	o->csv_table = CSV_TREES;
	o->chart_depth = GRAPH_CHART_DEPTH_DEFAULT;
	o->min_font = GRAPH_MIN_FONT_DEFAULT;
	extra_args_init(&o->extras);
}

/* The options up to the "--" of the paths, the paths, the arguments.
 * Returns ST_OK, ST_DONE after --help or --version, or ST_USAGE. */
static int
parse_options(struct options *o, struct table *t, int argc, char **argv)
{
	int c, ret, sep = find_separator(t, argc, argv);

	o->paths = argv + (sep < argc ? sep + 1 : argc);
	o->paths_nr = sep < argc ? argc - sep - 1 : 0;
	argc = sep;

	opterr = 0;
	while ((c = getopt_long(argc, argv, t->shortopts.data, t->longopts,
				NULL)) != -1) {
		struct entry *e = table_entry(t, c);

		if (c == ':')
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		if (!e)
			return bad_option(t, argc, argv);
		/* "-jobs 2": -j given "obs", a long option meant. */
		if (c < OPT_VAL && optarg && optarg != argv[optind - 1] &&
		    (ret = single_dash_long(t, argv[optind - 1])) < 0)
			return ret;
		e->given = 1;
		if ((ret = store(e, optarg)) < 0)
			return ret;
		if (o->show)
			return show(t, o->show);
	}
	table_given(t, o);
	o->args = argv + optind;
	o->args_nr = argc - optind;
	return ST_OK;
}

int
options_parse(struct options *o, int argc, char **argv)
{
	struct table t;
	int ret;

	table_init(&t, o);
	ret = parse_options(o, &t, argc, argv);
	table_release(&t);
	return ret;
}

void
options_release(struct options *o)
{
	free(o->mainline_urls);
	output_set_release(&o->outs);
	free(o->repo);
	free(o->authors);
	free(o->given);
}
