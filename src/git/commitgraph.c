/*
 * commitgraph.c - git's commit-graph file, read directly.
 *
 * A graph is one file, or a chain of layers (base first) whose positions
 * run on from one layer to the next.  Every offset read from a file is
 * checked against its size before use.
 */
#include "git/commitgraph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "git/bigendian.h"
#include "git/repofile.h"
#include "util/buf.h"
#include "util/util.h"

#define HASHSZ 20
#define CDAT_RECORD (HASHSZ + 16)
#define PARENT_NONE 0x70000000u
/* What the readers below return after reporting a file that is not a
 * regular one (repofile.h), where -1 is a graph that cannot be used. */
#define GRAPH_REFUSED (-2)
#define EDGE_FLAG 0x80000000u

struct layer {
	const unsigned char *map;
	size_t size;
	char *path;			/* for errors */
	uint32_t nr, base;		/* commits in it; in the layers below */
	uint32_t bases;			/* the layers below, as it says */
	const unsigned char *base_ids;	/* their ids (BASE), bases of them */
	const unsigned char *fanout, *oids, *cdat, *edges;
	uint32_t edges_nr;
	const unsigned char *gda2, *gdo2;	/* corrected date offsets */
	uint32_t gdo2_nr;
};

struct commit_graph {
	struct layer *layers;
	uint32_t layers_nr;
	uint32_t nr;
	int dated;		/* every layer has GDA2 */
};

/* Map and check one graph file: 0, -1 when it cannot be used, or
 * GRAPH_REFUSED after reporting a file that is not a regular one. */
static int
layer_open(struct layer *l, const char *path)
{
	struct stat st;
	const unsigned char *m;
	uint32_t chunks;
	uint64_t oidf = 0, oidl = 0, cdat = 0, edge = 0, edge_end = 0;
	uint64_t gda2 = 0, gda2_end = 0, gdo2 = 0, gdo2_end = 0;
	uint64_t base = 0, base_end = 0;
	int fd = repofile_open(path, &st);

	memset(l, 0, sizeof(*l));
	if (fd == REPOFILE_MISSING)
		return -1;
	if (fd < 0)
		return GRAPH_REFUSED;
	l->path = xstrdup(path);
	if (st.st_size < 8 + 12) {
		close(fd);
		return -1;
	}
	l->size = (size_t)st.st_size;
	l->map = mmap(NULL, l->size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (l->map == MAP_FAILED) {
		l->map = NULL;
		return -1;
	}
	m = l->map;
	/* "CGPH", version 1, SHA-1 */
	if (memcmp(m, "CGPH", 4) || m[4] != 1 || m[5] != 1)
		return -1;
	chunks = m[6];
	if (8 + (size_t)(chunks + 1) * 12 > l->size)
		return -1;
	for (uint32_t k = 0; k < chunks; k++) {
		const unsigned char *e = m + 8 + k * 12;
		uint64_t off = be64(e + 4), next = be64(e + 16);

		if (off > l->size || next > l->size || next < off)
			return -1;
		if (!memcmp(e, "OIDF", 4) && next - off == 256 * 4)
			oidf = off;
		else if (!memcmp(e, "OIDL", 4))
			oidl = off;
		else if (!memcmp(e, "CDAT", 4))
			cdat = off;
		else if (!memcmp(e, "EDGE", 4)) {
			edge = off;
			edge_end = next;
		} else if (!memcmp(e, "GDA2", 4)) {
			gda2 = off;
			gda2_end = next;
		} else if (!memcmp(e, "GDO2", 4)) {
			gdo2 = off;
			gdo2_end = next;
		} else if (!memcmp(e, "BASE", 4)) {
			base = off;
			base_end = next;
		}
	}
	/* The layers below it: as many ids in BASE as the header says. */
	l->bases = m[7];
	if (l->bases && base_end - base != (uint64_t)l->bases * HASHSZ)
		return -1;
	l->base_ids = l->bases ? m + base : NULL;
	if (!oidf || !oidl || !cdat)
		return -1;
	l->fanout = m + oidf;
	l->nr = be32(l->fanout + 255 * 4);
	if (oidl + (uint64_t)l->nr * HASHSZ > l->size ||
	    cdat + (uint64_t)l->nr * CDAT_RECORD > l->size)
		return -1;
	l->oids = m + oidl;
	l->cdat = m + cdat;
	if (edge) {
		l->edges = m + edge;
		l->edges_nr = (uint32_t)((edge_end - edge) / 4);
	}
	if (gda2 && gda2_end - gda2 >= (uint64_t)l->nr * 4) {
		l->gda2 = m + gda2;
		if (gdo2) {
			l->gdo2 = m + gdo2;
			l->gdo2_nr = (uint32_t)((gdo2_end - gdo2) / 8);
		}
	}
	/* Levels are only usable if git wrote them (it has since 2.18). */
	if (l->nr && !(be32(l->cdat + HASHSZ + 8) >> 2))
		return -1;
	return 0;
}

static void
layer_close(struct layer *l)
{
	if (l->map)
		munmap((void *)l->map, l->size);
	free(l->path);
}

static int
add_layer(struct commit_graph *g, const char *path)
{
	struct layer l;
	int ret = layer_open(&l, path);

	if (ret < 0) {
		layer_close(&l);
		return ret;
	}
	if ((uint64_t)g->nr + l.nr >= GRAPH_NONE) {
		layer_close(&l);
		return -1;
	}
	l.base = g->nr;
	g->dated = (g->layers_nr ? g->dated : 1) && l.gda2;
	g->layers = xreallocarray(g->layers, g->layers_nr + 1,
				  sizeof(*g->layers));
	g->layers[g->layers_nr++] = l;
	g->nr += l.nr;
	return 0;
}

static int
hex_val(char c)
{
	return c >= 'a' ? c - 'a' + 10 : c - '0';
}

/*
 * The layers of objects/info/commit-graphs/commit-graph-chain.  As git
 * does, each layer must name in its BASE chunk exactly the layers listed
 * before it, in order: a chain in the wrong order or missing its base is
 * not used (the objects are read instead), never read as a wrong history.
 */
static int
add_chain(struct commit_graph *g, const char *objdir)
{
	struct buf path = BUF_INIT, ids = BUF_INIT, text = BUF_INIT;
	const char *p, *end;
	int ret;

	buf_printf(&path, "%sinfo/commit-graphs/commit-graph-chain", objdir);
	ret = repofile_read(path.data, &text);
	buf_release(&path);
	if (ret <= 0) {
		buf_release(&text);
		return ret < 0 ? GRAPH_REFUSED : -1;
	}
	ret = 0;
	for (p = text.data, end = p + text.len; ret == 0 && p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)((eol ? eol : end) - p);

		if (len != 2 * HASHSZ || strspn(p, "0123456789abcdef") <
		    2 * HASHSZ) {
			ret = -1;
			break;
		}
		buf_printf(&path, "%sinfo/commit-graphs/graph-%.*s.graph",
			   objdir, 2 * HASHSZ, p);
		ret = add_layer(g, path.data);
		buf_release(&path);
		if (!ret) {
			const struct layer *l = &g->layers[g->layers_nr - 1];

			if (l->bases != g->layers_nr - 1 ||
			    (l->bases && (!ids.data ||
					  memcmp(l->base_ids, ids.data,
						 ids.len))))
				ret = -1;
		}
		for (int k = 0; k < HASHSZ && !ret; k++) {
			char c = (char)(hex_val(p[2 * k]) << 4 |
					hex_val(p[2 * k + 1]));

			buf_addc(&ids, c);
		}
		p += len + (eol != NULL);
	}
	buf_release(&text);
	buf_release(&ids);
	return g->layers_nr || ret == GRAPH_REFUSED ? ret : -1;
}

/* Forget every layer of g. */
static void
drop_layers(struct commit_graph *g)
{
	for (uint32_t k = 0; k < g->layers_nr; k++)
		layer_close(&g->layers[k]);
	free(g->layers);
	g->layers = NULL;
	g->layers_nr = g->nr = 0;
	g->dated = 0;
}

/* The graph of one object directory into g: 0, -1 when it has none that
 * can be used, GRAPH_REFUSED after reporting. */
static int
open_one(struct commit_graph *g, const char *objdir)
{
	struct buf path = BUF_INIT;
	int ret;

	buf_printf(&path, "%sinfo/commit-graph", objdir);
	ret = add_layer(g, path.data);
	buf_release(&path);
	/* A single file has no base. */
	if (!ret && g->layers[0].bases)
		ret = -1;
	if (ret == -1) {
		drop_layers(g);
		ret = add_chain(g, objdir);
	}
	if (ret == -1)
		drop_layers(g);
	return ret;
}

int
commit_graph_open(struct commit_graph **out, const char *const *objdirs,
		  size_t n)
{
	struct commit_graph *g = xcalloc(1, sizeof(*g));
	int ret = -1;

	/* As git: the first object directory with a graph it can use (in
	 * a receive quarantine, the repository's, an alternate). */
	for (size_t k = 0; k < n && ret == -1; k++)
		ret = open_one(g, objdirs[k]);
	if (ret < 0) {
		commit_graph_free(g);
		g = NULL;
	}
	*out = g;
	return ret == GRAPH_REFUSED ? -1 : 0;
}

void
commit_graph_free(struct commit_graph *g)
{
	if (!g)
		return;
	for (uint32_t k = 0; k < g->layers_nr; k++)
		layer_close(&g->layers[k]);
	free(g->layers);
	free(g);
}

uint32_t
commit_graph_nr(const struct commit_graph *g)
{
	return g->nr;
}

uint32_t
commit_graph_find(const struct commit_graph *g, const unsigned char *oid)
{
	for (uint32_t k = 0; k < g->layers_nr; k++) {
		const struct layer *l = &g->layers[k];
		uint32_t lo = oid[0] ? be32(l->fanout + (oid[0] - 1) * 4) : 0;
		uint32_t hi = be32(l->fanout + oid[0] * 4);

		if (hi > l->nr)
			hi = l->nr;
		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;
			int c = memcmp(l->oids + (size_t)mid * HASHSZ, oid, HASHSZ);

			if (!c)
				return l->base + mid;
			if (c < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
	}
	return GRAPH_NONE;
}

static const struct layer *
layer_of(const struct commit_graph *g, uint32_t pos, uint32_t *local)
{
	uint32_t k = g->layers_nr - 1;

	while (k > 0 && pos < g->layers[k].base)
		k--;
	*local = pos - g->layers[k].base;
	return &g->layers[k];
}

const unsigned char *
commit_graph_oid(const struct commit_graph *g, uint32_t pos)
{
	uint32_t i;
	const struct layer *l = layer_of(g, pos, &i);

	return l->oids + (size_t)i * HASHSZ;
}

uint64_t
commit_graph_generation(const struct commit_graph *g, uint32_t pos)
{
	uint32_t i, off;
	const struct layer *l = layer_of(g, pos, &i);
	const unsigned char *rec = l->cdat + (size_t)i * CDAT_RECORD + HASHSZ + 8;
	uint64_t date;

	if (!g->dated)
		return be32(rec) >> 2;
	date = (uint64_t)(be32(rec) & 3) << 32 | be32(rec + 4);
	off = be32(l->gda2 + (size_t)i * 4);
	if (off & 0x80000000u) {
		uint64_t big;

		/* A large offset lives in GDO2; a bad index, or an offset
		 * past any date, orders nothing: the walk is told. */
		off &= 0x7fffffffu;
		if (!l->gdo2 || off >= l->gdo2_nr)
			return GRAPH_GEN_BAD;
		big = be64(l->gdo2 + (size_t)off * 8);
		return big >= GRAPH_GEN_BAD - date ? GRAPH_GEN_BAD : date + big;
	}
	return date + off;
}

int
commit_graph_dated(const struct commit_graph *g)
{
	return g->dated;
}

int
commit_graph_parents(const struct commit_graph *g, uint32_t pos,
		     uint32_t *out, uint32_t max)
{
	uint32_t i, p1, p2, n = 0;
	const struct layer *l = layer_of(g, pos, &i);
	const unsigned char *rec = l->cdat + (size_t)i * CDAT_RECORD + HASHSZ;

	p1 = be32(rec);
	p2 = be32(rec + 4);
	if (p1 == PARENT_NONE)
		return 0;
	if (p1 >= g->nr)
		return -1;
	if (n < max)
		out[n] = p1;
	n++;
	if (p2 == PARENT_NONE)
		return (int)n;
	if (!(p2 & EDGE_FLAG)) {
		if (p2 >= g->nr)
			return -1;
		if (n < max)
			out[n] = p2;
		return (int)n + 1;
	}
	/* An octopus: the rest of the parents are listed in EDGE, the last
	 * one flagged. */
	for (uint32_t e = p2 & ~EDGE_FLAG;; e++) {
		uint32_t v;

		/* Bounded by the chunk: an octopus of any size is read
		 * (the walk says if it holds too many). */
		if (e >= l->edges_nr || n >= INT32_MAX - 1)
			return -1;
		v = be32(l->edges + (size_t)e * 4);
		if ((v & ~EDGE_FLAG) >= g->nr)
			return -1;
		if (n < max)
			out[n] = v & ~EDGE_FLAG;
		n++;
		if (v & EDGE_FLAG)
			return (int)n;
	}
}

const char *
commit_graph_file_at(const struct commit_graph *g, const void *addr)
{
	const unsigned char *a = addr;

	for (uint32_t k = 0; g && k < g->layers_nr; k++)
		if (a >= g->layers[k].map &&
		    a < g->layers[k].map + g->layers[k].size)
			return g->layers[k].path;
	return NULL;
}

/* --- the merge base, on the graph alone --------------------------------- */

#define MB_ONE 1u		/* reachable from the base so far */
#define MB_TWO 2u		/* reachable from the next start */
#define MB_QUEUED 4u

struct mb_entry {
	uint64_t gen;
	uint32_t pos;
};

/* A max-heap of commits by generation: the youngest first, so that a
 * commit is taken only after every child that reaches it. */
struct mb_heap {
	struct mb_entry *v;
	size_t nr, alloc;
};

static void
mb_push(struct mb_heap *h, uint64_t gen, uint32_t pos)
{
	size_t k;

	ALLOC_GROW(h->v, h->nr + 1, h->alloc);
	for (k = h->nr++; k > 0; k = (k - 1) / 2) {
		if (h->v[(k - 1) / 2].gen >= gen)
			break;
		h->v[k] = h->v[(k - 1) / 2];
	}
	h->v[k] = (struct mb_entry){ gen, pos };
}

static struct mb_entry
mb_pop(struct mb_heap *h)
{
	struct mb_entry top = h->v[0], last = h->v[--h->nr];
	size_t k = 0;

	for (;;) {
		size_t c = 2 * k + 1;

		if (c >= h->nr)
			break;
		if (c + 1 < h->nr && h->v[c + 1].gen > h->v[c].gen)
			c++;
		if (h->v[c].gen <= last.gen)
			break;
		h->v[k] = h->v[c];
		k = c;
	}
	if (h->nr)
		h->v[k] = last;
	return top;
}

/* One commit taken into the walk: its flags given on, its parents
 * queued.  0, or -1 when the record cannot be trusted. */
static int
mb_queue(const struct commit_graph *g, uint8_t *flag, struct mb_heap *h,
	 uint32_t pos, uint8_t f)
{
	uint64_t gen;

	flag[pos] |= f;
	if (flag[pos] & MB_QUEUED)
		return 0;
	flag[pos] |= MB_QUEUED;
	gen = commit_graph_generation(g, pos);
	if (gen == GRAPH_GEN_BAD)
		return -1;
	mb_push(h, gen, pos);
	return 0;
}

/*
 * The best common ancestor of a and b (the one of the greatest
 * generation: no other common ancestor descends from it), by git's
 * paint-down-to-common walk in generation order.  1 with *out, 0 when
 * there is none, -1 when the graph cannot say (a generation that does
 * not order its parents, a corrupt record).  flag is all zero on entry
 * and left so.
 */
static int
mb_two(const struct commit_graph *g, uint8_t *flag, uint32_t a, uint32_t b,
       uint32_t *out)
{
	struct mb_heap h = { NULL, 0, 0 };
	uint32_t parents[16], *pv = parents, cap = 16;
	struct { uint32_t *v; size_t nr, alloc; } seen = { NULL, 0, 0 };
	int ret = 0;

	if (a == b) {
		*out = a;
		return 1;
	}
	if (mb_queue(g, flag, &h, a, MB_ONE) < 0 ||
	    mb_queue(g, flag, &h, b, MB_TWO) < 0)
		ret = -1;
	ALLOC_GROW(seen.v, 2, seen.alloc);
	seen.v[seen.nr++] = a;
	seen.v[seen.nr++] = b;
	while (!ret && h.nr) {
		struct mb_entry e = mb_pop(&h);
		uint8_t f = flag[e.pos] & (MB_ONE | MB_TWO);
		int n;

		if (f == (MB_ONE | MB_TWO)) {
			*out = e.pos;
			ret = 1;
			break;
		}
		n = commit_graph_parents(g, e.pos, pv, cap);
		if (n > (int)cap) {
			cap = (uint32_t)n;
			if (pv != parents)
				free(pv);
			pv = xmalloc(cap * sizeof(*pv));
			n = commit_graph_parents(g, e.pos, pv, cap);
		}
		for (int k = 0; n >= 0 && k < n; k++) {
			/* A parent is older: else the order is no order. */
			if (commit_graph_generation(g, pv[k]) >= e.gen ||
			    mb_queue(g, flag, &h, pv[k], f) < 0) {
				n = -1;
				break;
			}
			ALLOC_GROW(seen.v, seen.nr + 1, seen.alloc);
			seen.v[seen.nr++] = pv[k];
		}
		if (n < 0)
			ret = -1;
	}
	for (size_t k = 0; k < seen.nr; k++)
		flag[seen.v[k]] = 0;
	free(seen.v);
	free(h.v);
	if (pv != parents)
		free(pv);
	return ret;
}

int
commit_graph_merge_base(const struct commit_graph *g,
			const unsigned char *const *oids, size_t n,
			unsigned char *out)
{
	uint8_t *flag;
	uint32_t base;
	int ret = 1;

	if (!n)
		return 0;
	if ((base = commit_graph_find(g, oids[0])) == GRAPH_NONE)
		return -1;
	flag = xcalloc(g->nr, 1);
	/* As git's octopus: the base of the first two, then of that and
	 * the next. */
	for (size_t k = 1; ret == 1 && k < n; k++) {
		uint32_t pos = commit_graph_find(g, oids[k]);

		ret = pos == GRAPH_NONE ? -1 :
		      mb_two(g, flag, base, pos, &base);
	}
	free(flag);
	if (ret == 1)
		memcpy(out, commit_graph_oid(g, base), HASHSZ);
	return ret;
}
