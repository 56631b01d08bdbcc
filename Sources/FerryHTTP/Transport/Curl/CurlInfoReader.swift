import CCurl

/// Typed reads of `curl_easy_getinfo` on one easy handle, shared by ``CurlEasy`` (HTTP transfers) and
/// ``CurlStream`` (CONNECT_ONLY connections), so the C call has one wrapper.
struct CurlInfoReader {
    /// The easy handle read.
    let handle: UnsafeMutableRawPointer

    /// A `long` value (`CURLINFO_RESPONSE_CODE`, `CURLINFO_OS_ERRNO`…).
    func long(_ info: CURLINFO) -> Int {
        var value = 0
        ferry_easy_getinfo_long(handle, info, &value)
        return value
    }

    /// A `curl_off_t` value (sizes and microsecond times).
    func offset(_ info: CURLINFO) -> Int {
        var value: curl_off_t = 0
        ferry_easy_getinfo_off(handle, info, &value)
        return Int(value)
    }

    /// A string value, copied (`CURLINFO_PRIMARY_IP`…); `nil` when libcurl has none.
    func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        ferry_easy_getinfo_string(handle, info, &value)
        return value.map { String(cString: $0) }
    }
}
