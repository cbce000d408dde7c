/*
 * fuzz-commitparse.c - libFuzzer target: the parsing of raw commit
 * objects (src/git/commitparse.c) on any bytes, as the walk and the batch
 * reader call it.  Nothing may crash or read outside the input (it is
 * copied to a heap block of its own size, so AddressSanitizer sees one
 * byte too far), and each result is checked against its contract:
 *   - the headers and the message split the input: commit_message lies
 *     within it, not before any header line's end;
 *   - the subject holds no newline, the reference lines and sign-offs
 *     none at either end, and no line of theirs is empty;
 *   - commit_signatures sets only SIG_MERGETAG and SIG_GPGSIG;
 *   - commit_trailers writes as many lines as it says, each a key of
 *     letters, digits and '-', ": ", then a value without a NUL;
 *   - a time is negative only when written with a '-' (before 1970,
 *     issue 16), and the zone within +-99:99;
 *   - hex_to_oid and oid_to_hex are inverse on what hex_to_oid accepts;
 *   - commit_reencode converts into valid UTF-8 or leaves the buffer
 *     empty, and says which encoding whenever it did not convert.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "git/commitparse.h"
#include "util/buf.h"
#include "util/reencode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Lines of b (joined by newlines) are non-empty, none at either end. */
static void
check_lines(const struct buf *b, size_t n)
{
	size_t lines = b->len ? 1 : 0;

	if (!b->len) {
		if (n)
			abort();
		return;
	}
	if (b->data[0] == '\n' || b->data[b->len - 1] == '\n')
		abort();
	for (size_t k = 0; k + 1 < b->len; k++) {
		if (b->data[k] == '\n' && b->data[k + 1] == '\n')
			abort();
		lines += b->data[k] == '\n';
	}
	if (lines != n)
		abort();
}

/* commit_trailers' lines: n of them, each "KEY: VALUE\n". */
static void
check_trailers(const struct buf *b, size_t n)
{
	const char *p = b->data, *end;

	if (!b->len) {
		if (n)
			abort();
		return;
	}
	end = p + b->len;

	for (; n; n--) {
		const char *k = p, *eol;

		if (p >= end || !(eol = memchr(p, '\n', end - p)))
			abort();
		while (p < eol && (*p == '-' || (*p >= '0' && *p <= '9') ||
				   ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z')))
			p++;
		if (p == k || eol - p < 2 || memcmp(p, ": ", 2) ||
		    memchr(p, '\0', eol - p))
			abort();
		p = eol + 1;
	}
	if (p != end)
		abort();
}

/* commit_reencode's contract. */
static void
check_reencode(const char *in, const char *end)
{
	struct buf b = BUF_INIT;
	const char *name = NULL;
	size_t len = 0;
	int st = commit_reencode(in, end, &b, &name, &len);

	switch (st) {
	case REENCODE_DONE:
		if (!reencode_valid_utf8(b.data, b.len))
			abort();
		break;
	case REENCODE_SAME:
		if (b.len)
			abort();
		break;
	case REENCODE_UNKNOWN:
	case REENCODE_INVALID:
		if (b.len || !name || name < in || name + len > end)
			abort();
		break;
	default:
		abort();
	}
	buf_release(&b);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = malloc(size ? size : 1), hex[OID_HEXSZ + 1];
	const char *end, *msg, *p, *eol, *after;
	struct buf b = BUF_INIT;
	struct object_id oid, back;
	int64_t t;
	int32_t tz;
	size_t n;

	memcpy(in, data, size);
	end = in + size;
	msg = commit_message(in, end);
	if (msg < in || msg > end)
		abort();
	for (p = in; (eol = commit_header_next(p, end)); p = eol + 1) {
		if (eol < p || eol > end || eol > msg)
			abort();
		parse_committer(p, eol, &t, &tz);
		if ((t < 0 && !memchr(p, '-', (size_t)(eol - p))) ||
		    tz < -(99 * 60 + 99) || tz > 99 * 60 + 99)
			abort();
	}
	(void)commit_is_well_formed(in, size);
	commit_committer(in, end, &b);
	b.len = 0;
	commit_author(in, end, &b);
	if (commit_time(in, end) < 0 && !memchr(in, '-', size))
		abort();
	b.len = 0;
	after = commit_subject(&b, msg, end);
	if (after < msg || after > end || (b.len && memchr(b.data, '\n', b.len)))
		abort();
	b.len = 0;
	n = commit_reference_lines(&b, after, end);
	check_lines(&b, n);
	b.len = 0;
	n = commit_signoffs(&b, msg, end);
	check_lines(&b, n);
	b.len = 0;
	n = commit_trailers(&b, msg, end);
	check_trailers(&b, n);
	if (commit_signatures(in, end) & ~(unsigned)(SIG_MERGETAG | SIG_GPGSIG))
		abort();
	check_reencode(in, end);
	if (!hex_to_oid(in, end, &oid)) {
		oid_to_hex(&oid, hex);
		if (hex_to_oid(hex, hex + OID_HEXSZ, &back) ||
		    memcmp(oid.hash, back.hash, OID_RAWSZ) ||
		    memcmp(hex, in, OID_HEXSZ))
			abort();
	}
	buf_release(&b);
	free(in);
	return 0;
}
