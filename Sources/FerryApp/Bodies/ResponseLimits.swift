import Foundation

/// How large a response body may grow in memory before it goes to a temporary file, and how much of a
/// text body in a file is shown.
///
/// A body up to ``memoryLimit`` stays in memory and JSON that size opens as a tree; a larger body, or a
/// binary one (a media type that is not text, or NUL bytes at the start), is streamed to an unlinked
/// temporary file: binary bodies are shown as a hex dump paged from the file, text as the first
/// ``previewBytes`` with line numbers.
public struct ResponseLimits: Sendable, Hashable {
    /// The largest body kept in memory (and opened as a JSON tree): 64 MiB by default.
    public var memoryLimit: Int
    /// How much of a text body kept in a file is shown: 1 MiB by default.
    public var previewBytes: Int
    /// Where temporary files are created; `nil` means the system's temporary folder (`$TMPDIR`).
    public var spillFolder: URL?

    /// Limits with the given values.
    public init(memoryLimit: Int = 64 << 20, previewBytes: Int = 1 << 20, spillFolder: URL? = nil) {
        self.memoryLimit = memoryLimit
        self.previewBytes = previewBytes
        self.spillFolder = spillFolder
    }
}
