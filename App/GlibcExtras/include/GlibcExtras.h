#ifndef GROCK_GLIBC_EXTRAS_H
#define GROCK_GLIBC_EXTRAS_H

#include <spawn.h>

// What Grock's adapters need of glibc that Swift's Glibc module leaves out: it is declared
// only under `_GNU_SOURCE`. Defined with glibc only (2.34 and later).

/// Adds to `actions` the closing, in the program started, of every descriptor from `lowest` up
/// (glibc's `posix_spawn_file_actions_addclosefrom_np`). Returns 0, or an errno value.
int grock_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
