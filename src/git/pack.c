/*
 * pack.c - commit objects read straight from the pack files, each pack
 * mapped once and shared by the readers of every thread.
 *
 * The formats are git's (Documentation/gitformat-pack.txt): an index
 * ("\377tOc", version 2) of the pack's object ids, sorted, with a fan-out
 * table on their first byte and each object's offset in the pack; a pack
 * ("PACK", version 2 or 3) of objects, each a header (type and size in a
 * varint, a delta's base after it) and a zlib stream.  A delta is
 * instructions to copy ranges of its base or insert bytes of its own.
 */
#include "git/pack.h"

#include <dirent.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "git/bigendian.h"
#include "git/repofile.h"
#include "git/sigbus.h"
#include "util/util.h"

enum {
	OBJ_COMMIT = 1,
	OBJ_OFS_DELTA = 6,
	OBJ_REF_DELTA = 7,
};

/* Beyond these a commit is left to libgit2: no commit is that big or
 * that deep in a pack git wrote (its default depth is 50), and a
 * hostile size must not make us allocate it. */
#define MAX_OBJECT (64u << 20)
#define MAX_DEPTH 64

/* Delta bases kept by a reader: commits' delta chains are short and a
 * base often serves the next commits too. */
#define CACHE 64
#define CACHE_MAX_OBJECT (1u << 20)

/* Output inflated at a time while looking for the end of the headers:
 * a commit's headers are a few hundred bytes. */
#define HEADER_STEP 512

#define IDX_HEADER (8 + 256 * 4)
#define TRAILER 20

struct pack {
	const unsigned char *idx, *pack;
	size_t idx_len, pack_len;
	uint32_t n;			/* objects */
	const unsigned char *oids;	/* n * 20 */
	const unsigned char *off32;	/* n * 4 */
	const unsigned char *off64;	/* n64 * 8 */
	uint64_t n64;
	time_t mtime;
	char *name;	/* its path without ".idx" or ".pack": for
			 * errors, and a deterministic order */
};

struct packs {
	struct pack *p;
	size_t nr;
};

/* --- opening -------------------------------------------------------- */

/* Map path whole: 0 with *map, *len (and *mtime), 1 when it is not
 * there or cannot be mapped (libgit2 may read it), -1 after reporting
 * one that is not a regular file (repofile.h). */
static int
map_file(const char *path, const unsigned char **map, size_t *len,
	 time_t *mtime)
{
	struct stat st;
	void *m;
	int fd = repofile_open(path, &st);

	if (fd == REPOFILE_MISSING)
		return 1;
	if (fd < 0)
		return -1;
	if (st.st_size <= 0 || (uint64_t)st.st_size > SIZE_MAX) {
		close(fd);
		return 1;
	}
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return 1;
	*map = m;
	*len = (size_t)st.st_size;
	if (mtime)
		*mtime = st.st_mtime;
	return 0;
}

/* Whether the index and the pack are what this reader reads, and their
 * tables where they are. */
static int
pack_check(struct pack *p)
{
	const unsigned char *x = p->idx;
	uint64_t need;
	uint32_t prev = 0;

	if (p->idx_len < IDX_HEADER + 2 * TRAILER ||
	    memcmp(x, "\377tOc", 4) || be32(x + 4) != 2)
		return -1;
	for (int k = 0; k < 256; k++) {
		uint32_t f = be32(x + 8 + 4 * k);

		if (f < prev)
			return -1;
		prev = f;
	}
	p->n = prev;
	need = IDX_HEADER + (uint64_t)p->n * 28 + 2 * TRAILER;
	if (p->idx_len < need || (p->idx_len - need) % 8)
		return -1;
	p->n64 = (p->idx_len - need) / 8;
	if (p->n64 && p->n64 >= p->n)	/* git's bound: the first is small */
		return -1;
	p->oids = x + IDX_HEADER;
	p->off32 = p->oids + (size_t)p->n * 24;	/* after the CRCs */
	p->off64 = p->off32 + (size_t)p->n * 4;
	if (p->pack_len < 12 + TRAILER || memcmp(p->pack, "PACK", 4) ||
	    (be32(p->pack + 4) != 2 && be32(p->pack + 4) != 3) ||
	    be32(p->pack + 8) != p->n ||
	    /* the index is this pack's: git and libgit2 check it too */
	    memcmp(x + p->idx_len - 2 * TRAILER,
		   p->pack + p->pack_len - TRAILER, TRAILER))
		return -1;
	return 0;
}

static void
pack_unmap(struct pack *p)
{
	if (p->idx)
		munmap((void *)p->idx, p->idx_len);
	if (p->pack)
		munmap((void *)p->pack, p->pack_len);
	free(p->name);
}

/* The pack whose index is dir/name: 0, 1 when this reader leaves it to
 * libgit2, -1 after reporting a file that is not a regular one. */
static int
pack_load(struct pack *p, const char *dir, const char *name)
{
	size_t len = strlen(name);
	char *path = xmalloc(strlen(dir) + len + 2);
	int ret;

	memset(p, 0, sizeof(*p));
	sprintf(path, "%s%s", dir, name);
	ret = map_file(path, &p->idx, &p->idx_len, NULL);
	memcpy(path + strlen(dir) + len - 4, ".pack", sizeof(".pack"));
	if (!ret)
		ret = map_file(path, &p->pack, &p->pack_len, &p->mtime);
	path[strlen(dir) + len - 4] = '\0';
	p->name = path;
	if (!ret && pack_check(p) < 0)
		ret = 1;
	if (ret)
		pack_unmap(p);
	return ret;
}

/* Newest first, as git and libgit2 search them; then by name. */
static int
pack_order(const void *a, const void *b)
{
	const struct pack *x = a, *y = b;

	if (x->mtime != y->mtime)
		return x->mtime > y->mtime ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The packs of one object directory into ps: 0, or -1 after reporting
 * a file that is not a regular one. */
static int
packs_add(struct packs *ps, size_t *alloc, const char *objects_dir)
{
	char *dir = xmalloc(strlen(objects_dir) + sizeof("pack/"));
	struct dirent *de;
	DIR *d;
	int ret = 0;

	sprintf(dir, "%spack/", objects_dir);
	d = opendir(dir);
	while (d && !ret && (de = readdir(d))) {
		size_t len = strlen(de->d_name);

		if (len < 5 || strcmp(de->d_name + len - 4, ".idx"))
			continue;
		ALLOC_GROW(ps->p, ps->nr + 1, *alloc);
		ret = pack_load(&ps->p[ps->nr], dir, de->d_name);
		if (!ret)
			ps->nr++;
		else if (ret > 0)
			ret = 0;
	}
	if (d)
		closedir(d);
	free(dir);
	return ret;
}

struct packs *
packs_open(const char *const *objects_dirs, size_t n)
{
	struct packs *ps = xcalloc(1, sizeof(*ps));
	size_t alloc = 0;

	for (size_t k = 0; k < n; k++)
		if (packs_add(ps, &alloc, objects_dirs[k]) < 0) {
			packs_free(ps);
			return NULL;
		}
	if (ps->nr > 1)
		qsort(ps->p, ps->nr, sizeof(*ps->p), pack_order);
	return ps;
}

void
packs_free(struct packs *ps)
{
	if (!ps)
		return;
	for (size_t k = 0; k < ps->nr; k++)
		pack_unmap(&ps->p[k]);
	free(ps->p);
	free(ps);
}

size_t
packs_count(const struct packs *ps)
{
	return ps->nr;
}

/* --- the index ------------------------------------------------------ */

/* The offset of the object at index position k of p, or 0 when it is
 * not one (no object is at offset 0: the pack's header is). */
static uint64_t
pack_offset(const struct pack *p, uint32_t k)
{
	uint32_t o = be32(p->off32 + (size_t)k * 4);
	uint64_t off = o;

	if (o & 0x80000000u) {
		o &= 0x7fffffffu;
		if (o >= p->n64)
			return 0;
		off = be64(p->off64 + (size_t)o * 8);
	}
	return off >= 12 && off < p->pack_len - TRAILER ? off : 0;
}

/*
 * Where oid is in p (its offset), or 0.  Object ids are uniformly spread,
 * so the first steps guess where it lies from the ids' first 8 bytes
 * (interpolation: a few probes where a binary search makes 14 in a pack
 * of 3 million objects, each a cache miss); a pack built to defeat the
 * guess only costs the binary search that follows them.
 */
static uint64_t
pack_find(const struct pack *p, const struct object_id *oid)
{
	const unsigned char *fan = p->idx + 8;
	unsigned first = oid->hash[0];
	uint32_t lo = first ? be32(fan + 4 * (first - 1)) : 0;
	uint32_t hi = be32(fan + 4 * first);
	uint64_t key = be64(oid->hash), klo = (uint64_t)first << 56;
	uint64_t khi = klo | (((uint64_t)1 << 56) - 1);

	for (int guess = 0; lo < hi; guess++) {
		uint32_t mid = lo + (hi - lo) / 2;
		const unsigned char *at;
		int c;

		if (guess < 4 && khi > klo && hi - lo > 8) {
			unsigned __int128 d = (unsigned __int128)(key - klo) *
					      (hi - lo);

			mid = lo + (uint32_t)(d / (khi - klo + (unsigned __int128)1));
		}
		at = p->oids + (size_t)mid * OID_RAWSZ;
		c = memcmp(at, oid->hash, OID_RAWSZ);
		if (!c)
			return pack_offset(p, mid);
		if (c < 0) {
			lo = mid + 1;
			klo = be64(at);
		} else {
			hi = mid;
			khi = be64(at);
		}
	}
	return 0;
}

/* --- objects -------------------------------------------------------- */

int
pack_object_header(const unsigned char *pack, uint64_t len, uint64_t off,
		   struct pack_object *obj)
{
	uint64_t p = off;
	unsigned char c;
	unsigned shift = 4;

	memset(obj, 0, sizeof(*obj));
	if (p >= len)
		return -1;
	c = pack[p++];
	obj->type = (c >> 4) & 7;
	obj->size = c & 15;
	while (c & 0x80) {
		if (p >= len || shift > 57)
			return -1;
		c = pack[p++];
		obj->size |= (uint64_t)(c & 0x7f) << shift;
		shift += 7;
	}
	if (obj->type == OBJ_OFS_DELTA) {
		uint64_t ofs;

		if (p >= len)
			return -1;
		c = pack[p++];
		ofs = c & 0x7f;
		while (c & 0x80) {
			if (p >= len || ofs >= (UINT64_MAX >> 7) - 1)
				return -1;
			c = pack[p++];
			ofs = ((ofs + 1) << 7) | (c & 0x7f);
		}
		if (!ofs || ofs > off)
			return -1;
		obj->base_off = off - ofs;
	} else if (obj->type == OBJ_REF_DELTA) {
		if (len - p < OID_RAWSZ)
			return -1;
		memcpy(obj->base_oid.hash, pack + p, OID_RAWSZ);
		p += OID_RAWSZ;
	} else if (obj->type == 0 || obj->type == 5) {
		return -1;
	}
	obj->data = p;
	return 0;
}

/* A delta's size varint at *p (end bounds it). */
static int
delta_varint(const unsigned char **p, const unsigned char *end, uint64_t *v)
{
	unsigned shift = 0;
	unsigned char c;

	*v = 0;
	do {
		if (*p >= end || shift > 63)
			return -1;
		c = *(*p)++;
		*v |= (uint64_t)(c & 0x7f) << shift;
		shift += 7;
	} while (c & 0x80);
	return 0;
}

int
pack_delta_sizes(const unsigned char *delta, size_t len, uint64_t *base_size,
		 uint64_t *out_size)
{
	const unsigned char *p = delta, *end = delta + len;

	return delta_varint(&p, end, base_size) < 0 ||
	       delta_varint(&p, end, out_size) < 0 ? -1 : (int)(p - delta);
}

/* A copy instruction's offset and size: the bytes its bits 0-6 say are
 * there, little-endian; a size of 0 means 0x10000. */
static int
copy_args(const unsigned char **p, const unsigned char *end, unsigned cmd,
	  uint64_t *off, uint64_t *size)
{
	*off = *size = 0;
	for (unsigned k = 0; k < 7; k++) {
		if (!(cmd & (1u << k)))
			continue;
		if (*p >= end)
			return -1;
		if (k < 4)
			*off |= (uint64_t)*(*p)++ << (8 * k);
		else
			*size |= (uint64_t)*(*p)++ << (8 * (k - 4));
	}
	if (!*size)
		*size = 0x10000;
	return 0;
}

int
pack_apply_delta(const unsigned char *base, size_t base_len,
		 const unsigned char *delta, size_t len, unsigned char *out,
		 size_t out_size)
{
	const unsigned char *p = delta, *end = delta + len;
	uint64_t bsz, osz;
	size_t o = 0;
	int hdr = pack_delta_sizes(delta, len, &bsz, &osz);

	if (hdr < 0 || bsz != base_len || osz != out_size)
		return -1;
	p += hdr;
	while (p < end) {
		unsigned cmd = *p++;

		if (cmd & 0x80) {
			uint64_t off, size;

			if (copy_args(&p, end, cmd, &off, &size) < 0 ||
			    off > base_len || size > base_len - off ||
			    size > out_size - o)
				return -1;
			memcpy(out + o, base + off, size);
			o += size;
		} else if (cmd) {
			if (cmd > (size_t)(end - p) || cmd > out_size - o)
				return -1;
			memcpy(out + o, p, cmd);
			p += cmd;
			o += cmd;
		} else {
			return -1;	/* reserved */
		}
	}
	return o == out_size ? 0 : -1;
}

/* --- a reader ------------------------------------------------------- */

struct cached {
	const struct pack *p;
	uint64_t off;
	unsigned char *data;
	size_t len;
};

struct pack_reader {
	const struct packs *ps;
	size_t last;		/* the pack that held the last object */
	z_stream z;
	int z_ok;
	unsigned char *out;	/* what pack_read_commit returns */
	size_t out_alloc;
	unsigned char *delta;	/* an inflated delta */
	size_t delta_alloc;
	struct cached cache[CACHE];
	struct cached big;	/* the last base too big for the cache */
	unsigned char *inflight;	/* inflate_alloc's block while read */
	char *fault;		/* the file cut short under the last read */
};

struct pack_reader *
pack_reader_new(const struct packs *ps)
{
	struct pack_reader *rd = xcalloc(1, sizeof(*rd));

	rd->ps = ps;
	rd->z_ok = inflateInit(&rd->z) == Z_OK;
	return rd;
}

void
pack_reader_free(struct pack_reader *rd)
{
	if (!rd)
		return;
	if (rd->z_ok)
		inflateEnd(&rd->z);
	for (size_t k = 0; k < CACHE; k++)
		free(rd->cache[k].data);
	free(rd->big.data);
	free(rd->fault);
	free(rd->out);
	free(rd->delta);
	free(rd);
}

static void
grow(unsigned char **buf, size_t *alloc, size_t need)
{
	if (need > *alloc) {
		*alloc = need > 2 * *alloc ? need : 2 * *alloc;
		free(*buf);
		*buf = xmalloc(*alloc);
	}
}

/* Whether the blank line ending the headers lies in buf[0..len), the new
 * bytes starting at from. */
static int
headers_end(const unsigned char *buf, size_t from, size_t len)
{
	for (size_t k = from ? from - 1 : 0; k + 1 < len; k++)
		if (buf[k] == '\n' && buf[k + 1] == '\n')
			return 1;
	return 0;
}

/*
 * The zlib stream of obj into out (size bytes, a NUL after them): all of
 * it, the stream checked to end exactly there, or with PACK_HEADERS up to
 * the end of the headers at least.  Returns the bytes inflated, or -1.
 */
static int64_t
inflate_object(struct pack_reader *rd, const struct pack *p,
	       const struct pack_object *obj, int what, unsigned char *out)
{
	z_stream *z = &rd->z;
	size_t size = (size_t)obj->size, done = 0;
	uint64_t in;
	int ret;

	if (!rd->z_ok || obj->data > p->pack_len - TRAILER ||
	    inflateReset(z) != Z_OK)
		return -1;
	in = p->pack_len - TRAILER - obj->data;
	z->next_in = (unsigned char *)p->pack + obj->data;
	z->avail_in = in > (1u << 30) ? 1u << 30 : (uInt)in;
	for (;;) {
		size_t step = what == PACK_HEADERS ? HEADER_STEP : size - done;

		if (step > size - done)
			step = size - done;
		z->next_out = out + done;
		z->avail_out = (uInt)step;
		ret = inflate(z, step == size - done ? Z_FINISH : Z_NO_FLUSH);
		if (ret != Z_OK && ret != Z_STREAM_END && ret != Z_BUF_ERROR)
			return -1;
		done = (size_t)(z->next_out - out);
		if (ret == Z_STREAM_END)
			break;
		if (done == size || (ret == Z_BUF_ERROR && z->avail_out))
			return -1;	/* longer than stated, or cut */
		if (what == PACK_HEADERS &&
		    headers_end(out, done - (step - z->avail_out), done)) {
			out[done] = '\0';
			return (int64_t)done;
		}
	}
	if (done != size)
		return -1;
	out[done] = '\0';
	return (int64_t)done;
}

static struct cached *
cache_slot(struct pack_reader *rd, const struct pack *p, uint64_t off)
{
	uint64_t h = (off ^ (uintptr_t)p) * 0x9e3779b97f4a7c15u;

	return &rd->cache[h >> 58 & (CACHE - 1)];
}

static const struct cached *
cache_get(struct pack_reader *rd, const struct pack *p, uint64_t off)
{
	struct cached *c = cache_slot(rd, p, off);

	if (c->data && c->p == p && c->off == off)
		return c;
	c = &rd->big;
	return c->data && c->p == p && c->off == off ? c : NULL;
}

/*
 * Keep data (allocated, len bytes) as the object at off: it is the
 * reader's now.  An object too big for the cache takes the one place
 * kept for such, so that a hostile pack cannot make the cache hold
 * CACHE of them.  Whatever the place held is freed: the caller is done
 * with it (a delta's base is not needed once the delta is applied).
 */
static const struct cached *
cache_put(struct pack_reader *rd, const struct pack *p, uint64_t off,
	  unsigned char *data, size_t len)
{
	struct cached *c = len > CACHE_MAX_OBJECT ? &rd->big :
			   cache_slot(rd, p, off);

	free(c->data);
	c->p = p;
	c->off = off;
	c->data = data;
	c->len = len;
	return c;
}

/* A whole object that is not a delta, inflated into a block of its own. */
static unsigned char *
inflate_alloc(struct pack_reader *rd, const struct pack *p,
	      const struct pack_object *obj)
{
	unsigned char *buf = xmalloc((size_t)obj->size + 1);
	int64_t got;

	/* The reader's while it is read: a fault (sigbus.h) frees it. */
	rd->inflight = buf;
	got = inflate_object(rd, p, obj, PACK_WHOLE, buf);
	rd->inflight = NULL;
	if (got < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The base of delta obj at off: its offset in p, or 0. */
static uint64_t
delta_base(const struct pack *p, const struct pack_object *obj)
{
	if (obj->type == OBJ_OFS_DELTA)
		return obj->base_off;
	return pack_find(p, &obj->base_oid);
}

/*
 * The commit at off, a delta: its chain followed down to a base (a commit
 * not a delta, or one in the cache), then each delta applied in turn.
 * The result goes to rd->out; the bases on the way to the cache.
 */
static int
read_delta(struct pack_reader *rd, const struct pack *p, uint64_t off,
	   size_t *size)
{
	uint64_t chain[MAX_DEPTH];
	struct pack_object obj;
	const struct cached *base = NULL;
	int depth = 0;

	for (uint64_t at = off; !base; ) {
		if (depth == MAX_DEPTH ||
		    pack_object_header(p->pack, p->pack_len, at, &obj) < 0)
			return -1;
		if (obj.type != OBJ_OFS_DELTA && obj.type != OBJ_REF_DELTA) {
			unsigned char *data;

			if (obj.type != OBJ_COMMIT || obj.size > MAX_OBJECT ||
			    !(data = inflate_alloc(rd, p, &obj)))
				return -1;
			base = cache_put(rd, p, at, data, (size_t)obj.size);
			break;
		}
		if (obj.size > MAX_OBJECT)
			return -1;
		chain[depth++] = at;
		if (!(at = delta_base(p, &obj)))
			return -1;
		base = cache_get(rd, p, at);
	}
	while (depth--) {
		uint64_t bsz, osz;
		unsigned char *res;

		if (pack_object_header(p->pack, p->pack_len, chain[depth],
				       &obj) < 0)
			return -1;
		grow(&rd->delta, &rd->delta_alloc, (size_t)obj.size + 1);
		if (inflate_object(rd, p, &obj, PACK_WHOLE, rd->delta) < 0 ||
		    pack_delta_sizes(rd->delta, (size_t)obj.size, &bsz,
				     &osz) < 0 ||
		    osz > MAX_OBJECT)
			return -1;
		res = xmalloc((size_t)osz + 1);
		if (pack_apply_delta(base->data, base->len, rd->delta,
				     (size_t)obj.size, res, (size_t)osz) < 0) {
			free(res);
			return -1;
		}
		res[osz] = '\0';
		if (!depth) {
			free(rd->out);
			rd->out = res;
			rd->out_alloc = (size_t)osz + 1;
			*size = (size_t)osz;
			return 0;
		}
		base = cache_put(rd, p, chain[depth], res, (size_t)osz);
	}
	return -1;
}

/* The commit at off in p into rd->out. */
static int
read_at(struct pack_reader *rd, const struct pack *p, uint64_t off, int what,
	size_t *size)
{
	struct pack_object obj;
	int64_t got;

	if (pack_object_header(p->pack, p->pack_len, off, &obj) < 0)
		return -1;
	if (obj.type == OBJ_OFS_DELTA || obj.type == OBJ_REF_DELTA)
		return read_delta(rd, p, off, size);
	if (obj.type != OBJ_COMMIT || obj.size > MAX_OBJECT)
		return -1;
	grow(&rd->out, &rd->out_alloc, (size_t)obj.size + 1);
	got = inflate_object(rd, p, &obj, what, rd->out);
	if (got < 0)
		return -1;
	*size = (size_t)got;
	return 0;
}

/* The file of the packs whose mapping holds addr: its index's or its
 * pack's path, new; NULL when none does. */
static char *
fault_file(const struct packs *ps, const void *addr)
{
	const unsigned char *a = addr;

	for (size_t k = 0; k < ps->nr; k++) {
		const struct pack *p = &ps->p[k];
		const char *ext = a >= p->idx && a < p->idx + p->idx_len ?
				  ".idx" :
				  a >= p->pack && a < p->pack + p->pack_len ?
				  ".pack" : NULL;

		if (ext) {
			char *path = xmalloc(strlen(p->name) + 6);

			sprintf(path, "%s%s", p->name, ext);
			return path;
		}
	}
	return NULL;
}

/* Commit oid from the first pack holding it: 0, or -1. */
static int
read_packs(struct pack_reader *rd, const struct object_id *oid, int what,
	   const char **data, size_t *size)
{
	const struct packs *ps = rd->ps;

	for (size_t k = 0; k < ps->nr; k++) {
		size_t at = (rd->last + k) % ps->nr;
		const struct pack *p = &ps->p[at];
		uint64_t off = pack_find(p, oid);

		if (!off)
			continue;
		rd->last = at;
		if (read_at(rd, p, off, what, size) < 0)
			return -1;
		*data = (const char *)rd->out;
		return 0;
	}
	return -1;
}

int
pack_read_commit(struct pack_reader *rd, const struct object_id *oid,
		 int what, const char **data, size_t *size)
{
	struct sigbus_guard g;

	/* A pack cut short under us (sigbus.h): what was being read is
	 * dropped, and the reader is as new. */
	if (sigsetjmp(g.jb, 0)) {
		free(rd->inflight);
		rd->inflight = NULL;
		if (rd->z_ok)
			inflateReset(&rd->z);
		free(rd->fault);
		rd->fault = fault_file(rd->ps, g.addr);
		if (!rd->fault)
			rd->fault = xstrdup("a pack");
		return PACK_FAULT;
	}
	sigbus_arm(&g);
	if (read_packs(rd, oid, what, data, size) < 0) {
		sigbus_disarm(&g);
		return -1;
	}
	sigbus_disarm(&g);
	return 0;
}

const char *
pack_reader_fault(const struct pack_reader *rd)
{
	return rd->fault;
}
