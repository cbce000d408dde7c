/*
 * test-infer.c - infer_guess, the pure part of --infer-ff, from a table:
 * an attribution written by hand (paths, commits with their committers,
 * pulls) in, the guesses out.  TAP.
 */
#include <stdio.h>
#include <string.h>

#include "addons/infer.h"
#include "tap.h"
#include "util/buf.h"
#include "util/util.h"

#define N HIST_NONE	/* a merge: no path */
#define MAXC 12

/*
 * Trees: 0 the mainline, 1 Y (pulled by the mainline), 2 and 3 sources
 * Y pulls (X1, X2).  Paths: 0 the mainline, 1 Y, 2 X1 in Y, 3 X2 in Y.
 * Committers: 0 Y's maintainer, 1 X1's (and X2's), 2 the mainline's,
 * 3 and 4 others.
 */
static const uint32_t path_tree[] = { 0, 1, 2, 3 };
static const uint32_t path_up[] = { N, 0, 1, 1 };

static const struct tcase {
	const char *desc;
	uint32_t path[MAXC], cid[MAXC];	/* per history index */
	uint32_t nr;
	struct pull pulls[4];
	uint32_t pulls_nr;
	const char *want;	/* "commit:tree ..." then "| from>to:n ..." */
} cases[] = {
	{ "a commit on Y by X1's committer, Y pulls X1: from X1",
	  /* m0 (Y into mainline), m1 (X1 into Y), Y, Y, Y by 1, X1, main */
	  { N, N, 1, 1, 1, 2, 0 }, { 2, 0, 0, 0, 1, 1, 2 }, 7,
	  { { 0, 1, 0, 4, 0 }, { 1, 2, 1, 1, 0 } }, 2, "4:2 | 2>1:1" },
	{ "by nobody's usual committer: no guess",
	  { N, N, 1, 1, 1, 2, 0 }, { 2, 0, 0, 0, 3, 1, 2 }, 7,
	  { { 0, 1, 0, 4, 0 }, { 1, 2, 1, 1, 0 } }, 2, "|" },
	{ "Y never pulled X1: no guess",
	  { N, 1, 1, 1, 2, 0 }, { 2, 0, 0, 1, 1, 2 }, 6,
	  { { 0, 1, 0, 4, 0 } }, 1, "|" },
	{ "two sources by one committer: the one Y pulled more often",
	  /* m0, m1 (X1), m2 m3 (X2), Y by 1, X1, X2, X2 */
	  { N, N, N, N, 1, 2, 3, 3 }, { 2, 0, 0, 0, 1, 1, 1, 1 }, 8,
	  { { 0, 1, 0, 4, 0 }, { 1, 2, 1, 1, 0 }, { 2, 3, 1, 1, 0 }, { 3, 3, 1, 1, 0 } },
	  4, "4:3 | 3>1:1" },
	{ "two sources pulled as often: the lower tree id",
	  { N, N, N, 1, 2, 3 }, { 2, 0, 0, 1, 1, 1 }, 6,
	  { { 0, 1, 0, 3, 0 }, { 1, 2, 1, 1, 0 }, { 2, 3, 1, 1, 0 } }, 3,
	  "3:2 | 2>1:1" },
	{ "a tie for X1's usual committer goes to the lower id",
	  /* X1's own commits by 1 and 4, no merge into it: its usual
	   * committer is 1, so Y's commit by 4 is Y's own */
	  { N, N, 1, 2, 2 }, { 2, 0, 4, 1, 4 }, 5,
	  { { 0, 1, 0, 3, 0 }, { 1, 2, 1, 2, 0 } }, 2, "|" },
	{ "the lower id wins the tie, the other way round",
	  { N, N, 1, 2, 2 }, { 2, 0, 1, 1, 4 }, 5,
	  { { 0, 1, 0, 3, 0 }, { 1, 2, 1, 2, 0 } }, 2, "2:2 | 2>1:1" },
	{ "a tree's merges name its maintainer before its own commits",
	  /* Y's own commits are mostly 1's, but 0 merged into Y */
	  { N, N, 1, 1, 1, 2 }, { 2, 0, 1, 1, 0, 1 }, 6,
	  { { 0, 1, 0, 4, 0 }, { 1, 2, 1, 1, 0 } }, 2, "2:2 3:2 | 2>1:2" },
};

/* The guesses as "commit:tree ... | from>to:n ...". */
static void
describe(const struct inference *inf, uint32_t nr, struct buf *out)
{
	for (uint32_t c = 0; c < nr; c++)
		if (inf->tree_of[c] != TREE_NONE)
			buf_printf(out, "%u:%u ", c, inf->tree_of[c]);
	buf_puts(out, "|");
	for (uint32_t k = 0; k < inf->edges_nr; k++)
		buf_printf(out, " %u>%u:%u", inf->edges[k].from,
			   inf->edges[k].to, inf->edges[k].commits);
}

int
main(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct tcase *t = &cases[i];
		uint32_t path_of[MAXC], order[MAXC], n = 0, committers = 0;
		struct attribution a;
		struct inference inf;
		struct buf got = BUF_INIT;

		memset(&a, 0, sizeof(a));
		a.paths.nr = ARRAY_SIZE(path_tree);
		a.paths.tree = (uint32_t *)(uintptr_t)path_tree;
		a.paths.up = (uint32_t *)(uintptr_t)path_up;
		for (uint32_t c = 0; c < t->nr; c++) {
			path_of[c] = t->path[c];
			if (t->path[c] != N)
				order[n++] = c;
			if (t->cid[c] + 1 > committers)
				committers = t->cid[c] + 1;
		}
		a.path_of = path_of;
		a.order = order;
		a.order_nr = n;
		a.pulls = (struct pull *)(uintptr_t)t->pulls;
		a.pulls_nr = t->pulls_nr;
		infer_guess(&a, t->nr, t->cid, committers, &inf);
		describe(&inf, t->nr, &got);
		report(!strcmp(got.data, t->want), t->desc, got.data, t->want);
		buf_release(&got);
		inference_release(&inf);
	}
	return tap_done();
}
