/*
 * addons/opt.h - a row of the command line's option table.
 *
 * One row says everything about an option: its names, the name of its
 * value, its help, where it applies and how its value is stored.  The
 * table, and all that is derived from it (getopt_long's struct option[],
 * --help's lines, the refusal of an option where it does nothing, the
 * completion's list), is the command line's (cli/options.c).  The type
 * lives here, in the lowest layer that declares options: each add-on
 * declares its own rows in its own file (struct extra, extra.h), which
 * store into the add-on's own int, the value its gather receives.
 */
#ifndef TREEPLOT_OPT_H
#define TREEPLOT_OPT_H

#include <stddef.h>

/* What a run does, as an option names where it applies. */
enum mode {
	MODE_REPORT = 1,	/* the report of a range (the default) */
	MODE_TRACE = 2,		/* --trace */
	MODE_COMPARE = 4,	/* --compare */
	MODE_EXPLAIN = 8,	/* --explain */
};

/* An output format's bit (enum format, util/output.h), as an option
 * names the formats it applies to. */
#define OPT_FORMAT(fmt) (1u << (fmt))

/* How a row stores what it is given at its target. */
enum opt_kind {
	OPT_SET,		/* no value: the int target becomes value */
	OPT_STRING,		/* the value itself, kept (argv outlives the */
				/* run): the const char * target */
	OPT_PARSE,		/* parse stores it */
};

/* Flags of a row. */
#define OPT_HIDDEN 1u		/* for scripts: not in --help nor in the */
				/* completion (--git-completion-helper) */
#define OPT_UNLISTED 2u		/* no line of its own in --help: the row */
				/* before names it (--no-maintainers) */

struct opt {
	const char *name;	/* the long option, without "--" */
	char letter;		/* the short option, or 0 */
	const char *arg;	/* its value as --help names it ("N"); */
				/* NULL: it takes none */
	const char *help;	/* --help's text, lines split by newlines */
	unsigned modes;		/* the modes it applies to; 0: all */
	unsigned formats;	/* OPT_FORMAT() of the formats it applies */
				/* to; 0: all */
	enum opt_kind kind;
	size_t off;		/* its target: this far into what the table */
				/* stores into (an add-on's: its int, 0) */
	int value;		/* OPT_SET's value; parse's to use */
	/*
	 * OPT_PARSE: store arg (NULL for an option without a value) at
	 * dst.  Returns 0, or -1 for a bad value: said by the table as
	 * "--NAME takes TAKES, not 'ARG'" when takes is set, else already
	 * said here.
	 */
	int (*parse)(const struct opt *row, const char *arg, void *dst);
	const char *takes;
	unsigned flags;		/* OPT_HIDDEN, OPT_UNLISTED */
};

#endif
