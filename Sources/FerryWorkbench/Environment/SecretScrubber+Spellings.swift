import Foundation

// MARK: - The spellings of a secret

extension SecretScrubber {
    /// The texts whose spellings are masked for `secret`: the secret itself, and its base64 and base64url
    /// forms without padding (so a padded echo is masked too, its `=` left over). Base64 is matched only where
    /// the secret was encoded on its own: inside a longer encoded text its bits shift with its offset.
    static func needles(for secret: String) -> [String] {
        let base64 = Data(secret.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        let base64URL = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        var needles = [secret]
        for encoded in [base64, base64URL] where !needles.contains(encoded) { needles.append(encoded) }
        return needles
    }

    /// Every needle of `secrets` in the order they are tried where several match at one place: longest first,
    /// so the longer of two overlapping secrets wins.
    static func needles(matching secrets: [String]) -> [String] {
        secrets.flatMap(needles(for:)).sorted { $0.count > $1.count }
    }
}

/// One character of an echo spelled other than as itself, read at a place in UTF-8 text: a JSON string
/// escape (`\"`, `\\`, `\/`, `\n`, … or `\u00e9` in either case of hex, a surrogate pair beyond the BMP), one
/// percent-encoded byte in either case of hex (`+` for a space, as forms write it), or an HTML character
/// reference (`&#233;`, `&#xe9;` with any leading zeros, `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`).
///
/// A needle's character matches its literal bytes or one of these spellings of it, any mix within one echo. A
/// place holds at most one spelling (what follows `\`, `%`, `&` or `+` decides which), so the only choice a
/// reader has is between it and the literal character at that place. A percent-encoded byte stands for itself,
/// not for a character: in valid UTF-8 a continuation byte follows only its lead byte, so the bytes of one
/// character are all percent-encoded or none is, as when the character is spelled whole.
struct EchoSpelling {
    /// The UTF-8 bytes it stands for, the first in the lowest byte (1 to 4 of them).
    let packed: UInt32
    /// How many bytes it stands for.
    let count: Int
    /// How many bytes of the text it takes.
    let length: Int

    /// The `index`th byte it stands for.
    func byte(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: packed >> (8 * UInt32(index))) }

    /// Whether a byte starts a spelling (`\`, `%`, `&`, `+`): every other place is only its literal byte.
    static func mayStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "+")
    }

    /// The spelling that starts at `index` of `text`, or `nil` when the byte there is only itself.
    static func at(_ index: Int, in text: UnsafeBufferPointer<UInt8>) -> EchoSpelling? {
        switch text[index] {
        case UInt8(ascii: "\\"): return jsonEscape(at: index, in: text)
        case UInt8(ascii: "%"):
            guard index + 2 < text.count, let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2])
            else { return nil }
            return EchoSpelling(packed: high << 4 | low, count: 1, length: 3)
        case UInt8(ascii: "+"): return EchoSpelling(packed: 0x20, count: 1, length: 1)
        case UInt8(ascii: "&"): return htmlReference(at: index, in: text)
        default: return nil
        }
    }

    /// The UTF-8 bytes of `value` as a spelling `length` bytes long, or `nil` when `value` is no scalar.
    static func scalar(_ value: UInt32, length: Int) -> EchoSpelling? {
        guard let scalar = Unicode.Scalar(value) else { return nil }
        var packed: UInt32 = 0
        var count = 0
        for byte in scalar.utf8 {
            packed |= UInt32(byte) << (8 * UInt32(count))
            count += 1
        }
        return EchoSpelling(packed: packed, count: count, length: length)
    }

    // MARK: - JSON

    /// JSON's two-character escapes, by the character after the backslash.
    private static func shortEscape(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): UInt32(byte)
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// `\"`, `\n`, …, `\uXXXX`, or a surrogate pair `\uXXXX\uXXXX`; a lone surrogate spells nothing.
    private static func jsonEscape(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> EchoSpelling? {
        guard index + 1 < text.count else { return nil }
        guard text[index + 1] == UInt8(ascii: "u") else {
            return shortEscape(text[index + 1]).map { EchoSpelling(packed: $0, count: 1, length: 2) }
        }
        guard let unit = utf16Unit(at: index, in: text) else { return nil }
        switch unit {
        case 0xD800..<0xDC00:
            guard let low = utf16Unit(at: index + 6, in: text), (0xDC00..<0xE000).contains(low) else { return nil }
            return scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00), length: 12)
        case 0xDC00..<0xE000: return nil
        default: return scalar(unit, length: 6)
        }
    }

    /// The UTF-16 unit of a `\uXXXX` at `index`.
    private static func utf16Unit(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard index + 5 < text.count, text[index] == UInt8(ascii: "\\"), text[index + 1] == UInt8(ascii: "u")
        else { return nil }
        var unit: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = hexValue(text[index + offset]) else { return nil }
            unit = unit << 4 | digit
        }
        return unit
    }

    // MARK: - HTML

    /// The named references of the characters HTML escapes (`&#39;` is read as a decimal reference).
    private static let entities: [(name: [UInt8], byte: UInt32)] = [
        (Array("amp;".utf8), 0x26), (Array("lt;".utf8), 0x3C), (Array("gt;".utf8), 0x3E),
        (Array("quot;".utf8), 0x22), (Array("apos;".utf8), 0x27),
    ]

    /// `&#233;`, `&#xe9;` (either case of `x` and of the hex digits, any leading zeros) or a named reference.
    private static func htmlReference(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> EchoSpelling? {
        var cursor = index + 1
        guard cursor < text.count else { return nil }
        guard text[cursor] == UInt8(ascii: "#") else {
            for (name, byte) in entities where cursor + name.count <= text.count {
                if name.indices.allSatisfy({ text[cursor + $0] == name[$0] }) {
                    return EchoSpelling(packed: byte, count: 1, length: 1 + name.count)
                }
            }
            return nil
        }
        cursor += 1
        let isHex = cursor < text.count && (text[cursor] | 0x20) == UInt8(ascii: "x")
        if isHex { cursor += 1 }
        let radix: UInt32 = isHex ? 16 : 10
        var value: UInt32 = 0
        let digits = cursor
        while cursor < text.count, let digit = isHex ? hexValue(text[cursor]) : decimalValue(text[cursor]) {
            // Past the last scalar the value only has to stay past it: any number of leading zeros is allowed.
            value = min(value * radix + digit, 0x11_0000)
            cursor += 1
        }
        guard cursor > digits, cursor < text.count, text[cursor] == UInt8(ascii: ";") else { return nil }
        return scalar(value, length: cursor + 1 - index)
    }

    // MARK: - Digits

    /// The value of a hex digit in either case.
    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The value of a decimal digit.
    private static func decimalValue(_ byte: UInt8) -> UInt32? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? UInt32(byte - UInt8(ascii: "0")) : nil
    }
}
