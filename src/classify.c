/*
 * classify.c - what a merge commit's subject says it pulled.
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
 */
#include "classify.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

/* How one source of the subject ended. */
enum source_end {
	SRC_FAIL,	/* not a form we know */
	SRC_EXTERNAL,	/* names a URL: the merge is external */
	SRC_INTERNAL,	/* names no repository, nothing more to read */
	SRC_NEXT,	/* names no repository, another source follows */
};

static int
has_prefix(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(end - p) >= n && !memcmp(p, s, n);
}

static int
is_alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static int
is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Letters, digits, '-', '.', '_', and any byte of an internationalised
 * name: what a host name may be spelled with. */
static int
is_host_char(unsigned char c)
{
	return is_alpha(c) || is_digit(c) || c == '-' || c == '.' ||
	       c == '_' || c >= 0x80;
}

static int
has_control(const char *p, const char *end)
{
	for (; p < end; p++) {
		unsigned char c = *p;

		if (c < 0x20 || c == 0x7f)
			return 1;
	}
	return 0;
}

/* The end of the whitespace-delimited token starting at p. */
static const char *
token_end(const char *p, const char *end)
{
	while (p < end && !is_space(*p))
		p++;
	return p;
}

/*
 * The length of the host name at p: "[...]" for an IPv6 literal, else the
 * run of host name characters.  0 when there is none.
 */
static size_t
host_len(const char *p, const char *end)
{
	const char *q = p;

	if (p < end && *p == '[') {
		const char *rb = memchr(p, ']', end - p);

		return rb && rb > p + 1 ? (size_t)(rb + 1 - p) : 0;
	}
	while (q < end && is_host_char(*q))
		q++;
	return q - p;
}

/*
 * Does host (len bytes) look like a host on a network rather than a word
 * or a directory name such as "linux-2.6" or "iproute2.git"?  An IPv6
 * literal, a dotted quad, or dotted labels ending in a top-level domain:
 * two letters or more, and not "git".
 */
static int
host_is_dotted(const char *host, size_t len)
{
	const char *end = host + len, *tld;
	int digits_only = 1;

	if (len && host[0] == '[')
		return 1;
	if (!len || host[0] == '.' || end[-1] == '.' ||
	    !memchr(host, '.', len))
		return 0;
	for (const char *p = host; p < end; p++)
		if (!is_digit(*p) && *p != '.')
			digits_only = 0;
	if (digits_only)
		return 1;
	tld = end;
	while (tld > host && tld[-1] != '.')
		tld--;
	if (end - tld < 2 || (end - tld == 3 && !memcmp(tld, "git", 3)))
		return 0;
	for (const char *p = tld; p < end; p++)
		if (!is_alpha(*p))
			return 0;
	return 1;
}

/* "scheme://[user@]host[:port][/path]" with a non-empty host.  file:// is
 * a local path, not a repository elsewhere. */
static int
is_scheme_url(const char *p, const char *end)
{
	const char *s = p, *auth, *aend, *at = NULL;
	size_t hl;

	if (s == end || !is_alpha(*s))
		return 0;
	while (s < end && (is_alpha(*s) || is_digit(*s) || *s == '+' ||
			   *s == '-' || *s == '.'))
		s++;
	if (!has_prefix(s, end, "://"))
		return 0;
	if (s - p == 4 && !strncasecmp(p, "file", 4))
		return 0;
	auth = s + 3;
	for (aend = auth; aend < end && *aend != '/'; aend++)
		if (*aend == '@')
			at = aend;
	if (at)
		auth = at + 1;
	hl = host_len(auth, aend);
	if (!hl)
		return 0;
	/* After the host only a port may come before the path. */
	return auth + hl == aend || auth[hl] == ':';
}

/*
 * scp-like "[user@]host:path", as git reads it: no '/' before the ':', a
 * non-empty path, and not a one-letter "host" (a DOS drive, "C:/x").  After
 * "Merge " (strict), where free text starts too, a host that is a plain
 * word ("nehalam:src/iproute2") also needs a user or a path that looks like
 * one, so that "Merge fix:typo" is not taken for a repository.
 */
static int
is_scp_url(const char *p, const char *end, int strict)
{
	const char *h = p, *path;
	int user = 0;
	size_t hl;

	for (const char *q = p; q < end; q++) {
		if (*q == '@') {
			if (q == p)
				return 0;
			h = q + 1;
			user = 1;
			break;
		}
		if (*q == ':' || *q == '/' || *q == '[')
			break;
	}
	hl = host_len(h, end);
	if (!hl || h + hl == end || h[hl] != ':')
		return 0;
	if (hl == 1 && !user)
		return 0;
	path = h + hl + 1;
	if (path == end || has_prefix(path, end, "//"))
		return 0;
	if (!strict || user || host_is_dotted(h, hl))
		return 1;
	return *path == '/' || *path == '~' || memchr(path, '/', end - path);
}

/* A bare "host.domain/path", no scheme. */
static int
is_bare_url(const char *p, const char *end)
{
	size_t hl = host_len(p, end);
	const char *path;

	if (!hl || *p == '[' || p + hl == end || p[hl] != '/' ||
	    !host_is_dotted(p, hl))
		return 0;
	for (path = p + hl; path < end; path++)
		if (*path != '/')
			return 1;
	return 0;
}

static int
is_url(const char *p, const char *end, int strict)
{
	if (p == end || has_control(p, end))
		return 0;
	return is_scheme_url(p, end) || is_scp_url(p, end, strict) ||
	       is_bare_url(p, end);
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

	if (is_url(p, uend, strict)) {
		out->url = p;
		out->url_len = uend - p;
		return SRC_EXTERNAL;
	}
	if (p == tend || has_control(p, tend))
		return SRC_FAIL;
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
		if (has_prefix(p, end, what_words[i]))
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
	if (has_prefix(p, end, "HEAD, "))
		p += 6;
	return is_quote(skip_what(p, end), end);
}

enum delim { D_NONE, D_END, D_OF, D_INTO, D_AND, D_NEXT };

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
	};

	if (p == end)
		return D_END;
	for (size_t i = 0; i < ARRAY_SIZE(ds); i++) {
		if (has_prefix(p, end, ds[i].s)) {
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

	if (has_prefix(p, end, "HEAD, "))
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
			if (has_prefix(p, end, "and "))	/* "'a', 'b', and 'c'" */
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

	while (end > p && is_space(end[-1]))
		end--;
	if (!has_prefix(p, end, "Merge "))
		return;
	p += 6;
	for (;;) {
		const char *next = end;
		enum source_end r;

		if (p == end || is_space(*p))
			return;
		if (is_list(p, end))
			r = source_list(p, end, out, &next);
		else
			r = source_token(p, end, 1, out, &next);
		switch (r) {
		case SRC_FAIL:
			return;
		case SRC_EXTERNAL:
			out->kind = MERGE_EXTERNAL;
			return;
		case SRC_INTERNAL:
			out->kind = MERGE_INTERNAL;
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

	if (!has_prefix(p, end, "Merge pull request #"))
		return 0;
	p += 20;
	for (q = p; q < end && is_digit(*q); q++)
		;
	if (q == p || !has_prefix(q, end, " from "))
		return 0;
	owner = q + 6;
	for (q = owner; q < end && (is_alpha(*q) || is_digit(*q) || *q == '-');
	     q++)
		;
	if (q == owner || q == end || *q != '/' || q + 1 == end ||
	    token_end(q + 1, end) != end || has_control(q + 1, end))
		return 0;
	set_source(out, SOURCE_GITHUB, owner, q);
	return 1;
}

/* b4's "Merge patch series "TITLE"", and the older "Merge series "TITLE"
 * from NAME <MAIL>:" of the same tooling. */
static int
patch_series(const char *p, const char *end, struct merge_class *out)
{
	if (!has_prefix(p, end, "Merge patch series \"") &&
	    !has_prefix(p, end, "Merge series \""))
		return 0;
	set_source(out, SOURCE_MAIL, p, p);
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
		while (p < end && (is_alpha(*p) || *p == '.' || *p == '\'' ||
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
		if (has_prefix(q, end, " from ")) {
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

	if (!has_prefix(p, end, "Merge "))
		return 0;
	p += 6;
	if (end > p && end[-1] == ')') {
		for (open = end - 1; open > p && *open != '('; open--)
			;
		if (open == p || open[-1] != ' ' ||
		    !words_from(open + 1, end - 1, NULL, &name, &name_end))
			return 0;
		set_source(out, SOURCE_MAIL, name, name_end);
		return 1;
	}
	if (!words_from(p, end, last_words, &name, &name_end))
		return 0;
	set_source(out, SOURCE_MAIL, name, name_end);
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

		if (!has_prefix(line, eol, "See merge request "))
			continue;
		line += 18;
		bang = memchr(line, '!', eol - line);
		if (!bang || bang == line || bang + 1 == eol ||
		    token_end(line, eol) != eol || has_control(line, eol))
			continue;
		for (q = bang + 1; q < eol && is_digit(*q); q++)
			;
		if (q != eol || !memchr(line, '/', bang - line))
			continue;
		set_source(out, SOURCE_GITLAB, line, bang);
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

	if (!has_prefix(p, end, "Subtree merge "))
		return 0;
	for (q = p + 14; q < end && !has_prefix(q, end, " repo ["); q++)
		;
	if (q == end)
		return 0;
	num = q + 7;
	for (q = num; q < end && is_digit(*q); q++)
		;
	num_len = q - num;
	if (!num_len || !has_prefix(q, end, "] into ") || q + 7 == end)
		return 0;
	while (next_line(&body, body_end, &line, &eol)) {
		const char *url, *uend;

		if (eol - line < (ptrdiff_t)num_len + 3 || *line != '[' ||
		    memcmp(line + 1, num, num_len) ||
		    !has_prefix(line + 1 + num_len, eol, "] "))
			continue;
		url = line + num_len + 3;
		uend = trim_punct(url, token_end(url, eol));
		if (!is_url(url, uend, 0))
			continue;
		out->kind = MERGE_EXTERNAL;
		out->source = SOURCE_URL;
		out->url = url;
		out->url_len = uend - url;
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

/* The tree of a source that is not a URL: "github:OWNER", "merge
 * requests to GROUP/PROJECT", "patches from NAME", "mailed patch series". */
static uint32_t
add_source(struct tree_table *trees, const struct merge_class *mc)
{
	struct buf name = BUF_INIT;
	enum tree_kind kind = TREE_KIND_MAIL;
	uint32_t id;

	switch (mc->source) {
	case SOURCE_GITHUB:
		buf_puts(&name, "github:");
		kind = TREE_KIND_GITHUB;
		break;
	case SOURCE_GITLAB:
		buf_puts(&name, "merge requests to ");
		kind = TREE_KIND_GITLAB;
		break;
	case SOURCE_MAIL:
	case SOURCE_URL:
		buf_puts(&name, mc->name_len ? "patches from " :
			 "mailed patch series");
		break;
	}
	buf_add(&name, mc->name, mc->name_len);
	id = trees_add_name(trees, name.data, kind);
	buf_release(&name);
	return id;
}

void
classify_merges(const struct history *h, struct tree_table *trees,
		struct merge_table *out)
{
	classify_merges_with(h, trees, NULL, NULL, out);
}

void
classify_merges_with(const struct history *h, struct tree_table *trees,
		     classify_rules rules, void *data, struct merge_table *out)
{
	size_t unrec_alloc = 0;

	memset(out, 0, sizeof(*out));
	out->tree = xcalloc(h->nr, sizeof(*out->tree));
	out->merges = 0;
	out->unrecognised = NULL;
	out->unrecognised_nr = 0;
	for (uint32_t i = 0; i < h->nr; i++) {
		struct merge_class mc;
		const char *s, *body;

		out->tree[i] = TREE_NONE;
		if (!(h->flags[i] & HIST_IN_RANGE) ||
		    !history_is_merge(h, i))
			continue;
		out->merges++;
		s = history_subject(h, i);
		if (!s)
			s = "";
		body = history_body(h, i);
		/* A caller's rule knows only the URL form. */
		mc.source = SOURCE_URL;
		mc.name = NULL;
		mc.name_len = 0;
		if (!rules || !rules(data, s, strlen(s), &mc))
			classify_message(s, strlen(s), body,
					 body ? strlen(body) : 0, &mc);
		if (mc.kind == MERGE_EXTERNAL) {
			out->tree[i] = mc.source == SOURCE_URL ?
				       trees_add_url(trees, mc.url, mc.url_len) :
				       add_source(trees, &mc);
		} else if (mc.kind == MERGE_UNRECOGNISED) {
			ALLOC_GROW(out->unrecognised, out->unrecognised_nr + 1,
				   unrec_alloc);
			out->unrecognised[out->unrecognised_nr++] = i;
		}
	}
}

/* --- branches --------------------------------------------------------- */

struct merge_name {
	const char *p;
	size_t len;
	int tag;
};

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

	if (!has_prefix(p, end, "Merge "))
		return 0;
	p += 6;
	if (has_prefix(p, end, "HEAD, "))
		p += 6;
	for (;;) {
		const char *w = skip_what(p, end), *q, *after = NULL;
		enum delim d = D_NONE;

		if (w != p)
			tag = has_prefix(p, end, "tag");
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
		if (has_prefix(p, end, "and "))
			p += 4;
	}
}

static uint32_t
name_node(struct tree_table *trees, uint32_t repo, const struct merge_name *n)
{
	char *stem;
	uint32_t id;

	if (!n->len || has_control(n->p, n->p + n->len))
		return repo;
	if (!n->tag)
		return trees_add_branch(trees, repo, n->p, n->len);
	stem = tag_stem(n->p, n->len);
	id = trees_add_branch(trees, repo, stem, strlen(stem));
	free(stem);
	return id;
}

void
classify_branches(const struct history *h, struct tree_table *trees,
		  struct merge_table *m)
{
	struct merge_name *names = NULL;
	size_t alloc = 0;

	m->ptree_start = xcalloc(h->nr ? h->nr : 1, sizeof(*m->ptree_start));
	for (uint32_t i = 0; i < h->nr; i++) {
		const char *s = history_subject(h, i), *body, *end;
		struct merge_class mc;
		uint32_t np = h->npar[i], repo = m->tree[i];
		size_t n = 0;

		if (repo == TREE_NONE || !s || np < 2)
			continue;
		end = s + strlen(s);
		body = history_body(h, i);
		classify_message(s, end - s, body, body ? strlen(body) : 0, &mc);
		if (mc.kind == MERGE_EXTERNAL && mc.source == SOURCE_GITHUB) {
			ALLOC_GROW(names, 1, alloc);
			names[0].p = mc.name + mc.name_len + 1;
			names[0].len = token_end(names[0].p, end) - names[0].p;
			names[0].tag = 0;
			n = 1;
		} else if (mc.kind == MERGE_EXTERNAL &&
			   mc.source != SOURCE_MAIL) {
			n = subject_names(s, end, &names, &alloc);
		}
		ALLOC_GROW(m->ptree, m->ptree_nr + np - 1, m->ptree_alloc);
		m->ptree_start[i] = (uint32_t)m->ptree_nr + 1;
		for (uint32_t k = 1; k < np; k++) {
			uint32_t node = repo;

			if (n == np - 1)
				node = name_node(trees, repo, &names[k - 1]);
			else if (n == 1)
				node = name_node(trees, repo, &names[0]);
			m->ptree[m->ptree_nr++] = node;
		}
	}
	free(names);
	m->repo_of_nr = trees->nr;
	m->repo_of = xmalloc((trees->nr ? trees->nr : 1) * sizeof(*m->repo_of));
	for (uint32_t t = 0; t < trees->nr; t++)
		m->repo_of[t] = trees->t[t].repo;
}

void
merge_table_release(struct merge_table *m)
{
	free(m->tree);
	free(m->unrecognised);
	free(m->ptree_start);
	free(m->ptree);
	free(m->repo_of);
	m->ptree_start = m->ptree = m->repo_of = NULL;
	m->ptree_nr = m->ptree_alloc = 0;
	m->repo_of_nr = 0;
	m->tree = NULL;
	m->unrecognised = NULL;
	m->merges = 0;
	m->unrecognised_nr = 0;
}
