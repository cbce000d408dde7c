/*
 * reflog.c - NAME@{n} as git reads it: which reflog a name means
 * (HEAD's own, the current branch's, a ref's by git's rules) and its
 * n-th entry.  libgit2 1.5.1 reads HEAD@{n} from HEAD's branch, not from
 * logs/HEAD as git does (libgit2 issue #6156, still open; pull request
 * #6386 was closed unmerged), so the numeric forms are read here; the others
 * (@{-n}, @{u}, dates) stay libgit2's (revision.c).
 */
#include "git/reflog.h"

#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/util.h"

/* How git finds a name's reflog (refs.c: dwim_log), in its order. */
static const char *const log_rules[] = {
	"%s", "refs/%s", "refs/tags/%s", "refs/heads/%s", "refs/remotes/%s",
	"refs/remotes/%s/HEAD",
};

/*
 * The reflog git reads for NAME@{n} (a new string): for an empty name the
 * current branch's (HEAD's own when it is detached); else the first of
 * log_rules that names a ref with a reflog, or whose target has one; else
 * that ref's (whose reflog then is missing).  NULL: no such ref.  HEAD@{n}
 * is HEAD's own reflog (logs/HEAD), not its branch's: libgit2 1.5.1
 * resolves HEAD to its branch first.
 */
static char *
reflog_name(git_repository *git, const char *name, size_t len)
{
	git_reference *ref = NULL, *res = NULL;
	struct buf b = BUF_INIT;
	char *first = NULL, *found = NULL;

	if (!len) {
		if (git_reference_lookup(&ref, git, "HEAD") < 0)
			return NULL;
		found = xstrdup(git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC ?
				git_reference_symbolic_target(ref) : "HEAD");
		git_reference_free(ref);
		return found;
	}
	for (size_t k = 0; k < ARRAY_SIZE(log_rules) && !found; k++) {
		const char *pct = strstr(log_rules[k], "%s");

		/* The rule with the name in place of its %s. */
		buf_release(&b);
		buf_add(&b, log_rules[k], (size_t)(pct - log_rules[k]));
		buf_add(&b, name, len);
		buf_puts(&b, pct + 2);
		if (git_reference_lookup(&ref, git, b.data) < 0 ||
		    git_reference_resolve(&res, ref) < 0) {
			git_reference_free(ref);
			ref = NULL;
			continue;
		}
		if (git_reference_has_log(git, b.data) == 1)
			found = xstrdup(b.data);
		else if (strcmp(git_reference_name(res), b.data) &&
			 git_reference_has_log(git, git_reference_name(res)) == 1)
			found = xstrdup(git_reference_name(res));
		else if (!first)
			first = xstrdup(b.data);
		git_reference_free(res);
		git_reference_free(ref);
		res = ref = NULL;
	}
	git_error_clear();
	buf_release(&b);
	if (found) {
		free(first);
		return found;
	}
	return first;
}

/*
 * NAME@{n} as git reads it (sha1-name.c, read_ref_at): n = 0 is the
 * newest entry's new value, n > 0 the old value of the n-th newest entry
 * (where the ref was n changes ago), which a log's first entry (from
 * nothing) does not have.  0 with *id; 1 when rev is not of that form
 * (another @{...}: libgit2 reads it); else libgit2's error, set.  A
 * suffix after the braces (~2, ^2) applies to the entry's commit.
 */
int
reflog_entry(git_repository *git, const char *rev, git_oid *id)
{
	const char *at = strstr(rev, "@{"), *p, *rest;
	git_reflog *log = NULL;
	const git_reflog_entry *e;
	char *name;
	size_t n = 0, nr;
	int err = 0;

	if (!at)
		return 1;
	/* git takes 100000000 and more for a date. */
	for (p = at + 2; *p >= '0' && *p <= '9' && p - at < 10; p++)
		n = n * 10 + (size_t)(*p - '0');
	if (p == at + 2 || *p != '}' || p - at >= 10)
		return 1;
	rest = p + 1;
	if (!(name = reflog_name(git, rev, (size_t)(at - rev))))
		return 1;
	if ((err = git_reflog_read(&log, git, name)) < 0)
		goto out;
	nr = git_reflog_entrycount(log);
	e = !n ? git_reflog_entry_byindex(log, 0) :
	    n <= nr ? git_reflog_entry_byindex(log, n - 1) : NULL;
	if (!e || (n && git_oid_is_zero(git_reflog_entry_id_old(e)))) {
		struct buf msg = BUF_INIT;

		buf_printf(&msg, "reflog for '%s' has only %zu entries, asked "
			   "for %zu", name, nr, n);
		git_error_set_str(GIT_ERROR_REFERENCE, msg.data);
		buf_release(&msg);
		err = GIT_ENOTFOUND;
		goto out;
	}
	git_oid_cpy(id, n ? git_reflog_entry_id_old(e) :
		    git_reflog_entry_id_new(e));
	if (*rest) {
		char hex[GIT_OID_HEXSZ + 1];
		struct buf spec = BUF_INIT;
		git_object *obj = NULL;

		git_oid_tostr(hex, sizeof(hex), id);
		buf_printf(&spec, "%s%s", hex, rest);
		err = git_revparse_single(&obj, git, spec.data);
		if (!err)
			git_oid_cpy(id, git_object_id(obj));
		git_object_free(obj);
		buf_release(&spec);
	}
out:
	git_reflog_free(log);
	free(name);
	return err;
}
