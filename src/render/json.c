/*
 * render/json.c - the flow as one JSON object.
 *
 * Laid out as "jq ." would print it (json.h), keys in a fixed order, so
 * the output can be diffed and grepped as well as parsed.  Every string
 * goes through escape_json: whatever a commit message holds, the result
 * is valid UTF-8 and valid JSON.
 */
#include "render/json.h"

#include "flow/evidence.h"
#include "flow/report.h"
#include "util/json_writer.h"

static void
put_urls(struct json *j, char *const *urls, uint32_t nr)
{
	json_open(j, "urls", '[');
	for (uint32_t i = 0; i < nr; i++)
		json_str(j, NULL, urls[i]);
	json_close(j, ']');
}

static const char *
name_of(const struct flow *f, uint32_t i)
{
	return i < f->trees_nr ? f->trees[i].name : NULL;
}

static void
put_summary(struct json *j, const struct flow *f)
{
	json_open(j, "summary", '{');
	json_uint(j, "tree_count", f->total_trees);
	json_open(j, "by_depth", '[');
	for (uint32_t d = 1; f->by_depth && d <= f->max_depth; d++) {
		json_open(j, NULL, '{');
		json_uint(j, "depth", d);
		json_uint(j, "tree_count", f->by_depth[d]);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_uint(j, "small_trees", f->small_trees);
	json_uint(j, "folded", f->folded);
	if (f->mailed)
		json_uint(j, "mailed", f->mailed);
	json_close(j, '}');
}

/* Who committed the tips of tree t's pulls (its repository's, for a
 * --branches node), the most pulls first. */
static void
put_keepers(struct json *j, const struct flow *f, uint32_t t)
{
	const struct tree *tr = NULL;

	json_open(j, "keepers", '[');
	if (f->tt && t < f->tt->nr)
		tr = &f->tt->t[f->tt->t[t].repo];
	for (uint32_t k = 0; tr && k < tr->keepers_nr; k++) {
		const char *name, *mail;
		size_t nl, ml;
		struct buf b = BUF_INIT;

		keeper_split(f->tt->people.s[tr->keepers[k].person], &name,
			     &nl, &mail, &ml);
		json_open(j, NULL, '{');
		buf_add(&b, name, nl);
		json_str(j, "name", b.data ? b.data : "");
		b.len = 0;
		buf_add(&b, mail, ml);
		json_str(j, "email", b.data ? b.data : "");
		json_uint(j, "pulls", tr->keepers[k].pulls);
		json_close(j, '}');
		buf_release(&b);
	}
	json_close(j, ']');
}

static void
put_trees(struct json *j, const struct flow *f, const struct extras *xs)
{
	/* trees[0] is the mainline, described under "mainline". */
	json_open(j, "trees", '[');
	for (uint32_t i = 1; i < f->trees_nr; i++) {
		const struct flow_tree *t = &f->trees[i];

		json_open(j, NULL, '{');
		json_str(j, "name", t->name);
		put_urls(j, t->urls, t->urls_nr);
		json_uint(j, "commits", t->commits);
		json_uint(j, "own", t->own);
		json_uint(j, "depth", t->depth);
		json_uint(j, "pulls", t->pulls);
		put_keepers(j, f, t->tree);
		extras_json_tree(xs, f, i, j);
		if (t->kind != TREE_KIND_REPO)
			json_str(j, "kind", tree_kind_name(t->kind));
		if (t->tree == TREE_NONE)
			json_uint(j, "folded", f->folded);
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void
put_edges(struct json *j, const struct flow *f, const struct extras *xs)
{
	json_open(j, "edges", '[');
	for (uint32_t i = 0; i < f->edges_nr; i++) {
		const struct flow_edge *e = &f->edges[i];

		json_open(j, NULL, '{');
		json_str(j, "from", name_of(f, e->from));
		json_str(j, "to", name_of(f, e->to));
		json_uint(j, "commits", e->commits);
		json_uint(j, "pulls", e->pulls);
		extras_json_edge(xs, f, i, j);
		json_close(j, '}');
	}
	json_close(j, ']');
}

void
json_likely_aliases(struct json *j, const struct tree_table *tt)
{
	if (!tt || !tt->hints_nr)
		return;
	json_open(j, "likely_aliases", '[');
	for (uint32_t k = 0; k < tt->hints_nr; k++) {
		const struct tree_hint *hn = &tt->hints[k];

		json_open(j, NULL, '{');
		json_str(j, "name", trees_key_name(tt, hn->newer));
		json_str(j, "url", tt->k[hn->older].url);
		json_str(j, "evidence", hn->detail);
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void
put_unrecognised(struct json *j, const struct flow *f)
{
	json_open(j, "unrecognised", '[');
	for (uint32_t i = 0; i < f->unrecognised_nr; i++)
		report_json_merge(j, f->h, f->unrecognised[i]);
	json_close(j, ']');
}

/* --branches: the mainline's topic branches by prefix or stem. */
static void
put_topic_branches(struct json *j, const struct topics *t)
{
	json_open(j, "topic_branches", '[');
	for (uint32_t g = 0; g < t->groups_nr; g++) {
		json_open(j, NULL, '{');
		json_str(j, "name", t->groups[g].name);
		json_uint(j, "commits", t->groups[g].commits);
		json_uint(j, "merges", t->groups[g].merges);
		json_close(j, '}');
	}
	json_close(j, ']');
}

/* Why the default range starts where it does. */
static void
put_range_note(struct json *j, const struct range_note *n)
{
	json_open(j, "default_range", '{');
	json_str(j, "from", n->tag);	/* null: the whole history */
	json_str(j, "reason", range_note_reason(n));
	json_open(j, "skipped", '[');
	for (size_t k = 0; k < n->skipped_nr; k++)
		json_str(j, NULL, n->skipped[k]);
	json_close(j, ']');
	json_close(j, '}');
}

void
render_json(const struct flow *f, const struct extras *xs, struct buf *out)
{
	struct json j = JSON_INIT(out);

	json_open(&j, NULL, '{');
	report_json_head(&j);
	json_str(&j, "repository", f->repo);
	json_str(&j, "range", f->range);
	if (f->range_note)
		put_range_note(&j, f->range_note);
	if (f->selection)
		selection_json(&j, f->selection);

	report_json_mainline(&j, name_of(f, 0), f->mainline_urls,
			     f->mainline_urls_nr);

	json_uint(&j, "commits", f->commits);
	json_uint(&j, "direct", f->direct);
	json_uint(&j, "direct_applied", f->topics.applied);
	json_uint(&j, "direct_topics", f->topics.through);
	json_uint(&j, "topic_merges", f->topics.merges);
	if (f->branches)
		put_topic_branches(&j, &f->topics);
	json_uint(&j, "merges", f->merges);
	json_uint(&j, "shallow_boundary", f->shallow);
	put_summary(&j, f);
	put_trees(&j, f, xs);
	put_edges(&j, f, xs);
	put_unrecognised(&j, f);
	json_likely_aliases(&j, f->tt);
	extras_json(xs, f, &j);
	json_close(&j, '}');
	buf_addc(out, '\n');
}
