#ifndef GROCK_GLIBC_EXTRAS_H
#define GROCK_GLIBC_EXTRAS_H

#include <spawn.h>

/// Adds to `actions` the closing, in the program started, of every descriptor from `lowest` up
/// (glibc's `posix_spawn_file_actions_addclosefrom_np`, 2.34 and later, which Swift's Glibc
/// module leaves out: it is declared only under `_GNU_SOURCE`). Returns 0, or an errno value;
/// `ENOSYS` where the C library has no such action.
int grock_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
