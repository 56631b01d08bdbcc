import CCurl

#if canImport(Glibc)
    import Glibc
#endif

// The Swift runtime and libcurl, no Foundation: one easy transfer on the main thread, the body to stdout.
_ = curl_global_init(ferry_curl_global_default())
let handle = curl_easy_init()
_ = ferry_easy_setopt_string(handle, CURLOPT_URL, CommandLine.arguments[1])
exit(curl_easy_perform(handle) == CURLE_OK ? 0 : 1)
