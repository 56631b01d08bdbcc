/// A `Content-Range` field of a 206 response (RFC 9110 §14.4): `bytes FIRST-LAST/TOTAL`, the total `*` when
/// unknown.
struct ContentRange: Equatable {
    /// The offset of the first byte sent.
    var first: Int
    /// The offset of the last byte sent.
    var last: Int
    /// The whole representation's length, or `nil` when the server does not say.
    var total: Int?

    /// The range `field` names, or `nil` when it is not a byte range of that form.
    init?(_ field: String) {
        let trimmed = field.trimmingWhitespace
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst("bytes ".count)
        let halves = spec.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first >= 0, last >= first
        else { return nil }
        if halves[1] == "*" {
            total = nil
        } else {
            guard let total = Int(halves[1]), total > last else { return nil }
            self.total = total
        }
        self.first = first
        self.last = last
    }
}

extension ContentRange {
    /// The representation's length in the `bytes */LENGTH` field of a 416 response, or `nil` for another form.
    static func unsatisfiedLength(_ field: String) -> Int? {
        let trimmed = field.trimmingWhitespace
        guard trimmed.lowercased().hasPrefix("bytes */") else { return nil }
        return Int(trimmed.dropFirst("bytes */".count)).flatMap { $0 >= 0 ? $0 : nil }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingWhitespace: Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return Substring(self[start...end])
    }
}
