// A small typed shim over libcurl's variadic and macro APIs, so Swift calls stay typed.
// Only FerryHTTP's one curl wrapper file and the bench-only FerryCurlBaseline import this module.
#ifndef FERRY_CCURL_SHIM_H
#define FERRY_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef size_t (*ferry_curl_data_callback)(char *, size_t, size_t, void *);
typedef int (*ferry_curl_xferinfo_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
typedef int (*ferry_curl_seek_callback)(void *, curl_off_t, int);
typedef int (*ferry_curl_debug_callback)(CURL *, curl_infotype, char *, size_t, void *);

static inline CURLcode ferry_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_data_callback(CURL *h, CURLoption o, ferry_curl_data_callback v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_xferinfo_callback(CURL *h, CURLoption o, ferry_curl_xferinfo_callback v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_seek_callback(CURL *h, CURLoption o, ferry_curl_seek_callback v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ferry_easy_setopt_debug_callback(CURL *h, CURLoption o, ferry_curl_debug_callback v) { return curl_easy_setopt(h, o, v); }

// The HTTP/2 stream weight (1 to 256) libcurl sends for the transfer; ignored over HTTP/1.1.
static inline CURLcode ferry_easy_set_stream_weight(CURL *h, long weight) { return curl_easy_setopt(h, CURLOPT_STREAM_WEIGHT, weight); }

static inline CURLcode ferry_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ferry_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ferry_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ferry_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ferry_easy_getinfo_socket(CURL *h, CURLINFO i, curl_socket_t *v) { return curl_easy_getinfo(h, i, v); }

static inline CURLMcode ferry_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

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
