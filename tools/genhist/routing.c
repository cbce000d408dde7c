/*
 * routing.c - --maintainers FILE: a MAINTAINERS for the trees, commits
 * whose files lie in their areas, and the truth of their routing.
 *
 * The root commit writes MAINTAINERS (and a file in every tree's area, so
 * that a pattern naming a directory finds it at every release).  Tree x
 * (x >= 1) owns an area of one kind of five, by x % 5:
 *
 *   0  F: sub/tX/           a directory, files at any depth below
 *   1  F: sub/tX            a directory without its '/'
 *   2  F: sub/tX/ *.c       a glob at one depth (no blank: see below)
 *   3  F: sub/tX/, X: sub/tX/ex/   an exclude: ex/ is THE REST's
 *   4  N: ^rx/tX_ [a-z]+ \.c$      a regex (Perl's /x: blanks ignored)
 *
 * and one tree in eleven has an entry with no T: line (its files have no
 * declared tree).  THE REST (F: * and F: * /) declares the mainline.
 * Every non-merge commit writes one file, chosen from a hash of its mark
 * (the simulation's random numbers are left alone, so the history's shape
 * is the same with or without the option):
 *
 *   a tree's commit: in its own area (mostly; in ex/ for an exclude),
 *   in a neighbour's area (a commit through a neighbour's tree), or an
 *   unowned file (THE REST: the mainline's);
 *   a mainline's commit: an unowned file, or a fix applied directly in
 *   a tree's area.
 *
 * So the generator knows each commit's declared trees by construction;
 * finalise gives its path.  FILE has one line a non-merge commit:
 * :MARK, its innermost tree, its verdict (declared, other, none), its
 * declared trees (sorted, comma-separated), and the trees of its path
 * whose pulls brought it out of their area (sorted, comma-separated).
 * For the stale entries: "entry", TAB and each entry's title; and for
 * each commit "handled", :MARK, the title of an entry covering its file
 * and 1 when one of the entry's people committed or wrote it, else 0
 * (no trailers: not with --trailers or --people).
 */
#include "genhist.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* What a commit's file is, by a hash of its mark. */
enum { OWN, NEIGHBOUR, UNOWNED, EXCLUDED };

static int
has_tree_line(uint32_t x)
{
	return x % 11 != 10;
}

/* The file of area x for mark m, into sb. */
static void
area_file(struct sb *sb, uint32_t x, uint32_t m, int excluded)
{
	switch (x % 5) {
	case 0:
		sb_add(sb, "sub/t%" PRIu32 "/d%" PRIu32 "/f%" PRIu32 ".c", x,
		       m % 3, m);
		break;
	case 1:
	case 2:
		sb_add(sb, "sub/t%" PRIu32 "/f%" PRIu32 ".c", x, m);
		break;
	case 3:
		sb_add(sb, "sub/t%" PRIu32 "/%sf%" PRIu32 ".c", x,
		       excluded ? "ex/" : "", m);
		break;
	default:
		sb_add(sb, "rx/t%" PRIu32 "_%c%c.c", x,
		       'a' + (char)(m % 26), 'a' + (char)(m / 26 % 26));
		break;
	}
}

static void
entry_title(struct sb *sb, const struct sim *sim, uint32_t e)
{
	if (e)
		sb_add(sb, "%s DRIVER %" PRIu32, sim->tr[e].handle, e);
	else
		sb_add(sb, "THE REST");
}

static void
add_entry(FILE *f, const struct sim *sim, uint32_t x)
{
	const struct tree *t = &sim->tr[x];
	const struct ident *r = &sim->contrib[x % NCONTRIB];

	fprintf(f, "\n%s DRIVER %" PRIu32 "\nM:\t%s <%s>\nR:\t%s <%s>\n",
		t->handle, x, t->maint.name, t->maint.email, r->name,
		r->email);
	/* Another spelling than the usual one: identity joins them. */
	if (has_tree_line(x))
		fprintf(f, "T:\tgit %s%s\n", t->urls[t->nurls - 1],
			x % 7 ? "" : " for-next");
	if (x % 7 == 0)
		fprintf(f, "T:\tquilt http://example.org/%s/\n", t->handle);
	switch (x % 5) {
	case 0:
		fprintf(f, "F:\tsub/t%" PRIu32 "/\n", x);
		break;
	case 1:
		fprintf(f, "F:\tsub/t%" PRIu32 "\n", x);
		break;
	case 2:
		fprintf(f, "F:\tsub/t%" PRIu32 "/*.c\n", x);
		break;
	case 3:
		fprintf(f, "F:\tsub/t%" PRIu32 "/\nX:\tsub/t%" PRIu32 "/ex/\n",
			x, x);
		break;
	default:
		fprintf(f, "N:\t^rx/t%" PRIu32 "_ [a-z]+ \\.c$\n", x);
		break;
	}
}

/* The root commit's files: MAINTAINERS and one file an area. */
static void
root_files(struct sim *sim)
{
	struct sb sb = { .len = 0 };
	const struct tree *m = &sim->tr[0];
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		die("out of memory");
	fprintf(f, "List of maintainers\n\tM: Mail patches to: Name "
		"<address@domain>\n");
	for (uint32_t x = 1; x < sim->ntrees; x++)
		add_entry(f, sim, x);
	fprintf(f, "\nTHE REST\nM:\t%s <%s>\nT:\tgit %s\nF:\t*\nF:\t*/\n",
		m->maint.name, m->maint.email, m->urls[0]);
	fclose(f);
	fprintf(sim->out, "M 100644 inline MAINTAINERS\ndata %zu\n%s\n",
		len, text);
	for (uint32_t e = 0; e < sim->ntrees; e++) {
		sb.len = 0;
		entry_title(&sb, sim, e);
		fprintf(sim->fmnt, "entry\t%s\n", sb.buf);
	}
	free(text);
	for (uint32_t x = 1; x < sim->ntrees; x++) {
		sb.len = 0;
		area_file(&sb, x, 0, 0);
		fprintf(sim->out, "M 100644 inline %s\ndata <<EOF\nroot\nEOF\n",
			sb.buf);
	}
}

/* Mark m's file (into sb), by its tree x: the entry covering it (0:
 * THE REST, else a tree's) and its declared tree (NONE: none). */
static void
choose(const struct sim *sim, uint32_t x, uint32_t m, struct sb *sb,
       uint32_t *entry, uint32_t *decl)
{
	uint64_t h = mix64(0x726f7574696e6700ull ^ m);
	uint32_t trees = sim->ntrees - 1, roll = (uint32_t)(h % 100), y;

	y = 1 + (uint32_t)((h >> 32) % trees);
	if (x && y == x)
		y = x % trees + 1;
	if (x && roll < 82) {
		int ex = x % 5 == 3 && roll < 8;

		area_file(sb, x, m, ex);
		*entry = ex ? 0 : x;
	} else if ((x && roll < 92) || (!x && roll < 35)) {
		/* a neighbour's file; on the mainline, a fix applied
		 * directly in a tree's area */
		area_file(sb, y, m, 0);
		*entry = y;
	} else {
		sb_add(sb, "kernel/core%" PRIu32 ".c", m % 17);
		*entry = 0;
	}
	*decl = !*entry ? 0 : has_tree_line(*entry) ? *entry : NONE;
}

static int
same_ident(const struct ident *a, const struct ident *b)
{
	return !strcasecmp(a->email, b->email) || !strcasecmp(a->name, b->name);
}

/* Whether entry e's people (M: and R:) committed or wrote the commit. */
static int
entry_handles(const struct sim *sim, uint32_t e, const struct ident *c,
	      const struct ident *a)
{
	const struct ident *m = &sim->tr[e].maint;
	const struct ident *r = &sim->contrib[e % NCONTRIB];

	return same_ident(m, c) || same_ident(m, a) ||
	       (e && (same_ident(r, c) || same_ident(r, a)));
}

/* The stale entries' truth: commit m covered by entry e, handled or not
 * by its people. */
static void
handled_line(struct sim *sim, uint32_t m, uint32_t e, const struct ident *c,
	     const struct ident *a)
{
	struct sb sb = { .len = 0 };

	entry_title(&sb, sim, e);
	fprintf(sim->fmnt, "handled\t:%" PRIu32 "\t%s\t%d\n", m, sb.buf,
		entry_handles(sim, e, c, a));
}

void
routing_tree(struct sim *sim, uint32_t m, uint32_t x)
{
	if (m >= sim->mark_tree_alloc) {
		size_t old = sim->mark_tree_alloc, n = old ? old : 1024;

		while (n <= m)
			n *= 2;
		sim->mark_tree = xrealloc(sim->mark_tree,
					  n * sizeof(*sim->mark_tree));
		memset(sim->mark_tree + old, 0,
		       (n - old) * sizeof(*sim->mark_tree));
		sim->mark_tree_alloc = n;
	}
	if (!sim->mark_tree[m])
		sim->mark_tree[m] = x + 1;
}

void
routing_files(struct sim *sim, uint32_t m, unsigned npar,
	      const struct ident *committer, const struct ident *author)
{
	struct sb sb = { .len = 0 };
	uint32_t decl, entry;

	if (!npar) {
		root_files(sim);
		sim->root_mark = m;
		for (uint32_t e = 0; e < sim->ntrees; e++)
			handled_line(sim, m, e, committer, author);
		return;
	}
	/* A commit written when made is its tree's (cur_tree); one
	 * queued (--rebase) had its tree noted then. */
	routing_tree(sim, m, sim->cur_tree);
	choose(sim, sim->mark_tree[m] - 1, m, &sb, &entry, &decl);
	fprintf(sim->out, "M 100644 inline %s\ndata <<EOF\nmark %" PRIu32
		"\nEOF\n", sb.buf, m);
	handled_line(sim, m, entry, committer, author);
}

/* Tree names of the path from node n: innermost first. */
static uint32_t
path_of(const struct sim *sim, uint32_t n, uint32_t *out, uint32_t max)
{
	uint32_t nr = 0, tmp[64];

	/* node n: its outermost tree, then the path inside it (up) */
	for (; n && nr < 64; n = sim->paths.up[n])
		tmp[nr++] = sim->paths.tree[n];
	for (uint32_t k = 0; k < nr && k < max; k++)
		out[k] = tmp[nr - 1 - k];
	return nr < max ? nr : max;
}

static const char *
truth_name(const struct sim *sim, uint32_t x)
{
	return x == REVIEW_TREE ? review_server_name : sim->tr[x].name;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The root commit writes every area and MAINTAINERS (THE REST's): every
 * tree with a T: line and the mainline are declared, and it is direct. */
static void
root_truth(struct sim *sim, uint32_t mark)
{
	const char **names = xcalloc(sim->ntrees, sizeof(*names));
	uint32_t nr = 0;

	names[nr++] = "mainline";
	for (uint32_t x = 1; x < sim->ntrees; x++)
		if (has_tree_line(x))
			names[nr++] = sim->tr[x].name;
	qsort(names, nr, sizeof(*names), cmp_str);
	fprintf(sim->fmnt, ":%" PRIu32 "\tmainline\tdeclared\t", mark);
	for (uint32_t k = 0; k < nr; k++)
		fprintf(sim->fmnt, "%s%s", k ? "," : "", names[k]);
	fputs("\t\n", sim->fmnt);
	free(names);
}

void
routing_truth(struct sim *sim, uint32_t mark, uint32_t vis)
{
	uint32_t path[64], n = path_of(sim, vis, path, 64);
	uint32_t decl = NONE, entry;
	const char *verdict = "none";
	struct sb sb = { .len = 0 };
	int on_path = 0;

	if (mark == sim->root_mark) {
		root_truth(sim, mark);
		return;
	}
	/* Its file is a function of its mark and its tree: the choice
	 * made again (a --rebase commit may be finalised before it is
	 * written). */
	if (mark < sim->mark_tree_alloc && sim->mark_tree[mark])
		choose(sim, sim->mark_tree[mark] - 1, mark, &sb, &entry,
		       &decl);
	for (uint32_t k = 0; k < n; k++)
		on_path |= decl != NONE && path[k] == decl;
	if (decl != NONE)
		verdict = on_path || (!n && decl == 0) ? "declared" : "other";
	fprintf(sim->fmnt, ":%" PRIu32 "\t%s\t%s\t%s\t", mark,
		n ? truth_name(sim, path[0]) : "mainline", verdict,
		decl == NONE ? "" : truth_name(sim, decl));
	/* Out of area: a declared tree of the path that is not the
	 * commit's (the mainline is pulled by no one). */
	for (uint32_t k = 0, out = 0; k < n; k++) {
		if (path[k] == REVIEW_TREE || path[k] == decl ||
		    !has_tree_line(path[k]))
			continue;
		fprintf(sim->fmnt, "%s%s", out++ ? "," : "",
			truth_name(sim, path[k]));
	}
	fputc('\n', sim->fmnt);
}
