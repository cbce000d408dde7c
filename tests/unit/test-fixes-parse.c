/*
 * test-fixes-parse.c - fixes_parse: the targets a message names, each
 * message's written as "kind:id" lines (with a quoted subject: "kind:id
 * [subject]").  TAP.
 */
#include <stdlib.h>
#include <string.h>

#include "flow/fixes_parse.h"
#include "util/buf.h"
#include "util/util.h"

#include "tap.h"

static const struct {
	const char *desc, *msg, *expected;
} cases[] = {
	{ "a Fixes trailer with its subject",
	  "net: fix it\n\nBody.\n\nFixes: 1234abcd (\"net: add it\")\n"
	  "Signed-off-by: A <a@x>\n", "fixes:1234abcd [net: add it]\n" },
	{ "four digits, forty, upper case",
	  "s\n\nFixes: abcd\nFixes: 0123456789012345678901234567890123456789"
	  "\nfixes: ABCDEF0\n",
	  "fixes:abcd\nfixes:0123456789012345678901234567890123456789\n"
	  "fixes:ABCDEF0\n" },
	{ "three digits, 41, a longer word, no hex: no id",
	  "s\n\nFixes: abc\nFixes: 01234567890123456789012345678901234567890"
	  "\nFixes: abcdefg\nFixes: #123\nFixes: abcd_1\n",
	  "noid:abc\nnoid:01234567890123456789012345678901234567890\n"
	  "noid:abcdefg\nnoid:#123\nnoid:abcd_1\n" },
	{ "\"commit\" before the id: no id",
	  "s\n\nFixes: commit 1234abcd5678 (\"x\")\n",
	  "noid:commit 1234abcd5678 (\"x\")\n" },
	{ "subjects: bare quotes, quotes inside, unclosed, not quoted",
	  "s\n\nFixes: 1111aaaa \"a: b\"\n"
	  "Fixes: 2222bbbb (\"Revert \"x\"\")\n"
	  "Fixes: 3333cccc (\"open\nFixes: 4444dddd (bare)\n"
	  "Fixes: 5555eeee (\"\")\n",
	  "fixes:1111aaaa [a: b]\nfixes:2222bbbb [Revert \"x\"]\n"
	  "fixes:3333cccc\nfixes:4444dddd\nfixes:5555eeee []\n" },
	{ "a Fixes line outside the trailers: none",
	  "s\n\nFixes: 1234abcd\n\nSome prose after it.\n", "" },
	{ "the same id twice, and another spelling of it",
	  "s\n\nFixes: 1234abcd\nFixes: 1234abcd (\"x\")\nFixes: 1234ABCD\n",
	  "fixes:1234abcd\nfixes:1234ABCD\n" },
	{ "git revert's line",
	  "Revert \"x\"\n\nThis reverts commit "
	  "0123456789012345678901234567890123456789.\n",
	  "revert:0123456789012345678901234567890123456789\n" },
	{ "a merge's revert, and a short id",
	  "Revert \"Merge x\"\n\nThis reverts commit 1234567, reversing\n"
	  "changes made to 89abcdef.\n", "revert:1234567\n" },
	{ "six digits, a subject line, an indented line: no revert",
	  "This reverts commit 1234567\n\nThis reverts commit 123456.\n"
	  "  This reverts commit 1234567.\n", "" },
	{ "a revert that fixes too: the trailers first",
	  "Revert \"x\"\n\nThis reverts commit 1234567.\n\n"
	  "Fixes: 1234567 (\"x\")\n",
	  "fixes:1234567 [x]\nrevert:1234567\n" },
	{ "read up to a NUL", "s\n\nFixes: 1234abcd\0\nFixes: 5678abcd\n",
	  "fixes:1234abcd\n" },
};

static void
run(const char *msg, size_t len, struct buf *got)
{
	struct fix_refs r = FIX_REFS_INIT;

	fixes_parse(&r, msg, len);
	for (size_t k = 0; k < r.nr; k++) {
		buf_printf(got, "%s:%s", fix_kind_name(r.v[k].kind),
			   r.text.data + r.v[k].off);
		if (r.v[k].has_subject)
			buf_printf(got, " [%s]", r.text.data + r.v[k].subject);
		buf_addc(got, '\n');
	}
	fix_refs_release(&r);
}

/* Many Fixes lines: every one kept once, in order, in linear-ish time. */
static void
many(void)
{
	struct buf msg = BUF_INIT, got = BUF_INIT, want = BUF_INIT;
	const unsigned n = 200000;

	buf_puts(&msg, "s\n\n");
	for (unsigned k = 0; k < n; k++)
		buf_printf(&msg, "Fixes: %08x\n", k % (n / 2));
	for (unsigned k = 0; k < n / 2; k++)
		buf_printf(&want, "fixes:%08x\n", k);
	run(msg.data, msg.len, &got);
	ok(got.len == want.len && !memcmp(got.data, want.data, got.len),
	   "200,000 Fixes lines, each id twice: 100,000 targets in order");
	buf_release(&msg);
	buf_release(&got);
	buf_release(&want);
}

int
main(void)
{
	for (size_t k = 0; k < ARRAY_SIZE(cases); k++) {
		struct buf got = BUF_INIT;
		const char *msg = cases[k].msg;
		/* the NUL case's message goes on past its NUL */
		size_t len = strlen(msg);

		if (strstr(cases[k].desc, "NUL"))
			len += 1 + strlen(msg + len + 1);
		run(msg, len, &got);
		report(!strcmp(got.data ? got.data : "", cases[k].expected),
		       cases[k].desc, got.data ? got.data : "",
		       cases[k].expected);
		buf_release(&got);
	}
	many();
	return tap_done();
}
