// MARK: - Fast trimming of spaces and tabs (the parser's hot path; Foundation's is much slower)

extension String {
    /// The text without leading and trailing spaces, tabs and stray carriage returns (and a leading byte
    /// order mark): the `.http` parser's trimming, public for the importers that write what it reads.
    public var trimmedSpaces: String { self[...].trimmedSpaces }
}

extension Substring {
    /// The text without leading and trailing spaces, tabs and stray carriage returns (and a leading byte
    /// order mark), as a `String`: the `.http` parser's trimming.
    public var trimmedSpaces: String {
        // On the contiguous bytes (a native string's always are): a `UTF8View` index costs tens of instructions.
        if let trimmed = utf8.withContiguousStorageIfAvailable(Self.trimmedSpaces(of:)) { return trimmed }
        let utf8 = self.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end {
            if utf8[start] == 0x20 || utf8[start] == 0x09 || utf8[start] == 0x0D {
                start = utf8.index(after: start)
            } else if utf8[start...].starts(with: [0xEF, 0xBB, 0xBF]) {
                start = utf8.index(start, offsetBy: 3)
            } else {
                break
            }
        }
        while end > start {
            let before = utf8.index(before: end)
            guard utf8[before] == 0x20 || utf8[before] == 0x09 || utf8[before] == 0x0D else { break }
            end = before
        }
        return String(self[start..<end])
    }

    /// `bytes` without leading and trailing spaces, tabs and carriage returns (and leading byte order marks).
    private static func trimmedSpaces(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        var start = 0
        var end = bytes.count
        while start < end {
            if isSpace(bytes[start]) {
                start += 1
            } else if end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
                start += 3
            } else {
                break
            }
        }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

extension String {
    /// Whether the text contains `needle` (plain UTF-8 comparison, no Unicode normalisation).
    func containsBytes(_ needle: StaticString) -> Bool {
        firstByteOffset(of: needle) != nil
    }

    /// The UTF-8 offset of the first `needle` at or after `from`, if any.
    func firstByteOffset(of needle: StaticString, from: Int = 0) -> Int? {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return from }
        var copy = self
        return copy.withUTF8 { bytes -> Int? in
            guard bytes.count >= pattern.count else { return nil }
            var index = from
            while index <= bytes.count - pattern.count {
                if bytes[index] == first {
                    var matched = true
                    for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] {
                        matched = false
                        break
                    }
                    if matched { return index }
                }
                index += 1
            }
            return nil
        }
    }
}
