/*
 * genhist - a deterministic kernel-like git history, with ground truth.
 *
 * main.c holds the options and the run (the trees, the root commit, R
 * cycles, master at the end); genhist.h lists the other modules and
 * says how they share the simulation's state.
 *
 *   genhist [--commits N] [--trees T] [--seed S] [--ff-rate P]
 *           [--releases R] [--expect FILE] [--truth FILE] [--cycles FILE]
 *           [--dates FILE] [--topics FILE] [--arrivals FILE]
 *           [--trailers FILE] [--mailmap FILE] [--mailmap-tree]
 *           [--people FILE] [--fixes FILE] [--checks FILE]
 *           [--maintainers FILE]
 *           [--identity] [--cases FILE]
 *           [--files] [--gerrit] [--late] [--rebase] [--rc0] [--devel]
 *           [--stats]
 *
 * Writes a git fast-import stream on stdout: N non-merge commits made by a
 * mainline and T subsystem trees over R release cycles (tags v1.0, then
 * v1.K-rc1 .. v1.K-rc7 and v1.K), every commit with the empty tree, all of
 * them marked (:1, :2, ...), refs/heads/master at the end the mainline.
 *
 * The simulation: trees of Zipf-like sizes, most pulled by the mainline,
 * some through a second and a third tree, one pulled at two levels; trees
 * forking from release tags or keeping their branch across cycles; topic
 * branches merged back (internal subjects, octopus too, or subjects naming
 * the tree's own repository); octopus pulls of several branches of one
 * tree; back-merges of the mainline into trees (a few the other way
 * round: the tree merged into a checkout of the mainline, whose first
 * parent is then the mainline's); the mainline merging its own side
 * branches; direct commits; fast-forward pulls; some trees with a bad
 * clock (days or weeks behind).  Every odd cycle also holds one
 * planned case where git's date-ordered rev-list of the next release range
 * is wrong: a tree Y is pulled into W, then commits two more (the last with
 * a clock reset to January 2000) and is pulled by the mainline, W only
 * in the next cycle.
 *
 * Ground truth is kept by bookkeeping, never by reading the graph
 * (truth.c says how).
 *
 * --expect FILE  ":MARK<TAB>tree<TAB>...<TAB>mainline" per non-merge commit
 *                of master, the path git's history shows (innermost first)
 * --truth FILE   the same with fast-forwarded pulls included
 * --cycles FILE  ":MARK<TAB>TAG": the first tag containing the commit
 * --dates FILE   ":MARK<TAB>AUTHOR<TAB>COMMITTER" per non-merge commit, the
 *                dates (seconds) it was written with; with it, one commit in
 *                twenty-five is authored up to sixty days in the future (a
 *                skewed clock: --latency's negative latencies), so the
 *                stream changes (and only with it)
 * --topics FILE  ":MARK<TAB>:MERGE" per direct commit of master (whose
 *                --expect path is the mainline alone) that came through
 *                one of the mainline's topic branches: MERGE is the
 *                merge on master's first-parent line that brought it
 *                (the mainline merging its topics, or --identity's
 *                central pulls); ":MARK<TAB>-" per direct commit on
 *                that line itself (committed there, or fast-forwarded)
 * --trailers FILE  every plain non-merge commit's message gets a body: a
 *                line of prose, then trailers as kernel commits carry
 *                them (reviews, tests, links, fixes, stable, sign-off
 *                chains; trailers.c lists the cases); FILE gets
 *                ":MARK<TAB>REVIEWED<TAB>TESTED<TAB>LINKED<TAB>FIX<TAB>
 *                STABLE<TAB>HANDOFFS<TAB>REVIEWERS<TAB>TESTERS" per
 *                non-merge commit, what --review must count (trailers.c
 *                says how).  The choices hash the mark, so the history's
 *                shape is the same as without it; only messages change
 * --fixes FILE   about one plain commit in ten names one or two earlier
 *                plain commits it fixes (Fixes: 4 to 40 digits, either
 *                case, with or without a subject; an id of no object) or
 *                reverts (This reverts commit <40 digits>.); FILE gets
 *                "FIX<TAB>KIND<TAB>TARGET<TAB>AS-WRITTEN<TAB>:MARK" per
 *                pair, the first four fields of treeplot --fixes -T fixes
 *                (fixes.c says how).  Choices hash the mark: the shape
 *                is the same as without it, only messages (and so ids)
 *                change.  Not with --trailers, --files, --mailmap-tree
 *                or --people
 * --checks FILE  --fixes' history (it implies --fixes) with messages that
 *                look close to a finding and are not, or are: Fixes
 *                quoting the target's subject whole, cut with "..." or
 *                an ellipsis, or cut of its last character; sign-offs
 *                of the author and committer as written, the address in
 *                capitals, the name at another address, or a "Jr" of
 *                the name at another; back-merges saying why (the same
 *                commits, parents, people and dates as --fixes: only
 *                messages differ).  FILE gets "ID<TAB>CODE" per finding
 *                `treeplot --check all -T findings` must print (its
 *                first two fields) for every commit written (a range's
 *                are its commits'): fixes-short-id, fixes-unknown,
 *                fixes-subject, fixes-not-ancestor, signoff-author,
 *                signoff-committer from what was written, what the ids
 *                resolve to and the generator's own graph;
 *                backmerge-untagged, backmerge-unexplained and
 *                pull-rebased (treeplot's default thresholds) from the
 *                graph, its tags, messages and dates (checks.c says
 *                how).  No fixes-no-id: every Fixes value starts with
 *                its id.  Not with what --fixes refuses
 * --people FILE  who commits each plain commit (a tree's maintainer or
 *                one of its co-maintainers, known proportions), self-
 *                commits, reviews, and the tagger dates of the
 *                mainline's tagged pulls, with their truth (people.c
 *                says how); no random number is drawn: the same shape
 * --mailmap FILE the .mailmap that maps the older addresses --trailers
 *                writes to their owners' (git config mailmap.file FILE)
 * --mailmap-tree the same .mailmap committed too: the root commit's tree
 *                holds it, so every commit's does, HEAD's among them,
 *                which git reads in a bare repository (without it the
 *                stream is what it always was)
 * --identity     the cases of tree identity, each with its ground truth
 *                (without it the stream is what it always was; identity.c
 *                lists them): every kernel.org tree also spelled by its
 *                home directory; one repository on two sibling hosts side
 *                by side for years; a host renamed halfway; a path moved
 *                under a new group while the old one stays in use, most
 *                of its pulls made after the mainline's maintainer merged
 *                the mainline into it; a move across domains by its
 *                keeper; one keeper with two trees of different names;
 *                one repository name taken up by another keeper; forks
 *                of one project by four owners; and the mainline's
 *                committers pulling the central repository into a branch
 *                of the same name ("Merge branch 'master' of
 *                ssh://central.example.org/home/linux/git/linux into
 *                master"), what it brings being direct commits
 * --cases FILE   with --identity: one line per case's tree, "CASE<TAB>NAME
 *                <TAB>URL URL...", the name treeplot must give it and
 *                every spelling it was given
 * --maintainers FILE  a MAINTAINERS in the root commit for the trees,
 *                each with an area of files its commits mostly write in
 *                (one file a commit), and FILE the routing's truth, one
 *                line a non-merge commit, and the stale entries' (routing.c
 *                says how).  Not with --files, --gerrit, --identity,
 *                --fixes, --trailers or --people.
 * --files        every non-merge commit also writes a small tree (without
 *                it, every commit has the empty tree, as always): one to
 *                three files of a fixed set of a few files in a few nested
 *                directories, each given content of its own (the commit's
 *                mark), one in eight of them deleted instead.  The choice
 *                hashes the mark, not the simulation's random numbers, so
 *                the history's shape is the same with or without it.  A
 *                merge keeps its first parent's tree (fast-import's way).
 * --gerrit       the mainline's own changes (its direct commits without
 *                it) merged by a Gerrit review server, as Gerrit merges
 *                them: a change of one commit ('Merge "SUBJECT"', no
 *                " into master") or of two or three ('Merge changes
 *                ID,ID' or by topic, 'Merge changes from topic "T"',
 *                'Merge changes from topics "T", "U"'), committed by
 *                "Gerrit Code Review <gerrit@review.example.org>", their
 *                path "Gerrit Code Review", then the mainline; one change
 *                of one commit in five fast-forwarded, direct (without
 *                it the stream is what it always was)
 * --arrivals FILE  ":MARK<TAB>VIA<TAB>TIME<TAB>PHASE" per non-merge commit
 *                of master: VIA the merge on master's first-parent line
 *                that brought it (":MERGE"), or "-" when it sits on that
 *                line; TIME its arrival (VIA's committer date, or its
 *                own); PHASE the last tag made before it arrived (the
 *                phase it arrived in: v1.K a merge window, v1.K-rcN
 *                rcN), "-" before the first (no option changes the
 *                stream)
 * --late         in every cycle but the first, one tree pulled by the
 *                mainline in ten (by a hash) waits for its first pull
 *                until after -rc1 (without it the stream is what it
 *                always was)
 * --rebase       one tree pulled by the mainline in five (by a hash, of
 *                those in no planned case and on a good clock) commits
 *                (rebases) its branch's commits just before they are
 *                first taken: its pull, a back-merge or a topic branch
 *                off them; each is committed a second before the commit
 *                that takes it, the newest last, its author date as when
 *                it was made (--dates has the dates; without it the
 *                stream is what it always was)
 * --rc0          every cycle but the first also tags v1.K-rc0 (git.git's
 *                preview tag) three quarters into the merge window,
 *                before v1.K-rc1: the window's last pulls come after it
 *                (--arrivals' PHASE says v1.K-rc0; without it the stream
 *                is what it always was)
 * --devel        every cycle but the first also tags v1.K-devel (util-linux's
 *                tag opening a cycle) on the mainline a fiftieth into it,
 *                within the merge window (--arrivals' PHASE then says
 *                v1.K-devel for what arrived after it; without it the
 *                stream is what it always was)
 * --stats        counts on stderr
 */

#include "genhist.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A run not yet set up: zero, but for these. */
static void
sim_init(struct sim *sim)
{
	memset(sim, 0, sizeof(*sim));
	sim->ffrate = 0.05;
	sim->scen = NONE;
	sim->merged_by_main = NONE;
	sim->topic_merge = NONE;
	paths_init(&sim->paths);
}

static void
usage(FILE *f)
{
	fputs("usage: genhist [--commits N] [--trees T] [--seed S] [--ff-rate P]\n"
	      "               [--releases R] [--expect FILE] [--truth FILE]\n"
	      "               [--cycles FILE] [--dates FILE] [--topics FILE]\n"
	      "               [--arrivals FILE] [--trailers FILE] [--mailmap FILE]\n"
	      "               [--people FILE] [--maintainers FILE]\n"
	      "               [--mailmap-tree] [--identity] [--cases FILE]\n"
	      "               [--files] [--gerrit] [--late] [--rebase] [--rc0]\n"
	      "               [--devel] [--fixes FILE] [--checks FILE]\n"
	      "               [--stats] > stream\n", f);
}

static uint64_t
parse_u64(const char *opt, const char *s, uint64_t min, uint64_t max)
{
	char *end;
	unsigned long long v;

	errno = 0;
	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		die("%s: not a number: '%s'", opt, s);
	v = strtoull(s, &end, 10);
	if (errno || *end)
		die("%s: not a number: '%s'", opt, s);
	if (v < min || v > max)
		die("%s: %s out of range [%" PRIu64 ", %" PRIu64 "]", opt, s,
		    min, max);
	return (uint64_t)v;
}

static FILE *
open_out(const char *opt, const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		die("%s: cannot write %s: %s", opt, path, strerror(errno));
	setvbuf(f, NULL, _IOFBF, 1 << 16);
	return f;
}

static void
close_out(FILE *f, const char *what)
{
	if (!f)
		return;
	if (fflush(f) || ferror(f) || (f != stdout && fclose(f)))
		die("writing %s failed: %s", what, strerror(errno));
}

/* --stats: the counts, on stderr. */
static void
print_stats(const struct sim *sim, uint64_t R)
{
	const struct stats *st = &sim->st;

	fprintf(stderr,
		"genhist: %" PRIu64 " commits, %" PRIu64 " merges (%"
		PRIu64 " octopus), %" PRIu64 " releases, %" PRIu32
		" paths\n"
		"genhist: pulls %" PRIu64 " real + %" PRIu64
		" fast-forward; topic merges %" PRIu64
		" (%" PRIu64 " naming the own tree, %" PRIu64
		" in the mainline); back-merges %" PRIu64
		" (%" PRIu64 " naming the mainline, %" PRIu64
		" the other way round); resets %" PRIu64
		"; skewed dates %" PRIu64 "; planned cases %" PRIu64
		"; review merges %" PRIu64 "\n",
		sim->nonmerge, st->merges, st->octopus, R, sim->paths.nr,
		st->pulls, st->ff, st->topic_merges, st->self_pulls,
		st->main_self_pulls, st->backmerges, st->url_backmerges,
		st->reversed, st->resets, st->skewed, st->planned,
		st->review_merges);
}

int
main(int argc, char **argv)
{
	uint64_t N = 5000, T = 100, seed = 1, R = 0;
	const char *pexp = NULL, *ptru = NULL, *pcyc = NULL, *pdat = NULL;
	const char *ptop = NULL, *parr = NULL, *pcases = NULL, *ptrl = NULL;
	const char *pmm = NULL, *pfix = NULL, *pppl = NULL, *pchk = NULL;
	const char *pmnt = NULL;
	int stats = 0, mmtree = 0;
	static char obuf[1 << 20];
	static struct sim state;
	struct sim *sim = &state;

	sim_init(sim);

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL, *eq;
		size_t len;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(a, "--stats")) {
			stats = 1;
			continue;
		}
		if (!strcmp(a, "--identity")) {
			sim->identity = 1;
			continue;
		}
		if (!strcmp(a, "--files")) {
			sim->files = 1;
			continue;
		}
		if (!strcmp(a, "--gerrit")) {
			sim->gerrit = 1;
			continue;
		}
		if (!strcmp(a, "--late")) {
			sim->late = 1;
			continue;
		}
		if (!strcmp(a, "--rebase")) {
			sim->rebase = 1;
			continue;
		}
		if (!strcmp(a, "--devel")) {
			sim->devel = 1;
			continue;
		}
		if (!strcmp(a, "--rc0")) {
			sim->rc0 = 1;
			continue;
		}
		if (!strcmp(a, "--mailmap-tree")) {
			mmtree = 1;
			continue;
		}
		if (strncmp(a, "--", 2))
			die("unexpected argument '%s' (see --help)", a);
		eq = strchr(a, '=');
		len = eq ? (size_t)(eq - a) : strlen(a);
#define IS(name) (len == strlen(name) && !strncmp(a, name, len))
		if (!IS("--commits") && !IS("--trees") && !IS("--seed") &&
		    !IS("--releases") && !IS("--ff-rate") && !IS("--expect") &&
		    !IS("--truth") && !IS("--cycles") && !IS("--dates") &&
		    !IS("--topics") && !IS("--arrivals") && !IS("--cases") &&
		    !IS("--trailers") && !IS("--mailmap") && !IS("--fixes") &&
		    !IS("--people") && !IS("--checks") &&
		    !IS("--maintainers"))
			die("unknown option '%.*s' (see --help)", (int)len, a);
		if (eq)
			v = eq + 1;
		else if (i + 1 < argc)
			v = argv[++i];
		else
			die("%s needs a value", a);
		if (IS("--commits"))
			N = parse_u64("--commits", v, 100, 100000000);
		else if (IS("--trees"))
			T = parse_u64("--trees", v, 1, 10000);
		else if (IS("--seed"))
			seed = parse_u64("--seed", v, 0, UINT64_MAX);
		else if (IS("--releases"))
			R = parse_u64("--releases", v, 1, 10000000);
		else if (IS("--ff-rate")) {
			char *end;
			double p;

			errno = 0;
			p = strtod(v, &end);
			if (!*v || *end || errno || !(p >= 0 && p <= 1))
				die("--ff-rate: '%s' is not a number in [0, 1]", v);
			sim->ffrate = p;
		} else if (IS("--expect"))
			pexp = v;
		else if (IS("--truth"))
			ptru = v;
		else if (IS("--dates"))
			pdat = v;
		else if (IS("--topics"))
			ptop = v;
		else if (IS("--arrivals"))
			parr = v;
		else if (IS("--cases"))
			pcases = v;
		else if (IS("--trailers"))
			ptrl = v;
		else if (IS("--mailmap"))
			pmm = v;
		else if (IS("--fixes"))
			pfix = v;
		else if (IS("--people"))
			pppl = v;
		else if (IS("--checks"))
			pchk = v;
		else if (IS("--maintainers"))
			pmnt = v;
		else
			pcyc = v;
#undef IS
	}
	if (!R) {
		if (N <= 150000) {
			R = N / 200;
			if (R < 2)
				R = 2;
			if (R > 10)
				R = 10;
		} else {
			R = N / 15000;
		}
	}
	if (N / R < 50)
		die("--releases %" PRIu64 ": cycles of %" PRIu64
		    " commits are too short (at least 50 each)", R, N / R);

	sim->out = stdout;
	setvbuf(sim->out, obuf, _IOFBF, sizeof(obuf));
	if (pexp)
		sim->fexp = open_out("--expect", pexp);
	if (ptru)
		sim->ftru = open_out("--truth", ptru);
	if (pcyc)
		sim->fcyc = open_out("--cycles", pcyc);
	if (pdat)
		sim->fdat = open_out("--dates", pdat);
	if (ptop)
		sim->ftop = open_out("--topics", ptop);
	if (parr)
		sim->farr = open_out("--arrivals", parr);
	if (pcases) {
		if (!sim->identity)
			die("--cases: the cases are --identity's");
		sim->fcases = open_out("--cases", pcases);
	}
	if (ptrl)
		sim->ftrl = open_out("--trailers", ptrl);
	if (pfix || pchk) {
		const char *opt = pfix ? "--fixes" : "--checks";

		if (ptrl || sim->files || mmtree || pppl)
			die("%s: its messages and trees are its own: "
			    "no --trailers, --files, --mailmap-tree or "
			    "--people", opt);
		sim->fixes = 1;
	}
	if (pfix)
		sim->ffix = open_out("--fixes", pfix);
	if (pchk)
		sim->fchk = open_out("--checks", pchk);
	if (pppl)
		sim->fppl = open_out("--people", pppl);
	if (pmnt) {
		if (sim->files || sim->gerrit || sim->identity || pfix || pchk ||
		    ptrl || pppl)
			die("--maintainers: its trees and messages are its "
			    "own: no --files, --gerrit, --identity, --fixes, --checks, "
			    "--trailers or --people");
		sim->fmnt = open_out("--maintainers", pmnt);
	}

	rng_seed(&sim->rng, seed);
	setup_trees(sim, (uint32_t)T);
	sim->cycles_total = R;
	if (pmm) {
		FILE *f = open_out("--mailmap", pmm);

		write_mailmap(sim, f);
		close_out(f, pmm);
	}
	if (mmtree)
		sim->mailmap_text = mailmap_text(sim);
	if (sim->identity)
		setup_identity(sim);
	if (sim->fppl)
		people_setup(sim);
	for (uint32_t x = 0; x < sim->ntrees; x++)
		sim->tr[x].rebases = tree_rebases(sim, x);

	sim->now = 1200000000;		/* January 2008 */
	{
		const struct ident *maint = &sim->tr[0].maint;
		uint32_t root = emit(sim, maint, maint, sim->now, sim->now,
				     "Initial commit", NULL, 0);

		finalise(sim, root, 0, 0);
		main_moved(sim, root);
		for (uint32_t x = 0; x < sim->ntrees; x++) {
			sim->tr[x].tip = root;
			sim->tr[x].tip_in_main = 1;
			sim->tr[x].main_seq = sim->main_seq;
		}
	}
	for (uint64_t k = 0; k < R; k++)
		run_cycle(sim, (int64_t)k, k * N / R, (k + 1) * N / R,
			  (uint32_t)T);
	flush_cycle(sim, "-");
	fprintf(sim->out,
		"reset refs/heads/master\nfrom :%" PRIu32 "\n\ndone\n",
		sim->tr[0].tip);

	close_out(sim->out, "the stream");
	close_out(sim->fexp, pexp);
	close_out(sim->ftru, ptru);
	close_out(sim->fdat, pdat);
	close_out(sim->fcyc, pcyc);
	close_out(sim->ftop, ptop);
	close_out(sim->farr, parr);
	if (sim->fcases)
		identity_cases(sim, sim->fcases);
	close_out(sim->fcases, pcases);
	close_out(sim->ftrl, ptrl);
	if (sim->ffix)
		fixes_write_truth(sim, sim->ffix);
	close_out(sim->ffix, pfix);
	if (sim->fchk)
		checks_write_truth(sim, sim->fchk);
	close_out(sim->fchk, pchk);
	checks_release();
	close_out(sim->fmnt, pmnt);
	free(sim->mark_tree);
	fixes_release();
	close_out(sim->fppl, pppl);
	queues_free(sim);
	if (stats)
		print_stats(sim, R);
	identity_release(sim);
	people_release(sim);
	free(sim->mailmap_text);
	return 0;
}
