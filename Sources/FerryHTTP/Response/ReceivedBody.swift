import Foundation

/// The bytes of a response body as they arrived: in memory, or in a temporary file
/// (``ResponseBodyDestination/spilling(memoryLimit:folder:)``).
public struct ReceivedBody: Sendable, Hashable {
    /// Where the bytes are.
    public enum Storage: Sendable, Hashable {
        /// In memory.
        case memory([UInt8])
        /// In an unlinked temporary file.
        case file(SpillFile)
    }

    /// Where the bytes are.
    public var storage: Storage
    /// How many bytes arrived.
    public var count: Int
    /// Whether the whole body arrived (false after a cancel or an error mid-body).
    public var isComplete: Bool
    /// Whether the body was judged binary from its media type or its first bytes.
    public var isBinary: Bool

    /// A body with the given parts.
    public init(storage: Storage, count: Int, isComplete: Bool, isBinary: Bool) {
        self.storage = storage
        self.count = count
        self.isComplete = isComplete
        self.isBinary = isBinary
    }

    /// No body.
    public static let none = ReceivedBody(storage: .memory([]), count: 0, isComplete: true, isBinary: false)

    /// Whether the bytes are in a temporary file.
    public var isSpilled: Bool {
        if case .file = storage { return true }
        return false
    }

    /// The first `count` bytes (fewer when the body is shorter).
    public func prefix(_ count: Int) -> [UInt8] {
        switch storage {
        case .memory(let bytes): Array(bytes.prefix(count))
        case .file(let file): file.read(offset: 0, count: count)
        }
    }
}
