/*
 * phases.h - the phases of a release cycle, by position on the mainline's
 * first-parent line (--timeline; --compare's share pulled after the
 * merge window).
 *
 * The line (B's first parents within the range, oldest first) is cut
 * after each commit that carries a release or pre-release tag
 * (release.h's rules, treeplot.releasePattern): a phase is the commits
 * from just after one such tag to the next one, inclusive.  What a
 * phase is follows from where it starts:
 *
 *   - after a release tag: the merge window ("merge window"), until the
 *     first pre-release tag or the range's end;
 *   - after a pre-release tag: that tag's pre-release part ("rc1" after
 *     v6.8-rc1), until the next tag or the range's end;
 *   - at a start with no such tag (A names an untagged commit, a tree's
 *     tag, or there is no A and the line begins at a root): "before T",
 *     T the tag that ends it, or "the range" when none does.  Neither a
 *     merge window nor after one.
 *
 * A range spanning several cycles (more than one merge window) names
 * its phases in full: "merge window after v1.1", "v1.2-rc1".  Where
 * short names would repeat (two pre-release tags with one suffix), so
 * are they.  A commit with several such tags cuts at a release (the
 * smallest name, as --cycles), else at the newest pre-release in version
 * order (rc10 after rc9).  The tag of the line's last commit (B's) ends the last
 * phase and starts none; a range whose end carries no tag gets the
 * phases so far.  A commit's phase is where it sits on the line, never
 * its date; a phase's days are its first and last commits' dates on
 * the line (UTC).
 *
 * Dates on the line: committer dates made monotone, so that a clock
 * running ahead or behind (a merge dated a year late) cannot give a
 * phase negative days or drag the other dates to it.  The longest run
 * of the line's dates in order keeps its dates; each other commit, its
 * date contradicting its place, takes the date of the next commit kept
 * (at the line's end, of the last one): back to its neighbours.  The
 * one moved the most is kept (skew) for a warning.
 */
#ifndef TREEPLOT_PHASES_H
#define TREEPLOT_PHASES_H

#include <stdint.h>

#include "util/pattern.h"
#include "git/history.h"
#include "git/tags.h"

enum phase_kind {
	PHASE_WINDOW,		/* after a release: the merge window */
	PHASE_PRE,		/* after a pre-release tag */
	PHASE_START,		/* from a start that no such tag marks */
};

struct phase {
	char *name;		/* unique among the range's phases */
	char *start_tag;	/* the tag it starts after, or NULL */
	char *end_tag;		/* the tag of its last commit, or NULL */
	enum phase_kind kind;
	uint32_t first, last;	/* its commits: line positions, inclusive */
	int64_t first_time, last_time;	/* their dates on the line */
};

struct phases {
	uint32_t *line;		/* the first-parent line, oldest first */
	uint32_t line_nr;
	uint32_t *of;		/* per history index: the phase of a commit
				 * of the line, else HIST_NONE */
	int64_t *time;		/* per line position: its date on the
				 * line, monotone (the rule above) */
	uint32_t skew;		/* the line position whose date moved the
				 * most, else HIST_NONE */
	uint32_t skew_nr;	/* how many moved */
	struct phase *v;
	uint32_t nr;
};

/*
 * The phases of a line of n commits: tags[k] the release or pre-release
 * tag commit k carries (NULL: none), times[k] its date on the line; base
 * the tag of the commit the line starts after (NULL: none, or no such
 * commit); pattern treeplot.releasePattern (or NULL).  Pure: out->v and
 * out->nr only (line, of and time stay NULL).
 */
void phases_plan(const char *const *tags, const int64_t *times, uint32_t n,
		 const char *base, const struct pattern *pattern, struct phases *out);

/*
 * The phases of h's range (walked with HISTORY_LINE_DATES or
 * HISTORY_DATES, so that the line's commits are dated), its tags those
 * of tm (tag_map_load with phases_keep) as pattern says which are
 * releases and pre-releases.
 */
void phases_of(const struct history *h, const struct tag_map *tm,
	       const struct pattern *pattern, struct phases *out);
void phases_release(struct phases *p);

/* The tags phases_of looks at: releases and pre-releases (data: the
 * pattern), for tag_map_load. */
int phases_keep(const char *name, const void *data);

/*
 * Dates t[0..n) made monotone in place by the rule above; *skew the
 * position that moved the most (HIST_NONE when none moved), the number
 * that moved returned.
 */
uint32_t phases_monotone(int64_t *t, uint32_t n, uint32_t *skew);

/* Commit i's committer date as the history has it: a merge's from its
 * record, another's from the dates kept (0: not kept). */
int64_t phases_commit_time(const struct history *h, uint32_t i);

/* The UTC day of date t (seconds since the epoch): days since the
 * epoch's, rounded down (buf_add_day writes it). */
int64_t phases_day(int64_t t);

#endif
