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
 *
 * Then identity on the same lines (identity_check): each line a pull at
 * a time of its own, its tip committed by one of a few people (by a byte
 * of it), its tag the line: keys joined are one tree, each found by its
 * name, the trees' keepers no more than the evidence; and the trees' names
 * shown in a legend's room (shown_names, render/names.h): never two
 * alike, none like the mainline's, none over the limit.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "flow/evidence.h"
#include "flow/identity.h"
#include "flow/naming.h"
#include "render/names.h"

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

/* Code points of s, as names.c counts them (a byte that starts none,
 * one). */
static size_t
chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

static void
identity_check(const uint8_t *data, size_t size)
{
	static const char *const people[] = {
		"A <a@example.org>", "B <b@example.org>", "B <b@example.net>",
	};
	const char *p = (const char *)data, *end = p + size;
	struct tree_table tt;
	const char *lines[MAX_URLS];
	size_t lens[MAX_URLS], n = 0;
	uint32_t ids[MAX_URLS], keys[MAX_URLS];
	uint32_t pulls = 0, sum = 0;
	const char **shown;
	struct shown_names sn;
	size_t max = size ? 8 + data[0] % 40 : 28;

	trees_init(&tt, MAINLINE);
	while (p <= end && n < MAX_URLS) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)((eol ? eol : end) - p);
		uint32_t k = trees_key(&tt, p, len);

		trees_key_seen(&tt, k, (int64_t)(n % 7));
		if (len && p[0] % 4 != 3) {
			const char *who = people[(unsigned char)p[len / 2] % 3];

			evidence_add(&tt, k, evidence_person(&tt, who,
							     strlen(who)));
			pulls++;
		}
		evidence_tag(&tt, k, p, len);
		lines[n] = p;
		lens[n++] = len;
		if (!eol)
			break;
		p = eol + 1;
	}
	identity_learn(&tt);
	for (size_t i = 0; i < n; i++) {
		ids[i] = trees_add_url(&tt, lines[i], lens[i]);
		keys[i] = trees_key(&tt, lines[i], lens[i]);
		if (ids[i] == TREE_MAINLINE || ids[i] >= tt.nr ||
		    trees_find(&tt, tt.t[ids[i]].name) != ids[i])
			abort();
	}
	/* Keys identity joined are one tree. */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (trees_key_root(&tt, keys[i]) ==
			    trees_key_root(&tt, keys[j]) && ids[i] != ids[j])
				abort();
	evidence_settle(&tt);
	for (uint32_t t = 0; t < tt.nr; t++)
		for (uint32_t k = 0; k < tt.t[t].keepers_nr; k++)
			sum += tt.t[t].keepers[k].pulls;
	/* A key of no tree's (a line naming nothing) keeps its own. */
	if (sum > pulls)
		abort();
	shown = calloc(tt.nr + 1, sizeof(*shown));	/* tt.nr >= 1 */
	if (!shown)
		abort();
	for (uint32_t t = 1; t < tt.nr; t++)
		shown[t] = tt.t[t].name;
	shown_names_init(&sn, shown, tt.nr, (const char *const *)&tt.t[0].name,
			 1, max);
	for (uint32_t t = 1; t < tt.nr; t++) {
		if (!sn.name[t] || chars(sn.name[t]) > max ||
		    !strcmp(sn.name[t], tt.t[0].name))
			abort();
		for (uint32_t u = 1; u < t; u++)
			if (!strcmp(sn.name[t], sn.name[u]))
				abort();
	}
	shown_names_release(&sn);
	free(shown);
	trees_release(&tt);
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
	identity_check(data, size);
	return 0;
}
