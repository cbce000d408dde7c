/*
 * hash.h - hashing, and the hash indexes built on it: the open-addressing
 * index over a caller's arrays, the numbering of id pairs, and the
 * string interner; and cmp_strp, for string tables kept sorted instead.
 *
 * Allocation that fails ends the program (util.h); nothing here fails
 * otherwise.
 */
#ifndef TREEPLOT_HASH_H
#define TREEPLOT_HASH_H

#include <stddef.h>
#include <stdint.h>

/* FNV-1a of a string: short keys, good spread, no setup. */
uint32_t str_hash(const char *s);
/* FNV-1a of n bytes. */
uint32_t mem_hash(const void *p, size_t n);
/* A hash of a pair of 32-bit numbers (Fibonacci hashing). */
uint32_t hash_u32_pair(uint32_t a, uint32_t b);

/*
 * An open-addressing hash index over elements the caller keeps in arrays
 * of its own, numbered from 0: the index maps a hash to candidate
 * numbers, the caller compares keys.  Each slot keeps the element's hash,
 * so growing needs no callback and candidates whose hash differs are
 * skipped.  Linear probing, at most half full.
 *
 *	struct hindex ix = HINDEX_INIT;
 *	struct hprobe pr;
 *
 *	for (i = hindex_first(&ix, hash, &pr); i != HINDEX_NONE;
 *	     i = hindex_next(&ix, &pr))
 *		if (equal(key, element[i]))
 *			return i;
 *	i = nr++;  (store the element)
 *	hindex_add(&ix, hash, i);
 */
#define HINDEX_NONE UINT32_MAX

struct hslot {
	uint32_t hash;
	uint32_t idx1;		/* element number + 1; 0 for an empty slot */
};

struct hindex {
	struct hslot *slot;
	uint32_t size;		/* a power of two, or 0 */
	uint32_t nr;
};
#define HINDEX_INIT { NULL, 0, 0 }

/* Where a lookup is: pass the same probe to hindex_next. */
struct hprobe {
	uint32_t hash, pos;
};

/* The first element whose hash is hash, or HINDEX_NONE. */
uint32_t hindex_first(const struct hindex *ix, uint32_t hash,
		      struct hprobe *pr);
/* The next one, or HINDEX_NONE. */
uint32_t hindex_next(const struct hindex *ix, struct hprobe *pr);
/* Record element idx under hash (the caller checked it is new). */
void hindex_add(struct hindex *ix, uint32_t hash, uint32_t idx);
void hindex_release(struct hindex *ix);

/*
 * Numbers for pairs of 32-bit ids (tree to tree, tree and committer),
 * from 0 in the order the pairs are first met: what callers count per
 * pair they keep in arrays of their own, numbered alike.
 */
struct pair_index {
	uint32_t (*key)[2];
	uint32_t nr;
	size_t alloc;
	struct hindex ix;
};

/* The number of (a, b); a new pair gets the number nr (then nr grows). */
uint32_t pair_index_get(struct pair_index *pi, uint32_t a, uint32_t b);
void pair_index_release(struct pair_index *pi);

/*
 * Strings numbered by value, from 0 in the order they are first met:
 * one copy of each, owned by the interner (committers to count by, the
 * strings an HTML page lists once).
 *
 *	struct interner names = INTERNER_INIT;
 *	id = str_intern(&names, s);	(names.s[id] is s's copy)
 *	interner_release(&names);
 */
struct interner {
	char **s;		/* the copies, by number */
	uint32_t nr;
	size_t alloc;
	struct hindex ix;	/* s's numbers by their strings */
};
#define INTERNER_INIT { NULL, 0, 0, HINDEX_INIT }

/* The number of s; a string not met before is copied and numbered nr
 * (then nr grows). */
uint32_t str_intern(struct interner *in, const char *s);
/* Frees the copies; in is empty again. */
void interner_release(struct interner *in);

/* The comparator, for qsort and bsearch, of an array of strings (char *
 * or const char *): strcmp's order. */
int cmp_strp(const void *a, const void *b);

#endif
