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

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
