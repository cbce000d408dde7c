/*
 * test-commitread.c - the batch object reader (src/git/commitread.c) on a real
 * repository built here with git: every field of every commit of the
 * range against what git itself says of it (committer, message,
 * Signed-off-by trailers), the signatures of hand-written merge objects
 * (a signed mergetag, a gpgsig), each distinct commit read once however
 * often the list names it, and a missing object reported.  TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "git/commitread.h"
#include "git/history.h"
#include "git/walk.h"
#include "util/buf.h"
#include "util/util.h"

#include "tap.h"

static char dir[64];

/* The repository: a commit with sign-offs, then a merge object carrying
 * a signed tag and a signature of its own, written raw. */
static const char build[] =
	"set -e; cd \"$D\"; export GIT_CONFIG_NOSYSTEM=1 HOME=\"$D\";"
	"export GIT_AUTHOR_DATE='1230000000 +0100' GIT_COMMITTER_DATE='1230000060 -0130';"
	"git init -q r; cd r;"
	"git -c user.name='A U Thor' -c user.email=a@example.org commit -q --allow-empty"
	" -m 'first' -m 'Signed-off-by: A U Thor <a@example.org>"
	"\nsigned-off-by:  Second <s@example.org>  ';"
	"git -c user.name='C <x> Mitter' -c user.email=c@example.org commit -q"
	" --allow-empty -m 'side';"
	"T=$(git rev-parse HEAD^{tree}); P1=$(git rev-parse HEAD~1); P2=$(git rev-parse HEAD);"
	"M=$(printf 'tree %s\\nparent %s\\nparent %s\\nauthor M <m@x> 1 +0000\\n"
	"committer Merger <m@x> 2 +0000\\nmergetag object %s\\n type commit\\n tag v1\\n"
	" -----BEGIN PGP SIGNATURE-----\\n abc\\n -----END PGP SIGNATURE-----\\n"
	"gpgsig -----BEGIN PGP SIGNATURE-----\\n def\\n -----END PGP SIGNATURE-----\\n"
	"\\nMerge tag v1\\n\\nbody line\\n' $T $P1 $P2 $P2 |"
	" git hash-object -t commit -w --stdin);"
	"git update-ref refs/heads/master $M";

/* What git says: the output of cmd (run in the repository), as a string
 * without its last newline. */
static char *
git_says(const char *fmt, const char *hex)
{
	struct buf cmd = BUF_INIT, out = BUF_INIT;
	char chunk[4096];
	size_t n;
	FILE *fp;

	buf_printf(&cmd, "cd %s/r && ", dir);
	/* fmt is one of this file's literals, with one %s. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	buf_printf(&cmd, fmt, hex);
#pragma GCC diagnostic pop
	fp = popen(cmd.data, "r");
	while (fp && (n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		buf_add(&out, chunk, n);
	if (fp)
		pclose(fp);
	buf_add(&out, "", 0);
	if (out.len && out.data[out.len - 1] == '\n')
		out.data[--out.len] = '\0';
	buf_release(&cmd);
	return out.data;
}

static void
check(const char *desc, const char *hex, const char *got, const char *want)
{
	char d[160];

	snprintf(d, sizeof(d), "%.8s: %s", hex, desc);
	report(!strcmp(got, want), d, got, want);
}

static void
check_commit(const struct history *h, const struct commit_batch *b,
	     uint32_t i)
{
	const struct commit_info *ci = commit_batch_get(b, i);
	char hex[OID_HEXSZ + 1], *want, got[16];

	history_hex(h, i, hex);
	want = git_says("git show -s --format='%%cn <%%ce>' %s", hex);
	check("committer as git's %cn <%ce>", hex, ci->committer, want);
	free(want);
	want = git_says("git show -s --format='%%an <%%ae>' %s", hex);
	check("author as git's %an <%ae>", hex, ci->author, want);
	free(want);
	want = git_says("git show -s --format=%%s %s", hex);
	check("subject as git's %s", hex, ci->subject, want);
	free(want);
	want = git_says("git show -s --format=%%ct %s", hex);
	snprintf(got, sizeof(got), "%lld", (long long)ci->time);
	check("time as git's %ct", hex, got, want);
	free(want);
	/* The message as stored, and its trailers as git parses them. */
	want = git_says("git cat-file commit %s | sed '1,/^$/d'", hex);
	{
		char *msg = xstrndup(ci->message, ci->message_len);

		/* git_says dropped one newline: drop it here too */
		if (ci->message_len && msg[ci->message_len - 1] == '\n')
			msg[ci->message_len - 1] = '\0';
		check("message as git cat-file's", hex, msg, want);
		free(msg);
	}
	free(want);
	want = git_says("git show -s --format='%%(trailers:key=Signed-off-by,"
			"valueonly,unfold)' %s | sed '/^$/d'", hex);
	check("sign-offs as git's trailers", hex, ci->signoffs, want);
	free(want);
	snprintf(got, sizeof(got), "%u", ci->signatures);
	check("signatures", hex, got, h->npar[i] > 1 ? "3" : "0");
}

int
main(void)
{
	struct repo *r = NULL;
	struct range rg;
	struct history h;
	struct commit_batch b;
	struct buf cmd = BUF_INIT;
	uint32_t *list;
	size_t n = 0;
	char got[32], want[32];
	int ret;

	strcpy(dir, "/tmp/test-commitread.XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	buf_printf(&cmd, "D=%s; %s", dir, build);
	ret = system(cmd.data);
	report(ret == 0, "git builds the repository", "failed", "built");
	buf_release(&cmd);
	buf_printf(&cmd, "%s/r", dir);
	if (ret || repo_open(&r, cmd.data) < 0 ||
	    range_resolve(r, "master", NULL, &rg) < 0 ||
	    walk_range(r, &rg, 0, 0, &h) < 0)
		return 1;
	report(h.in_range == 3, "three commits in the range", "other", "3");
	/* Every commit of the range, each named three times. */
	list = xmalloc(3 * h.nr * sizeof(*list));
	for (int k = 0; k < 3; k++)
		for (uint32_t i = 0; i < h.nr; i++)
			list[n++] = i;
	ret = commit_batch_read(&b, r, &h, list, n,
				CF_COMMITTER | CF_MESSAGE | CF_SIGNATURES |
				CF_SIGNOFFS | CF_AUTHOR | CF_SUBJECT | CF_TIME);
	report(ret == 0, "commit_batch_read succeeds", "fails", "0");
	snprintf(got, sizeof(got), "%zu", b.reads);
	snprintf(want, sizeof(want), "%u", h.nr);
	report(b.reads == h.nr, "each distinct commit read once", got, want);
	for (uint32_t i = 0; i < h.nr; i++)
		check_commit(&h, &b, i);
	report(commit_batch_get(&b, h.nr) == NULL,
	       "a commit not in the list has nothing", "something", "NULL");
	commit_batch_release(&b);

	/* Only the committer: the other fields stay empty. */
	ret = commit_batch_read(&b, r, &h, list, 1, CF_COMMITTER);
	report(!ret && !strcmp(commit_batch_get(&b, list[0])->message, "") &&
	       !strcmp(commit_batch_get(&b, list[0])->author, "") &&
	       !strcmp(commit_batch_get(&b, list[0])->subject, "") &&
	       !commit_batch_get(&b, list[0])->time &&
	       !commit_batch_get(&b, list[0])->signatures && b.reads == 1,
	       "fields not asked for are empty", "filled", "empty");
	commit_batch_release(&b);

	/* On demand: the same answers, each commit read once. */
	ret = commit_batch_open(&b, r, &h, CF_COMMITTER | CF_SIGNATURES);
	{
		const struct commit_info *first = NULL, *again = NULL;
		int same = !ret;

		for (size_t k = 0; k < n && same; k++) {
			const struct commit_info *ci =
				commit_batch_fetch(&b, list[k]);

			if (!ci)
				same = 0;
			else if (k == 0)
				first = ci;
			else if (list[k] == list[0])
				again = ci;
		}
		report(same && first && first == again && b.reads == h.nr,
		       "commit_batch_fetch: each commit read once, its info "
		       "kept where it was", "read again", "once");
		report(same && !strcmp(commit_batch_get(&b, h.tip)->committer,
				       "Merger <m@x>") &&
		       commit_batch_get(&b, h.tip)->signatures == 3,
		       "commit_batch_fetch: the merge's committer and "
		       "signatures", "other", "Merger <m@x>, 3");
	}
	commit_batch_release(&b);

	/* A commit whose object is gone: one error, nothing kept. */
	buf_release(&cmd);
	{
		char hex[OID_HEXSZ + 1];

		history_hex(&h, h.tip, hex);
		buf_printf(&cmd, "rm -f %s/r/.git/objects/%.2s/%s", dir, hex,
			   hex + 2);
		report(system(cmd.data) == 0, "the merge's object removed",
		       "failed", "removed");
	}
	ret = commit_batch_read(&b, r, &h, list, n, CF_COMMITTER);
	report(ret < 0 && b.nr == 0 && !b.info,
	       "a missing object: an error, the batch empty", "read", "error");
	commit_batch_release(&b);

	free(list);
	history_release(&h);
	range_release(&rg);
	repo_free(r);
	buf_release(&cmd);
	buf_printf(&cmd, "rm -rf %s", dir);
	ret = system(cmd.data);
	buf_release(&cmd);
	printf("1..%d\n", test_nr);
	return test_failed != 0 || ret != 0;
}
