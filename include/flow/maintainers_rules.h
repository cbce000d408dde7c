/*
 * maintainers_rules.h - which MAINTAINERS entries cover a path, by
 * get_maintainer.pl's rules (--routing).
 *
 * An entry is a run of field lines ("X:" at the start of a line, then
 * blanks and the value); a line that is no field ends it, and is the
 * next entry's title unless it is blank (an entry may have no title).
 * Read: M: and R: (people), F: and X: (file patterns), N: (a regular
 * expression on paths), T: "git URL [BRANCH]" (the entry's trees).
 *
 * A pattern of F: or X: is a prefix: '*' any characters, '/' included,
 * '?' one character, everything else itself.  One ending in '/' matches
 * every path it prefixes; any other a path it prefixes that holds as
 * many '/' as the pattern (so "drivers/foo.c" also matches
 * "drivers/foo.cpp", as in get_maintainer.pl).  A pattern without
 * wildcards naming a directory gains a trailing '/' (mt_rules_settle).
 * N: is a Perl extended (/x) regular expression searched in the path,
 * within PCRE2's bounds (util/pattern.h).  X: wins over F: and N:.  An
 * entry whose only patterns are catch-alls (a star alone, or a star and
 * a slash: THE REST) covers a path only where no other entry does.
 *
 * The text is untrusted: any bytes, any size; time linear in the file
 * and, for a match, in the pattern and the path.
 */
#ifndef TREEPLOT_MAINTAINERS_RULES_H
#define TREEPLOT_MAINTAINERS_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "util/pattern.h"

struct mt_index;

/* The N: patterns kept, at most: a kernel file has a hundred and fifty. */
#define MT_REGEX_MAX 10000

struct mt_glob {
	char *s;		/* the pattern as written (NUL-free) */
	uint32_t len;
	uint32_t slashes;	/* its '/' */
	uint8_t dir;		/* ends in '/' */
	uint8_t literal;	/* no '*' or '?' */
};

struct mt_entry {
	char *title;		/* NULL: none */
	uint32_t line;		/* of its first field, from 1 */
	char **people;		/* M: and R:, in file order */
	uint32_t people_nr;
	struct mt_glob *f, *x;
	uint32_t f_nr, x_nr;
	struct pattern **n;
	uint32_t n_nr;
	char **urls;		/* T: git URLs, in file order */
	uint32_t urls_nr;
	uint8_t catch_all;
};

struct mt_rules {
	struct mt_entry *e;
	uint32_t nr;
	size_t alloc;
	uint32_t bad_regex;	/* N: lines that did not compile */
	uint32_t regex_nr;	/* N: patterns kept */
	uint32_t regex_dropped;	/* N: lines past MT_REGEX_MAX: left out */
	char *first_bad;	/* the first one's reason, for the warning */
	struct mt_index *index;	/* the patterns by their literal part */
};

/* Parse text (len bytes, any bytes) into out. */
/* A MAINTAINERS line from p to eol: whether it is a field ("X:" then
 * blanks, X an upper-case letter), with its key and where its value
 * starts; and end moved back over trailing blanks and a CR. */
int mt_field(const char *p, const char *eol, char *key, const char **value);
const char *mt_trim_end(const char *p, const char *end);

void mt_rules_parse(const char *text, size_t len, struct mt_rules *out);
void mt_rules_release(struct mt_rules *r);

/* Give each literal pattern that is_dir(ctx, pattern) says names a
 * directory its trailing '/'. */
void mt_rules_settle(struct mt_rules *r,
		     int (*is_dir)(void *ctx, const char *path), void *ctx);

/* Whether glob g matches path (len bytes), by the rules above. */
int mt_glob_match(const struct mt_glob *g, const char *path, size_t len);

/* Whether entry e covers path (NUL-terminated): 1 or 0; -1 when an N:
 * match gave up (reported once by util/pattern). */
int mt_entry_covers(const struct mt_entry *e, const char *path);

/*
 * The entries that cover path into out (their numbers, ascending,
 * replacing out's contents): every entry but the catch-alls, or the
 * catch-alls when none other does.  Returns the count, or -1 when an N:
 * match gave up.
 */
int mt_rules_cover(const struct mt_rules *r, const char *path,
		   uint32_t **out, uint32_t *out_alloc);

#endif
