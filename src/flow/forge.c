/*
 * forge.c - the merges of forges, code review servers and mail (forge.h
 * lists the forms): what git's own grammar (subject.c) does not read.
 *
 * Each form is read from a subject whose blanks at the end are dropped,
 * left to right or, where a title may hold anything, from its end; every
 * scan is linear and reads nothing at or past end.  Fuzzed with the
 * grammar (tests/fuzz/fuzz-classify.c).
 */
#include "flow/forge.h"

#include <string.h>

#include "util/url.h"
#include "util/util.h"

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
	out->name_len = (size_t)(name_end - name);
	out->number = NULL;
	out->number_len = 0;
}

/* The request's number, the digits at p..q. */
static void
set_number(struct merge_class *out, const char *p, const char *q)
{
	out->number = p;
	out->number_len = (size_t)(q - p);
}

/* The end of the digits at p. */
static const char *
digits_end(const char *p, const char *end)
{
	while (p < end && url_is_digit(*p))
		p++;
	return p;
}

/* Where a trailing " into BRANCH" starts (BRANCH one token, up to end),
 * or end when there is none. */
static const char *
into_start(const char *p, const char *end)
{
	const char *t = end;

	while (t > p && !subject_is_space(t[-1]))
		t--;
	if (t < end && t - p >= 6 && !memcmp(t - 6, " into ", 6))
		return t - 6;
	return end;
}

/* --- Gerrit ---------------------------------------------------------- */

/* "I" and at least seven lower-case hexadecimal digits (Gerrit writes
 * eight): a Change-Id, abbreviated. */
static int
is_change_id(const char *p, const char *end)
{
	const char *q;

	if (p == end || *p != 'I')
		return 0;
	for (q = p + 1; q < end && ((*q >= '0' && *q <= '9') ||
				    (*q >= 'a' && *q <= 'f')); q++)
		;
	return q == end && end - p >= 8;
}

/* "ID,ID,...", maybe followed by ", ..." (more than five changes), up
 * to end exactly. */
static int
change_ids(const char *p, const char *end)
{
	if (end - p >= 5 && !memcmp(end - 5, ", ...", 5))
		end -= 5;
	for (;;) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *stop = comma ? comma : end;

		if (!is_change_id(p, stop))
			return 0;
		if (!comma)
			return 1;
		p = comma + 1;
	}
}

/* A quoted list of topics from p to end: "a" or 'a', "a", "b", ... */
static int
topics_quoted(const char *p, const char *end)
{
	return end - p >= 3 && (*p == '"' || *p == '\'') && end[-1] == *p;
}

int
forge_review(const char *p, const char *end, struct merge_class *out)
{
	const char *q, *stop;

	if (!url_has_prefix(p, end, "Merge "))
		return 0;
	q = p + 6;
	stop = into_start(q, end);
	if (q < stop && *q == '"') {
		if (stop - q < 3 || stop[-1] != '"')
			return 0;
		set_source(out, SOURCE_REVIEW, q, q);
		out->form = "Merge \"SUBJECT\"[ into BRANCH]";
		return 1;
	}
	if (url_has_prefix(q, stop, "changes from topic ") &&
	    topics_quoted(q + 19, stop)) {
		set_source(out, SOURCE_REVIEW, q + 19, stop);
		out->form = "Merge changes from topic \"TOPIC\"[ into BRANCH]";
		return 1;
	}
	if (url_has_prefix(q, stop, "changes from topics ") &&
	    topics_quoted(q + 20, stop)) {
		set_source(out, SOURCE_REVIEW, q + 20, stop);
		out->form = "Merge changes from topics \"A\", \"B\"[ into BRANCH]";
		return 1;
	}
	if (url_has_prefix(q, stop, "changes ") && change_ids(q + 8, stop)) {
		set_source(out, SOURCE_REVIEW, q, q);
		out->form = "Merge changes ID,ID[, ...][ into BRANCH]";
		return 1;
	}
	return 0;
}

size_t
forge_topics(const char *name, size_t len, struct merge_name **out,
	     size_t *alloc)
{
	const char *p = name, *end = name + len;
	size_t n = 0;
	char quote;

	if (!topics_quoted(p, end))
		return 0;
	quote = *p;
	p++;
	end--;
	for (;;) {
		const char *q;

		/* The separator: the quote, ", ", the quote. */
		for (q = p; q + 4 <= end; q++)
			if (q[0] == quote && q[1] == ',' && q[2] == ' ' &&
			    q[3] == quote)
				break;
		if (q + 4 > end)
			q = end;
		ALLOC_GROW(*out, n + 1, *alloc);
		(*out)[n++] = (struct merge_name){ p, (size_t)(q - p), 0 };
		if (q == end)
			return n;
		p = q + 4;
	}
}

/* --- forges ---------------------------------------------------------- */

/*
 * "Merge pull request #N from OWNER/BRANCH": GitHub names the owner of
 * the fork the pull request came from (a GitHub login: letters, digits
 * and '-'), then its branch, and nothing after.
 */
static int
github_pull(const char *p, const char *end, struct merge_class *out)
{
	const char *owner, *q, *n;

	if (!url_has_prefix(p, end, "Merge pull request #"))
		return 0;
	n = p + 20;
	q = digits_end(n, end);
	if (q == n || !url_has_prefix(q, end, " from "))
		return 0;
	owner = q + 6;
	for (q = owner; q < end && (url_is_alpha(*q) || url_is_digit(*q) || *q == '-');
	     q++)
		;
	if (q == owner || q == end || *q != '/' || q + 1 == end ||
	    subject_token_end(q + 1, end) != end || url_has_control(q + 1, end))
		return 0;
	set_source(out, SOURCE_GITHUB, owner, q);
	set_number(out, n, digits_end(n, end));
	out->form = "Merge pull request #N from OWNER/BRANCH";
	return 1;
}

/* "Merge PR #N: TITLE": a pull request a maintainer merged by hand and
 * titled so (util-linux); it names no fork. */
static int
pr_by_hand(const char *p, const char *end, struct merge_class *out)
{
	const char *n, *q;

	if (!url_has_prefix(p, end, "Merge PR #"))
		return 0;
	n = p + 10;
	q = digits_end(n, end);
	if (q == n || !url_has_prefix(q, end, ": ") || q + 2 == end)
		return 0;
	set_source(out, SOURCE_GITHUB, p, p);
	set_number(out, n, q);
	out->form = "Merge PR #N: TITLE";
	return 1;
}

/* Bitbucket's "Merged in BRANCH (pull request #N)": the branch of the
 * repository or of a fork, which it does not say. */
static int
bitbucket_pull(const char *p, const char *end, struct merge_class *out)
{
	const char *branch, *q, *n;

	if (!url_has_prefix(p, end, "Merged in "))
		return 0;
	branch = p + 10;
	q = subject_token_end(branch, end);
	if (q == branch || !url_has_prefix(q, end, " (pull request #"))
		return 0;
	n = q + 16;
	q = digits_end(n, end);
	if (q == n || q + 1 != end || *q != ')')
		return 0;
	set_source(out, SOURCE_BITBUCKET, p, p);
	set_number(out, n, q);
	out->form = "Merged in BRANCH (pull request #N)";
	return 1;
}

/*
 * Gitea's and Forgejo's "Merge pull request 'TITLE' (#N) from HEAD into
 * BASE" ("!N" with an external tracker), read from its end, since the
 * title may hold anything: HEAD is "OWNER/REPO:BRANCH" from a fork,
 * "<deleted>:BRANCH" from a fork deleted since, the branch alone from the
 * repository itself (a branch name holds no ':'): internal then, as a
 * GitHub pull request from the mainline's own repository.
 */
static int
gitea_pull(const char *p, const char *end, struct merge_class *out)
{
	static const char prefix[] = "Merge pull request '";
	const char *into = into_start(p, end), *head, *close, *n, *colon;
	const char *owner_end;

	if (!url_has_prefix(p, end, prefix) || into == end)
		return 0;
	for (head = into; head > p && !subject_is_space(head[-1]); head--)
		;
	/* "' (#" N ") from " before HEAD, the title at least one byte. */
	if (head == into || head - p < (ptrdiff_t)sizeof(prefix) + 11 ||
	    memcmp(head - 6, " from ", 6) || head[-7] != ')')
		return 0;
	close = head - 7;
	for (n = close; n > p && url_is_digit(n[-1]); n--)
		;
	if (n == close || n - p < (ptrdiff_t)sizeof(prefix) + 4 ||
	    (n[-1] != '#' && n[-1] != '!') || memcmp(n - 4, "' (", 3))
		return 0;
	colon = memchr(head, ':', (size_t)(into - head));
	if (!colon) {
		out->kind = MERGE_INTERNAL;
		out->form = "Merge pull request 'TITLE' (#N) from BRANCH "
			    "into BASE";
		set_number(out, n, close);
		return 1;
	}
	owner_end = memchr(head, '/', (size_t)(colon - head));
	if (!owner_end)
		owner_end = colon;
	if (owner_end == head || colon + 1 == into ||
	    url_has_control(head, into))
		return 0;
	set_source(out, SOURCE_GITEA, head, owner_end);
	set_number(out, n, close);
	out->form = "Merge pull request 'TITLE' (#N) from OWNER/REPO:BRANCH "
		    "into BASE";
	return 1;
}

/* --- mail, and subtrees ---------------------------------------------- */

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
		    subject_token_end(line, eol) != eol || url_has_control(line, eol))
			continue;
		for (q = bang + 1; q < eol && url_is_digit(*q); q++)
			;
		if (q != eol || !memchr(line, '/', bang - line))
			continue;
		set_source(out, SOURCE_GITLAB, line, bang);
		set_number(out, bang + 1, eol);
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
		uend = subject_trim_punct(url, subject_token_end(url, eol));
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

int
forge_message(const char *s, const char *end, const char *body,
	      const char *body_end, enum merge_kind subject_kind,
	      struct merge_class *out)
{
	if (github_pull(s, end, out) || pr_by_hand(s, end, out) ||
	    gitea_pull(s, end, out) || bitbucket_pull(s, end, out) ||
	    patch_series(s, end, out) || mailed_patches(s, end, out) ||
	    subtree_merge(s, end, body, body_end, out))
		return 1;
	return subject_kind == MERGE_INTERNAL &&
	       gitlab_request(body, body_end, out);
}

/* --- a merge's message: the forms above, then git's grammar --------- */

void
classify_message(const char *subject, size_t len, const char *body,
		 size_t body_len, struct merge_class *out)
{
	const char *end = subject + len;
	/* No body is NULL: no arithmetic on it (undefined even with 0). */
	const char *body_end = body ? body + body_len : NULL;
	enum merge_kind kind;

	merge_class_clear(out);
	while (end > subject && subject_is_space((unsigned char)end[-1]))
		end--;
	if (forge_review(subject, end, out))
		return;
	classify_subject(subject, len, out);
	if (out->kind == MERGE_EXTERNAL)
		return;
	kind = out->kind;
	if (!body)
		body = body_end = "";
	if (!forge_message(subject, end, body, body_end, kind, out))
		out->kind = kind;
}
