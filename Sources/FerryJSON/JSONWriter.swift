/// Writes ``JSONValue``s as UTF-8 bytes in a ``JSONFormat``.
struct JSONWriter {
    var output: [UInt8] = []
    let indent: Int?

    init(format: JSONFormat) {
        switch format {
        case .compact: indent = nil
        case .pretty(let spaces): indent = max(0, spaces)
        }
    }

    /// Appends `value`, nested at `level`.
    mutating func write(_ value: JSONValue, level: Int = 0) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(number.text)
        case .string(let string): writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else { return append("[]") }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(level + 1)
                write(element, level: level + 1)
            }
            newline(level)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return append("{}") }
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(level + 1)
                writeString(member.key)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                write(member.value, level: level + 1)
            }
            newline(level)
            output.append(UInt8(ascii: "}"))
        }
    }

    mutating func newline(_ level: Int) {
        guard let indent else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    private mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `string` quoted, escaping only what JSON requires.
    mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        // Runs of bytes that need no escape go in whole: a byte at a time costs several times more on long text.
        string.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                escape(byte)
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the escape of `byte`, a quote, a backslash or a control character.
    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        default:
            append("\\u00")
            output.append(Self.hexDigits[Int(byte >> 4)])
            output.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }
}

// MARK: - Printing values

extension JSONValue {
    /// The value as JSON text in `format` (pretty with two spaces by default).
    public func formatted(_ format: JSONFormat = .pretty(indent: 2)) -> String {
        String(decoding: formattedBytes(format), as: UTF8.self)
    }

    /// The value as UTF-8 JSON bytes in `format`, such as a request body.
    public func formattedBytes(_ format: JSONFormat = .pretty(indent: 2)) -> [UInt8] {
        var writer = JSONWriter(format: format)
        writer.write(self)
        return writer.output
    }
}

// MARK: - Description

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text.
    public var description: String { formatted(.compact) }
}
