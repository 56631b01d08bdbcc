/// gRPC's length-prefixed messages (PROTOCOL-HTTP2.md): a compressed flag byte, a four-byte big-endian length,
/// then the message.
public enum GRPCFrame {
    /// The largest message taken by default, as gRPC's own clients bound it: 4 MiB.
    public static let defaultMessageLimit = 4 << 20

    /// `message` with its prefix; gzip-compressed, the flag set, when `compressed` (`grpc-encoding: gzip`).
    public static func framed(_ message: [UInt8], compressed: Bool = false) -> [UInt8] {
        let payload = compressed ? GRPCGzip.compress(message) : message
        let length = UInt32(truncatingIfNeeded: payload.count)
        return [
            compressed ? 1 : 0, UInt8(length >> 24), UInt8(truncatingIfNeeded: length >> 16),
            UInt8(truncatingIfNeeded: length >> 8),
            UInt8(truncatingIfNeeded: length),
        ] + payload
    }

    /// The messages of `body`, all of them whole, compressed ones inflated; a cut frame, one over `limit` (before or
    /// after inflating) or a compressed one that is not gzip is an error.
    public static func messages(in body: [UInt8], limit: Int = defaultMessageLimit) throws(GRPCFrameError) -> [[UInt8]]
    {
        var decoder = GRPCFrameDecoder(limit: limit)
        var messages = try decoder.append(body)
        if !decoder.isEmpty { throw GRPCFrameError.truncated(decoder.bufferedCount) }
        messages.reserveCapacity(0)
        return messages
    }
}

/// Why a response's bytes are not gRPC messages.
public enum GRPCFrameError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A message is longer than the limit (its length, the limit).
    case tooLarge(Int, limit: Int)
    /// A message is flagged compressed but is not gzip data, the one encoding Ferry asks for
    /// (`grpc-accept-encoding: gzip`).
    case notGzip
    /// The body ended inside a message (bytes left over).
    case truncated(Int)

    /// In words.
    public var description: String {
        switch self {
        case .tooLarge(let length, let limit): "a message of \(length) bytes is over the \(limit)-byte limit"
        case .notGzip: "a message is flagged compressed but is not gzip, the one encoding Ferry accepts"
        case .truncated(let count): "the response ended inside a message (\(count) bytes of it)"
        }
    }
}

/// Splits bytes as they arrive into whole gRPC messages, inflating the compressed ones (gzip).
public struct GRPCFrameDecoder: Sendable {
    private var buffer: [UInt8] = []
    private let limit: Int

    /// A decoder refusing messages over `limit` bytes.
    public init(limit: Int = GRPCFrame.defaultMessageLimit) { self.limit = limit }

    /// Whether no partial message is waiting.
    public var isEmpty: Bool { buffer.isEmpty }
    /// How many bytes of a partial message wait.
    public var bufferedCount: Int { buffer.count }

    /// Takes `bytes` and returns the messages they complete.
    public mutating func append(_ bytes: some Collection<UInt8>) throws(GRPCFrameError) -> [[UInt8]] {
        buffer.append(contentsOf: bytes)
        var messages: [[UInt8]] = []
        var start = 0
        while buffer.count - start >= 5 {
            let length =
                Int(buffer[start + 1]) << 24 | Int(buffer[start + 2]) << 16 | Int(buffer[start + 3]) << 8
                | Int(buffer[start + 4])
            guard length <= limit else { throw .tooLarge(length, limit: limit) }
            guard buffer.count - start - 5 >= length else { break }
            let message = Array(buffer[(start + 5)..<(start + 5 + length)])
            messages.append(buffer[start] == 0 ? message : try GRPCGzip.decompress(message, limit: limit))
            start += 5 + length
        }
        buffer.removeFirst(start)
        return messages
    }
}
