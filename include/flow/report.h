/*
 * report.h - the model's JSON reports: the objects of the history and
 * the flow as the reports write them, and the report frame that --trace
 * and --explain share.
 *
 * Above util's JSON writer (json.h), which knows nothing of commits,
 * revisions or selections: those are written here, in the flow layer,
 * where they are known.
 */
#ifndef TREEPLOT_REPORT_H
#define TREEPLOT_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "git/commit_index.h"
#include "git/history.h"
#include "util/buf.h"
#include "util/json_writer.h"

/*
 * Every JSON output's first members: "$schema", the schema's $id (a URL,
 * the same on every machine and for every install, where a path of the
 * installed copy would differ by prefix and put a local path in the
 * output; --help names the installed copy), then "format_version".
 * Version 2: one type per key across the four kinds (treeplot(1),
 * CHANGES IN OUTPUTS).
 */
#define JSON_FORMAT_VERSION 2
#define JSON_SCHEMA_ID "https://treeplot.invalid/treeplot.schema.json"

void report_json_head(struct json *j);

/* "mainline": {"name": NAME, "urls": [URL...]}, in every kind. */
void report_json_mainline(struct json *j, const char *name, char *const *urls,
			  uint32_t nr);

/* {"id": HEX, "subject": S} for the merge at history index idx (an empty
 * subject for none: the type stays a string). */
void report_json_merge(struct json *j, const struct history *h, uint32_t idx);

/*
 * The JSON report on revisions the user named, in one layout for --trace
 * and --explain:
 *   {"$schema": ..., "format_version": 2, "repository": REPO,
 *    "range": RANGE, "mainline": {...}, TAKEN: [...], UNTAKEN: [...]}
 * TAKEN holds the revisions whose status is taken, as item writes them
 * (ctx passed on); UNTAKEN the others, each {"argument": REV, "id": HEX,
 * or null when it named no one object, "reason": commit_found_token}.
 */
struct selection;

struct report_named {
	const char *repo, *range;
	const char *mainline;		/* its name, and its URLs */
	char *const *mainline_urls;
	uint32_t mainline_urls_nr;
	const char *taken_key, *untaken_key;
	enum commit_found taken;
	void (*item)(struct json *j, const void *ctx, const void *elem);
	const void *ctx;
	const struct selection *selection;	/* stated when not NULL */
};

/* Write r's report on the nr revisions at base (named_rev_at's array),
 * then a newline. */
void report_named_json(const struct report_named *r, const void *base,
		       size_t nr, size_t size, struct buf *out);

#endif
