/*
 * review_read.h - --review's reading (review_read.c): each commit's
 * trailers judged on the read pool's threads, as review.h says, into
 * marks per history index that review.c sums up.
 */
#ifndef TREEPLOT_REVIEW_READ_H
#define TREEPLOT_REVIEW_READ_H

#include <stddef.h>
#include <stdint.h>

#include "git/gitconfig.h"
#include "git/history.h"
#include "git/repo.h"
#include "util/buf.h"
#include "util/hash.h"

/* What a commit's trailers say (struct review_marks' flags). */
enum {
	REVIEW_READ = 1 << 0,		/* a commit read */
	REVIEW_REVIEWED = 1 << 1,
	REVIEW_TESTED = 1 << 2,
	REVIEW_LINKED = 1 << 3,
	REVIEW_FIX = 1 << 4,
	REVIEW_STABLE = 1 << 5,
	REVIEW_SELF = 1 << 6,		/* its author is its committer */
};

/* What each commit read says, by history index. */
struct review_marks {
	uint32_t nr;		/* the history's commits */
	uint8_t *flags;		/* REVIEW_* */
	uint32_t *handoffs;
	/* Commit i's reviewers (whose review counts), then its testers,
	 * each once, then the people of its Signed-off-by lines (--routing):
	 * person numbers at who[start[i]], reviewers[i], testers[i] and
	 * signers[i] of them. */
	uint32_t *start, *reviewers, *testers, *signers;
	uint32_t *who;
	size_t who_nr, who_alloc;
	uint32_t *committer;	/* per commit read: its committer's and */
	uint32_t *author;	/* its author's person numbers, HIST_NONE */
				/* for none (--people) */
	char **people;		/* per person number: "Name <mail>", the */
	uint32_t people_nr;	/* spelling written most (ties: the first */
				/* in strcmp's order), "mail" or "Name" */
};

/*
 * Read the n commits of list (history indexes of h, each once) on jobs
 * threads (0: the cores) into out.  Returns 0, or -1 after reporting the
 * error ("cannot read commit X"; out is then released).
 */
int review_read(struct repo *r, const struct history *h, const uint32_t *list,
		uint32_t n, unsigned jobs, struct review_marks *out);
/* The same for every non-merge commit of h's range (with selected, not
 * NULL: those it marks, per history index): --compare's union. */
int review_read_range(struct repo *r, const struct history *h,
		      const uint8_t *selected, unsigned jobs,
		      struct review_marks *out);
void review_marks_release(struct review_marks *m);

/*
 * --check's sign-offs: whether a Signed-off-by among trailers (struct
 * commit_info's, CF_TRAILERS: git's trailers, as written) names person
 * ("Name <mail>", after the .mailmap; CF_AUTHOR's, CF_COMMITTER's), the
 * trailer's person named through mm (NULL: as written) and compared as
 * --review compares people: the same address ignoring case, or the same
 * name.  Safe on any thread (mm is only read).
 */
int review_signed_off(const struct mailmap *mm, const char *trailers,
		      const char *person);

/* --fixes' older fixes: whether trailers (as above) hold a Cc of a
 * stable address (stable@...), as --review's stable count reads it. */
int review_cc_stable(const char *trailers);

/*
 * --people's newcomers.  The keys of the authors of h's non-merge
 * commits that have flag (HIST_IN_RANGE, HIST_HIDDEN), through the
 * .mailmap, into known: "m" and the address,
 * "n" and the name, each lower case (an author is one person with
 * another when either is equal).  Read on jobs threads; returns 0, or -1
 * after reporting the error.
 */
int review_read_authors(struct repo *r, const struct history *h,
			uint8_t flag, unsigned jobs, struct interner *known);
/* The same keys of one person as review_marks shows them ("Name <mail>",
 * "mail" or "Name"): into mail and name, each left empty when none. */
void review_person_keys(const char *shown, struct buf *mail,
			struct buf *name);

#endif
