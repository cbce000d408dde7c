/*
 * tap.h - the few lines of TAP the unit-test drivers share: each check
 * prints "ok N - desc" or "not ok N - desc" (report() adds what was got
 * and expected), skip() a skipped one, and tap_done() the plan and the
 * driver's exit status, which says whether any failed.  Header-only:
 * each driver is one program (the inline helpers a driver does not call
 * draw no warning).
 */
#ifndef TREEPLOT_TEST_TAP_H
#define TREEPLOT_TEST_TAP_H

#include <stdio.h>

static int test_nr, test_failed;

static inline void
report(int pass, const char *desc, const char *got, const char *expected)
{
	test_nr++;
	printf("%sok %d - %s\n", pass ? "" : "not ", test_nr, desc);
	if (!pass) {
		test_failed++;
		printf("# got %s expected %s\n", got, expected);
	}
}

/* A check whose got and expected the description says well enough. */
static inline void
ok(int pass, const char *desc)
{
	test_nr++;
	printf("%sok %d - %s\n", pass ? "" : "not ", test_nr, desc);
	if (!pass)
		test_failed++;
}

static inline void
skip(const char *desc, const char *why)
{
	test_nr++;
	printf("ok %d - %s # skip %s\n", test_nr, desc, why);
}

/* The plan, after the checks; main's return value. */
static inline int
tap_done(void)
{
	printf("1..%d\n", test_nr);
	return test_failed != 0;
}

#endif
