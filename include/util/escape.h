/*
 * escape.h - make untrusted text (commit messages, URLs in them) safe for
 * each output format.
 *
 * Everything that reaches an output from a commit message goes through one
 * of these.  Each appends to a buffer and never fails.
 */
#ifndef TREEPLOT_ESCAPE_H
#define TREEPLOT_ESCAPE_H

#include <stddef.h>

#include "util/buf.h"

/*
 * Decode one UTF-8 sequence at s (len bytes available).  Returns its length
 * and stores the code point, or returns 0 for an invalid, overlong,
 * surrogate or truncated sequence.
 */
size_t utf8_decode(const unsigned char *s, size_t len, unsigned int *cp);

/* The characters of UTF-8 s (len bytes): its bytes that start one. */
size_t utf8_chars(const char *s, size_t len);

/* The byte where the first max characters of s (len bytes) end. */
size_t utf8_prefix(const char *s, size_t len, size_t max);

/* How much of s (len bytes) to keep in at most max bytes: all of it, or
 * max bytes back to the first byte of a character cut in two. */
size_t utf8_cut(const char *s, size_t len, size_t max);

/*
 * The invisible characters that every escape below treats as control
 * characters, so that no two different names display alike: Unicode's
 * format characters (category Cf: the bidirectional controls with which
 * text displays in another order than it reads, "Trojan Source", the
 * zero-width space, joiners and word joiner, the byte order mark, the
 * tag characters U+E0000-U+E0FFF), the other default-ignorable code
 * points (the soft hyphen U+00AD, the Hangul fillers U+115F, U+1160,
 * U+3164, U+FFA0, the variation selectors), the spaces other than U+0020
 * (U+00A0, U+2000-U+200A, U+202F, U+205F, U+3000, U+1680, U+2800) and
 * the separators U+2028, U+2029.
 */

/*
 * For the text report and the tab-separated outputs: valid printable UTF-8
 * is kept; a backslash becomes "\\", tab, newline and carriage return
 * "\t" "\n" "\r", every other control character (C0, DEL, C1, the
 * invisible characters above) and every byte of invalid UTF-8 "\xNN",
 * byte by byte (so "printf '%b'" gives the original bytes back).  No terminal escape
 * sequence survives, and the result never holds a tab or a newline.
 */
void escape_text(struct buf *out, const char *s, size_t len);

/*
 * The inside of a JSON string (no surrounding quotes): '"' and '\' and
 * control characters (the invisible characters above included) escaped,
 * each byte of invalid UTF-8 replaced by U+FFFD, so the output is always
 * valid UTF-8 and valid JSON.
 */
void escape_json(struct buf *out, const char *s, size_t len);

/*
 * A Graphviz label (an escString): a backslash is doubled so that \N, \G,
 * \n, \l are not interpreted, control characters (the invisible
 * characters above included) are shown as "\xNN" (the backslash doubled, so it prints
 * literally), invalid UTF-8 becomes U+FFFD.
 * Quoting for the DOT syntax itself is done by cgraph when it writes.
 */
void escape_gv_label(struct buf *out, const char *s, size_t len);

/*
 * A message for standard error (error() passes every message through
 * it): control characters, the invisible characters above and each byte
 * of invalid UTF-8 become "\xNN", so that no text from a repository (a
 * ref name, libgit2's reason, a path) can drive the terminal or hide
 * itself.  A backslash is kept: parts escaped with escape_text already
 * come out unchanged.
 */
void escape_message(struct buf *out, const char *s, size_t len);

/*
 * Text inside a Graphviz HTML-like label: & < > " ' as entities (there
 * escStrings are not interpreted, so a backslash stays one), control
 * and format characters as a visible "\xNN", invalid UTF-8, U+FFFE and
 * U+FFFF as U+FFFD.  With breaks, a newline is a left-aligned line break
 * (<BR/>); else it is a control character like the others.
 */
void escape_gv_html(struct buf *out, const char *s, size_t len, int breaks);

#endif
