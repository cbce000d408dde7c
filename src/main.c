/*
 * main.c - treeplot: chart how patches flow into a project's mainline.
 *
 * Only option parsing and the wiring of the pipeline live here:
 * history walk -> merge classification -> tree naming -> attribution ->
 * aggregation -> a renderer -> the output.
 */
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aggregate.h"
#include "attribute.h"
#include "classify.h"
#include "direct.h"
#include "history.h"
#include "infer.h"
#include "maintainers.h"
#include "naming.h"
#include "output.h"
#include "render_commits.h"
#include "render_graph.h"
#include "render_json.h"
#include "render_text.h"
#include "signed.h"
#include "util.h"

#define EXIT_USAGE 2

struct options {
	const char *repo;
	const char *output;
	const char *format;
	const char *layout;
	const char *mainline;
	const char *title;
	const char **mainline_urls;
	size_t mainline_urls_nr, mainline_urls_alloc;
	uint32_t top;
	enum direct_by direct_by;
	int signatures;		/* 1: --signed, 2: --require-signed */
	int branches;
	int no_maintainers;
	int infer_ff;
	int quiet;
	const char *range;
};

enum {
	OPT_TOP = 256,
	OPT_LAYOUT,
	OPT_MAINLINE,
	OPT_MAINLINE_URL,
	OPT_TITLE,
	OPT_VERSION,
	OPT_DIRECT_BY,
	OPT_SIGNED,
	OPT_REQUIRE_SIGNED,
	OPT_BRANCHES,
	OPT_MAINTAINERS,
	OPT_NO_MAINTAINERS,
	OPT_INFER_FF,
};

static const struct option longopts[] = {
	{ "repo", required_argument, NULL, 'C' },
	{ "branches", no_argument, NULL, OPT_BRANCHES },
	{ "direct-by", required_argument, NULL, OPT_DIRECT_BY },
	{ "format", required_argument, NULL, 'T' },
	{ "help", no_argument, NULL, 'h' },
	{ "infer-ff", no_argument, NULL, OPT_INFER_FF },
	{ "layout", required_argument, NULL, OPT_LAYOUT },
	{ "maintainers", no_argument, NULL, OPT_MAINTAINERS },
	{ "no-maintainers", no_argument, NULL, OPT_NO_MAINTAINERS },
	{ "mainline", required_argument, NULL, OPT_MAINLINE },
	{ "mainline-url", required_argument, NULL, OPT_MAINLINE_URL },
	{ "output", required_argument, NULL, 'o' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "require-signed", no_argument, NULL, OPT_REQUIRE_SIGNED },
	{ "signed", no_argument, NULL, OPT_SIGNED },
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "top", required_argument, NULL, OPT_TOP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static void
usage(FILE *fp)
{
	fputs("usage: treeplot [options] [<range>]\n"
	      "\n"
	      "Chart through which trees the commits of <range> reached the mainline.\n"
	      "<range> is A..B or a single revision B; by default, from the last\n"
	      "release tag (not -rc) on HEAD's first-parent line to HEAD.\n"
	      "\n"
	      "  -C, --repo DIR         the repository (default: found from the current directory)\n"
	      "  -o, --output FILE      write there; the format follows the extension\n"
	      "                         (.txt .svg .png .pdf .dot .gv .json .tsv)\n"
	      "  -T, --format FMT       text, dot, svg, png, pdf, json or commits\n"
	      "      --top N            keep the N largest trees feeding the mainline, fold the rest\n"
	      "      --layout ENGINE    dot (default), twopi, circo, neato, fdp or sfdp\n"
	      "      --mainline NAME    label of the mainline node (default: mainline)\n"
	      "      --mainline-url URL the mainline's own repository (repeatable)\n"
	      "      --title TEXT       the chart's label\n"
	      "      --direct-by WHO    direct commits by committer, or by the last\n"
	      "                         Signed-off-by before the committer's (signoff)\n"
	      "      --branches         nodes are branches (tree:branch, tags by stem)\n"
	      "      --maintainers      label trees from MAINTAINERS at the range's end\n"
	      "                         (the default when it exists; --no-maintainers)\n"
	      "      --infer-ff         guess fast-forwarded pulls from committers (marked)\n"
	      "      --signed           which pulls pulled a signed tag\n"
	      "      --require-signed   the same, and exit 3 listing the unsigned pulls\n"
	      "  -q, --quiet            no progress display on long runs\n"
	      "  -h, --help             show this help\n"
	      "      --version          show the version\n", fp);
}

static int usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* A usage error: one line naming what was wrong, status 2. */
static int
usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("treeplot: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_USAGE;
}

static int
parse_count(const char *arg, uint32_t *out)
{
	const char *p = arg;
	uint64_t v = 0;

	if (!*p)
		return -1;
	for (; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		/* More than any history holds means "every tree". */
		if (v < UINT32_MAX)
			v = v * 10 + (uint64_t)(*p - '0');
	}
	if (!v)
		return -1;
	*out = v >= UINT32_MAX ? UINT32_MAX - 1 : (uint32_t)v;
	return 0;
}

/*
 * getopt_long returned '?': a short option inside a bundle ("-zh") is in
 * optopt, argv[optind - 1] may be the previous word; "--version=3" is a
 * known option given a value it does not take.
 */
static int
bad_option(const char *word)
{
	const char *eq = strchr(word, '=');

	if (optopt && optopt < 256)
		return usage_error("unknown option '-%c'", optopt);
	if (!strncmp(word, "--", 2) && eq) {
		for (const struct option *lo = longopts; lo->name; lo++)
			if (strlen(lo->name) == (size_t)(eq - word - 2) &&
			    !strncmp(lo->name, word + 2, eq - word - 2) &&
			    lo->has_arg == no_argument)
				return usage_error("option '--%s' takes no "
						   "value", lo->name);
	}
	return usage_error("unknown option '%s'", word);
}

/* Returns -1 to go on, or the exit status. */
static int
parse_options(int argc, char **argv, struct options *o)
{
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":C:T:ho:q", longopts, NULL)) != -1) {
		switch (c) {
		case 'C':
			o->repo = optarg;
			break;
		case 'T':
			o->format = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'o':
			o->output = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case OPT_LAYOUT:
			o->layout = optarg;
			break;
		case OPT_MAINLINE:
			o->mainline = optarg;
			break;
		case OPT_MAINLINE_URL:
			ALLOC_GROW(o->mainline_urls, o->mainline_urls_nr + 1,
				   o->mainline_urls_alloc);
			o->mainline_urls[o->mainline_urls_nr++] = optarg;
			break;
		case OPT_TITLE:
			o->title = optarg;
			break;
		case OPT_TOP:
			if (parse_count(optarg, &o->top) < 0)
				return usage_error("--top takes a positive "
						   "number, not '%s'", optarg);
			break;
		case OPT_DIRECT_BY:
			o->direct_by = direct_by_from_name(optarg);
			if (o->direct_by == DIRECT_BY_NONE)
				return usage_error("--direct-by takes committer "
						   "or signoff, not '%s'",
						   optarg);
			break;
		case OPT_INFER_FF:
			o->infer_ff = 1;
			break;
		case OPT_MAINTAINERS:
			o->no_maintainers = 0;
			break;
		case OPT_NO_MAINTAINERS:
			o->no_maintainers = 1;
			break;
		case OPT_BRANCHES:
			o->branches = 1;
			break;
		case OPT_SIGNED:
			if (!o->signatures)
				o->signatures = 1;
			break;
		case OPT_REQUIRE_SIGNED:
			o->signatures = 2;
			break;
		case OPT_VERSION:
			printf("treeplot %s\n", TREEPLOT_VERSION);
			return 0;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return bad_option(argv[optind - 1]);
		}
	}
	if (argc - optind > 1)
		return usage_error("too many arguments (from '%s'): give one "
				   "range", argv[optind + 1]);
	if (optind < argc)
		o->range = argv[optind];
	if (!*o->mainline)
		return usage_error("--mainline needs a non-empty name");
	if (!graph_layout_known(o->layout))
		return usage_error("unknown layout '%s' (dot, twopi, circo, "
				   "neato, fdp, sfdp)", o->layout);
	return -1;
}

static enum format
choose_format(const struct options *o)
{
	if (o->format)
		return format_from_name(o->format);
	if (o->output)
		return format_from_path(o->output);
	return FORMAT_TEXT;
}

/* The mainline's repository: --mainline-url, remote.origin.url, and the
 * tree that back-merges name most often. */
static uint8_t *
mainline_trees(const struct options *o, struct repo *r,
	       const struct history *h, const struct merge_table *m,
	       struct tree_table *tt)
{
	uint32_t guessed = attribute_guess_mainline(h, m);
	char *origin = repo_origin_url(r);
	size_t ids_alloc = o->mainline_urls_nr + 2, n = 0;
	uint32_t *ids = xmalloc(ids_alloc * sizeof(*ids));
	uint8_t *is_mainline;

	for (size_t k = 0; k < o->mainline_urls_nr; k++)
		ids[n++] = trees_add_url(tt, o->mainline_urls[k],
					 strlen(o->mainline_urls[k]));
	if (origin)
		ids[n++] = trees_add_url(tt, origin, strlen(origin));
	if (guessed != TREE_NONE)
		ids[n++] = guessed;
	/* Pull requests from branches of the mainline's own GitHub
	 * repository are internal too. */
	for (size_t k = 0, urls = n; k < urls; k++)
		for (uint32_t u = 0; u < tt->t[ids[k]].urls_nr; u++) {
			const char *url = tt->t[ids[k]].urls[u];
			char *gh = github_owner_name(url, strlen(url));

			if (gh) {
				ALLOC_GROW(ids, n + 1, ids_alloc);
				ids[n++] = trees_add_name(tt, gh,
							  TREE_KIND_GITHUB);
				free(gh);
			}
		}
	is_mainline = xcalloc(tt->nr, 1);
	for (size_t k = 0; k < n; k++)
		is_mainline[ids[k]] = 1;
	free(origin);
	free(ids);
	return is_mainline;
}

static char *
range_label(const struct range *rg)
{
	struct buf b = BUF_INIT;

	if (rg->has_from)
		buf_printf(&b, "%s..%s", rg->from_name, rg->to_name);
	else
		buf_puts(&b, rg->to_name);
	return b.data;
}

static int
render(const struct options *o, enum format fmt, const struct flow *f,
       const struct history *h, const struct attribution *a,
       const struct tree_table *tt, struct buf *out)
{
	switch (fmt) {
	case FORMAT_TEXT:
		render_text(f, out);
		return 0;
	case FORMAT_JSON:
		render_json(f, out);
		return 0;
	case FORMAT_COMMITS:
		render_commits(h, a, tt, f->inference ?
			       f->inference->tree_of : NULL, out);
		return 0;
	default:
		return render_graph(f, format_graphviz(fmt), o->layout,
				    o->title, out);
	}
}

static int
run(const struct options *o, enum format fmt)
{
	struct repo *r = NULL;
	struct range rg;
	struct history h;
	struct tree_table tt;
	struct merge_table m;
	struct attribution a;
	struct flow f;
	struct appliers ap = { 0 };
	unsigned *sig = NULL;
	struct maintainers mt = { 0 };
	struct inference inf = { 0 };
	struct buf out = BUF_INIT, text = BUF_INIT;
	uint8_t *is_mainline;
	char *label;
	int ret;

	if (repo_open(&r, o->repo) < 0)
		return 1;
	ret = range_resolve(r, o->range, &rg);
	if (ret < 0) {
		range_release(&rg);
		repo_free(r);
		return ret == ERR_USAGE ? EXIT_USAGE : 1;
	}
	if (history_load(r, &rg, !o->quiet && isatty(STDERR_FILENO), &h) < 0) {
		ret = 1;
		goto out_history;
	}
	trees_init(&tt, o->mainline);
	classify_merges(&h, &tt, &m);
	if (o->branches)
		classify_branches(&h, &tt, &m);
	is_mainline = mainline_trees(o, r, &h, &m, &tt);
	attribute(&h, &m, is_mainline, tt.nr, &a);
	if (o->signatures && signatures_read(r, &h, &a, &sig) < 0) {
		ret = 1;
		goto out_attribution;
	}
	label = range_label(&rg);
	aggregate(&(struct aggregate_input){ &h, &m, &tt, &a, is_mainline,
		  repo_name(r), label, o->top, sig }, &f);
	f.appliers = o->direct_by ? &ap : NULL;
	if (!o->no_maintainers) {
		ret = repo_read_file_at(r, &rg.to, "MAINTAINERS", &text);
		if (ret > 0) {
			maintainers_parse(text.data, text.len, &tt, &mt);
			f.maintainers = &mt;
		}
		buf_release(&text);
	}

	if (ret >= 0 && o->infer_ff) {
		ret = infer_ff(r, &h, &a, &inf);
		f.inference = &inf;
	}
	if (ret < 0 ||
	    (o->direct_by && appliers_count(r, &h, &a, o->direct_by, &ap) < 0))
		ret = 1;
	else
		ret = render(o, fmt, &f, &h, &a, &tt, &out) < 0 ||
		      output_write(o->output, &out) < 0;
	appliers_release(&ap);
	maintainers_release(&mt);
	inference_release(&inf);
	if (!ret && o->signatures == 2 && signatures_report_unsigned(&f, &tt))
		ret = EXIT_UNSIGNED;

	buf_release(&out);
	flow_release(&f);
	free(label);
out_attribution:
	free(sig);
	attribution_release(&a);
	free(is_mainline);
	merge_table_release(&m);
	trees_release(&tt);
out_history:
	history_release(&h);
	range_release(&rg);
	repo_free(r);
	return ret;
}

int
main(int argc, char **argv)
{
	struct options o = { 0 };
	enum format fmt;
	int ret;

	o.layout = "dot";
	o.mainline = "mainline";
	ret = parse_options(argc, argv, &o);
	if (ret >= 0)
		goto out;
	fmt = choose_format(&o);
	if (fmt == FORMAT_NONE) {
		ret = o.format ?
		      usage_error("unknown format '%s' (text, dot, svg, png, "
				  "pdf, json, commits)", o.format) :
		      usage_error("cannot tell the format of '%s' from its "
				  "extension: use -T", o.output);
		goto out;
	}
	ret = run(&o, fmt);
out:
	free(o.mainline_urls);
	/* --help or --version into a full disk is a failure too. */
	if (fflush(stdout) || ferror(stdout)) {
		error("cannot write to standard output");
		ret = 1;
	}
	return ret;
}
