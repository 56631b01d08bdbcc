/// Writes one compact JSON object member by member straight into bytes, with no ``JSONValue`` tree between: for a
/// record written often (`ferry run` writes a history line per request). Keys are static ASCII text written as
/// spelled, and no method is generic (a generic one is not specialized across the module boundary). Members go out
/// in the order added, an
/// absent (`nil`) value leaves its member out, and every value is spelled as ``JSONValue/formattedBytes(_:)``
/// spells it (`.compact`).
///
/// ```swift
/// var object = JSONObjectWriter()
/// object.add("method", "GET")
/// object.add("status", 200)
/// let headers = [("Accept", "*/*")]
/// object.addObjects("headers", count: headers.count) { $0.add("name", headers[$1].0); $0.add("value", headers[$1].1) }
/// let bytes = object.finished   // {"method":"GET","status":200,"headers":[{"name":"Accept","value":"*/*"}]}
/// ```
public struct JSONObjectWriter {
    private var writer = JSONWriter(format: .compact)
    private var isEmpty = true

    /// An empty object.
    public init() {
        writer.output.reserveCapacity(512)
        writer.output.append(UInt8(ascii: "{"))
    }

    /// A writer with no bytes yet, not even the opening brace: a nested object's, given its parent's bytes.
    private init(nested: Void) {}

    /// The object's bytes, closed.
    public var finished: [UInt8] {
        var output = writer.output
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// Adds `key` with the string `value`, unless it is `nil`.
    public mutating func add(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        writeKey(key)
        writer.writeString(value)
    }

    /// Adds `key` with the integer `value`, unless it is `nil`.
    public mutating func add(_ key: StaticString, _ value: Int?) {
        guard let value else { return }
        writeKey(key)
        writer.output.append(contentsOf: String(value).utf8)
    }

    /// Adds `key` with `value` in its shortest spelling (``JSONNumber/init(_:)-(Double)``; 0 for an infinity or
    /// NaN, which JSON cannot spell), unless it is `nil`.
    public mutating func add(_ key: StaticString, number value: Double?) {
        guard let value else { return }
        writeKey(key)
        writer.output.append(contentsOf: (JSONNumber(value)?.text ?? "0").utf8)
    }

    /// Adds `key` with `true` or `false`.
    public mutating func add(_ key: StaticString, _ value: Bool) {
        writeKey(key)
        writer.output.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Adds `key` with the object `members` writes.
    public mutating func addObject(_ key: StaticString, _ members: (inout JSONObjectWriter) -> Void) {
        writeKey(key)
        writeObject(members)
    }

    /// Adds `key` with an array of `count` objects, the one at each index written by `element`.
    public mutating func addObjects(
        _ key: StaticString, count: Int, _ element: (inout JSONObjectWriter, Int) -> Void
    ) {
        writeKey(key)
        writer.output.append(UInt8(ascii: "["))
        for index in 0..<count {
            if index > 0 { writer.output.append(UInt8(ascii: ",")) }
            writeObject { element(&$0, index) }
        }
        writer.output.append(UInt8(ascii: "]"))
    }

    /// Writes the object `members` makes on the same bytes (moved to the nested writer and back).
    private mutating func writeObject(_ members: (inout JSONObjectWriter) -> Void) {
        var nested = JSONObjectWriter(nested: ())
        swap(&nested.writer.output, &writer.output)
        nested.writer.output.append(UInt8(ascii: "{"))
        members(&nested)
        nested.writer.output.append(UInt8(ascii: "}"))
        swap(&nested.writer.output, &writer.output)
    }

    /// Writes `key` as it is spelled in the source (ASCII without quotes, backslashes or control characters, as
    /// every key given is), with no escaping pass.
    private mutating func writeKey(_ key: StaticString) {
        if !isEmpty { writer.output.append(UInt8(ascii: ",")) }
        isEmpty = false
        writer.output.append(UInt8(ascii: "\""))
        writer.output.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        writer.output.append(UInt8(ascii: "\""))
        writer.output.append(UInt8(ascii: ":"))
    }
}
