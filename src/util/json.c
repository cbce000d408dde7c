/*
 * json.c - a JSON writer laid out as "jq ." prints.
 */
#include "util/json.h"

#include <inttypes.h>
#include <string.h>

#include "flow/selection.h"
#include "util/escape.h"

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

void
json_open(struct json *j, const char *key, char bracket)
{
	member(j, key);
	buf_addc(j->out, bracket);
	j->level++;
	j->first = 1;
}

void
json_close(struct json *j, char bracket)
{
	j->level--;
	if (!j->first) {
		buf_addc(j->out, '\n');
		buf_pad(j->out, ' ', 2 * (size_t)j->level);
	}
	buf_addc(j->out, bracket);
	j->first = 0;
}

void
json_str(struct json *j, const char *key, const char *s)
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

/* A number written by hand from its sign and magnitude: one way for the
 * signed and unsigned members (and no locale in the way). */
static void
number(struct json *j, const char *key, int negative, uint64_t magnitude)
{
	member(j, key);
	buf_printf(j->out, "%s%" PRIu64, negative ? "-" : "", magnitude);
}

void
json_uint(struct json *j, const char *key, uint64_t n)
{
	number(j, key, 0, n);
}

void
json_int(struct json *j, const char *key, int64_t n)
{
	/* The magnitude in unsigned arithmetic: -INT64_MIN overflows. */
	number(j, key, n < 0, n < 0 ? 0 - (uint64_t)n : (uint64_t)n);
}

void
json_bool(struct json *j, const char *key, int b)
{
	member(j, key);
	buf_puts(j->out, b ? "true" : "false");
}

void
json_tenths(struct json *j, const char *key, int64_t tenths)
{
	uint64_t a = tenths < 0 ? (uint64_t)-tenths : (uint64_t)tenths;

	/* By hand: no locale's decimal comma, no binary fraction. */
	member(j, key);
	buf_printf(j->out, "%s%" PRIu64 ".%" PRIu64, tenths < 0 ? "-" : "",
		   a / 10, a % 10);
}

void
json_merge(struct json *j, const struct history *h, uint32_t idx)
{
	const char *subject = history_subject(h, idx);
	char hex[OID_HEXSZ + 1];

	history_hex(h, idx, hex);
	json_open(j, NULL, '{');
	json_str(j, "id", hex);
	json_str(j, "subject", subject ? subject : "");
	json_close(j, '}');
}

/* {"argument", "id", "reason"} of a revision the report did not take. */
static void
json_untaken(struct json *j, const struct named_rev *n)
{
	int known = n->status != FOUND_UNKNOWN && n->status != FOUND_AMBIGUOUS;
	char hex[OID_HEXSZ + 1];

	if (known)
		oid_to_hex(&n->oid, hex);
	json_open(j, NULL, '{');
	json_str(j, "argument", n->rev);
	json_str(j, "id", known ? hex : NULL);
	json_str(j, "reason", commit_found_token(n->status));
	json_close(j, '}');
}

void
json_named_report(const struct json_named *r, const void *base, size_t nr,
		  size_t size, struct buf *out)
{
	struct json j = JSON_INIT(out);

	json_open(&j, NULL, '{');
	json_uint(&j, "format_version", 1);
	json_str(&j, "repository", r->repo);
	json_str(&j, "range", r->range);
	if (r->selection)
		selection_json(&j, r->selection);
	if (r->mainline)
		json_str(&j, "mainline", r->mainline);
	json_open(&j, r->taken_key, '[');
	for (size_t k = 0; k < nr; k++)
		if (named_rev_at(base, k, size)->status == r->taken)
			r->item(&j, r->ctx, named_rev_at(base, k, size));
	json_close(&j, ']');
	json_open(&j, r->untaken_key, '[');
	for (size_t k = 0; k < nr; k++)
		if (named_rev_at(base, k, size)->status != r->taken)
			json_untaken(&j, named_rev_at(base, k, size));
	json_close(&j, ']');
	json_close(&j, '}');
	buf_addc(out, '\n');
}
