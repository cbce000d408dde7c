/*
 * rules.c - the configured rules of merge classification, compiled and
 * matched with PCRE2.
 *
 * Apart from the configuration reader (cli/config.c), which only reads
 * and checks the keys: the flow matches every merge's subject against
 * these, and needs no more of the configuration than the compiled rules.
 */
#include "flow/rules.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/*
 * The bounds on one pattern's match against one subject.  Subjects come
 * from anyone, and a backtracking match can take exponential time
 * ("(a*)*\\1b" on 2,000 bytes) or memory: past PATTERN_MATCH_LIMIT steps
 * or PATTERN_HEAP_KB of backtracking memory the match stops and the run
 * fails, naming the pattern.  A pattern whose compiled form is over
 * PCRE2's 64 KB (200,000 alternatives) is refused when read.  Everyday
 * patterns take a few hundred steps per subject, and a hundred thousand
 * on a 1 MB subject.
 */
#define PATTERN_MATCH_LIMIT 10000000u
#define PATTERN_HEAP_KB (64u * 1024)

struct rule {
	pcre2_code *code;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	char *where;		/* "FILE: treeplot.KEY", for the error */
	char *source;		/* the pattern, as shown */
	int failed;		/* hit a limit (reported) */
};

static void
rule_release(struct rule *p)
{
	pcre2_match_context_free(p->mc);
	pcre2_match_data_free(p->md);
	pcre2_code_free(p->code);
	free(p->where);
	free(p->source);
	memset(p, 0, sizeof(*p));
}

int
rules_compile(struct rules *rs, enum rule_kind kind, const char *pattern,
	      const char *where, const char *shown, struct buf *why)
{
	PCRE2_UCHAR msg[256];
	PCRE2_SIZE at;
	struct rule p;
	uint32_t groups = 0;
	int err;

	memset(&p, 0, sizeof(p));
	p.code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
			       0, &err, &at, NULL);
	if (!p.code) {
		pcre2_get_error_message(err, msg, sizeof(msg));
		buf_printf(why, "%s at offset %zu", (const char *)msg,
			   (size_t)at);
		return 1;
	}
	p.md = pcre2_match_data_create_from_pattern(p.code, NULL);
	p.mc = pcre2_match_context_create(NULL);
	if (!p.md || !p.mc) {
		rule_release(&p);
		return error("out of memory");
	}
	pcre2_set_match_limit(p.mc, PATTERN_MATCH_LIMIT);
	pcre2_set_heap_limit(p.mc, PATTERN_HEAP_KB);
	p.where = xstrdup(where);
	p.source = xstrdup(shown);
	if (kind == RULE_INTERNAL) {
		ALLOC_GROW(rs->internal, rs->internal_nr + 1,
			   rs->internal_alloc);
		rs->internal[rs->internal_nr++] = p;
		return 0;
	}
	pcre2_pattern_info(p.code, PCRE2_INFO_CAPTURECOUNT, &groups);
	if (!groups) {
		rule_release(&p);
		buf_puts(why, "no parenthesised group for the URL");
		return 1;
	}
	ALLOC_GROW(rs->external, rs->external_nr + 1, rs->external_alloc);
	rs->external[rs->external_nr++] = p;
	return 0;
}

/*
 * Match p against subject: 1 with the first group's bounds in *so, *eo
 * (both PCRE2_UNSET if it has none or it matched nothing), 0 for no
 * match, -1 when it hit a limit (reported, once; the rule is then
 * skipped).
 */
static int
rule_match(struct rule *p, const char *subject, size_t len, size_t *so,
	   size_t *eo)
{
	PCRE2_SIZE *ov;
	int rc;

	if (p->failed)
		return -1;
	rc = pcre2_match(p->code, (PCRE2_SPTR)subject, len, 0, 0, p->md,
			 p->mc);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0) {
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(rc, msg, sizeof(msg));
		error("%s: pattern '%s' gave up on a merge subject of %zu "
		      "bytes: %s", p->where, p->source, len,
		      (const char *)msg);
		p->failed = 1;
		return -1;
	}
	ov = pcre2_get_ovector_pointer(p->md);
	*so = *eo = PCRE2_UNSET;
	if (pcre2_get_ovector_count(p->md) >= 2) {
		*so = ov[2];
		*eo = ov[3];
	}
	return 1;
}

int
rules_match(void *data, const char *subject, size_t len,
	    struct merge_class *out)
{
	const struct rules *rs = data;
	size_t so, eo;

	for (size_t i = 0; i < rs->internal_nr; i++) {
		if (rule_match(&rs->internal[i], subject, len, &so, &eo) > 0) {
			out->kind = MERGE_INTERNAL;
			out->url = NULL;
			out->url_len = 0;
			return 1;
		}
	}
	for (size_t i = 0; i < rs->external_nr; i++) {
		if (rule_match(&rs->external[i], subject, len, &so, &eo) <= 0 ||
		    so == PCRE2_UNSET || eo <= so)
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
		if (rs->internal[i].failed)
			return 1;
	for (size_t i = 0; i < rs->external_nr; i++)
		if (rs->external[i].failed)
			return 1;
	return 0;
}

void
rules_release(struct rules *rs)
{
	for (size_t i = 0; i < rs->internal_nr; i++)
		rule_release(&rs->internal[i]);
	free(rs->internal);
	for (size_t i = 0; i < rs->external_nr; i++)
		rule_release(&rs->external[i]);
	free(rs->external);
	memset(rs, 0, sizeof(*rs));
}
