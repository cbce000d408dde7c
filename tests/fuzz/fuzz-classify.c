/*
 * fuzz-classify.c - libFuzzer target: a merge's message from any bytes,
 * its first line the subject, the rest (if any) the body, through
 * classify_subject and classify_message, then what they found through
 * the tree table as classify_merges interns it.
 *
 * Checked beyond "no crash, no sanitizer report": the URL of an external
 * merge lies inside the subject (or, for classify_message, the body), is
 * not empty and holds no space or control byte; a forge's or mail's name
 * lies inside them too, and so do a request's number (digits) and a
 * review merge's topics; the other kinds carry neither; a second call
 * agrees with the first; classify_message agrees with classify_subject on
 * a URL the subject names, unless a review server's form quotes it;
 * interning the URL twice gives one tree, found again by its name, never
 * the mainline.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "flow/classify.h"
#include "flow/forge.h"
#include "flow/naming.h"
#include "flow/subject.h"
#include "util/buf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Does [p, p + n) lie inside [s, s + size)? */
static int
inside(const char *p, size_t n, const char *s, size_t size)
{
	return p && p >= s && (size_t)(p - s) <= size &&
	       n <= size - (size_t)(p - s);
}

static void
check_url(const char *s, size_t size, const char *body, size_t body_len,
	  const struct merge_class *mc)
{
	struct tree_table tt;
	uint32_t id;

	if (!mc->url_len || (!inside(mc->url, mc->url_len, s, size) &&
			     !inside(mc->url, mc->url_len, body, body_len)))
		abort();
	for (size_t i = 0; i < mc->url_len; i++) {
		unsigned char c = (unsigned char)mc->url[i];

		if (c <= ' ' || c == 0x7f)
			abort();
	}
	trees_init(&tt, "mainline");
	id = trees_add_url(&tt, mc->url, mc->url_len);
	if (id == TREE_MAINLINE || id >= tt.nr ||
	    trees_add_url(&tt, mc->url, mc->url_len) != id ||
	    trees_find(&tt, tt.t[id].name) != id || tt.t[id].urls_nr != 1)
		abort();
	trees_release(&tt);
}

/* A review merge's topics, each inside its name. */
static void
check_topics(const struct merge_class *mc)
{
	struct merge_name *t = NULL;
	size_t alloc = 0, n = forge_topics(mc->name, mc->name_len, &t, &alloc);

	for (size_t k = 0; k < n; k++)
		if (!inside(t[k].p, t[k].len, mc->name, mc->name_len))
			abort();
	free(t);
}

/* A forge's request number: digits inside the message. */
static void
check_number(const char *s, size_t size, const char *body, size_t body_len,
	     const struct merge_class *mc)
{
	if (!mc->number_len)
		return;
	if (!inside(mc->number, mc->number_len, s, size) &&
	    !inside(mc->number, mc->number_len, body, body_len))
		abort();
	for (size_t k = 0; k < mc->number_len; k++)
		if (mc->number[k] < '0' || mc->number[k] > '9')
			abort();
}

/* A forge's or mail's source: its name inside the message, interned as
 * classify_merges interns it (a review server's name is its committer's,
 * not the subject's). */
static void
check_name(const char *s, size_t size, const char *body, size_t body_len,
	   const struct merge_class *mc)
{
	static const char *const prefix[] = {
		[SOURCE_GITHUB] = "github:",
		[SOURCE_GITLAB] = "merge requests to ",
		[SOURCE_MAIL] = "patches from ",
		[SOURCE_BITBUCKET] = "bitbucket pull requests",
		[SOURCE_GITEA] = "gitea:",
		[SOURCE_REVIEW] = "a review server",
	};
	static const enum tree_kind kind[] = {
		[SOURCE_GITHUB] = TREE_KIND_GITHUB,
		[SOURCE_GITLAB] = TREE_KIND_GITLAB,
		[SOURCE_MAIL] = TREE_KIND_MAIL,
		[SOURCE_BITBUCKET] = TREE_KIND_BITBUCKET,
		[SOURCE_GITEA] = TREE_KIND_GITEA,
		[SOURCE_REVIEW] = TREE_KIND_REVIEW,
	};
	struct tree_table tt;
	struct buf name = BUF_INIT;
	uint32_t id;

	if (mc->source == SOURCE_URL || mc->source > SOURCE_REVIEW)
		abort();
	if (mc->name_len && !inside(mc->name, mc->name_len, s, size) &&
	    !inside(mc->name, mc->name_len, body, body_len))
		abort();
	if (mc->source == SOURCE_REVIEW)
		check_topics(mc);
	buf_puts(&name, mc->name_len || mc->source != SOURCE_MAIL ?
		 prefix[mc->source] : "mailed patch series");
	if (mc->source != SOURCE_REVIEW && mc->source != SOURCE_BITBUCKET)
		buf_add(&name, mc->name, mc->name_len);
	trees_init(&tt, "mainline");
	id = trees_add_name(&tt, name.data, kind[mc->source]);
	if (id == TREE_MAINLINE || id >= tt.nr ||
	    trees_find(&tt, tt.t[id].name) != id)
		abort();
	trees_release(&tt);
	buf_release(&name);
}

static void
check(const char *s, size_t size, const char *body, size_t body_len,
      const struct merge_class *mc)
{
	check_number(s, size, body, body_len, mc);
	if (mc->kind == MERGE_EXTERNAL && mc->source == SOURCE_URL)
		check_url(s, size, body, body_len, mc);
	else if (mc->kind == MERGE_EXTERNAL)
		check_name(s, size, body, body_len, mc);
	else if (mc->url || mc->url_len ||
		 (mc->kind != MERGE_INTERNAL && mc->kind != MERGE_UNRECOGNISED))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	const char *nl = memchr(s, '\n', size);
	size_t len = nl ? (size_t)(nl - s) : size;
	const char *body = nl ? nl + 1 : NULL;
	size_t body_len = nl ? size - len - 1 : 0;
	struct merge_class mc, again, msg;

	classify_subject(s, len, &mc);
	if (mc.kind == MERGE_EXTERNAL && mc.source != SOURCE_URL)
		abort();
	check(s, len, NULL, 0, &mc);
	classify_subject(s, len, &again);
	if (again.kind != mc.kind || again.url != mc.url ||
	    again.url_len != mc.url_len)
		abort();

	classify_message(s, len, body, body_len, &msg);
	check(s, len, body, body_len, &msg);
	if (mc.kind == MERGE_EXTERNAL && msg.source != SOURCE_REVIEW &&
	    (msg.kind != MERGE_EXTERNAL || msg.url != mc.url ||
	     msg.url_len != mc.url_len))
		abort();
	return 0;
}
