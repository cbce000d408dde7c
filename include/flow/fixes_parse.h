/*
 * fixes_parse.h - the commits a commit's message says it fixes or
 * reverts (--fixes; --check will read them the same way).
 *
 * A pure module: a message in, the ids it names out, each as written.
 * Two forms name a target:
 *   a Fixes trailer (git's trailers, commitparse.h's commit_trailers;
 *   the key compared ignoring case) whose value starts with 4 to 40 hex
 *   digits, either case, as a word of its own (what follows is the
 *   end, or neither a letter, a digit nor '_': "Fixes: 1234abcd
 *   (\"subject\")");
 *   a line of the body (after the subject's paragraph) starting
 *   "This reverts commit " and 7 to 40 hex digits as a word: git
 *   revert's "This reverts commit <id>." (a merge's revert goes on
 *   ", reversing").
 * A Fixes trailer may quote the target's subject after its id, as
 * `("subject")` or `"subject"` (the value's rest, up to its end: quotes
 * inside are the subject's own); kept as written (--check compares it).
 * A Fixes trailer whose value names no id that way (`Fixes: commit
 * 1234abcd`, `Fixes: #12`) is kept too, as FIX_NOID with its whole value
 * as the text (--fixes skips those).
 * One target per (kind, id as written): a message naming one id twice
 * the same way names it once (the first's subject kept).  The Fixes
 * trailers come first (with those naming no id, in order), then the
 * revert lines, each in the order of its first mention.  Time
 * and memory are linear in the message's length, up to the sort of
 * its own targets (n log n in their number).  No state is shared: each
 * thread may parse into its own fix_refs.
 */
#ifndef TREEPLOT_FIXES_PARSE_H
#define TREEPLOT_FIXES_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

enum fix_kind { FIX_FIXES, FIX_REVERT, FIX_NOID };

/* A target as written: its digits at text.data + off, len of them
 * (NUL-terminated there; FIX_NOID: the value); a quoted subject at
 * text.data + subject, subject_len bytes (NUL-terminated), when
 * has_subject. */
struct fix_ref {
	uint32_t off;
	uint32_t len;
	uint32_t subject, subject_len;
	uint8_t kind;		/* enum fix_kind */
	uint8_t has_subject;
};

struct fix_refs {
	struct fix_ref *v;
	size_t nr, alloc;
	struct buf text;	/* the ids, each NUL-terminated */
	struct buf scratch;	/* the trailers of the message parsed */
};

#define FIX_REFS_INIT { NULL, 0, 0, BUF_INIT, BUF_INIT }

/* The kind's word in the outputs: "fixes", "revert", "noid". */
const char *fix_kind_name(enum fix_kind k);

/*
 * Append the targets of the message msg..msg + len (a commit's
 * message, after its headers; read up to a NUL) to out.  Returns how
 * many were appended.
 */
size_t fixes_parse(struct fix_refs *out, const char *msg, size_t len);

void fix_refs_release(struct fix_refs *r);

#endif
