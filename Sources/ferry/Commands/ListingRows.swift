/// `ferry list`'s rows kept as one buffer of bytes: each request's id, method and URL one after another, and where
/// each ends. A listing of a million requests holds about 60 bytes a request, not a string of each part.
struct ListingRows {
    private var bytes: [UInt8] = []
    /// Where each row's id, method and URL end in ``bytes``, three offsets a row.
    private var ends: [Int32] = []

    /// Adds a row.
    mutating func append(id: String, method: String, url: String) {
        for part in [id, method, url] {
            bytes += part.utf8
            ends.append(Int32(truncatingIfNeeded: bytes.count))
        }
    }

    /// Hands each row, in the order added, to `take`.
    func forEach(_ take: (RequestListing.Row) -> Void) {
        var start = 0
        var index = 0
        while index + 2 < ends.count {
            var parts: [String] = []
            for end in ends[index..<(index + 3)] {
                parts.append(String(decoding: bytes[start..<Int(end)], as: UTF8.self))
                start = Int(end)
            }
            take((parts[0], parts[1], parts[2]))
            index += 3
        }
    }
}
