/*
 * signed.c - which pulls pulled a signed tag.
 *
 * The signatures are read after the chart (signatures_read, the one
 * place this module reads objects), then counted over the flow's pulls:
 * per pull, the flow says which of its trees and edges counted it.
 */
#include "signed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "extra.h"
#include "json.h"

int
signatures_read(struct repo *r, const struct history *h,
		const struct attribution *a, unsigned **out)
{
	unsigned *sig = xcalloc(h->nr ? h->nr : 1, sizeof(*sig));

	for (uint32_t k = 0; k < a->pulls_nr; k++) {
		uint32_t m = a->pulls[k].merge;

		if (history_merge_signatures(r, h, m, &sig[m]) < 0) {
			free(sig);
			return -1;
		}
	}
	*out = sig;
	return 0;
}

void
signatures_count(const struct flow *f, const unsigned *sig,
		 struct signatures *out)
{
	size_t unsigned_alloc = 0;

	memset(out, 0, sizeof(*out));
	out->tree_signed_pulls = xcalloc(f->trees_nr ? f->trees_nr : 1,
					 sizeof(uint32_t));
	out->tree_signed_commits = xcalloc(f->trees_nr ? f->trees_nr : 1,
					   sizeof(uint32_t));
	out->edge_signed_pulls = xcalloc(f->edges_nr ? f->edges_nr : 1,
					 sizeof(uint32_t));
	for (uint32_t k = 0; k < f->all_pulls_nr; k++) {
		const struct pull *pl = &f->all_pulls[k];
		int is_signed = !!(sig[pl->merge] & SIG_MERGETAG);

		if (f->pull_tree[k] != HIST_NONE) {
			out->tree_signed_pulls[f->pull_tree[k]] += is_signed;
			out->tree_signed_commits[f->pull_tree[k]] +=
				is_signed ? pl->commits : 0;
		}
		if (f->pull_edge[k] != HIST_NONE)
			out->edge_signed_pulls[f->pull_edge[k]] += is_signed;
		out->pulls++;
		out->signed_pulls += is_signed;
		out->gpgsig_pulls += !!(sig[pl->merge] & SIG_GPGSIG);
		if (pl->to == TREE_MAINLINE) {
			out->pulled_commits += pl->commits;
			out->signed_commits += is_signed ? pl->commits : 0;
		}
		if (!is_signed) {
			ALLOC_GROW(out->unsigned_pulls, out->unsigned_nr + 1,
				   unsigned_alloc);
			out->unsigned_pulls[out->unsigned_nr++] = k;
		}
	}
}

void
signatures_release(struct signatures *s)
{
	free(s->tree_signed_pulls);
	free(s->tree_signed_commits);
	free(s->edge_signed_pulls);
	free(s->unsigned_pulls);
	memset(s, 0, sizeof(*s));
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
		const struct pull *pl = &f->all_pulls[s->unsigned_pulls[k]];
		const char *subject = history_subject(f->h, pl->merge);
		char hex[OID_HEXSZ + 1];

		history_hex(f->h, pl->merge, hex);
		buf_printf(&b, "treeplot: unsigned pull %.12s from ", hex);
		escape_text(&b, tt->t[pl->from].name, strlen(tt->t[pl->from].name));
		buf_puts(&b, " into ");
		escape_text(&b, tt->t[pl->to].name, strlen(tt->t[pl->to].name));
		buf_puts(&b, ": ");
		escape_text(&b, subject ? subject : "",
			    subject ? strlen(subject) : 0);
		buf_addc(&b, '\n');
	}
	fputs(b.data, stderr);
	buf_release(&b);
	return s->unsigned_nr;
}

/* --- the add-on: everywhere the pulls are, whether they were signed --- */

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

	if (signatures_read(in->r, in->h, &in->c->a, &sig) < 0)
		return -1;
	st = xcalloc(1, sizeof(*st));
	signatures_count(&in->c->f, sig, &st->s);
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
	buf_addc(out, '\n');
	report_row(out, "of which signed", width, s->signed_pulls);
	buf_printf(out, "  (%.1f%%)\n",
		   report_percent(s->signed_pulls, s->pulls));
	report_row(out, "commits pulled into mainline", width,
		   s->pulled_commits);
	buf_addc(out, '\n');
	report_row(out, "through signed pulls", width, s->signed_commits);
	buf_printf(out, "  (%.1f%%)\n",
		   report_percent(s->signed_commits, s->pulled_commits));
	report_row(out, "merges with their own gpgsig", width, s->gpgsig_pulls);
	buf_addc(out, '\n');
	if (!s->pulls)
		return;
	buf_puts(out, "\n  signed/pulls  commits through signed pulls, tree\n");
	for (uint32_t k = 1; k < f->trees_nr; k++) {
		const struct flow_tree *t = &f->trees[k];

		if (!t->pulls)
			continue;
		buf_printf(out, "  %5u/%-5u   %*u  ", s->tree_signed_pulls[k],
			   t->pulls, width, s->tree_signed_commits[k]);
		report_name(out, t->name);
		buf_addc(out, '\n');
	}
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
	json_open(j, "unsigned", '[');
	for (uint32_t k = 0; k < s->unsigned_nr; k++) {
		const struct pull *pl = &f->all_pulls[s->unsigned_pulls[k]];
		const char *subject = history_subject(f->h, pl->merge);
		char hex[OID_HEXSZ + 1];

		history_hex(f->h, pl->merge, hex);
		json_open(j, NULL, '{');
		json_str(j, "id", hex);
		json_str(j, "subject", subject ? subject : "");
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

static void
signed_json_tree(const void *state, const struct flow *f, uint32_t i,
		 struct json *j)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	(void)f;
	json_uint(j, "signed_pulls", s->tree_signed_pulls[i]);
	json_uint(j, "signed_commits", s->tree_signed_commits[i]);
}

static void
signed_json_edge(const void *state, const struct flow *f, uint32_t e,
		 struct json *j)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	(void)f;
	json_uint(j, "signed_pulls", s->edge_signed_pulls[e]);
}

/* An edge with an unsigned pull is dashed and red, as the older script
 * drew them. */
static void
signed_edge_look(const void *state, const struct flow *f, uint32_t e,
		 struct extra_edge_look *look)
{
	const struct signatures *s = &((const struct signed_state *)state)->s;

	buf_printf(look->tip.out, ", %u signed", s->edge_signed_pulls[e]);
	if (s->edge_signed_pulls[e] < f->edges[e].pulls) {
		look->style = "dashed";
		look->colour = CHART_ALERT;
	}
}

static int
signed_status(const void *state, const struct flow *f)
{
	const struct signed_state *st = state;

	if (st->require && signatures_report_unsigned(&st->s, f, st->tt))
		return EXIT_UNSIGNED;
	return 0;
}

static const struct extra_legend signed_legend[] = {
	{ "a pull without a signed tag", EXTRA_LEGEND_EDGE, "dashed",
	  CHART_ALERT },
};

const struct extra signed_extra = {
	.name = "signed",
	.gather = signed_gather,
	.release = signed_release,
	.text = signed_text,
	.json = signed_json,
	.json_tree = signed_json_tree,
	.json_edge = signed_json_edge,
	.edge_look = signed_edge_look,
	.legend = signed_legend,
	.legend_nr = ARRAY_SIZE(signed_legend),
	.status = signed_status,
};
