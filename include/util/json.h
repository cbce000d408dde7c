/*
 * json.h - a JSON writer laid out as "jq ." prints: two spaces, one member
 * a line, empty containers as [] and {}; so outputs can be diffed and
 * grepped as well as parsed.  Every string goes through escape_json:
 * whatever it holds, the result is valid UTF-8 and valid JSON.
 */
#ifndef TREEPLOT_JSON_H
#define TREEPLOT_JSON_H

#include <stdint.h>

#include "git/commit_index.h"
#include "git/history.h"
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

/* {"id": HEX, "subject": S} for the merge at history index idx (an empty
 * subject for none: the type stays a string). */
void json_merge(struct json *j, const struct history *h, uint32_t idx);

/*
 * The JSON report on revisions the user named, in one layout for --trace
 * and --explain:
 *   {"format_version": 1, "repository": REPO, "range": RANGE,
 *    "mainline": MAINLINE (unless NULL), TAKEN: [...], UNTAKEN: [...]}
 * TAKEN holds the revisions whose status is taken, as item writes them
 * (ctx passed on); UNTAKEN the others, each {"argument": REV, "id": HEX,
 * or null when it named no one object, "reason": commit_found_token}.
 */
struct selection;

struct json_named {
	const char *repo, *range, *mainline;
	const char *taken_key, *untaken_key;
	enum commit_found taken;
	void (*item)(struct json *j, const void *ctx, const void *elem);
	const void *ctx;
	const struct selection *selection;	/* stated when not NULL */
};

/* Write r's report on the nr revisions at base (named_rev_at's array),
 * then a newline. */
void json_named_report(const struct json_named *r, const void *base,
		       size_t nr, size_t size, struct buf *out);

#endif
