import FerryJSON
import Foundation

/// Scalars between JSON and the wire.
extension MessageCodec {
    /// The wire value of `json` for `field`'s scalar type (enums included).
    func scalar(_ json: JSONValue, field: FieldDescriptor, path: String) throws(ProtobufError) -> ScalarValue {
        switch field.type {
        case .int32, .sint32, .sfixed32:
            let value = try Self.integer(json, in: Int64(Int32.min)...Int64(Int32.max), type: field.type, path: path)
            switch field.type {
            case .sint32: return .varint(ZigZag.encoded(value))
            case .sfixed32: return .fixed32(UInt32(bitPattern: Int32(value)))
            default: return .varint(UInt64(bitPattern: value))
            }
        case .int64, .sint64, .sfixed64:
            let value = try Self.integer(json, in: Int64.min...Int64.max, type: field.type, path: path)
            switch field.type {
            case .sint64: return .varint(ZigZag.encoded(value))
            case .sfixed64: return .fixed64(UInt64(bitPattern: value))
            default: return .varint(UInt64(bitPattern: value))
            }
        case .uint32, .fixed32:
            let value = try Self.unsigned(json, maximum: UInt64(UInt32.max), type: field.type, path: path)
            return field.type == .fixed32 ? .fixed32(UInt32(value)) : .varint(value)
        case .uint64, .fixed64:
            let value = try Self.unsigned(json, maximum: UInt64.max, type: field.type, path: path)
            return field.type == .fixed64 ? .fixed64(value) : .varint(value)
        case .double:
            return .fixed64(try Self.floatingPoint(json, type: field.type, path: path).bitPattern)
        case .float:
            let value = try Self.floatingPoint(json, type: field.type, path: path)
            if value.isFinite, abs(value) > Double(Float.greatestFiniteMagnitude) {
                throw ProtobufError("\(Self.describe(json)) is out of range for a float", at: path)
            }
            return .fixed32(Float(value).bitPattern)
        case .bool:
            guard case .bool(let value) = json else {
                throw ProtobufError("expected true or false, found \(Self.describe(json))", at: path)
            }
            return .varint(value ? 1 : 0)
        case .string:
            guard case .string(let text) = json else {
                throw ProtobufError("expected a string, found \(Self.describe(json))", at: path)
            }
            return .bytes(Array(text.utf8))
        case .bytes:
            guard case .string(let text) = json, let bytes = Self.base64Decoded(text) else {
                throw ProtobufError("expected base64 text (bytes), found \(Self.describe(json))", at: path)
            }
            return .bytes(bytes)
        case .enum:
            return .varint(UInt64(bitPattern: Int64(try enumNumber(json, typeName: field.typeName ?? "", path: path))))
        case .message, .group:
            throw ProtobufError("a message is not a scalar", at: path)
        }
    }

    private func enumNumber(_ json: JSONValue, typeName: String, path: String) throws(ProtobufError) -> Int32 {
        if typeName == WellKnownTypes.nullValue, json == .null { return 0 }
        switch json {
        case .string(let name):
            guard let type = enumDescriptor(typeName) else {
                throw ProtobufError("the enum type \(typeName) is not known (no descriptor names it)", at: path)
            }
            guard let number = type.number(of: name) else {
                throw ProtobufError(
                    "\(typeName) has no value \"\(name)\" (its values: \(type.valueNames.joined(separator: ", ")))",
                    at: path)
            }
            return number
        case .number:
            return Int32(try Self.integer(json, in: Int64(Int32.min)...Int64(Int32.max), type: .enum, path: path))
        default:
            throw ProtobufError("expected an enum value's name (\(typeName)), found \(Self.describe(json))", at: path)
        }
    }

    /// A signed integer from a JSON number or a string holding one, integral and within `range`.
    static func integer(_ json: JSONValue, in range: ClosedRange<Int64>, type: FieldType, path: String)
        throws(ProtobufError) -> Int64
    {
        let text: String
        switch json {
        case .number(let number): text = number.text
        case .string(let string): text = string
        default: throw ProtobufError("expected an integer (\(type.protoName)), found \(describe(json))", at: path)
        }
        let value: Int64? =
            if let exact = Int64(text) {
                exact
            } else if JSONNumber(text: text) != nil, let double = Double(text), double.rounded() == double,
                abs(double) < 9_007_199_254_740_992
            {
                Int64(double)
            } else {
                nil
            }
        guard let value else {
            throw ProtobufError("expected an integer (\(type.protoName)), found \(describe(json))", at: path)
        }
        guard range.contains(value) else {
            throw ProtobufError("\(text) is out of range for \(type.protoName)", at: path)
        }
        return value
    }

    /// An unsigned integer from a JSON number or a string holding one, at most `maximum`.
    static func unsigned(_ json: JSONValue, maximum: UInt64, type: FieldType, path: String) throws(ProtobufError)
        -> UInt64
    {
        let text: String
        switch json {
        case .number(let number): text = number.text
        case .string(let string): text = string
        default: throw ProtobufError("expected an integer (\(type.protoName)), found \(describe(json))", at: path)
        }
        let value: UInt64? =
            if let exact = UInt64(text) {
                exact
            } else if JSONNumber(text: text) != nil, let double = Double(text), double.rounded() == double,
                double >= 0, double < 9_007_199_254_740_992
            {
                UInt64(double)
            } else {
                nil
            }
        guard let value else {
            let negative = text.hasPrefix("-") && Int64(text) != nil
            throw ProtobufError(
                negative
                    ? "\(text) is out of range for \(type.protoName)"
                    : "expected an integer (\(type.protoName)), found \(describe(json))", at: path)
        }
        guard value <= maximum else { throw ProtobufError("\(text) is out of range for \(type.protoName)", at: path) }
        return value
    }

    /// A float or double from a JSON number, `"NaN"`, `"Infinity"`, `"-Infinity"` or a string holding a number.
    static func floatingPoint(_ json: JSONValue, type: FieldType, path: String) throws(ProtobufError) -> Double {
        switch json {
        case .number(let number):
            let value = number.doubleValue
            guard value.isFinite else {
                throw ProtobufError("\(number.text) is out of range for \(type.protoName)", at: path)
            }
            return value
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .string(let text):
            guard JSONNumber(text: text) != nil, let value = Double(text), value.isFinite else {
                throw ProtobufError("expected a number (\(type.protoName)), found \(describe(json))", at: path)
            }
            return value
        default:
            throw ProtobufError("expected a number (\(type.protoName)), found \(describe(json))", at: path)
        }
    }

    /// Standard or URL-safe base64, padded or not.
    static func base64Decoded(_ text: String) -> [UInt8]? {
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        if standard.utf8.count % 4 == 1 { return nil }
        while standard.utf8.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map { Array($0) }
    }

    /// The JSON number for a double: integral values without a fraction, else the shortest spelling; `-0` keeps
    /// its sign (a present `-0.0` is not the default `0`, so it must read back as itself: FuzzProtobufDecoder).
    static func json(double value: Double) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value == 0, value.sign == .minus { return JSONNumber(text: "-0").map(JSONValue.number) ?? 0 }
        if value.isInfinite { return .string(value < 0 ? "-Infinity" : "Infinity") }
        return JSONNumber(value).map(JSONValue.number) ?? .string("NaN")
    }

    /// The JSON number for a float, spelled as the shortest text that reads back as the same float.
    static func json(float value: Float) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value == 0, value.sign == .minus { return json(double: -0.0) }
        if value.isInfinite { return .string(value < 0 ? "-Infinity" : "Infinity") }
        if value == value.rounded(.towardZero), abs(value) < 1e15 { return .number(JSONNumber(Int(value))) }
        return JSONNumber(text: value.description).map(JSONValue.number) ?? json(double: Double(value))
    }
}
