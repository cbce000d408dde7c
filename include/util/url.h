/*
 * url.h - the one grammar of repository URLs, shared by the classification
 * of subjects (is this token a repository?) and the naming of trees (which
 * host, which path?), so that the two can never disagree.
 *
 *   scheme://[user@]host[:port][/path]	(file:// is a local path)
 *   [user@]host:path			scp-like, as git reads it
 *   host.domain/path			bare, a dotted host first
 *
 * Everything else is a local path ("/abs", "../rel", "~user/dir") or text.
 */
#ifndef TREEPLOT_URL_H
#define TREEPLOT_URL_H

#include <stddef.h>

enum url_form {
	URL_NONE = 0,		/* no host: a local path, or a word */
	URL_SCHEME,
	URL_SCP,
	URL_BARE,
};

struct url_parts {
	enum url_form form;
	const char *host;	/* without "user@" and ":port"; may be empty */
	size_t host_len;	/* for a scheme URL ("file:///x") */
	const char *path;	/* from the first byte after the host (and
				 * port) or the scp ':' to end */
	int user;		/* a "user@" came before the host */
	int host_ok;		/* URL_SCHEME: a host name, then only a port
				 * before the path; the others: always */
	int is_file;		/* URL_SCHEME: "file://" */
};

/* Split p..end (no NUL needed) by the grammar above: the form found. */
enum url_form url_parse(const char *p, const char *end, struct url_parts *out);

/*
 * Does p..end name a repository on another machine?  No control bytes, a
 * scheme URL with a host (not file://), an scp-like or a bare one.  strict
 * is for a token right after "Merge ", where free text starts too: there
 * an scp-like "word:path" also needs a user, a dotted host or a path that
 * looks like one, so that "Merge fix:typo" is not taken for a repository.
 */
int url_is_remote(const char *p, const char *end, int strict);

/*
 * Does host (len bytes) look like a host on a network rather than a word
 * or a directory name such as "linux-2.6" or "iproute2.git"?  An IPv6
 * literal, a dotted quad, or dotted labels ending in a top-level domain:
 * two letters or more, and not "git".
 */
int url_host_is_dotted(const char *host, size_t len);

/* Is host (len bytes) an address literal: an IPv6 "[...]" or digits and
 * dots ("127.0.0.1"), no name? */
int url_host_is_address(const char *host, size_t len);

/*
 * The registrable domain of host (a NUL-terminated, lower-cased name):
 * where in host it starts, or NULL for an address, a single label or a
 * name that is itself a public suffix.  By the Public Suffix List
 * (libpsl's built-in copy, the private section included): "denx.de" of
 * "source.denx.de", "example.co.uk", but "alice.github.io" whole, as
 * each tenant of a multi-tenant host is its own domain.
 */
const char *url_registrable_domain(const char *host);

/* Whether host is a forge's, where a repository path's first component
 * is its owner's account (github.com, gitlab.com, bitbucket.org,
 * codeberg.org, gitee.com, salsa.debian.org, gitlab.freedesktop.org,
 * gitlab.gnome.org, and hosts named gitlab.* or gitea.*). */
int url_forge_host(const char *host);

/* The byte tests of the grammar, for the other scanners of subjects:
 * none reads at or past end. */
int url_has_prefix(const char *p, const char *end, const char *s);
int url_is_alpha(unsigned char c);	/* ASCII letters, whatever the locale */
int url_is_digit(unsigned char c);
int url_has_control(const char *p, const char *end);	/* < 0x20, 0x7f */

#endif
