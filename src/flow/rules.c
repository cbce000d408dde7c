/*
 * rules.c - the configured rules of merge classification, compiled and
 * matched within bounds (util/pattern.h).
 *
 * Apart from the configuration reader (cli/config.c), which only reads
 * and checks the keys: the flow matches every merge's subject against
 * these, and needs no more of the configuration than the compiled rules.
 */
#include "flow/rules.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

int
rules_compile(struct rules *rs, enum rule_kind kind, const char *pattern,
	      const char *where, const char *shown, struct buf *why)
{
	struct pattern *p;

	if (pattern_compile(&p, PATTERN_SUBJECT, pattern, where, shown, why))
		return 1;
	if (kind == RULE_INTERNAL) {
		ALLOC_GROW(rs->internal, rs->internal_nr + 1,
			   rs->internal_alloc);
		rs->internal[rs->internal_nr++].p = p;
		return 0;
	}
	if (!pattern_groups(p)) {
		pattern_free(p);
		buf_puts(why, "no parenthesised group for the URL");
		return 1;
	}
	ALLOC_GROW(rs->external, rs->external_nr + 1, rs->external_alloc);
	rs->external[rs->external_nr++].p = p;
	return 0;
}

int
rules_match(void *data, const char *subject, size_t len,
	    struct merge_class *out)
{
	const struct rules *rs = data;
	size_t so, eo;

	for (size_t i = 0; i < rs->internal_nr; i++) {
		if (pattern_search(rs->internal[i].p, subject, len, NULL,
				   NULL) > 0) {
			out->kind = MERGE_INTERNAL;
			out->url = NULL;
			out->url_len = 0;
			return 1;
		}
	}
	for (size_t i = 0; i < rs->external_nr; i++) {
		if (pattern_search(rs->external[i].p, subject, len, &so,
				   &eo) <= 0 || so == PATTERN_UNSET || eo <= so)
			continue;
		out->kind = MERGE_EXTERNAL;
		out->url = subject + so;
		out->url_len = eo - so;
		return 1;
	}
	return 0;
}

int
rules_failed(const struct rules *rs)
{
	for (size_t i = 0; i < rs->internal_nr; i++)
		if (pattern_failed(rs->internal[i].p))
			return 1;
	for (size_t i = 0; i < rs->external_nr; i++)
		if (pattern_failed(rs->external[i].p))
			return 1;
	return 0;
}

void
rules_release(struct rules *rs)
{
	for (size_t i = 0; i < rs->internal_nr; i++)
		pattern_free(rs->internal[i].p);
	free(rs->internal);
	for (size_t i = 0; i < rs->external_nr; i++)
		pattern_free(rs->external[i].p);
	free(rs->external);
	memset(rs, 0, sizeof(*rs));
}
