/*
 * test-escape.c - escape_text, escape_json, escape_gv_label and
 * utf8_decode on hostile text: controls, terminal escapes, bidirectional
 * controls, invalid and overlong UTF-8, surrogates.  TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/escape.h"
#include "util/util.h"

#include "tap.h"

/* s as C-like hex for descriptions and diagnostics: every byte outside
 * printable ASCII, and the backslash, as \xNN. */
static char *
hex(const char *s, size_t len)
{
	struct buf b = BUF_INIT;

	buf_addc(&b, '\'');
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c < 0x20 || c >= 0x7f || c == '\\' || c == '#')
			buf_printf(&b, "\\x%02x", c);
		else
			buf_addc(&b, c);
	}
	buf_addc(&b, '\'');
	return b.data;
}

enum fn { TEXT, JSON, GV };

static const char *const fn_name[] = {
	[TEXT] = "escape_text",
	[JSON] = "escape_json",
	[GV] = "escape_gv_label",
};

#define FFFD "\xef\xbf\xbd"

static const struct escape_case {
	enum fn fn;
	const char *in;
	size_t len;		/* 0: strlen(in) */
	const char *out;
} cases[] = {
	{ TEXT, "plain ASCII, quotes \" and '", 0, "plain ASCII, quotes \" and '" },
	{ TEXT, "a\tb\nc\rd", 0, "a\\tb\\nc\\rd" },
	{ TEXT, "back\\slash", 0, "back\\\\slash" },
	{ TEXT, "\x1b[31mred\x1b[0m", 0, "\\x1b[31mred\\x1b[0m" },
	{ TEXT, "\x1b]0;title\x07", 0, "\\x1b]0;title\\x07" },
	{ TEXT, "del\x7f", 0, "del\\x7f" },
	{ TEXT, "\xc2\x9b" "2J", 0, "\\xc2\\x9b2J" },	/* C1 CSI */
	{ TEXT, "\x01\x1f", 0, "\\x01\\x1f" },
	{ TEXT, "", 1, "\\x00" },
	{ TEXT, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 0,
	  "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80" },
	{ TEXT, "\xff\xfe", 0, "\\xff\\xfe" },
	{ TEXT, "\xc0\xaf", 0, "\\xc0\\xaf" },		/* overlong '/' */
	{ TEXT, "\xe0\x80\xaf", 0, "\\xe0\\x80\\xaf" },
	{ TEXT, "\xed\xa0\x80", 0, "\\xed\\xa0\\x80" },	/* surrogate */
	{ TEXT, "end\xe2\x82", 0, "end\\xe2\\x82" },	/* truncated */
	{ TEXT, "\x80x", 0, "\\x80x" },
	/* Invisible format characters: bidi controls, separators. */
	{ TEXT, "\xe2\x80\xa8", 0, "\\xe2\\x80\\xa8" },	/* U+2028 */
	{ TEXT, "\xe2\x80\xa9", 0, "\\xe2\\x80\\xa9" },	/* U+2029 */
	{ TEXT, "user\xe2\x80\xaetxt.exe", 0, "user\\xe2\\x80\\xaetxt.exe" },
	{ TEXT, "\xe2\x80\xaa\xe2\x80\xac", 0,		/* U+202A, U+202C */
	  "\\xe2\\x80\\xaa\\xe2\\x80\\xac" },
	{ TEXT, "\xe2\x81\xa6\xe2\x81\xa9", 0,		/* U+2066, U+2069 */
	  "\\xe2\\x81\\xa6\\xe2\\x81\\xa9" },
	{ TEXT, "\xe2\x80\x8e\xe2\x80\x8f\xd8\x9c", 0,	/* LRM RLM ALM */
	  "\\xe2\\x80\\x8e\\xe2\\x80\\x8f\\xd8\\x9c" },
	/* their neighbour U+2027 is kept; U+202F (a space), U+2065
	 * (default-ignorable) and U+206A (a format character) are not */
	{ TEXT, "\xe2\x80\xa7\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa", 0,
	  "\xe2\x80\xa7\\xe2\\x80\\xaf\\xe2\\x81\\xa5\\xe2\\x81\\xaa" },
	/* invisible: U+200B, U+2060, U+00AD, U+FEFF, U+E0001, U+115F */
	{ TEXT, "a\xe2\x80\x8b\xe2\x81\xa0\xc2\xad\xef\xbb\xbf" "b", 0,
	  "a\\xe2\\x80\\x8b\\xe2\\x81\\xa0\\xc2\\xad\\xef\\xbb\\xbf" "b" },
	{ TEXT, "a\xf3\xa0\x80\x81\xe1\x85\x9f" "b", 0,
	  "a\\xf3\\xa0\\x80\\x81\\xe1\\x85\\x9f" "b" },
	/* spaces other than U+0020: U+00A0, U+3000; a visible letter kept */
	{ TEXT, "\xc2\xa0\xe3\x80\x80\xd0\xb0", 0,
	  "\\xc2\\xa0\\xe3\\x80\\x80\xd0\xb0" },
	{ TEXT, "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d", 0,	/* Hebrew itself kept */
	  "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d" },
	{ TEXT, "abc", 2, "ab" },

	{ JSON, "say \"hi\"", 0, "say \\\"hi\\\"" },
	{ JSON, "C:\\dir", 0, "C:\\\\dir" },
	{ JSON, "\b\f\n\r\t", 0, "\\b\\f\\n\\r\\t" },
	{ JSON, "\x01\x1b[0m\x7f", 0, "\\u0001\\u001b[0m\\u007f" },
	{ JSON, "", 1, "\\u0000" },
	{ JSON, "\xc2\x85", 0, "\\u0085" },		/* NEL */
	{ JSON, "\xe2\x80\xa8\xe2\x80\xa9", 0, "\\u2028\\u2029" },
	/* beyond U+FFFF, a surrogate pair: U+E0001 */
	{ JSON, "a\xf3\xa0\x80\x81" "b\xe2\x80\x8b", 0,
	  "a\\udb40\\udc01b\\u200b" },
	{ JSON, "a\xe2\x80\xae" "b\xe2\x81\xa7" "c\xe2\x80\x8f", 0,
	  "a\\u202eb\\u2067c\\u200f" },
	{ JSON, "\xd8\x9c\xd8\xa7", 0, "\\u061c\xd8\xa7" },	/* ALM, alef kept */
	{ JSON, "a/b <tag> 'q'", 0, "a/b <tag> 'q'" },
	{ JSON, "caf\xc3\xa9 \xf0\x9f\x98\x80", 0, "caf\xc3\xa9 \xf0\x9f\x98\x80" },
	{ JSON, "\xff", 0, FFFD },
	{ JSON, "\xc0\x80", 0, FFFD FFFD },		/* overlong NUL */
	{ JSON, "\xed\xbf\xbf", 0, FFFD FFFD FFFD },	/* surrogate */
	{ JSON, "\xf4\x90\x80\x80", 0, FFFD FFFD FFFD FFFD }, /* > U+10FFFF */
	{ JSON, "x\xe2\x82", 0, "x" FFFD FFFD },	/* truncated */

	{ GV, "a\\nb", 0, "a\\\\nb" },
	{ GV, "\\N \\G \\l \\E", 0, "\\\\N \\\\G \\\\l \\\\E" },
	{ GV, "line\nbreak", 0, "line\\\\x0abreak" },
	{ GV, "\x1b[0m", 0, "\\\\x1b[0m" },
	{ GV, "tab\t", 0, "tab\\\\x09" },
	{ GV, "\xc2\x9b", 0, "\\\\xc2\\\\x9b" },
	{ GV, "x\xe2\x80\xaey", 0, "x\\\\xe2\\\\x80\\\\xaey" },	/* RLO */
	{ GV, "\xe2\x80\xa9", 0, "\\\\xe2\\\\x80\\\\xa9" },		/* U+2029 */
	{ GV, "say \"hi\" <b>", 0, "say \"hi\" <b>" },
	{ GV, "caf\xc3\xa9", 0, "caf\xc3\xa9" },
	{ GV, "\xff\xc0\xaf", 0, FFFD FFFD FFFD },
};

static void
check_escapes(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct escape_case *c = &cases[i];
		size_t len = c->len ? c->len : strlen(c->in);
		struct buf out = BUF_INIT, desc = BUF_INIT;
		char *in, *got, *exp;

		switch (c->fn) {
		case TEXT:
			escape_text(&out, c->in, len);
			break;
		case JSON:
			escape_json(&out, c->in, len);
			break;
		case GV:
			escape_gv_label(&out, c->in, len);
			break;
		}
		if (!out.data)
			buf_add(&out, "", 0);
		in = hex(c->in, len);
		got = hex(out.data, out.len);
		exp = hex(c->out, strlen(c->out));
		buf_printf(&desc, "%s %s -> %s", fn_name[c->fn], in, exp);
		report(out.len == strlen(c->out) && !memcmp(out.data, c->out, out.len),
		       desc.data, got, exp);
		free(in);
		free(got);
		free(exp);
		buf_release(&out);
		buf_release(&desc);
	}
}

#define AUTO ((size_t)-1)

static const struct decode_case {
	const char *in;
	size_t len;		/* AUTO: strlen(in) */
	size_t n;		/* 0: invalid */
	unsigned int cp;
} decodes[] = {
	{ "A", AUTO, 1, 0x41 },
	{ "", 1, 1, 0 },
	{ "\x7f", AUTO, 1, 0x7f },
	{ "\xc2\x80", AUTO, 2, 0x80 },
	{ "\xc3\xa9", AUTO, 2, 0xe9 },
	{ "\xdf\xbf", AUTO, 2, 0x7ff },
	{ "\xe0\xa0\x80", AUTO, 3, 0x800 },
	{ "\xe2\x82\xac", AUTO, 3, 0x20ac },
	{ "\xe2\x80\xa8", AUTO, 3, 0x2028 },
	{ "\xee\x80\x80", AUTO, 3, 0xe000 },
	{ "\xef\xbf\xbf", AUTO, 3, 0xffff },		/* noncharacter: valid */
	{ "\xf0\x90\x80\x80", AUTO, 4, 0x10000 },
	{ "\xf0\x9f\x98\x80", AUTO, 4, 0x1f600 },
	{ "\xf4\x8f\xbf\xbf", AUTO, 4, 0x10ffff },
	{ "\xc3\xa9rest", AUTO, 2, 0xe9 },		/* one sequence only */
	{ "\xc0\x80", AUTO, 0, 0 },			/* overlong */
	{ "\xc1\xbf", AUTO, 0, 0 },
	{ "\xe0\x80\x80", AUTO, 0, 0 },
	{ "\xe0\x9f\xbf", AUTO, 0, 0 },
	{ "\xf0\x80\x80\x80", AUTO, 0, 0 },
	{ "\xf0\x8f\xbf\xbf", AUTO, 0, 0 },
	{ "\xed\xa0\x80", AUTO, 0, 0 },			/* surrogates */
	{ "\xed\xbf\xbf", AUTO, 0, 0 },
	{ "\xf4\x90\x80\x80", AUTO, 0, 0 },		/* > U+10FFFF */
	{ "\xf5\x80\x80\x80", AUTO, 0, 0 },
	{ "\x80", AUTO, 0, 0 },				/* continuation */
	{ "\xbf", AUTO, 0, 0 },
	{ "\xf8\x88\x80\x80\x80", AUTO, 0, 0 },		/* 5 bytes */
	{ "\xfe", AUTO, 0, 0 },
	{ "\xff", AUTO, 0, 0 },
	{ "\xc3\x28", AUTO, 0, 0 },			/* bad continuation */
	{ "\xe2\x28\xa1", AUTO, 0, 0 },
	{ "\xe2\x82", AUTO, 0, 0 },			/* truncated */
	{ "\xe2\x82\xac", 2, 0, 0 },			/* truncated by len */
	{ "\xf0\x9f\x98\x80", 3, 0, 0 },
	{ "A", 0, 0, 0 },				/* nothing */
};

static void
check_decodes(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(decodes); i++) {
		const struct decode_case *c = &decodes[i];
		size_t len = c->len == AUTO ? strlen(c->in) : c->len;
		unsigned int cp = 0xdeadbeef;
		size_t n;
		char desc[160], got[64], exp[64];
		char *in;

		n = utf8_decode((const unsigned char *)c->in, len, &cp);
		in = hex(c->in, len);
		if (c->n)
			snprintf(exp, sizeof(exp), "%zu bytes U+%04X", c->n, c->cp);
		else
			snprintf(exp, sizeof(exp), "invalid");
		if (n)
			snprintf(got, sizeof(got), "%zu bytes U+%04X", n, cp);
		else
			snprintf(got, sizeof(got), "invalid");
		snprintf(desc, sizeof(desc), "utf8_decode %s (%zu bytes) -> %s",
			 in, len, exp);
		report(n == c->n && (!n || cp == c->cp), desc, got, exp);
		free(in);
	}
}

/* Is s (len bytes) valid UTF-8 throughout? */
static int
valid_utf8(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned int cp;

	for (size_t i = 0, n; i < len; i += n)
		if (!(n = utf8_decode(p + i, len - i, &cp)))
			return 0;
	return 1;
}

/*
 * Random bytes through every escape: no output may carry a raw control
 * byte (ESC above all), JSON and Graphviz output must be valid UTF-8, and
 * text output must keep every backslash paired.  Fixed seed.
 */
static void
check_random(void)
{
	unsigned long seed = 2024;
	int text_ok = 1, json_ok = 1, gv_ok = 1;

	for (int n = 0; n < 5000; n++) {
		char in[64];
		size_t len;
		struct buf t = BUF_INIT, j = BUF_INIT, g = BUF_INIT;

		seed = seed * 6364136223846793005ul + 1442695040888963407ul;
		len = (seed >> 58) % sizeof(in);
		for (size_t i = 0; i < len; i++) {
			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			in[i] = (char)(seed >> 56);
		}
		escape_text(&t, in, len);
		escape_json(&j, in, len);
		escape_gv_label(&g, in, len);
		for (size_t i = 0; i < t.len; i++) {
			unsigned char c = t.data[i];

			if (c < 0x20 || c == 0x7f)
				text_ok = 0;
		}
		for (size_t i = 0; i < j.len; i++)
			if ((unsigned char)j.data[i] < 0x20 || j.data[i] == 0x7f)
				json_ok = 0;
		for (size_t i = 0; i < g.len; i++)
			if ((unsigned char)g.data[i] < 0x20 || g.data[i] == 0x7f)
				gv_ok = 0;
		if (j.len && !valid_utf8(j.data, j.len))
			json_ok = 0;
		if (g.len && !valid_utf8(g.data, g.len))
			gv_ok = 0;
		buf_release(&t);
		buf_release(&j);
		buf_release(&g);
	}
	report(text_ok, "escape_text: random bytes leave no raw control byte",
	       "a control byte", "none");
	report(json_ok, "escape_json: random bytes give valid UTF-8, no controls",
	       "invalid output", "valid");
	report(gv_ok, "escape_gv_label: random bytes give valid UTF-8, no controls",
	       "invalid output", "valid");
}

/* Escapes append: what the buffer held stays. */
static void
check_append(void)
{
	struct buf b = BUF_INIT;

	buf_puts(&b, "x=");
	escape_text(&b, "\x1b", 1);
	escape_json(&b, "\"", 1);
	escape_gv_label(&b, "\\", 1);
	report(!strcmp(b.data, "x=\\x1b\\\"\\\\"), "escapes append to the buffer",
	       b.data, "x=\\x1b\\\"\\\\");
	buf_release(&b);
}

int
main(void)
{
	check_escapes();
	check_decodes();
	check_random();
	check_append();
	return tap_done();
}
