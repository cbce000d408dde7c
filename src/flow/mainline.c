/*
 * mainline.c - which trees are the mainline's own repository, and why.
 *
 * The evidence is of several kinds (the URLs given, the origin remote,
 * back-merges, self-pulls, the mainline's own pull requests), read from
 * the merge table between classification and attribution, which takes
 * merges naming these trees for internal ones.  A file of its own: the
 * chart's stages only call it, and identity.c, inside classification,
 * answers another question (which spellings are one tree).
 */
#include "flow/mainline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/util.h"

/*
 * The tree that back-merges name most often (merges whose pulled parent is
 * a commit of B's first-parent chain), ties broken by the lowest tree id;
 * TREE_NONE when there are none.
 */
static uint32_t
back_merged(const struct history *h, const struct merge_table *m)
{
	uint8_t *on = history_first_parent_marks(h);
	uint32_t *count = NULL, count_nr = 0, best = TREE_NONE;

	for (uint32_t i = 0; i < h->nr; i++) {
		uint32_t np, t = m->tree[i];
		const uint32_t *par;

		if (t == TREE_NONE)
			continue;
		par = history_parents(h, i, &np);
		for (uint32_t k = 1; k < np; k++) {
			if (!on[par[k]])
				continue;
			if (t >= count_nr) {
				count = xreallocarray(count, t + 1, sizeof(*count));
				memset(count + count_nr, 0,
				       (t + 1 - count_nr) * sizeof(*count));
				count_nr = t + 1;
			}
			count[t]++;
			break;
		}
	}
	for (uint32_t t = 0; t < count_nr; t++)
		if (count[t] && (best == TREE_NONE || count[t] > count[best]))
			best = t;
	free(count);
	free(on);
	return best;
}

/*
 * The trees that are the mainline's own repository because its line
 * pulls them into itself: every merge of the range naming the tree sits
 * on the range's first-parent line and merges branch X into a branch of
 * the same name X ("Merge branch 'staging' of URL into staging").  Sets
 * mark[t] (tt->nr entries) for each.
 */
static void
self_pulls(const struct history *h, const struct merge_table *m,
	   const struct tree_table *tt, uint8_t *mark)
{
	uint8_t *on = history_first_parent_marks(h);
	/* Per tree: 1 while every merge naming it is a self-pull, 2 once
	 * one is not. */
	uint8_t *state = xcalloc(tt->nr ? tt->nr : 1, 1);

	for (uint32_t i = 0; i < h->nr; i++) {
		uint32_t t = m->tree[i];

		if (t == TREE_NONE || t >= tt->nr ||
		    tt->t[t].kind != TREE_KIND_REPO)
			continue;
		if (on[i] && m->same_branch && m->same_branch[i])
			state[t] |= 1;
		else
			state[t] |= 2;
	}
	for (uint32_t t = 1; t < tt->nr; t++)
		if (state[t] == 1)
			mark[t] = 1;
	free(state);
	free(on);
}

/* Pull requests a GitHub tree needs to look like the mainline's own. */
#define OWN_PULLS_MIN 3

/*
 * The GitHub tree ("github:OWNER") whose pull requests the first-parent
 * line merged most (OWN_PULLS_MIN or more, more than any other): with no
 * URL of the mainline known, the project's own branches
 * ("Merge pull request #N from libgit2/ethomson/...") look so.
 * TREE_NONE when none; its merges into *pulls.
 */
static uint32_t
own_github(const struct history *h, const struct merge_table *m,
	   const struct tree_table *tt, uint32_t *pulls)
{
	uint8_t *on = history_first_parent_marks(h);
	uint32_t *count = xcalloc(tt->nr ? tt->nr : 1, sizeof(*count));
	uint32_t best = TREE_NONE, second = 0;

	for (uint32_t i = 0; i < h->nr; i++) {
		uint32_t t = m->tree[i];

		if (on[i] && (h->flags[i] & HIST_IN_RANGE) && t < tt->nr &&
		    tt->t[t].kind == TREE_KIND_GITHUB)
			count[t]++;
	}
	for (uint32_t t = 0; t < tt->nr; t++) {
		if (!count[t])
			continue;
		if (best == TREE_NONE || count[t] > count[best]) {
			if (best != TREE_NONE)
				second = count[best];
			best = t;
		} else if (count[t] > second) {
			second = count[t];
		}
	}
	*pulls = best == TREE_NONE ? 0 : count[best];
	if (*pulls < OWN_PULLS_MIN || *pulls == second)
		best = TREE_NONE;
	free(count);
	free(on);
	return best;
}

/* Whether GitHub tree t's owner ("github:OWNER") is the repository's
 * name (repo): the project's own organisation (libgit2/libgit2). */
static int
owner_is_repo(const struct tree_table *tt, uint32_t t, const char *repo)
{
	const char *name = tt->t[t].name, *colon = strchr(name, ':');

	return repo && colon && *repo && !strcasecmp(colon + 1, repo);
}

/*
 * With no URL of the mainline known (none given, no remote.origin.url)
 * and no other evidence, the project's own GitHub branches are charted
 * as a tree of their own: one warning says which tree looks like the
 * mainline's own and how to name it; when its owner is the repository's
 * name, it is taken for the mainline's (MAINLINE_GITHUB) and the
 * warning says so.  Once a run: --compare charts every range.
 */
static void
guess_own_github(const struct history *h, const struct merge_table *m,
		 const struct tree_table *tt, const char *repo,
		 uint8_t *is_mainline)
{
	static int warned;
	uint32_t pulls, t = own_github(h, m, tt, &pulls);
	const char *owner;
	int take;

	if (t == TREE_NONE || is_mainline[t])
		return;
	for (uint32_t u = 0; u < tt->nr; u++)
		if (is_mainline[u] & MAINLINE_GITHUB)
			return;
	take = owner_is_repo(tt, t, repo);
	if (take)
		is_mainline[t] |= MAINLINE_GITHUB;
	if (warned++)
		return;
	owner = strchr(tt->t[t].name, ':') + 1;
	fprintf(stderr, "treeplot: warning: no URL of the mainline is known "
		"(no remote.origin.url): %s, %u pull request%s merged on its "
		"first-parent line, looks like the mainline's own GitHub "
		"repository%s; name it with --mainline-url "
		"https://github.com/%s/%s (or git config treeplot.mainlineUrl)"
		"\n", tt->t[t].name, pulls, pulls == 1 ? "" : "s",
		take ? " (its owner is the repository's name): taken for it" :
		": charted as a tree", owner, take ? repo : "REPO");
}

uint8_t *
mainline_trees(struct repo *r, const struct history *h,
	       const struct merge_table *m, struct tree_table *tt,
	       const char *const *urls, size_t urls_nr, const char *repo)
{
	uint32_t guessed = back_merged(h, m);
	char *origin = repo_origin_url(r);
	size_t ids_alloc = urls_nr + 2, n = 0;
	uint32_t *ids = xmalloc(ids_alloc * sizeof(*ids));
	uint8_t *why = xmalloc(ids_alloc), *is_mainline, *self;

	for (size_t k = 0; k < urls_nr; k++) {
		why[n] = MAINLINE_GIVEN;
		ids[n++] = trees_add_url(tt, urls[k], strlen(urls[k]));
	}
	if (origin) {
		why[n] = MAINLINE_ORIGIN;
		ids[n++] = trees_add_url(tt, origin, strlen(origin));
	}
	if (guessed != TREE_NONE) {
		why[n] = MAINLINE_BACK_MERGES;
		ids[n++] = guessed;
	}
	self = xcalloc(tt->nr, 1);
	self_pulls(h, m, tt, self);
	for (uint32_t t = 0; t < tt->nr; t++)
		if (self[t]) {
			ALLOC_GROW(ids, n + 1, ids_alloc);
			why = xreallocarray(why, ids_alloc, 1);
			why[n] = MAINLINE_SELF_PULL;
			ids[n++] = t;
		}
	free(self);
	/* Pull requests from branches of the mainline's own GitHub
	 * repository are internal too. */
	for (size_t k = 0, given = n; k < given; k++)
		for (uint32_t u = 0; u < tt->t[ids[k]].urls_nr; u++) {
			const char *url = tt->t[ids[k]].urls[u];
			char *gh = github_owner_name(url, strlen(url));

			if (gh) {
				ALLOC_GROW(ids, n + 1, ids_alloc);
				why = xreallocarray(why, ids_alloc, 1);
				why[n] = MAINLINE_GITHUB;
				ids[n++] = trees_add_name(tt, gh,
							  TREE_KIND_GITHUB);
				free(gh);
			}
		}
	is_mainline = xcalloc(tt->nr, 1);
	for (size_t k = 0; k < n; k++)
		is_mainline[ids[k]] |= why[k];
	if (!urls_nr && !origin)
		guess_own_github(h, m, tt, repo, is_mainline);
	free(origin);
	free(ids);
	free(why);
	return is_mainline;
}
