/// Collects the request heads libcurl reports through its debug callback (`CURLINFO_HEADER_OUT`) for one
/// transfer: one head per request libcurl wrote, so a followed redirect, an auth round (digest, NTLM) or a
/// proxy's `CONNECT` each add one, in order.
///
/// libcurl normally hands over a whole head in one call; the bytes are still gathered until the empty
/// line that ends a head, in case one arrives in pieces. Used on the event-loop thread only.
struct SentHeadRecorder {
    /// The complete heads reported so far.
    private var complete: [SentRequestHead] = []
    /// Bytes of a head whose end has not arrived yet.
    private var pending: [UInt8] = []

    /// Takes bytes libcurl reported as sent header data.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        pending.append(contentsOf: bytes)
        while let end = Self.endOfHead(in: pending) {
            if let head = SentRequestHead(parsing: pending[..<end]) { complete.append(head) }
            pending.removeSubrange(..<end)
        }
    }

    /// Every head in the order sent; a head whose end never arrived (libcurl reports the rest of a head
    /// that did not fit in one socket write as data) comes last, as far as it got.
    var heads: [SentRequestHead] {
        guard !pending.isEmpty, let partial = SentRequestHead(parsing: pending) else { return complete }
        return complete + [partial]
    }

    /// The index just past the first `CRLF CRLF` (or `LF LF`) in `bytes`.
    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 10 {
                if bytes[index + 1] == 10 { return index + 2 }
                if bytes[index + 1] == 13, index + 2 < bytes.count, bytes[index + 2] == 10 { return index + 3 }
            }
            index += 1
        }
        return nil
    }
}
