/*
 * routing.h - the hierarchy as declared and as used (--routing).
 *
 * MAINTAINERS at the range's end (the file the labels read) declares,
 * for every path, the entries that cover it (flow/maintainers_rules.h)
 * and the trees their patches should go through (T: git URLs, named by
 * the chart's identity rules, so every spelling of a URL is one tree; a
 * catch-all entry names the mainline).  A non-merge commit's declared
 * trees are those of the entries covering any file it changes against
 * its first parent (git/changes.h).  Its verdict:
 *
 *   declared  a tree on its path (the mainline aside) is declared, or
 *             it went straight into the mainline (direct, or a mailed
 *             series applied there) and the mainline is declared;
 *   other     it has declared trees, and came another way;
 *   none      no entry with a tree covers its files: left out of the
 *             shares, and counted.
 *
 * Figures: the share of declared among the counted (declared + other)
 * for the range and for each tree (of the commits through it); the
 * declared tree x innermost tree cells of the commits not routed as
 * declared; for each pull of a tree that some entry declares, the
 * commits it brought that touch no file of those entries (out of area).
 * Outputs: -T routing (one line a commit), a "Routing" section, JSON
 * "routing" at the top and in each tree, a CSV column, a box line.
 */
#ifndef TREEPLOT_ROUTING_H
#define TREEPLOT_ROUTING_H

struct extra;

extern const struct extra routing_extra;

#endif
