/*
 * maintainers.c - subsystem names for trees, from a MAINTAINERS file.
 */
#include "addons/maintainers.h"

#include <stdlib.h>
#include <string.h>

#include "addons/extra.h"
#include "flow/evidence.h"
#include "flow/maintainers_rules.h"
#include "git/tree.h"
#include "util/escape.h"
#include "util/json_writer.h"
#include "util/util.h"

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
		vend = mt_trim_end(p, eol);
		if (vend == p) {
			entry_flush(&e, out);
		} else if (mt_field(p, vend, &key, &value)) {
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

/* --- the add-on: subsystems in the report, the JSON and the chart --- */

/* The add-on's values: MT_NAMES also names the maintainers in the boxes. */
#define MT_LABELS 1
#define MT_NAMES 2

struct mt_run {
	struct maintainers mt;
	int names;		/* --maintainer-names */
};

/* The text report's width, and the indent of a wrapped line. */
#define MT_TEXT_WIDTH 79
#define MT_TEXT_WRAP "      "

/* A box's line: at most this many characters, an ellipsis included. */
#define MT_BOX_CHARS 28

/*
 * s (len bytes) shortened to max characters for a box: cut at the last
 * blank that keeps more than half of it, else in the word, and an
 * ellipsis; as it is when it fits.
 */
static void
add_short(struct buf *out, const char *s, size_t len, size_t max)
{
	size_t cut;

	if (utf8_chars(s, len) <= max) {
		buf_add(out, s, len);
		return;
	}
	cut = utf8_prefix(s, len, max - 1);
	for (size_t k = cut; k > cut / 2; k--) {
		if (s[k] == ' ') {
			cut = k;
			break;
		}
	}
	while (cut && (s[cut - 1] == ' ' || s[cut - 1] == ','))
		cut--;
	buf_add(out, s, cut);
	buf_puts(out, "\xe2\x80\xa6");	/* U+2026, an ellipsis */
}

/* A maintainer's name without the address ("Name <mail>": Name). */
static void
add_person(struct buf *out, const char *ident)
{
	const char *name, *mail;
	size_t name_len, mail_len;

	keeper_split(ident, &name, &name_len, &mail, &mail_len);
	buf_add(out, name, name_len);
}

/*
 * The text report's line of a subsystem, "SUBSYSTEM: Name, Name" (names
 * without addresses), escaped, then wrapped at the report's width: a
 * wrapped line starts further in.  The break goes at a blank.
 */
static void
text_subsystem(struct buf *out, const struct subsystem *sub)
{
	struct buf raw = BUF_INIT, esc = BUF_INIT;
	size_t col, k = 0;

	buf_puts(&raw, sub->name);
	for (uint32_t j = 0; j < sub->maintainers_nr; j++) {
		buf_puts(&raw, j ? ", " : ": ");
		add_person(&raw, sub->maintainers[j]);
	}
	report_name(&esc, raw.data);
	buf_puts(out, "    ");
	col = 4;
	while (k < esc.len) {
		size_t word = strcspn(esc.data + k, " "), chars;

		chars = utf8_chars(esc.data + k, word);
		if (col + chars > MT_TEXT_WIDTH && col > strlen(MT_TEXT_WRAP)) {
			buf_puts(out, "\n" MT_TEXT_WRAP);
			col = strlen(MT_TEXT_WRAP);
		} else if (k) {
			buf_addc(out, ' ');
			col++;
		}
		buf_add(out, esc.data + k, word);
		col += chars;
		k += word;
		while (k < esc.len && esc.data[k] == ' ')
			k++;
	}
	buf_addc(out, '\n');
	buf_release(&raw);
	buf_release(&esc);
}

/* The MAINTAINERS file at the range's end, when there is one. */
static int
mt_gather(const struct extra_input *in, int arg, void **state)
{
	struct buf text = BUF_INIT;
	struct mt_run *run;
	int ret;

	ret = repo_read_file_at(in->r, &in->rg->to, "MAINTAINERS", &text);
	if (ret > 0) {
		run = xcalloc(1, sizeof(*run));
		maintainers_parse(text.data, text.len, &in->c->tt, &run->mt);
		run->names = arg == MT_NAMES;
		*state = run;
	}
	buf_release(&text);
	return ret < 0 ? -1 : ret > 0;
}

static void
mt_release(void *state)
{
	struct mt_run *run = state;

	if (run)
		maintainers_release(&run->mt);
	free(run);
}

static void
mt_text(const void *state, const struct flow *f, int width, struct buf *out)
{
	const struct maintainers *mt = &((const struct mt_run *)state)->mt;
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
		for (uint32_t i = first; i < first + nr; i++)
			text_subsystem(out, &mt->s[mt->pair_sub[i]]);
	}
}

static void
mt_json_tree(const void *state, const struct flow *f, uint32_t i,
	     struct json *j)
{
	const struct maintainers *mt = &((const struct mt_run *)state)->mt;
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
	const struct maintainers *mt = &((const struct mt_run *)state)->mt;
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

/*
 * A tree's box: its first subsystem (in the file's order), shortened to
 * fit, and "+N" for its others; with --maintainer-names a second line,
 * the maintainers' names without addresses, shortened too.  The text is
 * the file's: the chart escapes it.
 */
static void
mt_node_line(const void *state, const struct flow *f, uint32_t i,
	     struct buf *out)
{
	const struct mt_run *run = state;
	const struct maintainers *mt = &run->mt;
	const struct flow_tree *t = &f->trees[i];
	const struct subsystem *sub;
	struct buf names = BUF_INIT;
	uint32_t nr, first;

	if (!i || t->tree == TREE_NONE)
		return;
	first = maintainers_of(mt, t->repo, &nr);
	if (!nr)
		return;
	sub = &mt->s[mt->pair_sub[first]];
	add_short(out, sub->name, strlen(sub->name), MT_BOX_CHARS);
	if (nr > 1)
		buf_printf(out, " +%u", nr - 1);
	if (!run->names || !sub->maintainers_nr)
		return;
	for (uint32_t m = 0; m < sub->maintainers_nr; m++) {
		if (m)
			buf_puts(&names, ", ");
		add_person(&names, sub->maintainers[m]);
	}
	buf_addc(out, '\n');
	add_short(out, names.data, names.len, MT_BOX_CHARS);
	buf_release(&names);
}

static const struct opt mt_options[] = {
	{ .name = "maintainers", .kind = OPT_SET, .value = MT_LABELS,
	  .help = "label trees from MAINTAINERS at the range's end\n"
		  "(the default when it exists; --no-maintainers)" },
	{ .name = "maintainer-names", .kind = OPT_SET, .value = MT_NAMES,
	  .help = "the same, and the maintainers' names in the chart's "
		  "boxes" },
	{ .name = "no-maintainers", .kind = OPT_SET, .value = 0,
	  .help = "do not label trees from MAINTAINERS",
	  .flags = OPT_UNLISTED },
};

static const struct extra_legend mt_legend[] = {
	{ "in a box: its subsystem in MAINTAINERS (+N: N more)",
	  EXTRA_LEGEND_NODE, NULL, "black", "SUBSYSTEM +1" },
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
	.node_line = mt_node_line,
	.legend = mt_legend,
	.legend_nr = ARRAY_SIZE(mt_legend),
};
