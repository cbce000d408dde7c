/*
 * extra.c - running the table of add-ons, and the helpers their text
 * sections share with the report's own.
 */
#include "addons/extra.h"

#include <stdlib.h>
#include <string.h>

#include "util/escape.h"

int
extras_gather(const struct extra *const *table, const int *args, size_t nr,
	      const struct extra_input *in, struct extras *out)
{
	memset(out, 0, sizeof(*out));
	out->run = xcalloc(nr ? nr : 1, sizeof(*out->run));
	for (size_t k = 0; k < nr; k++) {
		void *state = NULL;
		int ret;

		if (!args[k])
			continue;
		ret = table[k]->gather ? table[k]->gather(in, args[k], &state) :
		      1;
		if (ret < 0) {
			extras_release(out);
			return -1;
		}
		if (ret > 0)
			out->run[out->nr++] = (struct extra_run){ table[k], state };
	}
	return 0;
}

int
extras_status(const struct extras *xs, const struct flow *f)
{
	int ret = 0;

	/* Every add-on says its piece, the first status wins. */
	for (size_t k = 0; xs && k < xs->nr; k++) {
		const struct extra_run *x = &xs->run[k];
		int s = x->x->status ? x->x->status(x->state, f) : 0;

		if (s && !ret)
			ret = s;
	}
	return ret;
}

void
extras_release(struct extras *xs)
{
	for (size_t k = 0; k < xs->nr; k++)
		if (xs->run[k].x->release)
			xs->run[k].x->release(xs->run[k].state);
	free(xs->run);
	memset(xs, 0, sizeof(*xs));
}

double
report_percent(uint32_t part, uint32_t whole)
{
	return whole ? 100.0 * part / whole : 0.0;
}

const char *
report_plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

void
report_name(struct buf *out, const char *name)
{
	escape_text(out, name, strlen(name));
}

void
report_row(struct buf *out, const char *label, int width, uint32_t value)
{
	buf_printf(out, "  %-30s %*u", label, width, value);
}
