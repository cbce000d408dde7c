/*
 * heapmap.h - for the fuzz build of src/git/commitgraph.c only (the Makefile
 * force-includes it there): mmap and munmap become a read into a heap
 * block of the file's exact size, so that AddressSanitizer reports any
 * read past the end of the file.  In a real mapping such a read lands in
 * the rest of the last page and goes unseen.
 */
#ifndef TREEPLOT_FUZZ_HEAPMAP_H
#define TREEPLOT_FUZZ_HEAPMAP_H

#include <stddef.h>
#include <sys/mman.h>
#include <sys/types.h>

void *heapmap_mmap(void *addr, size_t len, int prot, int flags, int fd,
		   off_t off);
int heapmap_munmap(void *addr, size_t len);

#define mmap heapmap_mmap
#define munmap heapmap_munmap

#endif
