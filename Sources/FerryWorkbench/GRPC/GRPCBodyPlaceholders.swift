import FerryJSON

/// A `GRPC` body as its check reads it: each `{{…}}` standing where a value goes (outside a string) written as a
/// string (`{{id}}` → `"{{id}}"`, a quote or backslash inside it as `_`), so the body parses as JSON and every
/// value holding a placeholder is a string holding `{{`. Offsets in ``bytes`` map back to the body's.
///
/// ```swift
/// let quoted = GRPCBodyPlaceholders(Array("{\"id\": {{id}}}".utf8))
/// String(decoding: quoted.bytes, as: UTF8.self)  // {"id": "{{id}}"}
/// quoted.bodyOffset(of: 15)                      // 13, the closing brace
/// ```
struct GRPCBodyPlaceholders {
    /// The body with its bare placeholders quoted.
    private(set) var bytes: [UInt8] = []
    /// Each quoted placeholder's start and end (past its `}}`) in the body, in order.
    private var placeholders: [Range<Int>] = []

    /// The body `body` with its bare placeholders quoted.
    init(_ body: [UInt8]) {
        bytes.reserveCapacity(body.count)
        var strings = JSONStringTracker()
        var index = 0
        while index < body.count {
            let byte = body[index]
            if !strings.isInString, byte == UInt8(ascii: "{"), index + 1 < body.count,
                body[index + 1] == UInt8(ascii: "{"), let end = Self.end(ofPlaceholderAt: index, in: body)
            {
                bytes.append(UInt8(ascii: "\""))
                for inner in body[index..<end] {
                    bytes.append(inner == UInt8(ascii: "\"") || inner == UInt8(ascii: "\\") ? UInt8(ascii: "_") : inner)
                }
                bytes.append(UInt8(ascii: "\""))
                placeholders.append(index..<end)
                index = end
                continue
            }
            _ = strings.consume(byte)
            bytes.append(byte)
            index += 1
        }
    }

    /// The offset in the body of offset `offset` of ``bytes`` (a quote added around a placeholder maps to the
    /// placeholder's start or end).
    func bodyOffset(of offset: Int) -> Int {
        for (count, placeholder) in placeholders.enumerated() {
            let opening = placeholder.lowerBound + 2 * count
            if offset <= opening { return offset - 2 * count }
            if offset <= placeholder.upperBound + 2 * count + 1 {
                return min(max(placeholder.lowerBound, offset - 2 * count - 1), placeholder.upperBound)
            }
        }
        return offset - 2 * placeholders.count
    }

    /// The offset past the `}}` closing the placeholder opened at `start`, or `nil` when none closes it on its line.
    private static func end(ofPlaceholderAt start: Int, in body: [UInt8]) -> Int? {
        var index = start + 2
        while index + 1 < body.count, body[index] != 0x0A {
            if body[index] == UInt8(ascii: "}"), body[index + 1] == UInt8(ascii: "}") { return index + 2 }
            index += 1
        }
        return nil
    }

    /// Whether `value` is a string holding a placeholder: a value known only when the body is sent, so of any type.
    static func holdsPlaceholder(_ value: JSONValue) -> Bool {
        if case .string(let text) = value { return text.contains("{{") }
        return false
    }
}
