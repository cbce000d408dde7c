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
 * Pure text in, plain data out (fuzzed: tests/fuzz/fuzz-classify.c);
 * apart from the merge table (classify.c), which applies it to a
 * history and names the trees.
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

/* The end of the whitespace-delimited token starting at p. */
static const char *
token_end(const char *p, const char *end)
{
	while (p < end && !is_space(*p))
		p++;
	return p;
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
	    (tend == end || url_has_prefix(tend, end, " into "))) {
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
	for (size_t i = 0; i < ARRAY_SIZE(what_words); i++)
		if (url_has_prefix(p, end, what_words[i]))
			return p + strlen(what_words[i]);
	return p;
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
	if (url_has_prefix(p, end, "HEAD, "))
		p += 6;
	return is_quote(skip_what(p, end), end);
}

enum delim { D_NONE, D_END, D_OF, D_INTO, D_AND, D_NEXT, D_EARLY };

/* What may follow the closing quote of a name: the end, " of ",
 * " into ", ", ", " and " or "; ".  *after is past it. */
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

	if (p == end)
		return D_END;
	for (size_t i = 0; i < ARRAY_SIZE(ds); i++) {
		if (url_has_prefix(p, end, ds[i].s)) {
			*after = p + strlen(ds[i].s);
			return ds[i].d;
		}
	}
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
	for (; end - p >= 5; p++) {
		if ((*p == '\'' || *p == '"') && !memcmp(p + 1, " of ", 4))
			return source_token(p + 5, end, 0, out, next);
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

	if (url_has_prefix(p, end, "HEAD, "))
		p += 6;
	p = skip_what(p, end);
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
			if (after != end && !url_has_prefix(after, end, " into "))
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
			if (url_has_prefix(p, end, "and "))	/* "'a', 'b', and 'c'" */
				p += 4;
			p = skip_what(p, end);	/* "branch 'a', tag 'b'" */
			break;
		}
	}
	return list_fallback(start, end, out, next);
}

void
classify_subject(const char *subject, size_t len, struct merge_class *out)
{
	const char *p = subject, *end = subject + len;

	out->kind = MERGE_UNRECOGNISED;
	out->url = NULL;
	out->url_len = 0;
	out->source = SOURCE_URL;
	out->name = NULL;
	out->name_len = 0;
	out->form = NULL;
	out->same_branch = 0;

	while (end > p && is_space(end[-1]))
		end--;
	/* git.git's "Sync with maint", "Sync with 2.40.1": a release or a
	 * branch of the same repository merged in. */
	if (url_has_prefix(p, end, "Sync with ") && end - p > 10) {
		out->kind = MERGE_INTERNAL;
		out->form = "Sync with BRANCH";
		return;
	}
	if (!url_has_prefix(p, end, "Merge "))
		return;
	p += 6;
	if (url_has_prefix(p, end, "with ") &&
	    source_token(p + 5, end, 0, out, &p) == SRC_EXTERNAL) {
		out->kind = MERGE_EXTERNAL;
		out->form = "Merge with URL";
		return;
	}
	out->url = NULL;
	out->url_len = 0;
	for (;;) {
		const char *next = end;
		enum source_end r;
		int list;

		if (p == end || is_space(*p))
			return;
		list = is_list(p, end);
		r = list ? source_list(p, end, out, &next) :
			   source_token(p, end, 1, out, &next);
		switch (r) {
		case SRC_FAIL:
			return;
		case SRC_EXTERNAL:
			out->kind = MERGE_EXTERNAL;
			if (!out->form)
				out->form = list ? "Merge WHAT 'NAME' of URL" :
					    "Merge URL";
			return;
		case SRC_INTERNAL:
			out->kind = MERGE_INTERNAL;
			if (!out->form)
				out->form = list ?
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

/* --- forges and mail ---------------------------------------------- */

static int
is_lower_word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || c == '-';
}

static void
set_source(struct merge_class *out, enum merge_source source,
	   const char *name, const char *name_end)
{
	out->kind = MERGE_EXTERNAL;
	out->source = source;
	out->url = NULL;
	out->url_len = 0;
	out->name = name;
	out->name_len = name_end - name;
}

/*
 * "Merge pull request #N from OWNER/BRANCH": GitHub names the owner of
 * the fork the pull request came from (a GitHub login: letters, digits
 * and '-'), then its branch, and nothing after.
 */
static int
github_pull(const char *p, const char *end, struct merge_class *out)
{
	const char *owner, *q;

	if (!url_has_prefix(p, end, "Merge pull request #"))
		return 0;
	p += 20;
	for (q = p; q < end && url_is_digit(*q); q++)
		;
	if (q == p || !url_has_prefix(q, end, " from "))
		return 0;
	owner = q + 6;
	for (q = owner; q < end && (url_is_alpha(*q) || url_is_digit(*q) || *q == '-');
	     q++)
		;
	if (q == owner || q == end || *q != '/' || q + 1 == end ||
	    token_end(q + 1, end) != end || url_has_control(q + 1, end))
		return 0;
	set_source(out, SOURCE_GITHUB, owner, q);
	out->form = "Merge pull request #N from OWNER/BRANCH";
	return 1;
}

/* b4's "Merge patch series "TITLE"", and the older "Merge series "TITLE"
 * from NAME <MAIL>:" of the same tooling. */
static int
patch_series(const char *p, const char *end, struct merge_class *out)
{
	if (!url_has_prefix(p, end, "Merge patch series \"") &&
	    !url_has_prefix(p, end, "Merge series \""))
		return 0;
	set_source(out, SOURCE_MAIL, p, p);
	out->form = "Merge patch series \"TITLE\"";
	return 1;
}

/*
 * A sender's name: one to four words, each starting with a capital letter,
 * of letters (any non-ASCII byte counts as one), '.', '\'' and '-'.
 * Returns its end, or NULL.
 */
static const char *
person_end(const char *p, const char *end)
{
	int words = 0;

	while (p < end) {
		if (!(*p >= 'A' && *p <= 'Z') && (unsigned char)*p < 0x80)
			return NULL;
		while (p < end && (url_is_alpha(*p) || *p == '.' || *p == '\'' ||
				   *p == '-' || (unsigned char)*p >= 0x80))
			p++;
		if (++words > 4)
			return NULL;
		if (p == end || *p != ' ')
			return p;
		p++;
	}
	return NULL;
}

/*
 * "WORDS from NAME" exactly from p to end: lower-case words ("patches",
 * "fixes", "second patch-bomb"), the last of which is in last_words when
 * that is not NULL.  Sets the name.
 */
static int
words_from(const char *p, const char *end, const char *const *last_words,
	   const char **name, const char **name_end)
{
	const char *from = NULL, *last = p, *q;

	for (q = p; q < end; q++) {
		if (url_has_prefix(q, end, " from ")) {
			from = q;
			break;
		}
		if (*q == ' ')
			last = q + 1;
		else if (!is_lower_word_char(*q))
			return 0;
	}
	if (!from || from == p)
		return 0;
	if (last_words) {
		int found = 0;

		for (size_t i = 0; last_words[i]; i++)
			if ((size_t)(from - last) == strlen(last_words[i]) &&
			    !memcmp(last, last_words[i], from - last))
				found = 1;
		if (!found)
			return 0;
	}
	*name = from + 6;
	*name_end = person_end(*name, end);
	return *name_end == end;
}

/*
 * Patches a maintainer applied from someone's mail and merged as a branch:
 * "Merge branch 'akpm' (patches from Andrew)", "(fixes from Andrew
 * Morton)", "(incoming from Andrew)"; and without the branch: "Merge
 * emailed patches from Andrew Morton", "Merge misc fixes from Andrew
 * Morton".  A parenthesis without " from " ("(early part)", git's own)
 * is not one.
 */
static int
mailed_patches(const char *p, const char *end, struct merge_class *out)
{
	static const char *const last_words[] = {
		"patches", "fixes", "updates", "patch-bomb", NULL,
	};
	const char *open, *name, *name_end;

	if (!url_has_prefix(p, end, "Merge "))
		return 0;
	p += 6;
	if (end > p && end[-1] == ')') {
		for (open = end - 1; open > p && *open != '('; open--)
			;
		if (open == p || open[-1] != ' ' ||
		    !words_from(open + 1, end - 1, NULL, &name, &name_end))
			return 0;
		set_source(out, SOURCE_MAIL, name, name_end);
		out->form = "Merge branch 'B' (WORDS from NAME)";
		return 1;
	}
	if (!words_from(p, end, last_words, &name, &name_end))
		return 0;
	set_source(out, SOURCE_MAIL, name, name_end);
	out->form = "Merge WORDS patches from NAME";
	return 1;
}

/* The next line of a body at *p (newline-separated); 0 at its end. */
static int
next_line(const char **p, const char *end, const char **line,
	  const char **eol)
{
	const char *nl;

	if (*p >= end)
		return 0;
	nl = memchr(*p, '\n', end - *p);
	*line = *p;
	*eol = nl ? nl : end;
	*p = nl ? nl + 1 : end;
	return 1;
}

/*
 * GitLab's merge of a merge request: "Merge branch 'B' into 'T'" (an
 * internal subject), and in the body "See merge request GROUP/PROJECT!N",
 * which names the project the request was merged in: the project itself
 * whether the branch came from it or from a fork.
 */
static int
gitlab_request(const char *body, const char *body_end,
	       struct merge_class *out)
{
	const char *line, *eol;

	while (next_line(&body, body_end, &line, &eol)) {
		const char *bang, *q;

		if (!url_has_prefix(line, eol, "See merge request "))
			continue;
		line += 18;
		bang = memchr(line, '!', eol - line);
		if (!bang || bang == line || bang + 1 == eol ||
		    token_end(line, eol) != eol || url_has_control(line, eol))
			continue;
		for (q = bang + 1; q < eol && url_is_digit(*q); q++)
			;
		if (q != eol || !memchr(line, '/', bang - line))
			continue;
		set_source(out, SOURCE_GITLAB, line, bang);
		out->form = "See merge request GROUP/PROJECT!N";
		return 1;
	}
	return 0;
}

/*
 * A subtree merge that names its repository in a footnote (U-Boot's
 * dts/upstream): "Subtree merge tag 'v6.10-dts' of devicetree-rebasing
 * repo [1] into dts/upstream", and "[1] URL" in the body.
 */
static int
subtree_merge(const char *p, const char *end, const char *body,
	      const char *body_end, struct merge_class *out)
{
	const char *num, *q, *line, *eol;
	size_t num_len;

	if (!url_has_prefix(p, end, "Subtree merge "))
		return 0;
	for (q = p + 14; q < end && !url_has_prefix(q, end, " repo ["); q++)
		;
	if (q == end)
		return 0;
	num = q + 7;
	for (q = num; q < end && url_is_digit(*q); q++)
		;
	num_len = q - num;
	if (!num_len || !url_has_prefix(q, end, "] into ") || q + 7 == end)
		return 0;
	while (next_line(&body, body_end, &line, &eol)) {
		const char *url, *uend;

		if (eol - line < (ptrdiff_t)num_len + 3 || *line != '[' ||
		    memcmp(line + 1, num, num_len) ||
		    !url_has_prefix(line + 1 + num_len, eol, "] "))
			continue;
		url = line + num_len + 3;
		uend = trim_punct(url, token_end(url, eol));
		if (!url_is_remote(url, uend, 0))
			continue;
		out->kind = MERGE_EXTERNAL;
		out->source = SOURCE_URL;
		out->url = url;
		out->url_len = uend - url;
		out->form = "Subtree merge ... repo [N] into PATH, [N] URL";
		return 1;
	}
	return 0;
}

void
classify_message(const char *subject, size_t len, const char *body,
		 size_t body_len, struct merge_class *out)
{
	const char *end = subject + len;
	/* No body is NULL: no arithmetic on it (undefined even with 0). */
	const char *body_end = body ? body + body_len : NULL;
	enum merge_kind kind;

	classify_subject(subject, len, out);
	if (out->kind == MERGE_EXTERNAL)
		return;
	kind = out->kind;
	while (end > subject && is_space(end[-1]))
		end--;
	if (!body)
		body = body_end = "";
	if (github_pull(subject, end, out) || patch_series(subject, end, out) ||
	    mailed_patches(subject, end, out) ||
	    subtree_merge(subject, end, body, body_end, out))
		return;
	if (kind == MERGE_INTERNAL && gitlab_request(body, body_end, out))
		return;
	out->kind = kind;
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

	if (!url_has_prefix(p, end, "Merge "))
		return 0;
	p += 6;
	if (url_has_prefix(p, end, "HEAD, "))
		p += 6;
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
		if (url_has_prefix(p, end, "and "))
			p += 4;
	}
}

size_t
subject_branches(const char *s, const char *end, const struct merge_class *mc,
		 struct merge_name **out, size_t *alloc)
{
	if (mc->kind != MERGE_EXTERNAL || mc->source == SOURCE_MAIL)
		return 0;
	if (mc->source != SOURCE_GITHUB)
		return subject_names(s, end, out, alloc);
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

char *
subject_shape(const char *s)
{
	struct buf b = BUF_INIT;
	const char *p = s, *end = s + strlen(s);

	buf_puts(&b, "");
	while (p < end && is_space(*p))
		p++;
	while (end > p && is_space(end[-1]))
		end--;
	while (p < end) {
		const char *t = token_end(p, end);
		int longer = t - p > 1;

		if (longer && is_quote(p, t) && is_quote(t - 1, t))
			buf_puts(&b, "'X'");
		else if (longer && (memchr(p, '/', t - p) ||
				    memchr(p, ':', t - p)))
			buf_puts(&b, "PATH");
		else
			add_digits_as_n(&b, p, t);
		for (p = t; p < end && is_space(*p); p++)
			;
		if (p < end)
			buf_addc(&b, ' ');
	}
	return b.data;
}
