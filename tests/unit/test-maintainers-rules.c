/*
 * test-maintainers-rules.c - MAINTAINERS entries and the paths they
 * cover, against get_maintainer.pl's documented behaviour (the
 * examples of MAINTAINERS' own preamble and its file_match_pattern).
 * TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flow/maintainers_rules.h"
#include "util/buf.h"
#include "util/escape.h"
#include "util/util.h"

#include "tap.h"

/* One F: (or X:) pattern on one path. */
static const struct {
	const char *pattern, *path;
	int match;
	const char *why;
} globs[] = {
	{ "drivers/net/", "drivers/net/a.c", 1, "a trailing slash: files in" },
	{ "drivers/net/", "drivers/net/x/y/a.c", 1, "and below" },
	{ "drivers/net/", "drivers/netx/a.c", 0, "a directory, not a prefix" },
	{ "drivers/net/*", "drivers/net/a.c", 1, "dir/*: files in" },
	{ "drivers/net/*", "drivers/net/x/a.c", 0, "dir/*: not below" },
	{ "*/net/*", "arch/net/a.c", 1, "*/net/*: any top directory" },
	{ "*/net/*", "net/a.c", 0, "*/net/*: not the top net" },
	{ "drivers/foo.c", "drivers/foo.c", 1, "a file: itself" },
	{ "drivers/foo.c", "drivers/foo.cpp", 1,
	  "a file: a longer name prefixed (get_maintainer.pl's quirk)" },
	{ "drivers/foo.c", "drivers/foo.c/x", 0, "a file: not below" },
	{ "drivers/foo.c", "drivers/fooxc", 0, "'.' is literal" },
	{ "drivers/f?o.c", "drivers/fxo.c", 1, "'?' one character" },
	{ "drivers/f?o.c", "drivers/fo.c", 0, "'?' exactly one" },
	{ "include/*", "include/a/b.h", 0,
	  "'*' crosses '/' but the slashes must agree" },
	{ "include/*/", "include/a/b/c.h", 1, "'*' across '/' with a '/'" },
	{ "*", "Makefile", 1, "'*' a top-level file" },
	{ "*", "a/b", 0, "'*' not below" },
	{ "*/", "a/b/c", 1, "'*/' everything below a directory" },
	{ "Documentation/*.txt", "Documentation/x.txt", 1,
	  "a glob at one depth" },
	{ "Documentation/*.txt", "Documentation/x.rst", 0, "its suffix" },
	{ "drivers/*/foo*", "drivers/a/foobar.c", 1, "two stars" },
	{ "a*b*c", "aXXbYYc.d", 1, "pieces leftmost first" },
	{ "a*b*c", "acb", 0, "pieces in order" },
	{ "x*y", "x\ny", 0, "'*' is Perl's .*: no newline" },
};

static void
check_globs(void)
{
	for (size_t k = 0; k < ARRAY_SIZE(globs); k++) {
		struct mt_rules r;
		struct buf text = BUF_INIT, d = BUF_INIT;
		int got;

		buf_printf(&text, "E\nF:\t%s\n", globs[k].pattern);
		mt_rules_parse(text.data, text.len, &r);
		got = r.nr == 1 && r.e[0].f_nr == 1 &&
		      mt_glob_match(&r.e[0].f[0], globs[k].path,
				    strlen(globs[k].path));
		buf_printf(&d, "F: %s on ", globs[k].pattern);
		escape_text(&d, globs[k].path, strlen(globs[k].path));
		buf_printf(&d, ": %s", globs[k].why);
		report(got == globs[k].match, d.data, got ? "match" : "none",
		       globs[k].match ? "match" : "none");
		mt_rules_release(&r);
		buf_release(&text);
		buf_release(&d);
	}
}

/* The directories of the end tree, for mt_rules_settle. */
static int
is_dir(void *ctx, const char *path)
{
	(void)ctx;
	return !strcmp(path, "drivers/bar") || !strcmp(path, "net");
}

static const char file[] =
	"List of maintainers\r\n"
	"\tM: Mail patches to: Name <address@domain>\r\n"
	"\r\n"
	"BAR DRIVER\r\n"
	"M:\tBar Person <bar@example.org>\r\n"
	"R:\tRev Person <rev@example.org>\r\n"
	"T:\tgit git://git.example.org/bar.git next\r\n"
	"F:\tdrivers/bar\r\n"
	"\r\n"
	"NET\n"
	"M:\tNet <net@example.org>\n"
	"T:\tgit https://git.example.org/net.git\n"
	"T:\tquilt http://example.org/patches/\n"
	"F:\tnet\n"
	"X:\tnet/ipv6/\n"
	"\n"
	"M:\tTitleless <t@example.org>\n"
	"T:\tgit https://git.example.org/t.git\n"
	"N:\t[^a-z]tegra  # a comment: /x\n"
	"\n"
	"REGEX BAD\n"
	"N:\t(unclosed\n"
	"F:\tbad/\n"
	"\n"
	"THE REST\n"
	"M:\tBoss <boss@example.org>\n"
	"F:\t*\n"
	"F:\t*/\n";

/* Entries covering path, as their titles joined by ','. */
static void
cover(const struct mt_rules *r, const char *path, struct buf *out)
{
	uint32_t *v = NULL, alloc = 0;
	int n = mt_rules_cover(r, path, &v, &alloc);

	out->len = 0;
	buf_puts(out, "");
	for (int k = 0; k < n; k++) {
		const char *t = r->e[v[k]].title;

		if (k)
			buf_addc(out, ',');
		buf_puts(out, t ? t : "(none)");
	}
	if (n < 0)
		buf_puts(out, "(gave up)");
	free(v);
}

static const struct {
	const char *path, *entries, *why;
} covers[] = {
	{ "drivers/bar/x.c", "BAR DRIVER", "a directory pattern gains '/'" },
	{ "drivers/bar/y/z.c", "BAR DRIVER", "and covers below" },
	{ "drivers/barx.c", "THE REST", "not a name prefixed" },
	{ "net/core/a.c", "NET", "a directory without '/' in the file" },
	{ "net/ipv6/a.c", "THE REST", "X: wins over F:" },
	{ "arch/arm/mach-tegra/a.c", "(none)", "N: searched in the path" },
	{ "drivers/integrator/a.c", "THE REST", "N: [^a-z]tegra" },
	{ "bad/a.c", "REGEX BAD", "a bad N: is dropped, F: kept" },
	{ "README", "THE REST", "the catch-all where no other matches" },
	{ "net/tegra/a.c", "NET,(none)", "every entry that covers" },
};

static void
check_file(void)
{
	struct mt_rules r;
	struct buf got = BUF_INIT;

	mt_rules_parse(file, sizeof(file) - 1, &r);
	mt_rules_settle(&r, is_dir, NULL);
	ok(r.nr == 5, "five entries (CRLF, a preamble's indented M: no field)");
	ok(r.nr == 5 && !strcmp(r.e[0].title, "BAR DRIVER") &&
	   r.e[0].people_nr == 2 && r.e[0].urls_nr == 1 &&
	   !strcmp(r.e[0].urls[0], "git://git.example.org/bar.git"),
	   "title, M: and R:, T: git URL without its branch, no CR");
	ok(r.nr == 5 && r.e[1].urls_nr == 1, "T: quilt is no tree");
	ok(r.nr == 5 && !r.e[2].title && r.e[2].n_nr == 1,
	   "an entry without a title");
	ok(r.bad_regex == 1 && r.first_bad &&
	   strstr(r.first_bad, "MAINTAINERS:22: N:"),
	   "a bad N: counted, with its line");
	ok(r.nr == 5 && r.e[4].catch_all && !r.e[0].catch_all,
	   "THE REST is the catch-all");
	for (size_t k = 0; k < ARRAY_SIZE(covers); k++) {
		struct buf d = BUF_INIT;

		cover(&r, covers[k].path, &got);
		buf_printf(&d, "%s: %s", covers[k].path, covers[k].why);
		report(!strcmp(got.data, covers[k].entries), d.data, got.data,
		       covers[k].entries);
		buf_release(&d);
	}
	mt_rules_release(&r);
	buf_release(&got);
}

/* Hostile patterns: linear, and within bounds. */
static void
check_hostile(void)
{
	struct mt_rules r;
	struct buf text = BUF_INIT, path = BUF_INIT;

	buf_puts(&text, "STARS\nF:\t");
	buf_pad(&text, '*', 10000);
	buf_puts(&text, "x\nN:\t(a+)+$\n");
	mt_rules_parse(text.data, text.len, &r);
	buf_pad(&path, 'a', 30);
	buf_puts(&path, "b");
	ok(r.nr == 1 && r.e[0].f[0].len == 10001 &&
	   !mt_glob_match(&r.e[0].f[0], path.data, path.len),
	   "10,000 '*': no match, at once");
	ok(r.nr == 1 && mt_entry_covers(&r.e[0], path.data) == -1,
	   "(a+)+$ on a long path gives up within its bounds");
	mt_rules_release(&r);
	buf_release(&text);
	buf_release(&path);
}

int
main(void)
{
	check_globs();
	check_file();
	check_hostile();
	return tap_done();
}
