/*
 * pattern.c - a configured regular expression, matched within bounds.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "util/pattern.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "util/util.h"

/*
 * The bounds of one match against one name.  A tag pattern takes tens
 * of steps on a tag name; these stop an exponential one in a few
 * milliseconds, and its memory at 16 MB.
 */
#define PATTERN_MATCH_LIMIT 1000000u
#define PATTERN_DEPTH_LIMIT 10000u
#define PATTERN_HEAP_KB (16u * 1024)

struct pattern {
	pcre2_code *code;
	pcre2_match_context *mc;
	char *where;
	/* Set once by the first match that hits a limit: the pattern's
	 * only mutable state (its matches run on one thread). */
	int failed;
};

int
pattern_compile(struct pattern **out, const char *re, const char *where,
		struct buf *why)
{
	struct pattern *p;
	PCRE2_UCHAR msg[256];
	PCRE2_SIZE at;
	uint32_t backrefs = 0;
	int err;
	pcre2_code *code;

	*out = NULL;
	code = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED, 0, &err,
			     &at, NULL);
	if (!code) {
		pcre2_get_error_message(err, msg, sizeof(msg));
		buf_printf(why, "%s at offset %zu", (const char *)msg,
			   (size_t)at);
		return 1;
	}
	pcre2_pattern_info(code, PCRE2_INFO_BACKREFMAX, &backrefs);
	if (backrefs) {
		pcre2_code_free(code);
		buf_puts(why, "a back-reference: a tag pattern never needs "
			 "one, and it makes matching exponential");
		return 1;
	}
	p = xcalloc(1, sizeof(*p));
	p->code = code;
	p->mc = pcre2_match_context_create(NULL);
	if (!p->mc)
		die_oom();
	pcre2_set_match_limit(p->mc, PATTERN_MATCH_LIMIT);
	pcre2_set_depth_limit(p->mc, PATTERN_DEPTH_LIMIT);
	pcre2_set_heap_limit(p->mc, PATTERN_HEAP_KB);
	p->where = xstrdup(where);
	*out = p;
	return 0;
}

int
pattern_match(const struct pattern *p, const char *s)
{
	struct pattern *mp = (struct pattern *)p;
	pcre2_match_data *md;
	int rc;

	if (p->failed)
		return 0;
	md = pcre2_match_data_create(1, NULL);
	if (!md)
		die_oom();
	rc = pcre2_match(p->code, (PCRE2_SPTR)s, strlen(s), 0, 0, md, p->mc);
	pcre2_match_data_free(md);
	if (rc >= 0)
		return 1;
	if (rc != PCRE2_ERROR_NOMATCH) {
		PCRE2_UCHAR msg[256];
		struct buf name = BUF_INIT;
		size_t len = strlen(s);

		/* The name is the repository's: escaped, and cut. */
		escape_message(&name, s, len > 64 ? 64 : len);
		pcre2_get_error_message(rc, msg, sizeof(msg));
		error("%s gave up on the name '%s%s': %s", p->where,
		      name.data ? name.data : "", len > 64 ? "..." : "",
		      (const char *)msg);
		buf_release(&name);
		mp->failed = 1;
	}
	return 0;
}

int
pattern_failed(const struct pattern *p)
{
	return p && p->failed;
}

void
pattern_free(struct pattern *p)
{
	if (!p)
		return;
	pcre2_match_context_free(p->mc);
	pcre2_code_free(p->code);
	free(p->where);
	free(p);
}
