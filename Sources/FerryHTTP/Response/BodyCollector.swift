import Foundation

/// Collects a response body chunk by chunk for ``ResponseBodyDestination/spilling(memoryLimit:folder:)``: in
/// memory while it is small text, in an unlinked temporary file once it is binary or grows past the limit.
///
/// The decision to spill is made on the first chunk (media type, NUL bytes, a `Content-Length` over the
/// limit) or when the bytes in memory pass the limit, whichever comes first; the memory is freed then.
/// Used by one reader at a time (the transfer's thread, or the task reading a stream).
package final class BodyCollector {
    private let memoryLimit: Int
    private let folder: URL
    private let mediaType: MediaType?
    private let expectedLength: Int?
    private var memory: [UInt8] = []
    private var writer: SpillWriter?
    private var hasDecided = false
    /// Whether the body is binary (decided on the first chunk).
    package private(set) var isBinary = false
    /// How many bytes arrived so far.
    package private(set) var count = 0

    /// A collector for the body of `head`, spilling past `memoryLimit` bytes into `folder` (`nil`: the
    /// system's temporary folder).
    package init(head: HTTPResponse, memoryLimit: Int, folder: URL?) {
        self.memoryLimit = memoryLimit
        self.folder = folder ?? FileManager.default.temporaryDirectory
        mediaType = head.mediaType
        expectedLength = head.headers["Content-Length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Takes the next chunk; throws ``SpillError`` when the temporary file cannot be created or written.
    package func append(_ chunk: UnsafeRawBufferPointer) throws {
        if !hasDecided { try decide(firstChunk: chunk) }
        count += chunk.count
        if let writer {
            try writer.write(chunk)
            return
        }
        memory.append(contentsOf: chunk)
        if memory.count > memoryLimit { try spill() }
    }

    /// Takes the next chunk.
    package func append(_ chunk: Data) throws {
        try chunk.withUnsafeBytes { try append($0) }
    }

    /// The body as received; `isComplete` says whether the transfer delivered all of it.
    package func finish(isComplete: Bool) -> ReceivedBody {
        if let writer {
            self.writer = nil
            return ReceivedBody(
                storage: .file(writer.finish()), count: count, isComplete: isComplete, isBinary: isBinary)
        }
        defer { memory = [] }
        return ReceivedBody(storage: .memory(memory), count: count, isComplete: isComplete, isBinary: isBinary)
    }

    /// How many of a body's first bytes are looked at for a NUL.
    package static let sniffedBytes = 64 * 1024

    /// Whether a body is binary: its media type is not text, or `firstBytes` (its first ``sniffedBytes`` or
    /// fewer) hold a NUL.
    package static func isBinary(mediaType: MediaType?, firstBytes: some Sequence<UInt8>) -> Bool {
        firstBytes.contains(0) || (mediaType.map { !$0.isTextual } ?? false)
    }

    // MARK: - Internals

    private func decide(firstChunk chunk: UnsafeRawBufferPointer) throws {
        hasDecided = true
        isBinary = Self.isBinary(mediaType: mediaType, firstBytes: chunk.prefix(Self.sniffedBytes))
        if isBinary || (expectedLength ?? 0) > memoryLimit {
            writer = try SpillWriter(folder: folder)
        } else if let expectedLength, expectedLength > 0 {
            // Known length: one allocation, so the bytes are never copied while growing.
            memory.reserveCapacity(expectedLength)
        }
    }

    private func spill() throws {
        let writer = try SpillWriter(folder: folder)
        try memory.withUnsafeBytes { try writer.write($0) }
        memory = []
        self.writer = writer
    }
}

extension MediaType {
    /// Whether bodies of this type are text: `text/*`, JSON, XML, JavaScript, YAML, forms and the like.
    public var isTextual: Bool {
        let type = essence.lowercased()
        if type.hasPrefix("text/") || isJSON || type.hasSuffix("+xml") || type.hasSuffix("+yaml") { return true }
        return [
            "application/xml", "application/javascript", "application/ecmascript", "application/x-javascript",
            "application/x-www-form-urlencoded", "application/yaml", "application/x-yaml", "application/graphql",
            "application/x-ndjson", "application/sql", "application/x-sh", "application/toml",
        ].contains(type)
    }
}

extension HTTPResponse {
    /// For a transport that receives the whole body at once: puts ``body`` where
    /// ``ResponseBodyDestination/spilling(memoryLimit:folder:)`` says (left in memory, or moved to a temporary
    /// file); any other destination leaves the response as it is. Throws ``SpillError``.
    package mutating func place(for destination: ResponseBodyDestination) throws {
        guard case .spilling(let memoryLimit, let folder) = destination, !body.isEmpty else { return }
        let collector = BodyCollector(head: self, memoryLimit: memoryLimit, folder: folder)
        try collector.append(body)
        switch collector.finish(isComplete: true).storage {
        case .memory(let bytes): body = Data(bytes)
        case .file(let file):
            body = Data()
            spilledBody = file
        }
    }
}
