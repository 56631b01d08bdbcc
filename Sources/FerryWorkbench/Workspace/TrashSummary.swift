import Foundation

/// What a trash entry holds and whether it can go back, for listing the trash.
public struct TrashSummary: Sendable, Hashable {
    /// What was deleted.
    public enum Content: Sendable, Hashable {
        /// One request (its name, or `nil` when it had none) out of the file at the entry's path.
        case request(name: String?)
        /// A file holding this many requests.
        case file(requests: Int)
        /// A folder holding this many requests in all its files.
        case folder(requests: Int)
    }

    /// The entry.
    public var entry: TrashEntry
    /// What it holds.
    public var content: Content
    /// What now stands where it would go back (`path`, or `path#name` for a request), or `nil` when it can go back.
    public var blockedBy: String?
}
