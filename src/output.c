/*
 * output.c - where a rendered output goes, all at once.
 */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
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
 * While a temporary file exists, a signal that ends the process (^C, kill,
 * a hang-up, a file size limit) removes it first: the destination is then
 * as it was, and nothing is left beside it.  Only SIGKILL (and a crash)
 * can leave a FILE.tmp-XXXXXX behind; the destination is intact even then.
 * The handler does only what is async-signal-safe: unlink the recorded
 * path, restore the default action, raise the signal again.
 */
static const int fatal_signals[] = { SIGHUP, SIGINT, SIGTERM, SIGXFSZ };
static struct sigaction saved_actions[ARRAY_SIZE(fatal_signals)];
static const char *volatile pending_tmp;

static void
remove_tmp_and_die(int sig)
{
	const char *tmp = pending_tmp;

	if (tmp)
		unlink(tmp);
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

/* Straight into something that is not a regular file (a device, a FIFO,
 * a dangling link's target): there is nothing to replace atomically. */
static int
write_direct(const char *path, const struct buf *data)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	int saved;

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

/* Write data into a new temporary file beside path, then rename it over
 * path.  Returns 0, or -1 with errno set; no temporary file is left. */
static int
replace_file(const char *path, mode_t mode, const struct buf *data)
{
	char *tmp = xmalloc(strlen(path) + sizeof(".tmp-XXXXXX"));
	int fd, ret = -1, saved = 0;

	sprintf(tmp, "%s.tmp-XXXXXX", path);
	catch_fatal_signals();
	/* The file and its record in pending_tmp come into being together,
	 * and go together at the rename. */
	mask_fatal_signals(SIG_BLOCK);
	fd = mkstemp(tmp);
	if (fd >= 0)
		pending_tmp = tmp;
	mask_fatal_signals(SIG_UNBLOCK);
	if (fd < 0) {
		saved = errno;
		goto out;
	}
	if (fchmod(fd, mode) < 0 || write_all(fd, data->data, data->len) < 0 ||
	    fsync(fd) < 0) {
		saved = errno;
		close(fd);
	} else if (close(fd) < 0) {
		saved = errno;
	} else {
		mask_fatal_signals(SIG_BLOCK);
		ret = rename(tmp, path);
		saved = errno;
		if (!ret)
			pending_tmp = NULL;
		mask_fatal_signals(SIG_UNBLOCK);
	}
	if (ret < 0)
		unlink(tmp);
	pending_tmp = NULL;
out:
	restore_fatal_signals();
	free(tmp);
	errno = saved;
	return ret;
}

int
output_write(const char *path, const struct buf *data)
{
	char *real = NULL;
	mode_t mode = 0;
	int ret;

	if (!path) {
		if (write_all(STDOUT_FILENO, data->data, data->len) < 0)
			return error("cannot write to standard output: %s",
				     strerror(errno));
		return 0;
	}
	ret = destination(&path, &real, &mode);
	if (ret > 0)
		ret = write_direct(path, data);
	else if (!ret && replace_file(path, mode, data) < 0)
		ret = error("cannot write '%s': %s", path, strerror(errno));
	free(real);
	return ret;
}
