/*
 * cli/args.c - what follows the options, and the options given, checked
 * against the mode and the outputs.
 */
#include "cli/args.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "addons/registry.h"
#include "render/csv.h"
#include "util/util.h"

#define F(fmt) OPT_FORMAT(fmt)

/* The modes an option can name as the one to add. */
static const struct {
	enum mode mode;
	const char *option;
} mode_options[] = {
	{ MODE_TRACE, "--trace" },
	{ MODE_COMPARE, "--compare" },
	{ MODE_EXPLAIN, "--explain" },
};

const char *
args_mode_name(enum mode m)
{
	return m == MODE_TRACE ? "--trace" : m == MODE_COMPARE ? "--compare" :
	       m == MODE_EXPLAIN ? "--explain" : "a report";
}

/* Whether descriptor 0 is closed: the next file opened (libgit2's pack,
 * say) would take it, and "-" read that. Asked before anything is
 * opened. */
static int
stdin_closed(void)
{
	return fcntl(STDIN_FILENO, F_GETFD) < 0 && errno == EBADF;
}

/* "--compare", "a report, --trace or --explain": the modes as the
 * options that ask for them.  Returns how many. */
static size_t
modes_named(unsigned modes, struct buf *out)
{
	size_t n = !!(modes & MODE_REPORT), k = 0;

	for (size_t i = 0; i < ARRAY_SIZE(mode_options); i++)
		n += !!(modes & mode_options[i].mode);
	if (modes & MODE_REPORT) {
		buf_puts(out, "a report");
		k++;
	}
	for (size_t i = 0; i < ARRAY_SIZE(mode_options); i++) {
		if (!(modes & mode_options[i].mode))
			continue;
		if (k++)
			buf_puts(out, k == n ? " or " : ", ");
		buf_puts(out, mode_options[i].option);
	}
	return n;
}

static int
check_modes(const struct options *o, const struct opt *const *given,
		 size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct opt *row = given[i];
		struct buf b = BUF_INIT;
		size_t k;
		int ret;

		if (!row->modes || (row->modes & o->mode))
			continue;
		k = modes_named(row->modes, &b);
		/* No mode option given (a report): the one the option
		 * needs is the way out.  Another mode: that one is the
		 * mistake. */
		if (o->mode == MODE_REPORT)
			ret = usage_error("--%s is for %s: add %s", row->name,
					  b.data, k == 1 ? b.data : "one");
		else
			ret = usage_error("--%s does not apply to %s (it is "
					  "for %s)", row->name,
					  args_mode_name(o->mode), b.data);
		buf_release(&b);
		return ret;
	}
	return ST_OK;
}

/*
 * The commits of --trace are the arguments, the last being the range
 * when it has "..", which no commit name has (or --range gives it).
 */
static int
check_args(struct options *o)
{
	switch (o->mode) {
	case MODE_REPORT:
		/* "v1.0 v2.0": two ends where a range was meant. */
		if (o->args_nr == 2 && !strstr(o->args[0], "..") &&
		    !strstr(o->args[1], ".."))
			return usage_error("too many arguments (from '%s'): "
					   "give one range; did you mean "
					   "%s..%s?", o->args[1], o->args[0],
					   o->args[1]);
		if (o->args_nr > 1)
			return usage_error("too many arguments (from '%s'): "
					   "give one range", o->args[1]);
		if (o->args_nr && o->range)
			return usage_error("give the range once: '%s' or "
					   "--range", o->args[0]);
		if (o->args_nr)
			o->range = o->args[0];
		break;
	case MODE_TRACE:
		if (!o->range && o->args_nr &&
		    strstr(o->args[o->args_nr - 1], ".."))
			o->range = o->args[--o->args_nr];
		for (int i = 0; i < o->args_nr; i++)
			if (strstr(o->args[i], ".."))
				return usage_error("'%s' is a range: --trace "
						   "takes commits, then one "
						   "range", o->args[i]);
		if (!o->args_nr)
			return usage_error("--trace needs commits to trace "
					   "(or - to read them from standard "
					   "input)");
		for (int i = 0; i < o->args_nr; i++)
			if (!strcmp(o->args[i], "-") && stdin_closed())
				return usage_error("--trace -: standard input "
						   "is closed");
		break;
	case MODE_EXPLAIN:
		if (!o->range && o->args_nr &&
		    strstr(o->args[o->args_nr - 1], ".."))
			o->range = o->args[--o->args_nr];
		for (int i = 0; i < o->args_nr; i++)
			if (strstr(o->args[i], ".."))
				return usage_error("'%s' is a range: --explain "
						   "takes merges, then one "
						   "range", o->args[i]);
		if (!o->args_nr)
			return usage_error("--explain needs merges to "
					   "explain");
		break;
	case MODE_COMPARE:
		if (o->cycles && o->args_nr)
			return usage_error("--cycles gives the ranges: no "
					   "others ('%s')", o->args[0]);
		if (!o->cycles && o->args_nr < 2)
			return usage_error("--compare needs two ranges or "
					   "more");
		break;
	}
	return ST_OK;
}

/* --- the outputs ------------------------------------------------------ */

/* The formats' names, by enum format, for messages. */
static const char *const format_names[] = {
	[FORMAT_TEXT] = "text", [FORMAT_DOT] = "dot", [FORMAT_SVG] = "svg",
	[FORMAT_PNG] = "png", [FORMAT_PDF] = "pdf", [FORMAT_JSON] = "json",
	[FORMAT_COMMITS] = "commits", [FORMAT_CSV] = "csv",
	[FORMAT_HTML] = "html", [FORMAT_FIXES] = "fixes",
	[FORMAT_FINDINGS] = "findings", [FORMAT_GITHUB] = "github",
	[FORMAT_ROUTING] = "routing",
};

/* "--layout is for the svg, png, pdf and html formats": the usage error
 * of an option given for an output it does nothing in. */
static int
formats_error(const char *name, unsigned formats)
{
	struct buf b = BUF_INIT;
	size_t n = 0, k = 0;
	int ret;

	for (size_t f = 0; f < ARRAY_SIZE(format_names); f++)
		n += format_names[f] && (formats & F(f));
	for (size_t f = 0; f < ARRAY_SIZE(format_names); f++) {
		if (!format_names[f] || !(formats & F(f)))
			continue;
		if (k++)
			buf_puts(&b, k == n ? " and " : ", ");
		buf_puts(&b, format_names[f]);
	}
	ret = usage_error("--%s is for the %s format%s", name, b.data,
			  n > 1 ? "s" : "");
	buf_release(&b);
	return ret;
}

/* The output's format as the user named it: -T's name when -T gave it,
 * else the file. */
static const char *
format_what(const struct options *o, const struct output_spec *sp)
{
	if (o->format && (o->outs.args_nr <= 1 || !sp->path ||
			  format_from_path(sp->path) == FORMAT_NONE))
		return o->format;
	return sp->name;
}

/* Returns ST_OK when the output's format suits the mode, else
 * ST_USAGE, having said why. */
static int
check_output(const struct options *o, const struct output_spec *sp)
{
	enum format fmt = sp->fmt;
	const struct extra *x;

	if ((o->mode == MODE_TRACE || o->mode == MODE_EXPLAIN) &&
	    fmt != FORMAT_TEXT && fmt != FORMAT_JSON)
		return usage_error("%s writes text or json, not '%s'",
				   args_mode_name(o->mode), format_what(o, sp));
	if (o->mode == MODE_COMPARE && (fmt == FORMAT_DOT ||
					fmt == FORMAT_COMMITS ||
					fmt == FORMAT_HTML ||
					fmt == FORMAT_FIXES ||
					fmt == FORMAT_FINDINGS ||
					fmt == FORMAT_GITHUB ||
					fmt == FORMAT_ROUTING))
		return usage_error("--compare writes text, json, csv, or a "
				   "trend chart (svg, png, pdf), not '%s'",
				   format_what(o, sp));
	/* An add-on's own lines (-T fixes) are written by the add-on. */
	x = extras_of_format(fmt);
	if (x && !extra_arg(&o->extras, x))
		return usage_error("-T %s is written by --%s: give it too",
				   format_what(o, sp), x->options[0].name);
	return ST_OK;
}

static int
check_formats(struct options *o, const struct opt *const *given,
		   size_t n)
{
	unsigned have;
	int ret;

	/* Each says why: an unknown -T, a file named twice... */
	if (output_set_resolve(&o->outs, o->format) < 0)
		return ST_USAGE;
	for (size_t i = 0; i < o->outs.nr; i++)
		if ((ret = check_output(o, &o->outs.v[i])) < 0)
			return ret;
	/* An option given on the command line does something in one of
	 * the outputs at least. */
	have = output_set_formats(&o->outs);
	for (size_t i = 0; i < n; i++)
		if (given[i]->formats && !(given[i]->formats & have))
			return formats_error(given[i]->name, given[i]->formats);
	/* Each CSV output's table: its file's name says, else
	 * --csv-table (trees by default). */
	for (size_t i = 0; i < o->outs.nr; i++) {
		struct output_spec *sp = &o->outs.v[i];
		int table = sp->path ? csv_table_from_path(sp->path) : 0;

		if (sp->fmt != FORMAT_CSV)
			continue;
		sp->variant = table ? table : o->csv_table;
		if (sp->variant == CSV_SUMMARY && o->mode != MODE_COMPARE)
			return usage_error("the CSV summary table is "
					   "--compare's: trees or edges%s%s",
					   table ? ", not " : "",
					   table ? sp->name : "");
		if ((sp->variant == CSV_EDGES || csv_table_extra(sp->variant)) &&
		    o->mode == MODE_COMPARE)
			return usage_error("--compare's CSV tables are trees "
					   "and summary%s%s",
					   table ? ", not " : "",
					   table ? sp->name : "");
		if (csv_table_extra(sp->variant) &&
		    !extra_arg(&o->extras, csv_table_extra(sp->variant)))
			return usage_error("the CSV %s table%s%s%s needs --%s",
					   csv_table_extra(sp->variant)->csv_table,
					   table ? " (of " : "",
					   table ? sp->name : "", table ? ")" : "",
					   csv_table_extra(sp->variant)->name);
	}
	/* Before the walk: a refusal after it would waste it. */
	if (output_set_check_terminal(&o->outs) < 0)
		return ST_USAGE;
	return ST_OK;
}

int
args_check(struct options *o)
{
	int ret;

	if ((ret = check_modes(o, o->given, o->given_nr)) < 0)
		return ret;
	if (o->paths_nr && o->mode == MODE_EXPLAIN)
		return usage_error("paths do not apply to --explain");
	for (int i = 0; i < o->paths_nr; i++)
		if (!*o->paths[i])
			return usage_error("empty path after --");
	if ((ret = check_args(o)) < 0)
		return ret;
	return check_formats(o, o->given, o->given_nr);
}
