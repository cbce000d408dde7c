/*
 * registry.h - every add-on, in one list (registry.c), and what the
 * command line asked of each: the part of the seam that knows all the
 * add-ons, where extra.h's dispatchers know only those a run gathered.
 */
#ifndef TREEPLOT_REGISTRY_H
#define TREEPLOT_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "addons/extra.h"
#include "util/buf.h"

/* The most add-ons the registry may hold. */
#define EXTRAS_MAX 16

/* The number of add-ons, and the k-th, in the registry's order. */
size_t extras_count(void);
const struct extra *extras_at(size_t k);

/* What the command line asked of each add-on of the registry, by its
 * place there: its value, gather's arg (0: not asked for). */
struct extra_args {
	int v[EXTRAS_MAX];
};

/* Each add-on's value its default (struct extra.def). */
void extra_args_init(struct extra_args *a);
/* The value of add-on x (one of the registry's). */
int extra_arg(const struct extra_args *a, const struct extra *x);
/* What the add-ons asked for change in how the chart is built (struct
 * extra.chart_options). */
void extras_chart_options(const struct extra_args *a,
			  struct chart_options *co);
/*
 * The add-ons' own output formats (struct extra.formats), numbered from
 * FORMAT_ADDON (util/output.h) in the registry's order: the fmt-th's
 * description and its add-on (*x; x may be NULL), or NULL when fmt is
 * none of them; the one -T name names, or FORMAT_NONE.
 */
const struct extra_format *extras_format_of(int fmt, const struct extra **x);
int extras_format_named(const char *name);
/* The add-on whose own output format fmt is, or NULL. */
const struct extra *extras_of_format(int fmt);
/* The output in format fmt of the add-on of xs whose own format it is
 * into out: returns 1, else 0 (nothing written). */
int extras_format(const struct extras *xs, int fmt, const struct flow *f,
		  struct buf *out);
/* The add-on that draws the chart --chart NAME names: the one named
 * NAME with a chart of its own (struct extra.chart), or NULL. */
const struct extra *extras_of_chart(const char *name);
/* What the walk must keep for the add-ons asked for (HISTORY_*). */
unsigned extras_walk(const struct extra_args *a);

/*
 * Gather every add-on asked for (a nonzero value), in the registry's
 * order, each with its setting of config (by its place in the
 * registry; NULL: none).  Returns 0, or -1 after an add-on reported an
 * error (out is then released).
 */
int extras_gather(const struct extra_args *a,
		  const struct extra_config *config,
		  const struct extra_input *in, struct extras *out);

/* The add-ons of a --compare run that measure ranges (range_gather),
 * in the registry's order, each with what it shares between them. */
struct extras_compare {
	struct extra_run run[EXTRAS_MAX];
	size_t nr;
};

/* compare_begin of every add-on asked for that measures ranges.
 * Returns 0, or -1 after one reported an error (out released). */
int extras_compare_begin(const struct extra_args *a,
			 const struct extra_compare *in,
			 struct extras_compare *out);
void extras_compare_end(struct extras_compare *xc);

/* The commits output's add-on fields of commit: every add-on's, in the
 * registry's order, empty where it was not asked for (struct
 * extra.commit_fields). */
void extras_commit_fields(const struct extras *xs, uint32_t commit,
			  struct buf *out);

#endif
