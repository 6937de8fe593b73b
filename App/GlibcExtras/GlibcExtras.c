// Compiled here, with _GNU_SOURCE, so that glibc's own declarations are checked against the
// calls (a symbol looked up at run time would be null in the fully static binary). Apple's
// systems have what Adapters needs in their own headers: nothing is defined there.
#define _GNU_SOURCE
#include <spawn.h>
#include "GlibcExtras.h"

#ifdef __GLIBC__
int grock_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
#endif
