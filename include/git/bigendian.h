/*
 * bigendian.h - the big-endian numbers of git's binary files: the
 * commit-graph (commitgraph.c) and the pack index (pack.c), the two
 * readers of them.
 */
#ifndef TREEPLOT_BIGENDIAN_H
#define TREEPLOT_BIGENDIAN_H

#include <stdint.h>

/* The 32-bit number at p, most significant byte first. */
static inline uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/* The 64-bit number at p, most significant byte first. */
static inline uint64_t
be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

#endif
