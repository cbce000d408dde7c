/*
 * repofile.c - files of the repository opened as untrusted (repofile.h):
 * a regular file or nothing, never a wait on a FIFO.
 *
 * A file of its own: every reader of the git layer opens its files here
 * (the commit-graph, the packs, the shallow file, the alternates, the
 * configuration files' includes, .mailmap), and repo.c checks here those
 * libgit2 opens itself.
 */
#include "git/repofile.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "util/util.h"

/* The one refusal, said the same way for every file. */
static int
refuse(const char *path, const struct stat *st)
{
	if (S_ISDIR(st->st_mode))
		return error("cannot read '%s': it is a directory", path);
	return error("cannot read '%s': not a regular file", path);
}

int
repofile_open(const char *path, struct stat *st)
{
	/* O_NONBLOCK: opening a FIFO does not wait for a writer (and it
	 * is refused before any read could). */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return REPOFILE_MISSING;
		return error("cannot read '%s': %s", path, strerror(errno));
	}
	if (fstat(fd, st) < 0) {
		int saved = errno;

		close(fd);
		return error("cannot read '%s': %s", path, strerror(saved));
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		return refuse(path, st);
	}
	return fd;
}

int
repofile_read(const char *path, struct buf *out)
{
	struct stat st;
	char chunk[8192];
	int fd = repofile_open(path, &st), ret = 1;

	if (fd == REPOFILE_MISSING)
		return 0;
	if (fd < 0)
		return -1;
	buf_add(out, "", 0);	/* an empty file is "", not NULL */
	for (;;) {
		ssize_t n = read(fd, chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = error("cannot read '%s': %s", path,
				    strerror(errno));
			break;
		}
		if (!n)
			break;
		buf_add(out, chunk, (size_t)n);
	}
	close(fd);
	return ret;
}

int
repofile_check(const char *path)
{
	struct stat st;

	/* stat, not open: it follows a link as libgit2 will, and a FIFO
	 * is looked at without being opened. */
	if (stat(path, &st) < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		return error("cannot read '%s': %s", path, strerror(errno));
	}
	return S_ISREG(st.st_mode) ? 1 : refuse(path, &st);
}

int
repofile_check_dir(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct buf path = BUF_INIT;
	int ret = 0;

	if (!d)
		return 0;	/* none, or not ours to list: libgit2 says */
	while (!ret && (e = readdir(d))) {
		const char *n = e->d_name;
		struct stat st;

		if (!strcmp(n, ".") || !strcmp(n, ".."))
			continue;
		/* Most entries say their type: a regular file costs
		 * nothing more. */
		if (e->d_type == DT_REG)
			continue;
		buf_release(&path);
		buf_printf(&path, "%s%s", dir, n);
		if (e->d_type == DT_DIR)
			st.st_mode = S_IFDIR;
		else if (stat(path.data, &st) < 0)
			continue;	/* a dangling link: nothing to open */
		if (S_ISDIR(st.st_mode)) {
			if (depth > 0) {
				buf_addc(&path, '/');
				ret = repofile_check_dir(path.data, depth - 1);
			}
		} else if (!S_ISREG(st.st_mode)) {
			ret = refuse(path.data, &st);
		}
	}
	closedir(d);
	buf_release(&path);
	return ret;
}

/* --- includes, checked before libgit2 follows them ---------------------- */

/* libgit2's bound (config_file.c): deeper includes are its error. */
#define INCLUDE_DEPTH 10

/*
 * The value of a key at p (after "="), git's syntax: quotes, escapes,
 * a comment outside quotes ending it, a backslash before the newline
 * going on to the next line, trailing blanks dropped.  *end: where the
 * line ends.
 */
static void
config_value(const char *p, const char *lim, struct buf *out,
	     const char **end)
{
	size_t keep = 0;
	int quoted = 0;

	while (p < lim && (*p == ' ' || *p == '\t'))
		p++;
	for (; p < lim; p++) {
		char c = *p;

		if (c == '\n' || (!quoted && (c == '#' || c == ';')))
			break;
		if (c == '"') {
			quoted = !quoted;
			keep = out->len;
			continue;
		}
		if (c == '\\' && p + 1 < lim) {
			c = *++p;
			if (c == '\n')
				continue;
			c = c == 'n' ? '\n' : c == 't' ? '\t' :
			    c == 'b' ? '\b' : c;
			buf_addc(out, c);
			keep = out->len;
			continue;
		}
		buf_addc(out, c);
		if (quoted || (c != ' ' && c != '\t'))
			keep = out->len;
	}
	out->len = keep;
	if (out->data)
		out->data[keep] = '\0';
	while (p < lim && *p != '\n')
		p++;
	*end = p;
}

/*
 * Each "path" of an [include] or [includeIf "..."] section of the
 * configuration text s (len bytes) into paths, NUL-separated: whatever
 * their conditions, for a file that may be included must be checked
 * before libgit2 decides to read it.
 */
static void
include_paths(const char *s, size_t len, struct buf *paths)
{
	const char *p = s, *lim = s + len;
	struct buf v = BUF_INIT;
	int in_include = 0;

	while (p < lim) {
		const char *key;
		size_t klen;

		while (p < lim && isspace((unsigned char)*p))
			p++;
		if (p < lim && *p == '[') {
			const char *q = ++p;

			while (q < lim && (isalnum((unsigned char)*q) ||
					   *q == '-'))
				q++;
			in_include = (q - p == 7 && !strncasecmp(p, "include", 7)) ||
				     (q - p == 9 && !strncasecmp(p, "includeIf", 9));
			/* The rest of the header, then maybe a key on the
			 * same line, as git allows. */
			while (q < lim && *q != ']' && *q != '\n')
				q += *q == '\\' && q + 1 < lim ? 2 : 1;
			p = q < lim && *q == ']' ? q + 1 : q;
			continue;
		}
		if (p < lim && (*p == '#' || *p == ';')) {
			while (p < lim && *p != '\n')
				p++;
			continue;
		}
		key = p;
		while (p < lim && (isalnum((unsigned char)*p) || *p == '-'))
			p++;
		klen = (size_t)(p - key);
		while (p < lim && (*p == ' ' || *p == '\t'))
			p++;
		if (!klen || p == lim || *p != '=') {
			while (p < lim && *p != '\n')
				p++;
			continue;
		}
		buf_release(&v);
		config_value(p + 1, lim, &v, &p);
		if (in_include && klen == 4 && !strncasecmp(key, "path", 4) &&
		    v.len) {
			buf_add(paths, v.data, v.len);
			buf_addc(paths, '\0');
		}
	}
	buf_release(&v);
}

/* Where libgit2 finds the include value of file: from the home
 * directory ("~/"), or relative to the including file's directory. */
static char *
include_target(const char *file, const char *value)
{
	struct buf b = BUF_INIT;
	const char *home = getenv("HOME"), *slash = strrchr(file, '/');

	if (value[0] == '~' && value[1] == '/')
		buf_printf(&b, "%s%s", home ? home : "", value + 1);
	else if (value[0] == '/' || !slash)
		buf_puts(&b, value);
	else
		buf_printf(&b, "%.*s/%s", (int)(slash - file), file, value);
	return b.data;
}

static int
check_includes(const char *path, int depth)
{
	struct buf text = BUF_INIT, paths = BUF_INIT;
	int ret = repofile_read(path, &text);

	if (ret > 0 && depth < INCLUDE_DEPTH) {
		include_paths(text.data, text.len, &paths);
		for (size_t at = 0; at < paths.len && ret >= 0;
		     at += strlen(paths.data + at) + 1) {
			char *target = include_target(path, paths.data + at);

			ret = check_includes(target, depth + 1);
			free(target);
		}
	}
	buf_release(&paths);
	buf_release(&text);
	return ret < 0 ? -1 : ret;
}

int
repofile_check_config(const char *path, int required)
{
	int ret = check_includes(path, 0);

	if (!ret && required) {
		error("cannot read '%s': %s", path, strerror(ENOENT));
		return -1;
	}
	return ret;
}
