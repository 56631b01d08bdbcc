import FerryHTTP
import Foundation

/// Collects a streamed body chunk by chunk: in memory while it is small text, in a temporary file once
/// it is binary or grows past ``ResponseLimits/memoryLimit``.
///
/// The decision to spill is made on the first chunk (media type, NUL bytes, a Content-Length over the
/// limit) or when the bytes in memory pass the limit, whichever comes first; the memory is freed then.
final class BodyReceiver {
    private let limits: ResponseLimits
    private let mediaType: MediaType?
    private let expectedLength: Int?
    private var memory: [UInt8] = []
    private var writer: SpillWriter?
    private var hasDecided = false
    /// Whether the body is binary (decided on the first chunk).
    private(set) var isBinary = false
    /// How many bytes arrived so far.
    private(set) var count = 0

    /// A receiver for the body of `head`.
    init(head: HTTPResponse, limits: ResponseLimits) {
        self.limits = limits
        mediaType = head.mediaType
        expectedLength = head.headers["Content-Length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Takes the next chunk.
    func append(_ chunk: Data) throws {
        if !hasDecided { try decide(firstChunk: chunk) }
        count += chunk.count
        if let writer {
            try chunk.withUnsafeBytes { try writer.write($0) }
            return
        }
        memory.append(contentsOf: chunk)
        if memory.count > limits.memoryLimit { try spill() }
    }

    /// The body as received; `isComplete` says whether the transfer delivered all of it.
    func finish(isComplete: Bool) -> ReceivedBody {
        if let writer {
            self.writer = nil
            return ReceivedBody(
                storage: .file(writer.finish()), count: count, isComplete: isComplete, isBinary: isBinary)
        }
        defer { memory = [] }
        return ReceivedBody(storage: .memory(memory), count: count, isComplete: isComplete, isBinary: isBinary)
    }

    // MARK: - Internals

    private func decide(firstChunk chunk: Data) throws {
        hasDecided = true
        let hasNUL = chunk.prefix(64 * 1024).contains(0)
        isBinary = hasNUL || (mediaType.map { !$0.isTextual } ?? false)
        if isBinary || (expectedLength ?? 0) > limits.memoryLimit {
            writer = try SpillWriter(folder: limits.resolvedSpillFolder)
        } else if let expectedLength, expectedLength > 0 {
            // Known length: one allocation, so the bytes are never copied while growing.
            memory.reserveCapacity(expectedLength)
        }
    }

    private func spill() throws {
        let writer = try SpillWriter(folder: limits.resolvedSpillFolder)
        try memory.withUnsafeBytes { try writer.write($0) }
        memory = []
        self.writer = writer
    }
}

extension MediaType {
    /// Whether bodies of this type are text: `text/*`, JSON, XML, JavaScript, YAML, forms and the like.
    var isTextual: Bool {
        let type = essence.lowercased()
        if type.hasPrefix("text/") || isJSON || type.hasSuffix("+xml") || type.hasSuffix("+yaml") { return true }
        return [
            "application/xml", "application/javascript", "application/ecmascript", "application/x-javascript",
            "application/x-www-form-urlencoded", "application/yaml", "application/x-yaml", "application/graphql",
            "application/x-ndjson", "application/sql", "application/x-sh", "application/toml",
        ].contains(type)
    }
}
