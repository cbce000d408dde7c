#!/usr/bin/env python3
"""readme.py - run the examples of README.md and of the man page.

  readme.py readme TREEPLOT SAMPLE README.md   README.md, its example
                                              outputs rerun, on stdout
  readme.py man TREEPLOT SAMPLE treeplot.1    run the man page's EXAMPLES

SAMPLE is the directory of the make demo sample (tools/sample.sh): the
examples run in a scratch directory where demo/repo.git is the sample,
with treeplot (TREEPLOT) first on PATH, in a pinned environment (UTC, the
C locale, no user or system git configuration, no slow-walk hint), one
after the other, so
that a file one example writes is there for the next.

In README.md, an HTML comment before a fenced block says what it is;
everything else is left as it is:

  <!-- example -->         the block's "$ " lines are commands; the lines
                           after each are rewritten with its standard
                           output (CRLF line ends shown as LF)
  <!-- example status=N elide=A-B,C-D -->
                           the last command exits N (else every command
                           exits 0); lines A to B of its output are shown
                           as "[... N lines ...]"
  <!-- example stderr -->  the block is the standard error of the last
                           command of the example before (which must
                           otherwise write none)
  <!-- example run -->     every line is a command run for its exit
                           status (0) and an empty standard error, the
                           output not shown
  <!-- example file=NAME --> the block is written to NAME for the
                           examples after it

A fenced block line that runs treeplot outside such a block is an error,
so an example cannot be added that make check does not run.  The markers
sit next to their blocks: a section added elsewhere merges cleanly.
"""
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^(```|~~~)")
MARKER = re.compile(r"^<!-- example(?P<args>( [a-z]+(=[^ ]*)?)*) -->$")
TREEPLOT_CMD = re.compile(r"(^|\$ |\| *)treeplot\b")


class ExampleError(Exception):
    pass


class Runner:
    """Runs commands in the scratch directory, in a pinned environment."""

    def __init__(self, treeplot, sample, work):
        self.work = work
        bindir = os.path.join(work, ".bin")
        os.makedirs(bindir)
        os.symlink(os.path.abspath(treeplot), os.path.join(bindir, "treeplot"))
        os.makedirs(os.path.join(work, "demo"))
        os.symlink(os.path.abspath(os.path.join(sample, "repo.git")),
                   os.path.join(work, "demo", "repo.git"))
        home = os.path.join(work, ".home")
        os.makedirs(home)
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("GIT_") and not k.startswith("LC_")}
        env.update(PATH=bindir + os.pathsep + env.get("PATH", "/usr/bin:/bin"),
                   TZ="UTC", LC_ALL="C", HOME=home,
                   XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   GIT_CONFIG_NOSYSTEM="1",
                   # The sample has no commit-graph: on a loaded machine
                   # its walk may take the two seconds after which the
                   # hint is given, and an example's stderr would change.
                   TREEPLOT_SLOW_WALK_MS="600000")
        env.pop("SOURCE_DATE_EPOCH", None)
        self.env = env

    def run(self, cmd, where):
        p = subprocess.run(["sh", "-c", cmd], cwd=self.work, env=self.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=300)
        out = p.stdout.decode("utf-8", "replace").replace("\r\n", "\n")
        err = p.stderr.decode("utf-8", "replace")
        return p.returncode, out, err

    def write(self, name, text):
        path = os.path.join(self.work, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def parse_args(args, where):
    opts = {}
    for a in args.split():
        k, _, v = a.partition("=")
        if k not in ("status", "elide", "stderr", "run", "file"):
            raise ExampleError(f"{where}: unknown example option '{k}'")
        opts[k] = v
    return opts


def elide(lines, spec, where):
    """Lines A to B of each A-B in spec, 1-based, as one line each."""
    if not spec:
        return lines
    out, pos = [], 0
    for part in spec.split(","):
        m = re.fullmatch(r"(\d+)-(\d+)", part)
        if not m:
            raise ExampleError(f"{where}: bad elide '{part}'")
        a, b = int(m.group(1)) - 1, int(m.group(2))
        if a < pos or b <= a or b > len(lines):
            raise ExampleError(f"{where}: elide {part} outside the output "
                               f"({len(lines)} lines)")
        out += lines[pos:a] + [f"[... {b - a} lines ...]"]
        pos = b
    return out + lines[pos:]


def output_lines(text):
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def run_example(runner, opts, body, where):
    """The block rewritten: each command, then its output."""
    cmds = [line[2:] for line in body if line.startswith("$ ")]
    if not cmds:
        raise ExampleError(f"{where}: an example without a '$ ' command")
    new, err = [], ""
    for i, cmd in enumerate(cmds):
        last = i == len(cmds) - 1
        want = int(opts.get("status") or 0) if last else 0
        status, out, err = runner.run(cmd, where)
        if status != want:
            raise ExampleError(f"{where}: '{cmd}' exited {status}, not "
                               f"{want}: {err.strip()}")
        if err and not (last and opts.get("_stderr_next")):
            raise ExampleError(f"{where}: '{cmd}' wrote on stderr: "
                               f"{err.strip()}")
        lines = output_lines(out)
        new += ["$ " + cmd] + (elide(lines, opts.get("elide"), where)
                               if last else lines)
    return new, err


def run_commands(runner, body, where):
    for cmd in body:
        if not cmd.strip() or cmd.lstrip().startswith("#"):
            continue
        status, _, err = runner.run(cmd, where)
        if status != 0 or err:
            raise ExampleError(f"{where}: '{cmd}' exited {status}: "
                               f"{err.strip()}")


def blocks(lines):
    """(start, end, info) of each fenced block: lines start+1 to end-1."""
    i = 0
    while i < len(lines):
        if FENCE.match(lines[i]):
            j = i + 1
            while j < len(lines) and not lines[j].startswith(lines[i][:3]):
                j += 1
            if j == len(lines):
                raise ExampleError(f"line {i + 1}: unclosed fenced block")
            yield i, j
            i = j
        i += 1


def marker_of(lines, start):
    """The example marker just above a block (blank lines between)."""
    k = start - 1
    while k >= 0 and not lines[k].strip():
        k -= 1
    return MARKER.match(lines[k]) if k >= 0 else None


def regenerate(runner, text, name):
    lines = text.split("\n")
    found = [(s, e, marker_of(lines, s)) for s, e in blocks(lines)]
    out, pos, pending = [], 0, None
    for n, (s, e, m) in enumerate(found):
        where = f"{name}:{s + 1}"
        body = lines[s + 1:e]
        if not m:
            for k, line in enumerate(body):
                if TREEPLOT_CMD.search(line):
                    raise ExampleError(
                        f"{name}:{s + 2 + k}: a treeplot command outside "
                        "an example block (mark it <!-- example -->)")
            continue
        opts = parse_args(m.group("args"), where)
        new = body
        if "stderr" in opts:
            if pending is None:
                raise ExampleError(f"{where}: a stderr block after no "
                                   "example")
            new, pending = output_lines(pending), None
        elif pending is not None:
            raise ExampleError(f"{where}: an example's stderr is not shown")
        elif "file" in opts:
            runner.write(opts["file"], "\n".join(body) + "\n")
        elif "run" in opts:
            run_commands(runner, body, where)
        else:
            nxt = found[n + 1][2] if n + 1 < len(found) else None
            opts["_stderr_next"] = bool(nxt and "stderr" in nxt.group("args"))
            new, err = run_example(runner, opts, body, where)
            pending = err if opts["_stderr_next"] else None
        out += lines[pos:s + 1] + new
        pos = e
    return "\n".join(out + lines[pos:])


MAN_ESCAPES = [("\\-", "-"), ("\\e", "\\"), ("\\(aq", "'"), ("\\(dq", '"')]


def man_examples(text):
    """The commands of the man page's EXAMPLES, roff escapes undone."""
    section = re.search(r"^\.SH EXAMPLES\n(.*?)^\.SH ", text, re.M | re.S)
    if not section:
        raise ExampleError("the man page has no EXAMPLES section")
    cmds = []
    for block in re.findall(r"^\.EX\n(.*?)^\.EE\n", section.group(1),
                            re.M | re.S):
        for line in block.splitlines():
            for a, b in MAN_ESCAPES:
                line = line.replace(a, b)
            cmds.append(line)
    if not cmds:
        raise ExampleError("the man page's EXAMPLES show no command")
    return cmds


def main(argv):
    if len(argv) != 5 or argv[1] not in ("readme", "man"):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    mode, treeplot, sample, path = argv[1:]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        with tempfile.TemporaryDirectory(prefix="readme.") as work:
            runner = Runner(treeplot, sample, work)
            if mode == "readme":
                sys.stdout.write(regenerate(runner, text,
                                            os.path.basename(path)))
            else:
                # The CI example reads the project's settings from here.
                runner.write("ci/treeplot.cfg", "[treeplot]\n\tmainline = Linus\n")
                for cmd in man_examples(text):
                    run_commands(runner, [cmd], os.path.basename(path))
                    print("ran: " + cmd)
    except (ExampleError, subprocess.TimeoutExpired) as e:
        sys.stderr.write(f"readme.py: {e}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
