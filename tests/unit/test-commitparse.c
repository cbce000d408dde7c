/*
 * test-commitparse.c - the pure parsing of raw commit objects
 * (src/git/commitparse.c): headers, committer time and identity, git's
 * subject, reference lines, the declared encoding converted as git log
 * converts it, signatures, the pulled tag's date, sign-offs and
 * trailers, on well-formed and
 * hostile objects.  TAP.  Its strings seed the fuzz target.
 *
 * "test-commitparse trailers" instead reads one message on its standard
 * input and writes its trailers as commit_trailers reads them, the lines
 * git interpret-trailers --parse --no-divider writes: trailers.t holds
 * it to git on messages git made.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git/commitparse.h"
#include "util/buf.h"
#include "util/reencode.h"
#include "util/util.h"

#include "tap.h"

#define TREE "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
#define PARENT "parent 1111111111111111111111111111111111111111\n"
#define WHO "A U Thor <author@example.org>"
#define HEAD TREE PARENT "author " WHO " 1230000000 +0100\n" \
	"committer C O Mitter <c@example.org> 1230000060 -0130\n"

enum what { SUBJECT, REFS, COMMITTER, SIGS, SIGNOFFS, MESSAGE, TIME, AUTHOR,
	    CTIME, ATIME, REENCODE, TRAILERS, TAGDATE };

static const char *const what_name[] = {
	[SUBJECT] = "subject", [REFS] = "reference lines",
	[COMMITTER] = "committer", [SIGS] = "signatures",
	[SIGNOFFS] = "sign-offs", [MESSAGE] = "message", [TIME] = "time",
	[AUTHOR] = "author", [CTIME] = "commit_time",
	[ATIME] = "commit_author_time", [REENCODE] = "reencode",
	[TRAILERS] = "trailers", [TAGDATE] = "mergetag date",
};

/* A commit declaring its encoding, its author and subject in it. */
#define ENC(name, who, subject) TREE "author " who " <a@x> 1 +0000\n" \
	"committer " who " <c@x> 1 +0000\nencoding " name "\n\n" subject "\n"

static const struct parse_case {
	enum what what;
	const char *in;
	size_t len;		/* 0: strlen(in) */
	const char *out;
} cases[] = {
	{ SUBJECT, HEAD "\nsubject\n\nbody\n", 0, "subject" },
	{ SUBJECT, HEAD "\n\n\nfirst  \nsecond\t\r\n\nbody", 0, "first second" },
	{ SUBJECT, HEAD "\n", 0, "" },
	{ SUBJECT, HEAD, 0, "" },
	{ SUBJECT, TREE "\nno newline at the end", 0, "no newline at the end" },
	{ MESSAGE, HEAD "\nsubject\n\nbody\n", 0, "subject\n\nbody\n" },
	{ MESSAGE, HEAD, 0, "" },
	{ MESSAGE, TREE "\n\n", 0, "\n" },
	{ REFS, HEAD "\nMerge x\n\nSee merge request g/p!12\n[1] https://x/y\n"
		"[a] not\n[2]no space\n  See merge request indented\n", 0,
	  "See merge request g/p!12\n[1] https://x/y" },
	{ REFS, HEAD "\nMerge x\n\n[12] url  \t\n", 0, "[12] url" },
	{ REFS, HEAD "\nMerge x\n\nnothing\n", 0, "" },
	{ COMMITTER, HEAD "\nx\n", 0, "C O Mitter <c@example.org>" },
	{ COMMITTER, TREE "committer no brackets 1 +0000\n\nx", 0,
	  "no brackets 1 +0000" },
	{ COMMITTER, TREE "\ncommitter in the message <m> 1 +0000\n", 0, "" },
	{ COMMITTER, TREE "committer >>> <a>b> 1 +0000\n\n", 0, ">>> <a>b>" },
	{ TIME, HEAD "\n", 0, "1230000060 -90" },
	{ TIME, TREE "committer x <y> 12 +0000\n\n", 0, "12 0" },
	{ TIME, TREE "committer x <y> 12 +00000\n\n", 0, "0 0" },
	{ TIME, TREE "committer x <y> garbage\n\n", 0, "0 0" },
	{ TIME, TREE "committer +0200\n\n", 0, "0 120" },
	{ TIME, TREE "committer x <y> 11111111111113300000000 +0100\n\n", 0,
	  "0 0" },	/* too many digits: unreadable, not overflowed */
	{ AUTHOR, HEAD "\nx\n", 0, WHO },
	{ AUTHOR, TREE "author <img src=x> \"><b <a@x> 1 +0000\n\n", 0,
	  "<img src=x> \"><b <a@x>" },
	{ AUTHOR, TREE "author first <f> 1 +0000\nauthor second <s> 2 +0000\n\n",
	  0, "first <f>" },
	{ AUTHOR, TREE "\nauthor in the message <m> 1 +0000\n", 0, "" },
	{ CTIME, HEAD "\n", 0, "1230000060" },
	{ CTIME, TREE "committer a <a> 5 +0000\ncommitter b <b> 7 +0000\n\n", 0,
	  "7" },
	{ CTIME, TREE "\ncommitter x <y> 12 +0000\n", 0, "0" },
	{ ATIME, HEAD "\n", 0, "1230000000" },
	{ ATIME, TREE "author a <a> 5 +0000\nauthor b <b> 7 +0000\n\n", 0,
	  "5" },	/* the first, as commit_author */
	{ ATIME, TREE "author <x> > 9 +0100\n\n", 0, "9" },
	{ ATIME, TREE "author x <y> garbage\n\n", 0, "0" },
	{ ATIME, TREE "\nauthor x <y> 12 +0000\n", 0, "0" },
	{ SIGS, HEAD "\nplain\n", 0, "0" },
	{ SIGS, TREE PARENT PARENT "mergetag object 11\n type commit\n tag v1\n"
		" -----BEGIN PGP SIGNATURE-----\n sig\n -----END PGP SIGNATURE-----\n"
		"committer x <y> 1 +0000\n\nMerge tag 'v1'\n", 0, "1" },
	{ SIGS, TREE "mergetag object 11\n type commit\n tag v1\n\nunsigned\n", 0,
	  "0" },
	{ SIGS, TREE "gpgsig -----BEGIN PGP SIGNATURE-----\n x\n"
		" -----END PGP SIGNATURE-----\n\nsigned\n", 0, "2" },
	{ SIGS, TREE "mergetag a\n b\nmergetag -----BEGIN x\ngpgsig y\n\n", 0,
	  "2" },	/* only the first mergetag counts */
	{ SIGS, TREE "mergetag -----BEGIN x\ngpgsig y\n\n", 0, "3" },
	{ SIGS, TREE "gpgsig-sha256 x\nmergetagx -----BEGIN \n\n", 0, "0" },
	{ SIGS, TREE "\ngpgsig in the message\n", 0, "0" },
	{ SIGS, TREE "x\0gpgsig y\n\n", sizeof(TREE "x\0gpgsig y\n\n") - 1,
	  "0" },	/* libgit2 read the headers up to a NUL */
	{ SIGS, TREE "mergetag a\n -----BEGIN x", 0, "1" },
	{ SIGS, TREE "mergetag a\n -----BEGIN", 0, "0" },
#define MT "mergetag object 1111111111111111111111111111111111111111\n" \
	" type commit\n tag v1\n"
	{ TAGDATE, TREE PARENT PARENT MT " tagger T <t@x> 1230000000 +0100\n"
		" \n msg\n -----BEGIN PGP SIGNATURE-----\n s\n"
		" -----END PGP SIGNATURE-----\ncommitter x <y> 1 +0000\n\nM\n",
	  0, "2 1230000000" },
	{ TAGDATE, HEAD "\nplain\n", 0, "0 0" },
	{ TAGDATE, TREE MT " \n msg\n\nno tagger\n", 0, "1 0" },
	{ TAGDATE, TREE MT " tagger T <t@x> 0 +0000\n \n m\n\n", 0, "2 0" },
	{ TAGDATE, TREE MT " tagger T <t@x> 4102444800 -0800\n\n", 0,
	  "2 4102444800" },		/* 2100 */
	{ TAGDATE, TREE MT " tagger T <t@x> -5 +0000\n\n", 0, "2 -5" },
	/* In the tag's message: not its tagger. */
	{ TAGDATE, TREE MT " \n tagger T <t@x> 5 +0000\n\n", 0, "1 0" },
	{ TAGDATE, TREE MT " tagger T <t@x> 12", 0, "1 0" },	/* cut */
	{ TAGDATE, TREE MT " tagger T <t@x> 12 +00", 0, "1 0" },
	{ TAGDATE, TREE MT " tagger T <t@x> soon +0000\n\n", 0, "1 0" },
	{ TAGDATE, TREE MT " tagger T <t@x> 1234567890123456789 +0000\n\n",
	  0, "1 0" },			/* more digits than a time has */
	{ TAGDATE, TREE MT " tagger T <t@x>\n\n", 0, "1 0" },
	{ TAGDATE, TREE MT " tagger  1 +0000\n\n", 0, "1 0" }, /* no '>' */
	{ TAGDATE, TREE MT " tagger T <x> y> 7 +0000\n\n", 0, "2 7" },
	{ TAGDATE, TREE MT " tagger A <a> 1 +0000\n tagger B <b> 2 +0000\n\n",
	  0, "2 1" },			/* the first tagger */
	/* The first tag. */
	{ TAGDATE, TREE MT " tagger T <t> 3 +0000\nmergetag object 2\n"
		" tagger U <u> 4 +0000\n\n", 0, "2 3" },
	{ TAGDATE, TREE "tagger T <t@x> 5 +0000\n\n", 0, "0 0" },
	/* Another header's continuation lines. */
	{ TAGDATE, TREE "gpgsig x\n mergetag object 1\n"
		" tagger T <t> 5 +0000\n\n", 0, "0 0" },
	{ TAGDATE, TREE "x\0" MT " tagger T <t> 5 +0000\n\n",
	  sizeof(TREE "x\0" MT " tagger T <t> 5 +0000\n\n") - 1, "0 0" },
	{ TAGDATE, TREE "\n" MT " tagger T <t> 5 +0000\n\n", 0, "0 0" },
					/* in the message: no header */
	{ TAGDATE, TREE "mergetag\n tagger T <t> 5 +0000\n\n", 0, "0 0" },
	{ TAGDATE, TREE "mergetag \n tagger T <t> 5 +0000\n\n", 0, "1 0" },
					/* an empty first line ends it */
	{ SIGNOFFS, HEAD "\nx\n\nSigned-off-by: A <a@x>\n"
		"signed-off-by:\tB <b@x>  \nSigned-off-by:   \n"
		"Acked-by: C <c@x>\n", 0, "A <a@x>\nB <b@x>" },
	{ SIGNOFFS, HEAD "\nx\n", 0, "" },
	{ SIGNOFFS, HEAD "\nSigned-off-by: the subject itself\n", 0,
	  "the subject itself" },
	/* As git log shows them: "STATUS author | subject" of what
	 * commit_reencode leaves to parse, else "STATUS encoding". */
	{ REENCODE, HEAD "\nno header: j\xe9\n", 0, "same" },
	{ REENCODE, ENC("ISO-8859-1", "J\xe9r\xf4me", "j\xe9/hid"), 0,
	  "done J\xc3\xa9r\xc3\xb4me <a@x> | j\xc3\xa9/hid" },
	{ REENCODE, ENC("latin1", "x", "\xe9"), 0, "done x <a@x> | \xc3\xa9" },
	{ REENCODE, ENC("latin-1", "x", "\xe9"), 0, "done x <a@x> | \xc3\xa9" },
	/* Shift-JIS: a second byte may be '\\' or '{'. */
	{ REENCODE, ENC("SHIFT_JIS", "\x93\xfa", "\x93\xfa\x96\x7b/\x95\x5c"),
	  0, "done \xe6\x97\xa5 <a@x> | \xe6\x97\xa5\xe6\x9c\xac/"
	  "\xe8\xa1\xa8" },
	{ REENCODE, ENC("SHIFT_JIS", "x", "\x93\xfa\xff\xff"), 0,
	  "invalid SHIFT_JIS" },
	{ REENCODE, ENC("SHIFT_JIS", "x", "truncated \x93"), 0,
	  "invalid SHIFT_JIS" },
	/* Lying headers, read as git reads them: UTF-8 bytes declared
	 * Latin-1 become mojibake; Latin-1 bytes declared UTF-8 stay. */
	{ REENCODE, ENC("ISO-8859-1", "x", "j\xc3\xa9"), 0,
	  "done x <a@x> | j\xc3\x83\xc2\xa9" },
	{ REENCODE, ENC("UTF-8", "x", "j\xe9"), 0, "invalid UTF-8" },
	{ REENCODE, ENC("utf8", "x", "j\xc3\xa9"), 0, "same" },
	{ REENCODE, ENC("x-bogus  ", "x", "y"), 0, "unknown x-bogus" },
	/* glibc reads this name as UTF-8's and copies the bytes: invalid
	 * ones are still invalid (found by fuzz-commitparse). */
	{ REENCODE, ENC("utf8\xc3\xa9", "x", "\xf5\x8b"), 0,
	  "invalid utf8\xc3\xa9" },
	{ REENCODE, TREE "encoding \n\nx\n", 0, "same" },	/* no name */
	{ REENCODE, TREE "\nencoding ISO-8859-1\n\xe9\n", 0, "same" },
	/* What git interpret-trailers --parse --no-divider wrote for each
	 * message (git 2.39). */
	{ TRAILERS, HEAD "\nS\n\nbody\n\nReviewed-by: X <x@y>\nSigned-off-by: A <a@x>\n", 0,
	  "Reviewed-by: X <x@y>\nSigned-off-by: A <a@x>\n" },
	{ TRAILERS, HEAD "\nS\n\nreviewed-BY: X <x@y>\nACKED-by:Y\n", 0,
	  "reviewed-BY: X <x@y>\nACKED-by: Y\n" },
	{ TRAILERS, HEAD "\nS\n\nReviewed-by: X\n\nplain text at the end\n", 0,
	  "" },
	{ TRAILERS, HEAD "\nS\n\nReviewed-by: X\nfoo bar\nbaz\nmore\nSigned-off-by: A <a@x>\n", 0,
	  "Reviewed-by: X\nSigned-off-by: A <a@x>\n" },
	{ TRAILERS, HEAD "\nS\n\nReviewed-by: X\nfoo\nbar\nbaz\nqux\nquux\nmore\nmore\nSigned-off-by: A\n", 0,
	  "" },
	{ TRAILERS, HEAD "\nS\n\nReviewed-by: X\nnot a trailer\nTested-by: Y\n", 0,
	  "" },
	{ TRAILERS, HEAD "\nS\n\nReviewed-by: X\n  <x@y>\n\tcont\nLink: https://l/1\n", 0,
	  "Reviewed-by: X <x@y> cont\nLink: https://l/1\n" },
	{ TRAILERS, HEAD "\nS\n\nsome text\n(cherry picked from commit abc)\nFoo: bar\n", 0,
	  "Foo: bar\n" },
	{ TRAILERS, HEAD "\nS\n\nFixes: abc (\"x\")\n# a comment\nCc: stable@vger.kernel.org # 5.10.x\n\n# trailing comment\n\nConflicts:\n\tfile.c\n", 0,
	  "Fixes: abc (\"x\")\nCc: stable@vger.kernel.org # 5.10.x\n" },
	{ TRAILERS, HEAD "\nSigned-off-by: A <a@x>\n", 0,
	  "" },
	{ TRAILERS, HEAD "\n\n\n  \nS\n\nKey: v\n", 0,
	  "Key: v\n" },
	{ TRAILERS, HEAD "\nS\n\nKey\t: v\nBug #43: x\n", 0,
	  "" },
	{ TRAILERS, HEAD "\nS\n\nBug #43: x\nKey: v\n", 0,
	  "" },
	{ TRAILERS, HEAD "\nS\n\nEmpty:\nKey:   \n  folded\n", 0,
	  "Empty: \nKey: folded\n" },
	{ TRAILERS, HEAD "\nS\n\nReviewed-by: X\n# ------------------------ >8 ------------------------\nSigned-off-by: Y\n", 0,
	  "Reviewed-by: X\n" },
	{ TRAILERS, HEAD "\nS\r\n\r\nReviewed-by: X\r\nTested-by: Y\r\n", 0,
	  "Reviewed-by: X\nTested-by: Y\n" },
	{ TRAILERS, HEAD "\nS\nReviewed-by: X\n", 0,
	  "" },
	{ TRAILERS, HEAD "\nS\n\nRevi\xc3""\xa9""-by: x\nKey: v\n", 0,
	  "" },
	{ TRAILERS, HEAD "\nS\n\n  leading continuation\nSigned-off-by: A\n", 0,
	  "Signed-off-by: A\n" },
	{ TRAILERS, HEAD "\nS\n\nSigned-off-by: A\n   \n", 0,
	  "Signed-off-by: A\n" },
	{ TRAILERS, HEAD "\nS\n\nsigned-off-by: a\nfoo\n", 0,
	  "" },
	{ TRAILERS, HEAD "\nS\n\nSigned-off-by: a\nfoo\n", 0,
	  "Signed-off-by: a\n" },
	{ TRAILERS, HEAD "\nS\n\n-Key: v\n--: w\n", 0,
	  "-Key: v\n--: w\n" },
	{ TRAILERS, HEAD "\nS\n\nKey: v\n \n x\n", 0,
	  "" },
	{ TRAILERS, HEAD "\nS\n\nKey: v\0\nReviewed-by: X\n",
	  sizeof(HEAD "\nS\n\nKey: v\0\nReviewed-by: X\n") - 1,
	  "Key: v\n" },	/* git reads up to a NUL */
	{ TRAILERS, HEAD "\nS\n\nKey: no newline at the end", 0,
	  "Key: no newline at the end\n" },
	{ TRAILERS, HEAD, 0, "" },
};

static void
run(const struct parse_case *c, struct buf *got)
{
	size_t len = c->len ? c->len : strlen(c->in);
	const char *end = c->in + len, *msg = commit_message(c->in, end);
	const char *p = c->in, *eol;
	int64_t t = 0;
	int32_t tz = 0;

	switch (c->what) {
	case SUBJECT:
		commit_subject(got, msg, end);
		break;
	case REFS: {
		struct buf subject = BUF_INIT;

		commit_reference_lines(got, commit_subject(&subject, msg, end),
				       end);
		buf_release(&subject);
		break;
	}
	case COMMITTER:
		commit_committer(c->in, end, got);
		break;
	case AUTHOR:
		commit_author(c->in, end, got);
		break;
	case CTIME:
		buf_printf(got, "%lld", (long long)commit_time(c->in, end));
		break;
	case ATIME:
		buf_printf(got, "%lld",
			   (long long)commit_author_time(c->in, end));
		break;
	case SIGS:
		buf_printf(got, "%u", commit_signatures(c->in, end));
		break;
	case TAGDATE: {
		int64_t tagged;
		int k = commit_mergetag_date(c->in, end, &tagged);

		buf_printf(got, "%d %lld", k, (long long)tagged);
		break;
	}
	case SIGNOFFS:
		commit_signoffs(got, msg, end);
		break;
	case TRAILERS:
		commit_trailers(got, msg, end);
		break;
	case MESSAGE:
		buf_add(got, msg, end - msg);
		break;
	case REENCODE: {
		struct buf conv = BUF_INIT;
		const char *name, *data;
		size_t nlen;
		int st = commit_reencode(c->in, end, &conv, &name, &nlen);

		if (st == REENCODE_DONE) {
			data = conv.data;
			end = conv.data + conv.len;
			buf_puts(got, "done ");
			commit_author(data, end, got);
			buf_puts(got, " | ");
			commit_subject(got, commit_message(data, end), end);
		} else if (st == REENCODE_SAME) {
			buf_puts(got, "same");
		} else {
			buf_puts(got, st == REENCODE_UNKNOWN ? "unknown " :
				 "invalid ");
			buf_add(got, name, nlen);
		}
		buf_release(&conv);
		break;
	}
	case TIME:
		while ((eol = commit_header_next(p, end))) {
			if (eol - p > 10 && !memcmp(p, "committer ", 10))
				parse_committer(p, eol, &t, &tz);
			p = eol + 1;
		}
		buf_printf(got, "%lld %d", (long long)t, (int)tz);
		break;
	}
	buf_add(got, "", 0);
}

/* "trailers": the trailers of the message on stdin, on stdout. */
static int
print_trailers(void)
{
	struct buf msg = BUF_INIT, out = BUF_INIT;
	char chunk[65536];
	size_t n;
	int bad;

	while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
		buf_add(&msg, chunk, n);
	buf_add(&msg, "", 0);
	commit_trailers(&out, msg.data, msg.data + msg.len);
	bad = fwrite(out.data ? out.data : "", 1, out.len, stdout) != out.len ||
	      ferror(stdin) || fflush(stdout);
	buf_release(&msg);
	buf_release(&out);
	return bad;
}

int
main(int argc, char **argv)
{
	struct object_id oid;
	char hex[OID_HEXSZ + 1], desc[96];

	if (argc == 2 && !strcmp(argv[1], "trailers"))
		return print_trailers();

	for (size_t k = 0; k < ARRAY_SIZE(cases); k++) {
		struct buf got = BUF_INIT;

		run(&cases[k], &got);
		snprintf(desc, sizeof(desc), "%s, case %zu", what_name[cases[k].what],
			 k + 1);
		report(!strcmp(got.data, cases[k].out), desc, got.data,
		       cases[k].out);
		buf_release(&got);
	}
	{
		/* A tag of a megabyte: its message's lines are not headers. */
		struct buf big = BUF_INIT;
		int64_t tagged;
		int k;

		buf_puts(&big, TREE MT " tagger T <t@x> 1700000000 +0000\n \n");
		while (big.len < (1 << 20))
			buf_puts(&big, " tagger U <u@x> 1 +0000 -----BEGIN\n");
		buf_puts(&big, "committer C <c@x> 1700000100 +0000\n\nM\n");
		k = commit_mergetag_date(big.data, big.data + big.len, &tagged);
		report(k == MERGETAG_DATED && tagged == 1700000000,
		       "mergetag date: a tag of a megabyte", "misread", "read");
		buf_release(&big);
	}
	report(commit_is_well_formed(TREE, strlen(TREE)),
	       "well formed: tree line", "no", "yes");
	report(!commit_is_well_formed(TREE, strlen(TREE) - 1),
	       "corrupt: tree line without its newline", "yes", "no");
	report(!commit_is_well_formed("tree 4B825DC642CB6EB9A060E54BF8D69288FBEE4904\n",
				      46), "corrupt: upper-case hex", "yes", "no");
	report(!commit_is_well_formed("parent x\n", 9), "corrupt: no tree first",
	       "yes", "no");
	{
		const char *s = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

		report(!hex_to_oid(s, s + 40, &oid), "hex_to_oid: 40 digits",
		       "fails", "reads");
		oid_to_hex(&oid, hex);
		report(!strcmp(hex, s), "oid_to_hex(hex_to_oid(x)) is x", hex, s);
		report(hex_to_oid(s, s + 39, &oid) < 0,
		       "hex_to_oid: 39 digits fail", "reads", "fails");
	}
	printf("1..%d\n", test_nr);
	return test_failed != 0;
}
