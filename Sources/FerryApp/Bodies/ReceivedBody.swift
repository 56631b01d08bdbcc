import Foundation

/// The bytes of a response body as they arrived: in memory, or in a temporary file.
struct ReceivedBody: Sendable {
    /// Where the bytes are.
    enum Storage: Sendable {
        /// In memory.
        case memory([UInt8])
        /// In a temporary file.
        case file(SpillFile)
    }

    /// Where the bytes are.
    var storage: Storage
    /// How many bytes arrived.
    var count: Int
    /// Whether the whole body arrived (false after a cancel or an error mid-body).
    var isComplete: Bool
    /// Whether the body was judged binary from its media type or its first bytes.
    var isBinary: Bool

    /// No body.
    static let none = ReceivedBody(storage: .memory([]), count: 0, isComplete: true, isBinary: false)

    /// Whether the bytes are in a temporary file.
    var isSpilled: Bool {
        if case .file = storage { return true }
        return false
    }

    /// The first `count` bytes (fewer when the body is shorter).
    func prefix(_ count: Int) -> [UInt8] {
        switch storage {
        case .memory(let bytes): Array(bytes.prefix(count))
        case .file(let file): file.read(offset: 0, count: count)
        }
    }
}
