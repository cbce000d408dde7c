/*
 * signed.c - which pulls pulled a signed tag.
 *
 * The signatures are read after the chart (signatures_read, the one
 * place this module reads objects), then counted over the flow's pulls:
 * per pull, the flow says which of its trees and edges counted it.
 */
#include "addons/signed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "flow/report.h"
#include "git/commitread.h"
#include "util/escape.h"
#include "util/json_writer.h"

int
signatures_read(struct repo *r, const struct history *h,
		const struct attribution *a, unsigned **out)
{
	unsigned *sig = xcalloc(h->nr ? h->nr : 1, sizeof(*sig));
	uint32_t *merges = xmalloc((a->pulls_nr ? a->pulls_nr : 1) *
				   sizeof(*merges));
	struct commit_batch b;
	int ret;

	for (uint32_t k = 0; k < a->pulls_nr; k++)
		merges[k] = a->pulls[k].merge;
	ret = commit_batch_read(&b, r, h, merges, a->pulls_nr, CF_SIGNATURES);
	free(merges);
	if (ret < 0) {
		free(sig);
		return -1;
	}
	for (uint32_t k = 0; k < a->pulls_nr; k++) {
		uint32_t m = a->pulls[k].merge;

		sig[m] = commit_batch_get(&b, m)->signatures;
	}
	commit_batch_release(&b);
	*out = sig;
	return 0;
}

int
signatures_is_subtree(const struct history *h, uint32_t merge)
{
	const char *subject = history_subject(h, merge);

	/* U-Boot's dts/upstream form, the one classify takes for a pull;
	 * git subtree's own "Merge commit 'X'" names no tree: no pull. */
	return subject && !strncmp(subject, "Subtree merge ", 14);
}

uint8_t *
signatures_exempt(const struct tree_table *tt, char *const *ok, size_t ok_nr)
{
	uint8_t *exempt = xcalloc(tt->nr ? tt->nr : 1, 1);

	for (size_t j = 0; j < ok_nr; j++) {
		/* A tree's name or a key of its identity, else a URL: by
		 * the key naming makes of it. */
		uint32_t t = trees_find(tt, ok[j]);

		if (t == TREE_NONE) {
			char *key = tree_name(ok[j], strlen(ok[j]));

			t = *key ? trees_find(tt, key) : TREE_NONE;
			free(key);
		}
		if (t != TREE_NONE)
			exempt[t] = 1;
	}
	/* --branches: a branch node is accepted with its repository. */
	for (uint32_t i = 1; i < tt->nr; i++)
		if (tt->t[i].repo < tt->nr && exempt[tt->t[i].repo])
			exempt[i] = 1;
	return exempt;
}

static void
push(uint32_t **a, uint32_t *nr, size_t *alloc, uint32_t v)
{
	ALLOC_GROW(*a, *nr + 1, *alloc);
	(*a)[(*nr)++] = v;
}

/* Count one real pull k, signed or not. */
static void
count_pull(const struct flow *f, uint32_t k, unsigned sig, int exempt,
	   struct signatures *out, size_t *unsigned_alloc)
{
	const struct pull *pl = &f->all_pulls[k];
	int is_signed = !!(sig & SIG_MERGETAG);

	if (f->pull_tree[k] != HIST_NONE) {
		out->tree_pulls[f->pull_tree[k]]++;
		out->tree_signed_pulls[f->pull_tree[k]] += is_signed;
		out->tree_signed_commits[f->pull_tree[k]] +=
			is_signed ? pl->commits : 0;
	}
	if (f->pull_edge[k] != HIST_NONE) {
		out->edge_real[f->pull_edge[k]]++;
		out->edge_signed_pulls[f->pull_edge[k]] += is_signed;
		out->edge_unsigned[f->pull_edge[k]] += !is_signed && !exempt;
	}
	out->pulls++;
	out->signed_pulls += is_signed;
	out->gpgsig_pulls += !!(sig & SIG_GPGSIG);
	if (pl->to == TREE_MAINLINE) {
		out->pulled_commits += pl->commits;
		out->signed_commits += is_signed ? pl->commits : 0;
	}
	if (!is_signed && exempt)
		out->exempted++;
	else if (!is_signed)
		push(&out->unsigned_pulls, &out->unsigned_nr, unsigned_alloc,
		     k);
}

void
signatures_count(const struct flow *f, const unsigned *sig,
		 const struct tree_table *tt, const uint8_t *exempt,
		 struct signatures *out)
{
	size_t unsigned_alloc = 0, subtree_alloc = 0;
	uint32_t nt = f->trees_nr ? f->trees_nr : 1;
	uint32_t ne = f->edges_nr ? f->edges_nr : 1;

	memset(out, 0, sizeof(*out));
	out->tree_pulls = xcalloc(nt, sizeof(uint32_t));
	out->tree_signed_pulls = xcalloc(nt, sizeof(uint32_t));
	out->tree_signed_commits = xcalloc(nt, sizeof(uint32_t));
	out->edge_signed_pulls = xcalloc(ne, sizeof(uint32_t));
	out->edge_unsigned = xcalloc(ne, sizeof(uint32_t));
	out->edge_real = xcalloc(ne, sizeof(uint32_t));
	out->edge_nopull = xcalloc(ne, sizeof(uint32_t));
	for (uint32_t k = 0; k < f->all_pulls_nr; k++) {
		const struct pull *pl = &f->all_pulls[k];
		int real = tt->t[pl->from].kind != TREE_KIND_MAIL &&
			   tt->t[pl->from].kind != TREE_KIND_REVIEW &&
			   !signatures_is_subtree(f->h, pl->merge);

		if (!real && f->pull_edge[k] != HIST_NONE)
			out->edge_nopull[f->pull_edge[k]]++;
		if (tt->t[pl->from].kind == TREE_KIND_MAIL) {
			out->mail_merges++;	/* no tag to sign */
		} else if (tt->t[pl->from].kind == TREE_KIND_REVIEW) {
			/* The server merged what it reviewed: no tag
			 * either (issue 24's decision). */
			out->review_merges++;
		} else if (signatures_is_subtree(f->h, pl->merge)) {
			push(&out->subtree, &out->subtree_nr, &subtree_alloc,
			     k);
			out->subtree_signed +=
				!!(sig[pl->merge] & SIG_MERGETAG);
		} else {
			count_pull(f, k, sig[pl->merge],
				   exempt && exempt[pl->from], out,
				   &unsigned_alloc);
		}
	}
}

void
signatures_release(struct signatures *s)
{
	free(s->tree_pulls);
	free(s->tree_signed_pulls);
	free(s->tree_signed_commits);
	free(s->edge_signed_pulls);
	free(s->edge_unsigned);
	free(s->edge_real);
	free(s->edge_nopull);
	free(s->unsigned_pulls);
	free(s->subtree);
	memset(s, 0, sizeof(*s));
}

/* "ID from TREE into TREE: SUBJECT" of pull k, and a newline. */
static void
pull_line(struct buf *b, const struct flow *f, uint32_t k,
	  const struct tree_table *tt)
{
	const struct pull *pl = &f->all_pulls[k];
	const char *subject = history_subject(f->h, pl->merge);
	char hex[OID_HEXSZ + 1];

	history_hex(f->h, pl->merge, hex);
	buf_printf(b, "%.12s from ", hex);
	escape_text(b, tt->t[pl->from].name, strlen(tt->t[pl->from].name));
	buf_puts(b, " into ");
	escape_text(b, tt->t[pl->to].name, strlen(tt->t[pl->to].name));
	buf_puts(b, ": ");
	escape_text(b, subject ? subject : "", subject ? strlen(subject) : 0);
	buf_addc(b, '\n');
}

uint32_t
signatures_report_unsigned(const struct signatures *s, const struct flow *f,
			   const struct tree_table *tt)
{
	struct buf b = BUF_INIT;

	if (!s->unsigned_nr)
		return 0;
	buf_printf(&b, "treeplot: %u unsigned pull%s (--require-signed)\n",
		   s->unsigned_nr, s->unsigned_nr == 1 ? "" : "s");
	for (uint32_t k = 0; k < s->unsigned_nr; k++) {
		buf_puts(&b, "treeplot: unsigned pull ");
		pull_line(&b, f, s->unsigned_pulls[k], tt);
	}
	if (s->exempted)
		buf_printf(&b, "treeplot: %u unsigned pull%s exempted "
			   "(treeplot.unsignedOk)\n", s->exempted,
			   s->exempted == 1 ? "" : "s");
	if (s->subtree_nr)
		buf_printf(&b, "treeplot: %u subtree merge%s apart, not "
			   "required to be signed\n", s->subtree_nr,
			   s->subtree_nr == 1 ? "" : "s");
	for (uint32_t k = 0; k < s->subtree_nr; k++) {
		buf_puts(&b, "treeplot: subtree merge ");
		pull_line(&b, f, s->subtree[k], tt);
	}
	fputs(b.data, stderr);
	buf_release(&b);
	return s->unsigned_nr;
}

/* --- the add-on: everywhere the pulls are, whether they were signed --- */

/* Per tree, its real pulls: signed of them, and the commits they brought. */
static void
signed_text_trees(const struct signatures *s, const struct flow *f,
		  int width, struct buf *out)
{
	if (!s->pulls)
		return;
	buf_puts(out, "\n  signed/pulls  commits through signed pulls, tree\n");
	for (uint32_t k = 1; k < f->trees_nr; k++) {
		if (!s->tree_pulls[k])
			continue;
		buf_printf(out, "  %5u/%-5u   %*u  ", s->tree_signed_pulls[k],
			   s->tree_pulls[k], width, s->tree_signed_commits[k]);
		report_name(out, f->trees[k].name);
		buf_addc(out, '\n');
	}
}

struct signed_state {
	struct signatures s;
	int require;			/* --require-signed */
	const struct tree_table *tt;	/* borrowed: for the unsigned list */
};

static int
signed_gather(const struct extra_input *in, int arg, void **state)
{
	struct signed_state *st;
	unsigned *sig;
	uint8_t *exempt = NULL;

	if (signatures_read(in->r, in->h, &in->c->a, &sig) < 0)
		return -1;
	if (in->config && in->config->nr)
		exempt = signatures_exempt(&in->c->tt, in->config->v,
					   in->config->nr);
	st = xcalloc(1, sizeof(*st));
	signatures_count(&in->c->f, sig, &in->c->tt, exempt, &st->s);
	free(exempt);
	st->require = arg == SIGNED_REQUIRE;
	st->tt = &in->c->tt;
	free(sig);
	*state = st;
	return 1;
}

static void
signed_release(void *state)
{
	struct signed_state *st = state;

	signatures_release(&st->s);
	free(st);
}

static void
signed_text(const void *state, const struct flow *f, int width,
	    struct buf *out)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	buf_puts(out, "\nSigned pulls (a signed tag in the merge: present, "
		 "not verified)\n");
	report_row(out, "pulls", width, s->pulls);
	buf_puts(out, s->mail_merges || s->review_merges || s->subtree_nr ?
		 "  (trees pulled; not mail, review, subtrees)\n" : "\n");
	report_row(out, "of which signed", width, s->signed_pulls);
	buf_printf(out, "  (%.1f%%)\n",
		   report_percent(s->signed_pulls, s->pulls));
	if (s->exempted) {
		report_row(out, "unsigned, exempted", width, s->exempted);
		buf_puts(out, "  (treeplot.unsignedOk)\n");
	}
	report_row(out, "commits pulled into mainline", width,
		   s->pulled_commits);
	buf_addc(out, '\n');
	report_row(out, "through signed pulls", width, s->signed_commits);
	buf_printf(out, "  (%.1f%%)\n",
		   report_percent(s->signed_commits, s->pulled_commits));
	report_row(out, "merges with their own gpgsig", width, s->gpgsig_pulls);
	buf_addc(out, '\n');
	if (s->mail_merges) {
		report_row(out, "merges of mailed patches", width,
			   s->mail_merges);
		buf_puts(out, "  (no tag to sign: not pulls)\n");
	}
	if (s->review_merges) {
		report_row(out, "merges of a review server", width,
			   s->review_merges);
		buf_puts(out, "  (no tag to sign: not pulls)\n");
	}
	if (s->subtree_nr) {
		report_row(out, "subtree merges", width, s->subtree_nr);
		buf_printf(out, "  (apart; %u signed)\n", s->subtree_signed);
	}
	signed_text_trees(s, f, width, out);
}

/* The merges of pulls idx (into f->all_pulls), by id and subject. */
static void
json_merges(struct json *j, const char *key, const struct flow *f,
	    const uint32_t *idx, uint32_t nr)
{
	json_open(j, key, '[');
	for (uint32_t k = 0; k < nr; k++)
		report_json_merge(j, f->h, f->all_pulls[idx[k]].merge);
	json_close(j, ']');
}

static void
signed_json(const void *state, const struct flow *f, struct json *j)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	json_open(j, "signed", '{');
	json_uint(j, "pulls", s->pulls);
	json_uint(j, "signed_pulls", s->signed_pulls);
	json_uint(j, "pulled_commits", s->pulled_commits);
	json_uint(j, "signed_commits", s->signed_commits);
	json_uint(j, "gpgsig_pulls", s->gpgsig_pulls);
	json_uint(j, "exempted", s->exempted);
	json_uint(j, "mail_merges", s->mail_merges);
	json_uint(j, "review_merges", s->review_merges);
	json_uint(j, "subtree_signed", s->subtree_signed);
	json_merges(j, "unsigned", f, s->unsigned_pulls, s->unsigned_nr);
	json_merges(j, "subtree", f, s->subtree, s->subtree_nr);
	json_close(j, '}');
}

/* Per tree, the signed pulls and their commits; per edge, its signed
 * pulls (in the JSON). */
static const struct extra_figure signed_tree_figures[] = {
	EXTRA_MEMBER("signed_pulls", EXTRA_COUNT, NULL),
	EXTRA_MEMBER("signed_commits", EXTRA_COUNT, NULL),
};

static int
signed_tree_figure(const void *state, const struct flow *f, uint32_t i,
		   size_t k, int64_t *v)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	(void)f;
	*v = k ? s->tree_signed_commits[i] : s->tree_signed_pulls[i];
	return 1;
}

static const struct extra_figure signed_edge_figures[] = {
	EXTRA_MEMBER("signed_pulls", EXTRA_COUNT, NULL),
};

static int
signed_edge_figure(const void *state, const struct flow *f, uint32_t e,
		   size_t k, int64_t *v)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	(void)f;
	(void)k;
	*v = s->edge_signed_pulls[e];
	return 1;
}

/*
 * An edge's look by its pulls, in three styles and one apart, by pattern
 * and arrowhead (the colour stays the volume's): every real pull signed
 * (or accepted by treeplot.unsignedOk), solid; some, dashed; none,
 * dotted, both with a hollow arrowhead; an edge of merges that pull no
 * tag at all (mail, a review server, subtrees), tapered: it neither
 * looks signed nor unsigned.  Its tooltip says how many were signed.
 */
static void
signed_edge_look(const void *state, const struct flow *f, uint32_t e,
		 struct extra_edge_look *look)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	(void)f;
	if (!s->edge_real[e]) {
		if (s->edge_nopull[e]) {
			buf_puts(look->tip.out, ", no tag to sign (mail, "
				 "review server or subtree merges)");
			look->style = "tapered";
		}
		return;
	}
	buf_printf(look->tip.out, ", %u of %u signed",
		   s->edge_signed_pulls[e], s->edge_real[e]);
	if (!s->edge_unsigned[e]) {
		look->style = "solid";
	} else {
		look->style = s->edge_signed_pulls[e] ? "dashed" : "dotted";
		look->arrowhead = "onormal";
	}
}

/* "4/5 signed" in a tree's box: its real pulls, signed of all. */
static void
signed_node_line(const void *state, const struct flow *f, uint32_t i,
		 struct buf *out)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	if (i && i < f->trees_nr && f->trees[i].tree != TREE_NONE &&
	    s->tree_pulls[i])
		buf_printf(out, "%u/%u signed", s->tree_signed_pulls[i],
			   s->tree_pulls[i]);
}

/* The range's: "26 of 78 pulls signed". */
static void
signed_subtitle(const void *state, const struct flow *f, struct buf *out)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	(void)f;
	if (s->pulls)
		buf_printf(out, "%u of %u pull%s signed", s->signed_pulls,
			   s->pulls, s->pulls == 1 ? "" : "s");
}

static int
signed_status(const void *state, const struct flow *f)
{
	const struct signed_state *st = state;

	if (st->require && signatures_report_unsigned(&st->s, f, st->tt))
		return 1;
	return 0;
}

static const struct extra_legend signed_legend[] = {
	{ "every pull signed (or accepted: treeplot.unsignedOk)",
	  EXTRA_LEGEND_EDGE, "solid", CHART_GREY_TEXT, NULL },
	{ "hollow arrowhead: some pulls signed", EXTRA_LEGEND_EDGE, "dashed",
	  CHART_GREY_TEXT, NULL },
	{ "hollow arrowhead: no pull signed", EXTRA_LEGEND_EDGE, "dotted",
	  CHART_GREY_TEXT, NULL },
	{ "no tag to sign: mail, review server, subtree", EXTRA_LEGEND_EDGE,
	  "tapered", CHART_GREY_TEXT, NULL },
	{ "in a box: its pulls, signed of all", EXTRA_LEGEND_NODE, NULL,
	  "black", "4/5 signed" },
};

/* --signed: a report, unless --require-signed asked for more. */
static int
signed_parse(const struct opt *row, const char *arg, void *dst)
{
	int *v = dst;

	(void)row;
	(void)arg;
	if (!*v)
		*v = SIGNED_REPORT;
	return 0;
}

static const struct opt signed_options[] = {
	{ .name = "signed", .modes = MODE_REPORT, .kind = OPT_PARSE,
	  .parse = signed_parse, .help = "which pulls pulled a signed tag" },
	{ .name = "require-signed", .modes = MODE_REPORT, .kind = OPT_SET,
	  .value = SIGNED_REQUIRE,
	  .help = "the same, and exit 3 listing the unsigned pulls" },
};

const struct extra signed_extra = {
	.name = "signed",
	.options = signed_options,
	.options_nr = ARRAY_SIZE(signed_options),
	.config_key = "treeplot.unsignedOk",
	.gather = signed_gather,
	.release = signed_release,
	.text = signed_text,
	.json = signed_json,
	.tree_figures = signed_tree_figures,
	.tree_figures_nr = ARRAY_SIZE(signed_tree_figures),
	.tree_figure = signed_tree_figure,
	.edge_figures = signed_edge_figures,
	.edge_figures_nr = ARRAY_SIZE(signed_edge_figures),
	.edge_figure = signed_edge_figure,
	.node_line = signed_node_line,
	.subtitle = signed_subtitle,
	.edge_look = signed_edge_look,
	.legend = signed_legend,
	.legend_nr = ARRAY_SIZE(signed_legend),
	.status = signed_status,
	.exit = 3,
};
