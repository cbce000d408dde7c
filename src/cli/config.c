/*
 * config.c - treeplot.* keys from git's configuration files.
 *
 * Every file is parsed by libgit2, through the repository module
 * (gitconfig.h); what is ours is the order of the
 * sources (config.h), the checking of each value, and errors that name
 * the file, the key and the value.  The entries of all sources are
 * gathered first, lowest priority first, then taken in that order: the
 * last value of a single-valued key wins (and only it is checked, as git
 * does: an overridden value does not matter), every value of a
 * multi-valued key counts.  The classification patterns are compiled
 * into the flow's rules (flow/rules.h), which alone speaks PCRE2.
 */
#include "cli/config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "addons/registry.h"
#include "git/gitconfig.h"
#include "git/repofile.h"
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
	KEY_GRAPH_HINT,
	KEY_NR,
	/* then each add-on's setting: KEY_NR + its place in the registry */
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
	[KEY_GRAPH_HINT] = { "treeplot.graphHint", 0 },
};

/* One value found, and the file it came from. */
struct entry {
	int key;		/* enum key, or an add-on's */
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
	for (size_t k = 0; k < extras_count(); k++)
		if (extras_at(k)->config_key &&
		    !strcasecmp(name, extras_at(k)->config_key))
			return KEY_NR + (int)k;
	return -1;	/* not ours, or a later version's: ignored, as git does */
}

static const char *
key_name(int key)
{
	return key < KEY_NR ? keys[key].name :
	       extras_at((size_t)(key - KEY_NR))->config_key;
}

static void
gather(struct gathering *g, int key, const char *value, const char *file)
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
		gather(data, k, value, file);
	return 0;
}

/* A file of our own (the user's, --config's).  Missing is fine unless
 * required. */
static int
gather_file(struct gathering *g, struct repo *r, const char *path,
	    int required)
{
	int ret;

	/* Only regular files, includes too: libgit2 would wait on a FIFO
	 * for ever, or read a device without end. */
	if ((ret = repofile_check_config(path, required)) <= 0)
		return ret < 0 ? ST_USAGE : 0;
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

/* A boolean as git reads one: true, yes, on, 1 or no value at all;
 * false, no, off, 0 or empty.  Returns 1, 0, or -1 for anything else. */
static int
parse_bool(const char *v)
{
	static const char *const yes[] = { "true", "yes", "on", "1" };
	static const char *const no[] = { "false", "no", "off", "0", "" };

	if (!v)
		return 1;
	for (size_t k = 0; k < ARRAY_SIZE(yes); k++)
		if (!strcasecmp(v, yes[k]))
			return 1;
	for (size_t k = 0; k < ARRAY_SIZE(no); k++)
		if (!strcasecmp(v, no[k]))
			return 0;
	return -1;
}

/* The bytes of a bad value that an error shows. */
#define VALUE_SHOWN 200

/* A value as errors show it: one readable line, even for a pattern of
 * a megabyte. */
static void
show_value(struct buf *out, const char *value)
{
	size_t len = value ? strlen(value) : 0;

	escape_text(out, value ? value : "",
		    len > VALUE_SHOWN ? VALUE_SHOWN : len);
	if (len > VALUE_SHOWN)
		buf_puts(out, "...");
}

static int
bad_value(const struct entry *e, const char *reason)
{
	struct buf v = BUF_INIT;

	show_value(&v, e->value);
	error("%s: %s: bad value '%s' (%s)", e->file, key_name(e->key),
	      v.data ? v.data : "", reason);
	buf_release(&v);
	return ST_USAGE;
}

/* treeplot.internalPattern, externalPattern: a rule of classification,
 * compiled (flow/rules.h). */
static int
add_rule(struct config *cfg, const struct entry *e)
{
	struct buf where = BUF_INIT, shown = BUF_INIT, why = BUF_INIT;
	int ret;

	buf_printf(&where, "%s: %s", e->file, keys[e->key].name);
	show_value(&shown, e->value);
	ret = rules_compile(&cfg->rules, e->key == KEY_EXTERNAL ?
			    RULE_EXTERNAL : RULE_INTERNAL, e->value,
			    where.data, shown.data, &why);
	if (ret > 0)
		ret = bad_value(e, why.data);
	buf_release(&why);
	buf_release(&shown);
	buf_release(&where);
	return ret;
}

/*
 * treeplot.releasePattern: a regular expression on tag names, matched
 * within bounds (util/pattern.h: PCRE2, no back-references; glibc's
 * regex crashed or ran for minutes on a hostile one), named as
 * "FILE: treeplot.releasePattern" when a match gives up.
 */
static int
compile_release(const struct entry *e, struct pattern **out)
{
	struct buf where = BUF_INIT, why = BUF_INIT;
	int ret;

	buf_printf(&where, "%s: %s", e->file, keys[e->key].name);
	ret = pattern_compile(out, PATTERN_TAG, e->value, where.data, NULL,
			      &why);
	if (ret > 0)
		ret = bad_value(e, why.data);
	buf_release(&why);
	buf_release(&where);
	return ret;
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
	case KEY_EXTERNAL:
		return add_rule(cfg, e);
	default:
		if (e->key >= KEY_NR) {		/* an add-on's */
			struct extra_config *x = &cfg->extra[e->key - KEY_NR];

			ALLOC_GROW(x->v, x->nr + 1, x->alloc);
			x->v[x->nr++] = xstrdup(e->value);
		}
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
		pattern_free(cfg->release);
		if (compile_release(e, &cfg->release) < 0)
			return ST_USAGE;
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
	case KEY_GRAPH_HINT: {
		int b = parse_bool(e->value);

		if (b < 0)
			return bad_value(e, "not a boolean (true or false)");
		cfg->graph_hint_off = !b;
		return 0;
	}
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
	size_t alloc[2] = { 0 };
	int ret;

	for (size_t i = 0; i < g->nr; i++) {
		const struct entry *e = &g->e[i];

		if (e->key < KEY_NR && !keys[e->key].multi)
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
	rules_release(&cfg->rules);
	pattern_free(cfg->release);
	for (size_t k = 0; k < EXTRAS_MAX; k++) {
		for (size_t i = 0; i < cfg->extra[k].nr; i++)
			free(cfg->extra[k].v[i]);
		free(cfg->extra[k].v);
	}
	memset(cfg, 0, sizeof(*cfg));
}
