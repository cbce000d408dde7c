/*
 * json_writer.c - a JSON writer laid out as "jq ." prints.
 */
#include "util/json_writer.h"

#include <inttypes.h>
#include <string.h>

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
