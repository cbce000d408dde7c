/*
 * subject.c - the grammar of merge subjects: what a merge commit's
 * subject (and the reference lines of its body) says it pulled.
 *
 * The subjects come from git's fmt-merge-msg (and older gits, forges and
 * people editing them by hand):
 *
 *   Merge SOURCE[; SOURCE...][ into BRANCH]
 *
 *   SOURCE  URL or path			(a remote's HEAD was pulled)
 *	   | [HEAD, ]WHAT LIST[, WHAT LIST...][ of URL or path]
 *   WHAT    branch(es), remote-tracking branch(es), remote branch(es),
 *	     tag(s), commit(s), or nothing ("Merge 'x' into y")
 *   LIST    'a' | 'a' and 'b' | 'a', 'b' and 'c'
 *
 * The first source that names a repository by URL makes the merge
 * external.  Every scan moves left to right and never returns to text it
 * has passed (but for one fallback search), so a hostile 100 KB subject
 * costs linear time; nothing is read at or past subject + len.
 *
 * Subjects typed by hand or written by other tools carry slips, read as
 * git would have meant them: a run of blanks (spaces, tabs) wherever git
 * writes one space ("Merge branch 'x' of\tURL"), a full stop after the
 * last quote ("Merge branch 'x'."), double quotes for single ones, and
 * one unquoted name before " of " ("Merge tag v1.2 of URL"; GitLab's
 * "Merge branch PROJECT:BRANCH into BRANCH" before " into ").  A slip
 * never turns an internal merge external: the repository after " of "
 * is read as without it ("Merge branch 'x' of ." stays internal).
 *
 * Pure text in, plain data out (fuzzed: tests/fuzz/fuzz-classify.c);
 * the forms of forges, review servers and mail are forge.c's, and the
 * merge table (classify.c) applies both to a history and names the
 * trees.
 */
#include "flow/subject.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/buf.h"
#include "util/url.h"
#include "util/util.h"

/* How one source of the subject ended. */
enum source_end {
	SRC_FAIL,	/* not a form we know */
	SRC_EXTERNAL,	/* names a URL: the merge is external */
	SRC_INTERNAL,	/* names no repository, nothing more to read */
	SRC_NEXT,	/* names no repository, another source follows */
};

static int
is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int
subject_is_space(unsigned char c)
{
	return is_space(c);
}

/* The end of the whitespace-delimited token starting at p. */
static const char *
token_end(const char *p, const char *end)
{
	while (p < end && !is_space(*p))
		p++;
	return p;
}

const char *
subject_token_end(const char *p, const char *end)
{
	return token_end(p, end);
}

/* Where git writes one space, a slip may hold several, or a tab. */
static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * Whether p starts with words, each ' ' in them matching a run of blanks
 * (one at least), every other byte itself; *after (when not NULL) is past
 * the match.  The run is scanned once for each call that reaches it, and
 * every caller moves on past what it matched or stops.
 */
static int
has_words(const char *p, const char *end, const char *words,
	  const char **after)
{
	for (; *words; words++) {
		if (*words == ' ') {
			if (p == end || !is_blank(*p))
				return 0;
			while (p < end && is_blank(*p))
				p++;
		} else if (p == end || *p++ != *words) {
			return 0;
		}
	}
	if (after)
		*after = p;
	return 1;
}

/* "/abs", "./rel", "../rel", ".", "~/dir", "~user/dir", "file://...". */
static int
is_local_path(const char *p, const char *end)
{
	if (p == end)
		return 0;
	return *p == '/' || *p == '.' || *p == '~' ||
	       (end - p >= 5 && !strncasecmp(p, "file:", 5));
}

/* A URL at the end of a sentence keeps none of its punctuation. */
static const char *
trim_punct(const char *p, const char *end)
{
	while (end > p) {
		switch (end[-1]) {
		case '.': case ',': case ';': case ':':
		case '!': case '?': case '\'': case '"':
			end--;
			continue;
		}
		break;
	}
	return end;
}

const char *
subject_trim_punct(const char *p, const char *end)
{
	return trim_punct(p, end);
}

/* A release: "6.7-rc3", "v2.6.29", "2.40.1": an optional 'v', a digit,
 * then digits, letters, '.', '-' and '_' with at least one '.'. */
static int
is_version(const char *p, const char *end)
{
	int dot = 0;

	if (p < end && *p == 'v')
		p++;
	if (p == end || !url_is_digit(*p))
		return 0;
	for (; p < end; p++) {
		if (*p == '.')
			dot = 1;
		else if (!url_is_alpha(*p) && !url_is_digit(*p) && *p != '-' &&
			 *p != '_')
			return 0;
	}
	return dot;
}

/*
 * The repository a source names, in the token at p.  strict is set after
 * "Merge ", where a token that is neither a URL nor a local path is free
 * text; after " of " git only ever writes a repository, so any other word
 * there is a relative path.  *next is where the next source starts.
 */
static enum source_end
source_token(const char *p, const char *end, int strict,
	     struct merge_class *out, const char **next)
{
	const char *tend = token_end(p, end), *uend = trim_punct(p, tend);

	if (url_is_remote(p, uend, strict)) {
		out->url = p;
		out->url_len = uend - p;
		return SRC_EXTERNAL;
	}
	if (p == tend || url_has_control(p, tend))
		return SRC_FAIL;
	if (strict && is_version(p, tend) &&
	    (tend == end || has_words(tend, end, " into ", NULL))) {
		out->form = "Merge VERSION into BRANCH";
		return SRC_INTERNAL;
	}
	if (!is_local_path(p, tend) &&
	    (strict ? tend - p != 4 || memcmp(p, "HEAD", 4) : uend == p))
		return SRC_FAIL;
	if (tend[-1] == ';' && tend < end) {
		*next = tend + 1;
		return SRC_NEXT;
	}
	return SRC_INTERNAL;
}

static const char *const what_words[] = {
	"branch ", "branches ",
	"remote-tracking branch ", "remote-tracking branches ",
	"remote branch ", "remote branches ",
	"tag ", "tags ",
	"commit ", "commits ",
};

static const char *
skip_what(const char *p, const char *end)
{
	const char *after;

	for (size_t i = 0; i < ARRAY_SIZE(what_words); i++)
		if (has_words(p, end, what_words[i], &after))
			return after;
	return p;
}

/* Past "HEAD, " at p, or p. */
static const char *
skip_head(const char *p, const char *end)
{
	const char *after;

	return has_words(p, end, "HEAD, ", &after) ? after : p;
}

static int
is_quote(const char *p, const char *end)
{
	return p < end && (*p == '\'' || *p == '"');
}

/* Does a quoted list start at p? */
static int
is_list(const char *p, const char *end)
{
	return is_quote(skip_what(skip_head(p, end), end), end);
}

enum delim { D_NONE, D_END, D_OF, D_INTO, D_AND, D_NEXT, D_EARLY };

/* What may follow the closing quote of a name: the end (or a full stop
 * there), " of ", " into ", ", ", " and " or "; ".  *after is past it. */
static enum delim
delimiter(const char *p, const char *end, const char **after)
{
	static const struct {
		const char *s;
		enum delim d;
	} ds[] = {
		{ " of ", D_OF }, { " into ", D_INTO }, { ", ", D_AND },
		{ " and ", D_AND }, { "; ", D_NEXT },
		/* git's own: the part of a branch before a commit named */
		{ " (early part)", D_EARLY },
	};

	if (p == end || (p + 1 == end && *p == '.'))
		return D_END;
	for (size_t i = 0; i < ARRAY_SIZE(ds); i++)
		if (has_words(p, end, ds[i].s, after))
			return ds[i].d;
	return D_NONE;
}

/*
 * When the list does not parse ("Merge branch 'a', junk 'b' of URL"),
 * trust the first quote followed by " of ": the names before it do not
 * matter, the repository after it does.
 */
static enum source_end
list_fallback(const char *p, const char *end, struct merge_class *out,
	      const char **next)
{
	const char *after;

	for (; end - p >= 5; p++) {
		if ((*p == '\'' || *p == '"') &&
		    has_words(p + 1, end, " of ", &after))
			return source_token(after, end, 0, out, next);
	}
	return SRC_FAIL;
}

/*
 * A source naming branches, tags or commits, p at its first word.  Names
 * may hold spaces and quotes: a name ends at the first quote followed by
 * what can follow a name.  Either quote closes either: it costs names
 * like 'say "hi" and go', but a search for the closing quote never passes
 * a quote and " of ", so the fallback never finds one the list scan
 * missed, and the whole parse stays linear.
 */
static enum source_end
source_list(const char *p, const char *end, struct merge_class *out,
	    const char **next)
{
	const char *start, *after = NULL;

	p = skip_what(skip_head(p, end), end);
	start = p;
	while (is_quote(p, end)) {
		enum delim d = D_NONE;

		for (p++; p < end; p++) {
			if (!is_quote(p, end))
				continue;
			d = delimiter(p + 1, end, &after);
			if (d != D_NONE)
				break;
		}
		switch (d) {
		case D_NONE:
			return list_fallback(start, end, out, next);
		case D_EARLY:
			if (after != end && !has_words(after, end, " into ", NULL))
				return list_fallback(start, end, out, next);
			out->form = "Merge WHAT 'NAME' (early part)";
			return SRC_INTERNAL;
		case D_END:
		case D_INTO:
			return SRC_INTERNAL;
		case D_NEXT:
			*next = after;
			return SRC_NEXT;
		case D_OF:
			return source_token(after, end, 0, out, next);
		case D_AND:
			p = after;
			/* "'a', 'b', and 'c'" */
			has_words(p, end, "and ", &p);
			p = skip_what(p, end);	/* "branch 'a', tag 'b'" */
			break;
		}
	}
	return list_fallback(start, end, out, next);
}

void
merge_class_clear(struct merge_class *out)
{
	out->kind = MERGE_UNRECOGNISED;
	out->url = NULL;
	out->url_len = 0;
	out->source = SOURCE_URL;
	out->name = NULL;
	out->name_len = 0;
	out->number = NULL;
	out->number_len = 0;
	out->form = NULL;
	out->same_branch = 0;
}

/*
 * GitLab's PROJECT:BRANCH at name..t ("glib:main", "gnome/glib:main"):
 * the branch of another project, neither part empty, no URL.
 */
static int
is_project_branch(const char *name, const char *t)
{
	const char *colon = memchr(name, ':', t - name);

	return colon && colon > name && colon + 1 < t && *name != '/' &&
	       !memchr(colon + 1, ':', t - colon - 1) &&
	       !url_has_control(name, t);
}

/*
 * A slip: "Merge WHAT NAME of URL", one name not quoted, p at WHAT.  Only
 * before " of ": without it the words are free text.  But for GitLab's
 * merge of an upstream project's branch into a topic branch, "Merge
 * branch glib:main into utf8-gir-fix": internal, as "Merge branch 'x'
 * into y" is.
 */
static enum source_end
source_unquoted(const char *p, const char *end, struct merge_class *out,
		const char **next)
{
	const char *name = skip_what(skip_head(p, end), end), *t, *after;

	if (name == p || is_quote(name, end))
		return SRC_FAIL;
	t = token_end(name, end);
	if (t == name)
		return SRC_FAIL;
	if (is_project_branch(name, t) && has_words(t, end, " into ", &after) &&
	    after < end && token_end(after, end) == end) {
		out->form = "Merge branch PROJECT:BRANCH into BRANCH";
		return SRC_INTERNAL;
	}
	if (!has_words(t, end, " of ", &after))
		return SRC_FAIL;
	return source_token(after, end, 0, out, next);
}

void
classify_subject(const char *subject, size_t len, struct merge_class *out)
{
	const char *p = subject, *end = subject + len, *after;

	merge_class_clear(out);
	while (end > p && is_space(end[-1]))
		end--;
	/* git.git's "Sync with maint", "Sync with 2.40.1": a release or a
	 * branch of the same repository merged in. */
	if (has_words(p, end, "Sync with ", &after) && after < end) {
		out->kind = MERGE_INTERNAL;
		out->form = "Sync with BRANCH";
		return;
	}
	if (!has_words(p, end, "Merge ", &p))
		return;
	if (has_words(p, end, "with ", &after) &&
	    source_token(after, end, 0, out, &p) == SRC_EXTERNAL) {
		out->kind = MERGE_EXTERNAL;
		out->form = "Merge with URL";
		return;
	}
	out->url = NULL;
	out->url_len = 0;
	for (;;) {
		const char *next = end;
		enum source_end r;
		int list, unquoted = 0;

		if (p == end || is_space(*p))
			return;
		list = is_list(p, end);
		if (list) {
			r = source_list(p, end, out, &next);
		} else {
			r = source_token(p, end, 1, out, &next);
			if (r == SRC_FAIL) {
				r = source_unquoted(p, end, out, &next);
				unquoted = 1;
			}
		}
		switch (r) {
		case SRC_FAIL:
			return;
		case SRC_EXTERNAL:
			out->kind = MERGE_EXTERNAL;
			if (!out->form)
				out->form = unquoted ?
					    "Merge WHAT NAME of URL" :
					    list ? "Merge WHAT 'NAME' of URL" :
					    "Merge URL";
			return;
		case SRC_INTERNAL:
			out->kind = MERGE_INTERNAL;
			if (!out->form)
				out->form = unquoted ?
					    "Merge WHAT NAME of PATH" :
					    list ?
					    "Merge WHAT 'NAME'[ of PATH]"
					    "[ into BRANCH]" :
					    "Merge PATH";
			return;
		case SRC_NEXT:
			p = next;
			break;
		}
	}
}

/* --- the branches a subject names (--branches) ------------------------ */

/*
 * The quoted names of "Merge [HEAD, ]WHAT 'a', 'b' and 'c' of URL", in
 * order, each with whether a "tag(s)" word announced it; scanned as
 * source_list scans them.  The number found.
 */
static size_t
subject_names(const char *p, const char *end, struct merge_name **out,
	      size_t *alloc)
{
	size_t n = 0;
	int tag = 0;

	if (!has_words(p, end, "Merge ", &p))
		return 0;
	p = skip_head(p, end);
	for (;;) {
		const char *w = skip_what(p, end), *q, *after = NULL;
		enum delim d = D_NONE;

		if (w != p)
			tag = url_has_prefix(p, end, "tag");
		p = w;
		if (!is_quote(p, end))
			return n;
		for (q = p + 1; q < end; q++) {
			if (!is_quote(q, end))
				continue;
			d = delimiter(q + 1, end, &after);
			if (d != D_NONE)
				break;
		}
		if (d == D_NONE)
			return n;
		ALLOC_GROW(*out, n + 1, *alloc);
		(*out)[n++] = (struct merge_name){ p + 1, q - p - 1, tag };
		if (d != D_AND)
			return n;
		p = after;
		has_words(p, end, "and ", &p);
	}
}

size_t
subject_branches(const char *s, const char *end, const struct merge_class *mc,
		 struct merge_name **out, size_t *alloc)
{
	if (mc->kind != MERGE_EXTERNAL)
		return 0;
	if (mc->source == SOURCE_URL)
		return subject_names(s, end, out, alloc);
	/* Mail, review servers and the forges that name no branch of a
	 * fork: the source itself. */
	if (mc->source != SOURCE_GITHUB || !mc->name_len)
		return 0;
	/* "OWNER/BRANCH": the branch is the rest of the token. */
	ALLOC_GROW(*out, 1, *alloc);
	(*out)[0].p = mc->name + mc->name_len + 1;
	(*out)[0].len = token_end((*out)[0].p, end) - (*out)[0].p;
	(*out)[0].tag = 0;
	return 1;
}

size_t
subject_merge_names(const char *s, const char *end, struct merge_name **out,
		    size_t *alloc)
{
	return subject_names(s, end, out, alloc);
}

int
subject_same_branch(const char *s, size_t len)
{
	const char *end = s + len, *into = NULL, *t;
	struct merge_name *names = NULL;
	size_t alloc = 0, n, tlen;
	int same;

	while (end > s && is_space(end[-1]))
		end--;
	for (const char *p = s; end - p >= 6; p++)
		if (!memcmp(p, " into ", 6))
			into = p;
	if (!into)
		return 0;
	t = into + 6;
	tlen = end - t;
	if (tlen >= 2 && is_quote(t, end) && (end[-1] == '\'' || end[-1] == '"')) {
		t++;
		tlen -= 2;
	}
	n = subject_names(s, into, &names, &alloc);
	same = n == 1 && names[0].len == tlen && tlen &&
	       !memcmp(names[0].p, t, tlen);
	free(names);
	return same;
}

/* --- the shapes of unrecognised subjects ---------------------------- */

/* Append p..end with each run of digits as one 'N'. */
static void
add_digits_as_n(struct buf *b, const char *p, const char *end)
{
	for (; p < end; p++) {
		if (!url_is_digit(*p)) {
			buf_addc(b, *p);
			continue;
		}
		while (p + 1 < end && url_is_digit(p[1]))
			p++;
		buf_addc(b, 'N');
	}
}

/* What a word is, for its shape. */
enum word { W_OTHER, W_NUMBER, W_HEX, W_ID };

static int
is_lower_hex(char c)
{
	return url_is_digit(c) || (c >= 'a' && c <= 'f');
}

/* A Change-Id ("I" and seven lower-case hexadecimal digits or more), a
 * hexadecimal id (seven or more, a decimal digit among them), digits. */
static enum word
word_kind(const char *p, const char *end)
{
	int digit = 0, letter = 0;

	if (p == end)
		return W_OTHER;
	if (*p == 'I' && end - p >= 8) {
		const char *q = p + 1;

		while (q < end && is_lower_hex(*q))
			q++;
		return q == end ? W_ID : W_OTHER;
	}
	for (const char *q = p; q < end; q++) {
		if (url_is_digit(*q))
			digit = 1;
		else if (*q >= 'a' && *q <= 'f')
			letter = 1;
		else
			return W_OTHER;
	}
	if (!digit)
		return W_OTHER;
	return !letter ? W_NUMBER : end - p >= 7 ? W_HEX : W_OTHER;
}

static const char *const word_shape[] = {
	[W_NUMBER] = "N", [W_HEX] = "HEX", [W_ID] = "ID",
};

/* A comma-separated list of ids or numbers of one kind (Gerrit's "Merge
 * changes I1,I2"), or one of them: that kind, else W_OTHER. */
static enum word
list_kind(const char *p, const char *end)
{
	enum word kind = W_OTHER;

	for (;;) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *stop = comma ? comma : end;
		enum word k = word_kind(p, stop);

		if (k == W_OTHER || (kind != W_OTHER && k != kind))
			return W_OTHER;
		kind = k;
		if (!comma)
			return kind;
		p = comma + 1;
	}
}

/* The shape of the word p..end: punctuation at its end kept as it is. */
static void
add_word(struct buf *b, const char *p, const char *end)
{
	const char *core = end;
	enum word k;

	while (core > p && strchr(".,;:)", core[-1]))
		core--;
	k = list_kind(p, core);
	if (k != W_OTHER)
		buf_puts(b, word_shape[k]);
	else if (core - p > 1 && (memchr(p, '/', (size_t)(core - p)) ||
				  memchr(p, ':', (size_t)(core - p))))
		buf_puts(b, "PATH");
	else
		add_digits_as_n(b, p, core);
	buf_add(b, core, (size_t)(end - core));
}

/*
 * The quote closing the string that opens at p: the next one of the same
 * kind followed by the end, a blank or punctuation; NULL when there is
 * none.  *none[k] remembers that no such quote of kind k follows: every
 * later search would fail too, so none is made twice (linear time).
 */
static const char *
closing_quote(const char *p, const char *end, int *none)
{
	int k = *p == '"';

	if (none[k])
		return NULL;
	for (const char *q = p + 1; q < end; q++) {
		if (*q != *p)
			continue;
		if (q + 1 == end || is_space(q[1]) || strchr(".,;:)", q[1]))
			return q;
	}
	none[k] = 1;
	return NULL;
}

char *
subject_shape(const char *s)
{
	struct buf b = BUF_INIT;
	const char *p = s, *end = s + strlen(s);
	int none[2] = { 0, 0 };

	buf_puts(&b, "");
	while (p < end && is_space(*p))
		p++;
	while (end > p && is_space(end[-1]))
		end--;
	while (p < end) {
		const char *close = is_quote(p, end) ?
				    closing_quote(p, end, none) : NULL;

		if (close) {
			buf_puts(&b, *p == '"' ? "\"X\"" : "'X'");
			p = close + 1;
		} else {
			const char *t = token_end(p, end);

			add_word(&b, p, t);
			p = t;
		}
		if (p < end && is_space(*p)) {
			while (p < end && is_space(*p))
				p++;
			if (p < end)
				buf_addc(&b, ' ');
		}
	}
	return b.data;
}
