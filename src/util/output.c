/*
 * output.c - where a rendered output goes, all at once.
 */
#include "util/output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct {
	const char *name;
	enum format fmt;
	const char *graphviz;
} formats[] = {
	{ "text", FORMAT_TEXT, NULL },
	{ "dot", FORMAT_DOT, "dot" },
	{ "svg", FORMAT_SVG, "svg" },
	{ "png", FORMAT_PNG, "png" },
	{ "pdf", FORMAT_PDF, "pdf" },
	{ "json", FORMAT_JSON, NULL },
	{ "commits", FORMAT_COMMITS, NULL },
	{ "csv", FORMAT_CSV, NULL },
	{ "html", FORMAT_HTML, NULL },
};

static const struct {
	const char *ext;
	enum format fmt;
} extensions[] = {
	{ ".txt", FORMAT_TEXT },
	{ ".dot", FORMAT_DOT },
	{ ".gv", FORMAT_DOT },
	{ ".svg", FORMAT_SVG },
	{ ".png", FORMAT_PNG },
	{ ".pdf", FORMAT_PDF },
	{ ".json", FORMAT_JSON },
	{ ".tsv", FORMAT_COMMITS },
	{ ".csv", FORMAT_CSV },
	{ ".html", FORMAT_HTML },
	{ ".htm", FORMAT_HTML },
};

enum format
format_from_name(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (!strcmp(name, formats[i].name))
			return formats[i].fmt;
	return FORMAT_NONE;
}

enum format
format_from_path(const char *path)
{
	const char *dot = strrchr(path, '.');

	if (!dot || strchr(dot, '/'))
		return FORMAT_NONE;
	for (size_t i = 0; i < ARRAY_SIZE(extensions); i++)
		if (!strcasecmp(dot, extensions[i].ext))
			return extensions[i].fmt;
	return FORMAT_NONE;
}

const char *
format_graphviz(enum format fmt)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i].fmt == fmt)
			return formats[i].graphviz;
	return NULL;
}

static int
write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * While temporary files exist, a signal that ends the process (^C, kill,
 * a hang-up, a file size limit) removes them first: the destinations are
 * then as they were, and nothing is left beside them.  Only SIGKILL (and
 * a crash) can leave a .treeplot-XXXXXX behind; the destinations are
 * intact even then.  The handler does only what is async-signal-safe:
 * unlink the recorded paths, restore the default action, raise the
 * signal again.  The record changes only with those signals blocked.
 */
static const int fatal_signals[] = { SIGHUP, SIGINT, SIGTERM, SIGXFSZ };
static struct sigaction saved_actions[ARRAY_SIZE(fatal_signals)];
static char *const *volatile pending_tmp;	/* pending_nr of them */
static volatile size_t pending_nr;

static void
remove_tmp_and_die(int sig)
{
	char *const *tmp = pending_tmp;

	for (size_t k = 0; tmp && k < pending_nr; k++)
		if (tmp[k])
			unlink(tmp[k]);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Block (how SIG_BLOCK) or unblock the signals above. */
static void
mask_fatal_signals(int how)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < ARRAY_SIZE(fatal_signals); i++)
		sigaddset(&set, fatal_signals[i]);
	sigprocmask(how, &set, NULL);
}

/* Catch the signals that would kill us, except those the caller ignores
 * (nohup's SIGHUP stays ignored). */
static void
catch_fatal_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = remove_tmp_and_die;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < ARRAY_SIZE(fatal_signals); i++) {
		sigaction(fatal_signals[i], NULL, &saved_actions[i]);
		if (saved_actions[i].sa_handler != SIG_IGN)
			sigaction(fatal_signals[i], &sa, NULL);
	}
}

static void
restore_fatal_signals(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(fatal_signals); i++)
		sigaction(fatal_signals[i], &saved_actions[i], NULL);
}

/* Links followed at most, as the kernel follows them (ELOOP). */
#define LINKS_MAX 40

/* path's directory resolved, and its last component after it; NULL when
 * the directory does not resolve. */
static char *
resolve_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : slash - path) :
		    xstrdup(".");
	char *real = realpath(dir, NULL);
	struct buf b = BUF_INIT;

	free(dir);
	if (!real)
		return NULL;
	buf_printf(&b, "%s%s%s", real, strcmp(real, "/") ? "/" : "",
		   slash ? slash + 1 : path);
	free(real);
	return b.data;
}

char *
output_resolve(const char *path)
{
	char *cur = xstrdup(path), *real;
	struct stat st;

	/* A link is followed, each one relative to where it is, until a
	 * name that is no link: written there (destination(), or
	 * write_direct() for a dangling link, which opens through it). */
	for (int hops = 0; hops < LINKS_MAX && !lstat(cur, &st) &&
			   S_ISLNK(st.st_mode); hops++) {
		char target[PATH_MAX];
		ssize_t n = readlink(cur, target, sizeof(target) - 1);
		const char *slash = strrchr(cur, '/');
		struct buf b = BUF_INIT;

		if (n < 0)
			break;
		target[n] = '\0';
		if (target[0] == '/' || !slash)
			buf_puts(&b, target);
		else
			buf_printf(&b, "%.*s/%s", (int)(slash - cur), cur, target);
		free(cur);
		cur = b.data;
	}
	/* An existing file (or directory) resolves whole; a new one by
	 * its directory. */
	real = realpath(cur, NULL);
	if (!real)
		real = resolve_dir(cur);
	free(cur);
	return real;
}

/* Straight into something that is not a regular file (a device, a FIFO,
 * a dangling link's target), or standard output (path NULL): there is
 * nothing to replace atomically. */
static int
write_direct(const char *path, const struct buf *data)
{
	int fd, saved;

	if (!path) {
		if (write_all(STDOUT_FILENO, data->data, data->len) < 0)
			return error("cannot write to standard output: %s",
				     strerror(errno));
		return 0;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0 || write_all(fd, data->data, data->len) < 0) {
		saved = errno;
		if (fd >= 0)
			close(fd);
		return error("cannot write '%s': %s", path, strerror(saved));
	}
	if (close(fd) < 0)
		return error("cannot write '%s': %s", path, strerror(errno));
	return 0;
}

/*
 * Where path leads: the file a symbolic link points to (a new string in
 * *real), and what is there.  Returns 0 to write through a temporary
 * file (*mode its mode), 1 to write straight into it (not a regular
 * file, a dangling link), or -1 after reporting why it cannot be written.
 */
static int
destination(const char **path, char **real, mode_t *mode)
{
	struct stat st;

	if (!lstat(*path, &st) && S_ISLNK(st.st_mode)) {
		/* Replace what the link points to, not the link. */
		*real = realpath(*path, NULL);
		if (!*real)
			return 1;
		*path = *real;
	}
	if (stat(*path, &st)) {
		/* A new file: mkstemp makes it 0600, it gets the usual
		 * 0666 & ~umask. */
		*mode = umask(0);
		umask(*mode);
		*mode = 0666 & ~*mode;
		return 0;
	}
	if (S_ISDIR(st.st_mode))
		return error("cannot write '%s': it is a directory", *path);
	if (!S_ISREG(st.st_mode))
		return 1;
	/* The rename would replace a file the user made read-only: refuse,
	 * as writing it in place would. */
	if (access(*path, W_OK) < 0)
		return error("cannot write '%s': %s", *path, strerror(errno));
	*mode = st.st_mode & 07777;	/* that of the file it replaces */
	return 0;
}

/* One output on its way: where it goes, and its temporary file. */
struct staged {
	const char *path;	/* the destination (a link resolved) */
	char *real;		/* path when a link was resolved */
	int direct;		/* no temporary: written in place, or stdout */
};

/* The temporary files' name, in the destination's directory: of a
 * length of its own, so that it fits wherever the destination's name
 * (up to NAME_MAX) does. */
#define TMP_NAME ".treeplot-XXXXXX"

/* Write data into a new temporary file beside path, recorded in *tmp
 * (and so for the signal handler).  Returns 0, or -1 after reporting
 * the error; no temporary file is left then. */
static int
stage_file(const char *path, mode_t mode, const struct buf *data,
	   char **tmp)
{
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
	char *t = xmalloc(dir + sizeof(TMP_NAME));
	int fd, saved = 0;

	memcpy(t, path, dir);
	memcpy(t + dir, TMP_NAME, sizeof(TMP_NAME));
	/* The file and its record come into being together. */
	mask_fatal_signals(SIG_BLOCK);
	fd = mkstemp(t);
	if (fd >= 0)
		*tmp = t;
	mask_fatal_signals(SIG_UNBLOCK);
	if (fd < 0) {
		saved = errno;
		free(t);
		return error("cannot write '%s': %s", path, strerror(saved));
	}
	if (fchmod(fd, mode) < 0 || write_all(fd, data->data, data->len) < 0 ||
	    fsync(fd) < 0) {
		saved = errno;
		close(fd);
	} else if (close(fd) < 0) {
		saved = errno;
	}
	if (saved)
		return error("cannot write '%s': %s", path, strerror(saved));
	return 0;
}

/* Remove the temporary files left in tmp, and forget them. */
static void
unstage(char **tmp, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		mask_fatal_signals(SIG_BLOCK);
		if (tmp[k])
			unlink(tmp[k]);
		free(tmp[k]);
		tmp[k] = NULL;
		mask_fatal_signals(SIG_UNBLOCK);
	}
}

/* Every temporary file renamed over its destination. */
static int
commit_staged(const struct staged *st, char **tmp, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		int ret, saved;

		if (st[k].direct)
			continue;
		mask_fatal_signals(SIG_BLOCK);
		ret = rename(tmp[k], st[k].path);
		saved = errno;
		if (!ret) {
			free(tmp[k]);
			tmp[k] = NULL;
		}
		mask_fatal_signals(SIG_UNBLOCK);
		if (ret < 0)
			return error("cannot write '%s': %s", st[k].path,
				     strerror(saved));
	}
	return 0;
}

/*
 * Each output's destination checked and its temporary file written, then
 * the outputs that cannot be replaced atomically (standard output, a
 * device) written, then every temporary renamed: a failure before the
 * renames leaves every file as it was.
 */
static int
write_staged(struct staged *st, char **tmp, const char *const *paths,
	     const struct buf *const *data, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		mode_t mode = 0;
		int ret = 0;

		st[k].path = paths[k];
		if (paths[k])
			ret = destination(&st[k].path, &st[k].real, &mode);
		if (ret < 0)
			return -1;
		st[k].direct = !paths[k] || ret > 0;
		if (!st[k].direct &&
		    stage_file(st[k].path, mode, data[k], &tmp[k]) < 0)
			return -1;
	}
	for (size_t k = 0; k < n; k++)
		if (st[k].direct && write_direct(st[k].path, data[k]) < 0)
			return -1;
	return commit_staged(st, tmp, n);
}

int
output_write_all(const char *const *paths, const struct buf *const *data,
		 size_t n)
{
	struct staged *st = xcalloc(n ? n : 1, sizeof(*st));
	char **tmp = xcalloc(n ? n : 1, sizeof(*tmp));
	int ret;

	catch_fatal_signals();
	mask_fatal_signals(SIG_BLOCK);
	pending_tmp = tmp;
	pending_nr = n;
	mask_fatal_signals(SIG_UNBLOCK);
	ret = write_staged(st, tmp, paths, data, n);
	unstage(tmp, n);
	mask_fatal_signals(SIG_BLOCK);
	pending_tmp = NULL;
	pending_nr = 0;
	mask_fatal_signals(SIG_UNBLOCK);
	restore_fatal_signals();
	for (size_t k = 0; k < n; k++)
		free(st[k].real);
	free(st);
	free(tmp);
	return ret;
}

int
output_write(const char *path, const struct buf *data)
{
	return output_write_all(&path, &data, 1);
}
