/*
 * fuzz-commitgraph.c - libFuzzer target: git's commit-graph file as
 * treeplot reads it (src/git/commitgraph.c), from any bytes.
 *
 * The input is one byte of mode, then the file: with the mode's low bit
 * clear, the bytes are objects/info/commit-graph; with it set, two more
 * bytes (big-endian) split the rest into the two layers of a chain
 * (objects/info/commit-graphs/).  The files are written to a scratch
 * directory and opened as treeplot opens them; then every query is made
 * on the first and last positions.  Nothing may crash or read outside
 * the file (the fuzz build reads files into the heap, see heapmap.h), and
 * every position handed back must be inside the graph.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "git/commitgraph.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char root[64];		/* the scratch directory */
static char objdir[128];	/* root/objects/ */
static char single[192], chain[192], layer[2][256];

/* Layer ids in the chain file: any 40 hex digits will do. */
static const char *const layer_id[2] = {
	"1111111111111111111111111111111111111111",
	"2222222222222222222222222222222222222222",
};

static void
cleanup(void)
{
	char path[256];

	unlink(single);
	unlink(chain);
	unlink(layer[0]);
	unlink(layer[1]);
	snprintf(path, sizeof(path), "%sinfo/commit-graphs", objdir);
	rmdir(path);
	snprintf(path, sizeof(path), "%sinfo", objdir);
	rmdir(path);
	rmdir(objdir);
	rmdir(root);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[256];

	(void)argc;
	(void)argv;
	snprintf(root, sizeof(root), "%s/treeplot-fuzz-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(root))
		abort();
	snprintf(objdir, sizeof(objdir), "%s/objects/", root);
	mkdir(objdir, 0700);
	snprintf(path, sizeof(path), "%sinfo", objdir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%sinfo/commit-graphs", objdir);
	mkdir(path, 0700);
	snprintf(single, sizeof(single), "%sinfo/commit-graph", objdir);
	snprintf(chain, sizeof(chain), "%sinfo/commit-graphs/commit-graph-chain",
		 objdir);
	for (int k = 0; k < 2; k++)
		snprintf(layer[k], sizeof(layer[k]),
			 "%sinfo/commit-graphs/graph-%s.graph", objdir,
			 layer_id[k]);
	atexit(cleanup);
	return 0;
}

static void
write_file(const char *path, const void *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || (len && write(fd, data, len) != (ssize_t)len))
		abort();
	close(fd);
}

static void
check_position(const struct commit_graph *g, uint32_t nr, uint32_t pos)
{
	uint32_t parents[8], *more;
	const unsigned char *oid = commit_graph_oid(g, pos);
	uint32_t found = commit_graph_find(g, oid);
	volatile uint64_t gen = commit_graph_generation(g, pos);
	int n;

	(void)gen;
	if (found != GRAPH_NONE && found >= nr)
		abort();
	/* Every record lies in a layer's mapping: a fault there would be
	 * said with the layer's file (sigbus.h). */
	if (!commit_graph_file_at(g, oid))
		abort();
	n = commit_graph_parents(g, pos, parents, 8);
	if (n > 0xffff + 1)
		abort();
	if (n <= 8) {
		for (int k = 0; k < n; k++)
			if (parents[k] >= nr)
				abort();
		return;
	}
	more = malloc((size_t)n * sizeof(*more));
	if (!more || commit_graph_parents(g, pos, more, (uint32_t)n) != n)
		abort();
	for (int k = 0; k < n; k++)
		if (more[k] >= nr)
			abort();
	free(more);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct commit_graph *g;
	uint32_t nr;

	if (!size)
		return 0;
	unlink(single);
	unlink(chain);
	unlink(layer[0]);
	unlink(layer[1]);
	if (!(data[0] & 1)) {
		write_file(single, data + 1, size - 1);
	} else {
		size_t split;
		char list[2 * 41 + 1];

		if (size < 3)
			return 0;
		split = (size_t)data[1] << 8 | data[2];
		data += 3;
		size -= 3;
		if (split > size)
			split = size;
		write_file(layer[0], data, split);
		write_file(layer[1], data + split, size - split);
		snprintf(list, sizeof(list), "%s\n%s\n", layer_id[0],
			 layer_id[1]);
		write_file(chain, list, strlen(list));
	}

	{
		const char *dirs[] = { objdir };

		if (commit_graph_open(&g, dirs, 1) < 0)
			abort();	/* only regular files here */
	}
	if (!g)
		return 0;
	nr = commit_graph_nr(g);
	(void)commit_graph_dated(g);
	for (uint32_t pos = 0; pos < nr && pos < 256; pos++)
		check_position(g, nr, pos);
	for (uint32_t k = 0; k < 256 && k < nr; k++)
		check_position(g, nr, nr - 1 - k);
	/* Ids that may or may not be there. */
	if (size >= 20) {
		uint32_t found = commit_graph_find(g, data + size - 20);

		if (found != GRAPH_NONE && found >= nr)
			abort();
	}
	commit_graph_free(g);
	return 0;
}
