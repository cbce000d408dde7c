/*
 * pattern.h - regular expressions the repository's configuration gives,
 * matched within bounds: treeplot.releasePattern on tag names, and
 * treeplot.internalPattern and externalPattern on merge subjects
 * (flow/rules.c).  The only module that speaks PCRE2.
 *
 * The repository's owner chooses the patterns, and anyone the subjects:
 * a backtracking match can take exponential time or memory, so each
 * match is bounded by PCRE2's step, depth and heap limits.  A match that
 * reaches them fails its pattern: reported once, naming where the
 * pattern came from; every later match is "no", and the caller asks
 * pattern_failed at the top, before writing anything.
 *
 * A tag pattern is compiled without back-references, which it never
 * needs and which made glibc's regex crash ("(|)(\1\1)*") or run for
 * minutes; it is PCRE2's (a superset of POSIX ERE for what a tag
 * pattern needs).  A subject rule may use them, within its bounds.
 */
#ifndef TREEPLOT_PATTERN_H
#define TREEPLOT_PATTERN_H

#include <stddef.h>

#include "util/buf.h"

struct pattern;

/* What a pattern is matched against: its bounds and its words. */
enum pattern_kind {
	PATTERN_TAG,		/* tag names: no back-references, tight bounds */
	PATTERN_SUBJECT,	/* merge subjects, up to megabytes */
	PATTERN_PATH,		/* MAINTAINERS' N: on paths: Perl's /x, */
				/* a tag's bounds */
};

/*
 * Compile re into *out.  where ("FILE: treeplot.KEY") and shown (the
 * pattern as an error shows it; NULL: re) are copied, for the error of a
 * match that gives up.  Returns 0, or 1 with why holding the reason (a
 * syntax error with its offset, a tag pattern's back-reference) and *out
 * NULL.
 */
int pattern_compile(struct pattern **out, enum pattern_kind kind,
		    const char *re, const char *where, const char *shown,
		    struct buf *why);

/* The pattern's parenthesised groups. */
unsigned pattern_groups(const struct pattern *p);

/*
 * Search s (len bytes, NULs allowed) for p: 1 on a match, with the first
 * group's bounds in *so and *eo when given (both PATTERN_UNSET when it
 * has none or it matched nothing); 0 for no match; -1 when the match
 * gave up (reported, once) or p had given up before.  Matches run on one
 * thread: a pattern keeps its match data.
 */
#define PATTERN_UNSET ((size_t)-1)
int pattern_search(const struct pattern *p, const char *s, size_t len,
		   size_t *so, size_t *eo);

/* Whether p matches somewhere in the string s: 1 or 0 (0 also when it
 * gave up: see pattern_failed). */
int pattern_match(const struct pattern *p, const char *s);

/* Whether a match of p gave up (and so the run must fail). */
int pattern_failed(const struct pattern *p);

void pattern_free(struct pattern *p);

#endif
