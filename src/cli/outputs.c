/*
 * outputs.c - the outputs of one run: several -o from one walk.
 */
#include "cli/outputs.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "addons/registry.h"

void
output_set_add_arg(struct output_set *s, const char *arg)
{
	ALLOC_GROW(s->args, s->args_nr + 1, s->args_alloc);
	s->args[s->args_nr++] = arg;
}

static struct output_spec *
add_spec(struct output_set *s, const char *arg, enum format fmt)
{
	struct output_spec *o;

	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	o = &s->v[s->nr++];
	memset(o, 0, sizeof(*o));
	o->path = arg && strcmp(arg, "-") ? arg : NULL;
	o->name = arg ? arg : "-";
	o->fmt = fmt;
	buf_init(&o->data);
	return o;
}

/* The format of one of several files: its extension's, else -T's;
 * standard output takes -T's, else text.  *used is set when -T's it is. */
static int
several_format(const char *arg, enum format given, enum format *fmt,
	       int *used)
{
	enum format ext = strcmp(arg, "-") ? format_from_path(arg) :
			  FORMAT_NONE;

	*fmt = ext != FORMAT_NONE ? ext : given;
	if (ext == FORMAT_NONE && given != FORMAT_NONE)
		*used = 1;
	if (*fmt == FORMAT_NONE && !strcmp(arg, "-"))
		*fmt = FORMAT_TEXT;
	if (*fmt == FORMAT_NONE) {
		error("cannot tell the format of '%s' from its extension: "
		      "use -T", arg);
		return ST_USAGE;
	}
	return 0;
}

/*
 * Whether two outputs are one file, however spelled (x, ./x, a link to
 * it, a hard link): the same device and inode when it exists, else the
 * same resolved path (output_resolve); real[] holds those.
 */
static int
same_file(const char *a, const char *b, const char *real_a,
	  const char *real_b)
{
	struct stat sa, sb;

	if (!strcmp(a, b))
		return 1;
	if (!strcmp(a, "-") || !strcmp(b, "-"))
		return 0;
	if (!stat(a, &sa) && !stat(b, &sb))
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	return real_a && real_b && !strcmp(real_a, real_b);
}

/* A file named twice would be written twice from one run: a mistake. */
static int
check_twice(const struct output_set *s)
{
	char **real = xcalloc(s->args_nr, sizeof(*real));
	int ret = 0;

	for (size_t i = 0; i < s->args_nr; i++)
		real[i] = strcmp(s->args[i], "-") ?
			  output_resolve(s->args[i]) : NULL;
	for (size_t i = 0; i < s->args_nr && !ret; i++)
		for (size_t k = 0; k < i && !ret; k++) {
			if (!same_file(s->args[k], s->args[i], real[k],
				       real[i]))
				continue;
			if (!strcmp(s->args[i], s->args[k]))
				error("output '%s' given twice", s->args[i]);
			else
				error("outputs '%s' and '%s' are one file",
				      s->args[k], s->args[i]);
			ret = ST_USAGE;
		}
	for (size_t i = 0; i < s->args_nr; i++)
		free(real[i]);
	free(real);
	return ret;
}

const char *
output_format_name(int fmt)
{
	const struct extra_format *fm = extras_format_of(fmt, NULL);

	if (fm)
		return fm->name;
	return fmt > FORMAT_NONE && fmt < FORMAT_ADDON ? format_name(fmt) :
	       NULL;
}

/* -T's name: the core's format or an add-on's, else FORMAT_NONE after
 * saying which there are. */
static enum format
named_format(const char *name)
{
	struct buf b = BUF_INIT;
	enum format fmt = format_from_name(name);
	const char *s;

	if (fmt == FORMAT_NONE)
		fmt = (enum format)extras_format_named(name);
	if (fmt != FORMAT_NONE)
		return fmt;
	for (int f = FORMAT_NONE + 1; f < FORMAT_ADDON; f++)
		buf_printf(&b, "%s%s", f > FORMAT_NONE + 1 ? ", " : "",
			   format_name(f));
	for (int f = FORMAT_ADDON; (s = output_format_name(f)); f++)
		buf_printf(&b, ", %s", s);
	error("unknown format '%s' (%s)", name, b.data);
	buf_release(&b);
	return FORMAT_NONE;
}

/*
 * "-T json -o a.svg" wrote JSON into a.svg: a format (given) and a file
 * name whose extension names another (ext) are a mistake, said with the
 * name that fits.  Returns 0, or ST_USAGE after reporting.
 */
static int
contradicts(const char *arg, enum format given, enum format ext)
{
	const char *dot;

	if (given == FORMAT_NONE || ext == FORMAT_NONE || given == ext)
		return 0;
	dot = strrchr(arg, '.');
	error("-T %s does not fit the name '%s', whose extension means %s: "
	      "name it '%.*s%s', or leave -T out",
	      output_format_name(given), arg,
	      format_name(ext), (int)(dot - arg), arg,
	      format_extension(given));
	return ST_USAGE;
}

int
output_set_resolve(struct output_set *s, const char *format)
{
	enum format given = format ? named_format(format) : FORMAT_NONE;
	enum format fmt;
	int ret, used = 0;

	if (format && given == FORMAT_NONE)
		return ST_USAGE;
	if (s->args_nr <= 1) {
		/* One output: -T names the format of a file whose
		 * extension names none. */
		const char *arg = s->args_nr ? s->args[0] : NULL;
		enum format ext = arg && strcmp(arg, "-") ?
				  format_from_path(arg) : FORMAT_NONE;

		if ((ret = contradicts(arg, given, ext)) < 0)
			return ret;
		fmt = given != FORMAT_NONE ? given :
		      arg && strcmp(arg, "-") ? ext : FORMAT_TEXT;
		if (fmt == FORMAT_NONE) {
			error("cannot tell the format of '%s' from its "
			      "extension: use -T", arg);
			return ST_USAGE;
		}
		add_spec(s, arg, fmt);
		return 0;
	}
	if ((ret = check_twice(s)) < 0)
		return ret;
	for (size_t i = 0; i < s->args_nr; i++) {
		if ((ret = several_format(s->args[i], given, &fmt, &used)) < 0)
			return ret;
		add_spec(s, s->args[i], fmt);
	}
	/* "-T json -o a.svg -o b.svg" would write no JSON: surely meant
	 * otherwise, so say how -T works here. */
	if (format && !used) {
		error("-T %s is the format of none of the outputs: with "
		      "several, each file's extension gives its format, -T "
		      "that of - and of files without one", format);
		return ST_USAGE;
	}
	return 0;
}

unsigned
output_set_formats(const struct output_set *s)
{
	unsigned have = 0;

	for (size_t i = 0; i < s->nr; i++)
		have |= 1u << s->v[i].fmt;
	return have;
}

int
output_set_has(const struct output_set *s, enum format fmt)
{
	for (size_t i = 0; i < s->nr; i++)
		if (s->v[i].fmt == fmt)
			return 1;
	return 0;
}

void
output_set_share(struct output_set *s)
{
	for (size_t i = 0; i < s->nr; i++) {
		struct output_spec *first = &s->v[i];

		for (size_t k = 0; k < i && first == &s->v[i]; k++)
			if (s->v[k].fmt == s->v[i].fmt &&
			    s->v[k].variant == s->v[i].variant)
				first = &s->v[k];
		if (first != &s->v[i])
			buf_add(&s->v[i].data, first->data.data,
				first->data.len);
	}
}

struct output_spec *
output_set_find(struct output_set *s, enum format fmt)
{
	for (size_t i = 0; i < s->nr; i++)
		if (s->v[i].fmt == fmt)
			return &s->v[i];
	return NULL;
}

int
output_set_check_terminal(const struct output_set *s)
{
	for (size_t i = 0; i < s->nr; i++) {
		enum format fmt = s->v[i].fmt;

		if (s->v[i].path || (fmt != FORMAT_PNG && fmt != FORMAT_PDF))
			continue;
		if (!isatty(STDOUT_FILENO))
			continue;
		error("refusing to write %s to a terminal; use -o FILE or "
		      "redirect", fmt == FORMAT_PNG ? "PNG" : "PDF");
		return ST_USAGE;
	}
	return 0;
}

/* Whether path lies in dir (or is it), both resolved. */
static int
path_in(const char *path, const char *dir)
{
	size_t len = strlen(dir);

	if (!strcmp(dir, "/"))
		return 1;
	return !strncmp(path, dir, len) && (!path[len] || path[len] == '/');
}

int
output_set_check_repo(struct output_set *s, struct repo *r)
{
	char **priv;
	size_t n = repo_private_paths(r, &priv);
	int ret = 0;

	for (size_t i = 0; i < s->nr && !ret; i++) {
		char *real = s->v[i].path ? output_resolve(s->v[i].path) : NULL;

		for (size_t k = 0; real && k < n && !ret; k++) {
			if (!path_in(real, priv[k]))
				continue;
			error("refusing to write '%s': it is inside the "
			      "repository ('%s'), which treeplot only reads",
			      s->v[i].name, priv[k]);
			ret = ST_USAGE;
		}
		free(real);
	}
	for (size_t k = 0; k < n; k++) {
		output_guard_add(&s->guard, priv[k]);
		free(priv[k]);
	}
	free(priv);
	return ret;
}

int
output_set_write(const struct output_set *s)
{
	const char **paths = xcalloc(s->nr ? s->nr : 1, sizeof(*paths));
	const struct buf **data = xcalloc(s->nr ? s->nr : 1,
					  sizeof(const struct buf *));
	int ret;

	for (size_t i = 0; i < s->nr; i++) {
		paths[i] = s->v[i].path;
		data[i] = &s->v[i].data;
	}
	ret = output_write_all(paths, data, s->nr, &s->guard);
	free(paths);
	free(data);
	return ret;
}

void
output_set_release(struct output_set *s)
{
	for (size_t i = 0; i < s->nr; i++)
		buf_release(&s->v[i].data);
	free(s->v);
	free(s->args);
	output_guard_release(&s->guard);
	memset(s, 0, sizeof(*s));
}
