/*
 * sigbus.h - a mapped repository file cut short while it is read.
 *
 * The packs and the commit-graph are read through memory maps.  A file
 * truncated in place (a gc, a repack, a disk error, anyone) makes a read
 * past its new end raise SIGBUS, which would kill treeplot without a word.
 * A reader arms a guard around its reads of mapped memory: a SIGBUS on
 * the thread that armed it jumps back to the guard, which then knows the
 * faulting address and turns it into an error naming the file.  Guards
 * are per thread (the fault happens on the reading thread) and nest.  A
 * SIGBUS where no guard is armed (in libgit2's own mappings) is said on
 * one line, and kills as before.
 *
 *	struct sigbus_guard g;
 *
 *	if (sigsetjmp(g.jb, 0)) {
 *		... g.addr is where; the jump disarmed g ...
 *	}
 *	sigbus_arm(&g);
 *	... reads of the mapping ...
 *	sigbus_disarm(&g);
 *
 * Nothing allocated between arming and the fault may be held only in a
 * local variable: the jump leaves the frames in between.  The cost is a
 * sigsetjmp without the signal mask (a few instructions) per guard.
 */
#ifndef TREEPLOT_SIGBUS_H
#define TREEPLOT_SIGBUS_H

#include <setjmp.h>

struct sigbus_guard {
	sigjmp_buf jb;
	const void *addr;		/* where the fault was */
	struct sigbus_guard *prev;	/* the guard it nests in */
};

/* Catch SIGBUS (once for the process; idempotent). */
void sigbus_install(void);

/* Arm g (after sigsetjmp(g->jb, 0)) on this thread; disarm it, the
 * guard it nests in armed again (a fault's jump does that itself). */
void sigbus_arm(struct sigbus_guard *g);
void sigbus_disarm(struct sigbus_guard *g);

#endif
