import Foundation

/// Hex and Base64 text to bytes and back, as the crypto API's `updateWithHex`, `updateWithBase64`,
/// `toHex` and `toBase64` use them.
public enum ByteEncoding {
    /// Lower-case hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes `text` spells in hex, or nil when it is not an even run of hex digits.
    public static func bytes(hex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Base64 (RFC 4648 §4), or its URL-safe alphabet without padding (§5) when `urlSafe`.
    public static func base64(_ bytes: [UInt8], urlSafe: Bool) -> String {
        let text = Data(bytes).base64EncodedString()
        guard urlSafe else { return text }
        return String(
            text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .trimmingCharacters(in: CharacterSet(charactersIn: "=")))
    }

    /// The bytes of Base64 `text` (standard, or URL-safe with or without padding when `urlSafe`).
    public static func bytes(base64 text: String, urlSafe: Bool) -> [UInt8]? {
        var standard =
            urlSafe ? text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") : text
        if urlSafe { standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4) }
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }
}
