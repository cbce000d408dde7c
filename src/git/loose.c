/*
 * loose.c - loose objects, checked before libgit2 reads them.
 *
 * libgit2 1.5.1 trusts a loose object's header: a zlib stream cut short
 * hangs its inflate (libgit2 issue #7342, closed in 2026), a header
 * declaring fewer bytes than the object holds overflows a heap buffer
 * (issue #7177, open), one declaring more is padded with NULs and read
 * as another object.  So loose objects are read by a backend of ours,
 * tried before libgit2's: it inflates the object in memory bounded by
 * its declared size and hands it over only when the stream ends exactly
 * there.  Packed objects it leaves to libgit2 (GIT_ENOTFOUND); objects
 * over LOOSE_MAX (no commit or tag is) too.
 *
 * A file of its own: a libgit2 object-database backend (libgit2's own
 * odb_loose.c is the model), added to the repository when it opens
 * (repo.c) and then called only by libgit2.
 */
#include "git/libgit2.h"	/* loose_add_checked */

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <git2/sys/odb_backend.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "util/buf.h"
#include "util/util.h"

#define LOOSE_MAX (256u << 20)

struct checked_loose {
	git_odb_backend parent;	/* first: libgit2 passes &parent */
	char *objdir;		/* ".../objects/" */
	unsigned char dirs[256];	/* which "xx/" fan-out directories
					 * there were when it opened */
};

static const struct {
	const char *name;
	git_object_t type;
} loose_types[] = {
	{ "commit", GIT_OBJECT_COMMIT }, { "tree", GIT_OBJECT_TREE },
	{ "blob", GIT_OBJECT_BLOB }, { "tag", GIT_OBJECT_TAG },
};

/* The type and size of a header "TYPE SIZE" (len bytes); -1 if bad. */
static int
loose_header(const unsigned char *h, size_t len, git_object_t *type,
	     size_t *size)
{
	const unsigned char *sp = memchr(h, ' ', len), *p;

	*type = GIT_OBJECT_INVALID;
	if (!sp || sp + 1 == h + len)
		return -1;
	for (size_t k = 0; k < sizeof(loose_types) / sizeof(loose_types[0]); k++)
		if (strlen(loose_types[k].name) == (size_t)(sp - h) &&
		    !memcmp(h, loose_types[k].name, (size_t)(sp - h)))
			*type = loose_types[k].type;
	*size = 0;
	for (p = sp + 1; p < h + len; p++) {
		if (*p < '0' || *p > '9' || *size > LOOSE_MAX)
			return -1;
		*size = *size * 10 + (size_t)(*p - '0');
	}
	return *type == GIT_OBJECT_INVALID ? -1 : 0;
}

/*
 * Inflate the loose object z (zlen bytes): 0 with its type, size and
 * contents (from git_odb_backend_data_alloc, when body is not NULL), or
 * why it is not whole.
 */
static const char *
loose_inflate(git_odb_backend *be, const unsigned char *z, size_t zlen,
	      git_object_t *type, size_t *size, void **body)
{
	unsigned char head[64], *nul, *out = NULL, extra_byte;
	const char *why = NULL;
	size_t have, extra, total;
	z_stream s;
	int rc;

	memset(&s, 0, sizeof(s));
	if (inflateInit(&s) != Z_OK)
		return "cannot inflate";
	s.next_in = (unsigned char *)(uintptr_t)z;
	s.avail_in = (uInt)zlen;
	s.next_out = head;
	s.avail_out = sizeof(head);
	rc = inflate(&s, Z_SYNC_FLUSH);
	have = sizeof(head) - s.avail_out;
	if (rc != Z_OK && rc != Z_STREAM_END) {
		why = rc == Z_BUF_ERROR ? "truncated" : "bad zlib data";
		goto out;
	}
	nul = memchr(head, '\0', have);
	if (!nul || loose_header(head, (size_t)(nul - head), type, size) < 0) {
		why = "bad header";
		goto out;
	}
	extra = have - (size_t)(nul + 1 - head);
	if (extra > *size) {
		why = "longer than its header says";
		goto out;
	}
	out = git_odb_backend_data_alloc(be, *size + 1);
	if (!out) {
		why = "out of memory";
		goto out;
	}
	memcpy(out, nul + 1, extra);
	total = extra;
	if (rc != Z_STREAM_END) {
		s.next_out = out + extra;
		s.avail_out = (uInt)(*size - extra);
		rc = inflate(&s, Z_FINISH);
		total = *size - s.avail_out;
		/* One byte more, to see an object longer than declared. */
		if (rc == Z_BUF_ERROR && !s.avail_out && s.avail_in) {
			s.next_out = &extra_byte;
			s.avail_out = 1;
			rc = inflate(&s, Z_FINISH);
			total += 1 - s.avail_out;
		}
	}
	if (total > *size)
		why = "longer than its header says";
	else if (rc == Z_STREAM_END && total < *size)
		why = "shorter than its header says";
	else if (rc != Z_STREAM_END)
		why = rc == Z_BUF_ERROR ? "truncated" : "bad zlib data";
out:
	inflateEnd(&s);
	if (why || !body)
		git_odb_backend_data_free(be, out);
	else
		*body = out;
	return why;
}

/* Read all len bytes of fd: 0, or -1. */
static int
read_all(int fd, char *p, size_t len)
{
	while (len) {
		ssize_t n = read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Read the loose object oid whole: 0, GIT_ENOTFOUND when it is not loose
 * (or too big for us), or an error naming it. */
static int
loose_read(git_odb_backend *be, const git_oid *oid, git_object_t *type,
	   size_t *size, void **body)
{
	struct checked_loose *cl = (struct checked_loose *)be;
	char hex[GIT_OID_HEXSZ + 1];
	struct buf path = BUF_INIT, data = BUF_INIT;
	const char *why = NULL;
	struct stat st;
	int fd, ret = GIT_ENOTFOUND;

	/* A packed repository has no fan-out directory: no open each. */
	if (!cl->dirs[oid->id[0]])
		return GIT_ENOTFOUND;
	git_oid_tostr(hex, sizeof(hex), oid);
	buf_printf(&path, "%s%.2s/%s", cl->objdir, hex, hex + 2);
	fd = open(path.data, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	buf_release(&path);
	if (fd < 0)
		return GIT_ENOTFOUND;	/* packed, or libgit2 says why */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		why = "not a regular file";
	} else if ((uint64_t)st.st_size <= LOOSE_MAX) {
		buf_pad(&data, '\0', (size_t)st.st_size);
		if (data.len && read_all(fd, data.data, data.len) < 0)
			why = "cannot be read";
		else
			why = loose_inflate(be, (unsigned char *)data.data,
					    data.len, type, size, body);
		ret = why ? -1 : 0;
	}
	close(fd);
	buf_release(&data);
	if (why) {
		buf_printf(&path, "corrupt loose object %s: %s", hex, why);
		git_error_set_str(GIT_ERROR_ODB, path.data);
		buf_release(&path);
		ret = -1;
	}
	return ret;
}

static int
checked_read(void **body, size_t *size, git_object_t *type,
	     git_odb_backend *be, const git_oid *oid)
{
	return loose_read(be, oid, type, size, body);
}

static int
checked_read_header(size_t *size, git_object_t *type, git_odb_backend *be,
		    const git_oid *oid)
{
	return loose_read(be, oid, type, size, NULL);
}

/* Listing the objects (git_odb_foreach, which calls every backend's
 * without asking whether it has one): libgit2's own loose backend,
 * which stays behind this one, lists the same objects. */
static int
checked_foreach(git_odb_backend *be, git_odb_foreach_cb cb, void *data)
{
	(void)be;
	(void)cb;
	(void)data;
	return 0;
}

/* Which fan-out directories there are (all of them, if it cannot
 * tell). */
static void
list_fanout(struct checked_loose *cl)
{
	DIR *d = opendir(cl->objdir);
	struct dirent *e;

	if (!d) {
		memset(cl->dirs, 1, sizeof(cl->dirs));
		return;
	}
	while ((e = readdir(d))) {
		const char *n = e->d_name;

		if (strlen(n) == 2 && isxdigit((unsigned char)n[0]) &&
		    isxdigit((unsigned char)n[1]))
			cl->dirs[strtoul(n, NULL, 16)] = 1;
	}
	closedir(d);
}

static void
checked_free(git_odb_backend *be)
{
	struct checked_loose *cl = (struct checked_loose *)be;

	free(cl->objdir);
	free(cl);
}

int
loose_add_checked(git_repository *git, const char *objdir)
{
	struct checked_loose *cl;
	git_odb *odb;
	int ret;

	if ((ret = git_repository_odb(&odb, git)) < 0)
		return ret;
	cl = xcalloc(1, sizeof(*cl));
	git_odb_init_backend(&cl->parent, GIT_ODB_BACKEND_VERSION);
	cl->parent.read = checked_read;
	cl->parent.read_header = checked_read_header;
	cl->parent.foreach = checked_foreach;
	cl->parent.free = checked_free;
	cl->objdir = xstrdup(objdir);
	list_fanout(cl);
	ret = git_odb_add_backend(odb, &cl->parent, 3);
	if (ret < 0)
		checked_free(&cl->parent);
	git_odb_free(odb);
	return ret;
}
