/*
 * review_topics.c - the topics a code review server merged (Gerrit's "Merge
 * changes from topic ..."), for each review server the chart shows.
 *
 * Read off the flow's pulls: a pull from a source of kind review is one
 * review merge, whose subject names its topics (forge.h).  Its commits
 * count for its first topic: Gerrit does not say which change of a merge
 * of several topics belongs to which, and a commit reached through
 * several topics keeps the first, as it keeps the first tree.  The other
 * topics of such a merge are listed with the merge, and with no commit
 * of their own.  On by default, silent when the range has no review
 * merge by topic.
 */
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "flow/forge.h"

/* Topics listed in the text report, per server: the JSON has them all. */
#define TEXT_TOPICS 20
/* In a server's tooltip. */
#define TIP_TOPICS 5

struct topic {
	uint32_t tree;		/* index into flow.trees */
	const char *name;	/* borrowed: inside a merge's subject */
	size_t len;
	uint32_t commits, merges;
};

struct review_topics {
	struct topic *v;
	uint32_t nr;
	uint32_t *first;	/* per flow tree: its first topic, nr: none */
	uint32_t *count;	/* per flow tree: its topics */
};

static int
cmp_name(const void *pa, const void *pb)
{
	const struct topic *a = pa, *b = pb;
	size_t n = a->len < b->len ? a->len : b->len;
	int c;

	if (a->tree != b->tree)
		return a->tree < b->tree ? -1 : 1;
	c = memcmp(a->name, b->name, n);
	return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* Each server's topics, the most commits first, then by name. */
static int
cmp_listed(const void *pa, const void *pb)
{
	const struct topic *a = pa, *b = pb;

	if (a->tree != b->tree)
		return a->tree < b->tree ? -1 : 1;
	if (a->commits != b->commits)
		return a->commits > b->commits ? -1 : 1;
	return cmp_name(pa, pb);
}

/* One entry per topic of each review pull the flow shows. */
static void
collect(const struct flow *f, const struct tree_table *tt, struct review_topics *t)
{
	struct merge_name *names = NULL;
	size_t names_alloc = 0, alloc = 0;

	for (uint32_t k = 0; k < f->all_pulls_nr; k++) {
		const struct pull *pl = &f->all_pulls[k];
		const char *s = history_subject(f->h, pl->merge);
		struct merge_class mc;
		size_t n;

		/* Not shown, or folded by --top: none of its topics. */
		if (tt->t[pl->from].kind != TREE_KIND_REVIEW || !s ||
		    f->pull_tree[k] == HIST_NONE ||
		    f->trees[f->pull_tree[k]].tree == TREE_NONE)
			continue;
		classify_message(s, strlen(s), NULL, 0, &mc);
		if (mc.source != SOURCE_REVIEW || !mc.name_len)
			continue;
		n = forge_topics(mc.name, mc.name_len, &names, &names_alloc);
		ALLOC_GROW(t->v, t->nr + n, alloc);
		for (size_t j = 0; j < n; j++)
			t->v[t->nr++] = (struct topic){
				f->pull_tree[k], names[j].p, names[j].len,
				j ? 0 : pl->commits, 1,
			};
	}
	free(names);
}

static int
review_topics_gather(const struct extra_input *in, int arg, void **state)
{
	const struct flow *f = &in->c->f;
	struct review_topics *t = xcalloc(1, sizeof(*t));
	uint32_t n = 0;

	(void)arg;
	collect(f, &in->c->tt, t);
	if (!t->nr) {
		free(t);
		return 0;
	}
	qsort(t->v, t->nr, sizeof(*t->v), cmp_name);
	for (uint32_t k = 0; k < t->nr; k++) {
		if (n && !cmp_name(&t->v[n - 1], &t->v[k])) {
			t->v[n - 1].commits += t->v[k].commits;
			t->v[n - 1].merges += t->v[k].merges;
			continue;
		}
		t->v[n++] = t->v[k];
	}
	t->nr = n;
	qsort(t->v, t->nr, sizeof(*t->v), cmp_listed);
	t->first = xmalloc(f->trees_nr * sizeof(*t->first));
	t->count = xcalloc(f->trees_nr, sizeof(*t->count));
	for (uint32_t i = 0; i < f->trees_nr; i++)
		t->first[i] = t->nr;
	for (uint32_t k = t->nr; k-- > 0;) {
		t->first[t->v[k].tree] = k;
		t->count[t->v[k].tree]++;
	}
	*state = t;
	return 1;
}

static void
review_topics_release(void *state)
{
	struct review_topics *t = state;

	if (!t)
		return;
	free(t->v);
	free(t->first);
	free(t->count);
	free(t);
}

/* Topic k's name as a string of its own. */
static char *
topic_name(const struct review_topics *t, uint32_t k)
{
	return xstrndup(t->v[k].name, t->v[k].len);
}

static void
review_topics_text(const void *state, const struct flow *f, int width,
	    struct buf *out)
{
	const struct review_topics *t = state;

	buf_puts(out, "\nReview topics (commits, merges, topic; a merge of "
		 "several topics counts its commits for the first)\n");
	for (uint32_t i = 1; i < f->trees_nr; i++) {
		uint32_t first = t->first[i], nr = t->count[i], rest = 0;
		uint32_t commits = 0;

		if (!nr)
			continue;
		for (uint32_t k = first; k < first + nr; k++)
			commits += t->v[k].commits;
		buf_puts(out, "  ");
		report_name(out, f->trees[i].name);
		buf_printf(out, ": %u topic%s, %u of its %u commit%s\n", nr,
			   report_plural(nr), commits, f->trees[i].commits,
			   report_plural(f->trees[i].commits));
		for (uint32_t k = first; k < first + nr; k++) {
			char *name;

			if (k - first >= TEXT_TOPICS) {
				rest += t->v[k].commits;
				continue;
			}
			name = topic_name(t, k);
			buf_printf(out, "  %*u  %5u  ", width, t->v[k].commits,
				   t->v[k].merges);
			report_name(out, name);
			buf_addc(out, '\n');
			free(name);
		}
		if (nr > TEXT_TOPICS)
			buf_printf(out, "  [... %u more topic%s, %u commit%s]\n",
				   nr - TEXT_TOPICS,
				   report_plural(nr - TEXT_TOPICS), rest,
				   report_plural(rest));
	}
}

static void
review_topics_json_tree(const void *state, const struct flow *f, uint32_t i,
		 struct json *j)
{
	const struct review_topics *t = state;
	uint32_t first = t->first[i], nr = t->count[i];

	(void)f;
	if (!nr)
		return;
	json_open(j, "topics", '[');
	for (uint32_t k = first; k < first + nr; k++) {
		char *name = topic_name(t, k);

		json_open(j, NULL, '{');
		json_str(j, "name", name);
		json_uint(j, "commits", t->v[k].commits);
		json_uint(j, "merges", t->v[k].merges);
		json_close(j, '}');
		free(name);
	}
	json_close(j, ']');
}

/* A server's largest topics, in its tooltip. */
static void
review_topics_node_tip(const void *state, const struct flow *f, uint32_t i,
		const struct extra_tip *tip)
{
	const struct review_topics *t = state;
	uint32_t first = t->first[i], nr = t->count[i];

	(void)f;
	if (!nr)
		return;
	buf_puts(tip->out, tip->newline);
	buf_printf(tip->out, "%u topic%s", nr, report_plural(nr));
	for (uint32_t k = first; k < first + nr && k - first < TIP_TOPICS; k++) {
		char *name = topic_name(t, k);

		buf_puts(tip->out, k == first ? ": " : ", ");
		tip->text(tip->out, name);
		buf_printf(tip->out, " (%u)", t->v[k].commits);
		free(name);
	}
	if (nr > TIP_TOPICS)
		buf_puts(tip->out, ", ...");
}

const struct extra review_topics_extra = {
	.name = "review_topics",
	.def = 1,	/* silent without review merges by topic */
	.gather = review_topics_gather,
	.release = review_topics_release,
	.text = review_topics_text,
	.json_tree = review_topics_json_tree,
	.node_tip = review_topics_node_tip,
};
