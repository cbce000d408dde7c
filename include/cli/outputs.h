/*
 * outputs.h - the outputs of one run: several -o from one walk.
 *
 * Each -o names a file ("-" is standard output) whose format its
 * extension gives; -T gives the format of standard output and of a file
 * whose extension names none.  A -T that contradicts a single -o's
 * extension is an error (it used to win, writing JSON into a.svg), and
 * with several -o, a -T that is the format of none of them is one too,
 * not silently unused.  Every output is rendered into memory, then all
 * are written at once through output_write_all: all or nothing.
 */
#ifndef TREEPLOT_OUTPUTS_H
#define TREEPLOT_OUTPUTS_H

#include "git/repo.h"
#include "util/buf.h"
#include "util/output.h"
#include "util/util.h"

struct output_spec {
	const char *path;	/* NULL: standard output */
	const char *name;	/* for messages: the file, or "-" */
	enum format fmt;
	int variant;		/* of the format: the CSV's table */
	struct buf data;	/* what is rendered for it */
};

struct output_set {
	struct output_spec *v;
	size_t nr, alloc;
	const char **args;	/* the -o arguments, in order */
	size_t args_nr, args_alloc;
	struct output_guard guard;	/* the repository's private paths */
};

#define OUTPUT_SET_INIT { NULL, 0, 0, NULL, 0, 0, OUTPUT_GUARD_INIT }

/* Record an -o argument (kept, not copied: argv lives long enough). */
void output_set_add_arg(struct output_set *s, const char *arg);

/*
 * Settle each output's format from the -o arguments and format (the -T
 * name, or NULL).  Returns 0, or ST_USAGE after reporting: an unknown
 * -T, a file named twice, a file whose format cannot be told, a -T that
 * applies to none of several files.
 */
int output_set_resolve(struct output_set *s, const char *format);

/* The name -T gives format fmt, the core's or an add-on's ("fixes"), or
 * NULL when fmt is neither. */
const char *output_format_name(int fmt);

/* The formats of the outputs, bit fmt for format fmt (OPT_FORMAT). */
unsigned output_set_formats(const struct output_set *s);

/* Whether one of the outputs is in format fmt. */
int output_set_has(const struct output_set *s, enum format fmt);

/* Each output not the first in its format (and variant) gets a copy of
 * the first's data: every format is rendered once. */
void output_set_share(struct output_set *s);

/* The output in format fmt (the first), or NULL. */
struct output_spec *output_set_find(struct output_set *s, enum format fmt);

/*
 * Refuse a binary format (PNG, PDF) for standard output when that is a
 * terminal, as gzip does.  Returns 0, or ST_USAGE after reporting.
 */
int output_set_check_terminal(const struct output_set *s);

/*
 * Refuse (ST_USAGE, reported) an output that would be written into the
 * repository r reads (repo_private_paths: its git, common and object
 * directories, a worktree's .git), however its path is spelled: treeplot
 * never writes into the repository.  0 otherwise.  The same paths guard
 * the write itself (output_set_write), checked again on the directory
 * it opens: a path that changes during the walk cannot get past.
 */
int output_set_check_repo(struct output_set *s, struct repo *r);

/* Write every output's data, all or nothing.  Returns 0, or -1. */
int output_set_write(const struct output_set *s);

void output_set_release(struct output_set *s);

#endif
