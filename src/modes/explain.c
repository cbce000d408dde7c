/*
 * explain.c - --explain: how each named merge was read.
 *
 * Nothing here decides anything: the merge is classified again by the
 * same function and rules the chart used, and the rest is read off the
 * chart (its tree table's keys and joins, is_mainline's reasons, the
 * attribution's pulls), so the explanation cannot drift from the report.
 */
#include "modes/explain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flow/report.h"
#include "git/commit_index.h"
#include "util/escape.h"
#include "util/json_writer.h"
#include "util/url.h"


/* How one merge was read: every string owned. */
struct reading {
	struct named_rev name;	/* first: named_rev_at's */
	struct merge_class mc;
	const char *says;	/* what the subject says: external, ... */
	char *url;		/* the URL, or NULL */
	char *key;		/* its key, or NULL */
	char *note;		/* how the URL became the key */
	uint32_t k;		/* the key's id, or KEY_NONE */
	uint32_t tree;		/* TREE_NONE: none */
	const char *named_by;	/* how the tree got its name, or NULL */
	int has_number;		/* a forge's request number: number */
	uint64_t number;
	int external;		/* the verdict */
	char *reason;
};

static void
add_text(struct buf *out, const char *s)
{
	escape_text(out, s ? s : "", s ? strlen(s) : 0);
}


/* How url became its key: tree_name's rules, kernel.org's home
 * directories named. */
static char *
spelling_note(const char *url, const char *key)
{
	struct url_parts u;
	struct buf b = BUF_INIT;
	const char *path;
	size_t n;

	buf_puts(&b, "scheme, user, port, \".git\" and slashes dropped");
	if (url_parse(url, url + strlen(url), &u) != URL_NONE) {
		for (path = u.path; *path == '/'; path++)
			;
		n = u.host_len;
		if (n >= 10 && !strncmp(u.host + n - 10, "kernel.org", 10) &&
		    !strncmp(path, "home/", 5) && strcmp(key, path))
			buf_puts(&b, "; on kernel.org, /home/USER/REPO is "
				 "/pub/scm/linux/kernel/git/USER/REPO");
		else if (n >= 10 &&
			 !strncmp(u.host + n - 10, "kernel.org", 10) &&
			 strncmp(key, u.host, n))
			buf_puts(&b, "; on kernel.org, the path below "
				 "/pub/scm/linux/kernel/git/ (or /pub/scm/)");
	}
	return b.data;
}

/* The tree of the line merge i sits on: that of the first commit of
 * its first-parent chain that is not a merge. */
static uint32_t
line_tree(const struct chart *c, const struct history *h, uint32_t i)
{
	for (uint32_t n = 0; i != HIST_NONE && n < h->nr; n++) {
		if (!(h->flags[i] & HIST_IN_RANGE))
			return TREE_NONE;
		if (h->npar[i] < 2 && c->a.path_of[i] != HIST_NONE)
			return c->a.paths.tree[c->a.path_of[i]];
		i = h->npar[i] ? h->parent[h->pstart[i]] : HIST_NONE;
	}
	return TREE_NONE;
}

static void
mainline_reasons(struct buf *b, unsigned why)
{
	static const struct {
		unsigned bit;
		const char *text;
	} r[] = {
		{ MAINLINE_GIVEN, "--mainline-url or treeplot.mainlineUrl" },
		{ MAINLINE_ORIGIN, "remote.origin.url" },
		{ MAINLINE_BACK_MERGES, "named by the most back-merges of "
			"the mainline" },
		{ MAINLINE_SELF_PULL, "a self-pull: every merge naming it "
			"merges branch X into X on the mainline's first-parent "
			"line" },
		{ MAINLINE_GITHUB, "pull requests from the mainline's own "
			"GitHub repository" },
	};
	const char *sep = "";

	for (size_t k = 0; k < ARRAY_SIZE(r); k++)
		if (why & r[k].bit) {
			buf_printf(b, "%s%s", sep, r[k].text);
			sep = "; ";
		}
}

/* Internal or external, and why. */
static void
verdict(const struct explain_input *in, struct reading *rd)
{
	const struct chart *c = in->c;
	const struct tree_table *tt = &c->tt;
	uint32_t t = rd->tree, pulls = 0;
	struct buf b = BUF_INIT;

	if (rd->mc.kind == MERGE_UNRECOGNISED) {
		buf_puts(&b, "no form matched: treated as internal, and "
			 "listed in the report as unrecognised");
	} else if (rd->mc.kind == MERGE_INTERNAL) {
		buf_puts(&b, "the subject names no repository (");
		buf_puts(&b, rd->mc.form ? rd->mc.form : "?");
		buf_puts(&b, ")");
	} else if (t < tt->nr && c->is_mainline[t]) {
		buf_puts(&b, "it names the mainline's repository, known from: ");
		mainline_reasons(&b, c->is_mainline[t]);
	} else {
		for (uint32_t p = 0; p < c->a.pulls_nr; p++) {
			const struct pull *pl = &c->a.pulls[p];

			if (pl->merge != rd->name.i)
				continue;
			buf_printf(&b, "%spulled ", pulls++ ? "; " : "");
			buf_puts(&b, tt->t[pl->from].name);
			buf_puts(&b, " into ");
			buf_puts(&b, tt->t[pl->to].name);
			buf_printf(&b, ", %u commit%s", pl->commits,
				   pl->commits == 1 ? "" : "s");
		}
		if (!pulls) {
			uint32_t lt = line_tree(c, in->h, rd->name.i);

			buf_puts(&b, "it names the repository of the line it "
				 "sits on");
			if (lt != TREE_NONE) {
				buf_puts(&b, " (");
				buf_puts(&b, tt->t[lt].name);
				buf_puts(&b, ")");
			}
		}
	}
	rd->external = pulls > 0;
	rd->reason = b.data;
}

static void
read_merge(const struct explain_input *in, struct reading *rd)
{
	const struct chart *c = in->c;
	const struct rules *rules = in->o->rules;
	struct merge_class *mc = &rd->mc;

	classify_merge(in->h, rd->name.i, rules ? rules_match : NULL,
		       (void *)(uintptr_t)rules, mc);
	rd->says = mc->kind == MERGE_EXTERNAL ? "external" :
		   mc->kind == MERGE_INTERNAL ? "internal" : "unrecognised";
	rd->tree = c->m.tree[rd->name.i];
	rd->k = KEY_NONE;
	if (mc->kind == MERGE_EXTERNAL && mc->source == SOURCE_URL) {
		rd->url = xstrndup(mc->url, mc->url_len);
		rd->key = tree_name(rd->url, strlen(rd->url));
		rd->note = spelling_note(rd->url, rd->key);
		rd->k = trees_key_find(&c->tt, rd->key);
	}
	if (rd->k != KEY_NONE)
		rd->named_by = c->tt.k[trees_key_root(&c->tt, rd->k)].alias >= 0 ?
			       "treeplot.alias" : "its most recent spelling";
	else if (rd->tree != TREE_NONE && mc->source == SOURCE_REVIEW)
		rd->named_by = "the committer of its merges, through the "
			       ".mailmap";
	else if (rd->tree != TREE_NONE)
		rd->named_by = "its source";
	/* The pull or merge request's number, when it fits 64 bits. */
	if (mc->number_len && mc->number_len <= 19) {
		rd->has_number = 1;
		for (size_t k = 0; k < mc->number_len; k++)
			rd->number = rd->number * 10 + (uint64_t)(mc->number[k] - '0');
	}
	verdict(in, rd);
}

static const char *
join_why_name(enum join_why why)
{
	switch (why) {
	case JOIN_HOST_RENAME:
		return "host-renamed";
	case JOIN_ALIAS:
		return "alias";
	case JOIN_ALIAS_PREFIX:
		return "alias-prefix";
	}
	return "?";
}

/* --- text ------------------------------------------------------------ */

static void
text_field(struct buf *out, const char *label, const char *value)
{
	buf_printf(out, "  %-10s  ", label);
	add_text(out, value);
	buf_addc(out, '\n');
}

static void
text_spellings(struct buf *out, const struct tree_table *tt, uint32_t k)
{
	uint32_t root = trees_key_root(tt, k);
	const char *label = "spellings";

	for (uint32_t i = 0; i < tt->k_nr; i++) {
		const struct tree_key *key = &tt->k[i];

		if (trees_key_root(tt, i) != root)
			continue;
		buf_printf(out, "  %-10s  ", label);
		label = "";
		add_text(out, key->key);
		if (key->pulls) {
			buf_printf(out, "  %u pull%s, ", key->pulls,
				   key->pulls == 1 ? "" : "s");
			buf_add_day(out, key->first);
			buf_puts(out, " .. ");
			buf_add_day(out, key->last);
		} else {
			buf_puts(out, "  no pull in the range");
		}
		buf_addc(out, '\n');
	}
	label = "joined";
	for (uint32_t j = 0; j < tt->joins_nr; j++) {
		const struct tree_join *jn = &tt->joins[j];

		if (trees_key_root(tt, jn->a) != root)
			continue;
		buf_printf(out, "  %-10s  ", label);
		label = "";
		add_text(out, tt->k[jn->a].key);
		buf_puts(out, " = ");
		add_text(out, tt->k[jn->b].key);
		buf_printf(out, " (%s): ", join_why_name(jn->why));
		add_text(out, jn->detail);
		buf_addc(out, '\n');
	}
}

static void
explain_text(const struct explain_input *in, const struct reading *rds,
	     size_t nr, struct buf *out)
{
	const struct tree_table *tt = &in->c->tt;
	char hex[OID_HEXSZ + 1];

	buf_puts(out, "repository  ");
	add_text(out, in->repo);
	buf_puts(out, "\nrange       ");
	add_text(out, in->range);
	buf_addc(out, '\n');
	for (size_t n = 0; n < nr; n++) {
		const struct reading *rd = &rds[n];
		const char *s;

		/* rd->name.i is an index of the range only for a merge found
		 * in it: a merge outside the range has none. */
		if (rd->name.status != FOUND_MERGE)
			continue;
		s = history_subject(in->h, rd->name.i);
		history_hex(in->h, rd->name.i, hex);
		buf_printf(out, "\nmerge %.12s  ", hex);
		add_text(out, s ? s : "");
		buf_addc(out, '\n');
		text_field(out, "form", rd->mc.form ? rd->mc.form :
			   "none (unrecognised)");
		if (rd->has_number)
			buf_printf(out, "  %-10s  %llu\n", "number",
				   (unsigned long long)rd->number);
		text_field(out, "subject", rd->says);
		if (rd->url) {
			text_field(out, "url", rd->url);
			buf_printf(out, "  %-10s  ", "key");
			add_text(out, rd->key);
			buf_puts(out, " (");
			add_text(out, rd->note);
			buf_puts(out, ")\n");
		}
		if (rd->tree != TREE_NONE) {
			buf_printf(out, "  %-10s  ", "tree");
			add_text(out, tt->t[rd->tree].name);
			buf_puts(out, ", named by ");
			buf_puts(out, rd->named_by);
			buf_addc(out, '\n');
		}
		if (rd->tree != TREE_NONE)
			for (uint32_t u = 0; u < tt->t[rd->tree].urls_nr; u++)
				text_field(out, u ? "" : "urls",
					   tt->t[rd->tree].urls[u]);
		if (rd->k != KEY_NONE)
			text_spellings(out, tt, rd->k);
		buf_printf(out, "  %-10s  %s: ", "verdict",
			   rd->external ? "external" : "internal");
		add_text(out, rd->reason);
		buf_addc(out, '\n');
	}
}

/* --- json ------------------------------------------------------------ */

static void
json_day(struct json *j, const char *key, const struct tree_key *k,
	 int64_t t)
{
	struct buf b = BUF_INIT;

	if (k->pulls)
		buf_add_day(&b, t);
	json_str(j, key, k->pulls ? b.data : NULL);
	buf_release(&b);
}

static void
json_spellings(struct json *j, const struct tree_table *tt, uint32_t k)
{
	uint32_t root = k == KEY_NONE ? KEY_NONE : trees_key_root(tt, k);

	json_open(j, "spellings", '[');
	for (uint32_t i = 0; root != KEY_NONE && i < tt->k_nr; i++) {
		const struct tree_key *key = &tt->k[i];

		if (trees_key_root(tt, i) != root)
			continue;
		json_open(j, NULL, '{');
		json_str(j, "key", key->key);
		json_str(j, "url", key->url);
		json_uint(j, "pulls", key->pulls);
		json_day(j, "first", key, key->first);
		json_day(j, "last", key, key->last);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "joins", '[');
	for (uint32_t i = 0; root != KEY_NONE && i < tt->joins_nr; i++) {
		const struct tree_join *jn = &tt->joins[i];

		if (trees_key_root(tt, jn->a) != root)
			continue;
		json_open(j, NULL, '{');
		json_str(j, "a", tt->k[jn->a].key);
		json_str(j, "b", tt->k[jn->b].key);
		json_str(j, "why", join_why_name(jn->why));
		json_str(j, "evidence", jn->detail);
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void
json_reading(struct json *j, const void *ctx, const void *elem)
{
	const struct explain_input *in = ctx;
	const struct reading *rd = elem;
	const struct tree_table *tt = &in->c->tt;
	const char *s = history_subject(in->h, rd->name.i);
	char hex[OID_HEXSZ + 1];

	history_hex(in->h, rd->name.i, hex);
	json_open(j, NULL, '{');
	json_str(j, "argument", rd->name.rev);
	json_str(j, "id", hex);
	json_str(j, "subject", s ? s : "");
	json_str(j, "form", rd->mc.form);
	if (rd->has_number)
		json_uint(j, "number", rd->number);
	else
		json_str(j, "number", NULL);
	json_str(j, "subject_says", rd->says);
	json_str(j, "url", rd->url);
	json_str(j, "key", rd->key);
	json_str(j, "tree", rd->tree != TREE_NONE ? tt->t[rd->tree].name :
		 NULL);
	json_str(j, "named_by", rd->named_by);
	json_open(j, "urls", '[');
	for (uint32_t u = 0; rd->tree != TREE_NONE &&
	     u < tt->t[rd->tree].urls_nr; u++)
		json_str(j, NULL, tt->t[rd->tree].urls[u]);
	json_close(j, ']');
	json_spellings(j, tt, rd->k);
	json_str(j, "verdict", rd->external ? "external" : "internal");
	json_str(j, "reason", rd->reason);
	json_close(j, '}');
}

static void
explain_json(const struct explain_input *in, const struct reading *rds,
	     size_t nr, struct buf *out)
{
	const struct json_named r = {
		in->repo, in->range, in->c->tt.t[TREE_MAINLINE].name,
		in->c->f.mainline_urls, in->c->f.mainline_urls_nr,
		"explained", "unexplained", FOUND_MERGE, json_reading, in, NULL
	};

	json_named_report(&r, rds, nr, sizeof(*rds), out);
}

int
explain(const struct explain_input *in, struct buf *text, struct buf *json)
{
	struct commit_index ix;
	struct reading *rds = xcalloc(in->revs_nr ? in->revs_nr : 1,
				      sizeof(*rds));
	int ret;

	commit_index_init(&ix, in->h);
	for (size_t n = 0; n < in->revs_nr; n++) {
		rds[n].name.rev = in->revs[n];
		commit_index_resolve(&ix, in->r, &rds[n].name);
		if (rds[n].name.status == FOUND_MERGE)
			read_merge(in, &rds[n]);
	}
	if (json)
		explain_json(in, rds, in->revs_nr, json);
	if (text)
		explain_text(in, rds, in->revs_nr, text);
	ret = named_rev_report(rds, in->revs_nr, sizeof(*rds), FOUND_MERGE,
			       in->range) ? 1 : 0;
	for (size_t n = 0; n < in->revs_nr; n++) {
		free(rds[n].url);
		free(rds[n].key);
		free(rds[n].note);
		free(rds[n].reason);
	}
	free(rds);
	commit_index_release(&ix);
	return ret;
}
