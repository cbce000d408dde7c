/*
 * explain.c - --explain: how each named merge was read.
 *
 * Nothing here decides anything: the merge is classified again by the
 * same function and rules the chart used, and the rest is read off the
 * chart (its tree table's keys and joins, is_mainline's reasons, the
 * attribution's pulls), so the explanation cannot drift from the report.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "modes/explain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flow/identity.h"
#include "flow/evidence.h"
#include "flow/report.h"
#include "flow/topics.h"
#include "git/commit_index.h"
#include "util/escape.h"
#include "util/json_writer.h"
#include "util/url.h"


/* How one merge was read: every string owned. */
struct reading {
	struct named_rev name;	/* first: named_rev_at's */
	struct merge_class mc;
	const char *says;	/* what the subject says: external, ... */
	char *url;		/* the URL, or NULL */
	char *key;		/* its key, or NULL */
	char *note;		/* how the URL became the key */
	uint32_t k;		/* the key's id, or KEY_NONE */
	uint32_t tree;		/* TREE_NONE: none */
	const char *named_by;	/* how the tree got its name, or NULL */
	int has_number;		/* a forge's request number: number */
	uint64_t number;
	int external;		/* the verdict */
	char *reason;
	uint32_t reached;	/* the first-parent line's merge that */
				/* brought its pulls, when not itself; */
				/* else HIST_NONE */
	char *branch;		/* the branch that merge names, or NULL */
};

static void
add_text(struct buf *out, const char *s)
{
	escape_text(out, s ? s : "", s ? strlen(s) : 0);
}


/* How url became its key: tree_name's rules, kernel.org's home
 * directories named. */
static char *
spelling_note(const char *url, const char *key)
{
	struct url_parts u;
	struct buf b = BUF_INIT;
	const char *path;
	size_t n;

	buf_puts(&b, "scheme, user, port, \".git\" and slashes dropped");
	if (url_parse(url, url + strlen(url), &u) != URL_NONE) {
		for (path = u.path; *path == '/'; path++)
			;
		n = u.host_len;
		if (n >= 10 && !strncmp(u.host + n - 10, "kernel.org", 10) &&
		    !strncmp(path, "home/", 5) && strcmp(key, path))
			buf_puts(&b, "; on kernel.org, /home/USER/REPO is "
				 "/pub/scm/linux/kernel/git/USER/REPO");
		else if (n >= 10 &&
			 !strncmp(u.host + n - 10, "kernel.org", 10) &&
			 strncmp(key, u.host, n))
			buf_puts(&b, "; on kernel.org, the path below "
				 "/pub/scm/linux/kernel/git/ (or /pub/scm/)");
	}
	return b.data;
}

/* The tree of the line merge i sits on: that of the first commit of
 * its first-parent chain that is not a merge. */
static uint32_t
line_tree(const struct chart *c, const struct history *h, uint32_t i)
{
	for (uint32_t n = 0; i != HIST_NONE && n < h->nr; n++) {
		if (!(h->flags[i] & HIST_IN_RANGE))
			return TREE_NONE;
		if (h->npar[i] < 2 && c->a.path_of[i] != HIST_NONE)
			return c->a.paths.tree[c->a.path_of[i]];
		i = h->npar[i] ? h->parent[h->pstart[i]] : HIST_NONE;
	}
	return TREE_NONE;
}

static void
mainline_reasons(struct buf *b, unsigned why)
{
	static const struct {
		unsigned bit;
		const char *text;
	} r[] = {
		{ MAINLINE_GIVEN, "--mainline-url or treeplot.mainlineUrl" },
		{ MAINLINE_ORIGIN, "remote.origin.url" },
		{ MAINLINE_BACK_MERGES, "named by the most back-merges of "
			"the mainline" },
		{ MAINLINE_SELF_PULL, "a self-pull: every merge naming it "
			"merges branch X into X on the mainline's first-parent "
			"line" },
		{ MAINLINE_GITHUB, "pull requests from the mainline's own "
			"GitHub repository" },
	};
	const char *sep = "";

	for (size_t k = 0; k < ARRAY_SIZE(r); k++)
		if (why & r[k].bit) {
			buf_printf(b, "%s%s", sep, r[k].text);
			sep = "; ";
		}
}

/* Internal or external, and why. */
static void
verdict(const struct explain_input *in, struct reading *rd)
{
	const struct chart *c = in->c;
	const struct tree_table *tt = &c->tt;
	uint32_t t = rd->tree, pulls = 0;
	struct buf b = BUF_INIT;

	if (rd->mc.kind == MERGE_UNRECOGNISED) {
		buf_puts(&b, "no form matched: treated as internal, and "
			 "listed in the report as unrecognised");
	} else if (rd->mc.kind == MERGE_INTERNAL) {
		buf_puts(&b, "the subject names no repository (");
		buf_puts(&b, rd->mc.form ? rd->mc.form : "?");
		buf_puts(&b, ")");
	} else if (t < tt->nr && c->is_mainline[t]) {
		buf_puts(&b, "it names the mainline's repository, known from: ");
		mainline_reasons(&b, c->is_mainline[t]);
	} else {
		for (uint32_t p = 0; p < c->a.pulls_nr; p++) {
			const struct pull *pl = &c->a.pulls[p];

			if (pl->merge != rd->name.i)
				continue;
			buf_printf(&b, "%spulled ", pulls++ ? "; " : "");
			buf_puts(&b, tt->t[pl->from].name);
			buf_puts(&b, " into ");
			/* Into the mainline's own branch ("next") when the
			 * merge is not on its first-parent line. */
			buf_puts(&b, pl->to == TREE_MAINLINE && rd->branch ?
				 rd->branch : tt->t[pl->to].name);
			buf_printf(&b, ", %u commit%s", pl->commits,
				   pl->commits == 1 ? "" : "s");
		}
		if (!pulls) {
			uint32_t lt = line_tree(c, in->h, rd->name.i);

			buf_puts(&b, "it names the repository of the line it "
				 "sits on");
			if (lt != TREE_NONE) {
				buf_puts(&b, " (");
				buf_puts(&b, tt->t[lt].name);
				buf_puts(&b, ")");
			}
		}
	}
	rd->external = pulls > 0;
	rd->reason = b.data;
}

/*
 * Where merge rd pulled its commits to: the merge of the mainline's
 * first-parent line that brought them (run_of: topics_runs_of's), when
 * that is another merge, as --trace's last hop; and the branch it
 * names ("next" for a pull into an integration branch).
 */
static void
reached_by(const struct chart *c, const struct history *h,
	   const uint32_t *run_of, struct reading *rd)
{
	const struct attribution *a = &c->a;

	rd->reached = HIST_NONE;
	for (uint32_t p = 0; p < a->pulls_nr; p++) {
		const struct pull *pl = &a->pulls[p];
		uint32_t r;

		if (pl->merge != rd->name.i || !pl->commits)
			continue;
		r = run_of[a->order[pl->first]];
		if (r == HIST_NONE || a->runs[r].merge == rd->name.i)
			return;
		rd->reached = a->runs[r].merge;
		rd->branch = topics_branch_of(h, a->runs[r].merge,
					      a->runs[r].parent);
		return;
	}
}

static void
read_merge(const struct explain_input *in, const uint32_t *run_of,
	   struct reading *rd)
{
	const struct chart *c = in->c;
	const struct rules *rules = in->o->rules;
	struct merge_class *mc = &rd->mc;

	classify_merge(in->h, rd->name.i, rules ? rules_match : NULL,
		       (void *)(uintptr_t)rules, mc);
	rd->says = mc->kind == MERGE_EXTERNAL ? "external" :
		   mc->kind == MERGE_INTERNAL ? "internal" : "unrecognised";
	rd->tree = c->m.tree[rd->name.i];
	rd->k = KEY_NONE;
	if (mc->kind == MERGE_EXTERNAL && mc->source == SOURCE_URL) {
		rd->url = xstrndup(mc->url, mc->url_len);
		rd->key = tree_name(rd->url, strlen(rd->url));
		rd->note = spelling_note(rd->url, rd->key);
		rd->k = trees_key_find(&c->tt, rd->key);
	}
	if (rd->k != KEY_NONE)
		rd->named_by = c->tt.k[trees_key_root(&c->tt, rd->k)].alias >= 0 ?
			       "treeplot.alias" : "its most recent spelling";
	else if (rd->tree != TREE_NONE && mc->source == SOURCE_REVIEW)
		rd->named_by = "the committer of its merges, through the "
			       ".mailmap";
	else if (rd->tree != TREE_NONE)
		rd->named_by = "its source";
	/* The pull or merge request's number, when it fits 64 bits. */
	if (mc->number_len && mc->number_len <= 19) {
		rd->has_number = 1;
		for (size_t k = 0; k < mc->number_len; k++)
			rd->number = rd->number * 10 + (uint64_t)(mc->number[k] - '0');
	}
	reached_by(c, in->h, run_of, rd);
	verdict(in, rd);
}

static const char *
join_why_name(enum join_why why)
{
	switch (why) {
	case JOIN_SAME_PATH:
		return "same-path";
	case JOIN_SAME_KEEPER:
		return "same-keeper";
	case JOIN_ALIAS:
		return "alias";
	case JOIN_ALIAS_PREFIX:
		return "alias-prefix";
	}
	return "?";
}

/* --- text ------------------------------------------------------------ */

static void
text_field(struct buf *out, const char *label, const char *value)
{
	buf_printf(out, "  %-10s  ", label);
	add_text(out, value);
	buf_addc(out, '\n');
}

/* --- the identity of the tree ---------------------------------------- */

/* The keepers compared, as identity.c compares them. */
#define KEEPERS_SHOWN 8
/* Similar names kept apart, listed at most. */
#define APART_MAX 10

struct keys {
	uint32_t *v;
	uint32_t nr;
};

static int
cmp_key_first(const void *pa, const void *pb, void *data)
{
	const struct tree_table *tt = data;
	const struct tree_key *a = &tt->k[*(const uint32_t *)pa],
			      *b = &tt->k[*(const uint32_t *)pb];

	if (!a->pulls != !b->pulls)
		return a->pulls ? -1 : 1;
	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	return strcmp(a->key, b->key);
}

/* The keys of k's tree, by first pull, then key (the numbers follow the
 * walk's order). */
static void
tree_keys(const struct tree_table *tt, uint32_t k, struct keys *out)
{
	uint32_t root = trees_key_root(tt, k);

	out->v = xmalloc((tt->k_nr ? tt->k_nr : 1) * sizeof(*out->v));
	out->nr = 0;
	for (uint32_t i = 0; i < tt->k_nr; i++)
		if (trees_key_root(tt, i) == root)
			out->v[out->nr++] = i;
	qsort_r(out->v, out->nr, sizeof(*out->v), cmp_key_first,
		(void *)(uintptr_t)tt);
}

/* The pulls of key k whose tip told who keeps it, and how many of them
 * person committed. */
static uint32_t
evidence_of(const struct tree_key *k, uint32_t person, uint32_t *all)
{
	uint32_t n = 0;

	*all = 0;
	for (uint32_t i = 0; i < k->ev_nr; i++) {
		*all += k->ev[i].pulls;
		if (k->ev[i].person == person)
			n = k->ev[i].pulls;
	}
	return n;
}

/* "kept by NAME <mail> (n of m pulls)", or why no keeper is known: raw
 * text (a name is the history's), escaped where it is written. */
static void
keeper_text(struct buf *out, const struct tree_table *tt, uint32_t k)
{
	uint32_t p[KEEPERS_SHOWN], n = evidence_keepers(tt, k, p,
							KEEPERS_SHOWN);
	uint32_t all, most = 0;

	if (!n) {
		buf_puts(out, "keeper unknown (the tips its pulls brought in "
			 "are the mainline's own commits or its maintainers' "
			 "merges)");
		return;
	}
	buf_puts(out, "kept by ");
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			buf_puts(out, i + 1 == n ? " and " : ", ");
		buf_puts(out, tt->people.s[p[i]]);
		most = evidence_of(&tt->k[k], p[i], &all);
	}
	buf_printf(out, " (%u of %u pull%s%s)", most, tt->k[k].pulls,
		   tt->k[k].pulls == 1 ? "" : "s", n > 1 ? " each" : "");
}

/* Do the keepers of keys a and b share a person?  -1: one has none. */
static int
keepers_meet(const struct tree_table *tt, uint32_t a, uint32_t b)
{
	uint32_t pa[KEEPERS_SHOWN], pb[KEEPERS_SHOWN];
	uint32_t na = evidence_keepers(tt, a, pa, KEEPERS_SHOWN),
		 nb = evidence_keepers(tt, b, pb, KEEPERS_SHOWN);

	if (!na || !nb)
		return -1;
	for (uint32_t i = 0; i < na; i++)
		for (uint32_t j = 0; j < nb; j++)
			if (pa[i] == pb[j])
				return 1;
	return 0;
}

/* Is there a likely alias between the trees of a and b? */
static int
hinted(const struct tree_table *tt, uint32_t a, uint32_t b)
{
	uint32_t ra = trees_key_root(tt, a), rb = trees_key_root(tt, b);

	for (uint32_t i = 0; i < tt->hints_nr; i++) {
		uint32_t x = trees_key_root(tt, tt->hints[i].older),
			 y = trees_key_root(tt, tt->hints[i].newer);

		if ((x == ra && y == rb) || (x == rb && y == ra))
			return 1;
	}
	return 0;
}

/*
 * The keys of other trees that bear the repository name of one of
 * tree's keys (ks), pulled in the range: the similar names identity kept
 * apart.  Into out (grown), by key; their number.
 */
static uint32_t
similar_keys(const struct tree_table *tt, const struct keys *ks,
	     struct keys *out)
{
	uint32_t root = ks->nr ? trees_key_root(tt, ks->v[0]) : KEY_NONE;

	out->v = xmalloc((tt->k_nr ? tt->k_nr : 1) * sizeof(*out->v));
	out->nr = 0;
	for (uint32_t i = 0; root != KEY_NONE && i < tt->k_nr; i++) {
		const struct tree_key *ki = &tt->k[i];

		if (!ki->pulls || !*ki->host || trees_key_root(tt, i) == root)
			continue;
		for (uint32_t j = 0; j < ks->nr; j++)
			if (tt->k[ks->v[j]].pulls &&
			    !strcmp(identity_repo_name(ki),
				    identity_repo_name(&tt->k[ks->v[j]]))) {
				out->v[out->nr++] = i;
				break;
			}
	}
	qsort_r(out->v, out->nr, sizeof(*out->v), cmp_key_first,
		(void *)(uintptr_t)tt);
	return out->nr;
}

/* Why key o (another tree) and the tree of keys ks are apart: raw
 * text, as keeper_text's. */
static void
apart_why(struct buf *out, const struct tree_table *tt, const struct keys *ks,
	  uint32_t o)
{
	int meet = -1;
	uint32_t mine = KEY_NONE, pa, pb;

	for (uint32_t j = 0; j < ks->nr && meet != 0; j++) {
		int m;

		if (!tt->k[ks->v[j]].pulls)
			continue;
		m = keepers_meet(tt, ks->v[j], o);
		if (m >= 0) {
			meet = m;
			mine = ks->v[j];
		}
	}
	if (tt->k[trees_key_root(tt, o)].alias >= 0 &&
	    tt->k[trees_key_root(tt, ks->v[0])].alias >= 0) {
		buf_puts(out, "treeplot.alias names them apart");
	} else if (!identity_same_owner(&tt->k[o], &tt->k[ks->v[0]]) &&
		   (meet != 0 || identity_same_name(tt, mine, o, &pa, &pb))) {
		/* One keeper (or unknown): the owners keep them apart. */
		buf_puts(out, "forks of different owners on a forge: only "
			 "treeplot.alias joins them");
	} else if (meet == 0 &&
		   identity_same_name(tt, mine, o, &pa, &pb)) {
		buf_puts(out, "kept by one name under two addresses, ");
		buf_puts(out, tt->people.s[pb]);
		buf_puts(out, " there and ");
		buf_puts(out, tt->people.s[pa]);
		buf_puts(out, " here (a .mailmap line would make them one "
			 "person): listed as a likely alias");
	} else if (meet == 0) {
		buf_puts(out, "different keepers: ");
		keeper_text(out, tt, o);
		buf_puts(out, ", where ");
		buf_puts(out, tt->k[mine].key);
		buf_puts(out, " is ");
		keeper_text(out, tt, mine);
	} else {
		buf_puts(out, "no keeper known for one of them");
		if (hinted(tt, o, ks->v[0]))
			buf_puts(out, ": listed as a likely alias");
	}
}

static void
text_spellings(struct buf *out, const struct tree_table *tt, uint32_t k)
{
	uint32_t root = trees_key_root(tt, k);
	const char *label = "spellings";
	struct keys ks, sim;

	tree_keys(tt, k, &ks);
	for (uint32_t n = 0; n < ks.nr; n++) {
		const struct tree_key *key = &tt->k[ks.v[n]];

		buf_printf(out, "  %-10s  ", label);
		label = "";
		add_text(out, key->key);
		if (key->pulls) {
			struct buf who = BUF_INIT;

			buf_printf(out, "  %u pull%s, ", key->pulls,
				   key->pulls == 1 ? "" : "s");
			buf_add_day(out, key->first);
			buf_puts(out, " .. ");
			buf_add_day(out, key->last);
			/* Who keeps it: on a line of its own, under. */
			keeper_text(&who, tt, ks.v[n]);
			buf_printf(out, "\n  %-10s    ", "");
			add_text(out, who.data);
			buf_release(&who);
		} else {
			buf_puts(out, "  no pull in the range");
		}
		buf_addc(out, '\n');
	}
	label = "joined";
	for (uint32_t j = 0; j < tt->joins_nr; j++) {
		const struct tree_join *jn = &tt->joins[j];

		if (trees_key_root(tt, jn->a) != root)
			continue;
		buf_printf(out, "  %-10s  ", label);
		label = "";
		add_text(out, tt->k[jn->a].key);
		buf_puts(out, " = ");
		add_text(out, tt->k[jn->b].key);
		buf_printf(out, " (%s): ", join_why_name(jn->why));
		add_text(out, jn->detail);
		buf_addc(out, '\n');
	}
	label = "apart";
	similar_keys(tt, &ks, &sim);
	for (uint32_t n = 0; n < sim.nr && n < APART_MAX; n++) {
		struct buf why = BUF_INIT;

		buf_printf(out, "  %-10s  ", label);
		label = "";
		add_text(out, tt->k[sim.v[n]].key);
		buf_puts(out, ": ");
		apart_why(&why, tt, &ks, sim.v[n]);
		add_text(out, why.data);
		buf_addc(out, '\n');
		buf_release(&why);
	}
	if (sim.nr > APART_MAX)
		buf_printf(out, "  %-10s  and %u more of the name\n", "",
			   sim.nr - APART_MAX);
	free(sim.v);
	free(ks.v);
}

/* "reached  <merge>  <date>  <subject>": where a pull into a branch
 * of the mainline reached its first-parent line. */
static void
text_reached(struct buf *out, const struct history *h, uint32_t m)
{
	char hex[OID_HEXSZ + 1];
	const char *s = history_subject(h, m);
	int32_t tz = 0;
	int64_t t = s ? history_merge_time(h, m, &tz) : 0;
	time_t local = (time_t)(t + (int64_t)tz * 60);
	struct tm tm;

	history_hex(h, m, hex);
	buf_printf(out, "  %-10s  %.12s  ", "reached", hex);
	if (s && tz > -6000 && tz < 6000 && gmtime_r(&local, &tm))
		buf_printf(out, "%04d-%02d-%02d %02d:%02d:%02d %c%02d%02d  ",
			   tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
			   tm.tm_hour, tm.tm_min, tm.tm_sec, tz < 0 ? '-' : '+',
			   (tz < 0 ? -tz : tz) / 60, (tz < 0 ? -tz : tz) % 60);
	add_text(out, s ? s : "");
	buf_addc(out, '\n');
}

static void
explain_text(const struct explain_input *in, const struct reading *rds,
	     size_t nr, struct buf *out)
{
	const struct tree_table *tt = &in->c->tt;
	char hex[OID_HEXSZ + 1];

	buf_puts(out, "repository  ");
	add_text(out, in->repo);
	buf_puts(out, "\nrange       ");
	add_text(out, in->range);
	buf_addc(out, '\n');
	for (size_t n = 0; n < nr; n++) {
		const struct reading *rd = &rds[n];
		const char *s;

		/* rd->name.i is an index of the range only for a merge found
		 * in it: a merge outside the range has none. */
		if (rd->name.status != FOUND_MERGE)
			continue;
		s = history_subject(in->h, rd->name.i);
		history_hex(in->h, rd->name.i, hex);
		buf_printf(out, "\nmerge %.12s  ", hex);
		add_text(out, s ? s : "");
		buf_addc(out, '\n');
		text_field(out, "form", rd->mc.form ? rd->mc.form :
			   "none (unrecognised)");
		if (rd->has_number)
			buf_printf(out, "  %-10s  %llu\n", "number",
				   (unsigned long long)rd->number);
		text_field(out, "subject", rd->says);
		if (rd->url) {
			text_field(out, "url", rd->url);
			buf_printf(out, "  %-10s  ", "key");
			add_text(out, rd->key);
			buf_puts(out, " (");
			add_text(out, rd->note);
			buf_puts(out, ")\n");
		}
		if (rd->tree != TREE_NONE) {
			buf_printf(out, "  %-10s  ", "tree");
			add_text(out, tt->t[rd->tree].name);
			buf_puts(out, ", named by ");
			buf_puts(out, rd->named_by);
			buf_addc(out, '\n');
		}
		if (rd->tree != TREE_NONE)
			for (uint32_t u = 0; u < tt->t[rd->tree].urls_nr; u++)
				text_field(out, u ? "" : "urls",
					   tt->t[rd->tree].urls[u]);
		if (rd->k != KEY_NONE)
			text_spellings(out, tt, rd->k);
		if (rd->reached != HIST_NONE)
			text_reached(out, in->h, rd->reached);
		buf_printf(out, "  %-10s  %s: ", "verdict",
			   rd->external ? "external" : "internal");
		add_text(out, rd->reason);
		buf_addc(out, '\n');
	}
}

/* --- json ------------------------------------------------------------ */

static void
json_day(struct json *j, const char *key, const struct tree_key *k,
	 int64_t t)
{
	struct buf b = BUF_INIT;

	if (k->pulls)
		buf_add_day(&b, t);
	json_str(j, key, k->pulls ? b.data : NULL);
	buf_release(&b);
}

static void
json_person(struct json *j, const struct tree_table *tt, uint32_t p,
	    uint32_t pulls)
{
	const char *name, *mail;
	size_t nl, ml;
	struct buf b = BUF_INIT;

	keeper_split(tt->people.s[p], &name, &nl, &mail, &ml);
	json_open(j, NULL, '{');
	buf_add(&b, name, nl);
	json_str(j, "name", b.data);
	b.len = 0;
	buf_add(&b, mail, ml);
	json_str(j, "email", b.data);
	json_uint(j, "pulls", pulls);
	json_close(j, '}');
	buf_release(&b);
}

static void
json_spellings(struct json *j, const struct tree_table *tt, uint32_t k)
{
	uint32_t root = k == KEY_NONE ? KEY_NONE : trees_key_root(tt, k);
	struct keys ks = { NULL, 0 }, sim = { NULL, 0 };

	if (k != KEY_NONE) {
		tree_keys(tt, k, &ks);
		similar_keys(tt, &ks, &sim);
	}
	json_open(j, "spellings", '[');
	for (uint32_t n = 0; n < ks.nr; n++) {
		const struct tree_key *key = &tt->k[ks.v[n]];
		uint32_t p[KEEPERS_SHOWN], all,
			 np = evidence_keepers(tt, ks.v[n], p, KEEPERS_SHOWN);

		json_open(j, NULL, '{');
		json_str(j, "key", key->key);
		json_str(j, "url", key->url);
		json_uint(j, "pulls", key->pulls);
		json_day(j, "first", key, key->first);
		json_day(j, "last", key, key->last);
		json_open(j, "keepers", '[');
		for (uint32_t i = 0; i < np; i++)
			json_person(j, tt, p[i], evidence_of(key, p[i], &all));
		json_close(j, ']');
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "joins", '[');
	for (uint32_t i = 0; root != KEY_NONE && i < tt->joins_nr; i++) {
		const struct tree_join *jn = &tt->joins[i];

		if (trees_key_root(tt, jn->a) != root)
			continue;
		json_open(j, NULL, '{');
		json_str(j, "a", tt->k[jn->a].key);
		json_str(j, "b", tt->k[jn->b].key);
		json_str(j, "why", join_why_name(jn->why));
		json_str(j, "evidence", jn->detail);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "apart", '[');
	for (uint32_t n = 0; n < sim.nr; n++) {
		struct buf why = BUF_INIT;

		apart_why(&why, tt, &ks, sim.v[n]);
		json_open(j, NULL, '{');
		json_str(j, "key", tt->k[sim.v[n]].key);
		json_str(j, "tree", trees_key_name(tt, sim.v[n]));
		json_str(j, "why", why.data);
		json_close(j, '}');
		buf_release(&why);
	}
	json_close(j, ']');
	free(sim.v);
	free(ks.v);
}

static void
json_reading(struct json *j, const void *ctx, const void *elem)
{
	const struct explain_input *in = ctx;
	const struct reading *rd = elem;
	const struct tree_table *tt = &in->c->tt;
	const char *s = history_subject(in->h, rd->name.i);
	char hex[OID_HEXSZ + 1];

	history_hex(in->h, rd->name.i, hex);
	json_open(j, NULL, '{');
	json_str(j, "argument", rd->name.rev);
	json_str(j, "id", hex);
	json_str(j, "subject", s ? s : "");
	json_str(j, "form", rd->mc.form);
	if (rd->has_number)
		json_uint(j, "number", rd->number);
	else
		json_str(j, "number", NULL);
	json_str(j, "subject_says", rd->says);
	json_str(j, "url", rd->url);
	json_str(j, "key", rd->key);
	json_str(j, "tree", rd->tree != TREE_NONE ? tt->t[rd->tree].name :
		 NULL);
	json_str(j, "named_by", rd->named_by);
	json_open(j, "urls", '[');
	for (uint32_t u = 0; rd->tree != TREE_NONE &&
	     u < tt->t[rd->tree].urls_nr; u++)
		json_str(j, NULL, tt->t[rd->tree].urls[u]);
	json_close(j, ']');
	json_spellings(j, tt, rd->k);
	if (rd->reached != HIST_NONE) {
		json_open(j, "reached", '{');
		history_hex(in->h, rd->reached, hex);
		json_str(j, "merge", hex);
		json_str(j, "branch", rd->branch);
		s = history_subject(in->h, rd->reached);
		json_str(j, "subject", s ? s : "");
		json_close(j, '}');
	} else {
		json_str(j, "reached", NULL);
	}
	json_str(j, "verdict", rd->external ? "external" : "internal");
	json_str(j, "reason", rd->reason);
	json_close(j, '}');
}

static void
explain_json(const struct explain_input *in, const struct reading *rds,
	     size_t nr, struct buf *out)
{
	const struct report_named r = {
		in->repo, in->range, in->c->tt.t[TREE_MAINLINE].name,
		in->c->f.mainline_urls, in->c->f.mainline_urls_nr,
		"explained", "unexplained", FOUND_MERGE, json_reading, in, NULL
	};

	report_named_json(&r, rds, nr, sizeof(*rds), out);
}

int
explain(const struct explain_input *in, struct buf *text, struct buf *json)
{
	struct commit_index ix;
	struct reading *rds = xcalloc(in->revs_nr ? in->revs_nr : 1,
				      sizeof(*rds));
	uint32_t *run_of = topics_runs_of(&in->c->a, in->h->nr);
	int ret;

	commit_index_init(&ix, in->h);
	for (size_t n = 0; n < in->revs_nr; n++) {
		rds[n].name.rev = in->revs[n];
		commit_index_resolve(&ix, in->r, &rds[n].name);
		if (rds[n].name.status == FOUND_MERGE)
			read_merge(in, run_of, &rds[n]);
	}
	if (json)
		explain_json(in, rds, in->revs_nr, json);
	if (text)
		explain_text(in, rds, in->revs_nr, text);
	ret = named_rev_report(rds, in->revs_nr, sizeof(*rds), FOUND_MERGE,
			       in->range) ? ST_PARTIAL : ST_OK;
	for (size_t n = 0; n < in->revs_nr; n++) {
		free(rds[n].url);
		free(rds[n].key);
		free(rds[n].note);
		free(rds[n].reason);
		free(rds[n].branch);
	}
	free(rds);
	free(run_of);
	commit_index_release(&ix);
	return ret;
}
