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
        // The usual case: one whole head in one call, parsed where it lies.
        if pending.isEmpty, Self.endOfHead(in: bytes) == bytes.count {
            if let head = SentRequestHead(parsing: bytes) { complete.append(head) }
            return
        }
        pending.append(contentsOf: bytes)
        while let end = pending.withUnsafeBytes({ Self.endOfHead(in: $0) }) {
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
    private static func endOfHead(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while let newline = bytes[index...].firstIndex(of: 10) {
            let next = newline + 1
            if next < bytes.count, bytes[next] == 10 { return next + 1 }
            if next + 1 < bytes.count, bytes[next] == 13, bytes[next + 1] == 10 { return next + 2 }
            index = next
        }
        return nil
    }
}
