import Foundation

/// A fresh folder under the system temporary directory, removed when the value is released.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// try folder.write("api/users.http", "GET https://example.com/users\n")
/// #expect(folder.exists("api/users.http"))
/// ```
open class TemporaryFolder {
    /// The folder's location.
    public let url: URL

    /// Creates an empty folder whose name starts with `prefix`.
    public init(prefix: String = "ferry-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to a relative path, creating folders.
    public func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The text at a relative path.
    public func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    /// Whether a relative path exists.
    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }
}
