/*
 * gitconfig.c - git's own files as libgit2 reads them: the configuration
 * (the treeplot.* entries of every level, in git's order, for
 * cli/config.c to check) and .mailmap (who is who, for the commit
 * reader).
 *
 * A file of its own: the repository's settings, apart from its objects.
 */
#include "git/gitconfig.h"

#include <stdlib.h>
#include <string.h>

#include "git/libgit2.h"

struct repo_config {
	git_repository *git;
	git_config *snap;
};

/* A configuration that cannot be read is the user's to fix. */
static int
config_fail(const char *what)
{
	git_fail(what);
	return ST_USAGE;
}

int
repo_config_open(struct repo_config **out, struct repo *r)
{
	struct repo_config *rc = xcalloc(1, sizeof(*rc));

	rc->git = r->git;
	if (git_repository_config_snapshot(&rc->snap, r->git) < 0) {
		free(rc);
		return config_fail("cannot read the repository's configuration");
	}
	*out = rc;
	return 0;
}

void
repo_config_free(struct repo_config *rc)
{
	if (!rc)
		return;
	git_config_free(rc->snap);
	free(rc);
}

/* The file behind a level of the repository's configuration. */
static char *
level_file(git_repository *git, git_config_level_t level)
{
	git_buf b = GIT_BUF_INIT_CONST(NULL, 0);
	int ret = -1;
	char *name;

	switch (level) {
	case GIT_CONFIG_LEVEL_PROGRAMDATA:
		ret = git_config_find_programdata(&b);
		break;
	case GIT_CONFIG_LEVEL_SYSTEM:
		ret = git_config_find_system(&b);
		break;
	case GIT_CONFIG_LEVEL_XDG:
		ret = git_config_find_xdg(&b);
		break;
	case GIT_CONFIG_LEVEL_GLOBAL:
		ret = git_config_find_global(&b);
		break;
	case GIT_CONFIG_LEVEL_LOCAL:
		ret = git_repository_item_path(&b, git,
					       GIT_REPOSITORY_ITEM_CONFIG);
		break;
	default:
		break;
	}
	git_error_clear();
	name = xstrdup(!ret && b.ptr ? b.ptr : "the repository's configuration");
	git_buf_dispose(&b);
	return name;
}

struct level_entry {
	git_config_level_t level;
	size_t seq;		/* the order the iterator gave */
	char *name, *value;
};

static int
cmp_level(const void *pa, const void *pb)
{
	const struct level_entry *a = pa, *b = pb;

	if (a->level != b->level)
		return a->level < b->level ? -1 : 1;
	return (a->seq > b->seq) - (a->seq < b->seq);
}

static void
level_entries_free(struct level_entry *le, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(le[i].name);
		free(le[i].value);
	}
	free(le);
}

int
repo_config_each(struct repo_config *rc, int below, const char *glob,
		 repo_config_fn *fn, void *data)
{
	git_config_iterator *it = NULL;
	git_config_entry *ce;
	struct level_entry *le = NULL;
	size_t nr = 0, alloc = 0;
	int err, ret = 0;

	if (git_config_iterator_glob_new(&it, rc->snap, glob) < 0)
		return config_fail("cannot read the configuration");
	while (!(err = git_config_next(&ce, it))) {
		if ((ce->level < GIT_CONFIG_LEVEL_LOCAL) != below)
			continue;
		ALLOC_GROW(le, nr + 1, alloc);
		le[nr].level = ce->level;
		le[nr].seq = nr;
		le[nr].name = xstrdup(ce->name);
		le[nr].value = ce->value ? xstrdup(ce->value) : NULL;
		nr++;
	}
	git_config_iterator_free(it);
	if (err != GIT_ITEROVER) {
		level_entries_free(le, nr);
		return config_fail("cannot read the configuration");
	}
	if (nr > 1)
		qsort(le, nr, sizeof(*le), cmp_level);
	for (size_t i = 0; i < nr && !ret; i++) {
		char *file = level_file(rc->git, le[i].level);

		ret = fn(le[i].name, le[i].value, file, data);
		free(file);
	}
	level_entries_free(le, nr);
	return ret;
}

int
repo_config_file_each(struct repo *r, const char *path, const char *glob,
		      repo_config_fn *fn, void *data)
{
	git_config *cfg = NULL;
	git_config_iterator *it = NULL;
	git_config_entry *ce;
	int err = 0, ret = 0;

	if (git_config_new(&cfg) < 0 ||
	    git_config_add_file_ondisk(cfg, path, GIT_CONFIG_LEVEL_APP,
				       r ? r->git : NULL, 0) < 0 ||
	    git_config_iterator_glob_new(&it, cfg, glob) < 0) {
		ret = config_fail(path);
		goto out;
	}
	while (!ret && !(err = git_config_next(&ce, it)))
		ret = fn(ce->name, ce->value, path, data);
	if (!ret && err != GIT_ITEROVER)
		ret = config_fail(path);
out:
	git_config_iterator_free(it);
	git_config_free(cfg);
	return ret;
}

/* --- .mailmap --------------------------------------------------------- */

struct mailmap {
	git_mailmap *mm;
};

int
mailmap_open(struct mailmap **out, struct repo *r)
{
	struct mailmap *m = xcalloc(1, sizeof(*m));

	/* As git: mailmap.file, mailmap.blob (HEAD:.mailmap by default in
	 * a bare repository) and the work tree's .mailmap. */
	if (git_mailmap_from_repository(&m->mm, r->git) < 0) {
		free(m);
		return git_fail("cannot read the mailmap");
	}
	*out = m;
	return 0;
}

void
mailmap_free(struct mailmap *m)
{
	if (!m)
		return;
	git_mailmap_free(m->mm);
	free(m);
}

void
mailmap_person(const struct mailmap *m, const char *ident, size_t len,
	       struct buf *out)
{
	const char *lt = NULL, *gt, *rname = NULL, *rmail = NULL;
	char *name, *mail;
	size_t nlen;

	for (size_t k = len; k > 0; k--)
		if (ident[k - 1] == '<') {
			lt = ident + k - 1;
			break;
		}
	gt = lt ? memchr(lt, '>', len - (lt - ident)) : NULL;
	/* No "<mail>", or a NUL inside (untrusted bytes): as written. */
	if (!m || !gt || memchr(ident, '\0', len)) {
		buf_add(out, ident, len);
		return;
	}
	for (nlen = lt - ident; nlen > 0 && ident[nlen - 1] == ' '; nlen--)
		;
	name = xstrndup(ident, nlen);
	mail = xstrndup(lt + 1, gt - lt - 1);
	if (git_mailmap_resolve(&rname, &rmail, m->mm, name, mail) < 0 ||
	    (!strcmp(rname, name) && !strcmp(rmail, mail))) {
		git_error_clear();
		buf_add(out, ident, len);
	} else {
		buf_printf(out, "%s <%s>", rname, rmail);
		buf_add(out, gt + 1, len - (gt + 1 - ident));
	}
	free(name);
	free(mail);
}
