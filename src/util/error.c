/*
 * error.c - error reporting: one escaped line on standard error.
 *
 * A file of its own, above the buffer and the escaper it formats and
 * escapes with (util.c, escape.c), which never report: the lowest
 * utilities reach no higher.
 */
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>

#include "util/escape.h"

int
verror(const char *fmt, va_list ap)
{
	struct buf msg = BUF_INIT, safe = BUF_INIT;
	va_list aq;
	int n;

	/* Formatted whole, then escaped whole: a ref name, a path or
	 * libgit2's reason may hold anything, and reaches a terminal. */
	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n > 0) {
		buf_pad(&msg, '\0', (size_t)n);
		vsnprintf(msg.data, (size_t)n + 1, fmt, ap);
		escape_message(&safe, msg.data, msg.len);
	}
	fprintf(stderr, "treeplot: %s\n", safe.data ? safe.data : "");
	buf_release(&safe);
	buf_release(&msg);
	return -1;
}

int
error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verror(fmt, ap);
	va_end(ap);
	return -1;
}
