/*
 * output.c - where a rendered output goes, all at once.
 */
#define _GNU_SOURCE	/* O_PATH */
#include "util/output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
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
	{ "fixes", FORMAT_FIXES, NULL },
	{ "findings", FORMAT_FINDINGS, NULL },
	{ "github", FORMAT_GITHUB, NULL },
	{ "routing", FORMAT_ROUTING, NULL },
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
format_name(enum format fmt)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i].fmt == fmt)
			return formats[i].name;
	return "";
}

const char *
format_extension(enum format fmt)
{
	/* The first of the format's: .txt, .dot, .tsv, .html. */
	for (size_t i = 0; i < ARRAY_SIZE(extensions); i++)
		if (extensions[i].fmt == fmt)
			return extensions[i].ext;
	return "";
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
 * unlink the recorded names in their directories, restore the default
 * action, raise the signal again.  The record changes only with those
 * signals blocked.
 */
struct pending {
	int dirfd;		/* the destination's directory, or -1 */
	char name[32];		/* the temporary file's name in it, or "" */
};

static const int fatal_signals[] = { SIGHUP, SIGINT, SIGTERM, SIGXFSZ };
static struct sigaction saved_actions[ARRAY_SIZE(fatal_signals)];
static struct pending *volatile pending_tmp;	/* pending_nr of them */
static volatile size_t pending_nr;

static void
remove_tmp_and_die(int sig)
{
	struct pending *tmp = pending_tmp;

	for (size_t k = 0; tmp && k < pending_nr; k++)
		if (tmp[k].name[0])
			unlinkat(tmp[k].dirfd, tmp[k].name, 0);
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
	 * name that is no link: written there. */
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

/* Directories climbed at most from a destination to the root. */
#define DEPTH_MAX 4096

/* Whether (dev, ino) is one of the guard's; its name in *which. */
static int
guarded(const struct output_guard *g, const struct stat *st,
	const char **which)
{
	for (size_t k = 0; g && k < g->nr; k++)
		if (g->v[k].dev == st->st_dev && g->v[k].ino == st->st_ino) {
			*which = g->v[k].name;
			return 1;
		}
	return 0;
}

/*
 * Whether the directory open as dirfd, or one above it, or its entry
 * base, is one of the guard's: checked on what is open, not on a path,
 * so that no link swapped after the check can lead the write elsewhere.
 * Returns 0, or -1 after reporting (or when the directory cannot be
 * climbed: nothing is written where that cannot be told).
 */
static int
check_guard(int dirfd, const char *base, const char *shown,
	    const struct output_guard *g)
{
	const char *which = NULL;
	struct stat st, up;
	int fd = dirfd, ret = 0;

	if (!g || !g->nr)
		return 0;
	if (!fstatat(dirfd, base, &st, AT_SYMLINK_NOFOLLOW) &&
	    guarded(g, &st, &which))
		goto refuse;
	for (int depth = 0; depth < DEPTH_MAX; depth++) {
		int parent;

		if (fstat(fd, &st) < 0)
			break;
		if (guarded(g, &st, &which))
			goto refuse;
		parent = openat(fd, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (parent < 0 || fstat(parent, &up) < 0) {
			if (parent >= 0)
				close(parent);
			break;
		}
		if (fd != dirfd)
			close(fd);
		fd = parent;
		if (up.st_dev == st.st_dev && up.st_ino == st.st_ino) {
			ret = 1;	/* the root: nothing guarded above */
			break;
		}
	}
	if (fd != dirfd)
		close(fd);
	if (ret)
		return 0;
	return error("cannot write '%s': its directory cannot be told "
		     "apart from the repository's", shown);
refuse:
	if (fd != dirfd)
		close(fd);
	return error("refusing to write '%s': it is inside the repository "
		     "('%s'), which treeplot only reads", shown, which);
}

/* Straight into something that is not a regular file (a device, a FIFO),
 * or standard output (dirfd -1): there is nothing to replace atomically. */
static int
write_direct(int dirfd, const char *base, const char *shown,
	     const struct buf *data)
{
	int fd, saved;

	if (dirfd < 0) {
		if (write_all(STDOUT_FILENO, data->data, data->len) < 0)
			return error("cannot write to standard output: %s",
				     strerror(errno));
		return 0;
	}
	fd = openat(dirfd, base, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC |
		    O_NOFOLLOW, 0666);
	if (fd < 0 || write_all(fd, data->data, data->len) < 0) {
		saved = errno;
		if (fd >= 0)
			close(fd);
		return error("cannot write '%s': %s", shown, strerror(saved));
	}
	if (close(fd) < 0)
		return error("cannot write '%s': %s", shown, strerror(errno));
	return 0;
}

/* One output on its way: where it goes, and its temporary file. */
struct staged {
	const char *shown;	/* for messages: the path, a link resolved */
	char *real;		/* the path resolved, links followed */
	int dirfd;		/* its directory, open; -1: standard output */
	const char *base;	/* its name there (in real) */
	int direct;		/* no temporary: written in place, or stdout */
};

/*
 * Where path leads (links followed, as the write follows them), its
 * directory opened once: every later step is relative to that
 * descriptor.  Returns 0 to write through a temporary file (*mode its
 * mode), 1 to write straight into it (not a regular file), or -1 after
 * reporting why it cannot be written.
 */
static int
destination(const char *path, struct staged *st, mode_t *mode,
	    const struct output_guard *g)
{
	struct stat sb;
	char *slash;

	st->shown = path;
	if (!lstat(path, &sb) && S_ISLNK(sb.st_mode)) {
		/* Replace what the link points to, not the link. */
		st->real = output_resolve(path);
		if (st->real && !lstat(st->real, &sb))
			st->shown = st->real;
	} else {
		st->real = output_resolve(path);
	}
	if (!st->real)
		return error("cannot write '%s': %s", path, strerror(ENOENT));
	slash = strrchr(st->real, '/');
	*slash = '\0';
	st->dirfd = open(slash == st->real ? "/" : st->real,
			 O_PATH | O_DIRECTORY | O_CLOEXEC);
	*slash = '/';
	st->base = slash + 1;
	if (st->dirfd < 0)
		return error("cannot write '%s': %s", st->shown,
			     strerror(errno));
	if (check_guard(st->dirfd, st->base, st->shown, g) < 0)
		return -1;
	if (fstatat(st->dirfd, st->base, &sb, 0)) {
		/* A new file: it gets the usual 0666 & ~umask. */
		*mode = umask(0);
		umask(*mode);
		*mode = 0666 & ~*mode;
		return 0;
	}
	if (S_ISDIR(sb.st_mode))
		return error("cannot write '%s': it is a directory", st->shown);
	if (!S_ISREG(sb.st_mode))
		return 1;
	/* The rename would replace a file the user made read-only: refuse,
	 * as writing it in place would. */
	if (faccessat(st->dirfd, st->base, W_OK, 0) < 0)
		return error("cannot write '%s': %s", st->shown,
			     strerror(errno));
	*mode = sb.st_mode & 07777;	/* that of the file it replaces */
	return 0;
}

/* A new name for a temporary file (".treeplot-" and six characters, as
 * mkstemp's), into name. */
static void
tmp_name(char name[32])
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyz"
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	unsigned char r[6];

	if (getrandom(r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r)) {
		unsigned long x = (unsigned long)time(NULL) ^
				  ((unsigned long)getpid() << 16) ^
				  (unsigned long)clock();

		for (size_t k = 0; k < sizeof(r); k++, x >>= 5)
			r[k] = (unsigned char)(x + k * 37);
	}
	memcpy(name, ".treeplot-", 10);
	for (size_t k = 0; k < sizeof(r); k++)
		name[10 + k] = set[r[k] % (sizeof(set) - 1)];
	name[16] = '\0';
}

/* Tries at a temporary name before giving up, as mkstemp's. */
#define TMP_TRIES 100

/* Write data into a new temporary file beside st's destination, in its
 * directory, recorded in *tmp (and so for the signal handler).  Returns
 * 0, or -1 after reporting the error; no temporary file is left then. */
static int
stage_file(const struct staged *st, mode_t mode, const struct buf *data,
	   struct pending *tmp)
{
	char name[32];
	int fd = -1, saved = 0;

	for (int k = 0; k < TMP_TRIES && fd < 0; k++) {
		tmp_name(name);
		/* The file and its record come into being together. */
		mask_fatal_signals(SIG_BLOCK);
		fd = openat(st->dirfd, name, O_WRONLY | O_CREAT | O_EXCL |
			    O_NOFOLLOW | O_CLOEXEC, 0600);
		saved = errno;
		if (fd >= 0) {
			tmp->dirfd = st->dirfd;
			memcpy(tmp->name, name, sizeof(name));
		}
		mask_fatal_signals(SIG_UNBLOCK);
		if (fd < 0 && saved != EEXIST)
			break;
	}
	if (fd < 0)
		return error("cannot write '%s': %s", st->shown,
			     strerror(saved));
	saved = 0;
	if (fchmod(fd, mode) < 0 || write_all(fd, data->data, data->len) < 0 ||
	    fsync(fd) < 0) {
		saved = errno;
		close(fd);
	} else if (close(fd) < 0) {
		saved = errno;
	}
	if (saved)
		return error("cannot write '%s': %s", st->shown,
			     strerror(saved));
	return 0;
}

/* Remove the temporary files left in tmp, and forget them. */
static void
unstage(struct pending *tmp, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		mask_fatal_signals(SIG_BLOCK);
		if (tmp[k].name[0])
			unlinkat(tmp[k].dirfd, tmp[k].name, 0);
		tmp[k].name[0] = '\0';
		mask_fatal_signals(SIG_UNBLOCK);
	}
}

/* Every temporary file renamed over its destination, in the directory
 * opened for it. */
static int
commit_staged(const struct staged *st, struct pending *tmp, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		int ret, saved;

		if (st[k].direct)
			continue;
		mask_fatal_signals(SIG_BLOCK);
		ret = renameat(st[k].dirfd, tmp[k].name, st[k].dirfd,
			       st[k].base);
		saved = errno;
		if (!ret)
			tmp[k].name[0] = '\0';
		mask_fatal_signals(SIG_UNBLOCK);
		if (ret < 0)
			return error("cannot write '%s': %s", st[k].shown,
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
write_staged(struct staged *st, struct pending *tmp,
	     const char *const *paths, const struct buf *const *data,
	     size_t n, const struct output_guard *g)
{
	for (size_t k = 0; k < n; k++) {
		mode_t mode = 0;
		int ret = 0;

		if (paths[k])
			ret = destination(paths[k], &st[k], &mode, g);
		if (ret < 0)
			return -1;
		st[k].direct = !paths[k] || ret > 0;
		if (!st[k].direct && stage_file(&st[k], mode, data[k],
						&tmp[k]) < 0)
			return -1;
	}
	for (size_t k = 0; k < n; k++)
		if (st[k].direct && write_direct(st[k].dirfd, st[k].base,
						 st[k].shown, data[k]) < 0)
			return -1;
	return commit_staged(st, tmp, n);
}

int
output_write_all(const char *const *paths, const struct buf *const *data,
		 size_t n, const struct output_guard *g)
{
	struct staged *st = xcalloc(n ? n : 1, sizeof(*st));
	struct pending *tmp = xcalloc(n ? n : 1, sizeof(*tmp));
	int ret;

	for (size_t k = 0; k < n; k++)
		st[k].dirfd = tmp[k].dirfd = -1;
	catch_fatal_signals();
	mask_fatal_signals(SIG_BLOCK);
	pending_tmp = tmp;
	pending_nr = n;
	mask_fatal_signals(SIG_UNBLOCK);
	ret = write_staged(st, tmp, paths, data, n, g);
	unstage(tmp, n);
	mask_fatal_signals(SIG_BLOCK);
	pending_tmp = NULL;
	pending_nr = 0;
	mask_fatal_signals(SIG_UNBLOCK);
	restore_fatal_signals();
	for (size_t k = 0; k < n; k++) {
		if (st[k].dirfd >= 0)
			close(st[k].dirfd);
		free(st[k].real);
	}
	free(st);
	free(tmp);
	return ret;
}

int
output_write(const char *path, const struct buf *data)
{
	return output_write_all(&path, &data, 1, NULL);
}

void
output_guard_add(struct output_guard *g, const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return;
	ALLOC_GROW(g->v, g->nr + 1, g->alloc);
	g->v[g->nr].dev = st.st_dev;
	g->v[g->nr].ino = st.st_ino;
	g->v[g->nr++].name = xstrdup(path);
}

void
output_guard_release(struct output_guard *g)
{
	for (size_t k = 0; k < g->nr; k++)
		free(g->v[k].name);
	free(g->v);
	memset(g, 0, sizeof(*g));
}
