import CCurl
import Foundation

// What every `ferry` pays before its own work: Foundation linked statically and touched once, libcurl, one easy
// transfer on the main thread.
FileHandle.standardError.write(Data())
_ = curl_global_init(ferry_curl_global_default())
let handle = curl_easy_init()
_ = ferry_easy_setopt_string(handle, CURLOPT_URL, CommandLine.arguments[1])
exit(curl_easy_perform(handle) == CURLE_OK ? 0 : 1)
