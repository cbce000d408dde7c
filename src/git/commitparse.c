/*
 * commitparse.c - the pure parsing of raw commit objects: headers, the
 * committer's time, git's subject, a merge's reference lines, the
 * declared encoding, signatures and sign-offs.  Bytes in, plain data
 * out; any bytes are valid input.
 */
#define _GNU_SOURCE	/* memmem */
#include "git/commitparse.h"

#include <string.h>
#include <strings.h>

#include "util/reencode.h"

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* The end of the line starting at p, trailing blanks dropped; *next is
 * where the next line starts. */
static const char *
line_end(const char *p, const char *end, const char **next)
{
	const char *eol = memchr(p, '\n', end - p);
	const char *stop = eol ? eol : end;

	*next = eol ? eol + 1 : end;
	while (stop > p && is_blank(stop[-1]))
		stop--;
	return stop;
}

int
commit_is_well_formed(const char *data, size_t size)
{
	struct object_id tree;

	return size >= 5 + OID_HEXSZ + 1 && !memcmp(data, "tree ", 5) &&
	       !hex_to_oid(data + 5, data + size, &tree) &&
	       data[5 + OID_HEXSZ] == '\n';
}

const char *
commit_header_next(const char *p, const char *end)
{
	const char *eol;

	if (p >= end || *p == '\n')
		return NULL;
	eol = memchr(p, '\n', end - p);
	return eol ? eol : end;
}

const char *
commit_parents_start(const char *data, const char *end)
{
	const char *eol = commit_header_next(data, end);

	return eol && eol - data > 5 && !memcmp(data, "tree ", 5) &&
	       eol < end ? eol + 1 : NULL;
}

const char *
commit_parent_next(const char *p, const char *end, struct object_id *oid,
		   int *bad)
{
	const char *eol;

	*bad = 0;
	if (!p || !(eol = commit_header_next(p, end)) || eol - p <= 7 ||
	    memcmp(p, "parent ", 7))
		return NULL;
	if (hex_to_oid(p + 7, eol, oid) < 0)
		*bad = 1;
	return eol < end ? eol + 1 : end;
}

const char *
commit_message(const char *data, const char *end)
{
	const char *p = data, *eol;

	while ((eol = commit_header_next(p, end)))
		p = eol + 1;
	/* p is at the blank line (or past the end) */
	return p < end ? p + 1 : end;
}

void
parse_committer(const char *p, const char *eol, int64_t *time, int32_t *tz)
{
	const char *q = eol, *num;
	int sign, hhmm = 0, neg;

	*time = 0;
	*tz = 0;
	while (q > p && q[-1] != ' ')
		q--;
	if (q == p || eol - q != 5 || (*q != '+' && *q != '-'))
		return;
	sign = *q == '-' ? -1 : 1;
	for (const char *d = q + 1; d < eol; d++)
		hhmm = hhmm * 10 + (*d >= '0' && *d <= '9' ? *d - '0' : 0);
	*tz = sign * (hhmm / 100 * 60 + hhmm % 100);
	num = q - 1;
	while (num > p && num[-1] >= '0' && num[-1] <= '9')
		num--;
	/* A time before 1970 keeps its sign. */
	neg = num > p && num[-1] == '-' && num > p + 1 && num[-2] == ' ';
	for (; num < q - 1; num++) {
		/* More digits than a time has: unreadable, not overflowed
		 * (signed overflow is undefined; the fuzz target found it). */
		if (*time > (INT64_MAX - (*num - '0')) / 10) {
			*time = 0;
			*tz = 0;
			return;
		}
		*time = *time * 10 + (*num - '0');
	}
	if (neg)
		*time = -*time;
}

void
commit_committer(const char *data, const char *end, struct buf *out)
{
	const char *p = data, *eol;

	/* Every committer line is taken, each appended, as the reader
	 * always did (the output must not change). */
	while ((eol = commit_header_next(p, end))) {
		if (eol - p > 10 && !memcmp(p, "committer ", 10)) {
			const char *gt = eol;

			/* "Name <mail> time zone": up to the last '>'. */
			while (gt > p + 10 && gt[-1] != '>')
				gt--;
			buf_add(out, p + 10, (gt > p + 10 ? gt : eol) - (p + 10));
		}
		p = eol + 1;
	}
}

void
commit_author(const char *data, const char *end, struct buf *out)
{
	const char *p = data, *eol;

	while ((eol = commit_header_next(p, end))) {
		if (eol - p > 7 && !memcmp(p, "author ", 7)) {
			const char *gt = eol;

			while (gt > p + 7 && gt[-1] != '>')
				gt--;
			buf_add(out, p + 7, (gt > p + 7 ? gt : eol) - (p + 7));
			return;
		}
		p = eol + 1;
	}
}

void
commit_dates(const char *data, const char *end, int64_t *author,
	     int64_t *committer)
{
	const char *p = data, *eol;
	int found_author = 0;
	int32_t tz;

	*author = *committer = 0;
	/* One pass over the headers: the first author line, the last
	 * committer line, each "Name <mail> time zone" parsed from the end. */
	while ((eol = commit_header_next(p, end))) {
		if (eol - p > 10 && !memcmp(p, "committer ", 10)) {
			parse_committer(p, eol, committer, &tz);
		} else if (!found_author && eol - p > 7 &&
			   !memcmp(p, "author ", 7)) {
			parse_committer(p, eol, author, &tz);
			found_author = 1;
		}
		p = eol + 1;
	}
}

int64_t
commit_time(const char *data, const char *end)
{
	int64_t author, committer;

	commit_dates(data, end, &author, &committer);
	return committer;
}

int64_t
commit_author_time(const char *data, const char *end)
{
	int64_t author, committer;

	commit_dates(data, end, &author, &committer);
	return author;
}

const char *
commit_subject(struct buf *out, const char *msg, const char *end)
{
	size_t base = out->len;

	while (msg < end && *msg == '\n')
		msg++;
	while (msg < end && *msg != '\n') {
		const char *next, *stop = line_end(msg, end, &next);

		if (out->len != base)
			buf_addc(out, ' ');
		buf_add(out, msg, stop - msg);
		msg = next;
	}
	return msg;
}

/* A body line worth keeping: "See merge request " or a footnote,
 * "[" digits "] ". */
static int
is_reference_line(const char *p, const char *eol)
{
	static const char mr[] = "See merge request ";
	const char *q = p + 1;

	if ((size_t)(eol - p) > sizeof(mr) - 1 && !memcmp(p, mr, sizeof(mr) - 1))
		return 1;
	if (p == eol || *p != '[')
		return 0;
	while (q < eol && *q >= '0' && *q <= '9')
		q++;
	return q > p + 1 && eol - q > 2 && q[0] == ']' && q[1] == ' ';
}

size_t
commit_reference_lines(struct buf *out, const char *msg, const char *end)
{
	size_t n = 0;

	while (msg < end) {
		const char *next, *stop = line_end(msg, end, &next);

		if (is_reference_line(msg, stop) &&
		    !memchr(msg, '\0', stop - msg)) {
			if (n++)
				buf_addc(out, '\n');
			buf_add(out, msg, stop - msg);
		}
		msg = next;
	}
	return n;
}

int
commit_encoding(const char *data, const char *end, const char **name,
		size_t *name_len)
{
	const char *p = data, *eol;

	while ((eol = commit_header_next(p, end))) {
		if (eol - p > 9 && !memcmp(p, "encoding ", 9)) {
			const char *v = p + 9, *stop = eol;

			while (stop > v && is_blank(stop[-1]))
				stop--;
			*name = v;
			*name_len = (size_t)(stop - v);
			return 1;
		}
		p = eol + 1;
	}
	return 0;
}

int
commit_reencode(const char *data, const char *end, struct buf *out,
		const char **name, size_t *name_len)
{
	if (!commit_encoding(data, end, name, name_len))
		return REENCODE_SAME;
	/* git converts nothing then: bytes that are not UTF-8 are shown as
	 * they are, and escaped here, as without the header. */
	if (reencode_is_utf8(*name, *name_len))
		return reencode_valid_utf8(data, (size_t)(end - data)) ?
		       REENCODE_SAME : REENCODE_INVALID;
	return reencode_utf8(*name, *name_len, data, (size_t)(end - data),
			     out);
}

/* Whether the header at p..eol is key (followed by a space). */
static int
is_header(const char *p, const char *eol, const char *key)
{
	size_t len = strlen(key);

	return (size_t)(eol - p) > len && !memcmp(p, key, len) && p[len] == ' ';
}

/* Whether the header at p..eol and its continuation lines hold a
 * signature block; *next is the line after the value. */
static int
value_has_block(const char *p, const char *eol, const char *end,
		const char **next)
{
	static const char block[] = "-----BEGIN ";
	const char *v = (const char *)memchr(p, ' ', eol - p) + 1;
	int found = 0;

	for (;;) {
		if (eol - v >= (long)sizeof(block) - 1 &&
		    memmem(v, eol - v, block, sizeof(block) - 1))
			found = 1;
		if (eol + 1 >= end || eol[1] != ' ')
			break;
		v = eol + 2;
		eol = memchr(v, '\n', end - v);
		if (!eol)
			eol = end;
	}
	*next = eol < end ? eol + 1 : end;
	return found;
}

unsigned
commit_signatures(const char *data, const char *end)
{
	const char *p = data, *eol;
	const char *nul = memchr(data, '\0', end - data);
	unsigned flags = 0;
	int seen_mergetag = 0;

	/* libgit2 read the headers as a C string: nothing after a NUL. */
	if (nul)
		end = nul;

	while ((eol = commit_header_next(p, end))) {
		const char *next = eol < end ? eol + 1 : end;

		if (!seen_mergetag && is_header(p, eol, "mergetag")) {
			seen_mergetag = 1;
			if (value_has_block(p, eol, end, &next))
				flags |= SIG_MERGETAG;
		} else if (is_header(p, eol, "gpgsig")) {
			flags |= SIG_GPGSIG;
		}
		p = next;
	}
	return flags;
}

size_t
commit_signoffs(struct buf *out, const char *msg, const char *end)
{
	static const char sob[] = "signed-off-by:";
	size_t n = 0;

	while (msg < end) {
		const char *next, *stop = line_end(msg, end, &next);
		const char *v = msg + sizeof(sob) - 1;

		if (stop - msg > (long)sizeof(sob) - 1 &&
		    !strncasecmp(msg, sob, sizeof(sob) - 1)) {
			while (v < stop && is_blank(*v))
				v++;
			if (v < stop) {
				if (n++)
					buf_addc(out, '\n');
				buf_add(out, v, stop - v);
			}
		}
		msg = next;
	}
	return n;
}
