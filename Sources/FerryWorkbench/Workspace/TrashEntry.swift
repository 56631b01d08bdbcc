import Foundation

/// Something deleted from a workspace and kept in `.ferry/trash/`, restorable.
public struct TrashEntry: Sendable, Hashable, Codable {
    /// What was deleted.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// One request out of a file.
        case request
        /// A whole file or folder.
        case item
    }

    /// The entry's folder name in `.ferry/trash/`.
    public var id: String
    /// What was deleted.
    public var kind: Kind
    /// The workspace path it was deleted from (the file, for a request).
    public var originalPath: String
    /// The request's 0-based position in its file, for a request.
    public var position: Int?
    /// When it was deleted, in seconds since 1970.
    public var deletedAt: Double

    /// The last component of ``originalPath``: the file's or folder's name.
    public var name: String { (originalPath as NSString).lastPathComponent }
}
