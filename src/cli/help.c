/*
 * cli/help.c - what the command line shows instead of running: --help
 * (the usage, an option's lines from its row, the schema's place),
 * --version, and the completion's lists, all from the option table's
 * rows (cli/options.c).
 */
#include "cli/help.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "addons/registry.h"
#include "flow/report.h"	/* JSON_SCHEMA_ID */
#include "schema_path.h"	/* TREEPLOT_SCHEMA_PATH, by the Makefile */
#include "util/buf.h"
#include "util/output.h"
#include "util/util.h"

/* The column --help's texts start in. */
#define HELP_COLUMN 25

static int
listed(const struct opt *row)
{
	return !(row->flags & (OPT_HIDDEN | OPT_UNLISTED));
}

/* "  -C, --repo DIR", "      --top N": an option's names in --help. */
static void
row_names(struct buf *b, const struct opt *row)
{
	if (row->letter)
		buf_printf(b, "  -%c, --%s", row->letter, row->name);
	else
		buf_printf(b, "      --%s", row->name);
	if (row->arg)
		buf_printf(b, " %s", row->arg);
}

/* An option's lines in --help: its names, then its text from
 * HELP_COLUMN (a space after names that reach it), continued there. */
static void
help_row(FILE *fp, const struct opt *row, const char *help)
{
	struct buf names = BUF_INIT;
	const char *p = help ? help : row->help;

	row_names(&names, row);
	fprintf(fp, "%-*s ", HELP_COLUMN - 1, names.data);
	while (*p) {
		size_t len = strcspn(p, "\n");

		fprintf(fp, "%.*s\n", (int)len, p);
		p += len;
		if (*p && *++p)
			fprintf(fp, "%*s", HELP_COLUMN, "");
	}
	buf_release(&names);
}

/*
 * Where the schema is, for --help: beside an installed binary
 * (PREFIX/bin/treeplot: PREFIX/share/treeplot/treeplot.schema.json)
 * when it is there, whatever the PREFIX of make install; in the source
 * tree when the binary is one make left there (its folder, or one of
 * the two above it, holds docs/treeplot.schema.json); else where the
 * build's SCHEMADIR says,
 * which make install has yet to fill when the file is not there.
 */
enum schema_where { SCHEMA_INSTALLED, SCHEMA_SOURCE, SCHEMA_NOT_YET };

static enum schema_where
schema_path(struct buf *out)
{
	static const char share[] = "/share/treeplot/treeplot.schema.json";
	static const char docs[] = "/docs/treeplot.schema.json";
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash = NULL;

	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
	}
	if (slash && slash - exe >= 4 && !strncmp(slash - 4, "/bin", 4)) {
		buf_add(out, exe, (size_t)(slash - 4 - exe));
		buf_puts(out, share);
		if (!access(out->data, R_OK))
			return SCHEMA_INSTALLED;
		buf_release(out);
	}
	/* The source tree: the binary's folder, or one of the two above
	 * it (make's build/sanitize/treeplot, build/tsan/treeplot). */
	for (int up = 0; slash && up < 3; up++) {
		buf_add(out, exe, (size_t)(slash - exe));
		buf_puts(out, docs);
		n = access(out->data, R_OK);
		buf_release(out);
		if (!n) {
			buf_puts(out, TREEPLOT_SCHEMA_PATH);
			return SCHEMA_SOURCE;
		}
		*slash = '\0';
		slash = strrchr(exe, '/');
	}
	buf_puts(out, TREEPLOT_SCHEMA_PATH);
	return access(out->data, R_OK) ? SCHEMA_NOT_YET : SCHEMA_INSTALLED;
}

/* The schema's lines of --help: where it is, and its $id. */
static void
help_schema(FILE *fp)
{
	struct buf path = BUF_INIT;

	switch (schema_path(&path)) {
	case SCHEMA_INSTALLED:
		fprintf(fp, "\nThe JSON outputs' schema is installed as\n"
			"  %s\n", path.data);
		break;
	case SCHEMA_SOURCE:
		fprintf(fp, "\nThe JSON outputs' schema is docs/treeplot.schema.json"
			" in the source tree;\nmake install puts it in\n"
			"  %s\n", path.data);
		break;
	case SCHEMA_NOT_YET:
		fprintf(fp, "\nThe JSON outputs' schema is installed, after make"
			" install, as\n  %s\n", path.data);
		break;
	}
	fputs("(its $id, every JSON's $schema: " JSON_SCHEMA_ID ").\n", fp);
	buf_release(&path);
}

/* -T's text: the core's formats (its first line), then the add-ons'
 * own, a line for each add-on ("or fixes (with --fixes)"), then the
 * rest of the row's text. */
static void
format_help(struct buf *out, const char *help)
{
	size_t first = strcspn(help, "\n");
	const struct extra *x, *last = NULL;
	const struct extra_format *fm;

	buf_add(out, help, first);
	for (int f = FORMAT_ADDON; (fm = extras_format_of(f, &x)); f++) {
		if (x != last && last)
			buf_printf(out, " (with --%s)", last->options[0].name);
		buf_puts(out, x != last ? "\nor " : ", ");
		buf_puts(out, fm->name);
		last = x;
	}
	if (last)
		buf_printf(out, " (with --%s)", last->options[0].name);
	buf_puts(out, help + first);
}

static void
usage(FILE *fp, const struct opt *const *rows, size_t nr)
{
	struct buf more = BUF_INIT;

	fputs("usage: treeplot [options] [<range>] [-- <path>...]\n"
	      "       treeplot --trace [options] <commit>... [<range>] [-- <path>...]\n"
	      "       treeplot --compare [options] <range> <range>... [-- <path>...]\n"
	      "       treeplot --compare --cycles A..B [options]\n"
	      "       treeplot --explain [options] <merge>... [<range>]\n"
	      "       git treeplot ...  (the same, through git-treeplot installed beside it)\n"
	      "\n"
	      "Chart through which trees the commits of <range> reached the mainline.\n"
	      "<range> is A..B or a single revision B; by default, from the last\n"
	      "release tag (not -rc, -dev, -pre, -alpha, -beta, -branched;\n"
	      "treeplot.releasePattern) on HEAD's first-parent line to HEAD, and for\n"
	      "--trace and --explain the whole history to HEAD.  Paths after -- keep\n"
	      "only the commits whose diff against their first parent touches them\n"
	      "(as git log -- <path>).\n"
	      "\n", fp);
	for (size_t i = 0; i < nr; i++) {
		const struct opt *row = rows[i];

		if (!listed(row))
			continue;
		if (row->letter == 'T') {
			format_help(&more, row->help);
			help_row(fp, row, more.data);
			buf_release(&more);
		} else {
			help_row(fp, row, NULL);
		}
	}
	help_schema(fp);
}

/*
 * The completion's lists.  For bash, git's --git-completion-helper
 * form: the long options on one line, "--name=" for one that takes a
 * value.  For zsh, a line per option: "--name", "-X" or nothing, the
 * value's name or nothing, and its help on one line, tab-separated.
 */
static void
show_completion(const struct opt *const *rows, size_t nr, int zsh)
{
	for (size_t i = 0; i < nr; i++) {
		const struct opt *row = rows[i];

		if (row->flags & OPT_HIDDEN)
			continue;
		if (!zsh) {
			printf("%s--%s%s", i ? " " : "", row->name,
			       row->arg ? "=" : "");
			continue;
		}
		printf("--%s\t", row->name);
		if (row->letter)
			printf("-%c", row->letter);
		printf("\t%s\t", row->arg ? row->arg : "");
		for (const char *p = row->help; *p; p++)
			putchar(*p == '\n' ? ' ' : *p);
		putchar('\n');
	}
	if (!zsh)
		putchar('\n');
}

void
help_show(int what, const struct opt *const *rows, size_t nr)
{
	switch (what) {
	case SHOW_HELP:
		usage(stdout, rows, nr);
		break;
	case SHOW_VERSION:
		printf("treeplot %s\n", TREEPLOT_VERSION);
		break;
	default:
		show_completion(rows, nr, what == SHOW_ZSH);
		break;
	}
}
