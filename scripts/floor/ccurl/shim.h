// The floor programs link libcurl as a plain C program does (ferry itself opens it with dlopen at the first
// transfer, decision 0098): the two typed wrappers they use over its variadic and macro API.
#ifndef FERRY_FLOOR_CCURL_SHIM_H
#define FERRY_FLOOR_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

static inline CURLcode ferry_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline long ferry_curl_global_default(void) { return CURL_GLOBAL_DEFAULT; }

#endif
