/*
 * signed.c - which pulls pulled a signed tag.
 */
#include "signed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"

int
signatures_read(struct repo *r, const struct history *h,
		const struct attribution *a, unsigned **out)
{
	unsigned *sig = xcalloc(h->nr ? h->nr : 1, sizeof(*sig));

	for (uint32_t k = 0; k < a->pulls_nr; k++) {
		uint32_t m = a->pulls[k].merge;

		if (history_merge_signatures(r, h, m, &sig[m]) < 0) {
			free(sig);
			return -1;
		}
	}
	*out = sig;
	return 0;
}

uint32_t
signatures_report_unsigned(const struct flow *f, const struct tree_table *tt)
{
	struct buf b = BUF_INIT;

	if (!f->unsigned_nr)
		return 0;
	buf_printf(&b, "treeplot: %u unsigned pull%s (--require-signed)\n",
		   f->unsigned_nr, f->unsigned_nr == 1 ? "" : "s");
	for (uint32_t k = 0; k < f->unsigned_nr; k++) {
		const struct pull *pl = &f->all_pulls[f->unsigned_pulls[k]];
		const char *s = history_subject(f->h, pl->merge);
		char hex[OID_HEXSZ + 1];

		history_hex(f->h, pl->merge, hex);
		buf_printf(&b, "treeplot: unsigned pull %.12s from ", hex);
		escape_text(&b, tt->t[pl->from].name, strlen(tt->t[pl->from].name));
		buf_puts(&b, " into ");
		escape_text(&b, tt->t[pl->to].name, strlen(tt->t[pl->to].name));
		buf_puts(&b, ": ");
		escape_text(&b, s ? s : "", s ? strlen(s) : 0);
		buf_addc(&b, '\n');
	}
	fputs(b.data, stderr);
	buf_release(&b);
	return f->unsigned_nr;
}
