/*
 * selection.c - which commits of the range a report keeps: --author
 * patterns on each commit's author, pathspecs on its first-parent diff.
 */
#include "flow/selection.h"

#include <stdlib.h>
#include <string.h>

#include "git/commitparse.h"
#include "git/gitconfig.h"
#include "git/history.h"
#include "git/odb.h"
#include "git/tree.h"
#include "util/reencode.h"

int
selection_init(struct selection *s, const char *const *paths,
	       size_t paths_nr, const char *const *authors, size_t authors_nr)
{
	memset(s, 0, sizeof(*s));
	s->paths = paths;
	s->paths_nr = paths_nr;
	s->authors = authors;
	s->author_re = xcalloc(authors_nr ? authors_nr : 1,
			       sizeof(*s->author_re));
	for (; s->authors_nr < authors_nr; s->authors_nr++) {
		int err = regcomp(&s->author_re[s->authors_nr],
				  authors[s->authors_nr],
				  REG_EXTENDED | REG_NOSUB | REG_NEWLINE);

		if (err) {
			char msg[256];

			regerror(err, &s->author_re[s->authors_nr], msg,
				 sizeof(msg));
			error("--author: bad pattern '%s': %s",
			      authors[s->authors_nr], msg);
			selection_release(s);
			return ST_USAGE;
		}
	}
	return 0;
}

void
selection_release(struct selection *s)
{
	for (size_t k = 0; k < s->authors_nr; k++)
		regfree(&s->author_re[k]);
	free(s->author_re);
	memset(s, 0, sizeof(*s));
}

/* What the marking reads, each commit once. */
struct reader {
	const struct selection *s;
	const struct history *h;
	struct repo *r;
	struct odb *odb;
	struct repo_pathspec *ps;	/* NULL without paths */
	struct object_id *tree;		/* per history index, when have[i] */
	uint8_t *have;
	struct mailmap *mm;		/* with author patterns */
	struct buf raw, author;
};

/* Read commit i: its tree id, and its author into rd->author when
 * want_author.  Returns 0, or -1 after reporting the error. */
static int
read_commit(struct reader *rd, uint32_t i, int want_author)
{
	const char *data;
	size_t size;
	char hex[OID_HEXSZ + 1];
	int st = odb_read_commit(rd->odb, &rd->h->oid[i], &data, &size);

	if (!st && !commit_is_well_formed(data, size))
		st = ODB_FAILED;
	if (st) {
		oid_to_hex(&rd->h->oid[i], hex);
		return error("cannot read commit %s to select it: %s", hex,
			     st == ODB_MISSING ? "missing" :
			     st == ODB_NOT_COMMIT ? "not a commit" :
			     odb_error(rd->odb));
	}
	/* "tree " and its id open every well-formed commit. */
	hex_to_oid(data + 5, data + size, &rd->tree[i]);
	rd->have[i] = 1;
	if (want_author) {
		struct buf conv = BUF_INIT;
		const char *name;
		size_t len;
		/* As git log --author matches it: converted from the
		 * commit's declared encoding. */
		int enc = commit_reencode(data, data + size, &conv, &name,
					  &len);

		if (enc == REENCODE_DONE) {
			data = conv.data;
			size = conv.len;
		} else if (enc != REENCODE_SAME) {
			repo_note_encoding(rd->r, &rd->h->oid[i], name, len,
					   enc);
		}
		/* As git log (log.mailmap, on by default) matches it:
		 * as the .mailmap names the author, the name and address
		 * written matching only when it leaves them as they are. */
		rd->raw.len = 0;
		rd->author.len = 0;
		commit_author(data, data + size, &rd->raw);
		mailmap_person(rd->mm, rd->raw.data ? rd->raw.data : "",
			       rd->raw.len, &rd->author);
		buf_addc(&rd->author, '\0');
		buf_release(&conv);
	}
	return 0;
}

/* Whether one of the author patterns matches (regexec stops at a NUL
 * the name may hold, as git's matcher does at the line's). */
static int
author_matches(const struct selection *s, const char *author)
{
	for (size_t k = 0; k < s->authors_nr; k++)
		if (!regexec(&s->author_re[k], author, 0, NULL, 0))
			return 1;
	return 0;
}

/* Commit i selected: 1, 0, or -1 after reporting the error. */
static int
selected(struct reader *rd, uint32_t i)
{
	const struct history *h = rd->h;
	uint32_t np;
	const uint32_t *par = history_parents(h, i, &np);

	if (read_commit(rd, i, rd->s->authors_nr > 0) < 0)
		return -1;
	if (rd->s->authors_nr && !author_matches(rd->s, rd->author.data))
		return 0;
	if (!rd->ps)
		return 1;
	/* A shallow boundary has no parents here, as in git: its whole
	 * tree is its diff. */
	if (!np)
		return repo_tree_touches(rd->ps, &rd->tree[i], NULL);
	if (!rd->have[par[0]] && read_commit(rd, par[0], 0) < 0)
		return -1;
	return repo_tree_touches(rd->ps, &rd->tree[i], &rd->tree[par[0]]);
}

int
selection_mark(const struct selection *s, struct repo *r,
	       const struct history *h, uint8_t **out)
{
	struct reader rd = { s, h, r, NULL, NULL, NULL, NULL, NULL,
			     BUF_INIT, BUF_INIT };
	uint8_t *sel;
	int ret = 0;

	if (s->authors_nr && mailmap_open(&rd.mm, r) < 0)
		return -1;
	if (odb_open(&rd.odb, r) < 0) {
		mailmap_free(rd.mm);
		return -1;
	}
	sel = xcalloc(h->nr ? h->nr : 1, 1);
	if (s->paths_nr)
		repo_pathspec_new(&rd.ps, r, s->paths, s->paths_nr);
	rd.tree = xmalloc((h->nr ? h->nr : 1) * sizeof(*rd.tree));
	rd.have = xcalloc(h->nr ? h->nr : 1, 1);
	for (uint32_t i = 0; i < h->nr && ret >= 0; i++) {
		if (!(h->flags[i] & HIST_IN_RANGE) || history_is_merge(h, i))
			continue;
		ret = selected(&rd, i);
		sel[i] = ret > 0;
	}
	buf_release(&rd.raw);
	buf_release(&rd.author);
	mailmap_free(rd.mm);
	free(rd.have);
	free(rd.tree);
	repo_pathspec_free(rd.ps);
	odb_free(rd.odb);
	if (ret < 0) {
		free(sel);
		return -1;
	}
	*out = sel;
	return 0;
}

void
selection_describe(const struct selection *s, struct buf *out)
{
	if (s->paths_nr) {
		buf_puts(out, "paths:");
		for (size_t k = 0; k < s->paths_nr; k++) {
			buf_addc(out, ' ');
			buf_puts(out, s->paths[k]);
		}
	}
	if (s->authors_nr) {
		buf_puts(out, s->paths_nr ? "; author:" : "author:");
		for (size_t k = 0; k < s->authors_nr; k++) {
			buf_puts(out, k ? " or " : " ");
			buf_puts(out, s->authors[k]);
		}
	}
}

void
selection_json(struct json *j, const struct selection *s)
{
	json_open(j, "selection", '{');
	json_open(j, "paths", '[');
	for (size_t k = 0; k < s->paths_nr; k++)
		json_str(j, NULL, s->paths[k]);
	json_close(j, ']');
	json_open(j, "authors", '[');
	for (size_t k = 0; k < s->authors_nr; k++)
		json_str(j, NULL, s->authors[k]);
	json_close(j, ']');
	json_close(j, '}');
}
