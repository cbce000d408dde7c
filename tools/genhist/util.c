/*
 * util.c - errors, memory that cannot fail, strings being built, and the
 * random numbers: what genhist's modules need that is not the
 * simulation (util.h says how each behaves and why).
 */
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- errors, memory, strings --------------------------------------- */

void
die(const char *fmt, ...)
{
	va_list ap;

	fputs("genhist: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

char *
xprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("formatting failed");
	s = xrealloc(NULL, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

void
sb_add(struct sb *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->len, sizeof(sb->buf) - sb->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(sb->buf) - sb->len)
		die("subject too long");
	sb->len += (size_t)n;
}

void
sb_list(struct sb *sb, const char *const *names, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		if (i)
			sb_add(sb, "%s", i + 1 == n ? " and " : ", ");
		sb_add(sb, "'%s'", names[i]);
	}
}

/* ---- the random numbers: xoshiro256**, seeded by splitmix64 -------- */

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t
next64(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t v = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return v;
}

void
rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++) {
		uint64_t z = (seed += 0x9e3779b97f4a7c15ull);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		r->s[i] = z ^ (z >> 31);
	}
}

uint32_t
below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((next64(r) >> 32) * (uint64_t)n) >> 32);
}

uint64_t
below64(struct rng *r, uint64_t n)
{
	return next64(r) % n;	/* n is small next to 2^64: bias negligible */
}

int
chance(struct rng *r, double p)
{
	return (double)(next64(r) >> 11) * (1.0 / 9007199254740992.0) < p;
}

uint64_t
mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}
