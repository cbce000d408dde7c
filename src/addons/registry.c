/*
 * registry.c - every add-on, in one list, and what the command line
 * asked of each.
 *
 * The list's order is the order of the text report's sections, of the
 * JSON's members and of --help's lines.  An add-on is its own file
 * (src/addons/NAME.c, defining NAME_extra with its options and hooks)
 * and one line here.
 */
#include "addons/registry.h"

#include <string.h>

#include "util/output.h"

/* One line an add-on: X(NAME) stands for NAME_extra, of NAME.c. */
#define EXTRAS(X) \
	X(maintainers) \
	X(review_topics) \
	X(branches) \
	X(direct) \
	X(signed) \
	X(latency) \
	X(timeline) \
	X(infer) \
	X(review) \
	X(fixes) \
	X(people) \
	X(check) \
	X(routing) \
	/* the end of the list */

#define DECLARE(name) extern const struct extra name##_extra;
EXTRAS(DECLARE)

#define ENTRY(name) &name##_extra,
static const struct extra *const registry[] = { EXTRAS(ENTRY) };

_Static_assert(ARRAY_SIZE(registry) <= EXTRAS_MAX,
	       "more add-ons than struct extra_args holds: raise EXTRAS_MAX");

size_t
extras_count(void)
{
	return ARRAY_SIZE(registry);
}

const struct extra *
extras_at(size_t k)
{
	return k < ARRAY_SIZE(registry) ? registry[k] : NULL;
}

void
extra_args_init(struct extra_args *a)
{
	memset(a, 0, sizeof(*a));
	for (size_t k = 0; k < ARRAY_SIZE(registry); k++)
		a->v[k] = registry[k]->def;
}

int
extra_arg(const struct extra_args *a, const struct extra *x)
{
	for (size_t k = 0; k < ARRAY_SIZE(registry); k++)
		if (registry[k] == x)
			return a->v[k];
	return 0;
}

void
extras_chart_options(const struct extra_args *a, struct chart_options *co)
{
	for (size_t k = 0; k < ARRAY_SIZE(registry); k++)
		if (a->v[k] && registry[k]->chart_options)
			registry[k]->chart_options(a->v[k], co);
}

const struct extra_format *
extras_format_of(int fmt, const struct extra **x)
{
	int n = FORMAT_ADDON;

	for (size_t k = 0; fmt >= n && k < ARRAY_SIZE(registry); k++) {
		const struct extra *r = registry[k];

		if (fmt < n + (int)r->formats_nr) {
			if (x)
				*x = r;
			return &r->formats[fmt - n];
		}
		n += (int)r->formats_nr;
	}
	return NULL;
}

int
extras_format_named(const char *name)
{
	const struct extra_format *fm;

	for (int fmt = FORMAT_ADDON; (fm = extras_format_of(fmt, NULL));
	     fmt++)
		if (!strcmp(fm->name, name))
			return fmt;
	return FORMAT_NONE;
}

const struct extra *
extras_of_chart(const char *name)
{
	for (size_t k = 0; k < ARRAY_SIZE(registry); k++)
		if (registry[k]->chart && !strcmp(registry[k]->name, name))
			return registry[k];
	return NULL;
}

const struct extra *
extras_of_format(int fmt)
{
	const struct extra *x = NULL;

	return extras_format_of(fmt, &x) ? x : NULL;
}

int
extras_format(const struct extras *xs, int fmt, const struct flow *f,
	      struct buf *out)
{
	const struct extra *x = NULL;
	const struct extra_format *fm = extras_format_of(fmt, &x);

	for (size_t k = 0; fm && xs && k < xs->nr; k++)
		if (xs->run[k].x == x) {
			fm->write(xs->run[k].state, f, out);
			return 1;
		}
	return 0;
}

unsigned
extras_walk(const struct extra_args *a)
{
	unsigned walk = 0;

	for (size_t k = 0; k < ARRAY_SIZE(registry); k++)
		if (a->v[k])
			walk |= registry[k]->walk;
	return walk;
}

int
extras_gather(const struct extra_args *a, const struct extra_config *config,
	      const struct extra_input *in, struct extras *out)
{
	memset(out, 0, sizeof(*out));
	out->run = xcalloc(ARRAY_SIZE(registry), sizeof(*out->run));
	for (size_t k = 0; k < ARRAY_SIZE(registry); k++) {
		const struct extra *x = registry[k];
		struct extra_input each = *in;
		void *state = NULL;
		int ret;

		if (!a->v[k])
			continue;
		each.config = config ? &config[k] : NULL;
		ret = x->gather ? x->gather(&each, a->v[k], &state) : 1;
		if (ret < 0) {
			extras_release(out);
			return -1;
		}
		if (ret > 0)
			out->run[out->nr++] = (struct extra_run){ x, state };
	}
	return 0;
}

int
extras_compare_begin(const struct extra_args *a,
		     const struct extra_compare *in, struct extras_compare *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t k = 0; k < ARRAY_SIZE(registry); k++) {
		const struct extra *x = registry[k];
		void *shared = NULL;

		if (!a->v[k] || !x->range_gather)
			continue;
		if (x->compare_begin &&
		    x->compare_begin(in, a->v[k], &shared) < 0) {
			extras_compare_end(out);
			return -1;
		}
		out->run[out->nr++] = (struct extra_run){ x, shared };
	}
	return 0;
}

void
extras_compare_end(struct extras_compare *xc)
{
	for (size_t k = 0; k < xc->nr; k++)
		if (xc->run[k].x->compare_end)
			xc->run[k].x->compare_end(xc->run[k].state);
	xc->nr = 0;
}

void
extras_commit_fields(const struct extras *xs, uint32_t commit,
		     struct buf *out)
{
	/* Every add-on's fields, asked for or not. */
	for (size_t r = 0; r < extras_count(); r++) {
		const struct extra *x = extras_at(r);
		size_t k = 0;

		if (!x->commit_fields_nr)
			continue;
		while (xs && k < xs->nr && xs->run[k].x != x)
			k++;
		if (xs && k < xs->nr)
			x->commit_fields(xs->run[k].state, commit, out);
		else
			buf_pad(out, '\t', x->commit_fields_nr);
	}
}
