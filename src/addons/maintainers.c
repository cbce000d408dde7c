/*
 * maintainers.c - subsystem names for trees, from a MAINTAINERS file.
 */
#include "addons/maintainers.h"

#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "git/tree.h"
#include "util/escape.h"
#include "util/json_writer.h"
#include "util/util.h"

/* "X:" then blanks: a field line of an entry (X an upper-case letter). */
static int
is_field(const char *p, const char *eol, char *key, const char **value)
{
	if (eol - p < 2 || p[0] < 'A' || p[0] > 'Z' || p[1] != ':')
		return 0;
	*key = p[0];
	p += 2;
	while (p < eol && (*p == ' ' || *p == '\t'))
		p++;
	*value = p;
	return 1;
}

static const char *
trim_end(const char *p, const char *end)
{
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
			   end[-1] == '\r'))
		end--;
	return end;
}

/* An entry being read: its name, maintainers and trees. */
struct entry {
	const char *name, *name_end;
	const char **m, **m_end;
	uint32_t m_nr;
	size_t m_alloc;
	uint32_t *trees;
	uint32_t trees_nr;
	size_t trees_alloc;
	struct pair_index seen;	/* (tree, subsystem) pairs kept: an entry
				 * may list a tree 80,000 times */
};

static void
entry_flush(struct entry *e, struct maintainers *mt)
{
	struct subsystem *s;
	uint32_t idx;

	if (e->name && e->trees_nr) {
		ALLOC_GROW(mt->s, mt->nr + 1, mt->alloc);
		idx = mt->nr++;
		s = &mt->s[idx];
		memset(s, 0, sizeof(*s));
		s->name = xstrndup(e->name, e->name_end - e->name);
		for (uint32_t k = 0; k < e->m_nr; k++) {
			ALLOC_GROW(s->maintainers, s->maintainers_nr + 1,
				   s->maintainers_alloc);
			s->maintainers[s->maintainers_nr++] =
				xstrndup(e->m[k], e->m_end[k] - e->m[k]);
		}
		for (uint32_t k = 0; k < e->trees_nr; k++) {
			uint32_t seen_nr = e->seen.nr;

			if (pair_index_get(&e->seen, e->trees[k], idx) <
			    seen_nr)
				continue;
			ALLOC_GROW(mt->pair_tree, mt->pairs_nr + 1,
				   mt->pairs_alloc);
			mt->pair_sub = xreallocarray(mt->pair_sub,
						     mt->pairs_alloc,
						     sizeof(*mt->pair_sub));
			mt->pair_tree[mt->pairs_nr] = e->trees[k];
			mt->pair_sub[mt->pairs_nr++] = idx;
		}
	}
	e->name = NULL;
	e->m_nr = 0;
	e->trees_nr = 0;
}

/* Pairs by tree, then subsystem (file order), each pair one key (tree
 * in the high half): an insertion sort would do for a few hundred, but a
 * kernel file has a thousand trees. */
static int
cmp_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

void
maintainers_parse(const char *text, size_t len, const struct tree_table *tt,
		  struct maintainers *out)
{
	const char *p = text, *end = text + len;
	struct entry e;
	uint64_t *order;

	memset(out, 0, sizeof(*out));
	memset(&e, 0, sizeof(e));
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p), *value, *vend;
		char key;

		if (!eol)
			eol = end;
		vend = trim_end(p, eol);
		if (vend == p) {
			entry_flush(&e, out);
		} else if (is_field(p, vend, &key, &value)) {
			if (key == 'M' && e.name && value < vend) {
				ALLOC_GROW(e.m, e.m_nr + 1, e.m_alloc);
				e.m_end = xreallocarray(e.m_end, e.m_alloc,
							sizeof(*e.m_end));
				e.m[e.m_nr] = value;
				e.m_end[e.m_nr++] = vend;
			} else if (key == 'T' && e.name &&
				   vend - value > 4 && !memcmp(value, "git ", 4)) {
				const char *u = value + 4, *uend;
				char *name;
				uint32_t id;

				while (u < vend && *u == ' ')
					u++;
				for (uend = u; uend < vend && *uend != ' ' &&
				     *uend != '\t'; uend++)
					;
				name = tree_name(u, uend - u);
				id = trees_find(tt, name);
				free(name);
				if (id != TREE_NONE) {
					ALLOC_GROW(e.trees, e.trees_nr + 1,
						   e.trees_alloc);
					e.trees[e.trees_nr++] = id;
				}
			}
		} else if (!e.name) {
			e.name = p;
			e.name_end = vend;
		}
		p = eol + 1;
	}
	entry_flush(&e, out);
	free(e.m);
	free(e.m_end);
	free(e.trees);
	pair_index_release(&e.seen);

	order = xmalloc((out->pairs_nr ? out->pairs_nr : 1) * sizeof(*order));
	for (uint32_t k = 0; k < out->pairs_nr; k++)
		order[k] = (uint64_t)out->pair_tree[k] << 32 | out->pair_sub[k];
	qsort(order, out->pairs_nr, sizeof(*order), cmp_key);
	for (uint32_t k = 0; k < out->pairs_nr; k++) {
		out->pair_tree[k] = (uint32_t)(order[k] >> 32);
		out->pair_sub[k] = (uint32_t)order[k];
	}
	free(order);
}

uint32_t
maintainers_of(const struct maintainers *mt, uint32_t tree, uint32_t *nr)
{
	uint32_t lo = 0, hi, first;

	*nr = 0;
	if (!mt)
		return 0;
	hi = mt->pairs_nr;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (mt->pair_tree[mid] < tree)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	while (lo < mt->pairs_nr && mt->pair_tree[lo] == tree)
		lo++;
	*nr = lo - first;
	return first;
}

void
maintainers_release(struct maintainers *mt)
{
	for (uint32_t k = 0; k < mt->nr; k++) {
		for (uint32_t j = 0; j < mt->s[k].maintainers_nr; j++)
			free(mt->s[k].maintainers[j]);
		free(mt->s[k].maintainers);
		free(mt->s[k].name);
	}
	free(mt->s);
	free(mt->pair_tree);
	free(mt->pair_sub);
	memset(mt, 0, sizeof(*mt));
}

/* --- the add-on: subsystems in the report, the JSON and the tooltips --- */

/* The MAINTAINERS file at the range's end, when there is one. */
static int
mt_gather(const struct extra_input *in, int arg, void **state)
{
	struct buf text = BUF_INIT;
	struct maintainers *mt;
	int ret;

	(void)arg;
	ret = repo_read_file_at(in->r, &in->rg->to, "MAINTAINERS", &text);
	if (ret > 0) {
		mt = xcalloc(1, sizeof(*mt));
		maintainers_parse(text.data, text.len, &in->c->tt, mt);
		*state = mt;
	}
	buf_release(&text);
	return ret < 0 ? -1 : ret > 0;
}

static void
mt_release(void *state)
{
	if (state)
		maintainers_release(state);
	free(state);
}

static void
mt_text(const void *state, const struct flow *f, int width, struct buf *out)
{
	const struct maintainers *mt = state;
	int shown = 0;

	(void)width;
	for (uint32_t k = 1; k < f->trees_nr; k++) {
		const struct flow_tree *t = &f->trees[k];
		uint32_t nr, first;

		if (t->tree == TREE_NONE)
			continue;
		first = maintainers_of(mt, t->repo, &nr);
		if (!nr)
			continue;
		if (!shown++)
			buf_puts(out, "\nSubsystems (MAINTAINERS at the range's "
				 "end)\n");
		buf_puts(out, "  ");
		report_name(out, t->name);
		buf_addc(out, '\n');
		for (uint32_t i = first; i < first + nr; i++) {
			const struct subsystem *sub = &mt->s[mt->pair_sub[i]];

			buf_puts(out, "    ");
			report_name(out, sub->name);
			for (uint32_t j = 0; j < sub->maintainers_nr; j++) {
				buf_puts(out, j ? ", " : ": ");
				report_name(out, sub->maintainers[j]);
			}
			buf_addc(out, '\n');
		}
	}
}

static void
mt_json_tree(const void *state, const struct flow *f, uint32_t i,
	     struct json *j)
{
	const struct maintainers *mt = state;
	const struct flow_tree *t = &f->trees[i];
	uint32_t nr, first;

	if (t->tree == TREE_NONE)
		return;
	first = maintainers_of(mt, t->repo, &nr);
	if (!nr)
		return;
	json_open(j, "subsystems", '[');
	for (uint32_t k = first; k < first + nr; k++) {
		const struct subsystem *sub = &mt->s[mt->pair_sub[k]];

		json_open(j, NULL, '{');
		json_str(j, "name", sub->name);
		json_open(j, "maintainers", '[');
		for (uint32_t m = 0; m < sub->maintainers_nr; m++)
			json_str(j, NULL, sub->maintainers[m]);
		json_close(j, ']');
		json_close(j, '}');
	}
	json_close(j, ']');
}

/* A tree's subsystems, in its tooltip (not the mainline's). */
static void
mt_node_tip(const void *state, const struct flow *f, uint32_t i,
	    const struct extra_tip *tip)
{
	const struct maintainers *mt = state;
	const struct flow_tree *t = &f->trees[i];
	uint32_t nr, first;

	if (!i || t->tree == TREE_NONE)
		return;
	first = maintainers_of(mt, t->repo, &nr);
	for (uint32_t k = first; k < first + nr; k++) {
		const struct subsystem *sub = &mt->s[mt->pair_sub[k]];

		buf_puts(tip->out, tip->newline);
		tip->text(tip->out, sub->name);
		for (uint32_t m = 0; m < sub->maintainers_nr; m++) {
			buf_puts(tip->out, m ? ", " : ": ");
			tip->text(tip->out, sub->maintainers[m]);
		}
	}
}

static const struct opt mt_options[] = {
	{ .name = "maintainers", .kind = OPT_SET, .value = 1,
	  .help = "label trees from MAINTAINERS at the range's end\n"
		  "(the default when it exists; --no-maintainers)" },
	{ .name = "no-maintainers", .kind = OPT_SET, .value = 0,
	  .help = "do not label trees from MAINTAINERS",
	  .flags = OPT_UNLISTED },
};

const struct extra maintainers_extra = {
	.name = "maintainers",
	.options = mt_options,
	.options_nr = ARRAY_SIZE(mt_options),
	.def = 1,	/* when the file exists: nothing to say otherwise */
	.gather = mt_gather,
	.release = mt_release,
	.text = mt_text,
	.json_tree = mt_json_tree,
	.node_tip = mt_node_tip,
};
