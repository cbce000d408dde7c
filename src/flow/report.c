/*
 * report.c - the model's JSON reports: a merge, the revisions the user
 * named, the frame of --trace's and --explain's reports.
 */
#include "flow/report.h"

#include "flow/selection.h"

void
report_json_head(struct json *j)
{
	json_str(j, "$schema", JSON_SCHEMA_ID);
	json_uint(j, "format_version", JSON_FORMAT_VERSION);
}

void
report_json_mainline(struct json *j, const char *name, char *const *urls,
		     uint32_t nr)
{
	json_open(j, "mainline", '{');
	json_str(j, "name", name);
	json_open(j, "urls", '[');
	for (uint32_t i = 0; i < nr; i++)
		json_str(j, NULL, urls[i]);
	json_close(j, ']');
	json_close(j, '}');
}

void
report_json_merge(struct json *j, const struct history *h, uint32_t idx)
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
report_named_json(const struct report_named *r, const void *base, size_t nr,
		  size_t size, struct buf *out)
{
	struct json j = JSON_INIT(out);

	json_open(&j, NULL, '{');
	report_json_head(&j);
	json_str(&j, "repository", r->repo);
	json_str(&j, "range", r->range);
	if (r->selection)
		selection_json(&j, r->selection);
	report_json_mainline(&j, r->mainline, r->mainline_urls, r->mainline_urls_nr);
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
