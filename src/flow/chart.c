/*
 * chart.c - the stages after the walk, for one range.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "flow/chart.h"

#include <stdlib.h>
#include <string.h>

#include "util/hash.h"


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

int
chart_build(struct chart *c, const struct history *h, struct repo *r,
	    const char *repo, const char *range,
	    const struct chart_options *o)
{
	struct keeper_source ks = { r, o->jobs, o->mailmap };
	int ret;

	trees_init(&c->tt, o->mainline);
	if (o->identity)
		trees_adopt(&c->tt, o->identity);
	else
		trees_set_aliases(&c->tt, o->aliases, o->aliases_nr);
	ret = classify_merges_with(h, &c->tt, o->rules ? rules_match : NULL,
				   (void *)(uintptr_t)o->rules, o->mailmap,
				   &ks, &c->m);
	if (c->m.unrecognised_nr > 1)
		qsort_r(c->m.unrecognised, c->m.unrecognised_nr,
			sizeof(*c->m.unrecognised), cmp_merge,
			(void *)(uintptr_t)h);
	if (o->branches)
		classify_branches(h, &c->tt, &c->m);
	c->is_mainline = mainline_trees(r, h, &c->m, &c->tt, o->mainline_urls,
					o->mainline_urls_nr, repo);
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
	/* A selection counts the merges that carried its commits only. */
	if (o->selected)
		c->f.merges = c->a.carried_nr;
	/* Gathered by tree id, which depends on the walk's order too. */
	if (c->f.mainline_urls_nr > 1)
		qsort(c->f.mainline_urls, c->f.mainline_urls_nr,
		      sizeof(*c->f.mainline_urls), cmp_strp);
	return ret;
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

int
chart_identity(const struct history *h, struct repo *r,
	       const struct chart_options *o, struct tree_table *out)
{
	struct keeper_source ks = { r, o->jobs, o->mailmap };
	struct merge_table m;
	int ret;

	trees_init(out, o->mainline);
	trees_set_aliases(out, o->aliases, o->aliases_nr);
	/* Only the keys, their evidence and their joins are kept: no
	 * source is named. */
	ret = classify_merges_with(h, out, o->rules ? rules_match : NULL,
				   (void *)(uintptr_t)o->rules, NULL, &ks, &m);
	merge_table_release(&m);
	return ret;
}
