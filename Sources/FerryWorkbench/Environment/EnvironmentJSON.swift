/// A small order-preserving JSON reader for environment files, with line and column for every
/// key and every error (environment files are small; the full engine lives in FerryJSON).
enum EnvironmentJSON: Sendable, Hashable {
    case object([Member])
    case array([EnvironmentJSON])
    case string(String)
    /// A number, as written.
    case number(String)
    case bool(Bool)
    case null

    /// A key of an object, with the line it is on, and its value.
    struct Member: Sendable, Hashable {
        var key: String
        var line: Int
        var value: EnvironmentJSON
    }

    /// A syntax error at a 1-based line and column.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// The value as environment-variable text: strings as they are, numbers and booleans as written.
    var scalarText: String? {
        switch self {
        case .string(let text): text
        case .number(let text): text
        case .bool(let value): value ? "true" : "false"
        default: nil
        }
    }

    /// Parses a whole document (a leading BOM is skipped).
    static func parse(_ bytes: [UInt8]) throws -> EnvironmentJSON {
        var reader = Reader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.index < bytes.count { throw reader.error("expected the end of the document") }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String) -> SyntaxError {
            SyntaxError(line: line, column: index - lineStart + 1, message: message)
        }

        /// Skips spaces, line breaks and comments (`// …` to the end of the line, `/* … */`), which JetBrains
        /// accepts in environment files.
        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A:
                    line += 1
                    lineStart = index + 1
                case 0x20, 0x09, 0x0D: break
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                    continue
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        if bytes[index] == 0x0A {
                            line += 1
                            lineStart = index + 1
                        }
                        index += 1
                    }
                    index = min(index + 2, bytes.count)
                    continue
                default: return
                }
                index += 1
            }
        }

        mutating func value(depth: Int) throws -> EnvironmentJSON {
            skipSpace()
            guard depth < 64 else { throw error("nesting is too deep") }
            guard index < bytes.count else { throw error("expected a value, found the end of the file") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: throw error("expected a value (object, array, string, number, true, false or null)")
            }
        }

        mutating func literal(_ word: String, _ value: EnvironmentJSON) throws -> EnvironmentJSON {
            let utf8 = Array(word.utf8)
            guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
                throw error("expected a value (object, array, string, number, true, false or null)")
            }
            index += utf8.count
            return value
        }

        mutating func number() -> EnvironmentJSON {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        mutating func string() throws -> String {
            index += 1
            var output: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: output, as: UTF8.self)
                }
                if byte == 0x0A { throw error("expected `\"` to close the string before the end of the line") }
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { break }
                    switch bytes[index] {
                    case UInt8(ascii: "n"): output.append(0x0A)
                    case UInt8(ascii: "t"): output.append(0x09)
                    case UInt8(ascii: "r"): output.append(0x0D)
                    case UInt8(ascii: "b"): output.append(0x08)
                    case UInt8(ascii: "f"): output.append(0x0C)
                    case UInt8(ascii: "u"):
                        let hex =
                            bytes.count - index > 4 ? String(decoding: bytes[index + 1...index + 4], as: UTF8.self) : ""
                        guard let code = UInt32(hex, radix: 16) else {
                            throw error("expected four hex digits after \\u")
                        }
                        index += 4
                        output += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                    default: output.append(bytes[index])
                    }
                    index += 1
                    continue
                }
                output.append(byte)
                index += 1
            }
            throw error("expected `\"` to close the string")
        }

        mutating func object(depth: Int) throws -> EnvironmentJSON {
            index += 1
            var members: [Member] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a key in double quotes")
                }
                let keyLine = line
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected `:` after the key")
                }
                index += 1
                members.append(Member(key: key, line: keyLine, value: try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw error("expected `,` or `}`, found the end of the file") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                throw error("expected `,` or `}` after the value")
            }
        }

        mutating func array(depth: Int) throws -> EnvironmentJSON {
            index += 1
            var elements: [EnvironmentJSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw error("expected `,` or `]`, found the end of the file") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                }
                throw error("expected `,` or `]` after the value")
            }
        }
    }
}
