/*
 * output.h - where a rendered output goes, all at once.
 *
 * Every renderer writes into memory first, so a failure half-way leaves
 * nothing behind; a file is written beside its destination and renamed
 * over it, so an existing file is replaced whole or not at all.
 */
#ifndef TREEPLOT_OUTPUT_H
#define TREEPLOT_OUTPUT_H

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
};

/* The format named by -T (text, dot, svg, png, pdf, json, commits, csv,
 * html), or FORMAT_NONE. */
enum format format_from_name(const char *name);

/* The format an output file's extension implies (.txt .dot .gv .svg .png
 * .pdf .json .tsv .csv .html .htm), or FORMAT_NONE. */
enum format format_from_path(const char *path);

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

/* Write data to path (atomically), or to standard output when path is
 * NULL.  Returns 0, or -1 after reporting the error. */
int output_write(const char *path, const struct buf *data);

/*
 * Write data[k] to paths[k] (NULL: standard output) for each of n
 * outputs, all or nothing: every file goes to a temporary beside it
 * first, then standard output and devices are written, and only then
 * are the temporaries renamed, so a failure before that point leaves
 * every file as it was and no temporary behind.  Returns 0, or -1 after
 * reporting the error.
 */
int output_write_all(const char *const *paths, const struct buf *const *data,
		     size_t n);

#endif
