/// Writes one compact JSON object member by member straight into bytes, with no ``JSONValue`` tree between: for a
/// record written often (`ferry run` writes a history line per request). Members go out in the order added, an
/// absent (`nil`) value leaves its member out, and every value is spelled as ``JSONValue/formattedBytes(_:)``
/// spells it (`.compact`).
///
/// ```swift
/// var object = JSONObjectWriter()
/// object.add("method", "GET")
/// object.add("status", 200)
/// object.add("headers", objects: [("Accept", "*/*")]) { $0.add("name", $1.0); $0.add("value", $1.1) }
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
    public mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        writeKey(key)
        writer.writeString(value)
    }

    /// Adds `key` with the integer `value`, unless it is `nil`.
    public mutating func add(_ key: String, _ value: Int?) {
        guard let value else { return }
        writeKey(key)
        writer.output.append(contentsOf: String(value).utf8)
    }

    /// Adds `key` with `value` in its shortest spelling (``JSONNumber/init(_:)-(Double)``; 0 for an infinity or
    /// NaN, which JSON cannot spell), unless it is `nil`.
    public mutating func add(_ key: String, number value: Double?) {
        guard let value else { return }
        writeKey(key)
        writer.output.append(contentsOf: (JSONNumber(value)?.text ?? "0").utf8)
    }

    /// Adds `key` with `true` or `false`.
    public mutating func add(_ key: String, _ value: Bool) {
        writeKey(key)
        writer.output.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Adds `key` with the object `members` writes, unless `value` is `nil`.
    public mutating func add<Value>(
        _ key: String, object value: Value?, _ members: (inout JSONObjectWriter, Value) -> Void
    ) {
        guard let value else { return }
        writeKey(key)
        writeObject(value, members)
    }

    /// Adds `key` with an array of one object per element of `values`, each written by `members`.
    public mutating func add<Value>(
        _ key: String, objects values: [Value], _ members: (inout JSONObjectWriter, Value) -> Void
    ) {
        writeKey(key)
        writer.output.append(UInt8(ascii: "["))
        for (position, value) in values.enumerated() {
            if position > 0 { writer.output.append(UInt8(ascii: ",")) }
            writeObject(value, members)
        }
        writer.output.append(UInt8(ascii: "]"))
    }

    /// Writes the object `members` makes of `value` on the same bytes (moved to the nested writer and back).
    private mutating func writeObject<Value>(_ value: Value, _ members: (inout JSONObjectWriter, Value) -> Void) {
        var nested = JSONObjectWriter(nested: ())
        swap(&nested.writer.output, &writer.output)
        nested.writer.output.append(UInt8(ascii: "{"))
        members(&nested, value)
        nested.writer.output.append(UInt8(ascii: "}"))
        swap(&nested.writer.output, &writer.output)
    }

    private mutating func writeKey(_ key: String) {
        if !isEmpty { writer.output.append(UInt8(ascii: ",")) }
        isEmpty = false
        writer.writeString(key)
        writer.output.append(UInt8(ascii: ":"))
    }
}
