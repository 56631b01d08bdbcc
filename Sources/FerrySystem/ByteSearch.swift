import Glibc

/// The C library's byte search (`memchr`), which looks a word at a time where a Swift loop looks at each byte.
///
/// ```swift
/// let quote = ByteSearch.firstIndex(of: UInt8(ascii: "\""), in: buffer, within: start..<buffer.count)
/// ```
public enum ByteSearch {
    /// The offset in `buffer` of the first `byte` within `range`; `nil` when there is none.
    public static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, within range: Range<Int>)
        -> Int?
    {
        guard let base = buffer.baseAddress, !range.isEmpty, range.lowerBound >= 0, range.upperBound <= buffer.count
        else { return nil }
        guard let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
}
