/*
 * routing.c - the hierarchy as declared and as used (--routing,
 * routing.h).
 *
 * gather reads MAINTAINERS at the range's end as the labels do, the
 * paths every non-merge commit of the range changes (git/changes.h, on
 * the read pool's threads), matches each distinct path once, then
 * gives each commit its declared trees and its verdict, and counts.
 */
#include "addons/routing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "addons/review_read.h"
#include "flow/maintainers_rules.h"
#include "git/changes.h"
#include "git/gitconfig.h"
#include "git/tree.h"
#include "util/escape.h"
#include "util/hash.h"
#include "util/json_writer.h"
#include "util/output.h"

#define NONE UINT32_MAX
/* The cells and pulls the text report lists. */
#define RT_TOP 10

enum { RT_NONE, RT_DECLARED, RT_OTHER };
static const char *const verdict_name[] = { "none", "declared", "other" };

/* A declared tree x innermost tree cell of commits not as declared. */
struct rt_cell {
	uint32_t decl;		/* names' number */
	uint32_t actual;	/* tree id */
	uint32_t commits;
};

/* A pull of a declared tree, with the commits it brought out of the
 * area of the entries declaring that tree. */
struct rt_pull {
	uint32_t pull;		/* attribution.pulls' */
	uint32_t first, nr;	/* into out_commits */
};

/* An entry with files whose people handled none of its commits (or
 * that had none). */
struct rt_stale {
	char *title;		/* NULL: none */
	uint32_t line;
	uint32_t commits;
};

struct rt_state {
	struct interner names;	/* declared trees' names */
	uint32_t *name_tree;	/* per name: tree id, or TREE_NONE */
	uint32_t mainline;	/* the mainline's name, or NONE */
	uint32_t entries, with_trees;	/* MAINTAINERS' entries */

	const struct attribution *a;	/* borrowed: the chart's */
	uint32_t nr;		/* commits: a->order's */
	uint8_t *verdict;
	uint32_t *decl_first, *decl;	/* per commit, names' numbers */
	uint32_t decl_nr, decl_alloc;	/* sorted by name */

	uint32_t declared, other, none;
	/* by depth: the trees on the path (0: direct), declared and
	 * counted */
	uint32_t *d_declared, *d_counted, depths;
	uint32_t *t_declared, *t_counted;	/* per tree id */
	uint32_t tt_nr;

	struct rt_cell *cells;
	uint32_t cells_nr;
	struct rt_pull *pulls;
	uint32_t pulls_nr, pulls_alloc;
	uint32_t *out_commits;	/* history indexes */
	uint32_t out_nr, out_alloc;
	struct rt_stale *stale;
	uint32_t stale_nr, stale_alloc, stale_none;
};

static uint32_t
tenths(uint32_t part, uint32_t whole)
{
	return whole ? (uint32_t)(((uint64_t)part * 2000 + whole) /
				  ((uint64_t)whole * 2)) : 0;
}

/* --- the declared trees of MAINTAINERS' entries --- */

/* What naming an entry's trees needs. */
struct namer {
	struct rt_state *st;
	const struct tree_table *tt;
	char **mainline_keys;	/* tree_name of the mainline's URLs */
	uint32_t mainline_nr;
};

static uint32_t
name_id(struct rt_state *st, const char *name, uint32_t tree)
{
	uint32_t before = st->names.nr, id = str_intern(&st->names, name);

	if (id >= before) {
		st->name_tree = xreallocarray(st->name_tree, st->names.nr,
					      sizeof(*st->name_tree));
		st->name_tree[id] = tree;
	}
	return id;
}

/* The name of the tree a T: URL names. */
static uint32_t
url_name(struct namer *nm, const char *url)
{
	char *key = tree_name(url, strlen(url));
	uint32_t t, id;

	for (uint32_t k = 0; k < nm->mainline_nr; k++) {
		if (!strcmp(key, nm->mainline_keys[k])) {
			free(key);
			return nm->st->mainline;
		}
	}
	t = *key ? trees_find(nm->tt, key) : TREE_NONE;
	id = name_id(nm->st, t != TREE_NONE ? nm->tt->t[t].name : key, t);
	free(key);
	return id;
}

/* Each entry's names: entry e's are edecl[efirst[e] .. efirst[e + 1]). */
static void
entries_named(struct namer *nm, const struct mt_rules *r, uint32_t **efirst,
	      uint32_t **edecl)
{
	uint32_t nr = 0, alloc = 0;

	*efirst = xmalloc(((size_t)r->nr + 1) * sizeof(**efirst));
	*edecl = xmalloc(sizeof(**edecl));
	for (uint32_t e = 0; e < r->nr; e++) {
		const struct mt_entry *en = &r->e[e];

		(*efirst)[e] = nr;
		for (uint32_t k = 0; k < en->urls_nr || (en->catch_all && !k);
		     k++) {
			uint32_t id = en->catch_all ? nm->st->mainline :
				      url_name(nm, en->urls[k]);

			if (nr + 1 > alloc) {
				alloc = alloc ? alloc * 2 : 64;
				*edecl = xreallocarray(*edecl, alloc,
						       sizeof(**edecl));
			}
			(*edecl)[nr++] = id;
			if (en->catch_all)
				break;
		}
		nm->st->with_trees += nr > (*efirst)[e];
	}
	(*efirst)[r->nr] = nr;
}

/* --- reading --- */

static int
dir_at(void *ctx, const char *path)
{
	return repo_tree_at_is_dir(ctx, path);
}

/* MAINTAINERS at the range's end, parsed and settled: 1, 0 when there
 * is none (said once), -1 after an error. */
static int
rules_read(const struct extra_input *in, struct mt_rules *r)
{
	struct buf text = BUF_INIT;
	struct repo_tree_at *t;
	int ret = repo_read_file_at(in->r, &in->rg->to, "MAINTAINERS", &text);

	if (ret == 0)
		fprintf(stderr, "treeplot: warning: --routing: no MAINTAINERS "
			"file at the range's end: nothing to compare\n");
	if (ret <= 0) {
		buf_release(&text);
		return ret;
	}
	mt_rules_parse(text.data, text.len, r);
	buf_release(&text);
	if (r->bad_regex)
		fprintf(stderr, "treeplot: warning: --routing: %u N: "
			"pattern%s of MAINTAINERS left out (%s)\n",
			r->bad_regex, r->bad_regex == 1 ? "" : "s",
			r->first_bad);
	if (r->regex_dropped)
		fprintf(stderr, "treeplot: warning: --routing: %u N: "
			"pattern%s of MAINTAINERS past the first %u left out\n",
			r->regex_dropped, r->regex_dropped == 1 ? "" : "s",
			(unsigned)MT_REGEX_MAX);
	repo_tree_at_open(&t, in->r, &in->rg->to);
	mt_rules_settle(r, dir_at, t);
	repo_tree_at_free(t);
	return 1;
}

/* The paths of the range's commits (a->order's), read on the pool. */
static int
changes_of(const struct extra_input *in, const struct attribution *a,
	   struct changes **out)
{
	const struct history *h = in->h;
	struct change_ask *ask = xcalloc(a->order_nr ? a->order_nr : 1,
					 sizeof(*ask));
	int ret;

	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t c = a->order[k], np;
		const uint32_t *par = history_parents(h, c, &np);

		ask[k].commit = h->oid[c];
		ask[k].has_parent = np > 0;
		if (np)
			ask[k].parent = h->oid[par[0]];
	}
	*out = xcalloc(a->order_nr ? a->order_nr : 1, sizeof(**out));
	ret = changes_read(in->r, in->jobs, ask, a->order_nr, *out);
	free(ask);
	return ret;
}

/* --- matching --- */

/* Each distinct path's covering entries, matched once. */
struct covers {
	struct interner paths;
	uint32_t *first;	/* per path: into v; first[nr] the end */
	uint32_t *v;
	size_t v_nr, v_alloc;
	uint32_t *tmp, tmp_alloc;
};

/* The entries covering path: *nr of them from cv->v + *at.  Returns
 * 0, or -1 when an N: match gave up. */
static int
covers_of(struct covers *cv, const struct mt_rules *r, const char *path,
	  size_t *at, uint32_t *nr)
{
	uint32_t before = cv->paths.nr, id = str_intern(&cv->paths, path);
	int n;

	if (id < before) {
		*at = cv->first[id];
		*nr = cv->first[id + 1] - cv->first[id];
		return 0;
	}
	cv->first = xreallocarray(cv->first, (size_t)cv->paths.nr + 1,
				  sizeof(*cv->first));
	cv->first[id] = (uint32_t)cv->v_nr;
	n = mt_rules_cover(r, path, &cv->tmp, &cv->tmp_alloc);
	if (n < 0)
		return -1;
	for (int k = 0; k < n; k++) {
		ALLOC_GROW(cv->v, cv->v_nr + 1, cv->v_alloc);
		cv->v[cv->v_nr++] = cv->tmp[k];
	}
	cv->first[id + 1] = (uint32_t)cv->v_nr;
	*at = cv->first[id];
	*nr = (uint32_t)n;
	return 0;
}

static void
covers_release(struct covers *cv)
{
	interner_release(&cv->paths);
	free(cv->first);
	free(cv->v);
	free(cv->tmp);
}

/* A commit's matching: entries and names met, by stamp. */
struct marks {
	uint32_t *entry_stamp, *name_stamp, stamp;
	uint32_t *entries, entries_nr;
};

static const struct interner *sort_names;

static int
cmp_name(const void *a, const void *b)
{
	return strcmp(sort_names->s[*(const uint32_t *)a],
		      sort_names->s[*(const uint32_t *)b]);
}

/* Commit k's entries (into mk) and declared names (into st), from its
 * paths.  Returns 0, or -1 when a match gave up. */
static int
commit_match(struct rt_state *st, const struct mt_rules *r,
	     struct covers *cv, struct marks *mk, const uint32_t *efirst,
	     const uint32_t *edecl, const struct changes *ch, uint32_t k)
{
	const char *p = ch->paths;

	mk->stamp++;
	mk->entries_nr = 0;
	st->decl_first[k] = st->decl_nr;
	for (uint32_t n = 0; n < ch->nr; n++, p += strlen(p) + 1) {
		uint32_t cnr;
		size_t at;

		if (covers_of(cv, r, p, &at, &cnr) < 0)
			return -1;
		for (uint32_t j = 0; j < cnr; j++) {
			uint32_t e = cv->v[at + j];

			if (mk->entry_stamp[e] == mk->stamp)
				continue;
			mk->entry_stamp[e] = mk->stamp;
			mk->entries[mk->entries_nr++] = e;
			for (uint32_t d = efirst[e]; d < efirst[e + 1]; d++) {
				if (mk->name_stamp[edecl[d]] == mk->stamp)
					continue;
				mk->name_stamp[edecl[d]] = mk->stamp;
				ALLOC_GROW(st->decl, st->decl_nr + 1,
					   st->decl_alloc);
				st->decl[st->decl_nr++] = edecl[d];
			}
		}
	}
	sort_names = &st->names;
	if (st->decl_nr - st->decl_first[k] > 1)
		qsort(st->decl + st->decl_first[k],
		      st->decl_nr - st->decl_first[k], sizeof(*st->decl),
		      cmp_name);
	return 0;
}

/* --- verdicts and counts --- */

#define PATH_MAX_TREES 64

static int
is_declared(const struct rt_state *st, uint32_t k, uint32_t tree)
{
	for (uint32_t d = st->decl_first[k]; d < st->decl_first[k + 1]; d++)
		if (st->name_tree[st->decl[d]] == tree)
			return 1;
	return 0;
}

/* A counted commit whose path holds depth trees besides the mainline. */
static void
depth_count(struct rt_state *st, uint32_t depth, int ok)
{
	if (depth >= st->depths) {
		uint32_t n = depth + 1;

		st->d_declared = xreallocarray(st->d_declared, n,
					       sizeof(*st->d_declared));
		st->d_counted = xreallocarray(st->d_counted, n,
					      sizeof(*st->d_counted));
		for (uint32_t d = st->depths; d < n; d++)
			st->d_declared[d] = st->d_counted[d] = 0;
		st->depths = n;
	}
	st->d_counted[depth]++;
	st->d_declared[depth] += ok;
}

/* Commit k's verdict, and the counts of the trees on its path. */
static void
commit_verdict(struct rt_state *st, const struct tree_table *tt, uint32_t k)
{
	const struct attribution *a = st->a;
	uint32_t c = a->order[k], trees[PATH_MAX_TREES], n;
	int ok = 0;

	if (st->decl_first[k] == st->decl_first[k + 1]) {
		st->verdict[k] = RT_NONE;
		st->none++;
		return;
	}
	n = a->path_of[c] == HIST_NONE ? 0 :
	    path_trees(&a->paths, a->path_of[c], trees, PATH_MAX_TREES);
	if (n > PATH_MAX_TREES)
		n = PATH_MAX_TREES;
	/* --branches: a branch's node is its repository's tree. */
	for (uint32_t j = 0; j < n && !ok; j++)
		ok = trees[j] != TREE_MAINLINE && trees[j] < tt->nr &&
		     is_declared(st, k, tt->t[trees[j]].repo);
	/* Straight in: direct, or a mailed series the mainline applied. */
	if (!ok && st->mainline != NONE && is_declared(st, k, TREE_MAINLINE) &&
	    (n <= 1 || (n == 2 && trees[0] < tt->nr &&
			tt->t[trees[0]].kind == TREE_KIND_MAIL)))
		ok = 1;
	st->verdict[k] = ok ? RT_DECLARED : RT_OTHER;
	if (ok)
		st->declared++;
	else
		st->other++;
	depth_count(st, n ? n - 1 : 0, ok);
	for (uint32_t j = 0; j < n; j++) {
		if (trees[j] >= st->tt_nr)
			continue;
		st->t_counted[trees[j]]++;
		st->t_declared[trees[j]] += ok;
	}
	if (!n) {
		st->t_counted[0]++;
		st->t_declared[0] += ok;
	}
}

static uint32_t
inner_of(const struct attribution *a, uint32_t c)
{
	return a->path_of[c] == HIST_NONE ? TREE_MAINLINE :
	       a->paths.tree[a->path_of[c]];
}

static int
cmp_cell(const void *x, const void *y)
{
	const struct rt_cell *a = x, *b = y;
	int c;

	if (a->commits != b->commits)
		return a->commits < b->commits ? 1 : -1;
	c = strcmp(sort_names->s[a->decl], sort_names->s[b->decl]);
	if (c)
		return c;
	return (a->actual > b->actual) - (a->actual < b->actual);
}

/* The cells of the commits not as declared: each declared tree that is
 * not its innermost, against that innermost tree. */
static void
cells_count(struct rt_state *st)
{
	struct pair_index pi = { 0 };
	uint32_t alloc = 0;

	for (uint32_t k = 0; k < st->nr; k++) {
		uint32_t inner = inner_of(st->a, st->a->order[k]);

		if (st->verdict[k] != RT_OTHER)
			continue;
		for (uint32_t d = st->decl_first[k]; d < st->decl_first[k + 1];
		     d++) {
			uint32_t x = pair_index_get(&pi, st->decl[d], inner);

			if (x == st->cells_nr) {
				ALLOC_GROW(st->cells, st->cells_nr + 1, alloc);
				st->cells[st->cells_nr++] =
					(struct rt_cell){ st->decl[d], inner,
							  0 };
			}
			st->cells[x].commits++;
		}
	}
	pair_index_release(&pi);
	sort_names = &st->names;
	if (st->cells_nr > 1)
		qsort(st->cells, st->cells_nr, sizeof(*st->cells), cmp_cell);
}

/* Each pull of a declared tree: its commits out of the area of the
 * entries declaring it (ent[ent_first[k] ..]: commit k's entries). */
static void
pulls_check(struct rt_state *st, const struct tree_table *tt,
	    const uint32_t *efirst, const uint32_t *edecl,
	    const uint32_t *ent_first, const uint32_t *ent)
{
	const struct attribution *a = st->a;
	uint8_t *declared = xcalloc(st->tt_nr ? st->tt_nr : 1, 1);

	for (uint32_t n = 0; n < st->names.nr; n++)
		if (st->name_tree[n] < st->tt_nr)
			declared[st->name_tree[n]] = 1;
	for (uint32_t p = 0; p < a->pulls_nr; p++) {
		const struct pull *pl = &a->pulls[p];
		uint32_t first = st->out_nr, from;

		if (pl->from >= st->tt_nr)
			continue;
		/* --branches: a branch's repository */
		from = tt->t[pl->from].repo;
		if (from >= st->tt_nr || !declared[from])
			continue;
		for (uint32_t k = pl->first; k < pl->first + pl->commits &&
		     k < a->order_nr; k++) {
			int in_area = 0;

			for (uint32_t j = ent_first[k];
			     j < ent_first[k + 1] && !in_area; j++)
				for (uint32_t d = efirst[ent[j]];
				     d < efirst[ent[j] + 1]; d++)
					in_area |= st->name_tree[edecl[d]] ==
						   from;
			if (in_area)
				continue;
			ALLOC_GROW(st->out_commits, st->out_nr + 1,
				   st->out_alloc);
			st->out_commits[st->out_nr++] = a->order[k];
		}
		if (st->out_nr == first)
			continue;
		ALLOC_GROW(st->pulls, st->pulls_nr + 1, st->pulls_alloc);
		st->pulls[st->pulls_nr++] =
			(struct rt_pull){ p, first, st->out_nr - first };
	}
	free(declared);
}

/* --- stale entries --- */

/* People's keys ("m" and the address, "n" and the name, lower case:
 * one person when either is equal, as --review compares them). */
struct keys {
	struct interner k;
	struct buf mail, name;
};

/* The key numbers of person shown into out[0..2) (NONE: none). */
static void
keys_of(struct keys *ks, const char *shown, uint32_t out[2])
{
	ks->mail.len = ks->name.len = 0;
	review_person_keys(shown, &ks->mail, &ks->name);
	out[0] = ks->mail.len ? str_intern(&ks->k, ks->mail.data) : NONE;
	out[1] = ks->name.len ? str_intern(&ks->k, ks->name.data) : NONE;
}

/* Entry e's people's keys (after the .mailmap): 2 a person. */
static uint32_t *
entry_keys(struct keys *ks, const struct mailmap *mm, const struct mt_entry *e)
{
	uint32_t *v = xmalloc(((size_t)e->people_nr * 2 + 1) * sizeof(*v));
	struct buf mapped = BUF_INIT;

	for (uint32_t p = 0; p < e->people_nr; p++) {
		mapped.len = 0;
		mailmap_person(mm, e->people[p], strlen(e->people[p]),
			       &mapped);
		buf_addc(&mapped, '\0');
		keys_of(ks, mapped.data, v + 2 * p);
	}
	buf_release(&mapped);
	return v;
}

/* Whether one of commit c's people (its keys in ck, ck_nr) is one of
 * entry e's (ek, 2 * people). */
static int
handled(const uint32_t *ck, uint32_t ck_nr, const uint32_t *ek, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = 0; ek[i] != NONE && j < ck_nr; j++)
			if (ck[j] == ek[i])
				return 1;
	return 0;
}

/* Commit c's people's keys into *ck (grown as needed). */
static uint32_t
commit_keys(struct keys *ks, const struct review_marks *rm,
	    const uint32_t *pkeys, uint32_t c, uint32_t **ck, size_t *alloc)
{
	const uint32_t who[2] = { rm->committer[c], rm->author[c] };
	uint32_t nr = 0;
	uint32_t n = rm->reviewers[c] + rm->testers[c] + rm->signers[c];

	(void)ks;
	ALLOC_GROW(*ck, 2 * ((size_t)n + 2), *alloc);
	for (uint32_t k = 0; k < 2; k++)
		if (who[k] != HIST_NONE) {
			(*ck)[nr++] = pkeys[2 * who[k]];
			(*ck)[nr++] = pkeys[2 * who[k] + 1];
		}
	for (uint32_t k = 0; k < n; k++) {
		uint32_t p = rm->who[rm->start[c] + k];

		(*ck)[nr++] = pkeys[2 * p];
		(*ck)[nr++] = pkeys[2 * p + 1];
	}
	return nr;
}

static void
stale_add(struct rt_state *st, const struct mt_entry *e, uint32_t commits)
{
	ALLOC_GROW(st->stale, st->stale_nr + 1, st->stale_alloc);
	st->stale[st->stale_nr++] = (struct rt_stale){
		e->title ? xstrdup(e->title) : NULL, e->line, commits };
	st->stale_none += !commits;
}

/*
 * The stale entries: with files, and no commit of the range, or none
 * that one of their M: or R: people authored, committed, signed off,
 * reviewed, acked or tested (after the .mailmap).  ent[ent_first[k] ..]
 * are commit k's entries.
 */
static int
stale_find(struct rt_state *st, const struct extra_input *in,
	   const struct mt_rules *r, const uint32_t *ent_first,
	   const uint32_t *ent)
{
	struct review_marks rm;
	struct keys ks = { INTERNER_INIT, BUF_INIT, BUF_INIT };
	struct mailmap *mm = NULL;
	uint32_t *pkeys, *commits, *ok, *ck = NULL, **ekeys;
	size_t ck_alloc = 0;

	if (review_read(in->r, in->h, st->a->order, st->nr, in->jobs, &rm) < 0)
		return -1;
	if (mailmap_open(&mm, in->r) < 0) {
		review_marks_release(&rm);
		return -1;
	}
	pkeys = xmalloc(((size_t)rm.people_nr * 2 + 1) * sizeof(*pkeys));
	for (uint32_t p = 0; p < rm.people_nr; p++)
		keys_of(&ks, rm.people[p], pkeys + 2 * p);
	ekeys = xcalloc(r->nr ? r->nr : 1, sizeof(*ekeys));
	commits = xcalloc(r->nr ? r->nr : 1, sizeof(*commits));
	ok = xcalloc(r->nr ? r->nr : 1, sizeof(*ok));
	for (uint32_t k = 0; k < st->nr; k++) {
		uint32_t c = st->a->order[k], nr = 0;

		for (uint32_t j = ent_first[k]; j < ent_first[k + 1]; j++) {
			uint32_t e = ent[j];

			commits[e]++;
			if (ok[e])
				continue;
			if (!ekeys[e])
				ekeys[e] = entry_keys(&ks, mm, &r->e[e]);
			if (!nr)
				nr = commit_keys(&ks, &rm, pkeys, c, &ck,
						 &ck_alloc);
			ok[e] = handled(ck, nr, ekeys[e],
					2 * r->e[e].people_nr);
		}
	}
	for (uint32_t e = 0; e < r->nr; e++) {
		if ((r->e[e].f_nr || r->e[e].n_nr) && !ok[e])
			stale_add(st, &r->e[e], commits[e]);
		free(ekeys[e]);
	}
	free(ekeys);
	free(commits);
	free(ok);
	free(ck);
	free(pkeys);
	interner_release(&ks.k);
	buf_release(&ks.mail);
	buf_release(&ks.name);
	mailmap_free(mm);
	review_marks_release(&rm);
	return 0;
}

/* --- gathering --- */

static void
rt_release(void *state)
{
	struct rt_state *st = state;

	if (!st)
		return;
	interner_release(&st->names);
	free(st->name_tree);
	free(st->verdict);
	free(st->decl_first);
	free(st->decl);
	free(st->d_declared);
	free(st->d_counted);
	free(st->t_declared);
	free(st->t_counted);
	free(st->cells);
	free(st->pulls);
	free(st->out_commits);
	for (uint32_t k = 0; k < st->stale_nr; k++)
		free(st->stale[k].title);
	free(st->stale);
	free(st);
}

/* What matching the commits holds until the counts are made. */
struct matching {
	struct covers cv;
	struct marks mk;
	uint32_t *efirst, *edecl;	/* entries' names */
	uint32_t *ent_first, *ent;	/* commits' entries */
	size_t ent_nr, ent_alloc;
	struct changes *ch;
};

static void
matching_release(struct matching *m, uint32_t nr)
{
	covers_release(&m->cv);
	free(m->mk.entry_stamp);
	free(m->mk.name_stamp);
	free(m->mk.entries);
	free(m->efirst);
	free(m->edecl);
	free(m->ent_first);
	free(m->ent);
	for (uint32_t k = 0; m->ch && k < nr; k++)
		changes_release(&m->ch[k]);
	free(m->ch);
}

/* Every commit's declared trees and entries. */
static int
match_all(struct rt_state *st, const struct mt_rules *r, struct matching *m)
{
	uint32_t nr = st->nr;

	m->mk.entry_stamp = xcalloc(r->nr ? r->nr : 1, sizeof(uint32_t));
	m->mk.entries = xcalloc(r->nr ? r->nr : 1, sizeof(uint32_t));
	m->mk.name_stamp = xcalloc(st->names.nr ? st->names.nr : 1,
				   sizeof(uint32_t));
	st->decl_first = xcalloc((size_t)nr + 1, sizeof(*st->decl_first));
	m->ent_first = xcalloc((size_t)nr + 1, sizeof(*m->ent_first));
	m->ent = xmalloc(sizeof(*m->ent));
	m->ent_alloc = 1;
	for (uint32_t k = 0; k < nr; k++) {
		m->ent_first[k] = (uint32_t)m->ent_nr;
		if (commit_match(st, r, &m->cv, &m->mk, m->efirst, m->edecl,
				 &m->ch[k], k) < 0)
			return -1;
		for (uint32_t j = 0; j < m->mk.entries_nr; j++) {
			ALLOC_GROW(m->ent, m->ent_nr + 1, m->ent_alloc);
			m->ent[m->ent_nr++] = m->mk.entries[j];
		}
	}
	m->ent_first[nr] = (uint32_t)m->ent_nr;
	st->decl_first[nr] = st->decl_nr;
	return 0;
}

static void
namer_init(struct namer *nm, struct rt_state *st, const struct chart *c)
{
	nm->st = st;
	nm->tt = &c->tt;
	nm->mainline_nr = c->f.mainline_urls_nr;
	nm->mainline_keys = xcalloc(nm->mainline_nr ? nm->mainline_nr : 1,
				    sizeof(char *));
	for (uint32_t k = 0; k < nm->mainline_nr; k++)
		nm->mainline_keys[k] = tree_name(c->f.mainline_urls[k],
						 strlen(c->f.mainline_urls[k]));
	st->mainline = name_id(st, c->tt.t[TREE_MAINLINE].name,
			       TREE_MAINLINE);
}

static void
namer_release(struct namer *nm)
{
	for (uint32_t k = 0; k < nm->mainline_nr; k++)
		free(nm->mainline_keys[k]);
	free(nm->mainline_keys);
}

static int
rt_gather(const struct extra_input *in, int arg, void **state)
{
	const struct chart *c = in->c;
	struct matching m;
	struct mt_rules r;
	struct namer nm;
	struct rt_state *st;
	int ret;

	(void)arg;
	ret = rules_read(in, &r);
	if (ret <= 0)
		return ret;
	memset(&m, 0, sizeof(m));
	st = xcalloc(1, sizeof(*st));
	st->a = &c->a;
	st->nr = c->a.order_nr;
	st->tt_nr = c->tt.nr;
	st->entries = r.nr;
	namer_init(&nm, st, c);
	entries_named(&nm, &r, &m.efirst, &m.edecl);
	namer_release(&nm);
	ret = changes_of(in, &c->a, &m.ch);
	if (!ret)
		ret = match_all(st, &r, &m);
	if (!ret) {
		st->verdict = xcalloc(st->nr ? st->nr : 1, 1);
		st->t_declared = xcalloc(st->tt_nr ? st->tt_nr : 1,
					 sizeof(uint32_t));
		st->t_counted = xcalloc(st->tt_nr ? st->tt_nr : 1,
					sizeof(uint32_t));
		for (uint32_t k = 0; k < st->nr; k++)
			commit_verdict(st, &c->tt, k);
		cells_count(st);
		pulls_check(st, &c->tt, m.efirst, m.edecl, m.ent_first,
			    m.ent);
		ret = stale_find(st, in, &r, m.ent_first, m.ent);
	}
	matching_release(&m, st->nr);
	mt_rules_release(&r);
	if (ret < 0) {
		rt_release(st);
		return -1;
	}
	*state = st;
	return 1;
}

/* --- outputs --- */

/* Tree id t's name. */
static const char *
tree_of(const struct flow *f, uint32_t t)
{
	return f->tt && t < f->tt->nr ? f->tt->t[t].name : "?";
}

static void
decl_list(const struct rt_state *st, uint32_t k, const char *sep,
	  void (*add)(struct buf *out, const char *s), struct buf *out)
{
	for (uint32_t d = st->decl_first[k]; d < st->decl_first[k + 1]; d++) {
		if (d > st->decl_first[k])
			buf_puts(out, sep);
		add(out, st->names.s[st->decl[d]]);
	}
}

static void
add_escaped(struct buf *out, const char *s)
{
	escape_text(out, s, strlen(s));
}

/* -T routing: id, innermost tree, verdict, declared trees. */
static void
rt_lines(const void *state, const struct flow *f, struct buf *out)
{
	const struct rt_state *st = state;
	char hex[OID_HEXSZ + 1];

	for (uint32_t k = 0; k < st->nr; k++) {
		uint32_t c = st->a->order[k];
		const char *inner = tree_of(f, inner_of(st->a, c));

		history_hex(f->h, c, hex);
		buf_add(out, hex, OID_HEXSZ);
		buf_addc(out, '\t');
		escape_text(out, inner, strlen(inner));
		buf_printf(out, "\t%s\t", verdict_name[st->verdict[k]]);
		decl_list(st, k, ",", add_escaped, out);
		buf_addc(out, '\n');
	}
}

static void
share_text(struct buf *out, uint32_t part, uint32_t whole)
{
	uint32_t t = tenths(part, whole);

	buf_printf(out, "%u.%u%%", t / 10, t % 10);
}

static void
text_tree(struct buf *out, const char *name, uint32_t part, uint32_t whole)
{
	buf_puts(out, "    ");
	share_text(out, part, whole);
	buf_printf(out, " (%u of %u)  ", part, whole);
	report_name(out, name);
	buf_addc(out, '\n');
}

/* The largest trees' shares (the flow's order: by commits). */
static void
text_trees(const struct rt_state *st, const struct flow *f, struct buf *out)
{
	uint32_t shown = 0, more = 0;

	for (uint32_t i = 1; i < f->trees_nr; i++) {
		uint32_t t = f->trees[i].tree;

		if (t >= st->tt_nr || !st->t_counted[t])
			continue;
		if (shown == RT_TOP) {
			more++;
			continue;
		}
		if (!shown++)
			buf_puts(out, "  by tree (of the commits through "
				 "it):\n");
		text_tree(out, f->trees[i].name, st->t_declared[t],
			  st->t_counted[t]);
	}
	if (more)
		buf_printf(out, "    (%u more trees: -T json, -T csv)\n", more);
}

static void
text_stale(const struct rt_state *st, struct buf *out)
{
	if (!st->stale_nr)
		return;
	buf_printf(out, "  stale entries: %u (%u without a commit); "
		   "with commits none of their people handled:\n",
		   st->stale_nr, st->stale_none);
	for (uint32_t k = 0, shown = 0; k < st->stale_nr && shown < RT_TOP;
	     k++) {
		if (!st->stale[k].commits)
			continue;
		shown++;
		buf_printf(out, "    %5u  ", st->stale[k].commits);
		if (st->stale[k].title)
			report_name(out, st->stale[k].title);
		else
			buf_printf(out, "(line %u)", st->stale[k].line);
		buf_addc(out, '\n');
	}
}

static void
rt_text(const void *state, const struct flow *f, int width, struct buf *out)
{
	const struct rt_state *st = state;
	uint32_t counted = st->declared + st->other;
	char hex[OID_HEXSZ + 1];

	(void)width;
	buf_puts(out, "\nRouting (MAINTAINERS at the range's end)\n");
	buf_printf(out, "  %u entr%s, %u with a tree\n", st->entries,
		   st->entries == 1 ? "y" : "ies", st->with_trees);
	buf_printf(out, "  as declared: %u of %u commits with a declared "
		   "tree (", st->declared, counted);
	share_text(out, st->declared, counted);
	buf_printf(out, "); %u with none\n", st->none);
	text_trees(st, f, out);
	if (st->cells_nr)
		buf_puts(out, "  declared tree <- came through (commits not "
			 "as declared):\n");
	for (uint32_t k = 0; k < st->cells_nr && k < RT_TOP; k++) {
		buf_printf(out, "    %5u  ", st->cells[k].commits);
		report_name(out, st->names.s[st->cells[k].decl]);
		buf_puts(out, " <- ");
		report_name(out, tree_of(f, st->cells[k].actual));
		buf_addc(out, '\n');
	}
	text_stale(st, out);
	if (st->pulls_nr)
		buf_printf(out, "  pulls with commits outside the tree's "
			   "area: %u%s\n", st->pulls_nr,
			   st->pulls_nr > RT_TOP ? " (the first ten)" : "");
	for (uint32_t k = 0; k < st->pulls_nr && k < RT_TOP; k++) {
		const struct pull *pl = &st->a->pulls[st->pulls[k].pull];

		history_hex(f->h, pl->merge, hex);
		buf_printf(out, "    %.12s  %u of %u commits  ", hex,
			   st->pulls[k].nr, pl->commits);
		report_name(out, tree_of(f, pl->from));
		buf_addc(out, '\n');
	}
}

static void
rt_json(const void *state, const struct flow *f, struct json *j)
{
	const struct rt_state *st = state;
	uint32_t counted = st->declared + st->other;
	char hex[OID_HEXSZ + 1];

	json_open(j, "routing", '{');
	if (counted)
		json_tenths(j, "declared_share",
			    tenths(st->declared, counted));
	else
		json_str(j, "declared_share", NULL);
	json_uint(j, "declared", st->declared);
	json_uint(j, "counted", counted);
	json_uint(j, "none", st->none);
	json_open(j, "by_depth", '[');
	for (uint32_t d = 0; d < st->depths; d++) {
		json_open(j, NULL, '{');
		json_uint(j, "depth", d);
		if (st->d_counted[d])
			json_tenths(j, "declared_share",
				    tenths(st->d_declared[d],
					   st->d_counted[d]));
		else
			json_str(j, "declared_share", NULL);
		json_uint(j, "declared", st->d_declared[d]);
		json_uint(j, "counted", st->d_counted[d]);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "declared_vs_actual", '[');
	for (uint32_t k = 0; k < st->cells_nr; k++) {
		json_open(j, NULL, '{');
		json_str(j, "declared_tree", st->names.s[st->cells[k].decl]);
		json_str(j, "actual_tree", tree_of(f, st->cells[k].actual));
		json_uint(j, "commits", st->cells[k].commits);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "stale", '[');
	for (uint32_t k = 0; k < st->stale_nr; k++) {
		json_open(j, NULL, '{');
		json_str(j, "entry", st->stale[k].title);
		json_uint(j, "line", st->stale[k].line);
		json_uint(j, "commits", st->stale[k].commits);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "out_of_area", '[');
	for (uint32_t k = 0; k < st->pulls_nr; k++) {
		const struct pull *pl = &st->a->pulls[st->pulls[k].pull];

		json_open(j, NULL, '{');
		history_hex(f->h, pl->merge, hex);
		json_str(j, "merge", hex);
		json_str(j, "tree", tree_of(f, pl->from));
		json_uint(j, "commits", pl->commits);
		json_open(j, "out_of_area", '[');
		for (uint32_t c = 0; c < st->pulls[k].nr; c++) {
			history_hex(f->h, st->out_commits[st->pulls[k].first +
							  c], hex);
			json_str(j, NULL, hex);
		}
		json_close(j, ']');
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

static const struct extra_figure rt_tree_figures[] = {
	EXTRA_FIGURE("routing_declared_share", EXTRA_TENTHS,
		     EXTRA_IN_CSV | EXTRA_IN_JSON | EXTRA_NULL, "routing",
		     "declared_share"),
};

/* Tree i's counts: of the commits through it; NULL for the fold. */
static int
tree_counts(const struct rt_state *st, const struct flow *f, uint32_t i,
	    uint32_t *part, uint32_t *whole)
{
	uint32_t t = i < f->trees_nr ? f->trees[i].tree : TREE_NONE;

	if (t >= st->tt_nr || !st->t_counted[t])
		return 0;
	*part = st->t_declared[t];
	*whole = st->t_counted[t];
	return 1;
}

static int
rt_tree_figure(const void *state, const struct flow *f, uint32_t i,
	       size_t k, int64_t *v)
{
	uint32_t part, whole;

	(void)k;
	if (!tree_counts(state, f, i, &part, &whole))
		return 0;
	*v = tenths(part, whole);
	return 1;
}

static void
rt_node_line(const void *state, const struct flow *f, uint32_t i,
	     struct buf *out)
{
	uint32_t part, whole;

	/* A whole percentage, halves up (not the tenths rounded again). */
	if (tree_counts(state, f, i, &part, &whole))
		buf_printf(out, "%u%% as declared", (uint32_t)(((uint64_t)
			   part * 200 + whole) / ((uint64_t)whole * 2)));
}

static const struct extra_legend rt_legend[] = {
	{ "in a box: of its commits with a tree MAINTAINERS declares for "
	  "their files, those that came through one",
	  EXTRA_LEGEND_NODE, NULL, "black", "62% as declared" },
};

static const struct opt rt_options[] = {
	{ .name = "routing", .modes = MODE_REPORT, .kind = OPT_SET,
	  .value = 1,
	  .help = "each commit's way against the trees MAINTAINERS\n"
		  "declares for its files (-T routing)" },
};

static const struct extra_format routing_formats[] = {
	{ "routing", rt_lines },
};

const struct extra routing_extra = {
	.name = "routing",
	.options = rt_options,
	.options_nr = ARRAY_SIZE(rt_options),
	.gather = rt_gather,
	.release = rt_release,
	.text = rt_text,
	.json = rt_json,
	.tree_figures = rt_tree_figures,
	.tree_figures_nr = ARRAY_SIZE(rt_tree_figures),
	.tree_figure = rt_tree_figure,
	.node_line = rt_node_line,
	.legend = rt_legend,
	.legend_nr = ARRAY_SIZE(rt_legend),
	.formats = routing_formats,
	.formats_nr = ARRAY_SIZE(routing_formats),
};
