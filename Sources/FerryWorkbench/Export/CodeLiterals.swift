// MARK: - String literals of the languages code is copied as

/// Text as a string literal of each language code is copied as: every character reaches the program as
/// given (quotes, backslashes, line breaks and control characters escaped).
enum CodeLiterals {
    /// A Swift string literal.
    static func swift(_ text: String) -> String {
        quoted(text) { scalar in
            switch scalar {
            case "\"": #"\""#
            case "\\": #"\\"#
            case "\n": #"\n"#
            case "\r": #"\r"#
            case "\t": #"\t"#
            default: scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : nil
            }
        }
    }

    /// A Python 3 string literal.
    static func python(_ text: String) -> String { cStyle(text) }

    /// A JavaScript string literal (also a JSON string).
    static func javascript(_ text: String) -> String {
        quoted(text) { scalar in
            switch scalar {
            case "\"": #"\""#
            case "\\": #"\\"#
            case "\n": #"\n"#
            case "\r": #"\r"#
            case "\t": #"\t"#
            case "\u{2028}": #"\u2028"#
            case "\u{2029}": #"\u2029"#
            default: scalar.value < 0x20 || scalar.value == 0x7F ? unicodeEscape(scalar) : nil
            }
        }
    }

    /// A Go interpreted string literal.
    static func go(_ text: String) -> String { cStyle(text) }

    /// `"…"` with `\"`, `\\`, `\n`, `\r`, `\t` and `\xNN` for other control characters (Python and Go).
    private static func cStyle(_ text: String) -> String {
        quoted(text) { scalar in
            switch scalar {
            case "\"": #"\""#
            case "\\": #"\\"#
            case "\n": #"\n"#
            case "\r": #"\r"#
            case "\t": #"\t"#
            default:
                scalar.value < 0x20 || scalar.value == 0x7F
                    ? "\\x" + String(repeating: "0", count: scalar.value < 0x10 ? 1 : 0)
                        + String(scalar.value, radix: 16)
                    : nil
            }
        }
    }

    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` in double quotes, each scalar `escape` names written as it says, the others as they are.
    private static func quoted(_ text: String, _ escape: (Unicode.Scalar) -> String?) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if let escaped = escape(scalar) { result += escaped } else { result.unicodeScalars.append(scalar) }
        }
        return result + "\""
    }
}
