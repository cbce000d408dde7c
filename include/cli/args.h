/*
 * cli/args.h - what follows the options, and the options given, checked
 * against the mode: the arguments (ranges, commits), the modes each
 * option applies to, the outputs' formats.
 *
 * The option table (cli/options.c) finds the options; this says whether
 * what was found makes sense together, each mistake in one line that
 * names the way out ("--cycles is for --compare: add --compare").
 */
#ifndef TREEPLOT_CLI_ARGS_H
#define TREEPLOT_CLI_ARGS_H

#include <stddef.h>

#include "addons/opt.h"
#include "cli/options.h"

/* A name for mode m in messages: "--trace", ..., "a report". */
const char *args_mode_name(enum mode m);

/*
 * The rows given (given[0..n)) each apply to the mode: one that does not
 * is a usage error naming the option that would make it apply (from the
 * row's modes).  Returns -1 to go on, else the exit status.
 */
int args_check_modes(const struct options *o, const struct opt *const *given,
		     size_t n);

/* The arguments after the options, for the mode: the range of a report,
 * --trace's commits and range, --compare's ranges.  Returns -1 to go on,
 * else the exit status. */
int args_check(struct options *o);

/* Every output's format settled and fit for the mode and the rows given.
 * Returns -1 to go on, else the exit status. */
int args_check_formats(struct options *o, const struct opt *const *given,
		       size_t n);

#endif
