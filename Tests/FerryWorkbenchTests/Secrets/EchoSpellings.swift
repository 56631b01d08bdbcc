import Foundation

/// Reference encoders, written independently of the scrubber, for the spellings a server may echo a secret in.
enum EchoSpellings {
    /// The secret as a JSON string body (no quotes), escaped the way Python's `json.dumps` does by default
    /// (`ensure_ascii`: every non-ASCII character as `\uXXXX`), with hex in `uppercase` or not.
    static func jsonASCII(_ text: String, uppercase: Bool = false) -> String {
        var out = ""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += #"\""#
            case 0x5C: out += #"\\"#
            case 0x0A: out += #"\n"#
            case 0x09: out += #"\t"#
            case 0x20..<0x7F: out += String(UnicodeScalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16, uppercase: uppercase)
                out += #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out
    }

    /// The secret as JSONSerialization writes it inside a string (UTF-8 kept, `/` escaped as `\/`).
    static func jsonFoundation(_ text: String) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst(2).dropLast(2))
    }

    /// Percent-encoding of every byte outside RFC 3986's unreserved set, hex in `uppercase` or not.
    static func percent(_ text: String, uppercase: Bool = true, spaceAsPlus: Bool = false) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = UnicodeScalar(byte)
            if byte < 0x80, CharacterSet.alphanumerics.contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
                out += String(scalar)
            } else if byte == 0x20, spaceAsPlus {
                out += "+"
            } else {
                out += "%" + String(format: uppercase ? "%02X" : "%02x", byte)
            }
        }
        return out
    }

    /// Base64 of the UTF-8 bytes, and the base64url form without padding.
    static func base64(_ text: String) -> (standard: String, url: String) {
        let standard = Data(text.utf8).base64EncodedString()
        let url = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return (standard, url)
    }

    /// Decimal HTML character references for every character.
    static func htmlDecimal(_ text: String) -> String {
        text.unicodeScalars.map { "&#\($0.value);" }.joined()
    }
}
