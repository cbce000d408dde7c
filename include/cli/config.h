/*
 * config.h - treeplot.* keys from git's configuration files.
 *
 * The files are parsed by libgit2's git-config reader (sections, quoting,
 * includes, case-insensitive keys exactly as git reads them); this module
 * only picks the treeplot.* keys out and checks their values.  Sources,
 * the later overriding the earlier for single-valued keys, every value
 * kept for multi-valued ones:
 *
 *   1. git's system, XDG and global files (/etc/gitconfig,
 *      ~/.config/git/config, ~/.gitconfig), as the repository sees them;
 *   2. $XDG_CONFIG_HOME/treeplot/config (~/.config/treeplot/config);
 *   3. the repository's own config file;
 *   4. the file given with --config;
 *
 * and the command line overrides them all.  --no-config skips 1 to 3.
 */
#ifndef TREEPLOT_CONFIG_H
#define TREEPLOT_CONFIG_H

#include <stddef.h>
#include <stdint.h>


#include "util/pattern.h"
#include "addons/registry.h"
#include "flow/chart.h"
#include "flow/naming.h"
#include "flow/rules.h"
#include "git/repo.h"

struct config {
	/* Single-valued keys: NULL, or has_* 0, when unset. */
	char *mainline;		/* treeplot.mainline */
	char *layout;		/* treeplot.layout */
	char *commit_url;	/* treeplot.commitUrl: http(s), %H the id */
	uint32_t top;		/* treeplot.top: a count, or TOP_ALL */
	uint32_t major, minor;	/* treeplot.major, .minor: 1/100 of a percent */
	int has_top, has_major, has_minor;
	struct pattern *release;	/* treeplot.releasePattern, or NULL */
	unsigned jobs;		/* treeplot.jobs: threads, 0 when unset */
	int graph_hint_off;	/* treeplot.graphHint = false */

	/* Multi-valued keys, in the order of the sources above. */
	char **mainline_urls;	/* treeplot.mainlineUrl */
	size_t mainline_urls_nr;
	struct tree_alias *aliases;	/* treeplot.alias (owned strings) */
	size_t aliases_nr;
	struct rules rules;	/* treeplot.internalPattern, externalPattern */
	/* Each add-on's setting (struct extra.config_key), by its place in
	 * the registry. */
	struct extra_config extra[EXTRAS_MAX];
};

/*
 * Read the configuration of repository r (r NULL or no_config: none of
 * its files, nor the user's) and the file path (NULL for none) into cfg.
 * Returns 0; ST_USAGE after reporting a bad value ("treeplot: FILE:
 * treeplot.KEY: bad value 'V' (reason)") or a file that cannot be read
 * or parsed.  cfg is to be released either way.
 */
int config_read(struct config *cfg, struct repo *r, const char *path,
		int no_config);
void config_release(struct config *cfg);

/* The values, for the command line too.  Each returns 0, or -1 for a bad
 * value. */
int config_parse_top(const char *s, uint32_t *out);	/* N > 0 or "all" */
/* Threads reading objects: 1 to JOBS_MAX. */
#define JOBS_MAX 1024
#define JOBS_MAX_STR "1024"
int config_parse_jobs(const char *s, unsigned *out);
/* A percentage from 0 to 100 with at most two decimals ("5", "0.25",
 * "5%"), in hundredths of a percent. */
int config_parse_percent(const char *s, uint32_t *out);

#endif
