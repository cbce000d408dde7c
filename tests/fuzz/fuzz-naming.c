/*
 * fuzz-naming.c - libFuzzer target: tree_name and the tree table on any
 * bytes, one URL per line, and each line as a tag (tag_stem), a GitHub
 * URL (github_owner_name) and a branch of its tree (trees_add_branch).
 *
 * Checked: a name is never longer than its URL; trees_add_url gives the
 * tree tree_name names (with " (tree)" once more when that name is the
 * mainline's followed by " (tree)" none or more times: no tree displays
 * as the mainline), the same tree for the same name and different
 * trees for different names, never the mainline; every spelling is kept
 * once; trees_find finds each tree by its name; a tag's stem is the tag
 * or a prefix of it and '*'; an owner's name starts with "github:"; a
 * branch node is named "REPO:BRANCH" and found by that name.  (It need
 * not belong to REPO: a URL can name a tree "h/a:b", which the branch b
 * of "h/a" then joins: a limit of --branches, reported.)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "flow/naming.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_URLS 256
#define MAINLINE "mainline"
#define MAINLINE_LIKE " (tree)"

/* The name a tree named name is shown by: name, unless it would read as
 * the mainline (naming.c's rule, restated). */
static char *
shown_name(const char *name)
{
	const char *p = name + strlen(MAINLINE);
	size_t len = strlen(name);
	char *s;

	if (strncmp(name, MAINLINE, strlen(MAINLINE)))
		return strdup(name);
	while (!strncmp(p, MAINLINE_LIKE, strlen(MAINLINE_LIKE)))
		p += strlen(MAINLINE_LIKE);
	if (*p)
		return strdup(name);
	s = malloc(len + strlen(MAINLINE_LIKE) + 1);
	if (!s)
		abort();
	memcpy(s, name, len);
	memcpy(s + len, MAINLINE_LIKE, strlen(MAINLINE_LIKE) + 1);
	return s;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;
	struct tree_table tt;
	uint32_t ids[MAX_URLS];
	char *names[MAX_URLS];
	size_t n = 0;

	trees_init(&tt, MAINLINE);
	while (p <= end && n < MAX_URLS) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)((eol ? eol : end) - p);
		char *name = tree_name(p, len), *shown;
		const char *nul = memchr(p, '\0', len);

		if (!name || strlen(name) > len)
			abort();
		shown = shown_name(name);
		ids[n] = trees_add_url(&tt, p, len);
		if (!shown || ids[n] == TREE_MAINLINE || ids[n] >= tt.nr ||
		    strcmp(tt.t[ids[n]].name, shown) ||
		    trees_find(&tt, shown) != ids[n])
			abort();
		free(shown);
		/* The spelling is recorded, up to a NUL. */
		{
			const struct tree *t = &tt.t[ids[n]];
			size_t l = nul ? (size_t)(nul - p) : len, seen = 0;

			for (uint32_t k = 0; k < t->urls_nr; k++)
				if (strlen(t->urls[k]) == l &&
				    !memcmp(t->urls[k], p, l))
					seen++;
			if (seen != 1)
				abort();
		}
		/* The line as a tag, a GitHub URL, a branch. */
		{
			char *stem = tag_stem(p, len), *owner;
			size_t sl = strlen(stem);
			uint32_t b;

			if (sl > len + 1 || (sl == len + 1 ?
			    stem[len] != '*' || memcmp(stem, p, len) :
			    sl && stem[sl - 1] == '*' ?
			    memcmp(stem, p, sl - 1) : strncmp(stem, p, len)))
				abort();
			free(stem);
			owner = github_owner_name(p, len);
			if (owner && strncmp(owner, "github:", 7))
				abort();
			free(owner);
			b = trees_add_branch(&tt, ids[n], p, len);
			if (b >= tt.nr || trees_find(&tt, tt.t[b].name) != b ||
			    strncmp(tt.t[b].name, tt.t[ids[n]].name,
				    strlen(tt.t[ids[n]].name)) ||
			    tt.t[b].name[strlen(tt.t[ids[n]].name)] != ':')
				abort();
		}
		names[n++] = name;
		if (!eol)
			break;
		p = eol + 1;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if ((ids[i] == ids[j]) != !strcmp(names[i], names[j]))
				abort();
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	trees_release(&tt);
	return 0;
}
