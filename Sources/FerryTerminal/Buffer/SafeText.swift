/// Makes untrusted text (response bodies, headers, file names) safe to draw: control and invisible
/// format characters become visible escapes instead of reaching the terminal.
///
/// - `ESC` is shown as `\x1b`; other C0 controls in caret notation (`^M`, `^J`, `^@`); `DEL` as `^?`.
/// - C1 controls (U+0080–U+009F) as `\x9b`.
/// - Bidirectional overrides, zero-width and other format characters, line and paragraph separators
///   as `<U+202E>`.
/// - A combining mark with nothing to combine with is drawn on a dotted circle (`◌́`).
///
/// ``SafeTextStream`` does the same for bytes bound for a terminal (invalid UTF-8 included).
public enum SafeText {
    // MARK: - API

    /// The visible replacement for `character`, or `nil` when it is safe to draw as it is.
    public static func escape(_ character: Character) -> String? {
        if let ascii = character.asciiValue {
            if ascii >= 0x20 && ascii < 0x7F { return nil }
            if character == "\r\n" { return "^M^J" }
            return escape(scalar: Unicode.Scalar(ascii))
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return "" }
        var needsEscape = false
        for scalar in scalars where isUnsafe(scalar) {
            needsEscape = true
            break
        }
        if !needsEscape {
            if CharacterWidth.columns(of: first) == 0 && scalars.count >= 1
                && first.properties.generalCategory != .format
            {
                return "\u{25CC}" + String(character)
            }
            return nil
        }
        var result = ""
        for scalar in scalars {
            if let escaped = escape(scalar: scalar) {
                result += escaped
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text with every unsafe character replaced by its visible escape.
    public static func sanitized(_ text: some StringProtocol) -> String {
        if CharacterWidth.printableASCIILength(of: text) != nil { return String(text) }
        var result = ""
        for character in text {
            if let escaped = escape(character) {
                result += escaped
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: - Internals

    /// Whether a scalar must never reach the terminal as it is.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
        if value == 0x2028 || value == 0x2029 { return true }
        if scalar.properties.generalCategory == .format {
            // Joiners and variation selectors inside emoji and scripts are part of the grapheme.
            return
                !(value == 0x200D || value == 0x200C || (0xFE00...0xFE0F).contains(value)
                || (0xE0020...0xE007F).contains(value))
        }
        return false
    }

    /// The visible replacement for one unsafe scalar, or `nil` when it is safe (shared with
    /// ``SafeTextStream``, so text and bytes are escaped alike).
    static func escape(scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        switch value {
        case 0x1B: return "\\x1b"
        case 0..<0x20: return "^" + String(Unicode.Scalar(UInt8(value + 0x40)))
        case 0x7F: return "^?"
        case 0x80..<0xA0: return "\\x" + hex(value, digits: 2)
        default: return isUnsafe(scalar) ? "<U+" + hex(value, digits: 4) + ">" : nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: digits > 2)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
