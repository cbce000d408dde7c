/*
 * render/html.c - the report as one self-contained, interactive HTML page.
 *
 * Three blocks of data and one script: the chart (SVG, from the graph
 * renderer), the flow (JSON, from the JSON renderer: whatever reaches the
 * JSON reaches the page), and the commit table below.  The data go into
 * <script type="application/json"> blocks, which no browser runs, with
 * every '<' written "\u003c" so that no "</script>" or "<!--" inside a
 * string can end or change the block; the script reads them with
 * JSON.parse and puts text on the page with textContent only.  The
 * Content-Security-Policy names the embedded script and style by their
 * SHA-256 (computed at build time, html_assets.h), so even a mistake in
 * the escaping could run nothing.
 *
 * The commit table, compact (at most 400 bytes a commit):
 *   {"v":1,"idlen":L,"url":URL|null,"strings":[...],
 *    "trees":[[NAME,FLOW],...],"paths":[TREE,UP,...],
 *    "merges":[ID,TIME,TZ,SUBJECT,NEXT,...],
 *    "commits":[ID,AUTHOR,SUBJECT,PATH,VIA,...]}
 * ids are the first L hex digits, L the shortest (at least 12) that
 * tells every id of the page apart, 40 when a commit URL is configured
 * (its %H is the full id); AUTHOR and SUBJECT index the pooled strings;
 * a tree is its name and its index in the flow's trees (-1: folded by
 * --top); path i is tree TREE then path UP (-1: none); VIA is the merge
 * of the commit's innermost hop (for a direct commit, the merge of the
 * mainline's topic branch it came through), NEXT the merge of the next
 * one (-1: none), TIME and TZ its committer's (seconds, minutes east of
 * UTC).
 * Commits are newest first (committer time, then the later attributed).
 */
#include "render/html.h"

#include <stdlib.h>
#include <string.h>

#include "flow/topics.h"
#include "util/escape.h"
#include "html_assets.h"
#include "render/json.h"
#include "util/hash.h"

#define NONE UINT32_MAX
#define MIN_IDLEN 12

/* What the table is built from, and its index maps. */
struct table {
	const struct html_input *in;
	struct interner strings;	/* one copy each in the page */
	uint32_t *merge_of;	/* per history index: merge row, or NONE */
	uint32_t *merges;	/* rows: history indexes */
	uint32_t merges_nr, merges_alloc;
	uint32_t *tree_row;	/* per tree id: row in "trees", or NONE */
	uint32_t *trees;	/* rows: tree ids */
	uint32_t trees_nr;
	uint32_t *order;	/* indexes into c->a.order, newest first */
	uint32_t *topic;	/* per index into c->a.order: the topic */
				/* merge of a direct commit, or NONE */
	unsigned idlen;
};

/* What was read of the k-th commit of the attribution's order. */
static const struct commit_info *
text_of(const struct html_input *in, uint32_t k)
{
	return commit_batch_get(in->texts, in->c->a.order[k]);
}

struct when {
	int64_t time;
	uint32_t k;		/* index into c->a.order */
};

/* Newest first: committer time, then the later attributed. */
static int
cmp_newest(const void *a, const void *b)
{
	const struct when *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? 1 : -1;
	return x->k < y->k ? 1 : x->k > y->k ? -1 : 0;
}

static void
sort_newest(struct table *t)
{
	uint32_t n = t->in->c->a.order_nr;
	struct when *w = xmalloc((n ? n : 1) * sizeof(*w));

	for (uint32_t k = 0; k < n; k++) {
		w[k].time = text_of(t->in, k)->time;
		w[k].k = k;
	}
	qsort(w, n, sizeof(*w), cmp_newest);
	t->order = xmalloc((n ? n : 1) * sizeof(*t->order));
	for (uint32_t k = 0; k < n; k++)
		t->order[k] = w[k].k;
	free(w);
}

/* The merge a commit's VIA names: its innermost hop's, or a direct
 * one's topic merge (k: its index in the attribution's order). */
static uint32_t
via_of(const struct table *t, uint32_t k)
{
	const struct attribution *a = &t->in->c->a;
	uint32_t c = a->order[k];

	return a->via[c] != HIST_NONE ? a->via[c] : t->topic[k];
}

/* Every merge on the way out of the commit at k of the order, each
 * once. */
static void
add_hops(struct table *t, uint32_t k)
{
	const struct attribution *a = &t->in->c->a;

	for (uint32_t m = via_of(t, k); m != HIST_NONE && t->merge_of[m] == NONE;
	     m = a->via[m]) {
		ALLOC_GROW(t->merges, t->merges_nr + 1, t->merges_alloc);
		t->merge_of[m] = t->merges_nr;
		t->merges[t->merges_nr++] = m;
	}
}

/* The trees the paths name, in tree-id order. */
static void
add_trees(struct table *t)
{
	const struct paths *p = &t->in->c->a.paths;
	uint32_t ntrees = t->in->c->tt.nr;

	t->tree_row = xmalloc((ntrees ? ntrees : 1) * sizeof(*t->tree_row));
	t->trees = xmalloc((ntrees ? ntrees : 1) * sizeof(*t->trees));
	for (uint32_t k = 0; k < ntrees; k++)
		t->tree_row[k] = NONE;
	for (uint32_t k = 0; k < p->nr; k++)
		t->tree_row[p->tree[k]] = 0;
	for (uint32_t k = 0; k < ntrees; k++)
		if (t->tree_row[k] != NONE) {
			t->tree_row[k] = t->trees_nr;
			t->trees[t->trees_nr++] = k;
		}
}

static int
cmp_oid(const void *a, const void *b)
{
	return memcmp(a, b, OID_RAWSZ);
}

/* Hex digits two ids share at their start. */
static unsigned
common_hex(const struct object_id *x, const struct object_id *y)
{
	unsigned n = 0;

	for (int k = 0; k < OID_RAWSZ; k++, n += 2) {
		unsigned char d = x->hash[k] ^ y->hash[k];

		if (d)
			return n + !(d & 0xf0);
	}
	return OID_HEXSZ;
}

/* The shortest length, at least MIN_IDLEN, that tells the page's ids
 * apart. */
static unsigned
id_length(const struct table *t)
{
	const struct history *h = t->in->h;
	const struct attribution *a = &t->in->c->a;
	uint32_t n = a->order_nr + t->merges_nr;
	struct object_id *ids = xmalloc((n ? n : 1) * sizeof(*ids));
	unsigned len = MIN_IDLEN;

	for (uint32_t k = 0; k < a->order_nr; k++)
		ids[k] = h->oid[a->order[k]];
	for (uint32_t k = 0; k < t->merges_nr; k++)
		ids[a->order_nr + k] = h->oid[t->merges[k]];
	qsort(ids, n, sizeof(*ids), cmp_oid);
	for (uint32_t k = 1; k < n; k++) {
		unsigned c = common_hex(&ids[k - 1], &ids[k]);

		if (c + 1 > len)
			len = c + 1 > OID_HEXSZ ? OID_HEXSZ : c + 1;
	}
	free(ids);
	return len;
}

static void
put_str(struct buf *out, const char *s)
{
	buf_addc(out, '"');
	escape_json(out, s, strlen(s));
	buf_addc(out, '"');
}

static void
put_id(struct buf *out, const struct table *t, uint32_t i)
{
	char hex[OID_HEXSZ + 1];

	history_hex(t->in->h, i, hex);
	buf_printf(out, "\"%.*s\"", (int)t->idlen, hex);
}

static void
put_index(struct buf *out, uint32_t v)
{
	if (v == NONE)
		buf_puts(out, "-1");
	else
		buf_printf(out, "%u", v);
}

/* Index of tree id in the flow's trees; -1 when --top folded it. */
static uint32_t
flow_index(const struct flow *f, uint32_t tree)
{
	for (uint32_t k = 0; k < f->trees_nr; k++)
		if (f->trees[k].tree == tree)
			return k;
	return NONE;
}

static void
put_trees_paths(struct buf *out, const struct table *t)
{
	const struct chart *c = t->in->c;
	const struct paths *p = &c->a.paths;

	buf_puts(out, ",\"trees\":[");
	for (uint32_t k = 0; k < t->trees_nr; k++) {
		buf_puts(out, k ? ",[" : "[");
		put_str(out, c->tt.t[t->trees[k]].name);
		buf_addc(out, ',');
		put_index(out, flow_index(&c->f, t->trees[k]));
		buf_addc(out, ']');
	}
	buf_puts(out, "],\"paths\":[");
	for (uint32_t k = 0; k < p->nr; k++) {
		buf_puts(out, k ? "," : "");
		put_index(out, t->tree_row[p->tree[k]]);
		buf_addc(out, ',');
		put_index(out, p->up[k] == HIST_NONE ? NONE : p->up[k]);
	}
	buf_addc(out, ']');
}

static void
put_merges(struct buf *out, struct table *t)
{
	const struct history *h = t->in->h;
	const struct attribution *a = &t->in->c->a;

	buf_puts(out, ",\"merges\":[");
	for (uint32_t k = 0; k < t->merges_nr; k++) {
		uint32_t m = t->merges[k];
		const char *subject = history_subject(h, m);
		int32_t tz;
		int64_t time = history_merge_time(h, m, &tz);

		buf_puts(out, k ? "," : "");
		put_id(out, t, m);
		buf_printf(out, ",%lld,%d,%u,", (long long)time, (int)tz,
			   str_intern(&t->strings, subject ? subject : ""));
		put_index(out, a->via[m] == HIST_NONE ? NONE :
			  t->merge_of[a->via[m]]);
	}
	buf_addc(out, ']');
}

static void
put_commits(struct buf *out, struct table *t)
{
	const struct html_input *in = t->in;
	const struct attribution *a = &in->c->a;

	buf_puts(out, ",\"commits\":[");
	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t o = t->order[k], c = a->order[o];
		const struct commit_info *ci = text_of(in, o);

		buf_puts(out, k ? "," : "");
		put_id(out, t, c);
		buf_printf(out, ",%u,%u,", str_intern(&t->strings, ci->author),
			   str_intern(&t->strings, ci->subject));
		put_index(out, a->path_of[c]);
		buf_addc(out, ',');
		put_index(out, via_of(t, o) == HIST_NONE ? NONE :
			  t->merge_of[via_of(t, o)]);
	}
	buf_addc(out, ']');
}

/* The commit table as compact JSON into out. */
static void
commit_table(const struct html_input *in, struct buf *out)
{
	const struct attribution *a = &in->c->a;
	struct table t = { .in = in };
	struct buf body = BUF_INIT;

	t.merge_of = xmalloc((in->h->nr ? in->h->nr : 1) * sizeof(*t.merge_of));
	for (uint32_t k = 0; k < in->h->nr; k++)
		t.merge_of[k] = NONE;
	sort_newest(&t);
	t.topic = xmalloc((a->order_nr ? a->order_nr : 1) * sizeof(*t.topic));
	for (uint32_t k = 0, run = 0; k < a->order_nr; k++) {
		uint32_t m = topics_merge_of(a, k, &run);

		t.topic[k] = a->path_of[a->order[k]] == PATH_MAINLINE ? m :
			     NONE;
	}
	for (uint32_t k = 0; k < a->order_nr; k++)
		add_hops(&t, t.order[k]);
	add_trees(&t);
	t.idlen = in->commit_url ? OID_HEXSZ : id_length(&t);

	/* The strings are pooled as the rows name them, and written last. */
	put_trees_paths(&body, &t);
	put_merges(&body, &t);
	put_commits(&body, &t);
	buf_printf(out, "{\"v\":1,\"idlen\":%u,\"url\":", t.idlen);
	if (in->commit_url)
		put_str(out, in->commit_url);
	else
		buf_puts(out, "null");
	buf_puts(out, ",\"strings\":[");
	for (uint32_t k = 0; k < t.strings.nr; k++) {
		buf_puts(out, k ? "," : "");
		put_str(out, t.strings.s[k]);
	}
	buf_addc(out, ']');
	buf_add(out, body.data, body.len);
	buf_puts(out, "}");

	buf_release(&body);
	interner_release(&t.strings);
	free(t.merge_of);
	free(t.merges);
	free(t.tree_row);
	free(t.trees);
	free(t.order);
	free(t.topic);
}

/* A JSON text as a data block's content: '<' as \u003c (JSON only has
 * it inside strings), so that nothing in it can close the block. */
static void
put_data_block(struct buf *out, const char *id, const struct buf *json)
{
	buf_printf(out, "<script type=\"application/json\" id=\"%s\">", id);
	for (size_t k = 0; k < json->len; k++) {
		if (json->data[k] == '<')
			buf_puts(out, "\\u003c");
		else
			buf_addc(out, json->data[k]);
	}
	buf_puts(out, "</script>\n");
}

/* The page's fixed frame; the script fills in every text. */
static const char page_body[] =
	"<body>\n"
	"<header>\n"
	"<h1 id=\"title\">treeplot</h1>\n"
	"<div class=\"find\">"
	"<label for=\"search\">Find a commit or tree</label>\n"
	"<input id=\"search\" type=\"search\" autocomplete=\"off\" "
	"spellcheck=\"false\" placeholder=\"id, subject words, author, tree\" "
	"aria-controls=\"results\" aria-describedby=\"search-help\">\n"
	"<span id=\"search-help\">Up, Down and Enter pick a result; "
	"Escape clears.</span></div>\n"
	"<ul id=\"results\" role=\"listbox\" aria-label=\"Results\"></ul>\n"
	"</header>\n"
	"<main>\n"
	"<section id=\"chart-pane\" aria-label=\"Chart\">\n"
	"<div class=\"zoom\" role=\"group\" aria-label=\"Zoom\">"
	"<button type=\"button\" id=\"zoom-in\" aria-label=\"Zoom in\">+"
	"</button><button type=\"button\" id=\"zoom-out\" "
	"aria-label=\"Zoom out\">&#8722;</button><button type=\"button\" "
	"id=\"zoom-fit\">Fit</button></div>\n"
	"<div id=\"chart\">\n";

static const char page_end[] =
	"</div>\n</section>\n"
	"<aside id=\"panel\" aria-live=\"polite\" aria-label=\"Details\" "
	"tabindex=\"-1\"></aside>\n"
	"</main>\n"
	"<section id=\"summary\" aria-label=\"Summary\"></section>\n";

static void
put_head(struct buf *out)
{
	buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		 "<meta charset=\"utf-8\">\n"
		 "<meta http-equiv=\"Content-Security-Policy\" content=\""
		 "default-src 'none'; script-src 'sha256-"
		 HTML_REPORT_JS_SHA256 "'; style-src 'sha256-"
		 HTML_REPORT_CSS_SHA256 "'; base-uri 'none'; "
		 "form-action 'none'\">\n"
		 "<meta name=\"referrer\" content=\"no-referrer\">\n"
		 "<meta name=\"viewport\" content=\"width=device-width, "
		 "initial-scale=1\">\n"
		 "<meta name=\"generator\" content=\"treeplot "
		 TREEPLOT_VERSION "\">\n"
		 "<title>treeplot</title>\n<style>");
	buf_puts(out, html_report_css);
	buf_puts(out, "</style>\n</head>\n");
}

int
render_html(const struct html_input *in, struct buf *out)
{
	struct buf svg = BUF_INIT, json = BUF_INIT, table = BUF_INIT;
	const char *start;

	if (render_graph_with(&in->c->f, in->graph, &svg) < 0) {
		buf_release(&svg);
		return -1;
	}
	/* Inline, the SVG goes without its XML declaration and DOCTYPE. */
	start = strstr(svg.data, "<svg");
	render_json(&in->c->f, in->xs, &json);
	commit_table(in, &table);

	put_head(out);
	buf_puts(out, page_body);
	if (start)
		buf_puts(out, start);
	buf_puts(out, page_end);
	put_data_block(out, "flow", &json);
	put_data_block(out, "commits", &table);
	buf_puts(out, "<script>");
	buf_puts(out, html_report_js);
	buf_puts(out, "</script>\n</body>\n</html>\n");

	buf_release(&svg);
	buf_release(&json);
	buf_release(&table);
	return 0;
}
