/*
 * pattern.c - configured regular expressions, matched within bounds.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "util/pattern.h"

#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "util/util.h"

/*
 * The bounds on one match.  Subjects come from anyone: past the step or
 * heap limit the match stops and the run fails, naming the pattern.
 * Everyday subject patterns take a few hundred steps per subject, and a
 * hundred thousand on a 1 MB subject; a tag pattern tens of steps on a
 * tag name, so its bounds stop an exponential one in milliseconds.  A
 * compiled pattern over PCRE2's 64 KB (200,000 alternatives) is refused
 * when read.
 */
static const struct bounds {
	uint32_t match, depth, heap_kb;
} bounds[] = {
	[PATTERN_TAG] = { 1000000u, 10000u, 16u * 1024 },
	[PATTERN_SUBJECT] = { 10000000u, 10000000u, 64u * 1024 },
	[PATTERN_PATH] = { 1000000u, 10000u, 16u * 1024 },
};

struct pattern {
	enum pattern_kind kind;
	pcre2_code *code;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	char *where;		/* "FILE: treeplot.KEY", for the error */
	char *shown;		/* the pattern, as shown */
	int failed;		/* gave up (reported) */
};

int
pattern_compile(struct pattern **out, enum pattern_kind kind,
		const char *re, const char *where, const char *shown,
		struct buf *why)
{
	struct pattern *p;
	PCRE2_UCHAR msg[256];
	PCRE2_SIZE at;
	uint32_t backrefs = 0;
	pcre2_code *code;
	int err;

	*out = NULL;
	code = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
			     kind == PATTERN_PATH ? PCRE2_EXTENDED : 0, &err,
			     &at, NULL);
	if (!code) {
		pcre2_get_error_message(err, msg, sizeof(msg));
		buf_printf(why, "%s at offset %zu", (const char *)msg,
			   (size_t)at);
		return 1;
	}
	pcre2_pattern_info(code, PCRE2_INFO_BACKREFMAX, &backrefs);
	if (kind == PATTERN_TAG && backrefs) {
		pcre2_code_free(code);
		buf_puts(why, "a back-reference: a tag pattern never needs "
			 "one, and it makes matching exponential");
		return 1;
	}
	p = xcalloc(1, sizeof(*p));
	p->kind = kind;
	p->code = code;
	p->md = pcre2_match_data_create_from_pattern(code, NULL);
	p->mc = pcre2_match_context_create(NULL);
	if (!p->md || !p->mc)
		die_oom();
	pcre2_set_match_limit(p->mc, bounds[kind].match);
	pcre2_set_depth_limit(p->mc, bounds[kind].depth);
	pcre2_set_heap_limit(p->mc, bounds[kind].heap_kb);
	p->where = xstrdup(where);
	p->shown = xstrdup(shown ? shown : re);
	*out = p;
	return 0;
}

unsigned
pattern_groups(const struct pattern *p)
{
	uint32_t groups = 0;

	pcre2_pattern_info(p->code, PCRE2_INFO_CAPTURECOUNT, &groups);
	return groups;
}

/* Say once that p gave up on s (len bytes): a tag's name is said, cut
 * and escaped; a subject by its size. */
static void
gave_up(struct pattern *p, const char *s, size_t len, int rc)
{
	PCRE2_UCHAR msg[256];

	pcre2_get_error_message(rc, msg, sizeof(msg));
	if (p->kind != PATTERN_SUBJECT) {
		struct buf name = BUF_INIT;

		escape_message(&name, s, len > 64 ? 64 : len);
		error("%s gave up on the %s '%s%s': %s", p->where,
		      p->kind == PATTERN_PATH ? "path" : "name",
		      name.data ? name.data : "", len > 64 ? "..." : "",
		      (const char *)msg);
		buf_release(&name);
	} else {
		error("%s: pattern '%s' gave up on a merge subject of %zu "
		      "bytes: %s", p->where, p->shown, len, (const char *)msg);
	}
	p->failed = 1;
}

int
pattern_search(const struct pattern *p, const char *s, size_t len,
	       size_t *so, size_t *eo)
{
	struct pattern *mp = (struct pattern *)p;
	PCRE2_SIZE *ov;
	int rc;

	if (p->failed)
		return -1;
	rc = pcre2_match(p->code, (PCRE2_SPTR)s, len, 0, 0, mp->md, p->mc);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0) {
		gave_up(mp, s, len, rc);
		return -1;
	}
	if (!so || !eo)
		return 1;
	ov = pcre2_get_ovector_pointer(p->md);
	*so = *eo = PATTERN_UNSET;
	if (pcre2_get_ovector_count(p->md) >= 2 && ov[2] != PCRE2_UNSET) {
		*so = ov[2];
		*eo = ov[3];
	}
	return 1;
}

int
pattern_match(const struct pattern *p, const char *s)
{
	return pattern_search(p, s, strlen(s), NULL, NULL) > 0;
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
	pcre2_match_data_free(p->md);
	pcre2_code_free(p->code);
	free(p->where);
	free(p->shown);
	free(p);
}
