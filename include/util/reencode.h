/*
 * reencode.h - text in a declared encoding converted to UTF-8, as git
 * log converts a commit that names its encoding (iconv, part of libc).
 *
 * git's rules, which these follow: a commit without an "encoding" header
 * is UTF-8 and is never converted; one whose header names UTF-8 ("UTF-8",
 * "utf8", any case) is not converted either, whatever its bytes; any
 * other name is handed to iconv, and when iconv does not know it, or the
 * bytes are not valid in it, git shows the bytes as they are.  Here the
 * caller then keeps the bytes (and the outputs escape what is not valid
 * UTF-8, as they always did) and counts the commit for one warning.
 */
#ifndef TREEPLOT_REENCODE_H
#define TREEPLOT_REENCODE_H

#include <stddef.h>

#include "util/buf.h"

/* What reencode_utf8 did. */
enum reencode_status {
	REENCODE_SAME = 0,	/* the name is UTF-8's: nothing to convert */
	REENCODE_DONE,		/* converted: out holds the UTF-8 text */
	REENCODE_UNKNOWN,	/* iconv does not know the name */
	REENCODE_INVALID,	/* the bytes are not valid in that encoding */
};

/* Whether the encoding name (len bytes) is UTF-8's, as git's
 * is_encoding_utf8: "UTF-8" or "utf8", in any case. */
int reencode_is_utf8(const char *name, size_t len);

/*
 * A copy of the encoding name (len bytes) to keep: a name longer than
 * any iconv knows is cut to REENCODE_NAME_MAX bytes and "..." follows,
 * so that a hostile header of a megabyte costs no more than a short one
 * wherever the name is stored or said.
 */
#define REENCODE_NAME_MAX 64
char *reencode_name_dup(const char *name, size_t len);

/* Whether p (len bytes) is valid UTF-8, NULs allowed. */
int reencode_valid_utf8(const char *p, size_t len);

/*
 * Convert in (len bytes, NULs allowed) from the encoding name (name_len
 * bytes) to UTF-8, appending to out on REENCODE_DONE only (out is left
 * as it was otherwise).  git's fallback spelling is tried as git tries
 * it: "latin-1" is "ISO-8859-1".  Thread-safe: each call opens its own
 * conversion.
 */
enum reencode_status reencode_utf8(const char *name, size_t name_len,
				   const char *in, size_t len,
				   struct buf *out);

#endif
