#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// libcurl's run-time name (the libcurl4 package's; the headers come from libcurl4-openssl-dev).
#define FERRY_CURL_DEFAULT_LIBRARY "libcurl.so.4"

FerryCurl ferry_curl_table;
static bool loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

// Resolves `curl_NAME` into the table's `NAME`, checking at compile time that the slot has the header's type.
#define RESOLVE(slot)                                                                                     \
    do {                                                                                                  \
        _Static_assert(                                                                                   \
            __builtin_types_compatible_p(__typeof__(ferry_curl_table.slot), __typeof__(&curl_##slot)),    \
            "curl_" #slot);                                                                               \
        ferry_curl_table.slot = (__typeof__(ferry_curl_table.slot))dlsym(handle, "curl_" #slot);          \
        if (ferry_curl_table.slot == NULL) {                                                              \
            snprintf(failure, sizeof failure, "%s has no curl_%s (libcurl older than 7.68?)", path, #slot); \
            return;                                                                                       \
        }                                                                                                 \
    } while (0)

static void load(void) {
    const char *override = getenv("FERRY_CURL_LIBRARY");
    const char *path = override != NULL && override[0] != '\0' ? override : FERRY_CURL_DEFAULT_LIBRARY;
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "cannot open libcurl (%s): %s; install it with `apt install libcurl4`",
                 path, reason != NULL ? reason : "unknown error");
        return;
    }
    RESOLVE(global_init);
    RESOLVE(version);
    RESOLVE(version_info);
    RESOLVE(easy_strerror);
    RESOLVE(easy_init);
    RESOLVE(easy_cleanup);
    RESOLVE(easy_reset);
    RESOLVE(easy_setopt);
    RESOLVE(easy_getinfo);
    RESOLVE(easy_perform);
    RESOLVE(easy_pause);
    RESOLVE(easy_recv);
    RESOLVE(easy_send);
    RESOLVE(multi_init);
    RESOLVE(multi_cleanup);
    RESOLVE(multi_setopt);
    RESOLVE(multi_add_handle);
    RESOLVE(multi_remove_handle);
    RESOLVE(multi_perform);
    RESOLVE(multi_poll);
    RESOLVE(multi_wakeup);
    RESOLVE(multi_info_read);
    RESOLVE(slist_append);
    RESOLVE(slist_free_all);
    loaded = true;
}

bool ferry_curl_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *ferry_curl_load_failure(void) { return failure; }
