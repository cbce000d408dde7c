/*
 * heapmap.c - mmap replaced by a heap copy for the fuzz build (see
 * heapmap.h).  Only read-only private mappings of a whole file are made by
 * the code under test, and only those are supported.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "heapmap.h"

void *
heapmap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	char *p;
	size_t done = 0;

	(void)addr;
	(void)prot;
	(void)flags;
	if (!len || off) {
		errno = EINVAL;
		return MAP_FAILED;
	}
	p = malloc(len);
	if (!p)
		return MAP_FAILED;
	while (done < len) {
		ssize_t n = pread(fd, p + done, len - done, (off_t)done);

		if (n <= 0) {
			free(p);
			errno = EIO;
			return MAP_FAILED;
		}
		done += (size_t)n;
	}
	return p;
}

int
heapmap_munmap(void *addr, size_t len)
{
	(void)len;
	free(addr);
	return 0;
}
