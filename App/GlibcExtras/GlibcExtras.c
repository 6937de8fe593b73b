// Compiled here, with _GNU_SOURCE, so that glibc's own declaration is checked against the call
// (a symbol looked up at run time would be null in the fully static binary).
#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include "GlibcExtras.h"

int grock_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return ENOSYS;
#endif
}

const short grock_spawn_new_session = POSIX_SPAWN_SETSID;
