/*
 * oid.h - an object id, as git's objects and files hold it (20 raw
 * bytes, SHA-1) and as the reports write it (40 lower-case hex digits).
 *
 * Its own header: the commit parser reads ids, but the repository, the
 * pack and commit-graph readers, the walk and every report use them
 * without parsing anything.
 */
#ifndef TREEPLOT_OID_H
#define TREEPLOT_OID_H

#include <stddef.h>

#define OID_RAWSZ 20
#define OID_HEXSZ 40

struct object_id {
	unsigned char hash[OID_RAWSZ];
};

/* 40 lower-case hex digits at p (end bounds the input) into oid.
 * Returns 0, or -1 when they are not there. */
int hex_to_oid(const char *p, const char *end, struct object_id *oid);

/* Hex form of oid into hex (OID_HEXSZ + 1 bytes). */
void oid_to_hex(const struct object_id *oid, char *hex);

/* Where oid is, or would go, among nr ids in ascending order, the ith
 * id(ctx, i): the first not below it (nr: none). */
size_t oid_lower_bound(const struct object_id *oid, size_t nr,
		       const struct object_id *(*id)(const void *ctx,
						     size_t i),
		       const void *ctx);

#endif
