/*
 * escape.c - make untrusted text safe for each output format.
 */
#include "escape.h"

#include <string.h>

size_t
utf8_decode(const unsigned char *s, size_t len, unsigned int *cp)
{
	unsigned int c, min;
	size_t n;

	if (!len)
		return 0;
	c = s[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	} else if ((c & 0xe0) == 0xc0) {
		n = 2, c &= 0x1f, min = 0x80;
	} else if ((c & 0xf0) == 0xe0) {
		n = 3, c &= 0x0f, min = 0x800;
	} else if ((c & 0xf8) == 0xf0) {
		n = 4, c &= 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (len < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* C0 controls, DEL and the C1 controls (which some terminals obey). */
static int
is_control(unsigned int cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

/*
 * Invisible characters that change how the text around them is shown:
 * the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069) and marks (U+200E, U+200F, U+061C), with which a name
 * displays as another ("Trojan Source"), and the line and paragraph
 * separators (U+2028, U+2029), line breaks to some terminals, editors
 * and JavaScript.  They are escaped like control characters.
 */
static int
is_format_control(unsigned int cp)
{
	return (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069) ||
	       cp == 0x200e || cp == 0x200f || cp == 0x061c ||
	       cp == 0x2028 || cp == 0x2029;
}

/*
 * How a format writes one character of untrusted text: a valid one (cp,
 * its n bytes at p), or a byte that is not UTF-8 (n = 0, the byte at p).
 */
typedef void escape_char_fn(struct buf *out, const unsigned char *p, size_t n,
			    unsigned int cp);

/* The one decoding loop the formats share. */
static void
escape_each(struct buf *out, const char *s, size_t len, escape_char_fn *one)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < len) {
		unsigned int cp = 0;
		size_t n = utf8_decode(p + i, len - i, &cp);

		one(out, p + i, n, cp);
		i += n ? n : 1;
	}
}

/* Each byte of a character as a hex escape, "x%02x" after the format's
 * backslash (one, or two where the backslash is itself escaped). */
static void
escape_bytes(struct buf *out, const unsigned char *p, size_t n,
	     const char *backslash)
{
	for (size_t k = 0; k < n; k++) {
		buf_puts(out, backslash);
		buf_printf(out, "x%02x", p[k]);
	}
}

static void
text_char(struct buf *out, const unsigned char *p, size_t n, unsigned int cp)
{
	if (!n)
		escape_bytes(out, p, 1, "\\");
	else if (cp == '\\')
		buf_puts(out, "\\\\");
	else if (cp == '\t')
		buf_puts(out, "\\t");
	else if (cp == '\n')
		buf_puts(out, "\\n");
	else if (cp == '\r')
		buf_puts(out, "\\r");
	else if (is_control(cp) || is_format_control(cp))
		escape_bytes(out, p, n, "\\");
	else
		buf_add(out, p, n);
}

void
escape_text(struct buf *out, const char *s, size_t len)
{
	escape_each(out, s, len, text_char);
}

static void
json_char(struct buf *out, const unsigned char *p, size_t n, unsigned int cp)
{
	if (!n) {
		buf_puts(out, "\xef\xbf\xbd");	/* U+FFFD */
		return;
	}
	switch (cp) {
	case '"':  buf_puts(out, "\\\""); break;
	case '\\': buf_puts(out, "\\\\"); break;
	case '\b': buf_puts(out, "\\b"); break;
	case '\f': buf_puts(out, "\\f"); break;
	case '\n': buf_puts(out, "\\n"); break;
	case '\r': buf_puts(out, "\\r"); break;
	case '\t': buf_puts(out, "\\t"); break;
	default:
		/* Escape DEL and C1 too, and the invisible format
		 * characters (U+2028/9 break JavaScript consumers of
		 * "JSON"): the string is the same, and stays inert
		 * when the file is printed on a terminal. */
		if (is_control(cp) || is_format_control(cp))
			buf_printf(out, "\\u%04x", cp);
		else
			buf_add(out, p, n);
	}
}

void
escape_json(struct buf *out, const char *s, size_t len)
{
	escape_each(out, s, len, json_char);
}

static void
gv_label_char(struct buf *out, const unsigned char *p, size_t n,
	      unsigned int cp)
{
	if (!n)
		buf_puts(out, "\xef\xbf\xbd");
	else if (cp == '\\')
		buf_puts(out, "\\\\");
	else if (is_control(cp) || is_format_control(cp))
		escape_bytes(out, p, n, "\\\\");
	else
		buf_add(out, p, n);
}

void
escape_gv_label(struct buf *out, const char *s, size_t len)
{
	escape_each(out, s, len, gv_label_char);
}

void
escape_gv_html(struct buf *out, const char *s, size_t len, int breaks)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < len) {
		unsigned int cp;
		size_t n = utf8_decode(p + i, len - i, &cp);

		if (!n) {
			buf_puts(out, "\xef\xbf\xbd");
			i++;
			continue;
		}
		switch (cp) {
		case '&': buf_puts(out, "&amp;"); break;
		case '<': buf_puts(out, "&lt;"); break;
		case '>': buf_puts(out, "&gt;"); break;
		case '"': buf_puts(out, "&quot;"); break;
		case '\'': buf_puts(out, "&#39;"); break;
		case 0xfffe: case 0xffff:
			/* Valid UTF-8 that no XML document may hold. */
			buf_puts(out, "\xef\xbf\xbd");
			break;
		default:
			if (cp == '\n' && breaks)
				buf_puts(out, "<BR ALIGN=\"LEFT\"/>");
			else if (is_control(cp) || is_format_control(cp))
				for (size_t k = 0; k < n; k++)
					buf_printf(out, "\\x%02x", p[i + k]);
			else
				buf_add(out, p + i, n);
		}
		i += n;
	}
}
