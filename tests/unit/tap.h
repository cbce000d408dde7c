/*
 * tap.h - the few lines of TAP the unit-test drivers share: each check
 * prints "ok N - desc" or "not ok N - desc" with what was got and
 * expected, and the driver's exit status says whether any failed.
 * Header-only: each driver is one program.
 */
#ifndef TREEPLOT_TEST_TAP_H
#define TREEPLOT_TEST_TAP_H

#include <stdio.h>

static int test_nr, test_failed;

static void
report(int pass, const char *desc, const char *got, const char *expected)
{
	test_nr++;
	printf("%sok %d - %s\n", pass ? "" : "not ", test_nr, desc);
	if (!pass) {
		test_failed++;
		printf("# got %s expected %s\n", got, expected);
	}
}

#endif
