/*
 * test-classify.c - classify_subject on the shapes merge subjects take in
 * real histories, and classify_merges on a hand-built history.  TAP.
 *
 * Every subject is copied to the very end of a mapped page followed by an
 * inaccessible one, so a read past len crashes the test instead of passing
 * by luck.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "flow/classify.h"
#include "flow/forge.h"
#include "flow/naming.h"
#include "flow/subject.h"
#include "util/buf.h"
#include "util/escape.h"
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

struct guarded {
	char *map;
	size_t map_len;
};

/* A copy of s whose last byte is the last readable one. */
static char *
guarded_copy(struct guarded *g, const char *s, size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (len + page - 1) / page * page;

	g->map_len = data + page;
	g->map = mmap(NULL, g->map_len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED || mprotect(g->map + data, page, PROT_NONE)) {
		perror("test-classify: mmap");
		exit(2);
	}
	memcpy(g->map + data - len, s, len);
	return g->map + data - len;
}

static void
guarded_free(struct guarded *g)
{
	munmap(g->map, g->map_len);
}

static const char *
kind_name(enum merge_kind k)
{
	switch (k) {
	case MERGE_UNRECOGNISED: return "unrecognised";
	case MERGE_INTERNAL: return "internal";
	case MERGE_EXTERNAL: return "external";
	}
	return "?";
}

#define U MERGE_UNRECOGNISED
#define I MERGE_INTERNAL
#define E MERGE_EXTERNAL

#define KO "git://git.kernel.org/pub/scm/linux/kernel/git"

static const struct subject_case {
	const char *subject;
	enum merge_kind kind;
	const char *url;	/* what MERGE_EXTERNAL must extract */
	size_t len;		/* 0: strlen(subject) */
} cases[] = {
	/* Internal by construction: a release merged into a topic branch,
	 * git.git's "Sync with", git's remote-tracking branches. */
	{ "Merge 6.7-rc3 into tty-next", I, NULL, 0 },
	{ "Merge v2.6.29-rc3 into x86/core", I, NULL, 0 },
	{ "Merge 2.40.1", I, NULL, 0 },
	{ "Merge 6.7-rc3 and more", U, NULL, 0 },
	{ "Merge 2 into x", U, NULL, 0 },
	{ "Sync with maint", I, NULL, 0 },
	{ "Sync with 2.40.1", I, NULL, 0 },
	{ "Sync with", U, NULL, 0 },
	{ "Merge remote-tracking branch 'origin/x'", I, NULL, 0 },
	{ "Merge remote-tracking branch 'origin/x' into y", I, NULL, 0 },
	/* "Merge with URL": a pull (internal when it is the line's own). */
	{ "Merge with " KO "/davem/net-2.6", E, KO "/davem/net-2.6", 0 },
	{ "Merge with http://xenbits.xensource.com/xen-unstable.hg", E,
	  "http://xenbits.xensource.com/xen-unstable.hg", 0 },
	{ "merge with xen-unstable.hg", U, NULL, 0 },
	{ "Merge with xen-unstable.hg", U, NULL, 0 },

	/* "Merge URL": a remote's HEAD pulled, the URL alone. */
	{ "Merge " KO "/davem/net-2.6", E, KO "/davem/net-2.6", 0 },
	{ "Merge " KO "/davem/net-2.6.git", E, KO "/davem/net-2.6.git", 0 },
	{ "Merge git://git.kernel.org/pub/scm/network/iproute2/iproute2-next",
	  E, "git://git.kernel.org/pub/scm/network/iproute2/iproute2-next", 0 },
	{ "Merge git://git.kernel.org/pub/scm/network/iproute2/iproute2-next into main",
	  E, "git://git.kernel.org/pub/scm/network/iproute2/iproute2-next", 0 },
	{ "Merge http://git.kernel.org/pub/scm/linux/kernel/git/tj/libata.git",
	  E, "http://git.kernel.org/pub/scm/linux/kernel/git/tj/libata.git", 0 },
	{ "Merge https://github.com/owner/repo", E,
	  "https://github.com/owner/repo", 0 },
	{ "Merge ssh://git@github.com:22/Owner/Repo.git into next", E,
	  "ssh://git@github.com:22/Owner/Repo.git", 0 },
	{ "Merge git+ssh://master.kernel.org/pub/scm/linux/kernel/git/x/y",
	  E, "git+ssh://master.kernel.org/pub/scm/linux/kernel/git/x/y", 0 },
	{ "Merge master.kernel.org:/pub/scm/linux/kernel/git/gregkh/usb-2.6",
	  E, "master.kernel.org:/pub/scm/linux/kernel/git/gregkh/usb-2.6", 0 },
	{ "Merge git@github.com:owner/repo.git", E,
	  "git@github.com:owner/repo.git", 0 },
	{ "Merge git://git.infradead.org/~dwmw2/mtd-2.6.git", E,
	  "git://git.infradead.org/~dwmw2/mtd-2.6.git", 0 },
	{ "Merge master.kernel.org:~dwmw2/foo", E,
	  "master.kernel.org:~dwmw2/foo", 0 },
	{ "Merge " KO "/x/y master", E, KO "/x/y", 0 },
	{ "Merge " KO "/x/y.", E, KO "/x/y", 0 },
	{ "Merge git://host.example.org/repo\r", E,
	  "git://host.example.org/repo", 0 },
	{ "Merge git://host.example.org/repo \t", E,
	  "git://host.example.org/repo", 0 },
	{ "Merge 192.168.0.5:src/iproute2", E, "192.168.0.5:src/iproute2", 0 },
	{ "Merge GIT://Host.Example.ORG/Repo", E, "GIT://Host.Example.ORG/Repo", 0 },
	{ "Merge git.kernel.org/pub/scm/x/y into z", E,
	  "git.kernel.org/pub/scm/x/y", 0 },
	{ "Merge git://one.example.org/a; branch 'b' of git://two.example.org/c",
	  E, "git://one.example.org/a", 0 },

	/* "Merge WHAT 'NAME' of URL": git's fmt-merge-msg. */
	{ "Merge branch 'master' of " KO "/shemminger/iproute2", E,
	  KO "/shemminger/iproute2", 0 },
	{ "Merge branch 'net-next' of " KO "/shemminger/iproute2 into net-next",
	  E, KO "/shemminger/iproute2", 0 },
	{ "Merge branch 'master' of ra.kernel.org:/pub/scm/linux/kernel/git/someone/iproute2",
	  E, "ra.kernel.org:/pub/scm/linux/kernel/git/someone/iproute2", 0 },
	{ "Merge branch 'master' of master.kernel.org:/pub/scm/linux/kernel/git/someone/iproute2",
	  E, "master.kernel.org:/pub/scm/linux/kernel/git/someone/iproute2", 0 },
	{ "Merge branch 'master' of nehalam:src/iproute2", E,
	  "nehalam:src/iproute2", 0 },
	{ "Merge branch 'x' of localhost:repo", E, "localhost:repo", 0 },
	{ "Merge branches 'a' and 'b' of " KO "/x/y", E, KO "/x/y", 0 },
	{ "Merge branches 'a' and 'b' of " KO "/x/y into c", E, KO "/x/y", 0 },
	{ "Merge branches 'a', 'b' and 'c' of " KO "/x/y", E, KO "/x/y", 0 },
	{ "Merge branches 'a', 'b', 'c', 'd' and 'e' of " KO "/x/y into f",
	  E, KO "/x/y", 0 },
	{ "Merge branches 'a', 'b', and 'c' of " KO "/x/y", E, KO "/x/y", 0 },
	{ "Merge tag 'for-master' of https://github.com/someone/kvm-unit-tests into HEAD",
	  E, "https://github.com/someone/kvm-unit-tests", 0 },
	{ "Merge tag 's390x-2020-04-30' of https://github.com/someone/kvm-unit-tests",
	  E, "https://github.com/someone/kvm-unit-tests", 0 },
	{ "Merge tag 'pull-request-2019-08-02' of https://gitlab.com/someone/kvm-unit-tests into HEAD",
	  E, "https://gitlab.com/someone/kvm-unit-tests", 0 },
	{ "Merge tags 'v1' and 'v2' of " KO "/x/y", E, KO "/x/y", 0 },
	{ "Merge remote branch 'next' of git://git.example.org/x.git", E,
	  "git://git.example.org/x.git", 0 },
	{ "Merge remote-tracking branch 'next' of https://git.example.org/x into y",
	  E, "https://git.example.org/x", 0 },
	{ "Merge commit 'v2.6.29' of " KO "/x/y", E, KO "/x/y", 0 },
	{ "Merge branch 's390x-pull-2021-08-03' of https://gitlab.com/someone/kvm-unit-tests.git into 'master'",
	  E, "https://gitlab.com/someone/kvm-unit-tests.git", 0 },
	{ "Merge branch \"foo\" of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge branch 'with space' of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge branch 'it's' of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge branch 'a, b and c' of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge branch 'x' of github.com/foo/bar", E, "github.com/foo/bar", 0 },
	{ "Merge branch 'x' of git://host.example.org/repo.git.", E,
	  "git://host.example.org/repo.git", 0 },
	{ "Merge branch 'x' of https://user:pw@host.example.org/r", E,
	  "https://user:pw@host.example.org/r", 0 },
	{ "Merge branch 'x' of git://[::1]/repo", E, "git://[::1]/repo", 0 },
	{ "Merge branch 'x' of git@github.com:owner/repo.git into y", E,
	  "git@github.com:owner/repo.git", 0 },
	{ "Merge branch 'a', tag 'b' of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge HEAD, branch 'a' of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge branch 'a'; branch 'b' of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge branch 'a' of ../local; branch 'b' of git://git.example.org/x",
	  E, "git://git.example.org/x", 0 },
	{ "Merge branch 'a' of git://one.example.org/x; branch 'b' of git://two.example.org/y",
	  E, "git://one.example.org/x", 0 },
	{ "Merge branch 'a', junk 'b' of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge branch 'x' of https://git.example.org/r\t", E,
	  "https://git.example.org/r", 0 },
	{ "Merge branch 'x' of https://git.example.org/r, finally", E,
	  "https://git.example.org/r", 0 },
	{ "Merge branch 'x' of git://git.example.org/r\xc3\xa9", E,
	  "git://git.example.org/r\xc3\xa9", 0 },
	/* len is the end, whatever follows in memory. */
	{ "Merge git://host.example.org/repo into x", E,
	  "git://host.example.org/r", 30 },

	/* Slips a hand-typed or tool-written subject carries, read as git
	 * would have meant them: blanks, a full stop, double quotes, a name
	 * not quoted. */
	{ "Merge branch 'kirigamiPort' of \thttps://github.com/sebasje/subsurface into mergeKirigamiPort",
	  E, "https://github.com/sebasje/subsurface", 0 },
	{ "Merge branch 'x' of  git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge  git://git.example.org/x", E, "git://git.example.org/x", 0 },
	{ "Merge\tgit://git.example.org/x", E, "git://git.example.org/x", 0 },
	{ "Merge  branch\t'x'  of  git://git.example.org/x  into  y", E,
	  "git://git.example.org/x", 0 },
	{ "Merge branches 'a',  'b'\tand 'c' of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge HEAD,  branch 'a' of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge tag \"v1\" of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge tag v1.2 of git://git.example.org/x", E,
	  "git://git.example.org/x", 0 },
	{ "Merge branch master of https://github.com/o/r into next", E,
	  "https://github.com/o/r", 0 },
	{ "Merge  with\thttp://xenbits.xensource.com/xen-unstable.hg", E,
	  "http://xenbits.xensource.com/xen-unstable.hg", 0 },
	/* Near misses: a slip never makes an internal merge external. */
	{ "Merge branch 'x' of .", I, NULL, 0 },
	{ "Merge branch 'x' of  .", I, NULL, 0 },
	{ "Merge branch 'x' of\t../linus", I, NULL, 0 },
	{ "Merge branch x of .", I, NULL, 0 },
	{ "Merge branch x of ../linus", I, NULL, 0 },
	{ "Merge tag v1 of linux-2.6", I, NULL, 0 },
	{ "Merge branch 'x'  into  y", I, NULL, 0 },
	{ "Merge branch 'x'.", I, NULL, 0 },
	{ "Merge  'x'  into y", I, NULL, 0 },
	{ "Sync  with\tmaint", I, NULL, 0 },

	/* Internal: no repository named, or a local one. */
	{ "Merge branch 'linus'", I, NULL, 0 },
	{ "Merge branch 'linus' into x86/core", I, NULL, 0 },
	{ "Merge branches 'x86/apic' and 'x86/mm' into x86/core", I, NULL, 0 },
	{ "Merge branches 'a', 'b' and 'c' into d", I, NULL, 0 },
	{ "Merge commit 'v2.6.29-rc3' into core/locking", I, NULL, 0 },
	{ "Merge commit 'v2.6.29-rc3'", I, NULL, 0 },
	{ "Merge tag 'v6.1' into next", I, NULL, 0 },
	{ "Merge tags 'a' and 'b'", I, NULL, 0 },
	{ "Merge remote branch 'origin/master'", I, NULL, 0 },
	{ "Merge remote-tracking branch 'origin/master' into foo", I, NULL, 0 },
	{ "Merge remote-tracking branch 'someone/arm/v7-initial-drop'", I, NULL, 0 },
	{ "Merge ../linus", I, NULL, 0 },
	{ "Merge ../linus into foo", I, NULL, 0 },
	{ "Merge ./foo", I, NULL, 0 },
	{ "Merge /home/user/linux", I, NULL, 0 },
	{ "Merge ~/src/linux", I, NULL, 0 },
	{ "Merge .", I, NULL, 0 },
	{ "Merge HEAD", I, NULL, 0 },
	{ "Merge HEAD into foo", I, NULL, 0 },
	{ "Merge 'x' into y", I, NULL, 0 },
	{ "Merge 'iproute2-master' into iproute2-next", I, NULL, 0 },
	{ "Merge branch 'B' of ../local/path", I, NULL, 0 },
	{ "Merge branch 'B' of /abs/path", I, NULL, 0 },
	{ "Merge branch 'for-2.6.39' of /home/someone/iproute2-net-next", I, NULL, 0 },
	{ "Merge branch 'x' of file:///srv/git/x.git", I, NULL, 0 },
	{ "Merge branch 'x' of linux-2.6", I, NULL, 0 },
	{ "Merge branch 'x' of iproute2.git/sub", I, NULL, 0 },
	{ "Merge branch 'a' of ../x; branch 'b'", I, NULL, 0 },
	{ "Merge branch \"foo\" into bar", I, NULL, 0 },
	{ "Merge branch 'master' into net-next", I, NULL, 0 },
	{ "Merge branch 'arm/queue' into 'master'", I, NULL, 0 },
	{ "Merge branch 'x' into next A Developer  says:", I, NULL, 0 },
	{ "Merge branch 'main' into next Signed-off-by: A U Thor <a@example.org>",
	  I, NULL, 0 },
	{ "Merge branch 's390x-next-20220117' from someone into 'master'", I, NULL, 0 },
	{ "Merge branch 'a' of ../x\r", I, NULL, 0 },
	/* GitLab's merge of an upstream project's branch into a topic
	 * (PROJECT:BRANCH, unquoted): internal, as "Merge branch 'X' into
	 * Y" is. */
	{ "Merge branch glib:main into utf8-gir-fix", I, NULL, 0 },
	{ "Merge branch gnome/glib:main into wip/utf8", I, NULL, 0 },
	{ "Merge branch glib:main  into\tutf8-gir-fix", I, NULL, 0 },

	/* Unrecognised. */
	{ "", U, NULL, 0 },
	{ "Merge", U, NULL, 0 },
	{ "Merge ", U, NULL, 0 },
	{ "merged stuff", U, NULL, 0 },
	{ "MERGE branch 'x'", U, NULL, 0 },
	{ "Merge branch", U, NULL, 0 },
	{ "Merge branch foo", U, NULL, 0 },
	{ "Merge branch 'unterminated", U, NULL, 0 },
	{ "Merge branch 'x' of", U, NULL, 0 },
	{ "Revert \"Merge branch 'x' of git://git.example.org/y\"", U, NULL, 0 },
	{ " Merge git://git.example.org/x", U, NULL, 0 },
	{ "Merge in fix for loss of MQ", U, NULL, 0 },
	{ "Travis-CI support", U, NULL, 0 },
	{ "Merge pull request #123 from owner/branch", U, NULL, 0 },
	{ "Merge linux-2.6", U, NULL, 0 },
	{ "Merge fix:typo", U, NULL, 0 },
	{ "Merge v2.6:fix", U, NULL, 0 },
	{ "Merge C:/src/linux", U, NULL, 0 },
	{ "Merge git:///no/host", U, NULL, 0 },
	{ "\x1b[31mMerge git://git.example.org/x", U, NULL, 0 },
	{ "Merge git://git.example.org/x\x1b[0m", U, NULL, 0 },
	{ "Merge branch 'x' of git://bad\x01host.org/y", U, NULL, 0 },
	{ "Merge \xff\xfe", U, NULL, 0 },
	{ "Merged branch 'x' of git://git.example.org/x", U, NULL, 0 },
	{ "Merge tag v1.2 into next", U, NULL, 0 },
	{ "Merge tag v1.2 of", U, NULL, 0 },
	{ "Merge branch 'x', of git://git.example.org/x", U, NULL, 0 },
	{ "Merge git://git.example.org/x", U, NULL, 5 },
	/* ... but no other unquoted name before " into ", nor the form cut
	 * short: free text. */
	{ "Merge branch main into topic", U, NULL, 0 },
	{ "Merge branch glib:main", U, NULL, 0 },
	{ "Merge branch glib:main into", U, NULL, 0 },
	{ "Merge branch :main into x", U, NULL, 0 },
	{ "Merge branch glib: into x", U, NULL, 0 },
	{ "Merge branch glib:main into x y", U, NULL, 0 },
	/* git.git's merge with a free subject (its shape says no more). */
	{ "writev: retract the topic until we have a better emulation", U,
	  NULL, 0 },
};

static void
check_subject(const struct subject_case *c)
{
	size_t len = c->len ? c->len : strlen(c->subject);
	struct guarded g;
	const char *s = guarded_copy(&g, c->subject, len);
	struct merge_class mc;
	char *desc, *got, *expected, *shown = show(s, len);
	int pass;

	classify_subject(s, len, &mc);
	pass = mc.kind == c->kind;
	if (c->kind == MERGE_EXTERNAL)
		pass = pass && mc.url >= s && mc.url + mc.url_len <= s + len &&
		       mc.url_len == strlen(c->url) &&
		       !memcmp(mc.url, c->url, mc.url_len);
	else
		pass = pass && !mc.url && !mc.url_len;

	desc = xmalloc(strlen(shown) + 64);
	sprintf(desc, "%s: %s", kind_name(c->kind), shown);
	if (mc.kind == MERGE_EXTERNAL && mc.url) {
		char *u = show(mc.url, mc.url_len);

		got = xmalloc(strlen(u) + 32);
		sprintf(got, "external '%s'", u);
		free(u);
	} else {
		got = xstrdup(kind_name(mc.kind));
	}
	if (c->kind == MERGE_EXTERNAL) {
		expected = xmalloc(strlen(c->url) + 32);
		sprintf(expected, "external '%s'", c->url);
	} else {
		expected = xstrdup(kind_name(c->kind));
	}
	report(pass, desc, got, expected);
	free(desc);
	free(got);
	free(expected);
	free(shown);
	guarded_free(&g);
}

/*
 * classify_message: the forms of forges, mail and subtree merges, which
 * the subject alone (classify_subject) leaves unrecognised or internal.
 * what is the URL for SOURCE_URL, else the name.
 */
static const struct message_case {
	const char *subject;
	const char *body;	/* reference lines, as history_body keeps them */
	enum merge_kind kind;
	enum merge_source source;
	const char *what;
} messages[] = {
	/* Gerrit: the server's merges, by change, changes and topics; the
	 * name is the topics as written.  First, even when the change's
	 * own subject reads like a merge naming a URL. */
	{ "Merge \"docs: fix typo\" into integration", NULL, E, SOURCE_REVIEW,
	  "" },
	{ "Merge \"docs: fix typo\"", NULL, E, SOURCE_REVIEW, "" },
	{ "Merge \"say \"hi\"\" into lts-v2.8", NULL, E, SOURCE_REVIEW, "" },
	{ "Merge \"Merge branch 'x' of git://h.example.org/y\" into integration",
	  NULL, E, SOURCE_REVIEW, "" },
	{ "Merge changes I17523700,Ic05f3227 into integration", NULL, E,
	  SOURCE_REVIEW, "" },
	{ "Merge changes I17523700,Ic05f3227", NULL, E, SOURCE_REVIEW, "" },
	{ "Merge changes Ia1b2c3d4,I5e6f7a8b,I9c0d1e2f,I3a4b5c6d,I7e8f9a0b, ... into integration",
	  NULL, E, SOURCE_REVIEW, "" },
	{ "Merge changes from topic \"xlnx_versal_misra_fixes\" into integration",
	  NULL, E, SOURCE_REVIEW, "\"xlnx_versal_misra_fixes\"" },
	{ "Merge changes from topic 'old-style' into integration", NULL, E,
	  SOURCE_REVIEW, "'old-style'" },
	{ "Merge changes from topic \"t\"", NULL, E, SOURCE_REVIEW, "\"t\"" },
	{ "Merge changes from topics \"a\", \"b\" into integration", NULL, E,
	  SOURCE_REVIEW, "\"a\", \"b\"" },
	/* Near misses: what Gerrit never writes. */
	{ "Merge changes I123 into integration", NULL, U, SOURCE_URL, NULL },
	{ "Merge changes Ixyz12345 into integration", NULL, U, SOURCE_URL,
	  NULL },
	{ "Merge changes I17523700, Ic05f3227 into integration", NULL, U,
	  SOURCE_URL, NULL },
	{ "Merge changes from topic xlnx into integration", NULL, U,
	  SOURCE_URL, NULL },
	{ "Merge changes from topic \"\" into integration", NULL, U,
	  SOURCE_URL, NULL },
	{ "Merge \"unterminated into integration", NULL, U, SOURCE_URL, NULL },
	{ "Merge \"x\" into", NULL, U, SOURCE_URL, NULL },
	{ "Merge \"\"", NULL, I, SOURCE_URL, NULL },
	/* The automerger's, between branches: no review server's. */
	{ "Merge \"fix\" into lts-v2.8 am: 0a1b2c3d4e", NULL, I, SOURCE_URL,
	  NULL },
	{ "Merge changes I17523700,Ic05f3227 into lts am: 5f6e7d8c9b", NULL, U,
	  SOURCE_URL, NULL },

	/* Forges beyond GitHub's own form (numbers: check_numbers). */
	{ "Merge PR #3953: waitpid pidfd inode format support", NULL, E,
	  SOURCE_GITHUB, "" },
	{ "Merge PR #12:", NULL, U, SOURCE_URL, NULL },
	{ "Merge PR #x: title", NULL, U, SOURCE_URL, NULL },
	{ "Merged in user/branch (pull request #12)", NULL, E, SOURCE_BITBUCKET,
	  "" },
	{ "Merged in feature/x (pull request #12) by a bot", NULL, U,
	  SOURCE_URL, NULL },
	{ "Merged in two words (pull request #12)", NULL, U, SOURCE_URL, NULL },
	{ "Merge pull request 'Fix the build' (#12) from alice/widget:fix-build into main",
	  NULL, E, SOURCE_GITEA, "alice" },
	{ "Merge pull request 'Fix' (!7) from org/repo:topic/x into main", NULL,
	  E, SOURCE_GITEA, "org" },
	{ "Merge pull request 'x' (#12) from <deleted>:branch into main", NULL,
	  E, SOURCE_GITEA, "<deleted>" },
	{ "Merge pull request 'it's (#1) from a/b:c into d' (#12) from bob/r:b into main",
	  NULL, E, SOURCE_GITEA, "bob" },
	{ "Merge pull request 'x' (#12) from user/branch into main", NULL, I,
	  SOURCE_URL, NULL },
	{ "Merge pull request 'x' (#12) from bob/r: into main", NULL, U,
	  SOURCE_URL, NULL },
	{ "Merge pull request 'x' (#12) from :b into main", NULL, U,
	  SOURCE_URL, NULL },
	{ "Merge pull request '' (#12) from a/b:c into main", NULL, U,
	  SOURCE_URL, NULL },
	{ "Merge pull request 'x' #12 from a/b:c into main", NULL, U,
	  SOURCE_URL, NULL },

	/* GitHub: the fork's owner; the branch may hold slashes. */
	{ "Merge pull request #123 from octocat/fix-typo", NULL, E,
	  SOURCE_GITHUB, "octocat" },
	{ "Merge pull request #40912 from kubernetes-sigs/feature/ipv6", NULL,
	  E, SOURCE_GITHUB, "kubernetes-sigs" },
	{ "Merge pull request #7 from Some-User42/main\n", NULL, E,
	  SOURCE_GITHUB, "Some-User42" },
	{ "Merge pull request #1 from o/b extra words", NULL, U, SOURCE_URL, NULL },
	{ "Merge pull request #x from owner/branch", NULL, U, SOURCE_URL, NULL },
	{ "Merge pull request #12 from owner", NULL, U, SOURCE_URL, NULL },
	{ "Merge pull request #12 from owner/", NULL, U, SOURCE_URL, NULL },
	{ "Merge pull request #12 from own_er/x", NULL, U, SOURCE_URL, NULL },
	/* A URL in the subject wins over everything else. */
	{ "Merge branch 'x' of https://github.com/o/r into 'main'",
	  "See merge request g/p!1", E, SOURCE_URL, "https://github.com/o/r" },

	/* GitLab: the project the request was merged in. */
	{ "Merge branch 'fix-ci' into 'master'",
	  "See merge request gnome/gtk!4521", E, SOURCE_GITLAB, "gnome/gtk" },
	{ "Merge branch 'wip/x' into 'main'",
	  "[1] https://example.org\nSee merge request group/sub/project!7", E,
	  SOURCE_GITLAB, "group/sub/project" },
	{ "Merge branch 'fix-ci' into 'master'", NULL, I, SOURCE_URL, NULL },
	{ "Merge branch 'fix-ci' into 'master'", "See merge request gtk!4521",
	  I, SOURCE_URL, NULL },
	{ "Merge branch 'fix-ci' into 'master'", "See merge request g/p!",
	  I, SOURCE_URL, NULL },
	{ "Merge branch 'fix-ci' into 'master'", "See merge request g/p!12x",
	  I, SOURCE_URL, NULL },
	{ "Travis-CI support", "See merge request g/p!1", U, SOURCE_URL, NULL },
	{ "Merge branch glib:main into utf8-gir-fix", NULL, I, SOURCE_URL,
	  NULL },
	{ "Merge branch glib:main into utf8-gir-fix",
	  "See merge request gnome/glib!3", E, SOURCE_GITLAB, "gnome/glib" },
	{ "writev: retract the topic until we have a better emulation", NULL,
	  U, SOURCE_URL, NULL },

	/* Mail: b4's series, and a maintainer's batch of mailed patches. */
	{ "Merge patch series \"mm: fix the thing\"", NULL, E, SOURCE_MAIL, "" },
	{ "Merge series \"ASoC: fixes\" from A Developer <a@example.org>:",
	  NULL, E, SOURCE_MAIL, "" },
	{ "Merge branch 'akpm' (patches from Andrew)", NULL, E, SOURCE_MAIL,
	  "Andrew" },
	{ "Merge branch 'akpm' (fixes from Andrew Morton)", NULL, E,
	  SOURCE_MAIL, "Andrew Morton" },
	{ "Merge branch 'akpm' (incoming from Andrew)", NULL, E, SOURCE_MAIL,
	  "Andrew" },
	{ "Merge branch 'akpm' (second patch-bomb from Andrew)", NULL, E,
	  SOURCE_MAIL, "Andrew" },
	{ "Merge emailed patches from Andrew Morton", NULL, E, SOURCE_MAIL,
	  "Andrew Morton" },
	{ "Merge misc fixes from Andrew Morton", NULL, E, SOURCE_MAIL,
	  "Andrew Morton" },
	{ "Merge more updates from Andrew Morton", NULL, E, SOURCE_MAIL,
	  "Andrew Morton" },
	/* git's own "(early part)" is internal by construction. */
	{ "Merge branch 'x' (early part)", NULL, I, SOURCE_URL, NULL },
	{ "Merge branch 'x' (early part) into y", NULL, I, SOURCE_URL, NULL },
	{ "Merge branch 'x' (early part) junk", NULL, U, SOURCE_URL, NULL },
	{ "Merge branch 'akpm' (patches from andrew)", NULL, U, SOURCE_URL, NULL },
	{ "Merge fixes from upstream", NULL, U, SOURCE_URL, NULL },
	{ "Merge stuff from Andrew Morton", NULL, U, SOURCE_URL, NULL },
	{ "Merge branch 'akpm'", NULL, I, SOURCE_URL, NULL },

	/* Subtree merges: the URL in the footnote. */
	{ "Subtree merge tag 'v6.10-dts' of devicetree-rebasing repo [1] into dts/upstream",
	  "[1] https://git.kernel.org/pub/scm/linux/kernel/git/devicetree/devicetree-rebasing.git",
	  E, SOURCE_URL,
	  "https://git.kernel.org/pub/scm/linux/kernel/git/devicetree/devicetree-rebasing.git" },
	{ "Subtree merge tag 'v6.10-dts' of dts repo [2] into dts/upstream",
	  "[1] https://example.org/a\n[2] https://example.org/b.", E,
	  SOURCE_URL, "https://example.org/b" },
	{ "Subtree merge tag 'v6.10-dts' of dts repo [1] into dts/upstream",
	  NULL, U, SOURCE_URL, NULL },
	{ "Subtree merge tag 'v6.10-dts' of dts repo [1] into dts/upstream",
	  "[1] ../local/path", U, SOURCE_URL, NULL },
	{ "Subtree merge tag 'v6.10-dts' of dts repo [1] into ",
	  "[1] https://example.org/a", U, SOURCE_URL, NULL },
};

static void
check_message(const struct message_case *c)
{
	size_t len = strlen(c->subject), blen = c->body ? strlen(c->body) : 0;
	struct guarded g, gb;
	const char *s = guarded_copy(&g, c->subject, len);
	const char *b = c->body ? guarded_copy(&gb, c->body, blen) : NULL;
	struct merge_class mc;
	const char *got_what = NULL;
	size_t got_len = 0;
	char *shown = show(s, len), *desc, got[256], expected[256];
	int pass;

	classify_message(s, len, b, blen, &mc);
	if (mc.kind == MERGE_EXTERNAL) {
		got_what = mc.source == SOURCE_URL ? mc.url : mc.name;
		got_len = mc.source == SOURCE_URL ? mc.url_len : mc.name_len;
	}
	pass = mc.kind == c->kind;
	if (pass && c->kind == MERGE_EXTERNAL)
		pass = mc.source == c->source && got_len == strlen(c->what) &&
		       (!got_len || !memcmp(got_what, c->what, got_len));

	snprintf(got, sizeof(got), "%s %d '%.*s'", kind_name(mc.kind),
		 (int)mc.source, (int)got_len, got_what ? got_what : "");
	snprintf(expected, sizeof(expected), "%s %d '%s'", kind_name(c->kind),
		 (int)c->source, c->what ? c->what : "");
	desc = xmalloc(strlen(shown) + 64);
	sprintf(desc, "message: %s: %s", kind_name(c->kind), shown);
	report(pass, desc, got, expected);
	free(desc);
	free(shown);
	guarded_free(&g);
	if (c->body)
		guarded_free(&gb);
}

/* The pull or merge request's number each forge's form gives. */
static void
check_numbers(void)
{
	static const struct {
		const char *subject, *body, *number;
	} c[] = {
		{ "Merge pull request #123 from octocat/fix-typo", NULL, "123" },
		{ "Merge branch 'fix-ci' into 'master'",
		  "See merge request gnome/gtk!4521", "4521" },
		{ "Merge PR #3953: waitpid pidfd inode format support", NULL,
		  "3953" },
		{ "Merged in user/branch (pull request #12)", NULL, "12" },
		{ "Merge pull request 'Fix' (!7) from org/repo:x into main", NULL,
		  "7" },
		{ "Merge pull request 'x (#1)' (#12) from a/b:c into main", NULL,
		  "12" },
		{ "Merge pull request 'x' (#12) from user/branch into main", NULL,
		  "12" },
		{ "Merge \"fix\" into integration", NULL, "" },
		{ "Merge branch 'x' of git://git.example.org/x", NULL, "" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(c); i++) {
		struct merge_class mc;
		struct buf d = BUF_INIT, got = BUF_INIT;

		classify_message(c[i].subject, strlen(c[i].subject), c[i].body,
				 c[i].body ? strlen(c[i].body) : 0, &mc);
		buf_add(&got, mc.number ? mc.number : "", mc.number_len);
		buf_addc(&got, '\0');
		buf_printf(&d, "number of '%s': '%s'", c[i].subject,
			   c[i].number);
		report(!strcmp(got.data, c[i].number), d.data, got.data,
		       c[i].number);
		buf_release(&d);
		buf_release(&got);
	}
}

/*
 * Hostile subjects of 100 KB: head, unit repeated, tail.  Each must
 * classify as expected, and all of them in well under a second (a
 * quadratic scan takes minutes).  A NULL url is all of the subject after
 * the head: a 100 KB URL.
 */
static void
check_large(void)
{
	static const struct {
		const char *head, *unit, *tail;
		enum merge_kind kind;
		const char *url;
	} big[] = {
		{ "Merge branch '", "'", "", I, NULL },
		{ "Merge branch '", "' of ", "", U, NULL },
		{ "Merge branches ", "'a', ", "'z' of git://h.example.org/x", E,
		  "git://h.example.org/x" },
		{ "Merge ", "x", "", U, NULL },
		{ "Merge branch ", "'a'; branch ", "'b'", I, NULL },
		{ "Merge ", "../x; ", "git://h.example.org/x", E,
		  "git://h.example.org/x" },
		{ "Merge branch 'a", "\" of ../x; branch 'a", "'", I, NULL },
		{ "Merge git://h.example.org/x", ".", "", E,
		  "git://h.example.org/x" },
		{ "Merge branch 'x' of ", "git://h.example.org/a", "", E, NULL },
		{ "Merge branch 'x' of ", "a.", "org/y", E, NULL },
		{ "Merge HEAD, ", "HEAD, ", "", U, NULL },
		{ "Merge branch 'a', ", "junk 'b', ", "'c'", U, NULL },
		/* Slips: runs of blanks where git writes one space. */
		{ "Merge branch 'a'", " \t", "of git://h.example.org/x", E,
		  "git://h.example.org/x" },
		{ "Merge branch '", "' \t", "", I, NULL },
		{ "Merge", " ", "git://h.example.org/x", E,
		  "git://h.example.org/x" },
		{ "Merge tag ", "v", " of git://h.example.org/x", E,
		  "git://h.example.org/x" },
	};
	double worst = 0;

	for (size_t i = 0; i < ARRAY_SIZE(big); i++) {
		struct buf b = BUF_INIT;
		struct merge_class mc;
		struct guarded g;
		const char *s, *want;
		size_t want_len;
		char desc[160], got[64];
		clock_t t0;
		double secs;
		int pass;

		buf_puts(&b, big[i].head);
		while (b.len < 100 * 1024)
			buf_puts(&b, big[i].unit);
		buf_puts(&b, big[i].tail);
		s = guarded_copy(&g, b.data, b.len);
		t0 = clock();
		classify_subject(s, b.len, &mc);
		secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
		if (secs > worst)
			worst = secs;

		want = big[i].url ? big[i].url : s + strlen(big[i].head);
		want_len = big[i].url ? strlen(want) : b.len - strlen(big[i].head);
		pass = mc.kind == big[i].kind;
		if (pass && mc.kind == MERGE_EXTERNAL)
			pass = mc.url_len == want_len &&
			       !memcmp(mc.url, want, want_len);
		snprintf(desc, sizeof(desc), "100 KB: %s + '%s'... (%.3f s)",
			 big[i].head, big[i].unit, secs);
		snprintf(got, sizeof(got), "%s, %zu-byte url",
			 kind_name(mc.kind), mc.url_len);
		report(pass, desc, got, kind_name(big[i].kind));
		guarded_free(&g);
		buf_release(&b);
	}
	{
		char got[64];

		snprintf(got, sizeof(got), "slowest %.3f s", worst);
		report(worst < 1.0, "100 KB subjects classify in linear time",
		       got, "under 1 s");
	}
}

/*
 * classify_message on 100 KB subjects and bodies shaped like its forms:
 * linear time, no read past the end (guard pages).
 */
static void
check_large_messages(void)
{
	static const struct {
		const char *head, *unit, *tail;
		int in_body;	/* the repeated text is the body */
		const char *subject;
		enum merge_kind kind;
	} big[] = {
		{ "Subtree merge tag 'x' of ", "y ", "repo [1] into z", 0, NULL, U },
		{ "Subtree merge ", "repo [1", "] into z", 0, NULL, U },
		{ "Merge ", "a ", "patches from Andrew", 0, NULL, E },
		{ "Merge branch 'akpm' (", "patches ", "from Andrew)", 0, NULL, E },
		{ "Merge branch 'akpm' (", "patches ", "from andrew)", 0, NULL, U },
		{ "Merge pull request #", "1", " from o/b", 0, NULL, E },
		{ "", "See merge request g/p!1x\n", "", 1,
		  "Merge branch 'a' into 'b'", I },
		{ "", "[1] ../x\n", "", 1,
		  "Subtree merge tag 'x' of y repo [1] into z", U },
		/* Forges and review servers read from the end. */
		{ "Merge pull request '", "' (#1) from ", "a/b:c into d", 0,
		  NULL, E },
		{ "Merge pull request '", "x", "' (#1) from a into b", 0, NULL,
		  I },
		{ "Merge changes ", "I1234567,", "I1234567 into x", 0, NULL, E },
		{ "Merge changes ", "I1234567,", "I123 into x", 0, NULL, U },
		{ "Merge changes from topics ", "\"a\", ", "\"b\" into x", 0,
		  NULL, E },
		{ "Merge \"", "\" into ", "\" into x", 0, NULL, E },
		{ "Merged in ", "a", " (pull request #1)", 0, NULL, E },
		{ "Merge PR #", "1", ": title", 0, NULL, E },
	};
	double worst = 0;

	for (size_t i = 0; i < ARRAY_SIZE(big); i++) {
		struct buf b = BUF_INIT;
		struct guarded g, gs;
		struct merge_class mc;
		const char *text, *subject;
		size_t slen;
		char desc[160], *unit;
		clock_t t0;
		double secs;

		buf_puts(&b, big[i].head);
		while (b.len < 100 * 1024)
			buf_puts(&b, big[i].unit);
		buf_puts(&b, big[i].tail);
		text = guarded_copy(&g, b.data, b.len);
		subject = big[i].in_body ?
			  guarded_copy(&gs, big[i].subject,
				       strlen(big[i].subject)) : text;
		slen = big[i].in_body ? strlen(big[i].subject) : b.len;
		t0 = clock();
		classify_message(subject, slen, big[i].in_body ? text : NULL,
				 big[i].in_body ? b.len : 0, &mc);
		secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
		if (secs > worst)
			worst = secs;
		unit = show(big[i].unit, strlen(big[i].unit));
		snprintf(desc, sizeof(desc), "message, 100 KB: %s + '%s'... (%.3f s)",
			 big[i].in_body ? "body" : big[i].head, unit, secs);
		free(unit);
		report(mc.kind == big[i].kind, desc, kind_name(mc.kind),
		       kind_name(big[i].kind));
		guarded_free(&g);
		if (big[i].in_body)
			guarded_free(&gs);
		buf_release(&b);
	}
	{
		char got[64];

		snprintf(got, sizeof(got), "slowest %.3f s", worst);
		report(worst < 1.0, "100 KB messages classify in linear time",
		       got, "under 1 s");
	}
}

/*
 * Subjects assembled at random from the pieces the parser looks for: none
 * may crash or read past its end (the guard page), and an external one
 * must point inside its subject at a URL with no space in it.  The seed
 * is fixed, so a failure reproduces.
 */
static void
check_random(void)
{
	static const char *const pieces[] = {
		"Merge ", "branch ", "branches ", "tag ", "remote-tracking branch ",
		"HEAD", "HEAD, ", "'", "\"", " of ", " into ", ", ", " and ",
		"; ", "git://", "h.example.org", "/", ":", "~", ".", "..", "@",
		"[", "]", "a", " ", "\r", "\x1b", "\xff", "file://",
		"\t", "  ", "changes ", "from topic ", "from topics ",
		"I1234567", ",", ", ...", "pull request ", "PR #", "#1", "(#1)",
		"!2", ": ", "Merged in ", " (pull request #3)", " from ",
		"o/r:b", "<deleted>:", "\"x\"", "'t'",
	};
	unsigned long seed = 12345;
	char bad[256] = "";

	for (int n = 0; n < 20000 && !bad[0]; n++) {
		struct buf b = BUF_INIT;
		struct merge_class mc;
		struct guarded g;
		const char *s;
		int k;

		buf_puts(&b, "Merge ");
		seed = seed * 6364136223846793005ul + 1442695040888963407ul;
		k = (int)(seed >> 59);
		for (int j = 0; j < k; j++) {
			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			buf_puts(&b, pieces[(seed >> 33) % ARRAY_SIZE(pieces)]);
		}
		s = guarded_copy(&g, b.data, b.len);
		classify_subject(s, b.len, &mc);
		if (mc.kind == MERGE_EXTERNAL &&
		    (mc.url < s || !mc.url_len || mc.url + mc.url_len > s + b.len ||
		     memchr(mc.url, ' ', mc.url_len))) {
			char *shown = show(b.data, b.len);

			snprintf(bad, sizeof(bad), "%s", shown);
			free(shown);
		}
		/* The forms of forges and review servers: what they name
		 * lies inside the subject. */
		classify_message(s, b.len, NULL, 0, &mc);
		if ((mc.name_len && (mc.name < s ||
				     mc.name + mc.name_len > s + b.len)) ||
		    (mc.number_len && (mc.number < s ||
				       mc.number + mc.number_len > s + b.len))) {
			char *shown = show(b.data, b.len);

			snprintf(bad, sizeof(bad), "%s", shown);
			free(shown);
		}
		guarded_free(&g);
		buf_release(&b);
	}
	report(!bad[0], "20000 random subjects: no bad URL, name or number",
	       bad, "none");
}

/* Six commits, four merges of which three are in the range. */
static void
check_merges(void)
{
	static const char *const subjects[] = {
		NULL,
		"Merge branch 'x' of git://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git",
		"Merge branch 'linus'",
		"Merge tag 'y' of master.kernel.org:/pub/scm/linux/kernel/git/davem/net-2.6",
		"Travis-CI support",
		"Merge git://git.infradead.org/mtd-2.6.git",
		"Merge in fix",
	};
	/* commit:	 0  1  2  3  4  5  6 */
	uint8_t flags[] = { 4, 4, 4, 4, 4, 0, 4 };
	uint16_t npar[] = { 1, 2, 2, 3, 2, 2, 1 };
	uint32_t sub[ARRAY_SIZE(subjects)];
	struct history h;
	struct tree_table tt;
	struct merge_table mt;
	char got[128], exp[128];

	memset(&h, 0, sizeof(h));
	buf_init(&h.pool);
	buf_addc(&h.pool, '\0');	/* offsets are + 1: keep 0 free */
	for (size_t i = 0; i < ARRAY_SIZE(subjects); i++) {
		sub[i] = 0;
		if (subjects[i] && (flags[i] & HIST_IN_RANGE) && npar[i] > 1) {
			/* history.c's record: an empty committer, its
			 * length, time and zone first (history.h's
			 * HISTORY_MERGE_HEAD). */
			buf_pad(&h.pool, '\0', HISTORY_MERGE_HEAD);
			sub[i] = h.pool.len + 1;
			buf_add(&h.pool, subjects[i], strlen(subjects[i]) + 1);
		}
	}
	h.nr = ARRAY_SIZE(subjects);
	h.flags = flags;
	h.npar = npar;
	h.subject = sub;

	trees_init(&tt, "mainline");
	classify_merges(&h, &tt, &mt);

	snprintf(got, sizeof(got), "%u", mt.merges);
	report(mt.merges == 4, "classify_merges: merges in range", got, "4");
	snprintf(got, sizeof(got), "%u %u %u %u %u %u %u", mt.tree[0],
		 mt.tree[1], mt.tree[2], mt.tree[3], mt.tree[4], mt.tree[5],
		 mt.tree[6]);
	snprintf(exp, sizeof(exp), "%u 1 %u 1 %u %u %u", TREE_NONE, TREE_NONE,
		 TREE_NONE, TREE_NONE, TREE_NONE);
	report(!strcmp(got, exp),
	       "classify_merges: external merges in range get their tree",
	       got, exp);
	snprintf(got, sizeof(got), "%u:%s", tt.nr,
		 tt.nr > 1 ? tt.t[1].name : "");
	report(!strcmp(got, "2:davem/net-2.6"),
	       "classify_merges: both spellings interned as one tree", got,
	       "2:davem/net-2.6");
	snprintf(got, sizeof(got), "%u:%u", mt.unrecognised_nr,
		 mt.unrecognised_nr ? mt.unrecognised[0] : 0);
	report(!strcmp(got, "1:4"),
	       "classify_merges: unrecognised merges listed", got, "1:4");

	merge_table_release(&mt);
	report(!mt.tree && !mt.unrecognised && !mt.unrecognised_nr,
	       "merge_table_release clears the table", "fields set",
	       "cleared");
	trees_release(&tt);
	buf_release(&h.pool);

	/* An empty history: no merges, an allocated but empty table. */
	memset(&h, 0, sizeof(h));
	trees_init(&tt, "mainline");
	classify_merges(&h, &tt, &mt);
	report(mt.merges == 0 && mt.unrecognised_nr == 0 && mt.tree,
	       "classify_merges: empty history", "non-empty", "empty");
	merge_table_release(&mt);
	trees_release(&tt);
}

static void
check_shapes(void)
{
	static const struct {
		const char *subject, *shape;
	} c[] = {
		{ "merge with xen-unstable.hg", "merge with xen-unstable.hg" },
		{ "Merge", "Merge" },
		{ "  Merged.  ", "Merged." },
		{ "Merge 1234 and 56", "Merge N and N" },
		{ "Merge 'a b' into x/y", "Merge 'X' into PATH" },
		{ "Merge 'ab' with http://x.org/y", "Merge 'X' with PATH" },
		{ "", "" },
		/* One form, one group: ids, Change-Ids, numbers, strings. */
		{ "Merge changes I17523700,Ic05f3227 into integration",
		  "Merge changes ID into integration" },
		{ "Merge changes Ia1b2c3d4,I5e6f7a8b,I9c0d1e2f, ... into x",
		  "Merge changes ID, ... into x" },
		{ "Merge \"docs: fix typo\" into lts-v2.8 am: 0a1b2c3d4e",
		  "Merge \"X\" into lts-vN.N am: HEX" },
		/* A string ends at its quote before a blank: nested ones
		 * are ambiguous. */
		{ "Merge \"say \"hi\" now\" into x", "Merge \"X\" now\" into x" },
		{ "Revert \"Merge branch 'x' of git://h.org/y\"", "Revert \"X\"" },
		{ "Merge commit 1a2b3c4d5e6f7a8b9c0d into HEAD",
		  "Merge commit HEX into HEAD" },
		{ "Merge abc1234, def5678 and 1234567", "Merge HEX, HEX and N" },
		{ "Merge 1a2b3c4d5e,6f7a8b9c0d", "Merge HEX" },
		{ "Merge I1234567a,1a2b3c4d5e", "Merge INa,NaNbNcNdNe" },
		{ "Merge deadbeefcafe into x", "Merge deadbeefcafe into x" },
		{ "Merge abc12 into x", "Merge abcN into x" },
		{ "Merge (#123) from x", "Merge (#N) from x" },
		{ "Merge 'unterminated and more", "Merge 'unterminated and more" },
		{ "Merge 'x'y' z", "Merge 'X' z" },
		{ "Merge \"a\", 'b', \"c\".", "Merge \"X\", 'X', \"X\"." },
		{ "Merge am: fix:typo", "Merge am: PATH" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(c); i++) {
		char *got = subject_shape(c[i].subject);
		struct buf d = BUF_INIT;

		buf_printf(&d, "subject_shape '%s' -> '%s'", c[i].subject,
			   c[i].shape);
		report(!strcmp(got, c[i].shape), d.data, got, c[i].shape);
		buf_release(&d);
		free(got);
	}
}

/* Shapes of hostile 100 KB subjects take linear time. */
static void
check_large_shapes(void)
{
	static const char *const units[] = {
		"'a ", "\"a ", "'", "I1234567,", "1a2b3c4 ", "x/y ", "' '",
	};
	double worst = 0;

	for (size_t i = 0; i < ARRAY_SIZE(units); i++) {
		struct buf b = BUF_INIT;
		clock_t t0;
		double secs;
		char *shape;

		buf_puts(&b, "Merge ");
		while (b.len < 100 * 1024)
			buf_puts(&b, units[i]);
		t0 = clock();
		shape = subject_shape(b.data);
		secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
		if (secs > worst)
			worst = secs;
		free(shape);
		buf_release(&b);
	}
	{
		char got[64];

		snprintf(got, sizeof(got), "slowest %.3f s", worst);
		report(worst < 1.0, "100 KB subjects take their shape in linear "
		       "time", got, "under 1 s");
	}
}

/* A review server's merges: one tree named after their committer, as
 * the record of history.c keeps it. */
static void
check_review(void)
{
	static const struct {
		const char *committer, *subject;
	} m[] = {
		{ NULL, NULL },
		{ "Gerrit Code Review <gerrit@example.org>",
		  "Merge \"fix: one\" into main" },
		{ "Gerrit Code Review <gerrit@example.org>",
		  "Merge changes from topic \"t\"" },
		{ "<nameless@example.org>", "Merge \"fix: two\"" },
		{ "", "Merge changes I1234567a,I7654321b" },
	};
	uint8_t flags[ARRAY_SIZE(m)];
	uint16_t npar[ARRAY_SIZE(m)];
	uint32_t sub[ARRAY_SIZE(m)];
	struct history h;
	struct tree_table tt;
	struct merge_table mt;
	struct buf got = BUF_INIT;
	const char *want = "1:Gerrit Code Review:review 1 "
			   "2:nameless@example.org 3:code review";

	memset(&h, 0, sizeof(h));
	buf_init(&h.pool);
	buf_addc(&h.pool, '\0');
	for (size_t i = 0; i < ARRAY_SIZE(m); i++) {
		flags[i] = HIST_IN_RANGE;
		npar[i] = i ? 2 : 1;
		sub[i] = 0;
		if (m[i].subject) {
			uint32_t len = (uint32_t)strlen(m[i].committer);

			buf_puts(&h.pool, m[i].committer);
			buf_add(&h.pool, &len, sizeof(len));
			buf_pad(&h.pool, '\0', sizeof(int64_t) + sizeof(int32_t));
			sub[i] = h.pool.len + 1;
			buf_add(&h.pool, m[i].subject, strlen(m[i].subject) + 1);
		}
	}
	h.nr = ARRAY_SIZE(m);
	h.flags = flags;
	h.npar = npar;
	h.subject = sub;
	trees_init(&tt, "mainline");
	classify_merges(&h, &tt, &mt);
	buf_printf(&got, "%u:%s:%s %u %u:%s %u:%s", mt.tree[1],
		   tt.t[mt.tree[1]].name, tree_kind_name(tt.t[mt.tree[1]].kind),
		   mt.tree[2], mt.tree[3], tt.t[mt.tree[3]].name, mt.tree[4],
		   tt.t[mt.tree[4]].name);
	report(!strcmp(got.data, want), "classify_merges: a review server is "
	       "its merges' committer, by name, else mail", got.data, want);
	merge_table_release(&mt);
	trees_release(&tt);
	buf_release(&h.pool);
	buf_release(&got);
}

/* The topics of a review merge, as written. */
static void
check_topics(void)
{
	static const struct {
		const char *name, *want;
	} c[] = {
		{ "\"a\"", "a" },
		{ "'old'", "old" },
		{ "\"a\", \"b\", \"c d\"", "a|b|c d" },
		{ "\"a, b\"", "a, b" },
		{ "\"a\", \"b\"\", \"c\"", "a|b\"|c" },
		{ "\"\"", "" },
		{ "\"", "" },
		{ "\"a'", "" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(c); i++) {
		struct merge_name *names = NULL;
		size_t alloc = 0, n;
		struct buf got = BUF_INIT, d = BUF_INIT;

		n = forge_topics(c[i].name, strlen(c[i].name), &names, &alloc);
		buf_puts(&got, "");
		for (size_t k = 0; k < n; k++) {
			if (k)
				buf_addc(&got, '|');
			buf_add(&got, names[k].p, names[k].len);
		}
		buf_printf(&d, "forge_topics %s", c[i].name);
		report(!strcmp(got.data, c[i].want), d.data, got.data,
		       c[i].want);
		free(names);
		buf_release(&got);
		buf_release(&d);
	}
}

int
main(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		check_subject(&cases[i]);
	for (size_t i = 0; i < ARRAY_SIZE(messages); i++)
		check_message(&messages[i]);
	check_numbers();
	check_large();
	check_large_messages();
	check_random();
	check_merges();
	check_review();
	check_shapes();
	check_large_shapes();
	check_topics();
	return tap_done();
}
