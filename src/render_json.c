/*
 * render_json.c - the flow as one JSON object.
 *
 * Laid out as "jq ." would print it (two spaces, one member a line, empty
 * containers as [] and {}), keys in a fixed order, so the output can be
 * diffed and grepped as well as parsed.  Every string goes through
 * escape_json: whatever a commit message holds, the result is valid UTF-8
 * and valid JSON.
 */
#include "render_json.h"

#include <string.h>

#include "direct.h"
#include "escape.h"
#include "infer.h"
#include "maintainers.h"

/* A writer that knows where it is: nesting level, and whether the
 * container just opened has had a member yet. */
struct json {
	struct buf *out;
	int level;
	int first;
};

static void
member(struct json *j, const char *key)
{
	if (!j->first)
		buf_addc(j->out, ',');
	if (j->level)
		buf_addc(j->out, '\n');
	buf_pad(j->out, ' ', 2 * (size_t)j->level);
	if (key) {
		buf_addc(j->out, '"');
		escape_json(j->out, key, strlen(key));
		buf_puts(j->out, "\": ");
	}
	j->first = 0;
}

static void
open_container(struct json *j, const char *key, char bracket)
{
	member(j, key);
	buf_addc(j->out, bracket);
	j->level++;
	j->first = 1;
}

static void
close_container(struct json *j, char bracket)
{
	j->level--;
	if (!j->first) {
		buf_addc(j->out, '\n');
		buf_pad(j->out, ' ', 2 * (size_t)j->level);
	}
	buf_addc(j->out, bracket);
	j->first = 0;
}

/* A string, or null for none. */
static void
put_str(struct json *j, const char *key, const char *s)
{
	member(j, key);
	if (!s) {
		buf_puts(j->out, "null");
		return;
	}
	buf_addc(j->out, '"');
	escape_json(j->out, s, strlen(s));
	buf_addc(j->out, '"');
}

static void
put_uint(struct json *j, const char *key, uint32_t n)
{
	member(j, key);
	buf_printf(j->out, "%u", n);
}

static void
put_urls(struct json *j, char *const *urls, uint32_t nr)
{
	open_container(j, "urls", '[');
	for (uint32_t i = 0; i < nr; i++)
		put_str(j, NULL, urls[i]);
	close_container(j, ']');
}

static const char *
name_of(const struct flow *f, uint32_t i)
{
	return i < f->trees_nr ? f->trees[i].name : NULL;
}

static void
put_summary(struct json *j, const struct flow *f)
{
	open_container(j, "summary", '{');
	put_uint(j, "trees", f->total_trees);
	open_container(j, "by_depth", '[');
	for (uint32_t d = 1; f->by_depth && d <= f->max_depth; d++) {
		open_container(j, NULL, '{');
		put_uint(j, "depth", d);
		put_uint(j, "trees", f->by_depth[d]);
		close_container(j, '}');
	}
	close_container(j, ']');
	put_uint(j, "small_trees", f->small_trees);
	put_uint(j, "folded", f->folded);
	if (f->mailed)
		put_uint(j, "mailed", f->mailed);
	close_container(j, '}');
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
	open_container(j, "subsystems", '[');
	for (uint32_t i = first; i < first + nr; i++) {
		const struct subsystem *sub =
			&f->maintainers->s[f->maintainers->pair_sub[i]];

		open_container(j, NULL, '{');
		put_str(j, "name", sub->name);
		open_container(j, "maintainers", '[');
		for (uint32_t k = 0; k < sub->maintainers_nr; k++)
			put_str(j, NULL, sub->maintainers[k]);
		close_container(j, ']');
		close_container(j, '}');
	}
	close_container(j, ']');
}

static void
put_trees(struct json *j, const struct flow *f)
{
	/* trees[0] is the mainline, described under "mainline". */
	open_container(j, "trees", '[');
	for (uint32_t i = 1; i < f->trees_nr; i++) {
		const struct flow_tree *t = &f->trees[i];

		open_container(j, NULL, '{');
		put_str(j, "name", t->name);
		put_urls(j, t->urls, t->urls_nr);
		put_uint(j, "commits", t->commits);
		put_uint(j, "own", t->own);
		put_uint(j, "depth", t->depth);
		put_uint(j, "pulls", t->pulls);
		put_subsystems(j, f, t);
		if (f->branches && t->tree != TREE_NONE)
			put_str(j, "repository", t->repo_name);
		if (f->signatures) {
			put_uint(j, "signed_pulls", t->signed_pulls);
			put_uint(j, "signed_commits", t->signed_commits);
		}
		if (t->kind != TREE_KIND_REPO)
			put_str(j, "kind", tree_kind_name(t->kind));
		if (t->tree == TREE_NONE)
			put_uint(j, "folded", f->folded);
		close_container(j, '}');
	}
	close_container(j, ']');
}

static void
put_edges(struct json *j, const struct flow *f)
{
	open_container(j, "edges", '[');
	for (uint32_t i = 0; i < f->edges_nr; i++) {
		const struct flow_edge *e = &f->edges[i];

		open_container(j, NULL, '{');
		put_str(j, "from", name_of(f, e->from));
		put_str(j, "to", name_of(f, e->to));
		put_uint(j, "commits", e->commits);
		put_uint(j, "pulls", e->pulls);
		if (f->signatures)
			put_uint(j, "signed_pulls", e->signed_pulls);
		close_container(j, '}');
	}
	close_container(j, ']');
}

static void
put_unrecognised(struct json *j, const struct flow *f)
{
	open_container(j, "unrecognised", '[');
	for (uint32_t i = 0; i < f->unrecognised_nr; i++) {
		uint32_t idx = f->unrecognised[i];
		char hex[OID_HEXSZ + 1];
		const char *subject;

		history_hex(f->h, idx, hex);
		/* Every merge in the range has a subject, if an empty one;
		 * keep the type a string all the same. */
		subject = history_subject(f->h, idx);
		open_container(j, NULL, '{');
		put_str(j, "id", hex);
		put_str(j, "subject", subject ? subject : "");
		close_container(j, '}');
	}
	close_container(j, ']');
}

static void
put_appliers(struct json *j, const struct flow *f)
{
	const struct appliers *ap = f->appliers;

	if (!ap)
		return;
	open_container(j, "direct_by", '{');
	put_str(j, "by", direct_by_name(ap->by));
	put_uint(j, "commits", ap->commits);
	open_container(j, "people", '[');
	for (uint32_t k = 0; k < ap->nr; k++) {
		open_container(j, NULL, '{');
		put_str(j, "name", ap->a[k].who);
		put_uint(j, "commits", ap->a[k].commits);
		close_container(j, '}');
	}
	close_container(j, ']');
	close_container(j, '}');
}

static void
put_signatures(struct json *j, const struct flow *f)
{
	if (!f->signatures)
		return;
	open_container(j, "signed", '{');
	put_uint(j, "pulls", f->pulls);
	put_uint(j, "signed_pulls", f->signed_pulls);
	put_uint(j, "pulled_commits", f->pulled_commits);
	put_uint(j, "signed_commits", f->signed_commits);
	put_uint(j, "gpgsig_pulls", f->gpgsig_pulls);
	open_container(j, "unsigned", '[');
	for (uint32_t k = 0; k < f->unsigned_nr; k++) {
		const struct pull *pl = &f->all_pulls[f->unsigned_pulls[k]];
		const char *subject = history_subject(f->h, pl->merge);
		char hex[OID_HEXSZ + 1];

		history_hex(f->h, pl->merge, hex);
		open_container(j, NULL, '{');
		put_str(j, "id", hex);
		put_str(j, "subject", subject ? subject : "");
		close_container(j, '}');
	}
	close_container(j, ']');
	close_container(j, '}');
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
	open_container(j, "inferred_ff", '{');
	put_uint(j, "commits", inf->commits);
	open_container(j, "edges", '[');
	for (uint32_t k = 0; k < inf->edges_nr; k++) {
		const struct inferred_edge *e = &inf->edges[k];
		const char *from = tree_id_name(f, e->from);
		const char *to = tree_id_name(f, e->to);

		if (!from || !to)
			continue;
		open_container(j, NULL, '{');
		put_str(j, "from", from);
		put_str(j, "to", to);
		put_uint(j, "commits", e->commits);
		member(j, "inferred");
		buf_puts(j->out, "true");
		close_container(j, '}');
	}
	close_container(j, ']');
	close_container(j, '}');
}

void
render_json(const struct flow *f, struct buf *out)
{
	struct json j = { out, 0, 1 };

	open_container(&j, NULL, '{');
	put_uint(&j, "format_version", JSON_FORMAT_VERSION);
	put_str(&j, "repository", f->repo);
	put_str(&j, "range", f->range);

	open_container(&j, "mainline", '{');
	put_str(&j, "name", name_of(f, 0));
	put_urls(&j, f->mainline_urls, f->mainline_urls_nr);
	close_container(&j, '}');

	put_uint(&j, "commits", f->commits);
	put_uint(&j, "direct", f->direct);
	put_uint(&j, "merges", f->merges);
	put_uint(&j, "shallow_boundary", f->shallow);
	put_summary(&j, f);
	put_trees(&j, f);
	put_edges(&j, f);
	put_unrecognised(&j, f);
	put_appliers(&j, f);
	put_signatures(&j, f);
	put_inferred(&j, f);
	close_container(&j, '}');
	buf_addc(out, '\n');
}
