/*
 * fuzz-escape.c - libFuzzer target: escape_text, escape_json and
 * escape_gv_label on any bytes, each checked against its contract in
 * escape.h:
 *   - every output is valid UTF-8 and holds no control character, raw or
 *     as a code point (C0, DEL, C1), nor any of the invisible format
 *     characters (bidirectional controls, U+2028, U+2029);
 *   - escape_text is reversible: undoing \\ \t \n \r \xNN gives the input
 *     back, byte for byte;
 *   - escape_json is a valid JSON string body whose value is the input
 *     with each byte of invalid UTF-8 replaced by U+FFFD;
 *   - escape_gv_label doubles every backslash: backslashes come in pairs,
 *     so Graphviz interprets none of them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/escape.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
forbidden(unsigned int cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ||
	       (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069) ||
	       cp == 0x200e || cp == 0x200f || cp == 0x061c ||
	       cp == 0x2028 || cp == 0x2029;
}

/* Valid UTF-8 with no forbidden code point. */
static void
check_clean(const struct buf *b)
{
	const unsigned char *p = (const unsigned char *)b->data;
	unsigned int cp;
	size_t n;

	if (b->len && strlen(b->data) != b->len)
		abort();
	for (size_t i = 0; i < b->len; i += n) {
		n = utf8_decode(p + i, b->len - i, &cp);
		if (!n || forbidden(cp))
			abort();
	}
}

static void
put_utf8(struct buf *b, unsigned int cp)
{
	if (cp < 0x80) {
		buf_addc(b, (char)cp);
	} else if (cp < 0x800) {
		buf_addc(b, (char)(0xc0 | cp >> 6));
		buf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		buf_addc(b, (char)(0xe0 | cp >> 12));
		buf_addc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
		buf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else {
		buf_addc(b, (char)(0xf0 | cp >> 18));
		buf_addc(b, (char)(0x80 | (cp >> 12 & 0x3f)));
		buf_addc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
		buf_addc(b, (char)(0x80 | (cp & 0x3f)));
	}
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int
same(const struct buf *b, const char *s, size_t len)
{
	return b->len == len && (!len || !memcmp(b->data, s, len));
}

static void
check_text(const char *s, size_t len)
{
	struct buf out = BUF_INIT, back = BUF_INIT;

	escape_text(&out, s, len);
	check_clean(&out);
	for (size_t i = 0; i < out.len; i++) {
		char c = out.data[i];
		int hi, lo;

		if (c != '\\') {
			buf_addc(&back, c);
			continue;
		}
		if (++i == out.len)
			abort();
		switch (out.data[i]) {
		case '\\': buf_addc(&back, '\\'); break;
		case 't': buf_addc(&back, '\t'); break;
		case 'n': buf_addc(&back, '\n'); break;
		case 'r': buf_addc(&back, '\r'); break;
		case 'x':
			if (out.len - i < 3)
				abort();
			hi = hexval(out.data[i + 1]);
			lo = hexval(out.data[i + 2]);
			if (hi < 0 || lo < 0)
				abort();
			buf_addc(&back, (char)(hi << 4 | lo));
			i += 2;
			break;
		default:
			abort();
		}
	}
	if (!same(&back, s, len))
		abort();
	buf_release(&out);
	buf_release(&back);
}

static void
check_json(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	struct buf out = BUF_INIT, back = BUF_INIT, want = BUF_INIT;
	unsigned int cp;
	size_t n;

	escape_json(&out, s, len);
	check_clean(&out);
	/* What the string must hold: the input, invalid bytes as U+FFFD. */
	for (size_t i = 0; i < len; i += n) {
		n = utf8_decode(p + i, len - i, &cp);
		if (!n) {
			buf_puts(&want, "\xef\xbf\xbd");
			n = 1;
		} else {
			buf_add(&want, p + i, n);
		}
	}
	for (size_t i = 0; i < out.len; i++) {
		char c = out.data[i];

		if (c == '"')
			abort();	/* would end the string */
		if (c != '\\') {
			buf_addc(&back, c);
			continue;
		}
		if (++i == out.len)
			abort();
		switch (out.data[i]) {
		case '"': buf_addc(&back, '"'); break;
		case '\\': buf_addc(&back, '\\'); break;
		case '/': buf_addc(&back, '/'); break;
		case 'b': buf_addc(&back, '\b'); break;
		case 'f': buf_addc(&back, '\f'); break;
		case 'n': buf_addc(&back, '\n'); break;
		case 'r': buf_addc(&back, '\r'); break;
		case 't': buf_addc(&back, '\t'); break;
		case 'u':
			if (out.len - i < 5)
				abort();
			cp = 0;
			for (int k = 1; k <= 4; k++) {
				int v = hexval(out.data[i + k]);

				if (v < 0)
					abort();
				cp = cp << 4 | (unsigned int)v;
			}
			i += 4;
			/* A character beyond the Basic Multilingual Plane
			 * (a format character such as U+E0001) is a
			 * surrogate pair: high, then low; never alone. */
			if (cp >= 0xdc00 && cp <= 0xdfff)
				abort();
			if (cp >= 0xd800 && cp <= 0xdbff) {
				unsigned int lo = 0;

				if (out.len - i < 7 || out.data[i + 1] != '\\' ||
				    out.data[i + 2] != 'u')
					abort();
				for (int k = 3; k <= 6; k++) {
					int v = hexval(out.data[i + k]);

					if (v < 0)
						abort();
					lo = lo << 4 | (unsigned int)v;
				}
				if (lo < 0xdc00 || lo > 0xdfff)
					abort();
				cp = 0x10000 + ((cp - 0xd800) << 10) +
				     (lo - 0xdc00);
				i += 6;
			}
			put_utf8(&back, cp);
			break;
		default:
			abort();
		}
	}
	if (!same(&back, want.data, want.len))
		abort();
	buf_release(&out);
	buf_release(&back);
	buf_release(&want);
}

static void
check_gv(const char *s, size_t len)
{
	struct buf out = BUF_INIT;
	size_t run = 0;

	escape_gv_label(&out, s, len);
	check_clean(&out);
	for (size_t i = 0; i <= out.len; i++) {
		if (i < out.len && out.data[i] == '\\') {
			run++;
			continue;
		}
		if (run % 2)
			abort();
		run = 0;
	}
	buf_release(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;

	check_text(s, size);
	check_json(s, size);
	check_gv(s, size);
	return 0;
}
