/*
 * render_json.c - the flow as one JSON object.
 *
 * Laid out as "jq ." would print it (json.h), keys in a fixed order, so
 * the output can be diffed and grepped as well as parsed.  Every string
 * goes through escape_json: whatever a commit message holds, the result
 * is valid UTF-8 and valid JSON.
 */
#include "render_json.h"

#include "direct.h"
#include "infer.h"
#include "json.h"
#include "maintainers.h"

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
	json_uint(j, "trees", f->total_trees);
	json_open(j, "by_depth", '[');
	for (uint32_t d = 1; f->by_depth && d <= f->max_depth; d++) {
		json_open(j, NULL, '{');
		json_uint(j, "depth", d);
		json_uint(j, "trees", f->by_depth[d]);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_uint(j, "small_trees", f->small_trees);
	json_uint(j, "folded", f->folded);
	if (f->mailed)
		json_uint(j, "mailed", f->mailed);
	json_close(j, '}');
}

static void
put_subsystems(struct json *j, const struct flow *f, const struct flow_tree *t)
{
	uint32_t nr, first;

	if (t->tree == TREE_NONE)
		return;
	first = maintainers_of(f->maintainers, t->repo, &nr);
	if (!nr)
		return;
	json_open(j, "subsystems", '[');
	for (uint32_t i = first; i < first + nr; i++) {
		const struct subsystem *sub =
			&f->maintainers->s[f->maintainers->pair_sub[i]];

		json_open(j, NULL, '{');
		json_str(j, "name", sub->name);
		json_open(j, "maintainers", '[');
		for (uint32_t k = 0; k < sub->maintainers_nr; k++)
			json_str(j, NULL, sub->maintainers[k]);
		json_close(j, ']');
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void
put_trees(struct json *j, const struct flow *f)
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
		put_subsystems(j, f, t);
		if (f->branches && t->tree != TREE_NONE)
			json_str(j, "repository", t->repo_name);
		if (f->signatures) {
			json_uint(j, "signed_pulls", t->signed_pulls);
			json_uint(j, "signed_commits", t->signed_commits);
		}
		if (t->kind != TREE_KIND_REPO)
			json_str(j, "kind", tree_kind_name(t->kind));
		if (t->tree == TREE_NONE)
			json_uint(j, "folded", f->folded);
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void
put_edges(struct json *j, const struct flow *f)
{
	json_open(j, "edges", '[');
	for (uint32_t i = 0; i < f->edges_nr; i++) {
		const struct flow_edge *e = &f->edges[i];

		json_open(j, NULL, '{');
		json_str(j, "from", name_of(f, e->from));
		json_str(j, "to", name_of(f, e->to));
		json_uint(j, "commits", e->commits);
		json_uint(j, "pulls", e->pulls);
		if (f->signatures)
			json_uint(j, "signed_pulls", e->signed_pulls);
		json_close(j, '}');
	}
	json_close(j, ']');
}

/* Only when there are any: the joins the evidence suggested but did
 * not prove (render_text's "Likely aliases"). */
static void
put_hints(struct json *j, const struct flow *f)
{
	const struct tree_table *tt = f->tt;

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
	for (uint32_t i = 0; i < f->unrecognised_nr; i++) {
		uint32_t idx = f->unrecognised[i];
		char hex[OID_HEXSZ + 1];
		const char *subject;

		history_hex(f->h, idx, hex);
		/* Every merge in the range has a subject, if an empty one;
		 * keep the type a string all the same. */
		subject = history_subject(f->h, idx);
		json_open(j, NULL, '{');
		json_str(j, "id", hex);
		json_str(j, "subject", subject ? subject : "");
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void
put_appliers(struct json *j, const struct flow *f)
{
	const struct appliers *ap = f->appliers;

	if (!ap)
		return;
	json_open(j, "direct_by", '{');
	json_str(j, "by", direct_by_name(ap->by));
	json_uint(j, "commits", ap->commits);
	json_open(j, "people", '[');
	for (uint32_t k = 0; k < ap->nr; k++) {
		json_open(j, NULL, '{');
		json_str(j, "name", ap->a[k].who);
		json_uint(j, "commits", ap->a[k].commits);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

static void
put_signatures(struct json *j, const struct flow *f)
{
	if (!f->signatures)
		return;
	json_open(j, "signed", '{');
	json_uint(j, "pulls", f->pulls);
	json_uint(j, "signed_pulls", f->signed_pulls);
	json_uint(j, "pulled_commits", f->pulled_commits);
	json_uint(j, "signed_commits", f->signed_commits);
	json_uint(j, "gpgsig_pulls", f->gpgsig_pulls);
	json_open(j, "unsigned", '[');
	for (uint32_t k = 0; k < f->unsigned_nr; k++) {
		const struct pull *pl = &f->all_pulls[f->unsigned_pulls[k]];
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

static const char *
tree_id_name(const struct flow *f, uint32_t id)
{
	for (uint32_t k = 0; k < f->trees_nr; k++)
		if (f->trees[k].tree == id)
			return f->trees[k].name;
	return NULL;
}

static void
put_inferred(struct json *j, const struct flow *f)
{
	const struct inference *inf = f->inference;

	if (!inf)
		return;
	json_open(j, "inferred_ff", '{');
	json_uint(j, "commits", inf->commits);
	json_open(j, "edges", '[');
	for (uint32_t k = 0; k < inf->edges_nr; k++) {
		const struct inferred_edge *e = &inf->edges[k];
		const char *from = tree_id_name(f, e->from);
		const char *to = tree_id_name(f, e->to);

		if (!from || !to)
			continue;
		json_open(j, NULL, '{');
		json_str(j, "from", from);
		json_str(j, "to", to);
		json_uint(j, "commits", e->commits);
		json_bool(j, "inferred", 1);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

void
render_json(const struct flow *f, struct buf *out)
{
	struct json j = JSON_INIT(out);

	json_open(&j, NULL, '{');
	json_uint(&j, "format_version", JSON_FORMAT_VERSION);
	json_str(&j, "repository", f->repo);
	json_str(&j, "range", f->range);

	json_open(&j, "mainline", '{');
	json_str(&j, "name", name_of(f, 0));
	put_urls(&j, f->mainline_urls, f->mainline_urls_nr);
	json_close(&j, '}');

	json_uint(&j, "commits", f->commits);
	json_uint(&j, "direct", f->direct);
	json_uint(&j, "merges", f->merges);
	json_uint(&j, "shallow_boundary", f->shallow);
	put_summary(&j, f);
	put_trees(&j, f);
	put_edges(&j, f);
	put_unrecognised(&j, f);
	put_hints(&j, f);
	put_appliers(&j, f);
	put_signatures(&j, f);
	put_inferred(&j, f);
	json_close(&j, '}');
	buf_addc(out, '\n');
}
