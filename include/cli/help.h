/*
 * cli/help.h - what the command line shows instead of running: --help,
 * --version and the completion's lists (--git-completion-helper, as
 * git's commands print theirs), from the option table's rows.
 */
#ifndef TREEPLOT_CLI_HELP_H
#define TREEPLOT_CLI_HELP_H

#include <stddef.h>

#include "addons/opt.h"

/* What --help and friends show instead of running
 * (struct options.show). */
enum help_show {
	SHOW_HELP = 1,
	SHOW_VERSION,
	SHOW_COMPLETION,	/* --git-completion-helper: for bash */
	SHOW_ZSH,		/* --zsh-completion-helper: with the help */
};

/* Show what (SHOW_*) on standard output, from the rows (their order:
 * --help's). */
void help_show(int what, const struct opt *const *rows, size_t nr);

#endif
