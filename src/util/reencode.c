/*
 * reencode.c - text in a declared encoding converted to UTF-8 with
 * iconv, the way git's reencode_string_len does it.
 */
#include "util/reencode.h"

#include <errno.h>
#include <iconv.h>
#include <string.h>
#include <strings.h>

#include "util/escape.h"
#include "util/util.h"

/* Longer names are no encoding iconv knows (its longest are about 40
 * bytes): refused before a copy is made. */
#define NAME_MAX_LEN REENCODE_NAME_MAX

int
reencode_valid_utf8(const char *p, size_t len)
{
	const unsigned char *u = (const unsigned char *)p;

	while (len) {
		unsigned int cp;
		size_t n = *u < 0x80 ? 1 : utf8_decode(u, len, &cp);

		if (!n)
			return 0;
		u += n;
		len -= n;
	}
	return 1;
}

char *
reencode_name_dup(const char *name, size_t len)
{
	char *s;

	if (len <= REENCODE_NAME_MAX)
		return xstrndup(name, len);
	s = xmalloc(REENCODE_NAME_MAX + 4);
	memcpy(s, name, REENCODE_NAME_MAX);
	memcpy(s + REENCODE_NAME_MAX, "...", 4);
	return s;
}

int
reencode_is_utf8(const char *name, size_t len)
{
	return (len == 5 && !strncasecmp(name, "utf-8", 5)) ||
	       (len == 4 && !strncasecmp(name, "utf8", 4));
}

/*
 * Convert in..len with cd, appending to out; -1 (out as it was) on bytes
 * it rejects, a truncated sequence at the end included.  The last round
 * flushes the shift state of a stateful encoding (ISO-2022-JP).
 */
static int
convert(iconv_t cd, const char *in, size_t len, struct buf *out)
{
	char *src = (char *)in;
	size_t left = len, base = out->len;
	int flush = 0;

	for (;;) {
		size_t room = left * 4 + 16, r;
		char *dst;

		buf_pad(out, '\0', room);
		out->len -= room;
		dst = out->data + out->len;
		r = flush ? iconv(cd, NULL, NULL, &dst, &room) :
			    iconv(cd, &src, &left, &dst, &room);
		out->len = (size_t)(dst - out->data);
		if (r == (size_t)-1 && errno == E2BIG)
			continue;
		if (r == (size_t)-1) {
			out->len = base;
			out->data[base] = '\0';
			return -1;
		}
		if (flush)
			break;
		flush = 1;	/* every byte taken */
	}
	out->data[out->len] = '\0';
	return 0;
}

enum reencode_status
reencode_utf8(const char *name, size_t name_len, const char *in, size_t len,
	      struct buf *out)
{
	char cname[NAME_MAX_LEN + 1];
	size_t base = out->len;
	iconv_t cd;
	int ret;

	if (reencode_is_utf8(name, name_len))
		return REENCODE_SAME;
	if (!name_len || name_len > NAME_MAX_LEN || memchr(name, '\0', name_len))
		return REENCODE_UNKNOWN;
	memcpy(cname, name, name_len);
	cname[name_len] = '\0';
	cd = iconv_open("UTF-8", cname);
	/* git's fallback: some systems install only the official name. */
	if (cd == (iconv_t)-1 && !strcasecmp(cname, "latin-1"))
		cd = iconv_open("UTF-8", "ISO-8859-1");
	if (cd == (iconv_t)-1)
		return REENCODE_UNKNOWN;
	ret = convert(cd, in, len, out);
	iconv_close(cd);
	if (ret < 0)
		return REENCODE_INVALID;
	/* glibc takes a name it reads as UTF-8's ("utf8" and a stray
	 * byte) for a copy, invalid bytes and all: what it hands back must
	 * be UTF-8, or the bytes were not valid in the encoding named. */
	if (!reencode_valid_utf8(out->data + base, out->len - base)) {
		out->len = base;
		out->data[base] = '\0';
		return REENCODE_INVALID;
	}
	return REENCODE_DONE;
}
