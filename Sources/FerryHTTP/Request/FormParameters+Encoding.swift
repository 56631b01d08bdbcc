// MARK: - Encoding

extension FormParameters {
    /// The flattened `(name, value)` pairs before escaping: `a[b]` for nested dictionaries and one pair
    /// per element for lists, lists and Booleans spelled as ``encoding`` says.
    public var flattened: [(name: String, value: String)] {
        flatMap { encoding.flatten(key: $0.key, value: $0.value) }
    }

    /// The `application/x-www-form-urlencoded` text, which is also the query string: pairs joined by `&`,
    /// names and values escaped so only `A–Z a–z 0–9 - . _ * ~` stay as they are (space is `%20`).
    public var encoded: String {
        flattened.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }.joined(separator: "&")
    }

    /// `text` with every byte outside `A–Z a–z 0–9 - . _ * ~` written as `%XX` (UTF-8, upper-case hex).
    public static func escape(_ text: String) -> String {
        var result = [UInt8]()
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.append(byte)
            } else {
                result.append(UInt8(ascii: "%"))
                result.append(hexDigits[Int(byte >> 4)])
                result.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: - Internals

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "*"), UInt8(ascii: "~"): true
        default: false
        }
    }
}

extension FormEncoding {
    /// The `(name, value)` pairs of one parameter, nested dictionaries and lists spelled out.
    fileprivate func flatten(key: String, value: FormValue) -> [(name: String, value: String)] {
        switch value {
        case .string(let string):
            return [(key, string)]
        case .bool(let bool):
            return [(key, booleans == .literal ? (bool ? "true" : "false") : (bool ? "1" : "0"))]
        case .dictionary(let nested):
            return nested.flatMap { flatten(key: "\(key)[\($0.key)]", value: $0.value) }
        case .list(let values):
            let base = key.hasSuffix("[]") ? String(key.dropLast(2)) : key
            switch lists {
            case .repeatedKey: return values.flatMap { flatten(key: key, value: $0) }
            case .brackets: return values.flatMap { flatten(key: base + "[]", value: $0) }
            case .indexed:
                return values.enumerated().flatMap { index, element in flatten(key: "\(base)[\(index)]", value: element)
                }
            }
        }
    }
}
