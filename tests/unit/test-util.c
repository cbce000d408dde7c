/*
 * test-util.c - util's hash index (hindex) against a plain linear search,
 * through growth, colliding hashes and many elements, and its hashes.
 * TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/hash.h"
#include "util/suggest.h"
#include "util/util.h"

#include "tap.h"

/* The elements: pairs, found by (a, b). */
struct pairs {
	uint32_t *a, *b;
	uint32_t nr;
	struct hindex ix;
};

/* hash_of chooses the hash: the real one, or a bad one (few values, so
 * that probing runs over many equal hashes). */
static uint32_t
hash_of(uint32_t a, uint32_t b, int bad)
{
	return bad ? (a + b) % 7 : hash_u32_pair(a, b);
}

static uint32_t
find(const struct pairs *p, uint32_t a, uint32_t b, int bad)
{
	struct hprobe pr;

	if (!p->nr)	/* (an empty index finds nothing anyway) */
		return HINDEX_NONE;
	for (uint32_t i = hindex_first(&p->ix, hash_of(a, b, bad), &pr);
	     i != HINDEX_NONE; i = hindex_next(&p->ix, &pr))
		if (p->a[i] == a && p->b[i] == b)
			return i;
	return HINDEX_NONE;
}

static uint32_t
get(struct pairs *p, uint32_t a, uint32_t b, int bad)
{
	uint32_t i = find(p, a, b, bad);

	if (i != HINDEX_NONE)
		return i;
	i = p->nr++;
	p->a = xreallocarray(p->a, p->nr, sizeof(*p->a));
	p->b = xreallocarray(p->b, p->nr, sizeof(*p->b));
	p->a[i] = a;
	p->b[i] = b;
	hindex_add(&p->ix, hash_of(a, b, bad), i);
	return i;
}

static uint32_t
linear(const struct pairs *p, uint32_t a, uint32_t b)
{
	for (uint32_t i = 0; i < p->nr; i++)
		if (p->a[i] == a && p->b[i] == b)
			return i;
	return HINDEX_NONE;
}

static void
run(int bad, uint32_t n)
{
	struct pairs p = { NULL, NULL, 0, HINDEX_INIT };
	char desc[160], got[32], want[32];
	uint32_t wrong = 0, first = HINDEX_NONE;
	unsigned seed = 12345;

	snprintf(desc, sizeof(desc), "empty index: nothing found (%s hash)",
		 bad ? "a colliding" : "the real");
	{
		struct hprobe pr;

		report(hindex_first(&p.ix, hash_of(1, 2, bad), &pr) ==
		       HINDEX_NONE && hindex_next(&p.ix, &pr) == HINDEX_NONE,
		       desc, "found", "none");
	}
	/* Every key inserted twice in a row and once again later: the
	 * second get must find the first's element. */
	for (uint32_t k = 0; k < n; k++) {
		uint32_t a, b, i, j;

		seed = seed * 1103515245u + 12345u;
		a = seed >> 20;
		b = k % 13;
		i = get(&p, a, b, bad);
		j = get(&p, a, b, bad);
		if (i != j || i != linear(&p, a, b))
			wrong++;
	}
	for (uint32_t k = 0; k < p.nr; k++)
		if (find(&p, p.a[k], p.b[k], bad) != k && first == HINDEX_NONE)
			first = k, wrong++;
	snprintf(desc, sizeof(desc), "%u gets (%s hash): each key found as "
		 "the element a linear search finds, %u distinct", n,
		 bad ? "a colliding" : "the real", p.nr);
	snprintf(got, sizeof(got), "%u wrong", wrong);
	report(!wrong, desc, got, "0 wrong");
	snprintf(desc, sizeof(desc), "index holds each element once (%s hash)",
		 bad ? "a colliding" : "the real");
	snprintf(got, sizeof(got), "%u", p.ix.nr);
	snprintf(want, sizeof(want), "%u", p.nr);
	report(p.ix.nr == p.nr && 2 * (size_t)p.ix.nr <= p.ix.size, desc, got,
	       want);
	report(find(&p, 1u << 30, 99, bad) == HINDEX_NONE,
	       "a key never added is not found", "found", "none");
	hindex_release(&p.ix);
	report(!p.ix.slot && !p.ix.size && find(&p, p.a[0], p.b[0], bad) ==
	       HINDEX_NONE, "released: empty again", "not empty", "empty");
	free(p.a);
	free(p.b);
}

/* pair_index: numbers in first-met order, the same number for the same
 * pair (in either order of the ids: two pairs), across growth. */
static void
pair_index_check(void)
{
	struct pair_index pi = { 0 };
	uint32_t wrong = 0, n = 20000;
	char got[32];

	for (uint32_t k = 0; k < n; k++) {
		wrong += pair_index_get(&pi, k, k / 3) != 2 * k;
		wrong += pair_index_get(&pi, k / 3, k) != 2 * k + (k != k / 3);
		if (k == k / 3)
			wrong += pair_index_get(&pi, n, n) != 2 * k + 1;
	}
	for (uint32_t k = 0; k < n; k++)
		wrong += pair_index_get(&pi, k, k / 3) != 2 * k;
	snprintf(got, sizeof(got), "%u wrong, %u pairs", wrong, pi.nr);
	report(!wrong && pi.nr == 2 * n &&
	       pi.key[5][0] == 0 && pi.key[5][1] == 2,
	       "pair_index numbers pairs in first-met order", got,
	       "0 wrong, 40000 pairs");
	pair_index_release(&pi);
	report(!pi.key && !pi.nr && !pi.ix.slot, "pair_index_release empties it",
	       "not empty", "empty");
}

/* The suggestion for word among names (NULL-terminated), or "" for
 * none, into got. */
static void
suggestion(const char *word, const char *const *names, char *got, size_t n)
{
	struct suggest sg;
	struct buf b = BUF_INIT;

	suggest_init(&sg, word, strlen(word));
	for (; *names; names++)
		suggest_add(&sg, *names);
	suggest_write(&sg, "--", &b);
	snprintf(got, n, "%s", b.data ? b.data : "");
	buf_release(&b);
}

static void
suggest_check(void)
{
	static const char *const opts[] = {
		"layout", "top", "title", "major", "minor", "mainline",
		"cycles", "compare", NULL,
	};
	static const struct {
		const char *a, *b;
		size_t d;
	} dist[] = {
		{ "", "", 0 }, { "", "abc", 3 }, { "abc", "", 3 },
		{ "lyaout", "layout", 1 },	/* a swap is one edit */
		{ "kitten", "sitting", 3 }, { "v2025.7", "v2025.07", 1 },
		{ "ab", "ba", 1 }, { "abc", "ca", 3 },	/* OSA, not Damerau */
	};
	static const struct {
		const char *word, *want;
	} cases[] = {
		{ "lyaout", "did you mean --layout?" },
		{ "cylces", "did you mean --cycles?" },
		{ "mainlin", "did you mean --mainline?" },
		{ "mijor", "did you mean --major or --minor?" },
		{ "tp", "did you mean --top?" },
		{ "bogus", "" },		/* near nothing */
		{ "layout", "" },		/* itself: no suggestion */
		{ "x", "" },
	};
	char got[64];

	for (size_t k = 0; k < ARRAY_SIZE(dist); k++) {
		size_t d = suggest_distance(dist[k].a, strlen(dist[k].a),
					    dist[k].b, strlen(dist[k].b));
		char want[32], desc[80];

		snprintf(got, sizeof(got), "%zu", d);
		snprintf(want, sizeof(want), "%zu", dist[k].d);
		snprintf(desc, sizeof(desc), "suggest_distance '%s' '%s'",
			 dist[k].a, dist[k].b);
		report(d == dist[k].d, desc, got, want);
	}
	for (size_t k = 0; k < ARRAY_SIZE(cases); k++) {
		char desc[80];

		suggestion(cases[k].word, opts, got, sizeof(got));
		snprintf(desc, sizeof(desc), "suggestion for '%s'",
			 cases[k].word);
		report(!strcmp(got, cases[k].want), desc, got, cases[k].want);
	}
}

int
main(void)
{
	char got[32];

	suggest_check();
	run(0, 50000);
	run(1, 3000);
	pair_index_check();
	snprintf(got, sizeof(got), "%u", str_hash("treeplot"));
	/* FNV-1a 32 of "treeplot", as published implementations give it. */
	report(str_hash("") == 2166136261u, "str_hash of \"\" is FNV-1a's offset basis",
	       got, "2166136261");
	report(mem_hash("treeplot", 8) == str_hash("treeplot"),
	       "mem_hash agrees with str_hash", got, "the same");
	report(hash_u32_pair(1, 2) != hash_u32_pair(2, 1),
	       "hash_u32_pair is ordered", "equal", "different");
	printf("1..%d\n", test_nr);
	return test_failed != 0;
}
