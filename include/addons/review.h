/*
 * review.h - what the commits' trailers say of their way before any tree
 * took them (--review): review, testing, discussion, fixes, stable, and
 * the people who passed them on by mail.
 *
 * Each non-merge commit of the range is read whole, once, on the read
 * pool's threads (readpool.h), and its trailers taken as git reads them
 * (commitparse.h's commit_trailers: the last paragraph, keys compared
 * ignoring case; a value left empty says nothing).  People are read from
 * a value "Name <mail>" (what follows the '>' is a comment), "mail" or
 * "Name", and named through the .mailmap as git names them; two are one
 * person when their addresses are equal ignoring case, or their names
 * are.  A commit is
 *   reviewed  with a Reviewed-by or Acked-by from someone who is neither
 *             its author nor its committer;
 *   tested    with a Tested-by;
 *   linked    with a Link, or a Message-Id;
 *   a fix     with a Fixes;
 *   for stable  with a Cc to an address whose local part is "stable"
 *             (stable@vger.kernel.org, "<stable@kernel.org> # 5.10.x").
 * Its hand-offs are the people whose Signed-off-by stands after its
 * author's and before its committer's: the committer's last sign-off
 * (none: after all of them), the author's last one before that (none:
 * from the first), each person once, neither the author nor the
 * committer.
 *
 * The figures are summed up as --latency's are (pertree.h): over the
 * range, per tree of the flow (the commits that came through it) and per
 * depth: how many commits are reviewed, tested, linked, fixes and for
 * stable, the median hand-offs (the element at index (n - 1) / 2 of the
 * sorted counts) and the five people who reviewed (tested) most of them,
 * with how many, the most first, then by name.
 */
#ifndef TREEPLOT_REVIEW_H
#define TREEPLOT_REVIEW_H

#include <stddef.h>
#include <stdint.h>

#include "addons/review_read.h"
#include "git/history.h"
#include "git/repo.h"

struct chart;
struct extra;
struct json;

/* The people a figure lists, and the figures' groups' lists' length. */
#define REVIEW_TOP 5

/* A person and the commits they reviewed (tested) in a group. */
struct review_person {
	uint32_t person;	/* review_marks' number */
	uint32_t commits;
};

/* The figures of a group of commits. */
struct review_stats {
	uint32_t commits;
	uint32_t reviewed, tested, linked, fixes, stable;
	uint32_t handoffs_median;	/* 0 without commits */
	struct review_person reviewers[REVIEW_TOP], testers[REVIEW_TOP];
	uint32_t reviewers_nr, testers_nr;
};

struct review {
	struct review_stats all;
	struct review_stats *tree;	/* per flow tree ([0]: all) */
	uint32_t trees_nr;
	struct review_stats *depth;	/* per depth, 0 .. depth_nr - 1 */
	uint32_t depth_nr;
};

/* The figures of chart c's commits, as m has them. */
void review_summarise(const struct review_marks *m, const struct chart *c,
		      struct review *out);
void review_release(struct review *rv);

/* s as the JSON object "review"; its top reviewers and testers named
 * from people, or left out when people is NULL (--compare's ranges). */
void review_stats_json(struct json *j, const struct review_stats *s,
		       char *const *people);

/* part of whole in tenths of a percent, halves up (0 for no whole): how
 * every output gives a share (the HTML report's script alike). */
uint32_t review_tenths(uint32_t part, uint32_t whole);

/*
 * The add-on (extra.h) of --review: a section of the text report, the
 * JSON's "review" (at the top, per tree and in "review_by_depth"), the
 * CSV trees table's columns, a line in each tree's box and its tooltip,
 * the legend's word, and each commit's fields in the commits output.
 */
extern const struct extra review_extra;

#endif
