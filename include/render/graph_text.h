/*
 * render/graph_text.h - the text a chart hands to Graphviz, defused (its
 * escStrings, HTML entities, XML's forbidden characters) and cut to a
 * size Graphviz handles: for render/graph_build.c.
 *
 * Labels and tooltips are Graphviz escStrings: "\\n" (a backslash and
 * n) separates their lines, and text appended here never holds one.
 */
#ifndef TREEPLOT_RENDER_GRAPH_TEXT_H
#define TREEPLOT_RENDER_GRAPH_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "util/util.h"

/* Append s, untrusted, to a plain label, to a tooltip, or to an
 * HTML-like label (a cell of a table). */
void graph_label_text(struct buf *out, const char *s);
void graph_tip_text(struct buf *out, const char *s);
void graph_html_text(struct buf *out, const char *s);

/* Append the spellings of a tree to a tooltip, a line each, as many as
 * fit ("(and N more)"). */
void graph_tip_urls(struct buf *out, char *const *urls, uint32_t nr);

/* --size: append plain s (len bytes) folded into lines of at most max
 * characters, separated by newlines (at a blank, else after '-', '/',
 * '_' or '.', else where the line is full). */
void graph_fold(struct buf *out, const char *s, size_t len, size_t max);

/* Append "1 commit", "2 commits" (what: "commit"). */
void graph_count(struct buf *out, uint32_t n, const char *what);

#endif
