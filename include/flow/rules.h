/*
 * rules.h - the configured rules of merge classification:
 * treeplot.internalPattern and treeplot.externalPattern, PCRE2 patterns
 * tried on each merge's subject before the built-in grammar.
 *
 * The configuration reader compiles what it read into a struct rules,
 * and the flow receives the compiled rules, never the configuration.
 * Subjects are untrusted, so each match is bounded (util/pattern.h,
 * PCRE2's match and heap limits): a rule that
 * reaches a bound is reported ("treeplot: WHERE: pattern 'P' gave up on
 * a merge subject of N bytes: REASON") and skipped from then on;
 * rules_failed tells.
 */
#ifndef TREEPLOT_RULES_H
#define TREEPLOT_RULES_H

#include <stddef.h>

#include "flow/subject.h"
#include "util/buf.h"
#include "util/pattern.h"

enum rule_kind {
	RULE_INTERNAL,		/* a match makes the merge internal */
	RULE_EXTERNAL,		/* a match makes it external: the first
				 * group is the URL it pulled */
};

/* A compiled rule. */
struct rule {
	struct pattern *p;
};

struct rules {
	struct rule *internal;	/* in the order compiled */
	size_t internal_nr, internal_alloc;
	struct rule *external;
	size_t external_nr, external_alloc;
};
#define RULES_INIT { NULL, 0, 0, NULL, 0, 0 }

/*
 * Compile pattern into a rule of kind, after those compiled before.
 * where ("FILE: treeplot.KEY") and shown (the pattern as an error shows
 * it) are copied: they name the rule in the error of a match that gives
 * up.  Returns 0; 1 when the pattern is refused (it does not compile, or
 * an external one has no group for the URL), with the reason appended to
 * why, for the caller, who knows where the pattern came from, to report;
 * or -1 after reporting that memory ran out.
 */
int rules_compile(struct rules *rs, enum rule_kind kind, const char *pattern,
		  const char *where, const char *shown, struct buf *why);

/* classify_rules for classify_merges_with and classify_merge (data: the
 * struct rules): the internal rules first, then the external ones, each
 * in the order compiled. */
int rules_match(void *data, const char *subject, size_t len,
		struct merge_class *out);

/* Whether a rule reached its bound: the run is to fail (exit 2) without
 * writing its output. */
int rules_failed(const struct rules *rs);

void rules_release(struct rules *rs);

#endif
