/*
 * util.h - what genhist's modules share that knows nothing of git or of
 * the simulation: errors, memory that cannot fail, strings being built,
 * and the random numbers.
 *
 * Errors end the program: die() prints "genhist: <message>" and exits 2,
 * which the tests expect of a bad option; running out of memory is one
 * more such message.  A generator has nothing to clean up first.
 *
 * The random numbers are xoshiro256**, seeded by splitmix64: the same
 * seed draws the same numbers on every machine, so the same options
 * write the same stream.  Every draw comes from one struct rng, in the
 * order the simulation makes them; the tests' expected outputs depend
 * on that order, so a change that adds, drops or moves a draw changes
 * every history after it (see genhist.h).
 */
#ifndef GENHIST_UTIL_H
#define GENHIST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Grow (p, alloc) so that p[nr] may be written: doubles, from 16. */
#define GROW(p, nr, alloc)						\
	do {								\
		if ((nr) >= (alloc)) {					\
			(alloc) = (alloc) ? 2 * (alloc) : 16;		\
			if ((alloc) <= (nr))				\
				(alloc) = (nr) + 1;			\
			(p) = xrealloc((p), (alloc) * sizeof(*(p)));	\
		}							\
	} while (0)

/* "genhist: <message>" on stderr, and exit 2. */
void die(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

void *xrealloc(void *p, size_t n);
void *xcalloc(size_t n, size_t size);

/* A string of its own, formatted. */
char *xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A subject line being built: { .len = 0 } is empty; too long dies. */
struct sb {
	char buf[1024];
	size_t len;
};

void sb_add(struct sb *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The names quoted and listed: 'a' / 'a' and 'b' / 'a', 'b' and 'c'. */
void sb_list(struct sb *sb, const char *const *names, unsigned n);

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);

/* Uniform in [0, n); n > 0. */
uint32_t below(struct rng *r, uint32_t n);
uint64_t below64(struct rng *r, uint64_t n);

/* 1 with probability p. */
int chance(struct rng *r, double p);

/* splitmix64's finaliser: a hash of x, for choices the simulation's
 * random numbers must not pay for. */
uint64_t mix64(uint64_t x);

#endif
