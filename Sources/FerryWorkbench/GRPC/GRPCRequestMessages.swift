import FerryJSON

/// The request messages of a `GRPC` request's body: one JSON object, or several one after another (for a
/// client-streaming or bidirectional call), separated by whitespace; an empty body is one empty message.
public enum GRPCRequestMessages {
    /// The JSON values of `body`, each a message; a value that does not parse is an error naming which one.
    public static func parse(_ body: String) throws(GRPCSendError) -> [JSONValue] {
        var values: [JSONValue] = []
        for (index, text) in split(body).enumerated() {
            do {
                values.append(try JSONValue(parsing: text))
            } catch {
                throw GRPCSendError("request message \(index + 1) is not JSON: \(error)")
            }
        }
        return values.isEmpty ? [.object([:])] : values
    }

    /// `url` with `grpc://` as `http://` and `grpcs://` as `https://`.
    public static func httpURL(_ url: String) -> String {
        let lowered = url.lowercased()
        if lowered.hasPrefix("grpc://") { return "http://" + url.dropFirst(7) }
        if lowered.hasPrefix("grpcs://") { return "https://" + url.dropFirst(8) }
        return url
    }

    /// The texts of the top-level JSON values in `body`, found by bracket depth outside strings.
    static func split(_ body: String) -> [String] {
        let bytes = Array(body.utf8)
        return ranges(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where each top-level JSON value of `bytes` lies, found by bracket depth outside strings.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        var depth = 0
        var strings = JSONStringTracker()
        for (index, byte) in bytes.enumerated() {
            if depth == 0 && !strings.isInString && (byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
                if let first = start, bytes[first] != UInt8(ascii: "{") && bytes[first] != UInt8(ascii: "[") {
                    ranges.append(first..<index)
                    start = nil
                }
                continue
            }
            if start == nil { start = index }
            if strings.consume(byte) { continue }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0, let first = start {
                    ranges.append(first..<(index + 1))
                    start = nil
                }
            default: break
            }
        }
        if let first = start { ranges.append(first..<bytes.count) }
        return ranges
    }
}

/// Why a `GRPC` request could not be sent or its answer read, in words.
public struct GRPCSendError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
