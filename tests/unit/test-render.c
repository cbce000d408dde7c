/*
 * test-render.c - the JSON and Graphviz renderers on a flow built by hand,
 * hostile tree names included.  TAP.
 *
 * jq and xmllint are test dependencies (make deps); the DOT round trip
 * through the dot program is skipped where Graphviz's tools are absent.
 */
#include <sys/wait.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flow/aggregate.h"
#include "flow/report.h"
#include "render/graph.h"
#include "render/json.h"
#include "render/names.h"
#include "util/escape.h"

#include "tap.h"

/* Everything Graphviz could misread: quotes, markup, an entity, braces,
 * an escString, a control character, invalid UTF-8, U+FFFE (valid UTF-8
 * that XML forbids) and a trailing backslash (which must not escape the
 * closing quote in DOT). */
#define HOSTILE "ev\"il <script>alert(1)</script> &amp; {x} \\N \x01 \xff" \
	" \xef\xbf\xbe end\\"

static int
have_program(const char *name)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", name);
	return system(cmd) == 0;
}

/*
 * Run the shell command cmd with input on its standard input; its
 * standard output into output (when not NULL).  Returns the exit status,
 * or -1.
 */
static int
pipe_through(const char *cmd, const struct buf *input, struct buf *output)
{
	char path[] = "/tmp/test-render.XXXXXX";
	struct buf full = BUF_INIT;
	char chunk[4096];
	FILE *p = NULL;
	size_t n;
	int fd, ret = -1;

	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	if (input->len && write(fd, input->data, input->len) != (ssize_t)input->len) {
		close(fd);
		goto out;
	}
	close(fd);
	buf_printf(&full, "%s <%s", cmd, path);
	p = popen(full.data, "r");
	if (!p)
		goto out;
	while ((n = fread(chunk, 1, sizeof(chunk), p)) > 0)
		if (output)
			buf_add(output, chunk, n);
	ret = pclose(p);
	if (ret != -1)
		ret = WIFEXITED(ret) ? WEXITSTATUS(ret) : -1;
out:
	unlink(path);
	buf_release(&full);
	return ret;
}

/* Does jq find expr true of the JSON in json? */
static int
jq_true(const struct buf *json, const char *expr)
{
	struct buf cmd = BUF_INIT;
	int ret;

	buf_puts(&cmd, "jq -e '");
	for (const char *p = expr; *p; p++)
		if (*p == '\'')
			buf_puts(&cmd, "'\\''");
		else
			buf_addc(&cmd, *p);
	buf_puts(&cmd, "' >/dev/null");
	ret = pipe_through(cmd.data, json, NULL);
	buf_release(&cmd);
	return ret == 0;
}

/* Is every byte printable or a tab or newline? */
static int
no_controls(const struct buf *b)
{
	for (size_t i = 0; i < b->len; i++) {
		unsigned char c = (unsigned char)b->data[i];

		if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
			return 0;
	}
	return 1;
}

static int
contains(const struct buf *b, const char *s)
{
	return b->data && strstr(b->data, s) != NULL;
}

/*
 * Call render_graph with stderr sent to a file; what it printed goes to
 * err.
 */
static int
render_capturing(const struct flow *f, const char *format, const char *layout,
		 struct buf *out, struct buf *err)
{
	char path[] = "/tmp/test-render-err.XXXXXX";
	char chunk[1024];
	int fd, saved, ret;
	ssize_t n;

	fd = mkstemp(path);
	if (fd < 0)
		return -2;
	fflush(stderr);
	saved = dup(2);
	dup2(fd, 2);
	ret = render_graph(f, format, layout, NULL, out);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		buf_add(err, chunk, (size_t)n);
	close(fd);
	unlink(path);
	return ret;
}

static int
count_lines(const struct buf *b)
{
	int n = 0;

	for (size_t i = 0; i < b->len; i++)
		n += b->data[i] == '\n';
	return n;
}

/* The fixture: a history of three commits (two of them unrecognised
 * merges) and a flow of five trees. */
struct fixture {
	struct history h;
	struct object_id oid[3];
	uint32_t subject[3];
	uint32_t unrecognised[2];
	struct flow_tree trees[5];
	struct flow_edge edges[4];
	uint32_t by_depth[3];
	char *net_urls[2];
	char *hostile_urls[1];
	char *mainline_urls[2];
	struct flow f;
};

static void
add_subject(struct fixture *x, uint32_t i, const char *s)
{
	x->subject[i] = (uint32_t)x->h.pool.len + 1;
	buf_add(&x->h.pool, s, strlen(s) + 1);
}

static void
fixture_init(struct fixture *x, int hostile)
{
	static const struct flow_tree trees[] = {
		{ TREE_MAINLINE, "torvalds/linux-2.6", 400, 300, 0, 0, NULL, 0, TREE_KIND_REPO, 0, NULL },
		{ 1, "davem/net-2.6", 40, 30, 1, 3, NULL, 0, TREE_KIND_REPO, 0, NULL },
		{ 3, "jkirsher/net-next", 10, 10, 2, 2, NULL, 0, TREE_KIND_REPO, 0, NULL },
		{ 2, "tiwai/sound-2.6", 5, 5, 1, 1, NULL, 0, TREE_KIND_REPO, 0, NULL },
		{ TREE_NONE, "2 other trees", 3, 3, 1, 2, NULL, 0, TREE_KIND_REPO, 0, NULL },
	};
	static const struct flow_edge edges[] = {
		{ 1, 0, 40, 3 },	/* 10%: the strong colour */
		{ 2, 1, 10, 2 },	/* 2.5%: the second one */
		{ 3, 0, 5, 1 },		/* 1.25% */
		{ 4, 0, 3, 2 },		/* 0.75%: grey */
	};

	memset(x, 0, sizeof(*x));
	x->h.nr = 3;
	x->h.oid = x->oid;
	x->h.subject = x->subject;
	for (int i = 0; i < 3; i++)
		for (int k = 0; k < OID_RAWSZ; k++)
			x->oid[i].hash[k] = (unsigned char)(0x11 * (i + 1) + k);
	add_subject(x, 1, "Merge branch 'for-linus' of somewhere odd");
	add_subject(x, 2, hostile ? "Merge \"" HOSTILE "\"" : "Merge it");
	x->unrecognised[0] = 1;
	x->unrecognised[1] = 2;

	memcpy(x->trees, trees, sizeof(trees));
	memcpy(x->edges, edges, sizeof(edges));
	x->net_urls[0] = "git://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git";
	x->net_urls[1] = "master.kernel.org:/pub/scm/linux/kernel/git/davem/net-2.6";
	x->trees[1].urls = x->net_urls;
	x->trees[1].urls_nr = 2;
	if (hostile) {
		x->hostile_urls[0] = "git://evil.example/" HOSTILE;
		x->trees[3].name = HOSTILE;
		x->trees[3].urls = x->hostile_urls;
		x->trees[3].urls_nr = 1;
	}
	x->mainline_urls[0] = "git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux-2.6.git";
	x->mainline_urls[1] = "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux-2.6";
	x->by_depth[1] = 3;
	x->by_depth[2] = 1;

	x->f.h = &x->h;
	x->f.repo = hostile ? "linux <&> \"repo\"" : "linux";
	x->f.range = "v2.6.29..v2.6.30";
	x->f.commits = 400;
	x->f.direct = 300;
	/* 280 applied on the mainline's line, 20 through 3 topic merges */
	x->f.topics.applied = 280;
	x->f.topics.through = 20;
	x->f.topics.merges = 3;
	x->f.merges = 21;
	x->f.shallow = 0;
	x->f.trees = x->trees;
	x->f.trees_nr = 5;
	x->f.edges = x->edges;
	x->f.edges_nr = 4;
	x->f.total_trees = 6;
	x->f.by_depth = x->by_depth;
	x->f.max_depth = 2;
	x->f.small_trees = 3;
	x->f.folded = 2;
	x->f.unrecognised = x->unrecognised;
	x->f.unrecognised_nr = 2;
	x->f.mainline_urls = x->mainline_urls;
	x->f.mainline_urls_nr = 2;
}

static void
fixture_release(struct fixture *x)
{
	buf_release(&x->h.pool);
}

static void
test_json(void)
{
	struct fixture x;
	struct buf out = BUF_INIT, pretty = BUF_INIT;

	fixture_init(&x, 0);
	render_json(&x.f, NULL, &out);
	ok(out.len && out.data[out.len - 1] == '\n', "json: ends with a newline");
	ok(pipe_through("jq .", &out, &pretty) == 0 && out.len &&
	   pretty.len == out.len && !memcmp(pretty.data, out.data, out.len),
	   "json: laid out exactly as jq . lays it out");
	ok(jq_true(&out, "keys_unsorted == [\"$schema\", \"format_version\","
		   " \"repository\", \"range\", \"mainline\", \"commits\","
		   " \"direct\", \"direct_applied\", \"direct_topics\","
		   " \"topic_merges\", \"merges\", \"shallow_boundary\","
		   " \"summary\", \"trees\", \"edges\", \"unrecognised\"]"),
	   "json: top-level keys in order");
	ok(jq_true(&out, ".\"$schema\" == \"" JSON_SCHEMA_ID "\""
		   " and .format_version == 2 and .repository == \"linux\""
		   " and .range == \"v2.6.29..v2.6.30\" and .commits == 400"
		   " and .direct == 300 and .direct_applied == 280"
		   " and .direct_topics == 20 and .topic_merges == 3"
		   " and .merges == 21 and .shallow_boundary == 0"),
	   "json: the figures");
	ok(jq_true(&out, ".mainline == {\"name\": \"torvalds/linux-2.6\","
		   " \"urls\": [\"git://git.kernel.org/pub/scm/linux/kernel/git/"
		   "torvalds/linux-2.6.git\", \"https://git.kernel.org/pub/scm/"
		   "linux/kernel/git/torvalds/linux-2.6\"]}"),
	   "json: the mainline");
	ok(jq_true(&out, ".summary == {\"tree_count\": 6, \"by_depth\":"
		   " [{\"depth\": 1, \"tree_count\": 3}, {\"depth\": 2,"
		   " \"tree_count\": 1}],"
		   " \"small_trees\": 3, \"folded\": 2}"),
	   "json: the summary");
	ok(jq_true(&out, "(.trees | length) == 4 and .trees[0] == {\"name\":"
		   " \"davem/net-2.6\", \"urls\": [\"git://git.kernel.org/pub/"
		   "scm/linux/kernel/git/davem/net-2.6.git\", \"master.kernel.org:"
		   "/pub/scm/linux/kernel/git/davem/net-2.6\"], \"commits\": 40,"
		   " \"own\": 30, \"depth\": 1, \"pulls\": 3, \"keepers\": []}"
		   " and (.trees[0:3] | all(has(\"folded\") | not))"
		   " and (.trees[0] | keys_unsorted) == [\"name\", \"urls\","
		   " \"commits\", \"own\", \"depth\", \"pulls\", \"keepers\"]"),
	   "json: the trees, mainline left out");
	ok(jq_true(&out, ".trees[3] == {\"name\": \"2 other trees\", \"urls\": [],"
		   " \"commits\": 3, \"own\": 3, \"depth\": 1, \"pulls\": 2,"
		   " \"keepers\": [], \"folded\": 2}"),
	   "json: the fold node says how many trees it holds");
	ok(jq_true(&out, ".edges == [{\"from\": \"davem/net-2.6\", \"to\":"
		   " \"torvalds/linux-2.6\", \"commits\": 40, \"pulls\": 3},"
		   " {\"from\": \"jkirsher/net-next\", \"to\": \"davem/net-2.6\","
		   " \"commits\": 10, \"pulls\": 2}, {\"from\": \"tiwai/sound-2.6\","
		   " \"to\": \"torvalds/linux-2.6\", \"commits\": 5, \"pulls\": 1},"
		   " {\"from\": \"2 other trees\", \"to\": \"torvalds/linux-2.6\","
		   " \"commits\": 3, \"pulls\": 2}]"),
	   "json: the edges by name");
	ok(jq_true(&out, ".unrecognised == [{\"id\": \"22232425262728292a2b2c2d"
		   "2e2f303132333435\", \"subject\": \"Merge branch 'for-linus' of"
		   " somewhere odd\"}, {\"id\": \"333435363738393a3b3c3d3e3f4041"
		   "4243444546\", \"subject\": \"Merge it\"}]"),
	   "json: the unrecognised merges, full ids");
	buf_release(&out);
	buf_release(&pretty);
	fixture_release(&x);

	fixture_init(&x, 1);
	render_json(&x.f, NULL, &out);
	ok(pipe_through("jq -e . >/dev/null", &out, NULL) == 0,
	   "json: valid with hostile names");
	ok(no_controls(&out), "json: no raw control characters");
	/* \xff becomes U+FFFD; U+FFFE is valid UTF-8 and JSON keeps it. */
	ok(jq_true(&out, ".trees[2].name == \"ev\\\"il <script>alert(1)</script>"
		   " &amp; {x} \\\\N \\u0001 \\ufffd \\ufffe end\\\\\""
		   " and .edges[2].from == .trees[2].name"
		   " and .trees[2].urls[0] == \"git://evil.example/\" + .trees[2].name"
		   " and .unrecognised[1].subject == \"Merge \\\"\" + .trees[2].name + \"\\\"\""
		   " and .repository == \"linux <&> \\\"repo\\\"\""),
	   "json: hostile strings survive, escaped");
	buf_release(&out);
	fixture_release(&x);
}

/* Node t3's label as cgraph writes it: every backslash escape_gv_label
 * doubled stays doubled, "&" is an entity, bad bytes U+FFFD. */
#define HOSTILE_DOT "label=\"ev\\\"il <script>alert(1)</script> &amp;amp; {x}" \
	" \\\\N \\\\x01 \xef\xbf\xbd \xef\xbf\xbd end\\\\\\n5 commits\""

/* The same label as the SVG shows it. */
#define HOSTILE_SVG ">ev&quot;il &lt;script&gt;alert(1)&lt;/script&gt;" \
	" &amp;amp; {x} \\N \\x01 \xef\xbf\xbd \xef\xbf\xbd end\\</text>"

/* Its tooltip in the SVG: one line per fact. */
#define HOSTILE_TIP "xlink:title=\"ev&quot;il &lt;script&gt;alert(1)&lt;" \
	"/script&gt; &amp;amp; {x} \\N \\x01 \xef\xbf\xbd \xef\xbf\xbd end\\" \
	"&#10;git://evil.example/ev&quot;il"

static void
test_dot(void)
{
	struct fixture x;
	struct buf out = BUF_INIT, again = BUF_INIT, svg = BUF_INIT;
	struct buf via_dot = BUF_INIT;

	fixture_init(&x, 1);
	ok(render_graph(&x.f, "dot", "dot", NULL, &out) == 0 &&
	   !strncmp(out.data, "digraph treeplot {", 18),
	   "dot: renders");
	/* The largest feeder stands right of the mainline, drawn
	 * reversed (dir=back) so that dot ranks it there; the next one
	 * left; a tree behind one on its side. */
	ok(contains(&out, "t0\t[") && contains(&out, "t4\t[") &&
	   contains(&out, "t0 -> t1") && contains(&out, "t1 -> t2") &&
	   contains(&out, "dir=back") && contains(&out, "direct -> t0") &&
	   contains(&out, "direct_topics -> t0"),
	   "dot: stable node ids, edges between them");
	ok(contains(&out, "label=\"torvalds/linux-2.6\\n400 commits\"") &&
	   contains(&out, "label=\"applied on the mainline\\n280 commits\"") &&
	   contains(&out, "label=\"topic branches\\n20 commits\\n3 merges\"") &&
	   contains(&out, "label=\"davem/net-2.6\\n40 commits\"") &&
	   contains(&out, "label=\"2 other trees\\n3 commits\""),
	   "dot: node labels");
	ok(contains(&out, HOSTILE_DOT), "dot: hostile name escaped");
	ok(no_controls(&out), "dot: no raw control characters");
	ok(contains(&out, "label=<<TABLE") &&
	   contains(&out, "linux &lt;&amp;&gt; &quot;repo&quot;: the trees "
		    "behind torvalds/linux-2.6") &&
	   contains(&out, "v2.6.29..v2.6.30: 400 commits, 300 direct (280 "
		    "applied, 20 through topic branches), 6 trees (2 folded)"),
	   "dot: graph label: title and subtitle, escaped");
	ok(contains(&out, "color=\"#D55E00\"") && contains(&out, "color=\"#0072B2\"") &&
	   contains(&out, "color=\"#999999\"") && contains(&out, "rankdir=LR") &&
	   !contains(&out, "concentrate"),
	   "dot: edge colours by share, left to right");
	ok(contains(&out, "tooltip=\"davem/net-2.6\\ngit://git.kernel.org/") &&
	   contains(&out, "tooltip=\"ev\\\"il <script>alert(1)</script> &amp;amp;"
		    " {x} \\\\\\\\N \\\\\\\\x01 "),
	   "dot: tooltips, escaped a second time");
	render_graph(&x.f, "dot", "dot", NULL, &again);
	ok(out.len == again.len && !memcmp(out.data, again.data, out.len),
	   "dot: the same bytes every time");

	buf_release(&again);
	/* In an HTML-like label a backslash is a backslash. */
	ok(render_graph(&x.f, "dot", "dot", "A \\N <title>\\\nline 2",
			&again) == 0 &&
	   contains(&again, "A \\N &lt;title&gt;\\<BR ALIGN=\"LEFT\"/>line 2") &&
	   contains(&again, "v2.6.29..v2.6.30: 400 commits"),
	   "dot: the title replaces the title only, escaped, a newline a break");

	/* What dot makes of our DOT must be what we render in process: a
	 * byte-identical SVG proves the DOT quoting lost nothing.  But for
	 * the ids and order of nodes and edges: in process they follow the
	 * order they were made in, read back the order cgraph wrote them in
	 * (an edge right after its tail, naming its head first), so ids
	 * are dropped and the lines compared sorted. */
	if (have_program("dot")) {
		struct buf raw = BUF_INIT;

		render_graph(&x.f, "svg", "dot", NULL, &raw);
		pipe_through("(sed 's/ id=\"[^\"]*\"//' | sort)",
			     &raw, &svg);
		buf_release(&raw);
		ok(pipe_through("(dot -Tsvg 2>/dev/null | sed 's/ id=\"[^\"]*\"//' | sort)",
				&out, &via_dot) == 0 &&
		   svg.len && via_dot.len == svg.len &&
		   !memcmp(via_dot.data, svg.data, svg.len),
		   "dot: read back by dot, the same SVG as in process");
	} else {
		skip("dot: read back by dot", "no dot program");
	}
	buf_release(&out);
	buf_release(&again);
	buf_release(&svg);
	buf_release(&via_dot);
	fixture_release(&x);
}

static void
test_svg(void)
{
	static const char *const layouts[] = {
		"dot", "twopi", "circo", "neato", "fdp", "sfdp",
	};
	struct fixture x;
	struct buf out = BUF_INIT;
	int good = 1;

	fixture_init(&x, 1);
	ok(render_graph(&x.f, "svg", "dot", NULL, &out) == 0 &&
	   contains(&out, "<svg"), "svg: renders");
	ok(pipe_through("xmllint --noout - 2>/dev/null", &out, NULL) == 0,
	   "svg: well-formed XML (xmllint)");
	ok(!contains(&out, "<script") && !contains(&out, "<SCRIPT"),
	   "svg: no script element");
	ok(contains(&out, HOSTILE_SVG), "svg: hostile label shown literally");
	ok(contains(&out, HOSTILE_TIP), "svg: hostile tooltip shown literally");
	ok(contains(&out, "xlink:title=\"davem/net&#45;2.6 &#45;&gt; torvalds/linux&#45;2.6:"
		    " 40 commits in 3 pulls\""),
	   "svg: edge tooltip");
	ok(contains(&out, "<title>t3</title>") && !contains(&out, "<title>ev"),
	   "svg: element titles are the stable ids");
	buf_release(&out);

	for (size_t i = 0; i < ARRAY_SIZE(layouts); i++) {
		if (render_graph(&x.f, "svg", layouts[i], NULL, &out) != 0 ||
		    pipe_through("xmllint --noout - 2>/dev/null", &out, NULL) != 0)
			good = 0;
		buf_release(&out);
	}
	ok(good, "svg: every layout renders well-formed XML");

	ok(render_graph(&x.f, "png", "dot", NULL, &out) == 0 && out.len > 8 &&
	   !memcmp(out.data, "\x89PNG\r\n\x1a\n", 8), "png: renders");
	buf_release(&out);
	ok(render_graph(&x.f, "pdf", "dot", NULL, &out) == 0 && out.len > 5 &&
	   !memcmp(out.data, "%PDF-", 5), "pdf: renders");
	buf_release(&out);
	fixture_release(&x);
}

static void
test_errors(void)
{
	struct fixture x;
	struct buf out = BUF_INIT, err = BUF_INIT;
	int ret;

	fixture_init(&x, 0);
	ret = render_capturing(&x.f, "svg", "bogus", &out, &err);
	ok(ret == -1 && out.len == 0 && count_lines(&err) == 1 &&
	   !strncmp(err.data, "treeplot: unknown layout 'bogus'", 32),
	   "an unknown layout fails, one line, nothing written");
	buf_release(&err);
	ret = render_capturing(&x.f, "gif", "dot", &out, &err);
	ok(ret == -1 && out.len == 0 && count_lines(&err) == 1,
	   "an unknown format fails, one line, nothing written");
	buf_release(&err);

	ok(graph_layout_known("sfdp") && graph_layout_known("dot") &&
	   !graph_layout_known("osage") && !graph_layout_known(""),
	   "graph_layout_known");

	buf_release(&err);
	buf_release(&out);
	fixture_release(&x);
}

/*
 * A Graphviz that cannot find its plugins, the way a broken installation
 * looks: one line of ours, not Graphviz's.  Graphviz reads GVBINDIR once
 * per process, so this runs in a child forked before anything else has
 * touched Graphviz; the child sends back whether the call failed cleanly,
 * then what it printed.
 */
static void
test_no_plugins(void)
{
	struct fixture x;
	struct buf out = BUF_INIT, err = BUF_INIT;
	char chunk[1024];
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	fflush(stdout);
	if (pipe(fds) < 0 || (pid = fork()) < 0) {
		ok(0, "no plugins: fork");
		return;
	}
	if (!pid) {
		char clean;

		close(fds[0]);
		setenv("GVBINDIR", "/nonexistent", 1);
		fixture_init(&x, 0);
		clean = render_capturing(&x.f, "svg", "dot", &out, &err) == -1 &&
			out.len == 0;
		if (write(fds[1], &clean, 1) != 1 ||
		    (err.len && write(fds[1], err.data, err.len) < 0))
			_exit(1);
		buf_release(&out);
		buf_release(&err);
		fixture_release(&x);
		_exit(0);
	}
	close(fds[1]);
	while ((n = read(fds[0], chunk, sizeof(chunk))) > 0)
		buf_add(&out, chunk, (size_t)n);
	close(fds[0]);
	waitpid(pid, &status, 0);
	ok(out.len >= 1 && out.data[0] == 1, "no plugins: fails, nothing written");
	if (out.len > 1)
		buf_add(&err, out.data + 1, out.len - 1);
	ok(count_lines(&err) == 1 &&
	   !strncmp(err.data, "treeplot: cannot lay out the graph with 'dot'", 45) &&
	   contains(&err, "not recognized") && contains(&err, "dot -c"),
	   "no plugins: one clear line on stderr");
	if (err.len)
		printf("# %s", err.data);
	buf_release(&out);
	buf_release(&err);
}

/* --- shown names --------------------------------------------------- */

/* The names shown, joined by '|', NULL as "-". */
static char *
shown_joined(const struct shown_names *sn)
{
	struct buf b = BUF_INIT;

	for (uint32_t i = 0; i < sn->nr; i++)
		buf_printf(&b, "%s%s", i ? "|" : "", sn->name[i] ?
			   sn->name[i] : "-");
	return b.data ? b.data : xstrdup("");
}

static void
check_shown(const char *desc, const char *const *names, uint32_t n,
	    const char *const *fixed, uint32_t fixed_nr, size_t max,
	    const char *want, const char *note)
{
	struct shown_names sn;
	struct buf nb = BUF_INIT;
	char *got;

	shown_names_init(&sn, names, n, fixed, fixed_nr, max);
	got = shown_joined(&sn);
	report(!strcmp(got, want), desc, got, want);
	shown_names_note(&sn, &nb);
	report(!strcmp(nb.data ? nb.data : "", note), desc, nb.data ?
	       nb.data : "", note);
	buf_release(&nb);
	free(got);
	shown_names_release(&sn);
}

/* Code points of s. */
static size_t
chars(const char *s)
{
	size_t n = 0, len = strlen(s), at = 0;

	while (at < len) {
		unsigned int cp;
		size_t k = utf8_decode((const unsigned char *)s + at,
				       len - at, &cp);

		at += k ? k : 1;
		n++;
	}
	return n;
}

static void
test_shown_names(void)
{
	static const char *const infradead[] = {
		"git.infradead.org/users/a/x", "git.infradead.org/users/b/y",
		"git.infradead.org/users/c/z", "davem/net",
	};
	static const char *const forks[] = {
		"github.com/alice/util-linux", "github.com/bob/util-linux",
		"github.com/carol/util-linux", "github.com/karelzak/util-linux-work",
		"kzak/util-linux", NULL,
	};
	static const char *const clash[] = {
		"git.example.org/pub/davem/net", "git.example.org/pub/tiwai/sound",
		"git.example.org/pub/mainline", "davem/net",
		"git.example.org/pub/y/z",
	};
	static const char *const mainline[] = { "mainline", "x/mainline" };
	static const char *const fork_clash[] = {
		"github.com/a/util-linux", "github.com/b/util-linux",
		"github.com/mainline/util-linux", "b",
	};
	static const char *const denx[] = {
		"source.denx.de/u-boot/custodians/u-boot-dm",
		"source.denx.de/u-boot/custodians/u-boot-efi",
		"gitlab.denx.de/u-boot/custodians/u-boot-dm-with-a-long-name",
	};
	static const char *const strangers[] = {
		"alice.github.io/u-boot/custodians/u-boot-dm",
		"alice.github.io/u-boot/custodians/u-boot-efi",
		"gitlab.com/u-boot/custodians/u-boot-x",
		"bob.github.io/u-boot/custodians/u-boot-y",
		"alice.github.io/u-boot/custodians/u-boot-z",
	};
	static const char *const paths[] = {
		"git.infradead.org/users/nisto/arm",
		"github.com/averyveryverylongowner/repo",
		"gitlab.com/averyveryverylongowner/repo",
		"a-single-component-far-too-long-to-fit",
	};
	static const char *const middle[] = {
		"abcdefghij-MIDDLE1-klmnopqrstuvwxyz0123456789",
		"abcdefghij-MIDDLE2-klmnopqrstuvwxyz0123456789",
		"abcdefghij-MIDDLE2-klmnopqrstuvwxyz0123456789xx",
		"abcdefghij-MIDDLE2-klmnopqrstuvwxyz0123456789xxx",
		"abcdefghij-MIDDLE2-klmnopqrstuvwxyz01234567…xxx",
	};
	struct shown_names sn;
	unsigned fails = 0;
	uint64_t seed = 1;

	check_shown("shown names: the prefix most share, said once",
		    infradead, 4, NULL, 0, 0, "a/x|b/y|c/z|davem/net",
		    "trees under git.infradead.org/users/ are named without it");
	check_shown("shown names: forks of one project named by their owner",
		    forks, 6, NULL, 0, 0,
		    "alice|bob|carol|karelzak/util-linux-work|kzak/util-linux|-",
		    "github.com/NAME/util-linux is named NAME; other trees "
		    "under github.com/, without it");
	check_shown("shown names: a short name like another's, or like the "
		    "mainline's, is shown whole", clash, 5, mainline, 1, 0,
		    "git.example.org/pub/davem/net|tiwai/sound|"
		    "git.example.org/pub/mainline|davem/net|y/z",
		    "trees under git.example.org/pub/ are named without it");
	check_shown("shown names: a fork named like another tree or the "
		    "mainline is shown whole", fork_clash, 4, mainline, 1, 0,
		    "a|github.com/b/util-linux|github.com/mainline/util-linux|b",
		    "github.com/NAME/util-linux is named NAME; other trees "
		    "under github.com/, without it");
	check_shown("shown names: a tree of the family pulled from a sibling "
		    "host named alike, within 28 characters",
		    denx, 3, NULL, 0, 28,
		    "u-boot-dm|u-boot-efi|u-boot-dm-with-a-long-name",
		    "trees under source.denx.de/u-boot/custodians/ are named "
		    "without it (on the other denx.de hosts too)");
	check_shown("shown names: the same path on another domain, or on "
		    "another tenant of a shared host, is no sibling",
		    strangers, 5, NULL, 0, 0,
		    "u-boot-dm|u-boot-efi|gitlab.com/u-boot/custodians/u-boot-x|"
		    "bob.github.io/u-boot/custodians/u-boot-y|u-boot-z",
		    "trees under alice.github.io/u-boot/custodians/ are named "
		    "without it");
	check_shown("shown names: paths cut by whole components, the last "
		    "two kept where they fit", paths, 4, NULL, 0, 28,
		    "…/users/nisto/arm|github.com/…/repo|gitlab.com/…/repo|"
		    "a-single-…ar-too-long-to-fit", "");
	shown_names_init(&sn, middle, 5, mainline, 2, 28);
	for (uint32_t i = 0; i < sn.nr; i++) {
		fails += chars(sn.name[i]) > 28;
		for (uint32_t j = 0; j < i; j++)
			fails += !strcmp(sn.name[i], sn.name[j]);
	}
	report(!fails, "shown names: names alike but in the middle, cut: "
	       "unique, 28 characters at most", "clash", "none");
	shown_names_release(&sn);

	/* Any names: unique, within the limit, unlike the fixed ones. */
	fails = 0;
	for (int round = 0; round < 2000; round++) {
		static const char alpha[] = "ab/é.-";
		char *names[12], buf[64];
		const char *fixed[1] = { "a" };
		uint32_t n = 2 + round % 10;
		size_t max = 8 + round % 20;

		for (uint32_t i = 0; i < n; i++) {
			size_t len = 1 + (seed >> 33) % 40, k;

			for (k = 0; k < len; ) {
				char c;

				seed = seed * 6364136223846793005ull + 1;
				c = alpha[(seed >> 33) % (sizeof(alpha) - 1)];
				buf[k++] = c;
			}
			buf[k] = '\0';
			/* Unlike the fixed name, as a tree table's are
			 * unlike the mainline's */
			names[i] = xstrdup(strcmp(buf, "a") ? buf : "b");
			for (uint32_t j = 0; j < i; j++)	/* unique input */
				if (!strcmp(names[j], names[i])) {
					snprintf(buf, sizeof(buf), "u%u", i);
					free(names[i]);
					names[i] = xstrdup(buf);
				}
		}
		shown_names_init(&sn, (const char *const *)names, n, fixed, 1,
				 max);
		for (uint32_t i = 0; i < n; i++) {
			fails += chars(sn.name[i]) > max ||
				 !strcmp(sn.name[i], "a");
			for (uint32_t j = 0; j < i; j++)
				fails += !strcmp(sn.name[i], sn.name[j]);
		}
		shown_names_release(&sn);
		for (uint32_t i = 0; i < n; i++)
			free(names[i]);
	}
	report(!fails, "shown names: 2,000 random sets shown unique, within "
	       "their limit, unlike a fixed name", "clashes", "none");
}

int
main(void)
{
	test_no_plugins();
	test_json();
	test_dot();
	test_svg();
	test_errors();
	test_shown_names();
	return tap_done();
}
