/*
 * classify.c - the merge table: every merge of a history classified by
 * its subject (subject.c's grammar, after the configured rules), the
 * tree each external one pulled, --branches' nodes, and the
 * unrecognised merges grouped by shape.
 *
 * Apart from the grammar: this is where a history and the tree table
 * come in, and where spellings are joined (identity_learn) before any
 * tree is named.
 */
#include "flow/classify.h"

#include <stdlib.h>
#include <string.h>

#include "flow/forge.h"
#include "flow/identity.h"
#include "flow/keepers.h"
#include "git/gitconfig.h"
#include "util/buf.h"
#include "util/url.h"
#include "util/util.h"

/*
 * The name of the review server that committed merge i: its committer's
 * name as the .mailmap gives it (mm may be NULL), else the mail
 * address; "code review" when the merge names no one.
 */
static void
review_name(const struct history *h, uint32_t i, const struct mailmap *mm,
	    struct buf *out)
{
	struct buf who = BUF_INIT;
	size_t len;
	const char *ident = history_merge_committer(h, i, &len), *lt;

	if (ident && len)
		mailmap_person(mm, ident, len, &who);
	lt = who.len ? strrchr(who.data, '<') : NULL;
	if (lt && lt > who.data) {
		const char *e = lt;

		while (e > who.data && e[-1] == ' ')
			e--;
		buf_add(out, who.data, (size_t)(e - who.data));
	} else if (lt) {
		const char *gt = strchr(lt, '>');

		buf_add(out, lt + 1, gt ? (size_t)(gt - lt - 1) : strlen(lt + 1));
	} else if (who.len) {
		buf_add(out, who.data, who.len);
	}
	if (!out->len || memchr(out->data, '\0', out->len)) {
		out->len = 0;
		buf_puts(out, "code review");
	}
	buf_release(&who);
}

/* Whether merges i and j (HIST_NONE: none) have the same committer. */
static int
same_committer(const struct history *h, uint32_t i, uint32_t j)
{
	size_t a, b;
	const char *x, *y;

	if (j == HIST_NONE)
		return 0;
	x = history_merge_committer(h, i, &a);
	y = history_merge_committer(h, j, &b);
	return x && y && a == b && !memcmp(x, y, a);
}

/* The tree of a source that is not a URL: "github:OWNER", "merge
 * requests to GROUP/PROJECT", "patches from NAME", "mailed patch
 * series", the review server that committed merge i, ... */
static uint32_t
add_source(struct tree_table *trees, const struct merge_class *mc,
	   const struct history *h, uint32_t i, const struct mailmap *mm)
{
	struct buf name = BUF_INIT;
	enum tree_kind kind = TREE_KIND_MAIL;
	uint32_t id;

	switch (mc->source) {
	case SOURCE_GITHUB:
		buf_puts(&name, mc->name_len ? "github:" :
			 "github pull requests");
		kind = TREE_KIND_GITHUB;
		break;
	case SOURCE_GITLAB:
		buf_puts(&name, "merge requests to ");
		kind = TREE_KIND_GITLAB;
		break;
	case SOURCE_BITBUCKET:
		buf_puts(&name, "bitbucket pull requests");
		kind = TREE_KIND_BITBUCKET;
		break;
	case SOURCE_GITEA:
		buf_puts(&name, "gitea:");
		kind = TREE_KIND_GITEA;
		break;
	case SOURCE_REVIEW:
		review_name(h, i, mm, &name);
		kind = TREE_KIND_REVIEW;
		break;
	case SOURCE_MAIL:
	case SOURCE_URL:
		buf_puts(&name, mc->name_len ? "patches from " :
			 "mailed patch series");
		break;
	}
	/* A review merge's name is its topics, not its source's. */
	if (mc->source != SOURCE_REVIEW && mc->source != SOURCE_BITBUCKET)
		buf_add(&name, mc->name, mc->name_len);
	id = trees_add_name(trees, name.data, kind);
	buf_release(&name);
	return id;
}

void
classify_merges(const struct history *h, struct tree_table *trees,
		struct merge_table *out)
{
	classify_merges_with(h, trees, NULL, NULL, NULL, NULL, out);
}

void
classify_merge(const struct history *h, uint32_t i, classify_rules rules,
	     void *data, struct merge_class *mc)
{
	const char *s = history_subject(h, i), *body = history_body(h, i);

	if (!s)
		s = "";
	/* A caller's rule knows only the URL form. */
	mc->source = SOURCE_URL;
	mc->name = NULL;
	mc->name_len = 0;
	mc->form = NULL;
	mc->same_branch = 0;
	if (rules && rules(data, s, strlen(s), mc)) {
		mc->form = mc->kind == MERGE_EXTERNAL ?
			   "treeplot.externalPattern" :
			   "treeplot.internalPattern";
	} else {
		classify_message(s, strlen(s), body, body ? strlen(body) : 0,
				 mc);
	}
	if (mc->kind == MERGE_EXTERNAL && mc->source == SOURCE_URL)
		mc->same_branch = subject_same_branch(s, strlen(s));
}

/* The first words of the tags merge i (its subject s) names, for key k:
 * supporting evidence of which keys are one tree. */
static void
note_tags(struct tree_table *trees, uint32_t k, const char *s,
	  const struct merge_class *mc, struct merge_name **names,
	  size_t *alloc)
{
	size_t n = subject_branches(s, s + strlen(s), mc, names, alloc);

	for (size_t j = 0; j < n; j++)
		if ((*names)[j].tag)
			evidence_tag(trees, k, (*names)[j].p, (*names)[j].len);
}

int
classify_merges_with(const struct history *h, struct tree_table *trees,
		     classify_rules rules, void *data,
		     const struct mailmap *mailmap,
		     const struct keeper_source *keepers,
		     struct merge_table *out)
{
	size_t unrec_alloc = 0, ext_alloc = 0, ext_nr = 0, pulls_alloc = 0,
	       pulls_nr = 0, names_alloc = 0;
	uint32_t review_last = HIST_NONE;
	struct external {
		uint32_t i;
		struct merge_class mc;
	} *ext = NULL;
	struct keeper_pull *pulls = NULL;
	struct merge_name *names = NULL;
	int ret;

	memset(out, 0, sizeof(*out));
	out->tree = xcalloc(h->nr ? h->nr : 1, sizeof(*out->tree));
	out->same_branch = xcalloc(h->nr ? h->nr : 1, 1);
	/* First every URL's key and when it was pulled, so that identity
	 * can join keys before any tree gets an id and a name. */
	for (uint32_t i = 0; i < h->nr; i++) {
		struct merge_class mc;

		out->tree[i] = TREE_NONE;
		if (!(h->flags[i] & HIST_IN_RANGE) || !history_is_merge(h, i))
			continue;
		out->merges++;
		classify_merge(h, i, rules, data, &mc);
		if (mc.kind == MERGE_EXTERNAL) {
			ALLOC_GROW(ext, ext_nr + 1, ext_alloc);
			ext[ext_nr].i = i;
			ext[ext_nr++].mc = mc;
			if (mc.source == SOURCE_URL) {
				int32_t tz;
				uint32_t k = trees_key(trees, mc.url,
						       mc.url_len);

				trees_key_seen(trees, k,
					       history_merge_time(h, i, &tz));
				note_tags(trees, k, history_subject(h, i), &mc,
					  &names, &names_alloc);
				ALLOC_GROW(pulls, pulls_nr + 1, pulls_alloc);
				pulls[pulls_nr++] = (struct keeper_pull){ i, k };
			}
		} else if (mc.kind == MERGE_UNRECOGNISED) {
			ALLOC_GROW(out->unrecognised, out->unrecognised_nr + 1,
				   unrec_alloc);
			out->unrecognised[out->unrecognised_nr++] = i;
		}
	}
	free(names);
	/* Who keeps each key, as evidence for identity: learned over
	 * every range already for a table that adopted it. */
	ret = trees->adopted || !keepers ? 0 :
	      keepers_gather(trees, h, pulls, pulls_nr, keepers);
	free(pulls);
	identity_learn(trees);
	for (size_t e = 0; e < ext_nr; e++) {
		const struct merge_class *mc = &ext[e].mc;
		uint32_t i = ext[e].i;

		if (mc->source == SOURCE_URL) {
			out->tree[i] = trees_add_url(trees, mc->url,
						     mc->url_len);
		} else if (mc->source == SOURCE_REVIEW &&
			   same_committer(h, i, review_last)) {
			/* A server commits thousands of merges: its name
			 * through the .mailmap is looked up once. */
			out->tree[i] = out->tree[review_last];
		} else {
			out->tree[i] = add_source(trees, mc, h, i, mailmap);
			if (mc->source == SOURCE_REVIEW)
				review_last = i;
		}
		out->same_branch[i] = (uint8_t)mc->same_branch;
	}
	free(ext);
	evidence_settle(trees);
	return ret;
}

static uint32_t
name_node(struct tree_table *trees, uint32_t repo, const struct merge_name *n)
{
	char *stem;
	uint32_t id;

	if (!n->len || url_has_control(n->p, n->p + n->len))
		return repo;
	if (!n->tag)
		return trees_add_branch(trees, repo, n->p, n->len);
	stem = tag_stem(n->p, n->len);
	id = trees_add_branch(trees, repo, stem, strlen(stem));
	free(stem);
	return id;
}

void
classify_branches(const struct history *h, struct tree_table *trees,
		  struct merge_table *m)
{
	struct merge_name *names = NULL;
	size_t alloc = 0;

	m->ptree_start = xcalloc(h->nr ? h->nr : 1, sizeof(*m->ptree_start));
	for (uint32_t i = 0; i < h->nr; i++) {
		const char *s = history_subject(h, i), *body, *end;
		struct merge_class mc;
		uint32_t np = h->npar[i], repo = m->tree[i];
		size_t n;

		if (repo == TREE_NONE || !s || np < 2)
			continue;
		end = s + strlen(s);
		body = history_body(h, i);
		classify_message(s, end - s, body, body ? strlen(body) : 0, &mc);
		n = subject_branches(s, end, &mc, &names, &alloc);
		ALLOC_GROW(m->ptree, m->ptree_nr + np - 1, m->ptree_alloc);
		m->ptree_start[i] = (uint32_t)m->ptree_nr + 1;
		for (uint32_t k = 1; k < np; k++) {
			uint32_t node = repo;

			if (n == np - 1)
				node = name_node(trees, repo, &names[k - 1]);
			else if (n == 1)
				node = name_node(trees, repo, &names[0]);
			m->ptree[m->ptree_nr++] = node;
		}
	}
	free(names);
	m->repo_of_nr = trees->nr;
	m->repo_of = xmalloc((trees->nr ? trees->nr : 1) * sizeof(*m->repo_of));
	for (uint32_t t = 0; t < trees->nr; t++)
		m->repo_of[t] = trees->t[t].repo;
}

void
merge_table_release(struct merge_table *m)
{
	free(m->tree);
	free(m->unrecognised);
	free(m->ptree_start);
	free(m->ptree);
	free(m->repo_of);
	free(m->same_branch);
	m->same_branch = NULL;
	m->ptree_start = m->ptree = m->repo_of = NULL;
	m->ptree_nr = m->ptree_alloc = 0;
	m->repo_of_nr = 0;
	m->tree = NULL;
	m->unrecognised = NULL;
	m->merges = 0;
	m->unrecognised_nr = 0;
}

/* --- the unrecognised merges, by shape ------------------------------ */

static int
cmp_group(const void *pa, const void *pb)
{
	const struct shape_group *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return strcmp(a->shape, b->shape);
}

static int
cmp_shape(const void *pa, const void *pb)
{
	const struct shape_group *a = pa, *b = pb;
	int c = strcmp(a->shape, b->shape);

	return c ? c : (a->example > b->example) - (a->example < b->example);
}

uint32_t
unrecognised_groups(const struct history *h, const uint32_t *idx,
		    uint32_t nr, struct shape_group **out)
{
	struct shape_group *g = xmalloc((nr ? nr : 1) * sizeof(*g));
	uint32_t n = 0;

	/* example holds the position in idx while sorting, so that each
	 * group's example is its first merge in idx's order. */
	for (uint32_t k = 0; k < nr; k++) {
		const char *s = history_subject(h, idx[k]);

		g[k].shape = subject_shape(s ? s : "");
		g[k].count = 1;
		g[k].example = k;
	}
	qsort(g, nr, sizeof(*g), cmp_shape);
	for (uint32_t k = 0; k < nr; k++) {
		if (n && !strcmp(g[n - 1].shape, g[k].shape)) {
			g[n - 1].count++;
			free(g[k].shape);
			continue;
		}
		g[n++] = g[k];
	}
	for (uint32_t k = 0; k < n; k++)
		g[k].example = idx[g[k].example];
	qsort(g, n, sizeof(*g), cmp_group);
	*out = g;
	return n;
}

void
shape_groups_free(struct shape_group *g, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++)
		free(g[k].shape);
	free(g);
}
