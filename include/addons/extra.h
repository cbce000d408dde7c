/*
 * extra.h - the add-ons: what a report's options add beside the core
 * flow (the MAINTAINERS labels, --branches' repositories, --direct-by,
 * --signed, --latency, --infer-ff, --review).
 *
 * An add-on is one module with one `struct extra`: its options (rows of
 * the command line's table, opt.h), what the walk must keep for it, how
 * it gathers its data once the chart is finished, and how it
 * contributes to each output.  The registry (registry.c) lists them in
 * a fixed order; the command line parses each add-on's options into its
 * own value (struct extra_args), the report gathers every add-on asked
 * for (extras_gather), and the renderers draw the core flow, then call
 * one dispatcher per hook (extras_text, extras_json_tree...), which asks
 * each gathered add-on, in the registry's order, for its part.  So the
 * order of the registry is the order of the text report's sections, of
 * the JSON's members and of --help's lines, and a renderer never knows
 * an add-on's types: `struct flow` holds none of them.  Every hook is
 * optional (NULL: no contribution to that output).
 *
 * Text an add-on takes from commits or configuration is untrusted: it is
 * escaped with escape_text in the text report and the commits output,
 * written with json_str in the JSON, and handed to the renderer's own
 * escaper (struct extra_tip) in the chart.
 */
#ifndef TREEPLOT_EXTRA_H
#define TREEPLOT_EXTRA_H

#include <stddef.h>
#include <stdint.h>

#include "util/pattern.h"
#include "addons/opt.h"
#include "flow/chart.h"
#include "git/history.h"
#include "util/buf.h"
#include "util/colours.h"
#include "util/json_writer.h"
#include "util/report_text.h"
#include "util/util.h"


/* An add-on's setting in git's configuration (struct extra.config_key):
 * its values, none empty, in the order the configuration is read
 * (cli/config.h). */
struct extra_config {
	char **v;
	size_t nr, alloc;
};

/* What an add-on gathers from: all borrowed, outliving its state. */
struct extra_input {
	struct repo *r;
	const struct range *rg;		/* the range charted */
	const struct history *h;
	const struct chart *c;		/* trees, attribution, the flow */
	const struct extra_config *config;	/* the add-on's own setting */
					/* (extras_gather sets it) */
	const struct pattern *release;		/* treeplot.releasePattern, or NULL */
	unsigned jobs;			/* --jobs: the threads an add-on */
					/* reads objects on (0: the cores) */
	const struct chart_options *co;	/* the chart's settings, for an */
					/* add-on charting more history */
};

/* What an add-on of --compare reads once for every range (and every
 * output): all borrowed, outliving its shared state. */
struct extra_compare {
	struct repo *r;
	const struct history *h;	/* the union of the ranges */
	const uint8_t *selected;	/* the selection's commits, or NULL */
	const struct pattern *release;		/* treeplot.releasePattern, or NULL */
	unsigned jobs;			/* --jobs */
};

/* How a figure is written: a count, tenths of a percent ("12.5%"), or
 * seconds (written in days, to a tenth). */
enum extra_figure_kind { EXTRA_COUNT, EXTRA_TENTHS, EXTRA_SECONDS };

/* Where a figure is written besides: a column of the CSV table (per
 * tree and edge), a member of the JSON's object (per tree, edge and
 * range); and EXTRA_NULL, in the JSON null where there is none (else
 * the value all the same). */
enum { EXTRA_IN_CSV = 1, EXTRA_IN_JSON = 2, EXTRA_NULL = 4 };

/*
 * A figure an add-on gives as data, which each output formats itself.
 *
 * For each range of --compare (struct extra.figures): in the outputs
 * in says; with a label, as a row of the summary (label in the
 * text, name in the CSV and the JSON's way of saying it) and, with a
 * trend title, a panel of the trend chart: the value in days for
 * seconds, in percent for tenths, NAN in a range that has none.
 *
 * For each tree or edge (struct extra.tree_figures, edge_figures): in
 * the outputs in says; in the CSV a column named name (an empty cell
 * for none; counts and seconds as integers, tenths as "12.5").
 *
 * In the JSON (EXTRA_IN_JSON), the member key (NULL: name) of the
 * object group, opened in the tree's (edge's, range's) object (NULL: a
 * member of that object itself; figures of one group follow each
 * other, other figures between them aside), seconds as a whole number
 * of them, tenths as "12.5".
 */
struct extra_figure {
	const char *label, *name;
	enum extra_figure_kind kind;
	const char *trend_title;	/* NULL: no panel */
	const char *trend_y;		/* its y axis, with the unit */
	unsigned in;			/* EXTRA_IN_* and EXTRA_NULL */
	const char *group, *key;	/* in the JSON */
};

/* A figure per range's initialiser. */
#define EXTRA_ROW(label, name, kind, trend_title, trend_y) \
	{ label, name, kind, trend_title, trend_y, 0, NULL, NULL }
/* A row that is a member of the range's JSON object too. */
#define EXTRA_ROW_JSON(label, name, kind, trend_title, trend_y, in, \
		       group, key) \
	{ label, name, kind, trend_title, trend_y, \
	  EXTRA_IN_JSON | (in), group, key }
/* The initialisers of a figure that is no row: one in the outputs in
 * says; a CSV column only; a JSON member only, in group. */
#define EXTRA_FIGURE(name, kind, in, group, key) \
	{ NULL, name, kind, NULL, NULL, in, group, key }
#define EXTRA_CSV(name, kind) EXTRA_FIGURE(name, kind, EXTRA_IN_CSV, NULL, NULL)
#define EXTRA_MEMBER(name, kind, group) \
	EXTRA_FIGURE(name, kind, EXTRA_IN_JSON, group, NULL)

/* A chart an add-on draws instead of the flow's, in SVG, PNG and PDF
 * (DOT stays the flow's: it is Graphviz's own), when --chart names the
 * add-on, or by default when by_default is set: its kind says how the
 * renderer draws its data.  EXTRA_CHART_TIMELINE: a struct timeline
 * (flow/timeline.h), the timeline chart (render/timeline_chart.h);
 * EXTRA_CHART_FIXES: a struct fixes_chart (flow/fixes_chart.h), the
 * chart of where the bugs came from (render/fixes_chart.h). */
enum extra_chart_kind {
	EXTRA_CHART_NONE, EXTRA_CHART_TIMELINE, EXTRA_CHART_FIXES,
};

struct extra_chart {
	enum extra_chart_kind kind;
	const void *data;	/* the state's, borrowed */
	int by_default;		/* drawn without --chart */
};

/*
 * A tooltip being written in the chart: trusted text (figures, fixed
 * words without backslashes) is appended to out as is, untrusted text
 * through text(), and lines are separated by newline.
 */
struct extra_tip {
	struct buf *out;
	void (*text)(struct buf *out, const char *s);
	const char *newline;
};

/* A flow edge's look as add-ons change it, before it is drawn. */
struct extra_edge_look {
	struct extra_tip tip;	/* "FROM -> TO: N commits in M pulls" so far */
	const char *style;	/* NULL: solid */
	const char *colour;	/* NULL: by the edge's share; else line and label */
	const char *arrowhead;	/* NULL: the default (filled) */
};

/* An edge an add-on draws beside the flow's, between two flow trees. */
struct extra_edge {
	uint32_t from, to;	/* indexes into flow.trees */
	const char *key;	/* unique among the add-on's edges */
	const char *label;	/* trusted; a line in from's box, or NULL */
	const char *tooltip;	/* trusted; after "FROM -> TO: " */
	const char *style;	/* NULL: solid */
	const char *colour;	/* NULL: the default */
	const char *weight;	/* NULL: the default (dot's, an integer) */
	const char *arrowhead;	/* NULL: the default (filled) */
	uint32_t commits;	/* colour and width by this volume; 0: grey */
};

/* Draw e; returns 1 when it was drawn, 0 when it was not (a tree it
 * joins is not in the chart), so that its style is not in the legend. */
typedef int extra_edge_fn(void *ctx, const struct extra_edge *e);

/* A style an add-on draws, for the chart's legend: an edge's is listed
 * only when some edge of the add-on's is drawn in its style; a node's,
 * what the add-on writes in the boxes, only when some box holds a line
 * of the add-on's, among the boxes. */
struct extra_legend {
	const char *what;	/* "pull without a signed tag" */
	enum { EXTRA_LEGEND_EDGE, EXTRA_LEGEND_NODE } kind;
	const char *style;	/* a Graphviz style: "dashed" */
	const char *colour;
	const char *marker;	/* a node's: its sample, as in a box */
};

/* An output format of an add-on's own: its name, as -T gives it, and
 * the whole output from the add-on's state. */
struct extra_format {
	const char *name;
	void (*write)(const void *state, const struct flow *f, struct buf *out);
};

struct extra {
	const char *name;

	/*
	 * The command line: the add-on's options, each storing into the
	 * add-on's value (gather's arg), which is def unless one is given;
	 * and what the history walk must keep for it (HISTORY_DATES).
	 */
	const struct opt *options;
	size_t options_nr;
	int def;
	unsigned walk;

	/* A multi-valued setting of git's configuration that the add-on
	 * reads ("treeplot.unsignedOk"; NULL: none): the configuration is
	 * read with the core's keys, and gather finds the values in its
	 * input's config. */
	const char *config_key;

	/* What the add-on changes in how the chart is built, before the
	 * walk's stages run (--branches: nodes are branches), from its
	 * value arg (never 0). */
	void (*chart_options)(int arg, struct chart_options *co);

	/*
	 * Gather what the add-on reports.  arg is what the command line
	 * asked of it, the add-on's own value (never 0: an add-on not
	 * asked for is not run).  Returns 1 with *state set (possibly
	 * NULL), 0 when there is nothing to report (no hook is called), or
	 * -1 after reporting an error.  An add-on that reads objects does
	 * it in one function of its own.
	 */
	int (*gather)(const struct extra_input *in, int arg, void **state);
	void (*release)(void *state);

	/* The text report: a section after the summary (width: the
	 * report's width for figures). */
	void (*text)(const void *state, const struct flow *f, int width,
		     struct buf *out);

	/* The JSON: members of the top-level object after the core's; of
	 * tree i's object (i >= 1, after its counts and the add-on's
	 * tree figures); of edge e's object (last, after the add-on's
	 * edge figures): for what is more than figures (lists, names).
	 * The HTML report takes its add-on data from here. */
	void (*json)(const void *state, const struct flow *f, struct json *j);
	void (*json_tree)(const void *state, const struct flow *f, uint32_t i,
			  struct json *j);
	void (*json_edge)(const void *state, const struct flow *f, uint32_t e,
			  struct json *j);

	/* Figures per tree and per edge, as data (struct extra_figure):
	 * tree_figure sets figure k of tree i (i = 0: the mainline; the
	 * JSON asks for i >= 1) and returns 1, or 0 where the tree has
	 * none; edge_figure likewise for edge e.  The CSV trees (edges)
	 * table writes those in it as columns, after the core's; the JSON
	 * as members of the tree's (edge's) object, after its counts. */
	const struct extra_figure *tree_figures;
	size_t tree_figures_nr;
	int (*tree_figure)(const void *state, const struct flow *f,
			   uint32_t i, size_t k, int64_t *v);
	const struct extra_figure *edge_figures;
	size_t edge_figures_nr;
	int (*edge_figure)(const void *state, const struct flow *f,
			   uint32_t e, size_t k, int64_t *v);
	/* A table of the add-on's own: its name (for --csv-table and a
	 * file named for it, which asks for it only with the add-on), and
	 * the whole table, header row first, with csv_*. */
	const char *csv_table;
	void (*csv_table_write)(const void *state, const struct flow *f,
				struct buf *out);
	/* Output formats of its own, which only this add-on writes, whole
	 * (--fixes' -T fixes; --check's -T findings and -T github): -T
	 * names them, and asks for them only with the add-on. */
	const struct extra_format *formats;
	size_t formats_nr;

	/* The chart: lines added to node i's tooltip (the mainline's at
	 * its end, a tree's after its URLs; never the fold's); a short line
	 * in node i's box, after its count (plain text, escaped by the
	 * renderer, so it may come from the repository; a newline starts
	 * another line; nothing written: none; the mainline's and the
	 * fold's too);
	 * the range's figure after the subtitle's totals (plain text, as
	 * "26 of 78 pulls signed"; nothing written: none); an edge's look;
	 * edges of the add-on's own, emitted after the flow's. */
	void (*node_tip)(const void *state, const struct flow *f, uint32_t i,
			 const struct extra_tip *tip);
	void (*node_line)(const void *state, const struct flow *f, uint32_t i,
			  struct buf *out);
	void (*subtitle)(const void *state, const struct flow *f,
			 struct buf *out);
	void (*edge_look)(const void *state, const struct flow *f, uint32_t e,
			  struct extra_edge_look *look);
	void (*graph_edges)(const void *state, const struct flow *f,
			    extra_edge_fn *emit, void *ctx);
	const struct extra_legend *legend;	/* the styles drawn above */
	size_t legend_nr;
	/* A chart of its own, drawn instead of the flow's (struct
	 * extra_chart: --timeline's). */
	void (*chart)(const void *state, struct extra_chart *out);

	/*
	 * --compare.  compare_begin reads what the ranges share, once for
	 * all of them and every output (--review's trailers, --timeline's
	 * tags), into *shared (0 or -1 after reporting an error);
	 * range_gather measures one range (its view of the union's
	 * history and its chart) into *state (0 or -1).  Then figures
	 * (figures_nr of them, in the registry's order after the core's):
	 * range_figure sets figure i's value of the range and returns 1,
	 * or 0 when the range has none (the trend chart leaves a gap, the
	 * tables write *v all the same).  The range's JSON object gets the
	 * figures in it (EXTRA_IN_JSON), then what range_json writes (for
	 * more than figures).
	 */
	int (*compare_begin)(const struct extra_compare *in, int arg,
			     void **shared);
	void (*compare_end)(void *shared);
	int (*range_gather)(const void *shared, const struct history *view,
			    const struct chart *c, void **state);
	void (*range_release)(void *state);
	int (*range_figure)(const void *state, const struct flow *f,
			    size_t i, int64_t *v);
	void (*range_json)(const void *state, const struct flow *f,
			   struct json *j);
	const struct extra_figure *figures;
	size_t figures_nr;

	/* The commits output: commit_fields_nr fields, always (the path
	 * after them stays in its column whatever the add-ons asked for),
	 * each written as TAB then text escaped with escape_text, empty
	 * for a commit it has nothing of; an add-on not asked for gets
	 * its fields empty (extras_commit_fields).  In the registry's
	 * order, after the id and the merge (man page, commits). */
	void (*commit_fields)(const void *state, uint32_t commit,
			      struct buf *out);
	unsigned commit_fields_nr;

	/* After the output is written: 1 when the add-on's condition for
	 * its exit status holds, having said why on stderr, else 0; exit
	 * is that status (3 to 9, each add-on its own, its meaning in the
	 * man page's EXIT STATUS: --require-signed's 3, unsigned pulls). */
	int (*status)(const void *state, const struct flow *f);
	int exit;
};

/* The add-ons a run gathered, in the registry's order. */
struct extra_run {
	const struct extra *x;
	void *state;
};

struct extras {
	struct extra_run *run;
	size_t nr;
};

/* ST_EXIT(the exit status) of the first add-on whose status hook
 * holds, or ST_OK. */
int extras_status(const struct extras *xs, const struct flow *f);
void extras_release(struct extras *xs);
/* The chart of its own that add-on name of xs gives (--chart NAME),
 * or, name NULL, the first add-on of xs whose chart is drawn by
 * default; out->kind EXTRA_CHART_NONE when none does. */
void extras_chart(const struct extras *xs, const char *name,
		  struct extra_chart *out);

/*
 * The dispatchers: each calls one hook of every add-on of xs that has
 * it, in the registry's order (xs NULL: none), and is what a renderer
 * calls where the add-ons have their say.
 */
void extras_text(const struct extras *xs, const struct flow *f, int width,
		 struct buf *out);
void extras_json(const struct extras *xs, const struct flow *f,
		 struct json *j);
void extras_json_tree(const struct extras *xs, const struct flow *f,
		      uint32_t i, struct json *j);
void extras_json_edge(const struct extras *xs, const struct flow *f,
		      uint32_t e, struct json *j);
/* The members of range state's JSON object that add-on x gives: its
 * figures in the JSON, then its range_json's. */
void extras_range_json(const struct extra *x, const void *state,
		       const struct flow *f, struct json *j);

/* The CSV trees (edges) table's cells of the add-ons' figures: the
 * header's, then tree (edge) i's. */
enum extra_of { EXTRA_OF_TREES, EXTRA_OF_EDGES };
void extras_csv_head(const struct extras *xs, enum extra_of of,
		     struct buf *out);
void extras_csv_cells(const struct extras *xs, const struct flow *f,
		      enum extra_of of, uint32_t i, struct buf *out);
/* The table of add-on x (of the registry) into out, when xs gathered x:
 * returns 1, else 0 (nothing written). */
int extras_csv_table(const struct extras *xs, const struct extra *x,
		     const struct flow *f, struct buf *out);

/*
 * The chart's.  drawn (NULL: not kept) has one word per add-on of xs:
 * bit i of drawn[k] is set when an edge was drawn in the style of
 * xs->run[k]'s legend[i], by edge_look or among the add-on's own edges,
 * so that extras_legend lists only the styles the chart shows.
 */
void extras_node_tip(const struct extras *xs, const struct flow *f,
		     uint32_t i, const struct extra_tip *tip);
/* The add-ons' figures for the chart's subtitle, each after ", ". */
void extras_subtitle(const struct extras *xs, const struct flow *f,
		     struct buf *out);
/* Call fn with each add-on's line for node i's box; an add-on that
 * wrote one gets its node legend entries' bits in drawn[k]. */
void extras_node_lines(const struct extras *xs, const struct flow *f,
		       uint32_t i, void (*fn)(void *ctx, const char *line),
		       void *ctx, uint32_t *drawn);
void extras_edge_look(const struct extras *xs, const struct flow *f,
		      uint32_t e, struct extra_edge_look *look,
		      uint32_t *drawn);
void extras_graph_edges(const struct extras *xs, const struct flow *f,
			extra_edge_fn *emit, void *ctx, uint32_t *drawn);
/* Call fn with each legend entry the chart uses, as drawn says (an
 * edge's by extras_edge_look and extras_graph_edges, a node's by
 * extras_node_lines). */
void extras_legend(const struct extras *xs, const uint32_t *drawn,
		   void (*fn)(void *ctx, const struct extra_legend *l),
		   void *ctx);

#endif
