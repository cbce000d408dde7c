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

	out->tree = xcalloc(h->nr, sizeof(*out->tree));
	out->merges = 0;
	out->unrecognised = NULL;
	out->unrecognised_nr = 0;
	for (uint32_t i = 0; i < h->nr; i++) {
		struct merge_class mc;
		const char *s;

		out->tree[i] = TREE_NONE;
		if (!(h->flags[i] & HIST_IN_RANGE) ||
		    (h->npar[i] < 2 && !(h->flags[i] & HIST_CUT_MERGE)))
			continue;
		out->merges++;
		s = history_subject(h, i);
		if (!s)
			s = "";
		if (!rules || !rules(data, s, strlen(s), &mc))
			classify_subject(s, strlen(s), &mc);
		if (mc.kind == MERGE_EXTERNAL) {
			out->tree[i] = trees_add_url(trees, mc.url, mc.url_len);
		} else if (mc.kind == MERGE_UNRECOGNISED) {
			ALLOC_GROW(out->unrecognised, out->unrecognised_nr + 1,
				   unrec_alloc);
			out->unrecognised[out->unrecognised_nr++] = i;
		}
	}
}

void
merge_table_release(struct merge_table *m)
{
	free(m->tree);
	free(m->unrecognised);
	m->tree = NULL;
	m->unrecognised = NULL;
	m->merges = 0;
	m->unrecognised_nr = 0;
}
