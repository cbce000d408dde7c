/*
 * config.c - treeplot.* keys from git's configuration files.
 *
 * Every file is parsed by libgit2, through the repository module
 * (repo.h); what is ours is the order of the
 * sources (config.h), the checking of each value, and errors that name
 * the file, the key and the value.  The entries of all sources are
 * gathered first, lowest priority first, then taken in that order: the
 * last value of a single-valued key wins (and only it is checked, as git
 * does: an overridden value does not matter), every value of a
 * multi-valued key counts.
 */
#include "cli/config.h"

#include <errno.h>
#include <fcntl.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "git/repo.h"
#include "render/graph.h"
#include "util/escape.h"
#include "util/util.h"

/* The entries read: ours, and git's own syntax for "section treeplot". */
#define KEYS_GLOB "^treeplot\\."

enum key {
	KEY_MAINLINE,
	KEY_MAINLINE_URL,
	KEY_TOP,
	KEY_LAYOUT,
	KEY_MAJOR,
	KEY_MINOR,
	KEY_ALIAS,
	KEY_EXTERNAL,
	KEY_INTERNAL,
	KEY_COMMIT_URL,
	KEY_RELEASE,
	KEY_JOBS,
	KEY_UNSIGNED_OK,
	KEY_NR,
};

/* The keys as documented (git compares them case-insensitively). */
static const struct {
	const char *name;
	int multi;
} keys[KEY_NR] = {
	[KEY_MAINLINE] = { "treeplot.mainline", 0 },
	[KEY_MAINLINE_URL] = { "treeplot.mainlineUrl", 1 },
	[KEY_TOP] = { "treeplot.top", 0 },
	[KEY_LAYOUT] = { "treeplot.layout", 0 },
	[KEY_MAJOR] = { "treeplot.major", 0 },
	[KEY_MINOR] = { "treeplot.minor", 0 },
	[KEY_ALIAS] = { "treeplot.alias", 1 },
	[KEY_EXTERNAL] = { "treeplot.externalPattern", 1 },
	[KEY_INTERNAL] = { "treeplot.internalPattern", 1 },
	[KEY_COMMIT_URL] = { "treeplot.commitUrl", 0 },
	[KEY_RELEASE] = { "treeplot.releasePattern", 0 },
	[KEY_JOBS] = { "treeplot.jobs", 0 },
	[KEY_UNSIGNED_OK] = { "treeplot.unsignedOk", 1 },
};

/* One value found, and the file it came from. */
struct entry {
	enum key key;
	char *value;		/* NULL: the key is there without "= value" */
	const char *file;	/* into the gathering's file names */
};

struct gathering {
	struct entry *e;
	size_t nr, alloc;
	char **files;		/* owned names of the files read */
	size_t files_nr, files_alloc;
};

static const char *
keep_file(struct gathering *g, const char *name)
{
	for (size_t i = 0; i < g->files_nr; i++)
		if (!strcmp(g->files[i], name))
			return g->files[i];
	ALLOC_GROW(g->files, g->files_nr + 1, g->files_alloc);
	g->files[g->files_nr] = xstrdup(name);
	return g->files[g->files_nr++];
}

static int
key_of(const char *name)
{
	for (int k = 0; k < KEY_NR; k++)
		if (!strcasecmp(name, keys[k].name))
			return k;
	return -1;	/* not ours, or a later version's: ignored, as git does */
}

static void
gather(struct gathering *g, enum key key, const char *value, const char *file)
{
	ALLOC_GROW(g->e, g->nr + 1, g->alloc);
	g->e[g->nr].key = key;
	g->e[g->nr].value = value ? xstrdup(value) : NULL;
	g->e[g->nr].file = keep_file(g, file);
	g->nr++;
}

/* repo_config_fn: the treeplot.* entries, the others skipped. */
static int
gather_entry(const char *name, const char *value, const char *file,
	     void *data)
{
	int k = key_of(name);

	if (k >= 0)
		gather(data, (enum key)k, value, file);
	return 0;
}

/*
 * Whether path is a file libgit2 may read: 1 when it is; 0 when it is
 * missing and not required; ST_USAGE, reported, otherwise.  libgit2
 * takes a missing file for an empty one to be written, and would block
 * for ever on a FIFO or read a device without end: only a regular file
 * is read.  O_NONBLOCK, so that opening a FIFO does not wait for a
 * writer.
 */
static int
check_file(const char *path, int required)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0) {
		if (errno == ENOENT && !required)
			return 0;
		error("cannot read '%s': %s", path, strerror(errno));
		return ST_USAGE;
	}
	if (fstat(fd, &st) < 0) {
		error("cannot read '%s': %s", path, strerror(errno));
		close(fd);
		return ST_USAGE;
	}
	close(fd);
	if (S_ISDIR(st.st_mode)) {
		error("cannot read '%s': it is a directory", path);
		return ST_USAGE;
	}
	if (!S_ISREG(st.st_mode)) {
		error("cannot read '%s': not a regular file", path);
		return ST_USAGE;
	}
	return 1;
}

/* A file of our own (the user's, --config's).  Missing is fine unless
 * required. */
static int
gather_file(struct gathering *g, struct repo *r, const char *path,
	    int required)
{
	int ret;

	if ((ret = check_file(path, required)) <= 0)
		return ret;
	return repo_config_file_each(r, path, KEYS_GLOB, gather_entry, g);
}

/* $XDG_CONFIG_HOME/treeplot/config, or ~/.config/treeplot/config. */
static char *
user_file(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	struct buf b = BUF_INIT;

	if (xdg && *xdg)
		buf_printf(&b, "%s/treeplot/config", xdg);
	else if (home && *home)
		buf_printf(&b, "%s/.config/treeplot/config", home);
	return b.data;
}

int
config_parse_jobs(const char *s, unsigned *out)
{
	unsigned v = 0;

	if (!*s)
		return -1;
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9' || v > JOBS_MAX)
			return -1;
		v = v * 10 + (unsigned)(*p - '0');
	}
	if (!v || v > JOBS_MAX)
		return -1;
	*out = v;
	return 0;
}

int
config_parse_top(const char *s, uint32_t *out)
{
	uint64_t v = 0;

	if (!strcmp(s, "all")) {
		*out = TOP_ALL;
		return 0;
	}
	if (!*s)
		return -1;
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		/* More than any history holds means "every tree". */
		if (v < UINT32_MAX)
			v = v * 10 + (uint64_t)(*p - '0');
	}
	if (!v)
		return -1;
	*out = v >= UINT32_MAX ? UINT32_MAX - 1 : (uint32_t)v;
	return 0;
}

int
config_parse_percent(const char *s, uint32_t *out)
{
	uint32_t whole = 0, frac = 0;
	int digits = 0, decimals = 0;
	const char *p = s;

	for (; *p >= '0' && *p <= '9'; p++, digits++)
		if ((whole = whole * 10 + (uint32_t)(*p - '0')) > 100)
			return -1;
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++, decimals++) {
			if (decimals == 2)
				return -1;
			frac = frac * 10 + (uint32_t)(*p - '0');
		}
		if (!decimals)
			return -1;
	}
	if (*p == '%')
		p++;
	if (!digits || *p)
		return -1;
	while (decimals++ < 2)
		frac *= 10;
	if (whole * 100 + frac > 10000)
		return -1;
	*out = whole * 100 + frac;
	return 0;
}

/* The bytes of a bad value that an error shows. */
#define VALUE_SHOWN 200

static int
bad_value(const struct entry *e, const char *reason)
{
	struct buf v = BUF_INIT;
	size_t len = e->value ? strlen(e->value) : 0;

	/* One readable line, even for a pattern of a megabyte. */
	escape_text(&v, e->value ? e->value : "",
		    len > VALUE_SHOWN ? VALUE_SHOWN : len);
	if (len > VALUE_SHOWN)
		buf_puts(&v, "...");
	error("%s: %s: bad value '%s' (%s)", e->file, keys[e->key].name,
	      v.data ? v.data : "", reason);
	buf_release(&v);
	return ST_USAGE;
}

/*
 * The bounds on one pattern's match against one subject.  Subjects come
 * from anyone, and a backtracking match can take exponential time
 * ("(a*)*\\1b" on 2,000 bytes) or memory: past PATTERN_MATCH_LIMIT steps
 * or PATTERN_HEAP_KB of backtracking memory the match stops and the run
 * fails, naming the pattern.  A pattern whose compiled form is over
 * PCRE2's 64 KB (200,000 alternatives) is refused when read.  Everyday
 * patterns take a few hundred steps per subject, and a hundred thousand
 * on a 1 MB subject.
 */
#define PATTERN_MATCH_LIMIT 10000000u
#define PATTERN_HEAP_KB (64u * 1024)

struct pattern {
	pcre2_code *code;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	char *where;		/* "FILE: treeplot.KEY", for the error */
	char *source;		/* the pattern, escaped */
	int failed;		/* hit a limit (reported) */
};

static void
pattern_release(struct pattern *p)
{
	pcre2_match_context_free(p->mc);
	pcre2_match_data_free(p->md);
	pcre2_code_free(p->code);
	free(p->where);
	free(p->source);
	memset(p, 0, sizeof(*p));
}

static int
compile(const struct entry *e, struct pattern *p)
{
	PCRE2_UCHAR msg[256];
	PCRE2_SIZE at;
	struct buf b = BUF_INIT;
	int err;

	memset(p, 0, sizeof(*p));
	p->code = pcre2_compile((PCRE2_SPTR)e->value, PCRE2_ZERO_TERMINATED,
				0, &err, &at, NULL);
	if (!p->code) {
		pcre2_get_error_message(err, msg, sizeof(msg));
		buf_printf(&b, "%s at offset %zu", (const char *)msg,
			   (size_t)at);
		err = bad_value(e, b.data);
		buf_release(&b);
		return err;
	}
	p->md = pcre2_match_data_create_from_pattern(p->code, NULL);
	p->mc = pcre2_match_context_create(NULL);
	if (!p->md || !p->mc) {
		pattern_release(p);
		return error("out of memory");
	}
	pcre2_set_match_limit(p->mc, PATTERN_MATCH_LIMIT);
	pcre2_set_heap_limit(p->mc, PATTERN_HEAP_KB);
	buf_printf(&b, "%s: %s", e->file, keys[e->key].name);
	p->where = b.data;
	b = (struct buf)BUF_INIT;
	escape_text(&b, e->value, strlen(e->value) > VALUE_SHOWN ?
		    VALUE_SHOWN : strlen(e->value));
	if (strlen(e->value) > VALUE_SHOWN)
		buf_puts(&b, "...");
	p->source = b.data;
	return 0;
}

/*
 * Match p against subject: 1 with the first group's bounds in *so, *eo
 * (both PCRE2_UNSET if it has none or it matched nothing), 0 for no
 * match, -1 when it hit a limit (reported, once; the pattern is then
 * skipped).
 */
static int
pattern_match(struct pattern *p, const char *subject, size_t len,
	      size_t *so, size_t *eo)
{
	PCRE2_SIZE *ov;
	int rc;

	if (p->failed)
		return -1;
	rc = pcre2_match(p->code, (PCRE2_SPTR)subject, len, 0, 0, p->md,
			 p->mc);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0) {
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(rc, msg, sizeof(msg));
		error("%s: pattern '%s' gave up on a merge subject of %zu "
		      "bytes: %s", p->where, p->source, len,
		      (const char *)msg);
		p->failed = 1;
		return -1;
	}
	ov = pcre2_get_ovector_pointer(p->md);
	*so = *eo = PCRE2_UNSET;
	if (pcre2_get_ovector_count(p->md) >= 2) {
		*so = ov[2];
		*eo = ov[3];
	}
	return 1;
}

/*
 * treeplot.releasePattern, a POSIX ERE: it runs on tag names, not on
 * subjects, and release.c's rule (tag_is_release) takes a regex_t.
 */
static int
compile_ere(const struct entry *e, regex_t *re)
{
	int err = regcomp(re, e->value, REG_EXTENDED | REG_NOSUB);

	if (err) {
		char msg[256];

		regerror(err, re, msg, sizeof(msg));
		regfree(re);
		return bad_value(e, msg);
	}
	return 0;
}

/* "NAME URL-PREFIX": the name is the first word, the prefix the rest. */
static int
add_alias(struct config *cfg, const struct entry *e, size_t *alloc)
{
	const char *v = e->value, *name_end, *prefix;
	const char *end = v + strlen(v);

	while (*v == ' ' || *v == '\t')
		v++;
	name_end = v + strcspn(v, " \t");
	prefix = name_end + strspn(name_end, " \t");
	while (end > prefix && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (name_end == v || prefix == end)
		return bad_value(e, "not 'NAME URL-PREFIX'");
	ALLOC_GROW(cfg->aliases, cfg->aliases_nr + 1, *alloc);
	cfg->aliases[cfg->aliases_nr].name = xstrndup(v, name_end - v);
	cfg->aliases[cfg->aliases_nr].prefix = xstrndup(prefix, end - prefix);
	cfg->aliases_nr++;
	return 0;
}

/* Check and store one multi-valued entry. */
static int
take_multi(struct config *cfg, const struct entry *e, size_t *alloc)
{
	struct pattern re;
	uint32_t groups = 0;
	int ret;

	if (!e->value || !*e->value)
		return bad_value(e, "empty");
	switch (e->key) {
	case KEY_MAINLINE_URL:
		ALLOC_GROW(cfg->mainline_urls, cfg->mainline_urls_nr + 1,
			   alloc[0]);
		cfg->mainline_urls[cfg->mainline_urls_nr++] = xstrdup(e->value);
		return 0;
	case KEY_ALIAS:
		return add_alias(cfg, e, &alloc[1]);
	case KEY_INTERNAL:
		if ((ret = compile(e, &re)) < 0)
			return ret;
		ALLOC_GROW(cfg->internal, cfg->internal_nr + 1, alloc[2]);
		cfg->internal[cfg->internal_nr++] = re;
		return 0;
	case KEY_EXTERNAL:
		if ((ret = compile(e, &re)) < 0)
			return ret;
		pcre2_pattern_info(re.code, PCRE2_INFO_CAPTURECOUNT, &groups);
		if (!groups) {
			pattern_release(&re);
			return bad_value(e, "no parenthesised group for the "
					 "URL");
		}
		ALLOC_GROW(cfg->external, cfg->external_nr + 1, alloc[3]);
		cfg->external[cfg->external_nr++] = re;
		return 0;
	case KEY_UNSIGNED_OK:
		ALLOC_GROW(cfg->unsigned_ok, cfg->unsigned_ok_nr + 1, alloc[4]);
		cfg->unsigned_ok[cfg->unsigned_ok_nr++] = xstrdup(e->value);
		return 0;
	default:
		return 0;
	}
}

/* Check and store the winning value of a single-valued key. */
static int
take_single(struct config *cfg, const struct entry *e)
{
	const char *v = e->value ? e->value : "";

	switch (e->key) {
	case KEY_MAINLINE:
		if (!*v)
			return bad_value(e, "empty");
		cfg->mainline = xstrdup(v);
		return 0;
	case KEY_RELEASE:
		if (!*v)
			return bad_value(e, "empty");
		if (compile_ere(e, &cfg->release) < 0)
			return ST_USAGE;
		cfg->has_release = 1;
		return 0;
	case KEY_LAYOUT:
		if (!graph_layout_known(v))
			return bad_value(e, "not dot, twopi, circo, neato, "
					 "fdp or sfdp");
		cfg->layout = xstrdup(v);
		return 0;
	case KEY_COMMIT_URL:
		/* The HTML report links ids through it: a web address, never
		 * a javascript: or data: one. */
		if (strncasecmp(v, "https://", 8) && strncasecmp(v, "http://", 7))
			return bad_value(e, "not an http:// or https:// URL");
		if (!strstr(v, "%H"))
			return bad_value(e, "no %H for the commit id");
		cfg->commit_url = xstrdup(v);
		return 0;
	case KEY_TOP:
		if (config_parse_top(v, &cfg->top) < 0)
			return bad_value(e, "not a positive number or 'all'");
		cfg->has_top = 1;
		return 0;
	case KEY_JOBS:
		if (config_parse_jobs(v, &cfg->jobs) < 0)
			return bad_value(e, "not a number of threads from 1 "
					 "to " JOBS_MAX_STR);
		return 0;
	case KEY_MAJOR:
	case KEY_MINOR:
		if (config_parse_percent(v, e->key == KEY_MAJOR ? &cfg->major :
					 &cfg->minor) < 0)
			return bad_value(e, "not a percentage from 0 to 100");
		*(e->key == KEY_MAJOR ? &cfg->has_major : &cfg->has_minor) = 1;
		return 0;
	default:
		return 0;
	}
}

static int
take(struct config *cfg, const struct gathering *g)
{
	const struct entry *last[KEY_NR] = { NULL };
	size_t alloc[5] = { 0 };
	int ret;

	for (size_t i = 0; i < g->nr; i++) {
		const struct entry *e = &g->e[i];

		if (!keys[e->key].multi)
			last[e->key] = e;
		else if ((ret = take_multi(cfg, e, alloc)) < 0)
			return ret;
	}
	for (int k = 0; k < KEY_NR; k++)
		if (last[k] && (ret = take_single(cfg, last[k])) < 0)
			return ret;
	return 0;
}

int
config_read(struct config *cfg, struct repo *r, const char *path,
	    int no_config)
{
	struct gathering g = { 0 };
	struct repo_config *rc = NULL;
	char *user = NULL;
	int ret = 0;

	memset(cfg, 0, sizeof(*cfg));
	if (r && !no_config) {
		if ((ret = repo_config_open(&rc, r)) < 0)
			goto out;
		user = user_file();
		if ((ret = repo_config_each(rc, 1, KEYS_GLOB, gather_entry,
					    &g)) < 0 ||
		    (user && (ret = gather_file(&g, r, user, 0)) < 0) ||
		    (ret = repo_config_each(rc, 0, KEYS_GLOB, gather_entry,
					    &g)) < 0)
			goto out;
	}
	if (path && (ret = gather_file(&g, r, path, 1)) < 0)
		goto out;
	ret = take(cfg, &g);
out:
	for (size_t i = 0; i < g.nr; i++)
		free(g.e[i].value);
	free(g.e);
	for (size_t i = 0; i < g.files_nr; i++)
		free(g.files[i]);
	free(g.files);
	free(user);
	repo_config_free(rc);
	return ret;
}

void
config_release(struct config *cfg)
{
	free(cfg->mainline);
	free(cfg->layout);
	free(cfg->commit_url);
	for (size_t i = 0; i < cfg->mainline_urls_nr; i++)
		free(cfg->mainline_urls[i]);
	free(cfg->mainline_urls);
	for (size_t i = 0; i < cfg->aliases_nr; i++) {
		free((char *)(uintptr_t)cfg->aliases[i].name);
		free((char *)(uintptr_t)cfg->aliases[i].prefix);
	}
	free(cfg->aliases);
	for (size_t i = 0; i < cfg->internal_nr; i++)
		pattern_release(&cfg->internal[i]);
	free(cfg->internal);
	for (size_t i = 0; i < cfg->external_nr; i++)
		pattern_release(&cfg->external[i]);
	free(cfg->external);
	if (cfg->has_release)
		regfree(&cfg->release);
	for (size_t i = 0; i < cfg->unsigned_ok_nr; i++)
		free(cfg->unsigned_ok[i]);
	free(cfg->unsigned_ok);
	memset(cfg, 0, sizeof(*cfg));
}

int
config_classify(void *data, const char *subject, size_t len,
		struct merge_class *out)
{
	const struct config *cfg = data;
	size_t so, eo;

	for (size_t i = 0; i < cfg->internal_nr; i++) {
		if (pattern_match(&cfg->internal[i], subject, len, &so,
				  &eo) > 0) {
			out->kind = MERGE_INTERNAL;
			out->url = NULL;
			out->url_len = 0;
			return 1;
		}
	}
	for (size_t i = 0; i < cfg->external_nr; i++) {
		if (pattern_match(&cfg->external[i], subject, len, &so,
				  &eo) <= 0 ||
		    so == PCRE2_UNSET || eo <= so)
			continue;
		out->kind = MERGE_EXTERNAL;
		out->url = subject + so;
		out->url_len = eo - so;
		return 1;
	}
	return 0;
}

int
config_failed(const struct config *cfg)
{
	for (size_t i = 0; i < cfg->internal_nr; i++)
		if (cfg->internal[i].failed)
			return 1;
	for (size_t i = 0; i < cfg->external_nr; i++)
		if (cfg->external[i].failed)
			return 1;
	return 0;
}
