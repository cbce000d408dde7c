/*
 * objdirs.c - the object directories git reads objects from (objdirs.h),
 * listed as git lists them (object-file.c: link_alt_odb_entries): the
 * environment's alternates first, then each directory's info/alternates,
 * depth first, each entry relative to the directory that names it.
 */
#include "git/objdirs.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "git/repofile.h"
#include "util/buf.h"
#include "util/util.h"

/* git's bound: deeper alternates are ignored, said once. */
#define ALT_DEPTH 5

static int add_dir(struct objdirs *od, const char *path, int depth);

/*
 * One entry of a list, C-quoted when it starts with '"' (git's
 * unquote_c_style: \n \t \" \\ and octal bytes), into out.  A quoted
 * entry that does not end well is taken as written, as git warns and
 * does.
 */
static void
unquote(struct buf *out, const char *s, size_t len)
{
	size_t k;

	if (len < 2 || s[0] != '"' || s[len - 1] != '"') {
		buf_add(out, s, len);
		return;
	}
	for (k = 1; k + 1 < len; k++) {
		char c = s[k];

		if (c == '\\' && k + 2 < len) {
			c = s[++k];
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (c >= '0' && c <= '3' && k + 3 < len) {
				c = (char)((c - '0') << 6 | (s[k + 1] - '0') << 3 |
					   (s[k + 2] - '0'));
				k += 2;
			}
		}
		buf_addc(out, c);
	}
}

/* Each entry of list (sep-separated; lines starting with '#' are
 * comments in a file), relative to base when relative. */
static int
add_list(struct objdirs *od, const char *list, size_t len, char sep,
	 const char *base, int depth, int from_env)
{
	const char *p = list, *end = list + len;
	struct buf path = BUF_INIT;
	int ret = 0;

	while (p < end && !ret) {
		const char *e = memchr(p, sep, (size_t)(end - p));
		size_t n = (e ? e : end) - p;

		if (n && !(sep == '\n' && *p == '#')) {
			buf_release(&path);
			if (*p != '/' && base)
				buf_printf(&path, "%s/", base);
			unquote(&path, p, n);
			if (from_env) {
				ALLOC_GROW(od->env, od->env_nr + 1,
					   od->env_alloc);
				od->env[od->env_nr++] = xstrdup(path.data);
			}
			ret = add_dir(od, path.data, depth);
		}
		p = e ? e + 1 : end;
	}
	buf_release(&path);
	return ret;
}

/* The alternates dir (resolved, ending in '/') names. */
static int
read_alternates(struct objdirs *od, const char *dir, int depth)
{
	struct buf path = BUF_INIT, list = BUF_INIT;
	int ret;

	buf_printf(&path, "%sinfo/alternates", dir);
	ret = repofile_read(path.data, &list);
	if (ret > 0 && depth > ALT_DEPTH) {
		ret = 0;	/* git: "nesting too deep", and ignored */
	} else if (ret > 0) {
		char *base = xstrndup(dir, strlen(dir) - 1);

		ret = add_list(od, list.data, list.len, '\n', base, depth, 0);
		free(base);
	}
	buf_release(&list);
	buf_release(&path);
	return ret < 0 ? -1 : 0;
}

/* Add directory path unless it is none or listed already, then its
 * alternates. */
static int
add_dir(struct objdirs *od, const char *path, int depth)
{
	char *real = realpath(path, NULL);
	struct stat st;
	size_t len;

	if (!real || stat(real, &st) < 0 || !S_ISDIR(st.st_mode)) {
		free(real);
		return 0;	/* as git: not usable, skipped */
	}
	len = strlen(real);
	real = xreallocarray(real, len + 2, 1);
	if (real[len - 1] != '/') {
		real[len] = '/';
		real[len + 1] = '\0';
	}
	for (size_t k = 0; k < od->nr; k++)
		if (!strcmp(od->dir[k], real)) {
			free(real);
			return 0;	/* a cycle, or said twice */
		}
	ALLOC_GROW(od->dir, od->nr + 1, od->alloc);
	od->dir[od->nr++] = real;
	return read_alternates(od, real, depth + 1);
}

int
objdirs_find(struct objdirs *od, const char *objdir, const char *env_alt,
	     const char *base)
{
	char *real = realpath(objdir, NULL);
	size_t len;
	int ret;

	memset(od, 0, sizeof(*od));
	if (!real) {
		/* No object directory: libgit2 says so when it reads. */
		real = xstrdup(objdir);
	}
	len = strlen(real);
	real = xreallocarray(real, len + 2, 1);
	if (!len || real[len - 1] != '/') {
		real[len] = '/';
		real[len + 1] = '\0';
	}
	ALLOC_GROW(od->dir, 1, od->alloc);
	od->dir[od->nr++] = real;
	/* The environment's first, then the directory's own file. */
	ret = env_alt ? add_list(od, env_alt, strlen(env_alt), ':', base, 0,
				 1) : 0;
	if (!ret)
		ret = read_alternates(od, real, 0);
	return ret;
}

void
objdirs_release(struct objdirs *od)
{
	for (size_t k = 0; k < od->nr; k++)
		free(od->dir[k]);
	free(od->dir);
	for (size_t k = 0; k < od->env_nr; k++)
		free(od->env[k]);
	free(od->env);
	memset(od, 0, sizeof(*od));
}
