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
 * What the options found (options_parse) makes sense together, in this
 * order: the rows given each apply to the mode (one that does not is a
 * usage error naming the option that would make it apply, from the
 * row's modes); the paths; the arguments after the options for the mode
 * (the range of a report, --trace's commits and range, --compare's
 * ranges); every output's format settled and fit for the mode and the
 * rows given.  Returns ST_OK, or ST_USAGE after saying what is wrong
 * (one line).
 */
int args_check(struct options *o);

#endif
