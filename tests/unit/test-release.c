/*
 * test-release.c - tag_is_release, the rule the default range and
 * --cycles share, and the default range's note as text.  TAP.
 */
#include <stdlib.h>
#include <string.h>

#include "git/release.h"
#include "util/buf.h"
#include "util/util.h"

#include "tap.h"

static const struct {
	const char *tag;
	int release;
} rule[] = {
	{ "v2.43", 1 }, { "4.22.0", 1 }, { "RELEASE_1_0", 1 },
	{ "v6.2-rc1", 0 }, { "v2.44-devel", 0 }, { "4.23-dev", 0 },
	{ "4.23-pre1", 0 }, { "v3.0-alpha1", 0 }, { "v3.0-beta2", 0 },
	{ "sound-6.1-rc1", 0 }, { "v1.0rc1", 1 },	/* only "-rc" counts */
	{ "4.2.0-branched", 0 }, { "RELEASE-4.18.0", 1 },	/* Xen's */
	{ "v2.41-start", 0 },		/* opens a cycle: no release */
};

/* The tags that open a cycle: -start, -devel, -dev at the end. */
static const struct {
	const char *tag;
	int opens;
} opener[] = {
	{ "v2.41-start", 1 }, { "v2.44-devel", 1 }, { "4.23-dev", 1 },
	{ "v1.0-dev1", 0 }, { "v2.43", 0 }, { "v6.2-rc1", 0 },
	{ "v2.41-started", 0 }, { "4.2.0-branched", 0 },
};

static void
check_note(const struct range_note *n, const char *expected,
	   const char *desc)
{
	struct buf b = BUF_INIT;

	range_note_text(n, "  ", &b);
	report(!strcmp(b.data, expected), desc, b.data, expected);
	buf_release(&b);
}

int
main(void)
{
	struct range_note *n = xcalloc(1, sizeof(*n));
	struct pattern *re;
	struct buf why = BUF_INIT;

	for (size_t k = 0; k < ARRAY_SIZE(rule); k++)
		report(tag_is_release(rule[k].tag, NULL) == rule[k].release,
		       rule[k].tag, rule[k].release ? "not a release" :
		       "a release", rule[k].release ? "a release" :
		       "not a release");
	for (size_t k = 0; k < ARRAY_SIZE(opener); k++)
		report(tag_opens_cycle(opener[k].tag, NULL) == opener[k].opens,
		       opener[k].tag, opener[k].opens ? "opens none" :
		       "opens a cycle", opener[k].opens ? "opens a cycle" :
		       "opens none");
	if (pattern_compile(&re, PATTERN_TAG, "^v[0-9]+\\.0$", "test", NULL,
			    &why))
		return 1;
	ok(tag_is_release("v2.0", re) && !tag_is_release("v2.43", re) &&
	   !tag_is_release("v2.0-rc1", re),
	   "a pattern replaces the rule");
	ok(!tag_opens_cycle("v2.1-devel", re),
	   "a pattern: no tag opens a cycle but by it");
	pattern_free(re);

	check_note(n, "the whole history: no release tag on HEAD's "
		   "first-parent line", "no tag at all");
	range_note_skip(n, "v2.44-rc1");
	n->tag = xstrdup("v2.43");
	check_note(n, "from v2.43, the last release tag on HEAD's "
		   "first-parent line;\n  skipped v2.44-rc1", "one skipped");
	range_note_skip(n, "v2.44-devel");
	range_note_skip(n, "v2.44-dev\x1b[31m");
	check_note(n, "from v2.43, the last release tag on HEAD's "
		   "first-parent line;\n  skipped 3 pre-release tags, "
		   "v2.44-rc1 to v2.44-dev\\x1b[31m",
		   "three skipped: by their ends, escaped");
	n->opens = 1;
	free(n->tag);
	n->tag = xstrdup("v2.45-devel");
	check_note(n, "from v2.45-devel, the last tag opening a cycle "
		   "on HEAD's first-parent line;\n"
		   "  skipped 3 pre-release tags, v2.44-rc1 to "
		   "v2.44-dev\\x1b[31m", "from a tag opening the cycle");
	range_note_free(n);
	return tap_done();
}
