/*
 * test-direct.c - signoff_applier on the trailer blocks real commits
 * carry.  TAP.
 */
#include <stdio.h>
#include <string.h>

#include "addons/direct.h"
#include "util/buf.h"
#include "util/util.h"

#include "tap.h"

#define L "Linus Torvalds <torvalds@linux-foundation.org>"
#define A "Andrew Morton <akpm@linux-foundation.org>"
#define G "Greg Kroah-Hartman <gregkh@linuxfoundation.org>"

static const struct {
	const char *desc, *committer, *msg, *want;
} cases[] = {
	{ "by way of Andrew", L,
	  "mm: fix\n\nbody\n\nSigned-off-by: A U Thor <a@example.org>\n"
	  "Signed-off-by: " A "\nSigned-off-by: " L "\n", A },
	{ "reviews and acks between are not sign-offs", L,
	  "x\n\nSigned-off-by: " A "\nReviewed-by: R <r@example.org>\n"
	  "Acked-by: K <k@example.org>\nSigned-off-by: " L "\n", A },
	{ "the committer's mail matches case-insensitively", L,
	  "x\n\nSigned-off-by: " A "\n"
	  "Signed-off-by: Linus Torvalds <TORVALDS@linux-foundation.org>", A },
	{ "signed-off-by in lower case, blanks around", L,
	  "x\n\nsigned-off-by:   " A "  \r\nSigned-off-by: " L, A },
	{ "the committer's own patch: the committer", L,
	  "x\n\nSigned-off-by: " L "\n", L },
	{ "the committer signed off twice", L,
	  "x\n\nSigned-off-by: " G "\nSigned-off-by: " L "\nSigned-off-by: " L,
	  G },
	{ "a sign-off after the committer's does not count", G,
	  "x\n\nSigned-off-by: Dev <dev@example.org>\nSigned-off-by: " G
	  "\nSigned-off-by: " L, "Dev <dev@example.org>" },
	{ "the committer did not sign off: the last sign-off", G,
	  "x\n\nSigned-off-by: Dev <dev@example.org>\nSigned-off-by: " A, A },
	{ "nobody signed off", L, "x\n\nno trailers\n", NO_SIGNOFF },
	{ "an empty message", L, "", NO_SIGNOFF },
	{ "an empty sign-off is none", L, "x\n\nSigned-off-by:   \n",
	  NO_SIGNOFF },
	{ "no mail address: names compared", "Linus Torvalds",
	  "x\n\nSigned-off-by: Dev\nSigned-off-by: Linus Torvalds", "Dev" },
	{ "no trailing newline, one line", L, "Signed-off-by: " A, A },
};

int
main(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct buf who = BUF_INIT;
		char desc[128];

		signoff_applier(cases[i].committer, strlen(cases[i].committer),
				cases[i].msg, strlen(cases[i].msg), &who);
		snprintf(desc, sizeof(desc), "signoff: %s", cases[i].desc);
		report(who.data && !strcmp(who.data, cases[i].want), desc,
		       who.data ? who.data : "(null)", cases[i].want);
		buf_release(&who);
	}
	ok(direct_by_from_name("committer") == DIRECT_BY_COMMITTER &&
	   direct_by_from_name("signoff") == DIRECT_BY_SIGNOFF &&
	   direct_by_from_name("Signoff") == DIRECT_BY_NONE &&
	   direct_by_from_name("") == DIRECT_BY_NONE, "direct_by_from_name");
	{
		/* No direct commit: nothing counted, nothing to sort. */
		struct appliers ap = { DIRECT_BY_COMMITTER, NULL, 0, 0 };
		char *none[1] = { NULL };

		appliers_tally(none, 0, &ap);
		ok(ap.nr == 0 && ap.commits == 0 && ap.a == NULL,
		   "appliers_tally: no direct commit");
		appliers_release(&ap);
	}
	{
		/* By commits descending, then name. */
		struct appliers ap = { DIRECT_BY_COMMITTER, NULL, 0, 0 };
		char *keys[] = { xstrdup("b"), xstrdup("a"), xstrdup("c"),
				 xstrdup("c"), xstrdup("b") };
		struct buf got = BUF_INIT;

		appliers_tally(keys, ARRAY_SIZE(keys), &ap);
		for (uint32_t k = 0; k < ap.nr; k++)
			buf_printf(&got, "%s%s:%u", k ? " " : "", ap.a[k].who,
				   ap.a[k].commits);
		buf_printf(&got, " (%u)", ap.commits);
		report(!strcmp(got.data, "b:2 c:2 a:1 (5)"),
		       "appliers_tally: by commits, then name", got.data,
		       "b:2 c:2 a:1 (5)");
		buf_release(&got);
		appliers_release(&ap);
	}
	return tap_done();
}
