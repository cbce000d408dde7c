/*
 * json_writer.h - a JSON writer laid out as "jq ." prints: two spaces,
 * one member a line, empty containers as [] and {}; so outputs can be
 * diffed and grepped as well as parsed.  Every string goes through
 * escape_json: whatever it holds, the result is valid UTF-8 and valid
 * JSON.
 *
 * The writer knows no object of the model: those are written above it
 * (flow/report.h, selection_json, the renderers).
 */
#ifndef TREEPLOT_JSON_WRITER_H
#define TREEPLOT_JSON_WRITER_H

#include <stdint.h>

#include "util/buf.h"

/* Where the writer is: nesting level, and whether the container just
 * opened has had a member yet. */
struct json {
	struct buf *out;
	int level;
	int first;
};

#define JSON_INIT(out) { (out), 0, 1 }

/* Each takes the member's key inside an object, NULL inside an array or
 * at the top. */
void json_open(struct json *j, const char *key, char bracket);	/* { [ */
void json_close(struct json *j, char bracket);			/* } ] */
void json_str(struct json *j, const char *key, const char *s);	/* NULL: null */
void json_uint(struct json *j, const char *key, uint64_t n);
void json_int(struct json *j, const char *key, int64_t n);
void json_bool(struct json *j, const char *key, int b);
/* A number with one decimal, given in tenths (257 is 25.7). */
void json_tenths(struct json *j, const char *key, int64_t tenths);

#endif
