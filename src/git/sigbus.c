/*
 * sigbus.c - a mapped repository file cut short while it is read
 * (sigbus.h): SIGBUS on a thread with a guard armed jumps back to it.
 *
 * The handler runs with SIGBUS not blocked (SA_NODEFER), so that the
 * jump out of it, which does not restore a signal mask (sigsetjmp's
 * second argument is 0: no system call per guard), leaves SIGBUS
 * deliverable for the next fault.  The guards are the one piece of
 * thread-local state: a signal handler has no other way to find them.
 */
#include "git/sigbus.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static __thread struct sigbus_guard *armed;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void
on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	static const char msg[] = "treeplot: a file mapped in memory was "
				  "cut short while it was read (SIGBUS)\n";
	struct sigbus_guard *g = armed;

	(void)ctx;
	if (g) {
		/* The jump disarms the guard: the code after it runs
		 * with the one it nests in. */
		armed = g->prev;
		g->addr = si->si_addr;
		siglongjmp(g->jb, 1);
	}
	/* Not a read of ours: said, then the fault again, by default. */
	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
		(void)0;
	signal(sig, SIG_DFL);
}

static void
install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

void
sigbus_install(void)
{
	pthread_once(&installed, install);
}

void
sigbus_arm(struct sigbus_guard *g)
{
	g->addr = NULL;
	g->prev = armed;
	armed = g;
}

void
sigbus_disarm(struct sigbus_guard *g)
{
	armed = g->prev;
}
