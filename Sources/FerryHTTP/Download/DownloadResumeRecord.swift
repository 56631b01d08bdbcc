import Foundation

/// What a paused or broken download leaves beside its partial file (`FILE.ferry-resume`, JSON), so that any
/// process can resume it: the URL, the validator the server gave, and how many bytes the file held.
public struct DownloadResumeRecord: Codable, Sendable, Hashable {
    /// The resolved URL the download was made from.
    public var url: String
    /// The response's `ETag` when it was strong (a weak one cannot validate a range).
    public var entityTag: String?
    /// The response's `Last-Modified`.
    public var lastModified: String?
    /// How many bytes the partial file held when the record was last written (the file's own size is what a
    /// resume starts from: it can only have grown since).
    public var bytes: Int
    /// The whole body's length when the server said it, else `nil`.
    public var totalBytes: Int?

    /// A record of a partial download of `url` holding `bytes` bytes, validated by `entityTag` (strong) or
    /// `lastModified`.
    public init(url: String, entityTag: String?, lastModified: String?, bytes: Int, totalBytes: Int?) {
        self.url = url
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.bytes = bytes
        self.totalBytes = totalBytes
    }

    /// The value for `If-Range`: the strong ETag, else the Last-Modified date; `nil` when there is neither,
    /// and the download cannot be resumed safely.
    public var validator: String? { entityTag ?? lastModified }

    /// The record kept beside `file`.
    public static func location(beside file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".ferry-resume")
    }

    /// The record beside `file`, `nil` when there is none; throws ``HTTPClientError/Reason/fileFailed(_:)``
    /// naming the record when it cannot be read or is not a record.
    static func read(beside file: URL, for request: HTTPRequest) throws(HTTPClientError) -> DownloadResumeRecord? {
        let location = location(beside: file)
        guard FileManager.default.fileExists(atPath: location.path) else { return nil }
        do {
            return try JSONDecoder().decode(DownloadResumeRecord.self, from: Data(contentsOf: location))
        } catch {
            throw HTTPClientError(.fileFailed("\(location.path):1: not a resume record (\(error))"), request: request)
        }
    }

    /// Writes the record beside `file`, replacing the one there.
    func write(beside file: URL, for request: HTTPRequest) throws(HTTPClientError) {
        let location = Self.location(beside: file)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(self).write(to: location, options: .atomic)
        } catch {
            throw HTTPClientError(.fileFailed("cannot write \(location.path): \(error)"), request: request)
        }
    }

    /// Removes the record beside `file`, if any.
    static func remove(beside file: URL) {
        try? FileManager.default.removeItem(at: location(beside: file))
    }
}
