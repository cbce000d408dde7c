/*
 * suggest.h - "did you mean ...?": the names nearest a mistyped one.
 *
 * A pure module, as git's levenshtein.c: an option, a tag, any name a
 * user may misspell is compared with the names that exist by edit
 * distance (insertions, deletions, substitutions and the swap of two
 * neighbours, git's usual typo), and only names close enough are
 * offered, so that a word unlike any name gets no guess.
 */
#ifndef TREEPLOT_SUGGEST_H
#define TREEPLOT_SUGGEST_H

#include <stddef.h>

#include "util/buf.h"

/* The most names one suggestion offers (a tie beyond it: none). */
#define SUGGEST_MAX 3

/*
 * The edit distance between a (alen bytes) and b (blen bytes): each
 * insertion, deletion, substitution or swap of two adjacent bytes
 * costs 1 (the optimal string alignment distance).
 */
size_t suggest_distance(const char *a, size_t alen, const char *b,
			size_t blen);

/* The nearest names to a word, gathered one candidate at a time. */
struct suggest {
	const char *word;
	size_t len;
	size_t best;		/* the smallest distance so far */
	const char *v[SUGGEST_MAX];	/* borrowed: the names at best */
	size_t nr;		/* how many tie there (may exceed SUGGEST_MAX) */
};

void suggest_init(struct suggest *s, const char *word, size_t len);

/* Consider name (borrowed until the suggestion is written). */
void suggest_add(struct suggest *s, const char *name);

/*
 * Append "did you mean PREFIX+NAME?" (two or three: "A or B?",
 * "A, B or C?") to out, when some names were close enough: at most a
 * third of the word's length apart (at least 1), and at most
 * SUGGEST_MAX of them tying.  Returns 1 when it wrote one, else 0.
 * The names are written as they are: for an error message, which
 * error() escapes whole.
 */
int suggest_write(const struct suggest *s, const char *prefix,
		  struct buf *out);

#endif
