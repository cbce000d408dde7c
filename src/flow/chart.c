/*
 * chart.c - the stages after the walk, for one range.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "flow/chart.h"

#include <stdlib.h>
#include <string.h>

#include "flow/identity.h"

/* The mainline's repository: --mainline-url and treeplot.mainlineUrl,
 * remote.origin.url, the tree that back-merges name most often, and the
 * trees the mainline's line pulls into itself; is_mainline[t] says which
 * (MAINLINE_* bits, for --explain). */
static uint8_t *
mainline_trees(const struct chart_options *o, struct repo *r,
	       const struct history *h, const struct merge_table *m,
	       struct tree_table *tt)
{
	uint32_t guessed = attribute_guess_mainline(h, m);
	char *origin = repo_origin_url(r);
	size_t ids_alloc = o->mainline_urls_nr + 2, n = 0;
	uint32_t *ids = xmalloc(ids_alloc * sizeof(*ids));
	uint8_t *why = xmalloc(ids_alloc), *is_mainline, *self;

	for (size_t k = 0; k < o->mainline_urls_nr; k++) {
		why[n] = MAINLINE_GIVEN;
		ids[n++] = trees_add_url(tt, o->mainline_urls[k],
					 strlen(o->mainline_urls[k]));
	}
	if (origin) {
		why[n] = MAINLINE_ORIGIN;
		ids[n++] = trees_add_url(tt, origin, strlen(origin));
	}
	if (guessed != TREE_NONE) {
		why[n] = MAINLINE_BACK_MERGES;
		ids[n++] = guessed;
	}
	self = xcalloc(tt->nr, 1);
	identity_self_pulls(h, m, tt, self);
	for (uint32_t t = 0; t < tt->nr; t++)
		if (self[t]) {
			ALLOC_GROW(ids, n + 1, ids_alloc);
			why = xreallocarray(why, ids_alloc, 1);
			why[n] = MAINLINE_SELF_PULL;
			ids[n++] = t;
		}
	free(self);
	/* Pull requests from branches of the mainline's own GitHub
	 * repository are internal too. */
	for (size_t k = 0, urls = n; k < urls; k++)
		for (uint32_t u = 0; u < tt->t[ids[k]].urls_nr; u++) {
			const char *url = tt->t[ids[k]].urls[u];
			char *gh = github_owner_name(url, strlen(url));

			if (gh) {
				ALLOC_GROW(ids, n + 1, ids_alloc);
				why = xreallocarray(why, ids_alloc, 1);
				why[n] = MAINLINE_GITHUB;
				ids[n++] = trees_add_name(tt, gh,
							  TREE_KIND_GITHUB);
				free(gh);
			}
		}
	is_mainline = xcalloc(tt->nr, 1);
	for (size_t k = 0; k < n; k++)
		is_mainline[ids[k]] |= why[k];
	free(origin);
	free(ids);
	free(why);
	return is_mainline;
}

/* Merges by committer date, then id: an order of the history's own. */
static int
cmp_merge(const void *pa, const void *pb, void *data)
{
	const struct history *h = data;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	int32_t tz;
	int64_t ta = history_merge_time(h, a, &tz);
	int64_t tb = history_merge_time(h, b, &tz);

	if (ta != tb)
		return ta < tb ? -1 : 1;
	return memcmp(h->oid[a].hash, h->oid[b].hash, OID_RAWSZ);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
chart_build(struct chart *c, const struct history *h, struct repo *r,
	    const char *repo, const char *range,
	    const struct chart_options *o)
{
	trees_init(&c->tt, o->mainline);
	if (o->identity)
		trees_adopt(&c->tt, o->identity);
	else
		trees_set_aliases(&c->tt, o->aliases, o->aliases_nr);
	classify_merges_with(h, &c->tt, o->rules ? rules_match : NULL,
			     (void *)(uintptr_t)o->rules, &c->m);
	if (c->m.unrecognised_nr > 1)
		qsort_r(c->m.unrecognised, c->m.unrecognised_nr,
			sizeof(*c->m.unrecognised), cmp_merge,
			(void *)(uintptr_t)h);
	if (o->branches)
		classify_branches(h, &c->tt, &c->m);
	c->is_mainline = mainline_trees(o, r, h, &c->m, &c->tt);
	trees_sort_urls(&c->tt);
	attribute(h, &c->m, c->is_mainline, c->tt.nr, &c->a);
	/* After attribution of the whole range: the paths stay its. */
	if (o->selected)
		attribution_select(&c->a, o->selected);
	aggregate(&(struct aggregate_input){ h, &c->m, &c->tt, &c->a,
		  c->is_mainline, repo, range,
		  o->top == TOP_ALL ? 0 : o->top }, &c->f);
	c->f.tt = &c->tt;
	c->f.selection = o->selected ? o->selection : NULL;
	/* Gathered by tree id, which depends on the walk's order too. */
	if (c->f.mainline_urls_nr > 1)
		qsort(c->f.mainline_urls, c->f.mainline_urls_nr,
		      sizeof(*c->f.mainline_urls), cmp_str);
}

void
chart_release(struct chart *c)
{
	flow_release(&c->f);
	attribution_release(&c->a);
	free(c->is_mainline);
	merge_table_release(&c->m);
	trees_release(&c->tt);
}

void
chart_identity(const struct history *h, const struct chart_options *o,
	       struct tree_table *out)
{
	struct merge_table m;

	trees_init(out, o->mainline);
	trees_set_aliases(out, o->aliases, o->aliases_nr);
	classify_merges_with(h, out, o->rules ? rules_match : NULL,
			     (void *)(uintptr_t)o->rules, &m);
	merge_table_release(&m);
}
