/*
 * hash.c - hashing, the hash index, the pair index and the interner.
 */
#include "util/hash.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "util/work.h"

uint32_t
str_hash(const char *s)
{
	uint32_t x = 2166136261u;

	for (; *s; s++) {
		x ^= (unsigned char)*s;
		x *= 16777619u;
	}
	return x;
}

uint32_t
mem_hash(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint32_t x = 2166136261u;

	for (size_t k = 0; k < n; k++) {
		x ^= s[k];
		x *= 16777619u;
	}
	return x;
}

uint32_t
hash_u32_pair(uint32_t a, uint32_t b)
{
	uint64_t x = ((uint64_t)a << 32 | b) * 0x9e3779b97f4a7c15ULL;

	return (uint32_t)(x >> 32);
}

static uint32_t
hindex_scan(const struct hindex *ix, struct hprobe *pr)
{
	uint32_t mask = ix->size - 1;

	for (;;) {
		const struct hslot *s = &ix->slot[pr->pos];

		work_add(1);
		if (!s->idx1)
			return HINDEX_NONE;
		pr->pos = (pr->pos + 1) & mask;
		if (s->hash == pr->hash)
			return s->idx1 - 1;
	}
}

uint32_t
hindex_first(const struct hindex *ix, uint32_t hash, struct hprobe *pr)
{
	pr->hash = hash;
	pr->pos = 0;
	if (!ix->size)
		return HINDEX_NONE;
	pr->pos = hash & (ix->size - 1);
	return hindex_scan(ix, pr);
}

uint32_t
hindex_next(const struct hindex *ix, struct hprobe *pr)
{
	return ix->size ? hindex_scan(ix, pr) : HINDEX_NONE;
}

static void
hindex_put(struct hslot *slot, uint32_t size, struct hslot s)
{
	uint32_t pos = s.hash & (size - 1);

	while (slot[pos].idx1) {
		pos = (pos + 1) & (size - 1);
		work_add(1);
	}
	slot[pos] = s;
}

void
hindex_add(struct hindex *ix, uint32_t hash, uint32_t idx)
{
	if (2 * ((size_t)ix->nr + 1) > ix->size) {
		uint32_t size = ix->size ? 2 * ix->size : 64;
		struct hslot *slot;

		if (ix->size > UINT32_MAX / 2)
			die_oom();
		slot = xcalloc(size, sizeof(*slot));
		for (uint32_t k = 0; k < ix->size; k++)
			if (ix->slot[k].idx1)
				hindex_put(slot, size, ix->slot[k]);
		free(ix->slot);
		ix->slot = slot;
		ix->size = size;
	}
	hindex_put(ix->slot, ix->size, (struct hslot){ hash, idx + 1 });
	ix->nr++;
}

void
hindex_release(struct hindex *ix)
{
	free(ix->slot);
	ix->slot = NULL;
	ix->size = ix->nr = 0;
}

uint32_t
pair_index_get(struct pair_index *pi, uint32_t a, uint32_t b)
{
	uint32_t hash = hash_u32_pair(a, b), i;
	struct hprobe pr;

	for (i = hindex_first(&pi->ix, hash, &pr); i != HINDEX_NONE;
	     i = hindex_next(&pi->ix, &pr))
		if (pi->key[i][0] == a && pi->key[i][1] == b)
			return i;
	ALLOC_GROW(pi->key, pi->nr + 1, pi->alloc);
	pi->key[pi->nr][0] = a;
	pi->key[pi->nr][1] = b;
	hindex_add(&pi->ix, hash, pi->nr);
	return pi->nr++;
}

void
pair_index_release(struct pair_index *pi)
{
	free(pi->key);
	hindex_release(&pi->ix);
	memset(pi, 0, sizeof(*pi));
}

uint32_t
str_intern(struct interner *in, const char *s)
{
	uint32_t hash = str_hash(s), i;
	struct hprobe pr;

	for (i = hindex_first(&in->ix, hash, &pr); i != HINDEX_NONE;
	     i = hindex_next(&in->ix, &pr))
		/* The index holds a number only once in->s holds its string
		 * (the analyser cannot see that in->s is not NULL then). */
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
		if (!strcmp(in->s[i], s))
			return i;
	ALLOC_GROW(in->s, in->nr + 1, in->alloc);
	in->s[in->nr] = xstrdup(s);
	hindex_add(&in->ix, hash, in->nr);
	return in->nr++;
}

void
interner_release(struct interner *in)
{
	for (uint32_t i = 0; i < in->nr; i++)
		free(in->s[i]);
	free(in->s);
	hindex_release(&in->ix);
	memset(in, 0, sizeof(*in));
}

int
cmp_strp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}
