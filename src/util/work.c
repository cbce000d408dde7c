/*
 * work.c - the work meter's total (work.h).
 */
#include "util/work.h"

#include <pthread.h>

_Thread_local uint64_t work_steps;

static pthread_mutex_t total_mu = PTHREAD_MUTEX_INITIALIZER;
static uint64_t total;

void
work_flush(void)
{
	pthread_mutex_lock(&total_mu);
	total += work_steps;
	pthread_mutex_unlock(&total_mu);
	work_steps = 0;
}

uint64_t
work_total(void)
{
	uint64_t t;

	work_flush();
	pthread_mutex_lock(&total_mu);
	t = total;
	pthread_mutex_unlock(&total_mu);
	return t;
}
