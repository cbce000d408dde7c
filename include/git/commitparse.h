/*
 * commitparse.h - the pure parsing of raw commit objects.
 *
 * A commit object is headers ("tree X", "parent Y", "committer ...",
 * "mergetag ..." with continuation lines starting with a space), a blank
 * line, then the message.  Everything here reads bytes and returns plain
 * data: no repository, no allocation beyond the buffers given, and any
 * bytes at all are valid input (commit objects are untrusted; the fuzz
 * target tests/fuzz/fuzz-commitparse.c holds it to that).
 */
#ifndef TREEPLOT_COMMITPARSE_H
#define TREEPLOT_COMMITPARSE_H

#include <stddef.h>
#include <stdint.h>

#include "git/oid.h"
#include "util/buf.h"

/*
 * Whether data..data+size starts as a commit must: "tree " and 40 hex
 * digits and a newline.  Anything else (a truncated or overwritten object,
 * which nothing re-hashes) is corrupt.
 */
int commit_is_well_formed(const char *data, size_t size);

/* One header line: *p is where it starts; returns its end (the newline or
 * end), or NULL at the blank line that ends the headers (or at end). */
const char *commit_header_next(const char *p, const char *end);

/* Where the message starts: after the blank line ending the headers, or
 * end when there is none. */
const char *commit_message(const char *data, const char *end);

/*
 * A commit's parents, read as git reads them: the "parent" lines right
 * after the "tree" line; a "parent" line after any other header is not
 * a parent.  commit_parents_start gives where they start (NULL when the
 * object does not start with "tree"); each commit_parent_next call takes
 * one, setting *bad for an id that is not 40 hex digits, and returns
 * where the next may be, or NULL when there are no more:
 *
 *	for (p = commit_parents_start(d, end);
 *	     (p = commit_parent_next(p, end, &oid, &bad)); )
 */
const char *commit_parents_start(const char *data, const char *end);
const char *commit_parent_next(const char *p, const char *end,
			       struct object_id *oid, int *bad);

/* "committer Name <mail> 1230000000 +0100" (the line from p to eol, the
 * key included or not): the time and the zone in minutes, from the end of
 * the line (names may hold anything); 0 and 0 when unreadable. */
void parse_committer(const char *p, const char *eol, int64_t *time,
		     int32_t *tz);

/* The committer's "Name <mail>" of the headers of data..end (up to the
 * last '>' of the line), appended to out; nothing when there is none. */
void commit_committer(const char *data, const char *end, struct buf *out);

/* The author's "Name <mail>" (its first author line, up to the last '>'),
 * appended to out; nothing when there is none. */
void commit_author(const char *data, const char *end, struct buf *out);

/* The committer's time, seconds since the epoch (its last committer
 * line's); 0 when there is none or it is unreadable. */
int64_t commit_time(const char *data, const char *end);

/* The author's time, seconds since the epoch (its first author line's,
 * the one commit_author reads); 0 when there is none or it is
 * unreadable. */
int64_t commit_author_time(const char *data, const char *end);

/* Both in one pass over the headers: *author as commit_author_time,
 * *committer as commit_time. */
void commit_dates(const char *data, const char *end, int64_t *author,
		  int64_t *committer);

/*
 * git's subject of the message msg..end: its first paragraph, the lines
 * joined by single spaces, trailing blanks dropped (what
 * "git log --format=%s" shows), appended to out.  Returns where the
 * paragraph ended.
 */
const char *commit_subject(struct buf *out, const char *msg, const char *end);

/*
 * The lines of msg..end that name where a merge came from, appended to
 * out joined by newlines: GitLab's "See merge request GROUP/PROJECT!N"
 * and numbered footnotes ("[1] URL").  Lines holding a NUL are skipped.
 * Returns how many lines were added.
 */
size_t commit_reference_lines(struct buf *out, const char *msg,
			      const char *end);

/*
 * The commit's "encoding" header (the first, as git reads it): its value
 * at *name (name_len bytes, trailing blanks dropped) and 1, or 0 when
 * there is none.
 */
int commit_encoding(const char *data, const char *end, const char **name,
		    size_t *name_len);

/*
 * The commit data..end as git log shows it: when its "encoding" header
 * names an encoding other than UTF-8, the whole object converted to
 * UTF-8 into out (git converts the headers and the message together, so
 * names and message convert or fail together).  Returns reencode.h's
 * status: REENCODE_DONE (parse out), REENCODE_SAME (no header, or UTF-8
 * declared and valid: parse data), or, parse data as well, the bytes
 * being shown escaped as they always were, REENCODE_UNKNOWN (an encoding
 * iconv does not know) or REENCODE_INVALID (bytes invalid in it, UTF-8
 * included); then *name and *name_len say which encoding.
 */
int commit_reencode(const char *data, const char *end, struct buf *out,
		    const char **name, size_t *name_len);

/* What commit_signatures finds. */
enum {
	SIG_MERGETAG = 1 << 0,	/* a pulled tag with a signature block */
	SIG_GPGSIG = 1 << 1,	/* the commit's own signature */
};

/*
 * The signatures among the headers of data..end, as SIG_* flags: the first
 * "mergetag" header (the signed tag a merge pulled, which git records only
 * for signed tags) holding "-----BEGIN " in it or its continuation lines,
 * and any "gpgsig" header.  Presence only, nothing is verified.
 */
unsigned commit_signatures(const char *data, const char *end);

/* What commit_mergetag_date finds. */
enum {
	MERGETAG_NONE = 0,	/* no "mergetag" header: an untagged merge */
	MERGETAG_UNDATED,	/* one, but no readable tagger date */
	MERGETAG_DATED,		/* one with its tagger date */
};

/*
 * The tagger date of the tag a merge pulled, from its first "mergetag"
 * header (the one commit_signatures reads): the tag object's own
 * headers are the value's first line and its continuation lines up to
 * an empty one, and its date is the first "tagger" line's, "Name <mail>
 * TIME ZONE" (TIME digits after the last '>', up to 18, a '-' allowed;
 * ZONE +hhmm or -hhmm).  Returns MERGETAG_DATED with *time set (seconds
 * since the epoch, negative before 1970), MERGETAG_UNDATED (no tagger,
 * or a date not so written: *time 0) or MERGETAG_NONE.  Reads the
 * headers up to the tag's headers' end: linear in them, whatever the
 * tag's message or signature holds.
 */
int commit_mergetag_date(const char *data, const char *end, int64_t *time);

/*
 * The "Signed-off-by: " trailers of the message msg..end, their values
 * (trailing blanks dropped) appended to out one per line, in order.
 * Returns how many.
 */
size_t commit_signoffs(struct buf *out, const char *msg, const char *end);

/*
 * The trailers of the message msg..end as git reads a commit's (git log
 * --format='%(trailers:only,unfold)', git interpret-trailers --parse
 * --no-divider; trailer.c as of git 2.39), appended to out one a line,
 * "Key: value\n", in order; returns how many.
 *
 * The message is read up to a NUL, from its first line that is not
 * blank.  The trailers are its last paragraph, never the first (the
 * title), ending before the comment lines ('#'), empty lines and old
 * "Conflicts:" block that may end it or at a scissors line; a paragraph
 * whose lines are all "Key: value" lines (a key of letters, digits and
 * '-', blanks allowed before the colon) or continuations of one (a line
 * starting with a blank), or which holds a line git writes itself
 * ("Signed-off-by: ", "(cherry picked from commit ") and is at least a
 * quarter such lines.  Of its lines only the "Key: value" ones are
 * trailers: key and value trimmed, a continuation joined to the value by
 * one space.  Keys are as written: compare them ignoring case.  Time and
 * memory are linear in the message's length, whatever it holds.
 */
size_t commit_trailers(struct buf *out, const char *msg, const char *end);

#endif
