/*
 * test-phases.c - the phases of a cycle (phases_plan): where a line's
 * tags cut it and what each piece is called, and the tags that are
 * pre-releases (tag_prerelease), the line's dates made monotone
 * (phases_monotone).  TAP.
 */
#include <stdlib.h>
#include <string.h>

#include "flow/phases.h"
#include "git/release.h"
#include "util/buf.h"
#include "util/util.h"

#include "tap.h"

#define MAXN 16

/* A line: its length, the tag at each position ("" none), the base. */
struct line_case {
	const char *desc;
	uint32_t n;
	const char *tags[MAXN];
	const char *base;
	const char *expected;	/* name|start|end|kind|first-last; ... */
};

static const struct line_case cases[] = {
	{ "a cycle: the window, each -rc, the last to the release", 9,
	  { "", "", "", "v1.2-rc1", "", "v1.2-rc2", "", "", "v1.2" },
	  "v1.1",
	  "merge window|v1.1|v1.2-rc1|W|0-3; rc1|v1.2-rc1|v1.2-rc2|P|4-5; "
	  "rc2|v1.2-rc2|v1.2|P|6-8" },
	{ "no pre-release tag: one phase, the merge window", 4,
	  { "", "", "", "v1.2" }, "v1.1",
	  "merge window|v1.1|v1.2|W|0-3" },
	{ "an end without a tag: the phases so far", 5,
	  { "", "v1.2-rc1", "", "", "" }, "v1.1",
	  "merge window|v1.1|v1.2-rc1|W|0-1; rc1|v1.2-rc1|-|P|2-4" },
	{ "the end on a pre-release tag: it ends the last phase", 4,
	  { "", "v1.2-rc1", "", "v1.2-rc2" }, "v1.1",
	  "merge window|v1.1|v1.2-rc1|W|0-1; rc1|v1.2-rc1|v1.2-rc2|P|2-3" },
	{ "a start without a tag: before the first tag", 5,
	  { "", "", "v1.2-rc1", "", "" }, NULL,
	  "before v1.2-rc1|-|v1.2-rc1|S|0-2; rc1|v1.2-rc1|-|P|3-4" },
	{ "no tag at all: the range", 3, { "", "", "" }, NULL,
	  "the range|-|-|S|0-2" },
	{ "a start on a pre-release tag: its phase", 4,
	  { "", "v1.2-rc4", "", "" }, "v1.2-rc3",
	  "rc3|v1.2-rc3|v1.2-rc4|P|0-1; rc4|v1.2-rc4|-|P|2-3" },
	{ "two cycles: every name in full", 7,
	  { "", "v1.2-rc1", "", "v1.2", "", "v1.3-rc1", "" }, "v1.1",
	  "merge window after v1.1|v1.1|v1.2-rc1|W|0-1; "
	  "v1.2-rc1|v1.2-rc1|v1.2|P|2-3; "
	  "merge window after v1.2|v1.2|v1.3-rc1|W|4-5; "
	  "v1.3-rc1|v1.3-rc1|-|P|6-6" },
	{ "short names that would repeat: in full", 5,
	  { "", "a-rc1", "", "b-rc1", "" }, "v1.1",
	  "merge window after v1.1|v1.1|a-rc1|W|0-1; a-rc1|a-rc1|b-rc1|P|2-3; "
	  "b-rc1|b-rc1|-|P|4-4" },
	{ "the first commit tagged: a phase of one", 3,
	  { "v1.2-rc1", "", "" }, "v1.1",
	  "merge window|v1.1|v1.2-rc1|W|0-0; rc1|v1.2-rc1|-|P|1-2" },
	{ "an empty line: no phase", 0, { "" }, "v1.1", "" },
	/* util-linux: the next cycle's start tag on the line of a release
	 * branched after it: a later version than B never cuts B's phases */
	{ "a later version's tags never cut B's phases", 7,
	  { "", "v2.41-rc1", "", "v2.42-start", "", "v2.41-rc2", "v2.41" },
	  "v2.40",
	  "merge window|v2.40|v2.41-rc1|W|0-1; "
	  "rc1|v2.41-rc1|v2.41-rc2|P|2-5; rc2|v2.41-rc2|v2.41|P|6-6" },
	{ "... nor its pre-releases (numbers compared, not bytes)", 5,
	  { "", "v2.10-rc1", "", "v2.9-rc2", "v2.9" }, "v2.8",
	  "merge window|v2.8|v2.9-rc2|W|0-3; rc2|v2.9-rc2|v2.9|P|4-4" },
	{ "a tag opening the cycle inside its window: no cut", 6,
	  { "", "v2.41-devel", "", "v2.41-rc1", "", "v2.41" }, "v2.40",
	  "merge window|v2.40|v2.41-rc1|W|0-3; rc1|v2.41-rc1|v2.41|P|4-5" },
	{ "a tag opening a cycle: a merge window after it", 5,
	  { "", "v2.42-devel", "", "v2.42-rc1", "" }, NULL,
	  "before v2.42-devel|-|v2.42-devel|S|0-1; "
	  "merge window|v2.42-devel|v2.42-rc1|W|2-3; "
	  "rc1|v2.42-rc1|-|P|4-4" },
	{ "Xen: -dev after the last -rc opens the next window", 4,
	  { "", "4.22-dev", "", "" }, "4.21.0-rc5",
	  "rc5|4.21.0-rc5|4.22-dev|P|0-1; merge window|4.22-dev|-|W|2-3" },
};

static char
kind_letter(enum phase_kind k)
{
	return k == PHASE_WINDOW ? 'W' : k == PHASE_PRE ? 'P' : 'S';
}

static void
check_line(const struct line_case *lc)
{
	const char *tags[MAXN];
	int64_t times[MAXN];
	struct phases ph;
	struct buf b = BUF_INIT;
	int times_ok = 1;

	for (uint32_t k = 0; k < lc->n; k++) {
		tags[k] = *lc->tags[k] ? lc->tags[k] : NULL;
		times[k] = 1000 + 10 * (int64_t)k;
	}
	phases_plan(tags, times, lc->n, lc->base, NULL, &ph);
	buf_puts(&b, "");
	for (uint32_t k = 0; k < ph.nr; k++) {
		const struct phase *p = &ph.v[k];

		buf_printf(&b, "%s%s|%s|%s|%c|%u-%u", k ? "; " : "", p->name,
			   p->start_tag ? p->start_tag : "-",
			   p->end_tag ? p->end_tag : "-", kind_letter(p->kind),
			   p->first, p->last);
		times_ok &= p->first_time == times[p->first] &&
			    p->last_time == times[p->last];
	}
	report(!strcmp(b.data, lc->expected), lc->desc, b.data, lc->expected);
	ok(times_ok, "and each phase's first and last commits' dates");
	phases_release(&ph);
	buf_release(&b);
}

/* phases_monotone on n dates: the dates after, the skew, the count. */
static void
check_monotone(const char *desc, const int64_t *in, uint32_t n,
	       const int64_t *want, uint32_t want_skew, uint32_t want_nr)
{
	int64_t t[MAXN];
	uint32_t skew, nr;
	int same = 1;

	memcpy(t, in, n * sizeof(*t));
	nr = phases_monotone(t, n, &skew);
	for (uint32_t k = 0; k < n; k++)
		same &= t[k] == want[k];
	ok(same && skew == want_skew && nr == want_nr, desc);
}

static void
check_pre(const char *tag, const struct pattern *re, const char *expected)
{
	const char *got = tag_prerelease(tag, re);

	report(got ? expected && !strcmp(got, expected) : !expected, tag,
	       got ? got : "(none)", expected ? expected : "(none)");
}

int
main(void)
{
	struct pattern *re;
	struct buf why = BUF_INIT;

	for (size_t k = 0; k < ARRAY_SIZE(cases); k++)
		check_line(&cases[k]);

	check_pre("v6.8-rc1", NULL, "rc1");
	check_pre("v1.0-beta2", NULL, "beta2");
	check_pre("v2.44-devel", NULL, NULL);	/* opens a cycle */
	check_pre("4.23-dev", NULL, NULL);
	check_pre("v2.41-start", NULL, NULL);
	check_pre("v1.0-dev1", NULL, "dev1");
	check_pre("sound-6.1-rc1", NULL, "rc1");
	check_pre("4.2.0-branched", NULL, "branched");
	check_pre("v1.0-rc1-beta", NULL, "rc1-beta");
	check_pre("v2.43", NULL, NULL);
	check_pre("v1.0rc1", NULL, NULL);
	if (pattern_compile(&re, PATTERN_TAG, "^v[0-9.]+$", "test", NULL,
			    &why))
		return 1;
	check_pre("v2.0-rc1", re, "rc1");
	check_pre("v2.0", re, NULL);
	check_pre("for-linus", re, NULL);	/* neither */
	pattern_free(re);

	ok(phases_day(0) == 0 && phases_day(86399) == 0 &&
	   phases_day(86400) == 1 && phases_day(-1) == -1 &&
	   phases_day(-86400) == -1 && phases_day(-86401) == -2,
	   "phases_day: days since the epoch, rounded down");
	{
		/* a year ahead at the start: back to its successor's */
		static const int64_t a[] = { 31536100, 200, 300, 400 },
				     wa[] = { 200, 200, 300, 400 },
				     /* two ahead: the larger one named */
				     b[] = { 100, 900, 300, 5000, 400 },
				     wb[] = { 100, 300, 300, 400, 400 },
				     c[] = { 100, 100, 200 },
				     /* one behind: the others stay */
				     d[] = { 100, 200, 300, 50, 400, 500 },
				     wd[] = { 100, 200, 300, 400, 400, 500 },
				     /* the last behind: the last kept's */
				     e[] = { 100, 200, 50 },
				     we[] = { 100, 200, 200 };

		check_monotone("phases_monotone: a date a year ahead moves "
			       "back to the next one's", a, 4, wa, 0, 1);
		check_monotone("phases_monotone: the date most ahead is the "
			       "skew, each moved counted", b, 5, wb, 3, 2);
		check_monotone("phases_monotone: dates in order (ties too) "
			       "stay", c, 3, c, HIST_NONE, 0);
		check_monotone("phases_monotone: no date", c, 0, c,
			       HIST_NONE, 0);
		check_monotone("phases_monotone: a date behind moves up to "
			       "the next one's, the others stay", d, 6, wd, 3,
			       1);
		check_monotone("phases_monotone: the end's date behind: the "
			       "last kept one's", e, 3, we, 2, 1);
	}
	return tap_done();
}
