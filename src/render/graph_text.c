/*
 * render/graph_text.c - the text a chart hands to Graphviz: defused and
 * cut.
 *
 * Tree names and URLs come from commit messages.  Graphviz interprets
 * three things in the text we hand it, and each is defused here:
 *   - escStrings: "\N", "\G", "\n" and friends.  escape_gv_label doubles
 *     every backslash.  Tooltips are unescaped twice (once to turn "\n"
 *     into a newline, once for "\N" and the like), so there every
 *     backslash of the escaped text is doubled once more.
 *   - HTML entities: labels and tooltips go through Graphviz's entity
 *     decoder, so "&lt;" would show as "<"; every "&" becomes "&amp;".
 *   - XML: the SVG renderer escapes <, >, &, quotes itself, but U+FFFE and
 *     U+FFFF are valid UTF-8 that no XML document may hold: they become
 *     U+FFFD.
 * Quoting for the DOT syntax is cgraph's job when it writes.
 *
 * Apart from the graph's building (graph_build.c) so that untrusted text
 * reaches Graphviz through one door, whose rules read in one place.
 */
#include "render/graph_text.h"

#include <string.h>

#include "util/escape.h"

/*
 * Chart text is cut after this many bytes (at a character's start, with
 * an ellipsis), and a tooltip lists no more URLs once it is this long: a
 * 100 KB tree name (it comes from a commit message) made a node 100 KB
 * wide, and Graphviz's own DOT reader refuses a string over 16 KB.  The
 * text and JSON outputs keep every name whole.
 */
#define MAX_CHART_TEXT 512
#define MAX_TOOLTIP 8192

void
graph_html_text(struct buf *out, const char *s)
{
	size_t len = strlen(s), cut = utf8_cut(s, len, MAX_CHART_TEXT);

	escape_gv_html(out, s, cut, 0);
	if (cut < len)
		buf_puts(out, "\xe2\x80\xa6");	/* U+2026, an ellipsis */
}

/* s for a label (tooltip 0) or a tooltip (tooltip 1), defused as the
 * comment at the top says. */
static void
add_text(struct buf *out, const char *s, int tooltip)
{
	struct buf esc = BUF_INIT;
	size_t len = strlen(s), cut = utf8_cut(s, len, MAX_CHART_TEXT);

	escape_gv_label(&esc, s, cut);
	for (size_t i = 0; i < esc.len; i++) {
		unsigned char c = (unsigned char)esc.data[i];

		if (c == '&') {
			buf_puts(out, "&amp;");
		} else if (c == '\\' && tooltip) {
			buf_puts(out, "\\\\");
		} else if (c == 0xef && i + 2 < esc.len &&
			   (unsigned char)esc.data[i + 1] == 0xbf &&
			   ((unsigned char)esc.data[i + 2] & 0xfe) == 0xbe) {
			buf_puts(out, "\xef\xbf\xbd");
			i += 2;
		} else {
			buf_addc(out, (char)c);
		}
	}
	if (cut < len)
		buf_puts(out, "\xe2\x80\xa6");	/* U+2026, an ellipsis */
	buf_release(&esc);
}

void
graph_label_text(struct buf *out, const char *s)
{
	add_text(out, s, 0);
}

void
graph_tip_text(struct buf *out, const char *s)
{
	add_text(out, s, 1);
}

void
graph_tip_urls(struct buf *out, char *const *urls, uint32_t nr)
{
	for (uint32_t k = 0; k < nr; k++) {
		if (out->len > MAX_TOOLTIP) {
			buf_printf(out, "\\n(and %u more)", nr - k);
			break;
		}
		buf_puts(out, "\\n");
		add_text(out, urls[k], 1);
	}
}

void
graph_count(struct buf *out, uint32_t n, const char *what)
{
	buf_printf(out, "%u %s%s", n, what, n == 1 ? "" : "s");
}

/*
 * --size, PRINT_FOLDED: s (len bytes) as lines of at most max characters
 * into out, separated by newlines: broken at a blank (dropped), else
 * after a '-', '/', '_' or '.' ("u-boot-" "microblaze"), else where the
 * line is full.  The widest box sets its column's width: folding the
 * long names narrows the chart.
 */
void
graph_fold(struct buf *out, const char *s, size_t len, size_t max)
{
	while (len) {
		size_t k = 0, n = 0, brk = 0, skip = 0;

		while (k < len && n < max) {
			if (((unsigned char)s[k] & 0xc0) != 0x80)
				n++;
			k++;
			while (k < len && ((unsigned char)s[k] & 0xc0) == 0x80)
				k++;
		}
		if (k == len) {
			buf_add(out, s, len);
			return;
		}
		for (size_t j = k; j > 0 && !brk; j--) {
			/* Not before a "+N" (MAINTAINERS' more subsystems):
			 * it stays with the name it counts after. */
			if (s[j] == ' ' && (j + 1 >= len || s[j + 1] != '+')) {
				brk = j;
				skip = 1;
			} else if (strchr("-/_.", s[j - 1])) {
				brk = j;
			}
		}
		if (!brk)
			brk = k;
		buf_add(out, s, brk);
		buf_addc(out, '\n');
		s += brk + skip;
		len -= brk + skip;
	}
}
