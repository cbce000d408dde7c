/*
 * test-naming.c - tree_name on every spelling rule, the tree table, and
 * classify_subject + tree_name on whole subjects.  TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flow/classify.h"
#include "flow/identity.h"
#include "flow/evidence.h"
#include "flow/naming.h"
#include "flow/subject.h"
#include "util/buf.h"
#include "util/escape.h"
#include "util/url.h"
#include "util/util.h"

#include "tap.h"

/* s (len bytes) as a one-line, terminal-safe string. */
static char *
show(const char *s, size_t len)
{
	struct buf b = BUF_INIT;

	escape_text(&b, s, len);
	return b.data ? b.data : xstrdup("");
}

/* Compare strings, desc naming the case. */
static void
check_str(const char *desc, const char *got, const char *expected)
{
	char *g = show(got, strlen(got)), *e = show(expected, strlen(expected));
	struct buf gq = BUF_INIT, eq = BUF_INIT;

	buf_printf(&gq, "'%s'", g);
	buf_printf(&eq, "'%s'", e);
	report(!strcmp(got, expected), desc, gq.data, eq.data);
	buf_release(&gq);
	buf_release(&eq);
	free(g);
	free(e);
}

/* "what 'input' -> 'expected'" for a table case. */
static void
check_mapping(const char *what, const char *input, size_t len,
	      const char *got, const char *expected)
{
	struct buf desc = BUF_INIT;
	char *in = show(input, len), *e = show(expected, strlen(expected));

	buf_printf(&desc, "%s '%s' -> '%s'", what, in, e);
	check_str(desc.data, got, expected);
	buf_release(&desc);
	free(in);
	free(e);
}

static void
check_num(const char *desc, unsigned long got, unsigned long expected)
{
	char g[32], e[32];

	snprintf(g, sizeof(g), "%lu", got);
	snprintf(e, sizeof(e), "%lu", expected);
	report(got == expected, desc, g, e);
}

#define KO "git.kernel.org/pub/scm/linux/kernel/git"

static const struct name_case {
	const char *url, *name;
	size_t len;		/* 0: strlen(url) */
} names[] = {
	/* kernel.org: the path under /pub/scm/linux/kernel/git/. */
	{ "git://" KO "/davem/net-2.6.git", "davem/net-2.6", 0 },
	{ "git://" KO "/davem/net-2.6", "davem/net-2.6", 0 },
	{ "master.kernel.org:/pub/scm/linux/kernel/git/davem/net-2.6",
	  "davem/net-2.6", 0 },
	{ "https://" KO "/davem/net-2.6/", "davem/net-2.6", 0 },
	{ "http://" KO "/x/y", "x/y", 0 },
	{ "git+ssh://master.kernel.org/pub/scm/linux/kernel/git/x/y.git",
	  "x/y", 0 },
	{ "ssh://user@master.kernel.org/pub/scm/linux/kernel/git/x/y",
	  "x/y", 0 },
	{ "ra.kernel.org:/pub/scm/linux/kernel/git/someone/iproute2",
	  "someone/iproute2", 0 },
	{ "git://kernel.org/pub/scm/linux/kernel/git/x/y", "x/y", 0 },
	{ "git://www.kernel.org/pub/scm/linux/kernel/git/x/y", "x/y", 0 },
	/* The root's trailing dot: the same host. */
	{ "git://git.kernel.org./pub/scm/linux/kernel/git/davem/net",
	  "davem/net", 0 },
	{ "https://source.denx.de./u-boot/u-boot-dm.git",
	  "source.denx.de/u-boot/u-boot-dm", 0 },
	{ "git@github.com.:torvalds/linux.git", "github.com/torvalds/linux", 0 },
	{ "git://GIT.Kernel.ORG/pub/scm/linux/kernel/git/x/y", "x/y", 0 },
	{ "git://git.kernel.org//pub//scm/linux/kernel/git/x//y.git/", "x/y", 0 },
	{ "master.kernel.org:pub/scm/linux/kernel/git/x/y", "x/y", 0 },
	/* ... else the path under /pub/scm/. */
	{ "https://git.kernel.org/pub/scm/virt/kvm/kvm.git/", "virt/kvm/kvm", 0 },
	{ "git://git.kernel.org/pub/scm/network/iproute2/iproute2-next",
	  "network/iproute2/iproute2-next", 0 },
	/* master.kernel.org's home directories: /home/USER/REPO was served
	 * as /pub/scm/linux/kernel/git/USER/REPO. */
	{ "master.kernel.org:/home/rmk/linux-2.6-arm", "rmk/linux-2.6-arm", 0 },
	{ "ssh://master.kernel.org/home/rmk/linux-2.6-arm.git/",
	  "rmk/linux-2.6-arm", 0 },
	{ "master.kernel.org:/home/rmk", "master.kernel.org/home/rmk", 0 },
	{ "git://git.example.org/home/rmk/x", "git.example.org/home/rmk/x", 0 },
	/* ... else HOST/PATH, as anywhere else. */
	{ "git://git.kernel.org/cgit/linux", "git.kernel.org/cgit/linux", 0 },
	{ "git://git.kernel.org/pub/scm/", "git.kernel.org/pub/scm", 0 },
	{ "master.kernel.org:~dwmw2/foo", "master.kernel.org/~dwmw2/foo", 0 },
	{ "git://evilkernel.org/pub/scm/x", "evilkernel.org/pub/scm/x", 0 },
	{ "git://kernel.org.example.com/pub/scm/x",
	  "kernel.org.example.com/pub/scm/x", 0 },

	/* Everywhere else: HOST/PATH. */
	{ "git://git.infradead.org/mtd-2.6.git", "git.infradead.org/mtd-2.6", 0 },
	{ "git://git.infradead.org/~dwmw2/mtd-2.6.git",
	  "git.infradead.org/~dwmw2/mtd-2.6", 0 },
	{ "https://source.denx.de/u-boot/custodians/u-boot-net.git",
	  "source.denx.de/u-boot/custodians/u-boot-net", 0 },
	{ "ssh://git@GitHub.com:22/Owner/Repo.git", "github.com/Owner/Repo", 0 },
	{ "git@github.com:owner/repo.git", "github.com/owner/repo", 0 },
	{ "user@host.example.org:repo", "host.example.org/repo", 0 },
	{ "https://github.com/owner/repo/", "github.com/owner/repo", 0 },
	{ "https://github.com//owner//repo.git", "github.com/owner/repo", 0 },
	{ "https://host.example.org/foo.git/", "host.example.org/foo", 0 },
	{ "https://host.example.org/foo.git.git//", "host.example.org/foo", 0 },
	{ "git://host.example.org/a.git/b.git", "host.example.org/a.git/b", 0 },
	{ "https://user:pa@ss@host.example.org/r", "host.example.org/r", 0 },
	{ "http://host.example.org:8080/r.git", "host.example.org/r", 0 },
	{ "git://[::1]:9418/r", "[::1]/r", 0 },
	{ "HTTPS://Example.COM/Path/To/Repo", "example.com/Path/To/Repo", 0 },
	{ "ssh://git@host.example.org/~user/repo.git",
	  "host.example.org/~user/repo", 0 },
	{ "foo+bar://host.example.org/x", "host.example.org/x", 0 },
	{ "github.com/foo/bar", "github.com/foo/bar", 0 },
	{ "192.168.0.5:src/iproute2", "192.168.0.5/src/iproute2", 0 },
	{ "nehalam:src/iproute2", "nehalam/src/iproute2", 0 },
	{ "https://host.example.org", "host.example.org", 0 },
	{ "https://host.example.org/", "host.example.org", 0 },
	{ "https://host.example.org/.git", "host.example.org", 0 },
	{ "  https://github.com/owner/repo \t", "github.com/owner/repo", 0 },
	{ "https://github.com/owner/repo.git\r\n", "github.com/owner/repo", 0 },
	{ "git://host.example.org/repoXXX", "host.example.org/repo", 27 },

	/* No host: the path. */
	{ "file:///home/x/linux.git", "/home/x/linux", 0 },
	{ "/home/x//linux/.git", "/home/x/linux", 0 },
	{ "../linux.git/", "../linux", 0 },
	{ "foo.git/", "foo", 0 },
	{ "C:/src/linux", "C:/src/linux", 0 },
	{ "", "", 0 },
	{ "   ", "", 0 },
	{ "git://", "", 0 },
};

static void
check_names(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		const struct name_case *c = &names[i];
		size_t len = c->len ? c->len : strlen(c->url);
		char *got = tree_name(c->url, len);

		check_mapping("tree_name", c->url, len, got, c->name);
		free(got);
	}
}

static const struct subject_name_case {
	const char *subject, *name;
} subject_names[] = {
	{ "Merge branch 'master' of git://" KO "/someone/iproute2",
	  "someone/iproute2" },
	{ "Merge branch 'master' of ra.kernel.org:/pub/scm/linux/kernel/git/someone/iproute2",
	  "someone/iproute2" },
	{ "Merge git://git.kernel.org/pub/scm/network/iproute2/iproute2-next into main",
	  "network/iproute2/iproute2-next" },
	{ "Merge tag 'for-master' of https://github.com/someone/kvm-unit-tests into HEAD",
	  "github.com/someone/kvm-unit-tests" },
	{ "Merge branch 's390x-pull' of https://gitlab.com/someone/kvm-unit-tests.git into 'master'",
	  "gitlab.com/someone/kvm-unit-tests" },
	{ "Merge 192.168.0.5:src/iproute2", "192.168.0.5/src/iproute2" },
	{ "Merge branches 'a' and 'b' of git://" KO "/davem/net-2.6.git.",
	  "davem/net-2.6" },
	{ "Merge git://git.infradead.org/~dwmw2/mtd-2.6.git",
	  "git.infradead.org/~dwmw2/mtd-2.6" },
	{ "Merge branch 'x' of ssh://git@GitHub.com:22/Owner/Repo.git into y",
	  "github.com/Owner/Repo" },
	{ "Merge git@github.com:owner/repo.git", "github.com/owner/repo" },
	{ "Merge branch 'kvm-updates/2.6.29' of git://git.kernel.org/pub/scm/virt/kvm/kvm",
	  "virt/kvm/kvm" },
};

static void
check_subject_names(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(subject_names); i++) {
		const struct subject_name_case *c = &subject_names[i];
		struct merge_class mc;
		char *got;

		classify_subject(c->subject, strlen(c->subject), &mc);
		got = mc.kind == MERGE_EXTERNAL ?
			tree_name(mc.url, mc.url_len) : xstrdup("(not external)");
		check_mapping("subject", c->subject, strlen(c->subject), got,
			      c->name);
		free(got);
	}
}

static int
urls_are(const struct tree *t, const char *const *want, size_t nr)
{
	if (t->urls_nr != nr)
		return 0;
	for (size_t i = 0; i < nr; i++)
		if (strcmp(t->urls[i], want[i]))
			return 0;
	return 1;
}

static void
check_table(void)
{
	static const char *const net[] = {
		"git://" KO "/davem/net-2.6.git",
		"master.kernel.org:/pub/scm/linux/kernel/git/davem/net-2.6",
		"https://" KO "/davem/net-2.6/",
		"git://" KO "/davem/net-2.6.git ",
	};
	static const char linus[] = "git://" KO "/torvalds/linux.git";
	struct tree_table tt;
	uint32_t id;
	int same = 1;

	trees_init(&tt, "torvalds/linux");
	check_num("trees_init: one tree, the mainline", tt.nr, 1);
	check_str("trees_init: the mainline is named by the label",
		  tt.t[TREE_MAINLINE].name, "torvalds/linux");
	check_num("trees_find: never the mainline",
		  trees_find(&tt, "torvalds/linux"), TREE_NONE);

	for (size_t i = 0; i < ARRAY_SIZE(net); i++)
		same = same && trees_add_url(&tt, net[i], strlen(net[i])) == 1;
	same = same && trees_add_url(&tt, net[0], strlen(net[0])) == 1;
	same = same && trees_add_url(&tt, net[2], strlen(net[2])) == 1;
	report(same, "trees_add_url: every spelling of davem/net-2.6 is tree 1",
	       same ? "1" : "other ids", "1");
	check_num("trees_add_url: one tree added", tt.nr, 2);
	report(urls_are(&tt.t[1], net, ARRAY_SIZE(net)),
	       "trees_add_url: each spelling recorded once, exact, in order",
	       "other spellings", "the four spellings");
	check_num("trees_find: davem/net-2.6", trees_find(&tt, "davem/net-2.6"), 1);

	id = trees_add_url(&tt, linus, strlen(linus));
	check_num("trees_add_url: a tree named like the label is not tree 0",
		  id, 2);
	check_num("trees_find: the tree named like the label, renamed",
		  trees_find(&tt, "torvalds/linux (tree)"), 2);
	check_num("trees_find: and not under the label",
		  trees_find(&tt, "torvalds/linux"), TREE_NONE);
	check_str("trees_add_url: the mainline keeps its name",
		  tt.t[0].name, "torvalds/linux");
	check_num("trees_add_url: the mainline records no spelling",
		  tt.t[0].urls_nr, 0);

	id = trees_add_url(&tt, "git://host.example.org/yZZZ", 24);
	check_num("trees_add_url: len bytes only", id, 3);
	check_str("trees_add_url: the spelling is len bytes",
		  tt.t[3].urls[0], "git://host.example.org/y");
	check_num("trees_find: unknown name", trees_find(&tt, "nope"), TREE_NONE);
	check_num("trees_find: empty name", trees_find(&tt, ""), TREE_NONE);

	trees_release(&tt);
	report(!tt.t && !tt.nr && !tt.hash.slot && !tt.hash.size,
	       "trees_release clears the table", "fields set", "cleared");

	trees_init(&tt, "label");
	check_num("trees_find: fresh table", trees_find(&tt, "label/x"),
		  TREE_NONE);
	trees_release(&tt);
}

/* 10,000 trees, each under two spellings, through several hash growths.
 * Each check reports the first tree that fails it, or N when none does. */
static void
check_many(void)
{
	enum { N = 10000 };
	struct tree_table tt;
	char url[128], name[128];
	uint32_t first = N, again = N, found = N, urls = N;

	trees_init(&tt, "mainline");
	for (uint32_t i = 0; i < N; i++) {
		int n = snprintf(url, sizeof(url),
				 "https://example.org/group-%u/repo-%u.git",
				 i % 97, i);

		if (trees_add_url(&tt, url, n) != i + 1 && first == N)
			first = i;
	}
	for (uint32_t i = 0; i < N; i++) {
		int n = snprintf(url, sizeof(url),
				 "git@Example.ORG:group-%u/repo-%u", i % 97, i);

		if (trees_add_url(&tt, url, n) != i + 1 && again == N)
			again = i;
	}
	for (uint32_t i = 0; i < N && i + 1 < tt.nr; i++) {
		snprintf(name, sizeof(name), "example.org/group-%u/repo-%u",
			 i % 97, i);
		if ((trees_find(&tt, name) != i + 1 ||
		     strcmp(tt.t[i + 1].name, name)) && found == N)
			found = i;
		if (tt.t[i + 1].urls_nr != 2 && urls == N)
			urls = i;
	}
	check_num("10000 trees: new names get consecutive ids", first, N);
	check_num("10000 trees: other spellings find the same ids", again, N);
	check_num("10000 trees: trees_find finds each by name", found, N);
	check_num("10000 trees: two spellings each", urls, N);
	check_num("10000 trees: table size", tt.nr, N + 1);
	check_num("10000 trees: hash at most half full",
		  tt.hash.size >= 2 * (tt.nr - 1), 1);
	trees_release(&tt);
}

/* Tag stems (--branches), and branch nodes in the table. */
static void
check_stems(void)
{
	static const char *const cases[][2] = {
		{ "sound-6.1-rc1", "sound-*" },
		{ "sound-6.2", "sound-*" },
		{ "for-linus-20230101", "for-linus-*" },
		{ "drm-next-2023-01-05", "drm-next-*" },
		{ "mm-stable-2023-02-20-13-37", "mm-stable-*" },
		{ "v6.2", "v*" },
		{ "v6.2-rc1", "v*" },
		{ "6.2", "*" },
		{ "usb_5.10", "usb_*" },
		{ "perf-tools-fixes-for-v6.2-1", "perf-tools-fixes-for-v*" },
		{ "for-linus", "for-linus" },
		{ "s390x", "s390x" },
		{ "x86-v2", "x86-v*" },
		{ "", "" },
	};
	struct tree_table tt;
	uint32_t repo, a, b, c;
	char got[64];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *stem = tag_stem(cases[i][0], strlen(cases[i][0]));
		char desc[96];

		snprintf(desc, sizeof(desc), "tag_stem: '%s'", cases[i][0]);
		report(!strcmp(stem, cases[i][1]), desc, stem, cases[i][1]);
		free(stem);
	}

	trees_init(&tt, "mainline");
	repo = trees_add_url(&tt, "git://" KO "/tiwai/sound.git",
			     strlen("git://" KO "/tiwai/sound.git"));
	a = trees_add_branch(&tt, repo, "for-linus", 9);
	b = trees_add_branch(&tt, repo, "for-linus", 9);
	c = trees_add_branch(&tt, repo, "for-next", 8);
	snprintf(got, sizeof(got), "%s %u %u %u", tt.t[a].name, a == b,
		 tt.t[a].repo == repo && tt.t[c].repo == repo, tt.t[repo].repo == repo);
	report(!strcmp(got, "tiwai/sound:for-linus 1 1 1"),
	       "trees_add_branch: REPO:BRANCH, once, knowing its repository",
	       got, "tiwai/sound:for-linus 1 1 1");
	trees_release(&tt);
}

/* A pull for identity's tests: its URL, its time, who committed its
 * tip (NULL: no evidence), the tag it named (NULL: none). */
struct pull_case {
	const char *url;
	int64_t t;
	const char *keeper;
	const char *tag;
};

/* The pulls, then identity_learn, then the trees (ids[] per pull). */
static void
learned(struct tree_table *tt, const struct pull_case *p, size_t n,
	uint32_t *ids)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t k = trees_key(tt, p[i].url, strlen(p[i].url));

		trees_key_seen(tt, k, p[i].t);
		if (p[i].keeper)
			evidence_add(tt, k, evidence_person(tt, p[i].keeper,
							    strlen(p[i].keeper)));
		if (p[i].tag)
			evidence_tag(tt, k, p[i].tag, strlen(p[i].tag));
	}
	identity_learn(tt);
	for (size_t i = 0; i < n; i++)
		ids[i] = trees_add_url(tt, p[i].url, strlen(p[i].url));
	evidence_settle(tt);
}

/* The join that made key a's tree with key b's: its why, or 0. */
static int
join_why(const struct tree_table *tt, const char *a, const char *b)
{
	uint32_t ka = trees_key_find(tt, a), kb = trees_key_find(tt, b);

	for (uint32_t j = 0; j < tt->joins_nr; j++)
		if ((tt->joins[j].a == ka && tt->joins[j].b == kb) ||
		    (tt->joins[j].a == kb && tt->joins[j].b == ka))
			return (int)tt->joins[j].why;
	return 0;
}

static void
check_domains(void)
{
	static const struct {
		const char *host, *domain;
	} cases[] = {
		{ "source.denx.de", "denx.de" },
		{ "gitlab.denx.de", "denx.de" },
		{ "denx.de", "denx.de" },
		{ "git.kernel.org", "kernel.org" },
		{ "a.b.github.com", "github.com" },
		{ "git.example.co.uk", "example.co.uk" },
		{ "example.co.uk", "example.co.uk" },
		{ "co.uk", NULL },
		{ "www.example.com.au", "example.com.au" },
		{ "git.example.or.jp", "example.or.jp" },
		{ "git.example.de", "example.de" },
		{ "src.example.io", "example.io" },
		{ "git.example.info", "example.info" },
		{ "10.0.0.1", NULL },
		{ "[::1]", NULL },
		{ "localhost", NULL },
		{ "", NULL },
		/* The list's private section: each tenant its own domain
		 * (the old rule, the last two labels, joined them). */
		{ "alice.github.io", "alice.github.io" },
		{ "bob.gitlab.io", "bob.gitlab.io" },
		{ "github.io", NULL },
		/* Suffixes the old rule did not know. */
		{ "git.example.gov.in", "example.gov.in" },
		{ "git.example.kawasaki.jp", "git.example.kawasaki.jp" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const char *d = url_registrable_domain(cases[i].host);
		struct buf desc = BUF_INIT;

		buf_printf(&desc, "url_registrable_domain '%s'", cases[i].host);
		check_str(desc.data, d ? d : "(none)",
			  cases[i].domain ? cases[i].domain : "(none)");
		buf_release(&desc);
	}
}

static void
check_identity(void)
{
	static const char *const simon = "Simon Glass <sjg@example.org>";
	static const struct pull_case pulls[] = {
		/* 0-3: u-boot-dm on two sibling hosts side by side, and
		 * its old path under git.denx.de, the dates overlapping;
		 * one pull's tip a merge of the mainline's: no evidence */
		{ "https://gitlab.denx.de/u-boot/custodians/u-boot-dm", 100,
		  simon, "dm-pull-30may25" },
		{ "https://source.denx.de/u-boot/custodians/u-boot-dm.git", 150,
		  NULL, NULL },
		{ "git://git.denx.de/u-boot-dm.git", 120, simon,
		  "dm-next-27may25" },
		{ "https://gitlab.denx.de/u-boot/custodians/u-boot-dm", 300,
		  simon, NULL },
		/* 4-6: forks by different owners */
		{ "https://github.com/alice/util-linux", 100,
		  "Alice <alice@example.org>", NULL },
		{ "https://github.com/bob/util-linux", 150,
		  "Bob <bob@example.org>", NULL },
		{ "https://gitlab.com/dave/util-linux", 90,
		  "Dave <dave@example.org>", NULL },
		/* 7-8: a move from GitHub to GitLab by its keeper */
		{ "https://github.com/carol/util-linux", 100,
		  "Carol <carol@example.org>", NULL },
		{ "https://gitlab.com/carol/util-linux", 400,
		  "Carol <carol@example.org>", NULL },
		/* 9-10: one keeper, two names */
		{ "https://github.com/dana/foo", 100, "Dana <d@example.org>",
		  NULL },
		{ "https://github.com/dana/bar", 110, "Dana <d@example.org>",
		  NULL },
		/* 11-12: one name taken up by another keeper after the
		 * first stopped: the old rule joined them */
		{ "git://git.denx.de/u-boot-x", 100, "Eve <eve@example.org>",
		  NULL },
		{ "https://source.denx.de/u-boot/custodians/u-boot-x", 200,
		  "Frank <frank@example.org>", NULL },
		/* 13-14: undecided, the dates suggesting a move */
		{ "git://git.denx.de/u-boot-y", 100, NULL, NULL },
		{ "https://source.denx.de/u-boot/custodians/u-boot-y", 300,
		  "Gus <gus@example.org>", NULL },
		/* 15-16: undecided, only tags suggesting one tree */
		{ "git://git.denx.de/u-boot-z", 100, NULL, "zz-pull-1" },
		{ "https://source.denx.de/u-boot/custodians/u-boot-z", 100,
		  "Hal <hal@example.org>", "zz-next-2" },
		/* 17-18: one path on hosts of two domains under one
		 * public suffix: not siblings (nor, pulled at once, a
		 * likely move) */
		{ "https://git.foo.co.uk/proj", 100, NULL, NULL },
		{ "https://git.bar.co.uk/proj", 100, NULL, NULL },
		/* 19-20: ... and on two hosts of one */
		{ "https://git.foo.co.uk/other", 100, NULL, NULL },
		{ "https://src.foo.co.uk/other", 110, NULL, NULL },
	};
	static const struct tree_alias alias[] = {
		{ "dm", "git://git.denx.de/u-boot-dm" },
		{ "bob", "https://github.com/bob/util-linux" },
		{ "alice", "https://github.com/alice/util-linux" },
	};
	struct tree_table tt;
	uint32_t ids[ARRAY_SIZE(pulls)], keepers[4];
	const struct tree *dm;

	trees_init(&tt, "mainline");
	learned(&tt, pulls, ARRAY_SIZE(pulls), ids);
	report(ids[0] == ids[1] && ids[1] == ids[2] && ids[2] == ids[3],
	       "identity: one path on sibling hosts, and the old path kept by "
	       "the same person: one tree, the dates overlapping", "apart",
	       "one");
	check_num("identity: ... sibling hosts by the same path",
		  (unsigned long)join_why(&tt, "gitlab.denx.de/u-boot/custodians/u-boot-dm",
					  "source.denx.de/u-boot/custodians/u-boot-dm"),
		  JOIN_SAME_PATH);
	check_num("identity: ... the old path by the same keeper",
		  (unsigned long)join_why(&tt, "git.denx.de/u-boot-dm",
					  "gitlab.denx.de/u-boot/custodians/u-boot-dm"),
		  JOIN_SAME_KEEPER);
	check_str("identity: named by its most recent spelling",
		  tt.t[ids[0]].name,
		  "gitlab.denx.de/u-boot/custodians/u-boot-dm");
	dm = &tt.t[ids[0]];
	check_num("identity: its keepers, summed over its spellings",
		  dm->keepers_nr == 1 && dm->keepers[0].pulls == 3, 1);
	check_num("evidence_keepers: the person of most pulls",
		  evidence_keepers(&tt, trees_key_find(&tt, "git.denx.de/u-boot-dm"),
				   keepers, 4), 1);
	report(ids[4] != ids[5] && ids[4] != ids[6] && ids[5] != ids[6],
	       "identity: forks by different owners stay apart", "joined",
	       "apart");
	report(ids[7] == ids[8], "identity: a move across domains by its "
	       "keeper is one tree", "apart", "joined");
	report(ids[7] != ids[6], "identity: ... not the fork of another owner "
	       "on the new domain", "joined", "apart");
	report(ids[9] != ids[10], "identity: one keeper's trees of different "
	       "names stay apart", "joined", "apart");
	report(ids[11] != ids[12], "identity: one name taken up by another "
	       "keeper stays two trees (the dates alone joined them)",
	       "joined", "apart");
	report(ids[13] != ids[14], "identity: no keeper known on one side: "
	       "apart", "joined", "apart");
	report(ids[15] != ids[16], "identity: tags alone never join",
	       "joined", "apart");
	report(ids[17] != ids[18], "identity: one path under two domains of "
	       "a public suffix (co.uk) is not joined", "joined", "apart");
	report(ids[19] == ids[20], "identity: one path on two hosts of one "
	       "domain under co.uk is", "apart", "joined");
	check_num("identity: what the evidence could not decide: two likely "
		  "aliases", tt.hints_nr, 2);
	if (tt.hints_nr == 2) {
		check_str("identity: the dates' hint names the newer spelling",
			  tt.k[tt.hints[0].newer].key,
			  "source.denx.de/u-boot/custodians/u-boot-y");
		report(strstr(tt.hints[0].detail, "ending before") != NULL,
		       "identity: ... and says why", tt.hints[0].detail,
		       "the dates");
		report(strstr(tt.hints[1].detail, "tags sharing 'zz-'") != NULL,
		       "identity: the tags' hint says which", tt.hints[1].detail,
		       "the tags");
	}
	check_num("trees_find: an older spelling finds the joined tree",
		  trees_find(&tt, "git.denx.de/u-boot-dm"), ids[0]);
	trees_release(&tt);

	trees_init(&tt, "mainline");
	trees_set_aliases(&tt, alias, ARRAY_SIZE(alias));
	learned(&tt, pulls, ARRAY_SIZE(pulls), ids);
	check_str("alias naming one spelling: the whole tree",
		  tt.t[ids[3]].name, "dm");
	report(ids[0] == ids[3], "alias naming one spelling: one tree",
	       "two", "one");
	report(ids[4] != ids[5], "aliases naming two trees keep them apart",
	       "joined", "apart");
	trees_release(&tt);
}

/* One key pulled 100,000 times, each tip by someone else, and 20,000
 * forks of one name: no quadratic step (the test's time says so). */
static void
check_identity_scale(void)
{
	struct tree_table tt;
	struct buf url = BUF_INIT, who = BUF_INIT;
	uint32_t k;

	trees_init(&tt, "mainline");
	k = trees_key(&tt, "https://example.org/big", 23);
	for (uint32_t i = 0; i < 100000; i++) {
		who.len = 0;
		buf_printf(&who, "P%u <p%u@example.org>", i, i);
		trees_key_seen(&tt, k, i);
		evidence_add(&tt, k, evidence_person(&tt, who.data, who.len));
	}
	for (uint32_t i = 0; i < 20000; i++) {
		url.len = 0;
		buf_printf(&url, "https://example.org/u%u/proj", i);
		trees_key_seen(&tt, trees_key(&tt, url.data, url.len), i);
	}
	identity_learn(&tt);
	trees_add_url(&tt, "https://example.org/big", 23);
	evidence_settle(&tt);
	check_num("identity at scale: 100,000 keepers of one tree, tied",
		  tt.t[1].keepers_nr, 100000);
	check_num("identity at scale: 20,000 forks, no evidence: no hint "
		  "(none continues another's path)", tt.hints_nr, 0);
	buf_release(&url);
	buf_release(&who);
	trees_release(&tt);
}

int
main(void)
{
	check_stems();
	check_names();
	check_subject_names();
	check_table();
	check_many();
	check_domains();
	check_identity();
	check_identity_scale();
	return tap_done();
}
