import Foundation

/// What a file looked like when it was read: modification time, size and a hash of its bytes,
/// so a save can tell whether someone else changed the file since.
public struct FileFingerprint: Sendable, Hashable {
    /// The modification time in nanoseconds since 1970.
    public var modified: Int64
    /// The size in bytes.
    public var size: Int
    /// The 64-bit FNV-1a hash of the bytes (a change detector, not a security measure).
    public var hash: UInt64

    /// Creates a fingerprint from its parts.
    public init(modified: Int64, size: Int, hash: UInt64) {
        self.modified = modified
        self.size = size
        self.hash = hash
    }

    /// The FNV-1a 64-bit hash of `bytes`; from `start`, the hash of the bytes before them, it goes on hashing: the
    /// hash of text fed piece by piece is the hash of the joined text.
    public static func hash(_ bytes: some Sequence<UInt8>, continuing start: UInt64 = 0xcbf2_9ce4_8422_2325)
        -> UInt64
    {
        var hash = start
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The FNV-1a hash of `text`'s UTF-8 in 16 hex digits: a file name for it (the caches under `.ferry/`).
    public static func hexName(of text: String) -> String {
        let hex = String(hash(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
