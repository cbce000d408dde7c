/*
 * render/commits.c - one line per non-merge commit, for scripts, in the
 * order the commits were attributed (oldest first along each line):
 *
 *   <id> TAB <merge> TAB <arrival> TAB <latency> TAB <inferred>
 *        TAB <reviewed> TAB <tested> TAB <linked> TAB <fix> TAB <stable>
 *        TAB <hand-offs> TAB <innermost tree> TAB ... TAB <mainline>
 *
 * The merge is the one of the mainline's first-parent line that brought
 * the commit ("-": it sits on that line); the add-ons' fields are there
 * whether asked for or not (empty then), so that the path always starts
 * in the twelfth field and ends the line.  Tree names are escaped, so they
 * never hold a tab or a newline and "cut" is safe.
 */
#include "render/commits.h"

#include <string.h>

#include "addons/registry.h"
#include "flow/topics.h"
#include "util/escape.h"

void
render_commits(const struct history *h, const struct attribution *a,
	       const struct tree_table *tt, const struct extras *xs,
	       struct buf *out)
{
	char hex[OID_HEXSZ + 1];
	uint32_t run = 0;

	for (uint32_t k = 0; k < a->order_nr; k++) {
		uint32_t c = a->order[k], m = topics_merge_of(a, k, &run);

		history_hex(h, c, hex);
		buf_add(out, hex, OID_HEXSZ);
		buf_addc(out, '\t');
		if (m == HIST_NONE) {
			buf_addc(out, '-');
		} else {
			history_hex(h, m, hex);
			buf_add(out, hex, OID_HEXSZ);
		}
		extras_commit_fields(xs, c, out);
		for (uint32_t p = a->path_of[c]; p != HIST_NONE;
		     p = a->paths.up[p]) {
			const char *name = tt->t[a->paths.tree[p]].name;

			buf_addc(out, '\t');
			escape_text(out, name, strlen(name));
		}
		buf_addc(out, '\n');
	}
}
