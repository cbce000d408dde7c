/*
 * util.c - allocation that cannot fail.
 */
#include "util/util.h"

#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

void
die_oom(void)
{
	fputs("treeplot: out of memory\n", stderr);
	exit(1);
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		die_oom();
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		die_oom();
	return p;
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	size_t bytes;
	void *p;

	if (size && nmemb > SIZE_MAX / size)
		die_oom();
	bytes = nmemb * size;
	p = realloc(ptr, bytes ? bytes : 1);
	if (!p)
		die_oom();
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Whether the address space is limited (ulimit -v). */
static int
address_space_limited(void)
{
	struct rlimit rl;

	return !getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY;
}

void
memory_limit_init(void)
{
	if (address_space_limited())
		mallopt(M_ARENA_MAX, 1);
}

int
memory_headroom(size_t need)
{
	void *p;

	if (!address_space_limited())
		return 1;
	p = mmap(NULL, need, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS |
		 MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return 0;
	munmap(p, need);
	return 1;
}
