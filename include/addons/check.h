/*
 * check.h - a CI gate on the way patches come (--check LIST): findings
 * about the range's commits, each with a code, the innermost tree the
 * commit came through and one line of detail.
 *
 * The groups and their codes (the man page, CHECKS):
 *   fixes    fixes-no-id, fixes-short-id, fixes-unknown, fixes-subject,
 *            fixes-not-ancestor: the Fixes trailers of the range's
 *            non-merge commits, read as --fixes reads them
 *            (flow/fixes_parse.h), ids resolved as `git rev-parse
 *            --verify <id>^{commit}` resolves them (git/objname.h);
 *   signoff  signoff-author, signoff-committer: no Signed-off-by of the
 *            commit's author (committer) among its trailers, people
 *            compared as --review compares them (review_read.h's
 *            review_signed_off).
 * treeplot.checkAllow (multi-valued) drops the findings of a code
 * ("signoff-committer"), or of a code in one tree ("signoff-committer
 * u-boot-dm", the innermost tree's name).  What is left is written by
 * -T findings (one line each), the text report's "Checks" section, and
 * makes the exit status 3.
 */
#ifndef TREEPLOT_CHECK_H
#define TREEPLOT_CHECK_H

struct extra;

extern const struct extra check_extra;

#endif
