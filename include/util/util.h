/*
 * util.h - what every module needs: allocation that cannot fail, the
 * status type, and error reporting.
 *
 * Allocation failures end the program ("treeplot: out of memory", exit 1):
 * like git's xmalloc, there is nothing sensible a batch tool can do instead,
 * and it keeps every caller free of NULL checks.  Every other error is
 * returned as a negative int and reported once, at the top.
 *
 * The buffer (buf.h) and hashing (hash.h) have headers of their own;
 * util.c allocates, error.c reports.
 */
#ifndef TREEPLOT_UTIL_H
#define TREEPLOT_UTIL_H

#include <stdarg.h>
#include <stddef.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Grow (ptr, alloc) so that it holds at least nr elements. */
#define ALLOC_GROW(ptr, nr, alloc) do { \
	if ((size_t)(nr) > (size_t)(alloc)) { \
		size_t alloc_ = (alloc) < 16 ? 16 : (size_t)(alloc); \
		while (alloc_ < (size_t)(nr)) \
			alloc_ += alloc_ / 2; \
		(ptr) = xreallocarray((ptr), alloc_, sizeof(*(ptr))); \
		(alloc) = alloc_; \
	} \
} while (0)

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xreallocarray(void *ptr, size_t nmemb, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* End the program as a failed allocation does: for a size that cannot
 * even be computed. */
void die_oom(void) __attribute__((noreturn));

/*
 * What a stage returns, from the lowest layer up to main(): 0 (ST_OK) to
 * go on, a negative status once reported, or ST_DONE.  Functions
 * returning int use these values; error() returns ST_FAILURE.  main.c
 * alone maps them to exit statuses (exit_status: ST_DONE 0, ST_USAGE 2,
 * ST_INCOMPLETE 4, ST_EXIT(n) n, ST_FAILURE, ST_PARTIAL and anything
 * else negative 1).
 */
enum status {
	ST_DONE = 1,		/* the run is over, nothing failed (--help,
				 * --version written): exit 0 */
	ST_OK = 0,
	ST_FAILURE = -1,	/* the run failed: exit 1 */
	ST_USAGE = -2,		/* the user's mistake (bad range, option,
				 * configuration): exit 2 */
	ST_INCOMPLETE = -4,	/* a shallow clone's boundary cuts the
				 * range's start (or, --require-complete,
				 * the range reaches it), nothing written:
				 * exit 4 */
	ST_PARTIAL = -5,	/* --trace, --explain: a commit named could
				 * not be (said), the outputs written: exit 1 */
	ST_EXIT_BASE = -100,	/* below: an add-on's own exit status, the
				 * outputs written (addons/extra.h) */
};

/*
 * Under a limit on the address space (ulimit -v), every thread's malloc
 * arena would reserve 64 MB of it (128 MB while it aligns): one arena
 * for all threads then, set before the first thread starts.  No effect
 * without a limit.
 */
void memory_limit_init(void);

/*
 * Whether need more bytes of address space can still be had: always
 * without a limit (ulimit -v); under one, tried with a reservation that
 * is given back at once.  For the libraries (fontconfig, pango, GLib's
 * threads) that crash or abort rather than say "out of memory": asked
 * before handing over to them, and after they failed, to say why.
 */
int memory_headroom(size_t need);

/* The status of an add-on's exit status n (3 to 99), and back. */
#define ST_EXIT(n) (ST_EXIT_BASE - (n))
#define ST_EXIT_CODE(st) \
	((st) < ST_EXIT_BASE && (st) >= ST_EXIT_BASE - 99 ? \
	 ST_EXIT_BASE - (st) : 0)

/* Print "treeplot: <message>" on stderr; return -1 so callers can write
 * "return error(...)". */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int verror(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

#endif
