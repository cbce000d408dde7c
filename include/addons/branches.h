/*
 * branches.h - the add-on of --branches (extra.h): each branch node's
 * repository, as the "repository" member of its tree in the JSON.
 *
 * The branch nodes themselves are the chart's (chart_options.branches);
 * the text report and the chart show the repository in the node's name
 * and in a cluster, which are the core's.
 */
#ifndef TREEPLOT_BRANCHES_H
#define TREEPLOT_BRANCHES_H

struct extra;

extern const struct extra branches_extra;

#endif
