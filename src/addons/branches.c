/*
 * branches.c - the add-on of --branches: each node's repository in the
 * JSON.
 */
#include "addons/branches.h"

#include "addons/extra.h"
#include "util/json_writer.h"

static void
branches_json_tree(const void *state, const struct flow *f, uint32_t i,
		   struct json *j)
{
	const struct flow_tree *t = &f->trees[i];

	(void)state;
	if (f->branches && t->tree != TREE_NONE)
		json_str(j, "repository", t->repo_name);
}

static const struct opt branches_options[] = {
	{ .name = "branches", .modes = MODE_REPORT, .kind = OPT_SET,
	  .value = 1, .help = "nodes are branches (tree:branch, tags by stem)" },
};

/* The chart's nodes are branches: attribution itself changes. */
static void
branches_chart_options(int arg, struct chart_options *co)
{
	co->branches = arg;
}

/* Nothing to gather: the flow has it all. */
const struct extra branches_extra = {
	.name = "branches",
	.options = branches_options,
	.options_nr = ARRAY_SIZE(branches_options),
	.chart_options = branches_chart_options,
	.json_tree = branches_json_tree,
};
