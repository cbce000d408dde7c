/*
 * cli/options.h - the command line: one table of options, and what it
 * gives.
 *
 * Every option is a row (addons/opt.h): the command line's own in
 * cli/options.c, each add-on's in its own file, put in the table where
 * --help lists them.  From the rows come getopt_long's table, --help's
 * option lines, the refusal of an option given where it does nothing
 * (a mode, or output formats, it does not apply to) and the completion's
 * list (--git-completion-helper, as git's commands print theirs).
 */
#ifndef TREEPLOT_CLI_OPTIONS_H
#define TREEPLOT_CLI_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "addons/registry.h"
#include "addons/opt.h"
#include "cli/outputs.h"
#include "util/output.h"

/* What is drawn, and the graph before layout (dot) that it is drawn
 * from, as OPT_FORMAT() bits. */
#define FORMATS_DRAWN (OPT_FORMAT(FORMAT_SVG) | OPT_FORMAT(FORMAT_PNG) | \
		       OPT_FORMAT(FORMAT_PDF) | OPT_FORMAT(FORMAT_HTML))
#define FORMATS_GRAPH (FORMATS_DRAWN | OPT_FORMAT(FORMAT_DOT))

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
	int top_given, major_given, minor_given;
	unsigned dpi;		/* PNG's resolution; 0: the default */
	const char *chart;	/* --chart: flow or an add-on's; NULL: */
				/* the default */
	uint32_t chart_depth;	/* --chart-depth */
	uint32_t width;		/* --size, hundredths of a point; 0: none */
	const char *size_arg;	/* --size as given */
	uint32_t min_font;	/* --min-font, hundredths of a point */
	int quiet, no_config;
	int crlf;		/* --crlf: CSV lines end in CR LF */
	int require_complete;	/* --require-complete: shallow is an error */
	unsigned jobs;		/* --jobs; 0: treeplot.jobs, else the cores */
	int csv_table;		/* enum csv_table */
	struct extra_args extras;	/* each add-on's value (extra_arg) */
	enum mode mode;
	const char *range;
	const char *cycles;	/* --cycles A..B */
	char **args;		/* the other arguments: commits or ranges */
	int args_nr;
	const char **authors;	/* --author, repeatable: any may match */
	size_t authors_nr, authors_alloc;
	char **paths;		/* the pathspecs after "--" */
	int paths_nr;
	int show;		/* --help, --version, the completion's */
				/* lists: shown, and nothing run */
	const struct opt **given;	/* the rows given, in the table's */
	size_t given_nr;		/* order (owned), for cli/args.h */
};

void options_init(struct options *o);

/*
 * Parse argv into o: the options, the rows given, the arguments and the
 * paths after "--" (cli/args.h checks them together).  Returns ST_OK,
 * ST_DONE after --help or --version (written), or ST_USAGE after a usage
 * error (said, one line).
 */
int options_parse(struct options *o, int argc, char **argv);

void options_release(struct options *o);

/* A usage error: one line naming what was wrong.  Returns ST_USAGE. */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
