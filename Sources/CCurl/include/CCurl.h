// A small typed shim over libcurl, opened at first use with dlopen instead of linked (decision 0098): a process
// that never makes a transfer (the workbench until its first send, `ferry --version`, `ferry list`) does not load
// libcurl's thirty shared libraries or run their initialisers. Swift calls libcurl only through the `ferry_`
// functions below, and only after `ferry_curl_load()` returned true; calling the `curl_` functions the curl
// headers declare would need the library linked, and the link fails. Only FerryHTTP's curl wrapper files and the
// bench-only FerryCurlBaseline import this module.
#ifndef FERRY_CCURL_SHIM_H
#define FERRY_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <stdbool.h>
#include <curl/curl.h>

/// The libcurl functions Ferry uses, resolved with dlsym.
typedef struct FerryCurl {
    CURLcode (*global_init)(long flags);
    char *(*version)(void);
    curl_version_info_data *(*version_info)(CURLversion age);
    const char *(*easy_strerror)(CURLcode code);

    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_pause)(CURL *handle, int bitmask);
    CURLcode (*easy_recv)(CURL *handle, void *buffer, size_t length, size_t *received);
    CURLcode (*easy_send)(CURL *handle, const void *buffer, size_t length, size_t *sent);

    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(
        CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *remaining);

    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
} FerryCurl;

/// Opens libcurl (`libcurl.so.4`, or the file `FERRY_CURL_LIBRARY` names) and resolves the table, once per
/// process; true when every function was found. Safe from any thread.
bool ferry_curl_load(void);

/// Why `ferry_curl_load()` failed (an empty string when it did not).
const char *ferry_curl_load_failure(void);

/// The table; its functions may be called only after `ferry_curl_load()` returned true.
extern FerryCurl ferry_curl_table;

static inline CURLcode ferry_curl_global_init(long flags) { return ferry_curl_table.global_init(flags); }
static inline char *ferry_curl_version(void) { return ferry_curl_table.version(); }
static inline curl_version_info_data *ferry_curl_version_info(CURLversion age) { return ferry_curl_table.version_info(age); }
static inline const char *ferry_curl_easy_strerror(CURLcode code) { return ferry_curl_table.easy_strerror(code); }

static inline CURL *ferry_curl_easy_init(void) { return ferry_curl_table.easy_init(); }
static inline void ferry_curl_easy_cleanup(CURL *h) { ferry_curl_table.easy_cleanup(h); }
static inline void ferry_curl_easy_reset(CURL *h) { ferry_curl_table.easy_reset(h); }
static inline CURLcode ferry_curl_easy_perform(CURL *h) { return ferry_curl_table.easy_perform(h); }
static inline CURLcode ferry_curl_easy_pause(CURL *h, int bitmask) { return ferry_curl_table.easy_pause(h, bitmask); }
static inline CURLcode ferry_curl_easy_recv(CURL *h, void *buffer, size_t length, size_t *received) {
    return ferry_curl_table.easy_recv(h, buffer, length, received);
}
static inline CURLcode ferry_curl_easy_send(CURL *h, const void *buffer, size_t length, size_t *sent) {
    return ferry_curl_table.easy_send(h, buffer, length, sent);
}

static inline CURLM *ferry_curl_multi_init(void) { return ferry_curl_table.multi_init(); }
static inline CURLMcode ferry_curl_multi_cleanup(CURLM *m) { return ferry_curl_table.multi_cleanup(m); }
static inline CURLMcode ferry_curl_multi_add_handle(CURLM *m, CURL *h) { return ferry_curl_table.multi_add_handle(m, h); }
static inline CURLMcode ferry_curl_multi_remove_handle(CURLM *m, CURL *h) { return ferry_curl_table.multi_remove_handle(m, h); }
static inline CURLMcode ferry_curl_multi_perform(CURLM *m, int *running) { return ferry_curl_table.multi_perform(m, running); }
static inline CURLMcode ferry_curl_multi_poll(CURLM *m, struct curl_waitfd *extra, unsigned int count, int timeout, int *ready) {
    return ferry_curl_table.multi_poll(m, extra, count, timeout, ready);
}
static inline CURLMcode ferry_curl_multi_wakeup(CURLM *m) { return ferry_curl_table.multi_wakeup(m); }
static inline CURLMsg *ferry_curl_multi_info_read(CURLM *m, int *remaining) { return ferry_curl_table.multi_info_read(m, remaining); }

static inline struct curl_slist *ferry_curl_slist_append(struct curl_slist *list, const char *line) {
    return ferry_curl_table.slist_append(list, line);
}
static inline void ferry_curl_slist_free_all(struct curl_slist *list) { ferry_curl_table.slist_free_all(list); }

typedef size_t (*ferry_curl_data_callback)(char *, size_t, size_t, void *);
typedef int (*ferry_curl_xferinfo_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
typedef int (*ferry_curl_seek_callback)(void *, curl_off_t, int);
typedef int (*ferry_curl_debug_callback)(CURL *, curl_infotype, char *, size_t, void *);

static inline CURLcode ferry_easy_setopt_long(CURL *h, CURLoption o, long v) { return ferry_curl_table.easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return ferry_curl_table.easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return ferry_curl_table.easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return ferry_curl_table.easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return ferry_curl_table.easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_data_callback(CURL *h, CURLoption o, ferry_curl_data_callback v) { return ferry_curl_table.easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_xferinfo_callback(CURL *h, CURLoption o, ferry_curl_xferinfo_callback v) { return ferry_curl_table.easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_seek_callback(CURL *h, CURLoption o, ferry_curl_seek_callback v) { return ferry_curl_table.easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_debug_callback(CURL *h, CURLoption o, ferry_curl_debug_callback v) { return ferry_curl_table.easy_setopt(h, o, v); }

// The HTTP/2 stream weight (1 to 256) libcurl sends for the transfer; ignored over HTTP/1.1.
static inline CURLcode ferry_easy_set_stream_weight(CURL *h, long weight) { return ferry_curl_table.easy_setopt(h, CURLOPT_STREAM_WEIGHT, weight); }

static inline CURLcode ferry_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return ferry_curl_table.easy_getinfo(h, i, v); }
static inline CURLcode ferry_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return ferry_curl_table.easy_getinfo(h, i, v); }
static inline CURLcode ferry_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return ferry_curl_table.easy_getinfo(h, i, v); }
static inline CURLcode ferry_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return ferry_curl_table.easy_getinfo(h, i, v); }
static inline CURLcode ferry_easy_getinfo_socket(CURL *h, CURLINFO i, curl_socket_t *v) { return ferry_curl_table.easy_getinfo(h, i, v); }

static inline CURLMcode ferry_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return ferry_curl_table.multi_setopt(m, o, v); }

static inline long ferry_curlauth_basic(void) { return (long)CURLAUTH_BASIC; }
static inline long ferry_curlauth_bearer(void) { return (long)CURLAUTH_BEARER; }
static inline long ferry_curlauth_digest(void) { return (long)CURLAUTH_DIGEST; }
static inline long ferry_curlauth_any(void) { return (long)CURLAUTH_ANY; }
static inline CURLversion ferry_curlversion_now(void) { return CURLVERSION_NOW; }
static inline long ferry_curl_global_default(void) { return CURL_GLOBAL_DEFAULT; }
static inline int ferry_curl_readfunc_pause(void) { return CURL_READFUNC_PAUSE; }
static inline size_t ferry_curl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }
static inline int ferry_curl_readfunc_abort(void) { return CURL_READFUNC_ABORT; }

static inline int ferry_curl_seekfunc_ok(void) { return CURL_SEEKFUNC_OK; }
static inline int ferry_curl_seekfunc_fail(void) { return CURL_SEEKFUNC_FAIL; }
static inline int ferry_curl_seekfunc_cantseek(void) { return CURL_SEEKFUNC_CANTSEEK; }
static inline int ferry_curl_error_size(void) { return CURL_ERROR_SIZE; }

#endif
