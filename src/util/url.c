/*
 * url.c - the one grammar of repository URLs.
 *
 * Every scan moves left to right over p..end and never reads past end:
 * the classification calls it on tokens of hostile subjects.
 */
#include "util/url.h"

#include <string.h>
#include <strings.h>

#include <libpsl.h>

int
url_has_prefix(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(end - p) >= n && !memcmp(p, s, n);
}

int
url_is_alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int
url_is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static int
is_scheme_char(unsigned char c)
{
	return url_is_alpha(c) || url_is_digit(c) || c == '+' || c == '-' || c == '.';
}

/* Letters, digits, '-', '.', '_', and any byte of an internationalised
 * name: what a host name may be spelled with. */
static int
is_host_char(unsigned char c)
{
	return url_is_alpha(c) || url_is_digit(c) || c == '-' || c == '.' ||
	       c == '_' || c >= 0x80;
}

int
url_has_control(const char *p, const char *end)
{
	for (; p < end; p++) {
		unsigned char c = *p;

		if (c < 0x20 || c == 0x7f)
			return 1;
	}
	return 0;
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

int
url_host_is_dotted(const char *host, size_t len)
{
	const char *end = host + len, *tld;
	int digits_only = 1;

	if (len && host[0] == '[')
		return 1;
	if (!len || host[0] == '.' || end[-1] == '.' ||
	    !memchr(host, '.', len))
		return 0;
	for (const char *p = host; p < end; p++)
		if (!url_is_digit(*p) && *p != '.')
			digits_only = 0;
	if (digits_only)
		return 1;
	tld = end;
	while (tld > host && tld[-1] != '.')
		tld--;
	if (end - tld < 2 || (end - tld == 3 && !memcmp(tld, "git", 3)))
		return 0;
	for (const char *p = tld; p < end; p++)
		if (!url_is_alpha(*p))
			return 0;
	return 1;
}

int
url_host_is_address(const char *host, size_t len)
{
	if (len && host[0] == '[')
		return 1;
	for (size_t i = 0; i < len; i++)
		if (!url_is_digit((unsigned char)host[i]) && host[i] != '.')
			return 0;
	return len > 0;
}

const char *
url_registrable_domain(const char *host)
{
	size_t len = strlen(host);
	int alpha = 0;

	if (!len || host[0] == '[' || host[0] == '.' || host[len - 1] == '.')
		return NULL;
	for (size_t i = 0; i < len; i++)
		if (url_is_alpha((unsigned char)host[i]))
			alpha = 1;
	if (!alpha || !memchr(host, '.', len) || !url_host_is_dotted(host, len))
		return NULL;
	/* The list compiled into libpsl, its private section included
	 * (github.io, gitlab.io: each tenant its own domain), so that the
	 * answer is the same on every machine of one libpsl. */
	return psl_registrable_domain(psl_builtin(), host);
}

/* "scheme://", its length, or 0. */
static size_t
scheme_len(const char *p, const char *end)
{
	const char *s = p;

	if (s == end || !url_is_alpha(*s))
		return 0;
	while (s < end && is_scheme_char(*s))
		s++;
	return url_has_prefix(s, end, "://") ? (size_t)(s + 3 - p) : 0;
}

/*
 * "scheme://[user@]host[:port][/path]".  The host follows the last '@' of
 * the authority (a password may hold one) and ends at its ':' or, for an
 * IPv6 literal, its ']'; it is a host name when only a port follows it.
 */
static void
parse_scheme(const char *p, const char *end, size_t slen,
	     struct url_parts *out)
{
	const char *auth = p + slen, *aend, *h, *e;
	size_t hl;

	aend = memchr(auth, '/', end - auth);
	if (!aend)
		aend = end;
	h = auth;
	for (const char *q = auth; q < aend; q++)
		if (*q == '@')
			h = q + 1;
	if (h < aend && *h == '[') {
		e = memchr(h, ']', aend - h);
		e = e ? e + 1 : aend;
	} else {
		e = memchr(h, ':', aend - h);
		if (!e)
			e = aend;
	}
	hl = host_len(h, aend);
	out->form = URL_SCHEME;
	out->host = h;
	out->host_len = e - h;
	out->path = aend;
	out->user = h != auth;
	out->host_ok = hl && (h + hl == aend || h[hl] == ':');
	out->is_file = slen == 7 && !strncasecmp(p, "file", 4);
}

/*
 * scp-like "[user@]host:path", as git reads it: no '/' before the ':', a
 * non-empty path that does not start "//" (a scheme URL's), and not a
 * one-letter "host" (a DOS drive, "C:/x").
 */
static int
parse_scp(const char *p, const char *end, struct url_parts *out)
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
	if (!hl || h + hl == end || h[hl] != ':' || (hl == 1 && !user))
		return 0;
	path = h + hl + 1;
	if (path == end || url_has_prefix(path, end, "//"))
		return 0;
	out->form = URL_SCP;
	out->host = h;
	out->host_len = hl;
	out->path = path;
	out->user = user;
	return 1;
}

/* A bare "host.domain/path": a dotted host, then something besides
 * slashes. */
static int
parse_bare(const char *p, const char *end, struct url_parts *out)
{
	size_t hl = host_len(p, end);
	const char *path;

	if (!hl || *p == '[' || p + hl == end || p[hl] != '/' ||
	    !url_host_is_dotted(p, hl))
		return 0;
	for (path = p + hl; path < end && *path == '/'; path++)
		;
	if (path == end)
		return 0;
	out->form = URL_BARE;
	out->host = p;
	out->host_len = hl;
	out->path = p + hl;
	return 1;
}

enum url_form
url_parse(const char *p, const char *end, struct url_parts *out)
{
	size_t slen = scheme_len(p, end);

	out->form = URL_NONE;
	out->host = NULL;
	out->host_len = 0;
	out->path = p;
	out->user = 0;
	out->host_ok = 1;
	out->is_file = 0;
	if (slen)
		parse_scheme(p, end, slen, out);
	else if (!parse_scp(p, end, out) && !parse_bare(p, end, out))
		out->host_ok = 0;
	/* "git.kernel.org." is the root's name for git.kernel.org: one
	 * host, one spelling (not "..", not an IPv6 literal). */
	if (out->host_len > 1 && out->host[0] != '[' &&
	    out->host[out->host_len - 1] == '.' &&
	    out->host[out->host_len - 2] != '.')
		out->host_len--;
	return out->form;
}

int
url_is_remote(const char *p, const char *end, int strict)
{
	struct url_parts u;
	const char *path;

	if (p == end || url_has_control(p, end))
		return 0;
	switch (url_parse(p, end, &u)) {
	case URL_SCHEME:
		return u.host_ok && !u.is_file;
	case URL_BARE:
		return 1;
	case URL_SCP:
		break;
	case URL_NONE:
		return 0;
	}
	if (!strict || u.user || url_host_is_dotted(u.host, u.host_len))
		return 1;
	path = u.path;
	return *path == '/' || *path == '~' || memchr(path, '/', end - path);
}

int
url_forge_host(const char *host)
{
	static const char *const forges[] = {
		"github.com", "gitlab.com", "bitbucket.org", "codeberg.org",
		"gitee.com", "salsa.debian.org", "gitlab.freedesktop.org",
		"gitlab.gnome.org",
	};

	for (size_t k = 0; k < sizeof(forges) / sizeof(*forges); k++)
		if (!strcmp(host, forges[k]))
			return 1;
	return !strncmp(host, "gitlab.", 7) || !strncmp(host, "gitea.", 6);
}
