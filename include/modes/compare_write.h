/*
 * compare_write.h - --compare's table as text, JSON and the CSV's trees
 * and summary tables, whole into out (none of them can fail).
 */
#ifndef TREEPLOT_COMPARE_WRITE_H
#define TREEPLOT_COMPARE_WRITE_H

#include "modes/compare.h"
#include "modes/compare_table.h"
#include "util/buf.h"

void compare_write_text(const struct compare_input *in, const struct table *t,
			struct buf *out);
void compare_write_json(const struct compare_input *in, const struct table *t,
			struct buf *out);
void compare_write_csv_trees(const struct compare_input *in,
			     const struct table *t, struct buf *out);
void compare_write_csv_summary(const struct compare_input *in,
			       const struct table *t, struct buf *out);

#endif
