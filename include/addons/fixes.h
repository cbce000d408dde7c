/*
 * fixes.h - where the bugs came from (--fixes): every commit of the
 * range that names a commit it fixes or reverts, joined to the tree and
 * the release that brought that commit.
 *
 * The targets are read from each non-merge commit's message
 * (flow/fixes_parse.h) and resolved as `git rev-parse --verify
 * <id>^{commit}` resolves them (git/objname.h).  A resolved target is
 * then placed in the whole history to the range's end, as `-T commits
 * B` places it (walked and charted once, whatever the number of
 * targets, and only when the range has a start and some target was
 * resolved): its innermost tree, the first-parent commit that brought
 * it (its arrival, latency.h's latency_arrivals), and the first release
 * holding it (of the release tags in that history, by the release rule
 * or treeplot.releasePattern, the one whose commit has the earliest
 * committer date; ties by name).  A target outside that history (not
 * an ancestor of the range's end) has none of these.  Lifetime: from
 * the target's arrival to the fix's, in days.
 *
 * Outputs: -T fixes (one line per pair, man page), the text report's
 * "Fixes" section, the JSON's "fixes" at the top and in each tree, and
 * a line in each box ("5 bugs fixed, 3 fixes").
 */
#ifndef TREEPLOT_FIXES_H
#define TREEPLOT_FIXES_H

struct extra;

extern const struct extra fixes_extra;

#endif
