/*
 * evidence.c - the evidence of who keeps each key, per key and summed
 * per tree, and the tags' first words: plain data, nothing read.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "flow/evidence.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

uint32_t
evidence_person(struct tree_table *tt, const char *ident, size_t len)
{
	char *s = xstrndup(ident, len);	/* up to a NUL it may hold */
	uint32_t id = str_intern(&tt->people, s);

	free(s);
	return id;
}

void
evidence_add(struct tree_table *tt, uint32_t k, uint32_t person)
{
	struct tree_key *key = &tt->k[k];
	uint32_t pair;

	if (tt->adopted && k < tt->adopted_nr)
		return;
	/* Pairs numbered once: a key pulled 100,000 times, each tip by
	 * someone else, is no quadratic search. */
	pair = pair_index_get(&tt->evix, k, person);
	if (pair < tt->ev_at_nr) {
		key->ev[tt->ev_at[pair]].pulls++;
		return;
	}
	ALLOC_GROW(tt->ev_at, pair + 1, tt->ev_at_alloc);
	tt->ev_at[pair] = key->ev_nr;
	tt->ev_at_nr = pair + 1;
	ALLOC_GROW(key->ev, key->ev_nr + 1, key->ev_alloc);
	key->ev[key->ev_nr++] = (struct keeper_count){ person, 1 };
}

/* Tags' first words that say nothing of the tree: every tree's. */
static int
common_word(const char *w)
{
	static const char *const words[] = {
		"dev", "devel", "fix", "fixes", "for", "git", "linus", "main",
		"master", "merge", "next", "pull", "rc", "release", "request",
		"signed", "stable", "tag", "tags", "topic", "update",
		"upstream", "window",
	};

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (!strcmp(w, words[i]))
			return 1;
	/* A version: "v6", "2024". */
	return w[w[0] == 'v'] >= '0' && w[w[0] == 'v'] <= '9';
}

/* Key k's tags hold word w (lower case, a new string: taken). */
static void
key_word(struct tree_table *tt, struct tree_key *key, char *w)
{
	uint32_t id;

	if (common_word(w)) {
		free(w);
		return;
	}
	id = str_intern(&tt->words, w);
	free(w);
	for (uint32_t i = 0; i < key->tags_nr; i++)
		if (key->tags[i] == id)
			return;
	ALLOC_GROW(key->tags, key->tags_nr + 1, key->tags_alloc);
	key->tags[key->tags_nr++] = id;
}

/* Is every word of stem w ('-' or '_' apart) common or a letter: a
 * stem every tree's tags may have ("for-linus", "pull-request")? */
static int
common_stem(const char *w)
{
	char word[65];

	while (*w) {
		size_t n = strcspn(w, "-_");

		if (n >= 2 && n < sizeof(word)) {
			memcpy(word, w, n);
			word[n] = '\0';
			if (!common_word(word))
				return 0;
		}
		w += n;
		w += *w != '\0';
	}
	return 1;
}

static char *
lower(char *w)
{
	for (char *p = w; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return w;
}

void
evidence_tag(struct tree_table *tt, uint32_t k, const char *tag,
	     size_t len)
{
	struct tree_key *key = &tt->k[k];
	size_t n = 0, sl;
	char *stem;

	if (tt->adopted && k < tt->adopted_nr)
		return;
	while (n < len && tag[n] != '-' && tag[n] != '_' && tag[n] &&
	       tag[n] != '/')
		n++;
	if (n >= 2 && n < len && n <= 64)
		key_word(tt, key, lower(xstrndup(tag, n)));
	/* The stem before a version of several words ("u-boot-rockchip"
	 * of "u-boot-rockchip-20260404"), whose first word ("u") is too
	 * short to be kept: one repository's tags, across a move. */
	if (len > 128 || memchr(tag, '\0', len))
		return;
	stem = tag_stem(tag, len);
	sl = strlen(stem);
	if (sl > 3 && stem[sl - 1] == '*' &&
	    (stem[sl - 2] == '-' || stem[sl - 2] == '_') &&
	    sl - 2 > n && strcspn(stem, "/") == sl) {
		stem[sl - 2] = '\0';
		if (!common_stem(lower(stem))) {
			key_word(tt, key, stem);
			return;
		}
	}
	free(stem);
}

uint32_t
evidence_keepers(const struct tree_table *tt, uint32_t k, uint32_t *out,
		 uint32_t max)
{
	const struct tree_key *key = &tt->k[k];
	uint32_t most = 0, n = 0;

	for (uint32_t i = 0; i < key->ev_nr; i++)
		if (key->ev[i].pulls > most)
			most = key->ev[i].pulls;
	for (uint32_t i = 0; most && i < key->ev_nr; i++) {
		uint32_t p = key->ev[i].person, j;

		if (key->ev[i].pulls != most)
			continue;
		if (n < max) {	/* ascending, for comparing */
			for (j = n; j > 0 && out[j - 1] > p; j--)
				out[j] = out[j - 1];
			out[j] = p;
		}
		n++;
	}
	return n < max ? n : max;
}

/* The most pulls first, then by person (their strings: numbers are in
 * the order the walk met them). */
static int
cmp_keeper(const void *pa, const void *pb, void *data)
{
	const struct tree_table *tt = data;
	const struct keeper_count *a = pa, *b = pb;

	if (a->pulls != b->pulls)
		return a->pulls > b->pulls ? -1 : 1;
	return strcmp(tt->people.s[a->person], tt->people.s[b->person]);
}

/* One key's evidence, on its way to its tree's list. */
struct tree_evidence {
	uint32_t tree, person, pulls;
};

static int
cmp_evidence(const void *pa, const void *pb)
{
	const struct tree_evidence *a = pa, *b = pb;

	if (a->tree != b->tree)
		return a->tree < b->tree ? -1 : 1;
	return (a->person > b->person) - (a->person < b->person);
}

void
evidence_settle(struct tree_table *tt)
{
	struct tree_evidence *ev = NULL;
	size_t nr = 0, alloc = 0;

	/* Sorted by tree and person, then summed: a hostile history's
	 * tree of 100,000 spellings, each by someone else, stays linear. */
	for (uint32_t k = 0; k < tt->k_nr; k++) {
		const struct tree_key *key = &tt->k[k];
		uint32_t id;

		if (!key->ev_nr)
			continue;
		id = trees_find(tt, trees_key_name(tt, k));
		if (id == TREE_NONE)
			continue;
		for (uint32_t i = 0; i < key->ev_nr; i++) {
			ALLOC_GROW(ev, nr + 1, alloc);
			ev[nr++] = (struct tree_evidence){ id, key->ev[i].person,
							   key->ev[i].pulls };
		}
	}
	if (nr > 1)
		qsort(ev, nr, sizeof(*ev), cmp_evidence);
	for (size_t i = 0, j; i < nr; i = j) {
		struct tree *t = &tt->t[ev[i].tree];
		uint32_t n = 0;

		for (j = i; j < nr && ev[j].tree == ev[i].tree; j++)
			n += !(j > i && ev[j].person == ev[j - 1].person);
		free(t->keepers);
		t->keepers = xmalloc(n * sizeof(*t->keepers));
		t->keepers_nr = 0;
		for (size_t q = i; q < j; q++) {
			if (q > i && ev[q].person == ev[q - 1].person) {
				t->keepers[t->keepers_nr - 1].pulls +=
					ev[q].pulls;
				continue;
			}
			t->keepers[t->keepers_nr++] = (struct keeper_count){
				ev[q].person, ev[q].pulls };
		}
		if (t->keepers_nr > 1)
			qsort_r(t->keepers, t->keepers_nr, sizeof(*t->keepers),
				cmp_keeper, tt);
	}
	free(ev);
}

void
keeper_split(const char *ident, const char **name, size_t *name_len,
	     const char **mail, size_t *mail_len)
{
	const char *lt = strrchr(ident, '<'), *gt;
	size_t n;

	*name = ident;
	*mail = "";
	*mail_len = 0;
	if (!lt) {
		*name_len = strlen(ident);
		return;
	}
	gt = strchr(lt, '>');
	*mail = lt + 1;
	*mail_len = gt ? (size_t)(gt - lt - 1) : strlen(lt + 1);
	for (n = (size_t)(lt - ident); n && ident[n - 1] == ' '; n--)
		;
	*name_len = n;
}
