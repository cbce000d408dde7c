/*
 * fuzz-pack.c - libFuzzer target: the direct pack reader (src/git/pack.c) on
 * any pack, as the walk calls it.  The input is a pack's objects and
 * where they are:
 *
 *	n (1 byte), n offsets (2 bytes each, little-endian, into the
 *	objects), the objects
 *
 * from which the target writes a pack ("PACK", version 2, n objects, the
 * objects, a trailer) and its version 2 index, object k's id being 20
 * bytes of k + 1 (so that a reference delta may name it), then reads
 * each object whole and by its headers.  The fuzz build maps the files
 * into heap blocks of their size (heapmap.h), so AddressSanitizer sees
 * one byte too far.  Nothing may crash, and:
 *   - a read object ends with a NUL at its size;
 *   - what is read by its headers is the start of what is read whole
 *     (when both are read), and holds the blank line ending the headers
 *     or is the whole object;
 *   - pack_object_header and pack_apply_delta keep to the bounds given.
 * tests/fuzz/mkcorpus.sh makes seeds of this form from packs git writes.
 */
#define _GNU_SOURCE		/* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "git/pack.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char root[64];		/* the scratch directory: root/objects/ */
static char objdir[128];
static char idx_path[256], pack_path[256];
static const unsigned char pack_magic[4] = { 'P', 'A', 'C', 'K' };
static const unsigned char idx_magic[4] = { 0xff, 't', 'O', 'c' };

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static void
write_file(const char *path, const unsigned char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f || (len && fwrite(buf, 1, len, f) != len) || fclose(f))
		abort();
}

static void
setup(void)
{
	char path[192];

	strcpy(root, "/tmp/fuzz-pack.XXXXXX");
	if (!mkdtemp(root))
		abort();
	snprintf(objdir, sizeof(objdir), "%s/objects/", root);
	mkdir(objdir, 0700);
	snprintf(path, sizeof(path), "%spack", objdir);
	mkdir(path, 0700);
	snprintf(idx_path, sizeof(idx_path), "%spack/pack-f.idx", objdir);
	snprintf(pack_path, sizeof(pack_path), "%spack/pack-f.pack", objdir);
}

/* The pack and index of n objects at offs[] in body. */
static void
write_pack(unsigned n, const uint32_t *offs, const uint8_t *body, size_t len)
{
	size_t plen = 12 + len + 20, ilen = 8 + 1024 + (size_t)n * 28 + 40;
	unsigned char *pk = calloc(1, plen), *ix = calloc(1, ilen);

	if (!pk || !ix)
		abort();
	memcpy(pk, pack_magic, 4);
	put32(pk + 4, 2);
	put32(pk + 8, n);
	if (len)
		memcpy(pk + 12, body, len);
	memset(pk + plen - 20, 0xab, 20);
	memcpy(ix, idx_magic, 4);
	put32(ix + 4, 2);
	/* ids k + 1 repeated: sorted already, object k's first byte k + 1 */
	for (unsigned b = 0; b < 256; b++)
		put32(ix + 8 + 4 * b, b < n ? b : n);
	for (unsigned k = 0; k < n; k++) {
		memset(ix + 1032 + (size_t)k * 20, (int)k + 1, 20);
		put32(ix + 1032 + (size_t)n * 24 + (size_t)k * 4, 12 + offs[k]);
	}
	memset(ix + ilen - 40, 0xab, 20);
	write_file(idx_path, ix, ilen);
	write_file(pack_path, pk, plen);
	free(pk);
	free(ix);
}

/* Object k by its headers and whole, each checked. */
static void
read_both(struct pack_reader *rd, unsigned k)
{
	struct object_id oid;
	const char *d;
	char *head = NULL;
	size_t n, head_n = 0;

	int ret;

	memset(oid.hash, (int)k + 1, sizeof(oid.hash));
	/* Read, or left to libgit2; never a fault: nothing is cut short
	 * here (a fault is only a truncated mapping's, sigbus.h). */
	ret = pack_read_commit(rd, &oid, PACK_HEADERS, &d, &n);
	if (ret != 0 && ret != -1)
		abort();
	if (!ret) {
		if (d[n])
			abort();
		head = malloc(n + 1);
		memcpy(head, d, n);
		head_n = n;
	}
	if (!pack_read_commit(rd, &oid, PACK_WHOLE, &d, &n)) {
		if (d[n])
			abort();
		if (head && (head_n > n || memcmp(head, d, head_n) ||
			     (head_n < n && !memmem(head, head_n, "\n\n", 2))))
			abort();
	}
	free(head);
}

/* The parsers alone on the input: headers anywhere, the input as a
 * delta of its own first half. */
static void
parsers(const uint8_t *data, size_t size)
{
	struct pack_object obj;
	uint64_t bsz, osz;

	for (size_t off = 0; off < size && off < 64; off++)
		if (!pack_object_header(data, size, off, &obj) &&
		    (obj.data > size || (obj.type == 6 && obj.base_off >= off)))
			abort();
	if (pack_delta_sizes(data, size, &bsz, &osz) >= 0 && osz < (1u << 20) &&
	    bsz == size / 2) {
		unsigned char *out = malloc(osz + 1);

		pack_apply_delta(data, size / 2, data, size, out, osz);
		free(out);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t offs[255];
	unsigned n;
	size_t hdr;
	struct packs *ps;
	struct pack_reader *rd;

	if (!root[0])
		setup();
	parsers(data, size);
	if (size < 1)
		return 0;
	n = data[0];
	hdr = 1 + 2 * (size_t)n;
	if (!n || size <= hdr)
		return 0;
	for (unsigned k = 0; k < n; k++)
		offs[k] = (data[1 + 2 * k] | data[2 + 2 * k] << 8) %
			  (uint32_t)(size - hdr);
	write_pack(n, offs, data + hdr, size - hdr);
	{
		const char *dirs[] = { objdir };

		ps = packs_open(dirs, 1);
	}
	if (!ps)
		abort();	/* only regular files here */
	rd = pack_reader_new(ps);
	for (unsigned k = 0; k < n; k++)
		read_both(rd, k);
	pack_reader_free(rd);
	packs_free(ps);
	return 0;
}
