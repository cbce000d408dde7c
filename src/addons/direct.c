/*
 * direct.c - who applied the commits that went directly into the mainline.
 */
#include "addons/direct.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "addons/extra.h"
#include "git/commitread.h"
#include "util/json_writer.h"

#define APPLIERS 20	/* listed in the text report, then "N others" */
#define TIP_APPLIERS 5	/* in the mainline's tooltip */

enum direct_by
direct_by_from_name(const char *name)
{
	if (!strcmp(name, "committer"))
		return DIRECT_BY_COMMITTER;
	if (!strcmp(name, "signoff"))
		return DIRECT_BY_SIGNOFF;
	return DIRECT_BY_NONE;
}

const char *
direct_by_name(enum direct_by by)
{
	return by == DIRECT_BY_SIGNOFF ? "signoff" : "committer";
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* The part of an identity "Name <mail>" to compare: the mail address
 * inside the brackets, or else the whole, trimmed. */
static void
identity_key(const char *p, const char *end, const char **k, size_t *len)
{
	const char *lt = memchr(p, '<', end - p), *gt;

	if (lt && (gt = memchr(lt, '>', end - lt)) && gt > lt + 1) {
		*k = lt + 1;
		*len = gt - lt - 1;
		return;
	}
	while (p < end && is_blank(*p))
		p++;
	while (end > p && is_blank(end[-1]))
		end--;
	*k = p;
	*len = end - p;
}

static int
same_person(const char *a, const char *a_end, const char *b, const char *b_end)
{
	const char *ka, *kb;
	size_t la, lb;

	identity_key(a, a_end, &ka, &la);
	identity_key(b, b_end, &kb, &lb);
	return la && la == lb && !strncasecmp(ka, kb, la);
}

struct span {
	const char *p, *end;
};

void
signoff_applier(const char *committer, size_t committer_len,
		const char *msg, size_t msg_len, struct buf *who)
{
	static const char sob[] = "signed-off-by:";
	const char *p = msg, *end = msg + msg_len;
	const char *cend = committer + committer_len;
	struct span *s = NULL;
	size_t nr = 0, alloc = 0, own = SIZE_MAX;

	while (p < end) {
		const char *eol = memchr(p, '\n', end - p), *v, *vend;

		if (!eol)
			eol = end;
		if ((size_t)(eol - p) > sizeof(sob) - 1 &&
		    !strncasecmp(p, sob, sizeof(sob) - 1)) {
			v = p + sizeof(sob) - 1;
			vend = eol;
			while (v < vend && is_blank(*v))
				v++;
			while (vend > v && is_blank(vend[-1]))
				vend--;
			if (v < vend) {
				ALLOC_GROW(s, nr + 1, alloc);
				s[nr++] = (struct span){ v, vend };
				if (same_person(v, vend, committer, cend))
					own = nr - 1;
			}
		}
		p = eol + 1;
	}
	if (own == SIZE_MAX)
		own = nr;	/* the committer did not sign off: after all */
	while (own > 0 && same_person(s[own - 1].p, s[own - 1].end,
				      committer, cend))
		own--;
	if (own > 0)
		buf_add(who, s[own - 1].p, s[own - 1].end - s[own - 1].p);
	else if (nr)
		buf_add(who, committer, committer_len);
	else
		buf_puts(who, NO_SIGNOFF);
	free(s);
}

static int
cmp_applier(const void *pa, const void *pb)
{
	const struct applier *a = pa, *b = pb;

	if (a->commits != b->commits)
		return a->commits > b->commits ? -1 : 1;
	return strcmp(a->who, b->who);
}

/*
 * The sign-offs of ci as a trailer block for signoff_applier: read
 * through the .mailmap (commitread.h) like the committer, so that one
 * person's spellings are one person in the comparison and the count.
 */
static void
signoff_trailers(const struct commit_info *ci, struct buf *out)
{
	const char *p = ci->signoffs;

	out->len = 0;
	buf_add(out, "", 0);
	for (size_t k = 0; k < ci->signoffs_nr; k++) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		buf_puts(out, "Signed-off-by: ");
		buf_add(out, p, len);
		buf_addc(out, '\n');
		p += len + (eol != NULL);
	}
}

/*
 * The applier of each direct commit of a, by by, read from the commits'
 * objects into keys (allocated, *n of them).  The one place this module
 * reads objects.
 */
static int
read_appliers(struct repo *r, const struct history *h,
	      const struct attribution *a, enum direct_by by,
	      char ***keys_out, uint32_t *n_out)
{
	uint32_t *list = xmalloc((a->order_nr ? a->order_nr : 1) *
				 sizeof(*list));
	char **keys = xmalloc((a->order_nr ? a->order_nr : 1) * sizeof(*keys));
	unsigned fields = by == DIRECT_BY_SIGNOFF ? CF_COMMITTER | CF_SIGNOFFS :
			  CF_COMMITTER;
	struct buf who = BUF_INIT, trailers = BUF_INIT;
	struct commit_batch b;
	uint32_t n = 0;

	for (uint32_t k = 0; k < a->order_nr; k++)
		if (a->path_of[a->order[k]] == PATH_MAINLINE)
			list[n++] = a->order[k];
	*keys_out = keys;
	*n_out = 0;
	if (commit_batch_read(&b, r, h, list, n, fields) < 0) {
		free(list);
		return -1;
	}
	for (uint32_t k = 0; k < n; k++) {
		const struct commit_info *ci = commit_batch_get(&b, list[k]);

		who.len = 0;
		if (by == DIRECT_BY_SIGNOFF) {
			signoff_trailers(ci, &trailers);
			signoff_applier(ci->committer, ci->committer_len,
					trailers.data, trailers.len, &who);
		} else
			buf_add(&who, ci->committer, ci->committer_len);
		keys[k] = xstrndup(who.data, who.len);
	}
	commit_batch_release(&b);
	buf_release(&who);
	buf_release(&trailers);
	free(list);
	*n_out = n;
	return 0;
}

void
appliers_tally(char **keys, uint32_t n, struct appliers *out)
{
	size_t alloc = 0;

	out->commits = n;
	/* Sorted, equal keys are runs: one applier per run.  With no
	 * direct commit there is nothing to sort (and out->a is NULL,
	 * which qsort must not get). */
	if (n)
		qsort(keys, n, sizeof(*keys), cmp_strp);
	for (uint32_t k = 0; k < n; k++) {
		if (out->nr && !strcmp(out->a[out->nr - 1].who, keys[k])) {
			out->a[out->nr - 1].commits++;
			free(keys[k]);
			continue;
		}
		ALLOC_GROW(out->a, out->nr + 1, alloc);
		out->a[out->nr++] = (struct applier){ keys[k], 1 };
	}
	if (out->nr)
		qsort(out->a, out->nr, sizeof(*out->a), cmp_applier);
}

int
appliers_count(struct repo *r, const struct history *h,
	       const struct attribution *a, enum direct_by by,
	       struct appliers *out)
{
	char **keys;
	uint32_t n;
	int ret;

	memset(out, 0, sizeof(*out));
	out->by = by;
	ret = read_appliers(r, h, a, by, &keys, &n);
	appliers_tally(keys, n, out);
	free(keys);
	return ret;
}

void
appliers_release(struct appliers *ap)
{
	for (uint32_t k = 0; k < ap->nr; k++)
		free(ap->a[k].who);
	free(ap->a);
	memset(ap, 0, sizeof(*ap));
}

/* --- the add-on: the appliers in the report, the JSON and the tooltip --- */

static int
direct_gather(const struct extra_input *in, int arg, void **state)
{
	struct appliers *ap = xcalloc(1, sizeof(*ap));

	if (appliers_count(in->r, in->h, &in->c->a, (enum direct_by)arg,
			   ap) < 0) {
		appliers_release(ap);
		free(ap);
		return -1;
	}
	*state = ap;
	return 1;
}

static void
direct_release(void *state)
{
	appliers_release(state);
	free(state);
}

static void
direct_text(const void *state, const struct flow *f, int width,
	    struct buf *out)
{
	const struct appliers *ap = state;
	uint32_t rest = 0;

	(void)f;
	if (ap->by == DIRECT_BY_SIGNOFF)
		buf_puts(out, "\nDirect commits by the last Signed-off-by before "
			 "the committer's\n");
	else
		buf_puts(out, "\nDirect commits by committer\n");
	for (uint32_t k = 0; k < ap->nr; k++) {
		if (k >= APPLIERS) {
			rest += ap->a[k].commits;
			continue;
		}
		buf_printf(out, "  %*u  %5.1f%%  ", width, ap->a[k].commits,
			   report_percent(ap->a[k].commits, ap->commits));
		report_name(out, ap->a[k].who);
		buf_addc(out, '\n');
	}
	if (rest)
		buf_printf(out, "  %*u  %5.1f%%  %u others\n", width, rest,
			   report_percent(rest, ap->commits), ap->nr - APPLIERS);
	if (!ap->nr)
		buf_puts(out, "  none\n");
}

static void
direct_json(const void *state, const struct flow *f, struct json *j)
{
	const struct appliers *ap = state;

	(void)f;
	json_open(j, "direct_by", '{');
	json_str(j, "by", direct_by_name(ap->by));
	json_uint(j, "commits", ap->commits);
	json_open(j, "people", '[');
	for (uint32_t k = 0; k < ap->nr; k++) {
		json_open(j, NULL, '{');
		json_str(j, "name", ap->a[k].who);
		json_uint(j, "commits", ap->a[k].commits);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

/* The mainline's tooltip: the five who applied most direct commits. */
static void
direct_node_tip(const void *state, const struct flow *f, uint32_t i,
		const struct extra_tip *tip)
{
	const struct appliers *ap = state;

	(void)f;
	if (i || !ap->nr)
		return;
	buf_printf(tip->out, "%sdirect commits by %s:", tip->newline,
		   ap->by == DIRECT_BY_SIGNOFF ?
		   "last sign-off before the committer's" : "committer");
	for (uint32_t k = 0; k < ap->nr && k < TIP_APPLIERS; k++) {
		buf_puts(tip->out, tip->newline);
		tip->text(tip->out, ap->a[k].who);
		buf_printf(tip->out, ": %u", ap->a[k].commits);
	}
	if (ap->nr > TIP_APPLIERS)
		buf_printf(tip->out, "%s%u others", tip->newline,
			   ap->nr - TIP_APPLIERS);
}

/* --direct-by: the add-on's value is the enum direct_by. */
static int
direct_parse(const struct opt *row, const char *arg, void *dst)
{
	enum direct_by by = direct_by_from_name(arg);

	(void)row;
	if (by == DIRECT_BY_NONE)
		return -1;
	*(int *)dst = (int)by;
	return 0;
}

static const struct opt direct_options[] = {
	{ .name = "direct-by", .arg = "WHO", .modes = MODE_REPORT,
	  .kind = OPT_PARSE, .parse = direct_parse,
	  .takes = "committer or signoff",
	  .help = "direct commits by committer, or by the last\n"
		  "Signed-off-by before the committer's (signoff)" },
};

const struct extra direct_extra = {
	.name = "direct",
	.options = direct_options,
	.options_nr = ARRAY_SIZE(direct_options),
	.gather = direct_gather,
	.release = direct_release,
	.text = direct_text,
	.json = direct_json,
	.node_tip = direct_node_tip,
};
