/*
 * output.h - where a rendered output goes, all at once.
 *
 * Every renderer writes into memory first, so a failure half-way leaves
 * nothing behind; a file is written beside its destination and renamed
 * over it, so an existing file is replaced whole or not at all.
 */
#ifndef TREEPLOT_OUTPUT_H
#define TREEPLOT_OUTPUT_H

#include <sys/types.h>

#include "util/buf.h"
#include "util/util.h"

enum format {
	FORMAT_NONE = 0,
	FORMAT_TEXT,
	FORMAT_DOT,
	FORMAT_SVG,
	FORMAT_PNG,
	FORMAT_PDF,
	FORMAT_JSON,
	FORMAT_COMMITS,
	FORMAT_CSV,
	FORMAT_HTML,
	FORMAT_FIXES,		/* --fixes' lines (addons/fixes.h) */
	FORMAT_FINDINGS,	/* --check's lines (addons/check.h) */
	FORMAT_GITHUB,		/* --check's GitHub Actions annotations */
	FORMAT_ROUTING,		/* --routing's lines (addons/routing.h) */
};

/* The format named by -T (text, dot, svg, png, pdf, json, commits, csv,
 * html, fixes, findings, github), or FORMAT_NONE. */
enum format format_from_name(const char *name);

/* The format an output file's extension implies (.txt .dot .gv .svg .png
 * .pdf .json .tsv .csv .html .htm), or FORMAT_NONE. */
enum format format_from_path(const char *path);

/* The format's -T name ("svg"), and the extension that names it in a
 * file's name (".svg"; ".txt" for text, ".tsv" for commits). */
const char *format_name(enum format fmt);
const char *format_extension(enum format fmt);

/* The name Graphviz knows the format by ("svg"), or NULL for formats that
 * are not drawn. */
const char *format_graphviz(enum format fmt);

/*
 * Where writing path writes: the file a symbolic link at path leads to
 * (followed, as the write follows it), with every directory resolved
 * (symbolic links, "..", "."), as a new string; NULL when its directory
 * does not resolve (the write then fails and says why).
 */
char *output_resolve(const char *path);

/*
 * What must never be written into (the repository's own directories and
 * files), by device and inode: the check is made on the directory the
 * write opens, so a link swapped after any earlier check of the path
 * cannot lead the write there.
 */
struct output_guard {
	struct output_guard_id {
		dev_t dev;
		ino_t ino;
		char *name;	/* for the message */
	} *v;
	size_t nr, alloc;
};

#define OUTPUT_GUARD_INIT { NULL, 0, 0 }

/* Guard path (a directory: it and all below it; a file: it alone);
 * nothing when it does not exist. */
void output_guard_add(struct output_guard *g, const char *path);
void output_guard_release(struct output_guard *g);

/* Write data to path (atomically), or to standard output when path is
 * NULL.  Returns 0, or -1 after reporting the error. */
int output_write(const char *path, const struct buf *data);

/*
 * Write data[k] to paths[k] (NULL: standard output) for each of n
 * outputs, all or nothing: every file goes to a temporary beside it
 * first, then standard output and devices are written, and only then
 * are the temporaries renamed, so a failure before that point leaves
 * every file as it was and no temporary behind.  Each destination's
 * directory is opened once and everything after is relative to it
 * (openat, renameat): what is open is checked against g (NULL: no
 * guard).  Returns 0, or -1 after reporting the error.
 */
int output_write_all(const char *const *paths, const struct buf *const *data,
		     size_t n, const struct output_guard *g);

#endif
