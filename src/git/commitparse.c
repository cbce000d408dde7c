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

/* Whether line..eol, a tag's "tagger" value, ends as git writes a date,
 * "> TIME ZONE": its time at *time, else 0. */
static int
tagger_date(const char *line, const char *eol, int64_t *time)
{
	const char *gt = NULL, *q;
	int32_t tz;
	size_t digits = 0;

	for (q = line; q < eol; q++)
		if (*q == '>')
			gt = q;
	if (!gt || eol - gt < 9 || gt[1] != ' ')
		return 0;
	q = gt + 2;
	if (*q == '-')
		q++;
	for (; q < eol && *q >= '0' && *q <= '9'; q++)
		digits++;
	if (!digits || digits > 18 || eol - q != 6 || q[0] != ' ' ||
	    (q[1] != '+' && q[1] != '-'))
		return 0;
	for (const char *d = q + 2; d < eol; d++)
		if (*d < '0' || *d > '9')
			return 0;
	parse_committer(gt + 1, eol, time, &tz);
	return 1;
}

/* The tag's headers, the value of the "mergetag" header at p..eol (and
 * its continuation lines): the tagger's date into *time. */
static int
mergetag_tagger(const char *p, const char *eol, const char *end,
		int64_t *time)
{
	const char *v = p + sizeof("mergetag ") - 1;

	for (;;) {
		if (eol - v > 7 && !memcmp(v, "tagger ", 7))
			return tagger_date(v + 7, eol, time) ?
			       MERGETAG_DATED : MERGETAG_UNDATED;
		/* The tag's headers end at its first empty line. */
		if (eol + 1 >= end || eol[1] != ' ' || eol == v)
			return MERGETAG_UNDATED;
		v = eol + 2;
		eol = memchr(v, '\n', end - v);
		if (!eol)
			eol = end;
	}
}

int
commit_mergetag_date(const char *data, const char *end, int64_t *time)
{
	const char *p = data, *eol;
	const char *nul = memchr(data, '\0', end - data);
	int ret;

	*time = 0;
	/* libgit2 reads the headers as a C string: nothing after a NUL. */
	if (nul)
		end = nul;
	while ((eol = commit_header_next(p, end))) {
		if (is_header(p, eol, "mergetag")) {
			ret = mergetag_tagger(p, eol, end, time);
			if (ret != MERGETAG_DATED)
				*time = 0;
			return ret;
		}
		p = eol < end ? eol + 1 : end;
		/* Continuation lines of another header are not headers. */
		while (p < end && *p == ' ') {
			const char *nl = memchr(p, '\n', end - p);

			p = nl ? nl + 1 : end;
		}
	}
	return MERGETAG_NONE;
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

/* --- trailers, git's way (trailer.c, as of git 2.39) ------------------ */

/* git's ctype (git-compat-util.h): a space is SP, HT, LF or CR (no VT,
 * no FF), a letter or digit is ASCII, whatever the locale. */
static int
git_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int
git_alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

/* git's comment character, core.commentChar's default. */
#define COMMENT '#'

/* The start of the line after the one p is in (end: none). */
static const char *
next_line(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', end - p);

	return nl ? nl + 1 : end;
}

/* Whether the line at p holds nothing but spaces. */
static int
blank_line(const char *p, const char *end)
{
	for (; p < end && *p != '\n'; p++)
		if (!git_space(*p))
			return 0;
	return 1;
}

/* The start of the last line of buf[0, len): a newline ending it is
 * part of it; -1 when len is 0. */
static long
last_line(const char *buf, long len)
{
	if (len <= 0)
		return -1;
	for (long i = len - 2; i >= 0; i--)
		if (buf[i] == '\n')
			return i + 1;
	return 0;
}

/* Where the ':' of a "Key: value" line at p is ("Key", then blanks
 * allowed before the colon, as "Bug #43" would need another separator),
 * or -1 when the line is not one. */
static long
find_separator(const char *p, const char *end)
{
	int blank = 0;

	for (const char *c = p; c < end; c++) {
		if (*c == ':')
			return c - p;
		if (!blank && (git_alnum(*c) || *c == '-'))
			continue;
		if (c != p && (*c == ' ' || *c == '\t')) {
			blank = 1;
			continue;
		}
		break;
	}
	return -1;
}

static int
starts_with(const char *p, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - p) >= n && !memcmp(p, prefix, n);
}

/*
 * Where the trailers of buf[0, len) end: before the comment lines and
 * blank lines that end it, and an old "Conflicts:" block with its
 * tab-indented paths (git's ignore_non_trailer), or before a scissors
 * line ("# ---...--- >8 ---...---").
 */
static long
trailers_end(const char *buf, long len)
{
	static const char cut[] = "\n# ------------------------ >8 "
				  "------------------------\n";
	const char *at;
	long boc = 0, bol = 0, cutoff = len;
	int conflicts = 0;

	if (starts_with(buf, buf + len, cut + 1))
		cutoff = 0;
	else if ((at = memmem(buf, len, cut, sizeof(cut) - 1)))
		cutoff = at - buf + 1;
	while (bol < cutoff) {
		const char *p = buf + bol;

		if (*p == COMMENT || *p == '\n') {
			if (!boc)
				boc = bol;
		} else if (starts_with(p, buf + len, "Conflicts:\n")) {
			conflicts = 1;
			if (!boc)
				boc = bol;
		} else if (conflicts && *p == '\t') {
			;	/* a path of the conflicts block */
		} else if (boc) {
			boc = 0;
			conflicts = 0;
		}
		bol = next_line(p, buf + len) - buf;
	}
	return boc ? boc : cutoff;
}

/*
 * Where the trailers of buf[0, len) start, or len when it has none (git's
 * find_trailer_start): the last paragraph, not the first (the title), when
 * its lines are all trailers ("Key: value", and lines starting with a
 * blank that continue one), or when one of them is a line git writes
 * itself ("Signed-off-by: ", "(cherry picked from commit ") and at least
 * a quarter of them are trailers.  One pass from the end: linear.
 */
static long
trailers_start(const char *buf, long len)
{
	const char *end = buf + len, *s;
	long title, l, trailers = 0, others = 0, maybe = 0;
	int recognised = 0, only_blank = 1;

	for (s = buf; s < end; s = next_line(s, end))
		if (*s != COMMENT && blank_line(s, end))
			break;
	title = s - buf;
	for (l = last_line(buf, len); l >= title; l = last_line(buf, l)) {
		const char *bol = buf + l;

		if (*bol == COMMENT) {
			others += maybe;
			maybe = 0;
			continue;
		}
		if (blank_line(bol, end)) {
			if (only_blank)
				continue;
			others += maybe;
			if ((recognised && trailers * 3 >= others) ||
			    (trailers && !others))
				return next_line(bol, end) - buf;
			return len;
		}
		only_blank = 0;
		if (starts_with(bol, end, "Signed-off-by: ") ||
		    starts_with(bol, end, "(cherry picked from commit ")) {
			trailers++;
			maybe = 0;
			recognised = 1;
		} else if (find_separator(bol, end) >= 1) {
			trailers++;
			maybe = 0;
		} else if (git_space(*bol)) {
			maybe++;	/* a continuation, or not */
		} else {
			others += 1 + maybe;
			maybe = 0;
		}
	}
	return len;
}

/* One trailer, p..end its lines (the first "Key: value", the others
 * continuing it), as "Key: value" unfolded into out: the key and the
 * value trimmed, each line break with the blanks round it one space. */
static void
add_trailer(struct buf *out, const char *p, const char *end, long sep)
{
	const char *k = p, *ke = p + sep, *v = p + sep + 1, *ve = end;

	while (k < ke && git_space(*k))
		k++;
	while (ke > k && git_space(ke[-1]))
		ke--;
	while (v < ve && git_space(*v))
		v++;
	while (ve > v && git_space(ve[-1]))
		ve--;
	buf_add(out, k, ke - k);
	buf_puts(out, ": ");
	while (v < ve) {
		const char *nl = memchr(v, '\n', ve - v);

		if (!nl) {
			buf_add(out, v, ve - v);
			break;
		}
		buf_add(out, v, nl - v);
		buf_addc(out, ' ');
		for (v = nl + 1; v < ve && git_space(*v); v++)
			;
	}
	buf_addc(out, '\n');
}

size_t
commit_trailers(struct buf *out, const char *msg, const char *end)
{
	const char *nul = memchr(msg, '\0', end - msg);
	const char *p, *start, *stop, *last = NULL;
	long last_sep = -1;
	size_t n = 0;

	/* git reads the message as a C string, from its first line that
	 * is not blank (git log's %(trailers) starts at the subject). */
	if (nul)
		end = nul;
	while (msg < end && blank_line(msg, end))
		msg = next_line(msg, end);
	stop = msg + trailers_end(msg, end - msg);
	start = msg + trailers_start(msg, stop - msg);
	/* Each line of the block: a continuation (starting with a blank,
	 * after a trailer) goes with the trailer before it; a trailer
	 * is written once its continuations are known. */
	for (p = start; p < stop; p = next_line(p, stop)) {
		long sep;

		if (last && git_space(*p))
			continue;
		if (last) {
			add_trailer(out, last, p, last_sep);
			n++;
			last = NULL;
		}
		sep = find_separator(p, stop);
		if (sep >= 1 && *p != COMMENT) {
			last = p;
			last_sep = sep;
		}
	}
	if (last) {
		add_trailer(out, last, stop, last_sep);
		n++;
	}
	return n;
}
