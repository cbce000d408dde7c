/*
 * check.c - a CI gate on the way patches come (--check LIST, check.h).
 *
 * gather reads the range's non-merge commits once on the read pool's
 * threads (message, author, committer, trailers), parses their Fixes
 * trailers and judges their sign-offs there, then resolves every
 * distinct id as written once, reads each resolved target's subject
 * once, and asks whether each target is an ancestor of its fix.  The
 * findings are kept in the range's order (attribution.order: oldest
 * first), each commit's in the order of the codes, and the allow-list
 * (treeplot.checkAllow) drops its own before anything is written.
 */
#include "addons/check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "addons/extra.h"
#include "addons/review_read.h"
#include "flow/chart.h"
#include "flow/fixes_parse.h"
#include "git/commit_index.h"
#include "git/commitread.h"
#include "git/gitconfig.h"
#include "git/objname.h"
#include "git/odb.h"
#include "git/revision.h"
#include "git/tags.h"
#include "git/walk.h"
#include "util/escape.h"
#include "util/hash.h"
#include "util/json_writer.h"

#define NONE UINT32_MAX
/* Fewer digits than this in a Fixes id: fixes-short-id. */
#define CHECK_ID_DIGITS 12
/* The findings of each code the text report shows; counts for the
 * rest. */
#define CHECK_TOP 5

/* The groups of --check LIST, the add-on's value (a mask). */
enum {
	GROUP_FIXES = 1 << 0,
	GROUP_SIGNOFF = 1 << 1,
	GROUP_BACKMERGE = 1 << 2,
	GROUP_REBASE = 1 << 3,
	GROUP_ALL = GROUP_FIXES | GROUP_SIGNOFF | GROUP_BACKMERGE |
		    GROUP_REBASE,
};

enum code {
	FIXES_NO_ID,
	FIXES_SHORT_ID,
	FIXES_UNKNOWN,
	FIXES_SUBJECT,
	FIXES_NOT_ANCESTOR,
	SIGNOFF_AUTHOR,
	SIGNOFF_COMMITTER,
	BACKMERGE_UNTAGGED,
	BACKMERGE_UNEXPLAINED,
	PULL_REBASED,
	CODES_NR
};

static const char *const code_names[CODES_NR] = {
	"fixes-no-id", "fixes-short-id", "fixes-unknown", "fixes-subject",
	"fixes-not-ancestor", "signoff-author", "signoff-committer",
	"backmerge-untagged", "backmerge-unexplained", "pull-rebased",
};

/* pull-rebased's thresholds (treeplot.rebaseCommits, rebaseWindow,
 * rebaseRecent). */
struct rebase_rule {
	int64_t commits, window, recent;
};

struct finding {
	uint32_t pos;		/* the commit's place in attribution.order */
	uint32_t commit;	/* its history index */
	uint32_t tree;		/* names' number, or NONE */
	uint32_t detail;	/* the text's offset in details */
	uint32_t seq;		/* the order it was found in */
	uint8_t code;		/* enum code */
};

/* A Fixes id to resolve: the commit naming it and where it is in refs. */
struct pending {
	uint32_t pos, commit;
	uint32_t ref;		/* refs.v's */
	uint32_t id;		/* ids' number */
};

struct allow {
	int code;
	char *tree;		/* NULL: every tree */
};

struct check {
	const struct history *h;	/* the range's, borrowed */
	int groups;
	struct finding *v;
	size_t nr, alloc;
	struct buf details;		/* the details, each NUL-terminated */
	struct interner names;		/* tree names */
	struct fix_refs refs;		/* the Fixes ids of the range */
	struct pending *pend;
	size_t pend_nr, pend_alloc;
	struct interner ids;		/* the ids as written */
	struct allow *allow;
	size_t allow_nr;
	int64_t *ctime;			/* by place in attribution.order: */
					/* the committer's time */
	struct rebase_rule rule;
	uint32_t counts[CODES_NR];	/* left after the allow-list */
	uint32_t allowed;		/* dropped by it */
};

/* --- the findings ----------------------------------------------------- */

/* A finding of commit i, at place pos of the findings' order, in the
 * tree named tree (NULL: none). */
static void
add_finding_at(struct check *ck, uint32_t pos, uint32_t i, const char *tree,
	       enum code code, const char *detail)
{
	struct finding *f;

	ALLOC_GROW(ck->v, ck->nr + 1, ck->alloc);
	f = &ck->v[ck->nr];
	*f = (struct finding){ pos, i, NONE, (uint32_t)ck->details.len,
			       (uint32_t)ck->nr, (uint8_t)code };
	if (tree)
		f->tree = str_intern(&ck->names, tree);
	ck->nr++;
	buf_puts(&ck->details, detail);
	buf_addc(&ck->details, '\0');
}

/* A finding of the non-merge commit at pos in attribution.order. */
static void
add_finding(struct check *ck, const struct chart *c, uint32_t pos,
	    enum code code, const char *detail)
{
	uint32_t i = c->a.order[pos], p = c->a.path_of[i];

	add_finding_at(ck, pos, i, p == HIST_NONE ? NULL :
		       c->tt.t[c->a.paths.tree[p]].name, code, detail);
}

static int
cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	if (x->code != y->code)
		return x->code < y->code ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

static int
code_of(const char *s, size_t n)
{
	for (int k = 0; k < CODES_NR; k++)
		if (strlen(code_names[k]) == n && !memcmp(s, code_names[k], n))
			return k;
	return -1;
}

/* treeplot.checkAllow's values: "CODE" or "CODE TREE". */
static int
allow_parse(struct check *ck, const struct extra_config *config)
{
	size_t n = config ? config->nr : 0;

	ck->allow = xcalloc(n ? n : 1, sizeof(*ck->allow));
	for (size_t k = 0; k < n; k++) {
		const char *v = config->v[k], *sp = v;
		struct allow *a = &ck->allow[ck->allow_nr];

		while (*sp && *sp != ' ' && *sp != '\t')
			sp++;
		a->code = code_of(v, (size_t)(sp - v));
		if (a->code < 0)
			return error("treeplot.checkAllow: no check is named "
				     "'%.*s'", (int)(sp - v), v);
		while (*sp == ' ' || *sp == '\t')
			sp++;
		a->tree = *sp ? xstrdup(sp) : NULL;
		ck->allow_nr++;
	}
	return 0;
}

static int
allowed(const struct check *ck, const struct finding *f)
{
	const char *tree = f->tree == NONE ? NULL : ck->names.s[f->tree];

	for (size_t k = 0; k < ck->allow_nr; k++) {
		const struct allow *a = &ck->allow[k];

		if (a->code == f->code &&
		    (!a->tree || (tree && !strcmp(a->tree, tree))))
			return 1;
	}
	return 0;
}

/* The findings sorted, the allowed ones dropped, the rest counted. */
static void
settle(struct check *ck)
{
	size_t w = 0;

	if (ck->nr)
		qsort(ck->v, ck->nr, sizeof(*ck->v), cmp_finding);
	for (size_t k = 0; k < ck->nr; k++) {
		if (allowed(ck, &ck->v[k])) {
			ck->allowed++;
			continue;
		}
		ck->counts[ck->v[k].code]++;
		ck->v[w++] = ck->v[k];
	}
	ck->nr = w;
}

/* --- reading the commits ---------------------------------------------- */

/* One commit judged on some thread (commit_each_read). */
struct judged {
	struct fix_refs refs;
	char *author, *committer;	/* NULL: signed off */
	int64_t time;			/* the committer's */
};

/* What the reading shares: read only on the threads. */
struct reading {
	struct check *ck;
	const struct chart *c;
	const struct mailmap *mm;
};

static void
judge_one(const struct commit_info *ci, void *item, const void *ctx)
{
	const struct reading *rd = ctx;
	struct judged *j = item;
	int groups = rd->ck->groups;

	j->time = ci->time;
	if (groups & GROUP_FIXES) {
		fixes_parse(&j->refs, ci->message, ci->message_len);
		buf_release(&j->refs.scratch);
	}
	if ((groups & GROUP_SIGNOFF) && *ci->author &&
	    !review_signed_off(rd->mm, ci->trailers, ci->author))
		j->author = xstrdup(ci->author);
	if ((groups & GROUP_SIGNOFF) && *ci->committer &&
	    !review_signed_off(rd->mm, ci->trailers, ci->committer))
		j->committer = xstrdup(ci->committer);
}

/* Commit pos's Fixes ids (the reverts are no check's), and what it
 * found at once: no id, a short id, no sign-off. */
static void
keep(struct check *ck, const struct chart *c, uint32_t pos,
     const struct judged *j)
{
	struct buf d = BUF_INIT;

	ck->ctime[pos] = j->time;
	for (size_t k = 0; k < j->refs.nr; k++) {
		const struct fix_ref *r = &j->refs.v[k];
		const char *id = j->refs.text.data + r->off;
		struct fix_ref *kept;

		if (r->kind == FIX_NOID) {
			add_finding(ck, c, pos, FIXES_NO_ID, id);
			continue;
		}
		if (r->kind != FIX_FIXES)
			continue;
		if (r->len < CHECK_ID_DIGITS) {
			d.len = 0;
			buf_printf(&d, "%s: %u digits", id, (unsigned)r->len);
			add_finding(ck, c, pos, FIXES_SHORT_ID, d.data);
		}
		ALLOC_GROW(ck->refs.v, ck->refs.nr + 1, ck->refs.alloc);
		kept = &ck->refs.v[ck->refs.nr];
		*kept = *r;
		kept->off = (uint32_t)ck->refs.text.len;
		buf_add(&ck->refs.text, id, (size_t)r->len + 1);
		if (r->has_subject) {
			kept->subject = (uint32_t)ck->refs.text.len;
			buf_add(&ck->refs.text, j->refs.text.data + r->subject,
				(size_t)r->subject_len + 1);
		}
		ALLOC_GROW(ck->pend, ck->pend_nr + 1, ck->pend_alloc);
		ck->pend[ck->pend_nr++] = (struct pending){
			pos, c->a.order[pos], (uint32_t)ck->refs.nr++,
			str_intern(&ck->ids, id) };
	}
	if (j->author)
		add_finding(ck, c, pos, SIGNOFF_AUTHOR, j->author);
	if (j->committer)
		add_finding(ck, c, pos, SIGNOFF_COMMITTER, j->committer);
	buf_release(&d);
}

static void
judged_clear(void *item)
{
	struct judged *j = item;

	fix_refs_release(&j->refs);
	free(j->author);
	free(j->committer);
}

static void
judged_keep(uint32_t pos, void *item, void *ctx)
{
	struct reading *rd = ctx;

	keep(rd->ck, rd->c, pos, item);
}

/* The range's non-merge commits (c's order) read and judged on jobs
 * threads, kept in that order. */
static int
read_commits(struct check *ck, struct repo *r, const struct chart *c,
	     unsigned jobs)
{
	const struct attribution *a = &c->a;
	struct reading rd = { ck, c, NULL };
	struct mailmap *mm = NULL;
	struct commit_each how = {
		CF_TIME, NULL, sizeof(struct judged), judge_one, judged_keep,
		judged_clear, &rd,
	};
	int ret;

	ck->ctime = xcalloc(a->order_nr ? a->order_nr : 1, sizeof(*ck->ctime));
	if (!(ck->groups & (GROUP_FIXES | GROUP_SIGNOFF | GROUP_REBASE)))
		return 0;
	if (ck->groups & GROUP_FIXES)
		how.fields |= CF_MESSAGE;
	if (ck->groups & GROUP_SIGNOFF)
		how.fields |= CF_AUTHOR | CF_COMMITTER | CF_TRAILERS;
	if (mailmap_open(&mm, r) < 0)
		return -1;
	rd.mm = how.mm = mm;
	ret = commit_each_read(r, ck->h, a->order, a->order_nr, jobs, &how);
	mailmap_free(mm);
	return ret;
}

/* --- the targets ------------------------------------------------------ */

/* Whether written (a Fixes trailer's quoted subject) is subject: the
 * same, or cut and ending in "..." or an ellipsis, a prefix of it. */
static int
subject_matches(const char *written, size_t n, const char *subject)
{
	static const char ellipsis[] = "\xe2\x80\xa6";

	if (!strcmp(written, subject))
		return 1;
	/* "..." and the ellipsis are three bytes each. */
	if (n < 3 || (memcmp(written + n - 3, "...", 3) &&
		      memcmp(written + n - 3, ellipsis, 3)))
		return 0;
	n -= 3;
	return strlen(subject) >= n && !memcmp(written, subject, n);
}

static const char *
unresolved_why(int status)
{
	switch (status) {
	case REV_AMBIGUOUS:
		return "ambiguous";
	case REV_NOT_COMMIT:
		return "not a commit";
	default:
		return "no such commit";
	}
}

/* The subject of each resolved id that some Fixes quotes, read once:
 * subjects[id] (NULL: not needed). */
static int
read_subjects(struct check *ck, struct repo *r, const struct objname *on,
	      char **subjects)
{
	struct odb *o = NULL;
	int ret = 0;

	for (size_t k = 0; !ret && k < ck->pend_nr; k++) {
		const struct pending *p = &ck->pend[k];
		struct commit_info ci;
		char hex[OID_HEXSZ + 1];

		if (subjects[p->id] || on[p->id].status != REV_OK ||
		    !ck->refs.v[p->ref].has_subject)
			continue;
		if (!o && odb_open(&o, r) < 0)
			return -1;
		if (commit_info_read(o, NULL, &on[p->id].oid, CF_SUBJECT,
				     &ci)) {
			oid_to_hex(&on[p->id].oid, hex);
			ret = error("cannot read commit %s", hex);
			break;
		}
		subjects[p->id] = ci.subject;
		ci.subject = NULL;
		commit_info_release(&ci);
	}
	if (o)
		odb_free(o);
	return ret;
}

/* One pending Fixes id judged but for its ancestry: unknown, or another
 * subject.  Returns 1 when its ancestry is to be asked, else 0. */
static int
judge_target(struct check *ck, const struct chart *c, const struct pending *p,
	     const struct objname *on, char *const *subjects, struct buf *d)
{
	const struct fix_ref *ref = &ck->refs.v[p->ref];
	const char *id = ck->refs.text.data + ref->off;
	const struct objname *t = &on[p->id];

	d->len = 0;
	if (t->status != REV_OK) {
		buf_printf(d, "%s: %s", id, unresolved_why(t->status));
		add_finding(ck, c, p->pos, FIXES_UNKNOWN, d->data);
		return 0;
	}
	if (ref->has_subject &&
	    !subject_matches(ck->refs.text.data + ref->subject,
			     ref->subject_len, subjects[p->id])) {
		buf_printf(d, "%s (\"%s\"): \"%s\"", id,
			   ck->refs.text.data + ref->subject,
			   subjects[p->id]);
		add_finding(ck, c, p->pos, FIXES_SUBJECT, d->data);
	}
	return 1;
}

/*
 * The history to the range's end, where every target that is an
 * ancestor of its fix is (the range's own when it has no start), its
 * commits by id, and the ancestry questions asked of it.
 */
struct ancestry {
	struct history whole;
	const struct history *h;
	struct commit_index ix;
	struct history_pair *q;
	size_t *of;		/* per question: its pending's number */
	size_t nr, alloc, of_alloc;
	int own;
};

static int
ancestry_open(struct ancestry *an, const struct extra_input *in)
{
	struct range rg = { .to = in->rg->to, .to_name = in->rg->to_name };

	memset(an, 0, sizeof(*an));
	an->h = in->h;
	if (in->rg->has_from || in->co->selected) {
		if (walk_range(in->r, &rg, 0, in->jobs, &an->whole) < 0)
			return -1;
		an->own = 1;
		an->h = &an->whole;
	}
	commit_index_init(&an->ix, an->h);
	return 0;
}

static void
ancestry_close(struct ancestry *an)
{
	commit_index_release(&an->ix);
	if (an->own)
		history_release(&an->whole);
	free(an->q);
	free(an->of);
}

/* Is target an ancestor of the range's commit fix?  Asked of an, or
 * answered at once (0: the target is not in the history to the range's
 * end, so no commit of the range reaches it). */
static int
ancestry_ask(struct ancestry *an, const struct check *ck, size_t k,
	     const struct object_id *target, uint32_t fix)
{
	uint32_t to = commit_index_find(&an->ix, target);
	uint32_t from = commit_index_find(&an->ix, &ck->h->oid[fix]);

	if (to == HIST_NONE || from == HIST_NONE)
		return 0;
	ALLOC_GROW(an->q, an->nr + 1, an->alloc);
	ALLOC_GROW(an->of, an->nr + 1, an->of_alloc);
	an->q[an->nr] = (struct history_pair){ from, to };
	an->of[an->nr++] = k;
	return 1;
}

/* The pending Fixes ids: unknown, another subject, not an ancestor of
 * their fix (every question answered in one pass over the history). */
static int
judge_targets(struct check *ck, const struct extra_input *in)
{
	size_t n = ck->ids.nr ? ck->ids.nr : 1;
	struct objname *on = xcalloc(n, sizeof(*on));
	char **subjects = xcalloc(n, sizeof(*subjects));
	uint8_t *answer = xcalloc(ck->pend_nr ? ck->pend_nr : 1, 1);
	struct ancestry an;
	struct buf d = BUF_INIT;
	char hex[OID_HEXSZ + 1];
	int ret, opened = 0;

	for (uint32_t k = 0; k < ck->ids.nr; k++) {
		on[k].hex = ck->ids.s[k];
		on[k].len = strlen(ck->ids.s[k]);
	}
	ret = objname_resolve(in->r, on, ck->ids.nr);
	if (!ret)
		ret = read_subjects(ck, in->r, on, subjects);
	if (!ret && ck->pend_nr) {
		ret = ancestry_open(&an, in);
		opened = !ret;
	}
	for (size_t k = 0; !ret && k < ck->pend_nr; k++) {
		const struct pending *p = &ck->pend[k];

		answer[k] = 1;
		if (judge_target(ck, in->c, p, on, subjects, &d) &&
		    !ancestry_ask(&an, ck, k, &on[p->id].oid, p->commit))
			answer[k] = 0;
	}
	if (opened) {
		uint8_t *got = xcalloc(an.nr ? an.nr : 1, 1);

		history_ancestry(an.h, an.q, an.nr, got);
		for (size_t k = 0; k < an.nr; k++)
			answer[an.of[k]] = got[k];
		free(got);
	}
	for (size_t k = 0; !ret && k < ck->pend_nr; k++) {
		const struct pending *p = &ck->pend[k];
		const struct objname *t = &on[p->id];

		if (answer[k] || t->status != REV_OK)
			continue;
		oid_to_hex(&t->oid, hex);
		d.len = 0;
		buf_printf(&d, "%s: %s is not an ancestor",
			   ck->refs.text.data + ck->refs.v[p->ref].off, hex);
		add_finding(ck, in->c, p->pos, FIXES_NOT_ANCESTOR, d.data);
	}
	if (opened)
		ancestry_close(&an);
	for (uint32_t k = 0; k < ck->ids.nr; k++)
		free(subjects[k]);
	free(subjects);
	free(answer);
	free(on);
	buf_release(&d);
	return ret;
}

/* --- merges: back-merges and pulls of rebased commits ---------------- */

/* A duration in git's configuration: seconds, or a number and s, m, h
 * or d. */
static int
parse_duration(const char *v, int64_t *out)
{
	char *end;
	long long n;
	int64_t unit = 1;

	if (!v || *v < '0' || *v > '9')
		return -1;
	n = strtoll(v, &end, 10);
	if (*end && end[1])
		return -1;
	switch (*end) {
	case '\0': case 's': break;
	case 'm': unit = 60; break;
	case 'h': unit = 3600; break;
	case 'd': unit = 86400; break;
	default: return -1;
	}
	if (n > INT64_MAX / 86400)
		return -1;
	*out = (int64_t)n * unit;
	return 0;
}

static int
rule_entry(const char *name, const char *value, const char *file,
	   void *data)
{
	struct rebase_rule *rule = data;
	int64_t *at = !strcasecmp(name, "treeplot.rebasecommits") ?
		      &rule->commits :
		      !strcasecmp(name, "treeplot.rebasewindow") ?
		      &rule->window : &rule->recent;
	int bad = at == &rule->commits ?
		  (!value || strspn(value, "0123456789") != strlen(value) ||
		   !*value || strlen(value) > 9) :
		  parse_duration(value, at) < 0;

	if (bad)
		return error("bad value '%s' for '%s' in %s", value ? value :
			     "", name, file);
	if (at == &rule->commits)
		*at = atoll(value);
	return 0;
}

/* The thresholds: 5 commits, within an hour, 48 hours before, unless
 * git's configuration says otherwise. */
static int
rule_read(struct rebase_rule *rule, struct repo *r)
{
	struct repo_config *rc;
	const char *glob = "^treeplot\\.rebase(commits|window|recent)$";
	int ret;

	*rule = (struct rebase_rule){ 5, 3600, 48 * 3600 };
	if (repo_config_open(&rc, r) < 0)
		return -1;
	ret = repo_config_each(rc, 1, glob, rule_entry, rule);
	if (!ret)
		ret = repo_config_each(rc, 0, glob, rule_entry, rule);
	repo_config_free(rc);
	return ret ? -1 : 0;
}

/* Whether a merge's message says something beyond its subject, its
 * Conflicts: paragraphs and its trailers (trailers_nr of them: the last
 * paragraph): a paragraph after the subject's that is none of those. */
static int
merge_explained(const char *msg, size_t trailers_nr)
{
	const char *p = msg;
	int para = 0, in_para = 0, saying = 0, last = 0;

	while (*p) {
		const char *eol = strchr(p, '\n'), *q = p;

		if (!eol)
			eol = p + strlen(p);
		while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (q == eol) {
			in_para = 0;
		} else if (!in_para) {
			int conflicts = !strncmp(q, "Conflicts:", 10) ||
					!strncmp(q, "# Conflicts:", 12);

			in_para = 1;
			/* The subject's paragraph is para 0. */
			last = para++ && !conflicts;
			saying += last;
		}
		p = *eol ? eol + 1 : eol;
	}
	return saying - (trailers_nr && last) > 0;
}

/* The tree a merge sits in: the tree the pull that brought its line
 * pulled; the mainline for the mainline's own lines. */
static const char *
merge_tree(const struct chart *c, const uint32_t *pull_of, uint32_t m,
	   int on_line)
{
	uint32_t v = on_line ? m : c->a.via[m];
	uint32_t k = v == HIST_NONE ? HIST_NONE : pull_of[v];

	if (k == HIST_NONE)
		return c->tt.t[TREE_MAINLINE].name;
	return c->tt.t[c->a.pulls[k].from].name;
}

/* Per history index: the first pull of the merge, or HIST_NONE. */
static uint32_t *
pulls_by_merge(const struct history *h, const struct attribution *a)
{
	uint32_t *pull_of = xmalloc((h->nr ? h->nr : 1) * sizeof(*pull_of));

	for (uint32_t i = 0; i < h->nr; i++)
		pull_of[i] = HIST_NONE;
	for (uint32_t k = a->pulls_nr; k-- > 0;)
		pull_of[a->pulls[k].merge] = k;
	return pull_of;
}

static int
keep_tag(const char *name, const void *data)
{
	(void)name;
	(void)data;
	return 1;
}

/* Merge m off the line, in a tree, merging back the mainline's commit
 * p: judged by its tag and its message. */
static int
judge_backmerge(struct check *ck, const struct extra_input *in,
		const struct tag_map *tm, struct odb **o, uint32_t pos,
		uint32_t m, uint32_t p, const char *tree)
{
	const struct object_id *oid = &ck->h->oid[p];
	size_t k = tag_map_first(tm, oid);
	int tagged = tag_map_names(tm, k, oid), ret = 0;
	struct commit_info ci;
	char hex[OID_HEXSZ + 1];
	struct buf d = BUF_INIT;

	history_hex(ck->h, p, hex);
	if (!tagged) {
		buf_printf(&d, "merges %s of the mainline, at no tag", hex);
		add_finding_at(ck, pos, m, tree, BACKMERGE_UNTAGGED, d.data);
	}
	if (!*o && odb_open(o, in->r) < 0)
		return -1;
	if (commit_info_read(*o, NULL, &ck->h->oid[m],
			     CF_MESSAGE | CF_TRAILERS, &ci)) {
		history_hex(ck->h, m, hex);
		buf_release(&d);
		return error("cannot read commit %s", hex);
	}
	if (!merge_explained(ci.message, ci.trailers_nr)) {
		d.len = 0;
		buf_printf(&d, "merges %s%s%s, says nothing beyond its "
			   "subject", tagged ? tm->t[k].name : hex,
			   tagged ? " " : "", tagged ? hex : "");
		add_finding_at(ck, pos, m, tree, BACKMERGE_UNEXPLAINED,
			       d.data);
	}
	commit_info_release(&ci);
	buf_release(&d);
	return ret;
}

/* The merge's later parent on the mainline's first-parent history, or
 * HIST_NONE. */
static uint32_t
merged_back(const struct history *h, const uint8_t *marks, uint32_t m)
{
	uint32_t n;
	const uint32_t *par = history_parents(h, m, &n);

	for (uint32_t k = 1; k < n; k++)
		if (marks[par[k]])
			return par[k];
	return HIST_NONE;
}

/* A back-merge, sorted by committer time, then id. */
struct dated {
	int64_t time;
	const struct object_id *oid;
	uint32_t m;
};

static int
cmp_dated(const void *a, const void *b)
{
	const struct dated *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return memcmp(x->oid->hash, y->oid->hash, OID_RAWSZ);
}

/* v's n merges by committer time, then id. */
static void
sort_merges(const struct history *h, uint32_t *v, uint32_t n)
{
	struct dated *d = xmalloc((n ? n : 1) * sizeof(*d));
	int32_t tz;

	for (uint32_t k = 0; k < n; k++)
		d[k] = (struct dated){ history_merge_time(h, v[k], &tz),
				       &h->oid[v[k]], v[k] };
	if (n)
		qsort(d, n, sizeof(*d), cmp_dated);
	for (uint32_t k = 0; k < n; k++)
		v[k] = d[k].m;
	free(d);
}

static int
check_backmerges(struct check *ck, const struct extra_input *in,
		 const uint32_t *pull_of, uint32_t *pos)
{
	const struct history *h = ck->h;
	const struct chart *c = in->c;
	uint8_t *marks = history_first_parent_marks(h);
	struct tag_map tm = { NULL, 0, 0 };
	struct odb *o = NULL;
	int ret = 0;

	if (tag_map_load(in->r, keep_tag, NULL, in->release, &tm) < 0) {
		tag_map_release(&tm);
		free(marks);
		return -1;
	}
	uint32_t *v = xmalloc((h->nr ? h->nr : 1) * sizeof(*v)), n = 0;

	for (uint32_t m = 0; m < h->nr; m++)
		if ((h->flags[m] & HIST_IN_RANGE) && !marks[m] &&
		    history_is_merge(h, m) && c->a.via[m] != HIST_NONE &&
		    merged_back(h, marks, m) != HIST_NONE)
			v[n++] = m;
	sort_merges(h, v, n);
	for (uint32_t k = 0; !ret && k < n; k++)
		ret = judge_backmerge(ck, in, &tm, &o, (*pos)++, v[k],
				      merged_back(h, marks, v[k]),
				      merge_tree(c, pull_of, v[k], 0));
	free(v);
	if (o)
		odb_free(o);
	tag_map_release(&tm);
	free(marks);
	return ret;
}

/* The pulls of the first-parent line: the commits each brought, all
 * committed within the window, the newest shortly before it. */
static void
check_rebased(struct check *ck, const struct chart *c,
	      const uint32_t *pull_of, uint32_t *pos)
{
	const struct attribution *a = &c->a;
	const struct rebase_rule *rule = &ck->rule;
	struct buf d = BUF_INIT;

	for (uint32_t r = 0, next; r < a->runs_nr; r = next) {
		uint32_t m = a->runs[r].merge, n = 0;
		int64_t lo = INT64_MAX, hi = INT64_MIN, when;
		int32_t tz;

		for (next = r; next < a->runs_nr && a->runs[next].merge == m;
		     next++)
			for (uint32_t k = 0; k < a->runs[next].commits; k++) {
				int64_t t = ck->ctime[a->runs[next].first + k];

				lo = t < lo ? t : lo;
				hi = t > hi ? t : hi;
				n++;
			}
		when = history_merge_time(ck->h, m, &tz);
		if (n < rule->commits || hi - lo > rule->window ||
		    when - hi >= rule->recent)
			continue;
		d.len = 0;
		buf_printf(&d, "%u commits committed within %" PRId64
			   " minutes, the newest %" PRId64 " minutes before "
			   "the pull", n, (hi - lo) / 60, (when - hi) / 60);
		add_finding_at(ck, (*pos)++, m, merge_tree(c, pull_of, m, 1),
			       PULL_REBASED, d.data);
	}
	buf_release(&d);
}

/* The merges' findings, after the commits': back-merges in the
 * history's order, then the pulls along the line, oldest first. */
static int
check_merges(struct check *ck, const struct extra_input *in)
{
	uint32_t *pull_of, pos = in->c->a.order_nr;
	int ret = 0;

	if (!(ck->groups & (GROUP_BACKMERGE | GROUP_REBASE)))
		return 0;
	pull_of = pulls_by_merge(ck->h, &in->c->a);
	if (ck->groups & GROUP_BACKMERGE)
		ret = check_backmerges(ck, in, pull_of, &pos);
	if (!ret && (ck->groups & GROUP_REBASE))
		check_rebased(ck, in->c, pull_of, &pos);
	free(pull_of);
	return ret;
}

/* --- gathering -------------------------------------------------------- */

static void
check_free(void *state)
{
	struct check *ck = state;

	if (!ck)
		return;
	free(ck->v);
	buf_release(&ck->details);
	interner_release(&ck->names);
	fix_refs_release(&ck->refs);
	free(ck->pend);
	free(ck->ctime);
	interner_release(&ck->ids);
	for (size_t k = 0; k < ck->allow_nr; k++)
		free(ck->allow[k].tree);
	free(ck->allow);
	free(ck);
}

static int
check_gather(const struct extra_input *in, int arg, void **state)
{
	struct check *ck = xcalloc(1, sizeof(*ck));

	ck->h = in->h;
	ck->groups = arg;
	ck->names = (struct interner)INTERNER_INIT;
	ck->ids = (struct interner)INTERNER_INIT;
	if (allow_parse(ck, in->config) < 0 ||
	    rule_read(&ck->rule, in->r) < 0 ||
	    read_commits(ck, in->r, in->c, in->jobs) < 0 ||
	    judge_targets(ck, in) < 0 ||
	    check_merges(ck, in) < 0) {
		check_free(ck);
		return -1;
	}
	settle(ck);
	*state = ck;
	return 1;
}

/* --- the outputs ------------------------------------------------------ */

static const char *
tree_of(const struct check *ck, const struct finding *f)
{
	return f->tree == NONE ? "" : ck->names.s[f->tree];
}

static void
add_escaped(struct buf *out, const char *s)
{
	escape_text(out, s, strlen(s));
}

/* -T findings: commit, code, tree, detail, a line each. */
static void
check_lines(const void *state, const struct flow *f, struct buf *out)
{
	const struct check *ck = state;
	char hex[OID_HEXSZ + 1];

	(void)f;
	for (size_t k = 0; k < ck->nr; k++) {
		const struct finding *x = &ck->v[k];

		history_hex(ck->h, x->commit, hex);
		buf_printf(out, "%s\t%s\t", hex, code_names[x->code]);
		add_escaped(out, tree_of(ck, x));
		buf_addc(out, '\t');
		add_escaped(out, ck->details.data + x->detail);
		buf_addc(out, '\n');
	}
}

/* s..s+n as GitHub Actions' workflow commands take it: % CR LF as
 * %25 %0D %0A, and in a property (prop) : and , as %3A %2C. */
static void
add_github(struct buf *out, const char *s, size_t n, int prop)
{
	for (size_t k = 0; k < n; k++) {
		char c = s[k];

		if (c == '%')
			buf_puts(out, "%25");
		else if (c == '\r')
			buf_puts(out, "%0D");
		else if (c == '\n')
			buf_puts(out, "%0A");
		else if (prop && c == ':')
			buf_puts(out, "%3A");
		else if (prop && c == ',')
			buf_puts(out, "%2C");
		else
			buf_addc(out, c);
	}
}

/* -T github: a warning each, "::warning title=CODE::ID TREE: DETAIL",
 * the commit's text escaped as in the text report first (no control
 * character is left), then as GitHub reads it. */
static void
check_github(const void *state, const struct flow *f, struct buf *out)
{
	const struct check *ck = state;
	struct buf t = BUF_INIT;
	char hex[OID_HEXSZ + 1];

	(void)f;
	for (size_t k = 0; k < ck->nr; k++) {
		const struct finding *x = &ck->v[k];

		history_hex(ck->h, x->commit, hex);
		buf_puts(out, "::warning title=");
		add_github(out, code_names[x->code],
			   strlen(code_names[x->code]), 1);
		buf_printf(out, "::%.12s ", hex);
		t.len = 0;
		add_escaped(&t, tree_of(ck, x));
		buf_puts(&t, ": ");
		add_escaped(&t, ck->details.data + x->detail);
		add_github(out, t.data, t.len, 0);
		buf_addc(out, '\n');
	}
	buf_release(&t);
}

/* A code's first findings, then its count per tree. */
static void
text_code(const struct check *ck, int code, int width, struct buf *out)
{
	uint32_t *per = xcalloc(ck->names.nr + 1, sizeof(*per)), shown = 0;
	char hex[OID_HEXSZ + 1];

	report_row(out, code_names[code], width, ck->counts[code]);
	buf_addc(out, '\n');
	for (size_t k = 0; k < ck->nr; k++) {
		const struct finding *x = &ck->v[k];

		if (x->code != code)
			continue;
		per[x->tree == NONE ? ck->names.nr : x->tree]++;
		if (shown++ >= CHECK_TOP)
			continue;
		history_hex(ck->h, x->commit, hex);
		buf_printf(out, "    %.12s ", hex);
		report_name(out, tree_of(ck, x));
		buf_puts(out, ": ");
		report_name(out, ck->details.data + x->detail);
		buf_addc(out, '\n');
	}
	if (shown > CHECK_TOP)
		buf_printf(out, "    and %u more\n", shown - CHECK_TOP);
	for (uint32_t t = 0; t <= ck->names.nr; t++) {
		if (!per[t])
			continue;
		buf_printf(out, "    %*u in ", width > 7 ? width : 7, per[t]);
		report_name(out, t == ck->names.nr ? "(no tree)" :
			    ck->names.s[t]);
		buf_addc(out, '\n');
	}
	free(per);
}

static void
check_text(const void *state, const struct flow *f, int width,
	   struct buf *out)
{
	const struct check *ck = state;

	(void)f;
	buf_puts(out, "\nChecks: what --check found\n");
	report_row(out, "findings", width, (uint32_t)ck->nr);
	buf_addc(out, '\n');
	report_row(out, "allowed (treeplot.checkAllow)", width, ck->allowed);
	buf_addc(out, '\n');
	for (int code = 0; code < CODES_NR; code++)
		if (ck->counts[code])
			text_code(ck, code, width, out);
}

/* A tree's name and number, sorted by name. */
struct named_tree {
	const char *name;
	uint32_t t;
};

static int
cmp_named(const void *a, const void *b)
{
	return strcmp(((const struct named_tree *)a)->name,
		      ((const struct named_tree *)b)->name);
}

/* The count of each (code, tree) with one, by code then tree name. */
static void
json_by_tree(const struct check *ck, struct json *j)
{
	uint32_t n = ck->names.nr;
	uint32_t *per = xcalloc(n + 1, sizeof(*per));
	struct named_tree *v = xmalloc((n + 1) * sizeof(*v));

	for (uint32_t t = 0; t < n; t++)
		v[t] = (struct named_tree){ ck->names.s[t], t };
	if (n)
		qsort(v, n, sizeof(*v), cmp_named);
	json_open(j, "by_tree", '[');
	for (int code = 0; code < CODES_NR; code++) {
		memset(per, 0, (n + 1) * sizeof(*per));
		for (size_t k = 0; k < ck->nr; k++)
			if (ck->v[k].code == code && ck->v[k].tree != NONE)
				per[ck->v[k].tree]++;
		for (uint32_t k = 0; k < n; k++) {
			if (!per[v[k].t])
				continue;
			json_open(j, NULL, '{');
			json_str(j, "code", code_names[code]);
			json_str(j, "tree", v[k].name);
			json_uint(j, "found", per[v[k].t]);
			json_close(j, '}');
		}
	}
	json_close(j, ']');
	free(per);
	free(v);
}

static void
check_json(const void *state, const struct flow *f, struct json *j)
{
	const struct check *ck = state;
	char hex[OID_HEXSZ + 1];

	(void)f;
	json_open(j, "checks", '{');
	json_uint(j, "allowed", ck->allowed);
	json_open(j, "by_code", '{');
	for (int code = 0; code < CODES_NR; code++)
		json_uint(j, code_names[code], ck->counts[code]);
	json_close(j, '}');
	json_by_tree(ck, j);
	json_open(j, "findings", '[');
	for (size_t k = 0; k < ck->nr; k++) {
		const struct finding *x = &ck->v[k];

		history_hex(ck->h, x->commit, hex);
		json_open(j, NULL, '{');
		json_str(j, "commit", hex);
		json_str(j, "code", code_names[x->code]);
		json_str(j, "tree", tree_of(ck, x));
		json_str(j, "detail", ck->details.data + x->detail);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

static int
check_status(const void *state, const struct flow *f)
{
	const struct check *ck = state;

	(void)f;
	if (!ck->nr)
		return 0;
	fprintf(stderr, "treeplot: --check: %zu finding%s (-T findings "
		"lists them; treeplot.checkAllow allows them)\n", ck->nr,
		ck->nr == 1 ? "" : "s");
	return 1;
}

/* --check LIST: the groups' mask. */
static int
check_parse(const struct opt *row, const char *arg, void *dst)
{
	static const struct {
		const char *name;
		int mask;
	} groups[] = {
		{ "fixes", GROUP_FIXES }, { "signoff", GROUP_SIGNOFF },
		{ "backmerge", GROUP_BACKMERGE }, { "rebase", GROUP_REBASE },
		{ "all", GROUP_ALL },
	};
	int mask = 0;

	(void)row;
	for (const char *p = arg; p && *p;) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p), k;

		for (k = 0; k < ARRAY_SIZE(groups); k++)
			if (strlen(groups[k].name) == n &&
			    !memcmp(p, groups[k].name, n))
				break;
		if (k == ARRAY_SIZE(groups))
			return -1;
		mask |= groups[k].mask;
		p = end ? end + 1 : NULL;
	}
	if (!mask)
		return -1;
	*(int *)dst = mask;
	return 0;
}

static const struct opt check_options[] = {
	{ .name = "check", .arg = "LIST", .modes = MODE_REPORT,
	  .kind = OPT_PARSE, .parse = check_parse,
	  .takes = "a comma-separated list of fixes, signoff, backmerge, "
		   "rebase or all",
	  .help = "a CI gate: Fixes trailers, sign-offs, back-merges,\n"
		  "last-minute rebases (-T findings);\n"
		  "exit 3 with findings not allowed by treeplot.checkAllow" },
};

static const struct extra_format check_formats[] = {
	{ "findings", check_lines },
	{ "github", check_github },	/* GitHub Actions' annotations */
};

const struct extra check_extra = {
	.name = "check",
	.options = check_options,
	.options_nr = ARRAY_SIZE(check_options),
	.config_key = "treeplot.checkAllow",
	.gather = check_gather,
	.release = check_free,
	.text = check_text,
	.json = check_json,
	.formats = check_formats,
	.formats_nr = ARRAY_SIZE(check_formats),
	.status = check_status,
	.exit = 3,
};
