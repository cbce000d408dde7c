/*
 * escape.c - make untrusted text safe for each output format.
 */
#include "util/escape.h"

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

static int
utf8_lead(char c)
{
	return ((unsigned char)c & 0xc0) != 0x80;
}

size_t
utf8_chars(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t k = 0; k < len; k++)
		n += utf8_lead(s[k]);
	return n;
}

size_t
utf8_prefix(const char *s, size_t len, size_t max)
{
	size_t k = 0, n = 0;

	for (; k < len; k++)
		if (utf8_lead(s[k]) && n++ == max)
			break;
	return k;
}

size_t
utf8_cut(const char *s, size_t len, size_t max)
{
	size_t cut = len;

	if (len > max) {
		cut = max;
		for (int k = 0; k < 3 && cut && !utf8_lead(s[cut]); k++)
			cut--;
	}
	return cut;
}

/* C0 controls, DEL and the C1 controls (which some terminals obey). */
static int
is_control(unsigned int cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

/*
 * Characters that show as nothing, or change how the text around them is
 * shown, so that two different names display alike: Unicode's format
 * characters (general category Cf: the bidirectional controls with which
 * text displays in another order than it reads, "Trojan Source", the
 * zero-width space and joiners, the byte order mark, the tag characters),
 * the other default-ignorable code points (the soft hyphen, the Hangul
 * fillers, the variation selectors), the spaces other than U+0020 (a
 * no-break space at the end of a name is invisible), the line and
 * paragraph separators (line breaks to some terminals, editors and
 * JavaScript).  They are escaped like control characters.  Sorted, for the binary search.
 */
static const struct {
	unsigned int lo, hi;
} invisible[] = {
	{ 0x00a0, 0x00a0 }, { 0x00ad, 0x00ad }, { 0x034f, 0x034f },
	{ 0x0600, 0x0605 }, { 0x061c, 0x061c }, { 0x06dd, 0x06dd },
	{ 0x070f, 0x070f }, { 0x0890, 0x0891 }, { 0x08e2, 0x08e2 },
	{ 0x115f, 0x1160 }, { 0x1680, 0x1680 }, { 0x17b4, 0x17b5 },
	{ 0x180b, 0x180f }, { 0x2000, 0x200f }, { 0x2028, 0x202f },
	{ 0x205f, 0x206f }, { 0x2800, 0x2800 }, { 0x3000, 0x3000 },
	{ 0x3164, 0x3164 }, { 0xfe00, 0xfe0f }, { 0xfeff, 0xfeff },
	{ 0xffa0, 0xffa0 }, { 0xfff0, 0xfffb },
	{ 0x110bd, 0x110bd }, { 0x110cd, 0x110cd }, { 0x13430, 0x1343f },
	{ 0x1bca0, 0x1bca3 }, { 0x1d173, 0x1d17a }, { 0xe0000, 0xe0fff },
};

static int
is_format_control(unsigned int cp)
{
	size_t lo = 0, hi = sizeof(invisible) / sizeof(invisible[0]);

	if (cp < 0xa0)
		return 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cp < invisible[mid].lo)
			hi = mid;
		else if (cp > invisible[mid].hi)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
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

/* What the text and Graphviz's labels share: a backslash doubled, a
 * control or format character as hex escapes after backslash, any
 * other character as it is. */
static void
backslash_char(struct buf *out, const unsigned char *p, size_t n,
	       unsigned int cp, const char *backslash)
{
	if (cp == '\\')
		buf_puts(out, "\\\\");
	else if (is_control(cp) || is_format_control(cp))
		escape_bytes(out, p, n, backslash);
	else
		buf_add(out, p, n);
}

static void
text_char(struct buf *out, const unsigned char *p, size_t n, unsigned int cp)
{
	if (!n)
		escape_bytes(out, p, 1, "\\");
	else if (cp == '\t')
		buf_puts(out, "\\t");
	else if (cp == '\n')
		buf_puts(out, "\\n");
	else if (cp == '\r')
		buf_puts(out, "\\r");
	else
		backslash_char(out, p, n, cp, "\\");
}

/* "\uXXXX", as a surrogate pair beyond the Basic Multilingual Plane. */
static void
json_u_escape(struct buf *out, unsigned int cp)
{
	if (cp < 0x10000) {
		buf_printf(out, "\\u%04x", cp);
		return;
	}
	cp -= 0x10000;
	buf_printf(out, "\\u%04x\\u%04x", 0xd800 + (cp >> 10),
		   0xdc00 + (cp & 0x3ff));
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
			json_u_escape(out, cp);
		else
			buf_add(out, p, n);
	}
}

static void
gv_label_char(struct buf *out, const unsigned char *p, size_t n,
	      unsigned int cp)
{
	if (!n)
		buf_puts(out, "\xef\xbf\xbd");
	else
		backslash_char(out, p, n, cp, "\\\\");
}

/* The escapers of one character each format's, over escape_each. */
void
escape_text(struct buf *out, const char *s, size_t len)
{
	escape_each(out, s, len, text_char);
}

void
escape_json(struct buf *out, const char *s, size_t len)
{
	escape_each(out, s, len, json_char);
}

void
escape_gv_label(struct buf *out, const char *s, size_t len)
{
	escape_each(out, s, len, gv_label_char);
}

/* Graphviz's HTML-like labels: XML's five entities, what no XML
 * document may hold replaced, a newline a left-aligned break where
 * breaks asks for it. */
static void
gv_html_one(struct buf *out, const unsigned char *p, size_t n,
	    unsigned int cp, int breaks)
{
	if (!n) {
		buf_puts(out, "\xef\xbf\xbd");
		return;
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
			escape_bytes(out, p, n, "\\");
		else
			buf_add(out, p, n);
	}
}

static void
gv_html_char(struct buf *out, const unsigned char *p, size_t n,
	     unsigned int cp)
{
	gv_html_one(out, p, n, cp, 0);
}

static void
gv_html_break_char(struct buf *out, const unsigned char *p, size_t n,
		   unsigned int cp)
{
	gv_html_one(out, p, n, cp, 1);
}

void
escape_gv_html(struct buf *out, const char *s, size_t len, int breaks)
{
	escape_each(out, s, len, breaks ? gv_html_break_char : gv_html_char);
}

/* A message's: bytes that are no UTF-8 and control or format
 * characters as hex escapes, the rest as it is. */
static void
message_char(struct buf *out, const unsigned char *p, size_t n,
	     unsigned int cp)
{
	if (!n || is_control(cp) || is_format_control(cp))
		escape_bytes(out, p, n ? n : 1, "\\");
	else
		buf_add(out, p, n);
}

void
escape_message(struct buf *out, const char *s, size_t len)
{
	escape_each(out, s, len, message_char);
}
