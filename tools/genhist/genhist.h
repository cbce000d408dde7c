/*
 * genhist.h - the simulation's types and state, shared by genhist's
 * modules, and what each module offers the others.
 *
 * genhist (main.c says what it writes) is a simulation in one struct
 * sim: the trees, the marks, the stream and the ground-truth files, the
 * release cycle, the random numbers and the counts.  Every function
 * that reads or changes it takes it as its first argument; main.c holds
 * the one instance.  The modules, lowest first (a module calls only
 * those above it):
 *
 *   util.c     errors, memory, strings, the random numbers (util.h)
 *   truth.c    the ground truth's bookkeeping: the path trie, each
 *              tree's pending commits, the commits finalised
 *   names.c    names, idents and URLs, the trees set up
 *   trailers.c --trailers: plain commits' messages with trailers, their
 *              ground truth; --mailmap
 *   fixes.c    --fixes: every object's id (SHA-1), plain commits naming
 *              earlier ones they fix or revert, their truth
 *   checks.c   --checks: the commits' graph kept, the findings of
 *              treeplot --check that the history holds by construction
 *   stream.c   commits and tags written to the stream, marks, dates,
 *              --files' small trees
 *   change.c   a tree's next change: a commit on its branch, or with
 *              --gerrit the mainline's merged by a review server
 *   identity.c --identity's cases: their spellings, respellings and
 *              keepers, the mainline's maintainer's merges into a tree
 *   merges.c   pulls, topic branches, back-merges, fast-forwards
 *   cycle.c    a release cycle: its events, the planned cases, the
 *              ordinary steps between them, the release
 *   main.c     the options and the run
 *
 * The random draws: every one comes from sim->rng, and the order they
 * are made in is the stream (the tests' expected outputs are genhist's
 * streams).  Keep each draw in a statement of its own or in an operand
 * of && || ?: (sequenced), never two in one call's arguments, whose
 * order C leaves to the compiler; and a new feature that must not
 * change the history without its option draws nothing without it (as
 * --dates and --identity do) or hashes instead (as --files does).
 */
#ifndef GENHIST_H
#define GENHIST_H

#include <stdint.h>
#include <stdio.h>

#include "util.h"

#define DAY 86400
#define NONE UINT32_MAX
#define MAX_TOPICS 4
#define MAX_URLS 10
#define NCONTRIB 500
/* --gerrit: the review server, a source of its own in the paths. */
#define REVIEW_TREE (NONE - 1)

/* ---- the trees ----------------------------------------------------- */

struct ident {
	char *name, *email;
};

/* A commit a tree has and the mainline has not, with its paths so far
 * (nodes of struct paths): the visible one and the true one. */
struct entry {
	uint32_t mark, vis, tru;
};

/* How far a puller has taken a tree's pending commits. */
struct pos {
	uint32_t puller;
	uint64_t seq;
};

/* A topic branch of a tree: its commits, merged once target are made. */
struct topic {
	uint32_t tip;
	uint32_t *c;
	uint32_t n, alloc;
	uint32_t target;
	char *name;
};

struct tree {
	char *name;			/* the canonical name */
	char *handle, *subsys, *branch;	/* branch: local, for "into X" */
	char *urls[MAX_URLS];
	unsigned nurls;
	uint32_t layer, up, alt;	/* alt: NONE or another receiver */
	uint32_t weight;
	int bad_clock;
	struct ident maint;
	uint32_t own;			/* the path of its own commits */
	uint32_t tip;
	int tip_in_main;		/* tip known to be in the mainline */
	uint64_t main_seq;		/* newest mainline state merged in */
	int64_t hold;			/* no mainline pull in this cycle */

	/* What it has that the mainline has not, oldest first. */
	struct entry *ent;
	size_t lo, n, alloc;		/* live: ent[lo .. n) */
	uint64_t base;			/* sequence number of ent[0] */
	uint32_t *set;			/* marks in ent, open addressing */
	size_t set_cap, set_nr;
	struct pos *pos;		/* how far each puller has taken */
	uint32_t npos, pos_alloc;

	struct topic topics[MAX_TOPICS];
	unsigned ntopics;
	uint32_t topic_seq;

	/* --rebase: a tree whose commits are committed just before they
	 * are first taken (pulled, merged, built on): queued here unwritten,
	 * dated when written (stream.c). */
	int rebases;
	struct queued *queue;
	size_t queue_nr, queue_alloc;

	/* --identity: every pull of it names a tag (moved-domain: its
	 * tags' stem is the evidence of the move). */
	int tagged;

	/* --identity: a fork edited in a forge's web page: its commits
	 * authored by its owner (maint), committed by the forge's service
	 * identity (forge_web). */
	int web;

	/* --people: its co-maintainers, who commit some of its commits. */
	struct ident co[2];
	unsigned nco;
};

/* --identity: GitHub's web-flow committer, over every web fork. */
extern const struct ident forge_web;

/* --rebase: a commit of a rebasing tree, drawn but not yet written. */
struct queued {
	uint32_t mark, parent, author;
	int64_t adate;
	char *subject;
};

/* ---- the simulation's state ---------------------------------------- */

/* Every path a commit took, a trie: node = (outermost tree, the path
 * inside it); node 0 is the empty path (the mainline alone). */
struct paths {
	uint32_t *tree, *up;	/* per node */
	char **str;		/* per node: its text, made when first asked */
	uint32_t nr, alloc;
	uint32_t *hash;		/* node + 1, 0 empty */
	uint32_t hcap;
};

/* What --stats counts. */
struct stats {
	uint64_t merges, octopus, pulls, ff, backmerges, url_backmerges;
	uint64_t topic_merges, self_pulls, main_self_pulls, resets;
	uint64_t skewed, planned, reversed, central_pulls, review_merges;
};

/* One run of the simulation (main.c's sim_init sets what does not start
 * at zero). */
struct sim {
	/* the options */
	int identity;			/* --identity: the cases on */
	int files;			/* --files: small trees */
	int gerrit;			/* --gerrit: the mainline's own
					 * changes through a review server */
	int late;			/* --late: some trees first pulled
					 * after -rc1 */
	int rebase;			/* --rebase: some trees commit just
					 * before their pull */
	int rc0;			/* --rc0: a v1.K-rc0 tag closes the
					 * merge window, before -rc1 */
	int devel;			/* --devel: a v1.K-devel tag opens
					 * each cycle but the first */
	int fixes;			/* --fixes or --checks: Fixes
					 * messages, every object's id */
	double ffrate;			/* --ff-rate */
	char *mailmap_text;		/* --mailmap-tree: the .mailmap the
					 * root commit's tree holds, or NULL */
	uint64_t cycles_total;		/* R */

	/* the stream, and the ground-truth files asked for (else NULL) */
	FILE *out, *fexp, *ftru, *fcyc, *fdat, *ftop, *farr, *fcases, *ftrl;
	FILE *ffix;			/* --fixes */
	FILE *fchk;			/* --checks */
	FILE *fppl;			/* --people */
	FILE *fmnt;			/* --maintainers (routing.c) */
	uint32_t cur_tree;		/* --maintainers: the tree whose */
					/* commit is being written */
	uint32_t *mark_tree;		/* --maintainers, per mark: its */
	size_t mark_tree_alloc;		/* tree + 1 (0: not known) */
	uint32_t root_mark;		/* --maintainers: the root commit */
	/* --trailers: the body of the commit being written (after its
	 * subject and a blank line) and its truth line, or NULL */
	const char *body, *body_truth;
	/* --checks: the body of the merge being written, or NULL */
	const char *merge_body;
	/* --topics: the merge of the mainline's topic branches whose
	 * commits are being finalised (NONE: none), or held until it is
	 * made (central_pull) */
	uint32_t topic_merge;
	int topic_hold;
	uint32_t held[8];
	unsigned nheld;

	struct rng rng;			/* every random draw */
	struct paths paths;		/* every path a commit took */

	/* the trees */
	struct tree *tr;
	uint32_t ntrees;		/* T + 1: tree 0 is the mainline */
	uint64_t *cum;			/* cumulative weights of 1..T */
	uint32_t scen;			/* the tree of the planned case */
	struct ident contrib[NCONTRIB];	/* the commits' authors */
	struct case_tree *cases;	/* --identity: the cases' trees, for */
	size_t ncases, cases_alloc;	/* --cases */
	struct respell *respell;	/* --identity: new spellings, each */
	size_t nrespell, respell_alloc;	/* from a cycle on */
	uint32_t merged_by_main;	/* --identity: the tree the mainline's
					 * maintainer merges the mainline into
					 * before pulling it, or NONE */
	uint32_t new_keeper;		/* --identity: the tree whose keeper
					 * changes halfway (moved-domain), or
					 * NONE */
	uint32_t new_address;		/* --identity: the tree whose keeper's
					 * address changes halfway, or NONE */
	uint32_t taken_up_weight;	/* --identity: the weight of the tree
					 * taking up another's name, until it
					 * does */

	/* the commits */
	uint32_t nmarks;
	uint8_t *fin;			/* per mark: in the mainline */
	size_t fin_alloc;
	/* --arrivals and --rebase, per mark: the committer date it was
	 * written with, whether it is a merge, and the tree (+ 1) whose
	 * queue holds it unwritten (0: written) */
	int64_t *cdate;
	uint8_t *merge;
	uint32_t *queued_by;
	/* --arrivals: the commits finalised since the mainline last moved
	 * (main_moved says how they arrived) */
	uint32_t *arr;
	size_t arr_nr, arr_alloc;
	uint64_t nonmerge;
	int64_t now;
	uint64_t main_seq;		/* bumped whenever the mainline moves */
	uint32_t *cbuf;			/* finalised since the last tag */
	size_t cbuf_nr, cbuf_alloc;

	/* the release cycle */
	uint64_t cyc_end;		/* nonmerge count after the release */
	int64_t cycle_no;
	char last_tag[32];
	uint32_t last_tag_commit;
	uint64_t last_tag_seq;

	struct stats st;
};

/* ---- truth.c: the ground truth's bookkeeping ----------------------- */

/* An empty trie: node 0 alone. */
void paths_init(struct paths *p);

/* The path `up` carried on by tree `tree` (node 0: the empty path). */
uint32_t path_ext(struct paths *p, uint32_t up, uint32_t tree);

/* Commit `mark` is in the mainline, by paths vis and tru: --expect and
 * --truth are written, --cycles will name the next tag, --arrivals
 * will say how it came once the mainline moves (arrived). */
void finalise(struct sim *sim, uint32_t mark, uint32_t vis, uint32_t tru);

/* --arrivals: the mainline's tip is tip now; the commits finalised since
 * it last moved came by tip (a merge), or are on its line. */
void arrived(struct sim *sim, uint32_t tip);

/* --topics: the commits held (topic_hold) came through merge mk. */
void release_held(struct sim *sim, uint32_t mk);

/* The commits finalised since the last tag were first in `tag`. */
void flush_cycle(struct sim *sim, const char *tag);

/* Is mark m among tree t's pending commits? */
int set_has(const struct tree *t, uint32_t m);

/* Tree t has commit `mark` now, by paths vis and tru. */
void log_add(const struct sim *sim, struct tree *t, uint32_t mark,
	     uint32_t vis, uint32_t tru);

/* Everything tree t has is in the mainline now. */
void log_clear(struct tree *t);

/* Drop t's finalised entries at the front; 1 when nothing is left. */
int compact(const struct sim *sim, struct tree *t);

/* How far `puller` has taken x's pending commits (a sequence number). */
uint64_t *pos_of(struct tree *x, uint32_t puller);

/* ---- names.c: names, idents, URLs; the trees set up ---------------- */

/* The mainline and T trees: names, URLs, layers, weights, clocks; the
 * authors; the tree of the planned case. */
void setup_trees(struct sim *sim, uint32_t T);


/* One of tree t's URLs, the usual one more often than not. */
const char *pick_url(struct sim *sim, const struct tree *t);

/* A tree (1..T) by weight. */
uint32_t pick_tree(struct sim *sim);

/* A plain commit's subject on tree x ("net: fix probe of ..."). */
void commit_subject(struct sim *sim, struct sb *sb, uint32_t x);

/* A new topic branch's name on tree t ("fixes-3"). */
char *topic_name(struct sim *sim, struct tree *t);

/* ---- trailers.c: --trailers, --mailmap ------------------------------ */

/* The body of plain commit `mark` by author a, committed by c (prose,
 * then trailers), and its truth line's fields after the mark; both new
 * strings.  Hashes the mark: no random number is drawn. */
void trailer_body(const struct sim *sim, uint32_t mark, const struct ident *a,
		  const struct ident *c, char **body, char **truth);

/* The .mailmap naming the older addresses trailer_body writes. */
void write_mailmap(const struct sim *sim, FILE *f);
/* The same text, allocated (--mailmap-tree). */
char *mailmap_text(const struct sim *sim);

/* ---- fixes.c: --fixes ---------------------------------------------- */

/* The sign-off every fix's message ends with, and the subject quoting
 * Fixes trailers give their target (no commit's; with --checks, some
 * quote another: fixes.c's quote_of). */
extern const struct ident fixes_signer;
#define FIXES_SUBJECT "the bug's subject"

/* A pair as written: the fix, the commit its id resolves to (NONE:
 * none), the commit it meant (NONE: none), whether it reverts, the
 * subject it quotes (NULL: none), the id as written. */
struct fix_seen {
	uint32_t fix, target, meant;
	int revert;
	const char *quote, *id;
};
typedef void fixes_fn(const struct fix_seen *p, void *data);

/* Commit m was written as text (n bytes, its object's), with npar
 * parents: its id is known. */
void fixes_commit_written(const struct sim *sim, uint32_t m, const char *text,
			  size_t n, unsigned npar);
/* An annotated tag of mark was written as text (its object's). */
void fixes_tag_written(uint32_t mark, const char *text, size_t n);
/* Commit m's id, "" until written; with --checks its subject, "" until
 * written. */
const char *fixes_oid(uint32_t mark);
const char *fixes_subject_of(uint32_t mark);
/* The body of plain commit m when it fixes (a new string), else NULL.
 * Hashes the mark: no random number is drawn. */
char *fixes_body(const struct sim *sim, uint32_t m);
/* Every pair resolved as git resolves it, in the order written. */
void fixes_each(const struct sim *sim, fixes_fn *fn, void *data);
/* The truth: one line per pair (fixes.c says what). */
void fixes_write_truth(const struct sim *sim, FILE *f);
void fixes_release(void);
/* ---- checks.c: --checks ------------------------------------------- */

/* The body of plain commit m by author a, committed by c: the fix's
 * (fix, or NULL) with sign-offs of a and c, or some close to theirs,
 * after it (a new string), or NULL for none.  Hashes the mark: no
 * random number is drawn. */
char *checks_body(const struct sim *sim, uint32_t m, const struct ident *c,
		  const struct ident *a, const char *fix);
/* Commit m written (after fixes_commit_written) with body (NULL: its
 * subject alone): its parents, date and what its message says kept; a
 * non-merge commit's sign-off findings written. */
void checks_commit_written(const struct sim *sim, uint32_t m, int64_t cdate,
			   const uint32_t *par, unsigned npar,
			   const char *body);
/* A tag (annotated or not) names commit mark. */
void checks_tagged(uint32_t mark);
/* The rest of the truth, once master's tip is known. */
void checks_write_truth(const struct sim *sim, FILE *f);
void checks_release(void);

/* ---- people.c: --people -------------------------------------------- */

/* The trees' co-maintainers (a hash of each tree), and their release. */
void people_setup(struct sim *sim);
void people_release(struct sim *sim);
/* Who commits plain commit mark of tree x, and who wrote it: *committer
 * and *author changed with --people, else left. */
void people_pick(const struct sim *sim, uint32_t x, uint32_t mark,
		 const struct ident **committer, const struct ident **author);
/* Without --trailers, the body of plain commit mark (a review), or
 * NULL; new. */
char *people_body(const struct sim *sim, uint32_t mark,
		  const struct ident *c, const struct ident *a);
/* The truth lines: non-merge commit mark being written (its body in
 * sim->body); a pull of tree x by the mainline just made, naming a tag
 * or not. */
void people_line(struct sim *sim, uint32_t mark, const struct ident *c,
		 const struct ident *a);
void people_pull(struct sim *sim, uint32_t merge, uint32_t x, int tagged);

/* ---- stream.c: commits and the stream ------------------------------ */

/* The clock, a little later. */
int64_t tick(struct sim *sim);

/* --rebase: whether tree x rebases (a few trees pulled by the mainline
 * alone, decided by a hash). */
int tree_rebases(const struct sim *sim, uint32_t x);

/* --rebase: the queued commits still unwritten, dropped at the end
 * (none of them reached a ref). */
void queues_free(struct sim *sim);

/* Writes a commit (a merge when npar > 1), counts it; its mark. */
uint32_t emit(struct sim *sim, const struct ident *committer,
	      const struct ident *author, int64_t cdate, int64_t adate,
	      const char *subject, const uint32_t *par, unsigned npar);

/* Non-merge commits that may still be made before the release commit. */
uint64_t left(const struct sim *sim);

/* A date for a commit of tree t, behind when its clock is bad. */
int64_t tree_date(struct sim *sim, const struct tree *t);

/* A non-merge commit of tree x on parent, dated date; its mark. */
uint32_t plain_commit(struct sim *sim, uint32_t x, uint32_t parent,
		      int64_t date);

/* A commit on tree x's own branch, on parent: plain_commit's, or with
 * --rebase, when x rebases, queued until first taken. */
uint32_t branch_commit(struct sim *sim, uint32_t x, uint32_t parent,
		       int64_t date);

/* The mainline's tip is tip now. */
void main_moved(struct sim *sim, uint32_t tip);

/* A merge made by tree y's maintainer; its mark. */
uint32_t merge_commit(struct sim *sim, uint32_t y, const char *subject,
		      const uint32_t *par, unsigned npar);

/* The version bump and tag that mark a release or an -rc. */
void tag_mainline(struct sim *sim, const char *version, const char *tag,
		  int annotated);

/* ---- change.c: a tree's next change, --gerrit's review ------------- */

/* The review server's name, as the paths say it. */
extern const char *const review_server_name;

/* A commit on the branch of tree x, dated date (commit_on: by
 * tree_date). */
void commit_at(struct sim *sim, uint32_t x, int64_t date);
void commit_on(struct sim *sim, uint32_t x);

/* ---- identity.c: --identity's cases -------------------------------- */

/* The cases' spellings and keepers, once the trees are set up (and
 * sim->cycles_total known). */
void setup_identity(struct sim *sim);

/* At the start of cycle k: the respellings due, a tree's name taken up. */
void identity_cycle(struct sim *sim, uint64_t k);

/* Before tree x is pulled into the mainline by url: the mainline's
 * maintainer may merge the mainline into it first.  x's tip. */
uint32_t main_merges_into(struct sim *sim, uint32_t x, const char *url);

/* --cases: "CASE<TAB>NAME<TAB>URL URL..." per case's tree: what it is
 * (side-by-side, host-renamed, moved-group, cross-domain, one-keeper,
 * taken-up, fork), the name treeplot must give it, every spelling it
 * was given. */
void identity_cases(const struct sim *sim, FILE *f);

void identity_release(struct sim *sim);

/* ---- merges.c: pulls, topics, back-merges, fast-forwards ----------- */

/* A pull of tree x into y, maybe an octopus of several of x's branches;
 * 0 when x had nothing y lacks. */
int do_pull(struct sim *sim, uint32_t x, uint32_t y, int octopus_ok);

/* Tree x pulls into its receiver, unless held out of this cycle. */
void pull_if_new(struct sim *sim, uint32_t x);

/* Tree x merges its ready topics (some or all). */
void merge_topics(struct sim *sim, uint32_t x);

/* One commit of tree x on a topic branch (a new one maybe); 0 if none. */
int topic_commit(struct sim *sim, uint32_t x);

/* A back-merge of the mainline (its tip or the last tag) into tree x,
 * naming the mainline's repository when force_url; 0 if none. */
int back_merge(struct sim *sim, uint32_t x, int force_url);

/* Tree x, holding nothing the mainline lacks, starts again from commit
 * c (in_main: c is a mainline commit). */
void reset_tree(struct sim *sim, uint32_t x, uint32_t c, uint64_t seq,
		int in_main);

/* A fast-forward pull; 0 if none could be made. */
int ff_pull(struct sim *sim);

/* ---- cycle.c: a release cycle -------------------------------------- */

/* Cycle k: the non-merge commits first .. end - 1 of T trees, its
 * events, its -rcs and its release. */
void run_cycle(struct sim *sim, int64_t k, uint64_t first, uint64_t end,
	       uint32_t T);

/* --maintainers (routing.c): commit m's files (the root commit's:
 * MAINTAINERS), by its tree sim->cur_tree; commit mark's truth line, its
 * visible path vis. */
void routing_files(struct sim *sim, uint32_t m, unsigned npar,
		   const struct ident *committer, const struct ident *author);
/* Mark m is tree x's commit (a --rebase commit queued, not written). */
void routing_tree(struct sim *sim, uint32_t m, uint32_t x);
void routing_truth(struct sim *sim, uint32_t mark, uint32_t vis);

#endif
