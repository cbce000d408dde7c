/*
 * evidence.h - who keeps each key, as its pulls' tips say (keepers.h
 * gathers it from a history; identity.h compares it): each key's count
 * of tips per person, its keepers by majority, every tree's keepers
 * summed, and the tags' first words; people as "Name <mail>", numbered
 * in the tree table.  Plain data: nothing here reads a repository.
 */
#ifndef TREEPLOT_EVIDENCE_H
#define TREEPLOT_EVIDENCE_H

#include <stddef.h>
#include <stdint.h>

#include "flow/naming.h"

/* The number of a person ("Name <mail>", len bytes, NULs cut) in
 * tt->people. */
uint32_t evidence_person(struct tree_table *tt, const char *ident, size_t len);

/* A pull of key k brought in a tip that person committed: evidence of
 * who keeps it. */
void evidence_add(struct tree_table *tt, uint32_t k, uint32_t person);

/* A pull of key k named the tag tag (len bytes): its first word (up to
 * '-' or '_', two letters or more, not a word every tree uses: "for",
 * "pull", "v6") is kept, supporting evidence of one tree. */
void evidence_tag(struct tree_table *tt, uint32_t k, const char *tag,
		  size_t len);

/*
 * The keepers of key k by its pulls' evidence: the person or people
 * (tied) who committed the most of its tips, into out (up to max, in
 * tt->people's numbers, ascending); how many there are (0: no evidence).
 */
uint32_t evidence_keepers(const struct tree_table *tt, uint32_t k,
			  uint32_t *out, uint32_t max);

/* Every tree's keepers (struct tree.keepers): its keys' evidence summed,
 * the most pulls first, then by person.  Call once the trees are named. */
void evidence_settle(struct tree_table *tt);

/* The name and the mail address of ident ("Name <mail>": the name up to
 * the last " <", the address inside it; the whole as the name and no
 * address when it has none). */
void keeper_split(const char *ident, const char **name, size_t *name_len,
		  const char **mail, size_t *mail_len);

#endif
