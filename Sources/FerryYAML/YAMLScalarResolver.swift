import FerryJSON

/// Resolves plain scalars by the YAML 1.2 core schema: null, booleans, integers (decimal, `0o`, `0x`),
/// floats (`.inf`, `.nan` included); anything else is a string.
///
/// JSON has no infinities or NaN, so `.inf`, `-.inf` and `.nan` become the strings `".inf"`, `"-.inf"`
/// and `".nan"`; hexadecimal and octal integers are written in decimal (too big for 64 bits: kept as strings).
enum YAMLScalarResolver {
    // MARK: - Resolving

    /// The value of the plain scalar `text`.
    static func resolve(_ text: String) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .string(".inf")
        case "-.inf", "-.Inf", "-.INF": return .string("-.inf")
        case ".nan", ".NaN", ".NAN": return .string(".nan")
        default: break
        }
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || isDigit(first)
        else { return .string(text) }
        return number(text).map(JSONValue.number) ?? .string(text)
    }

    /// The value of `text` under an explicit tag such as `!!str` or `!!int`; `nil` for tags that do not
    /// change how a scalar reads.
    static func resolve(_ text: String, tag: String) -> JSONValue? {
        switch tag {
        case "!", "!!str", "tag:yaml.org,2002:str", "!!binary", "!!timestamp": return .string(text)
        case "!!int", "!!float", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float":
            return number(text).map(JSONValue.number) ?? .string(text)
        case "!!null", "tag:yaml.org,2002:null": return .null
        case "!!bool", "tag:yaml.org,2002:bool": return resolve(text)
        default: return nil
        }
    }

    /// The text of a key: strings as they are, other scalars as JSON would print them.
    static func keyText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        case .array, .object: value.formatted(.compact)
        }
    }

    // MARK: - Numbers

    /// `text` as a JSON number when it is a core-schema integer or float.
    static func number(_ text: String) -> JSONNumber? {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "x") { return radix(bytes.dropFirst(2), 16) }
            if bytes[1] == UInt8(ascii: "o") { return radix(bytes.dropFirst(2), 8) }
        }
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let integerStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        var integer = bytes[integerStart..<index].drop { $0 == UInt8(ascii: "0") }
        if integer.isEmpty { integer = [UInt8(ascii: "0")][...] }
        let hadInteger = index > integerStart
        var fraction: ArraySlice<UInt8> = []
        var hasPoint = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            hasPoint = true
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            fraction = bytes[start..<index]
        }
        guard hadInteger || !fraction.isEmpty else { return nil }
        var exponent: ArraySlice<UInt8> = []
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            let start = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            let digits = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > digits else { return nil }
            exponent = bytes[start..<index]
        }
        guard index == bytes.count else { return nil }
        var spelled = negative ? "-" : ""
        spelled += String(decoding: integer, as: UTF8.self)
        if hasPoint { spelled += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) }
        spelled += String(decoding: exponent, as: UTF8.self)
        return JSONNumber(text: spelled)
    }

    /// Digits in base `base` as a decimal JSON number, when they fit 64 bits.
    private static func radix(_ digits: ArraySlice<UInt8>, _ base: UInt64) -> JSONNumber? {
        guard let value = UInt64(String(decoding: digits, as: UTF8.self), radix: Int(base)) else { return nil }
        return JSONNumber(text: String(value))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
