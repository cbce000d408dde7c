/*
 * oid.c - object ids from hex and back.
 */
#include "git/oid.h"

#include <string.h>

static int
hex_digit(int c)
{
	return c >= '0' && c <= '9' ? c - '0' :
	       c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int
hex_to_oid(const char *p, const char *end, struct object_id *oid)
{
	if (end - p < OID_HEXSZ)
		return -1;
	for (int k = 0; k < OID_RAWSZ; k++) {
		int hi = hex_digit((unsigned char)p[2 * k]);
		int lo = hex_digit((unsigned char)p[2 * k + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		oid->hash[k] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

void
oid_to_hex(const struct object_id *oid, char *hex)
{
	static const char digits[] = "0123456789abcdef";

	for (int k = 0; k < OID_RAWSZ; k++) {
		hex[2 * k] = digits[oid->hash[k] >> 4];
		hex[2 * k + 1] = digits[oid->hash[k] & 15];
	}
	hex[OID_HEXSZ] = '\0';
}

size_t
oid_lower_bound(const struct object_id *oid, size_t nr,
		const struct object_id *(*id)(const void *ctx, size_t i),
		const void *ctx)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (memcmp(id(ctx, mid)->hash, oid->hash, OID_RAWSZ) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}
