/*
 * pattern.h - a regular expression the repository's configuration gives
 * (treeplot.releasePattern), matched against names within bounds.
 *
 * The repository's owner chooses the pattern, and glibc's regex has no
 * bound: "(|)(\1\1)*" recursed until SIGSEGV, and
 * "(.*)(.*)(.*)(.*)(.*)\5\4\3\2\1x" ran for minutes on a 60-byte tag
 * name.  So it is PCRE2's (a superset of POSIX ERE for what a tag
 * pattern needs), compiled without back-references, which a tag pattern
 * never needs and which make backtracking exponential, and matched with
 * PCRE2's step and memory limits.  A match that hits them fails the
 * pattern: reported once, naming where it came from; every later match
 * is "no", and the caller asks pattern_failed at the top.
 */
#ifndef TREEPLOT_PATTERN_H
#define TREEPLOT_PATTERN_H

#include <stddef.h>

#include "util/buf.h"

struct pattern;

/*
 * Compile re into *out, where ("treeplot.releasePattern") naming it in
 * messages.  Returns 0, or 1 with why holding the reason (a syntax
 * error with its offset, a back-reference) and *out NULL.
 */
int pattern_compile(struct pattern **out, const char *re, const char *where,
		    struct buf *why);

/* Whether p matches somewhere in s (NUL-terminated): 1 or 0; 0 also
 * after p failed (a limit was hit: reported once). */
int pattern_match(const struct pattern *p, const char *s);

/* Whether a match of p hit a limit (and so the run must fail). */
int pattern_failed(const struct pattern *p);

void pattern_free(struct pattern *p);

#endif
