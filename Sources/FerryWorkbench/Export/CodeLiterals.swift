// MARK: - String literals of the languages code is copied as

/// Text as a string literal of each language code is copied as: every character reaches the program as
/// given (quotes, backslashes, line breaks and control characters escaped).
enum CodeLiterals {
    /// A Swift string literal.
    static func swift(_ text: String) -> String {
        quoted(text) { "\\u{\(String($0.value, radix: 16))}" }
    }

    /// A Python 3 string literal.
    static func python(_ text: String) -> String { quoted(text, control: hexEscape) }

    /// A JavaScript string literal (also a JSON string); the line and paragraph separators escaped too.
    static func javascript(_ text: String) -> String {
        quoted(text, control: unicodeEscape, also: ["\u{2028}", "\u{2029}"])
    }

    /// A Go interpreted string literal.
    static func go(_ text: String) -> String { quoted(text, control: hexEscape) }

    /// `\xNN` (Python and Go).
    private static func hexEscape(_ scalar: Unicode.Scalar) -> String {
        "\\x" + String(repeating: "0", count: scalar.value < 0x10 ? 1 : 0) + String(scalar.value, radix: 16)
    }

    /// `\uNNNN` (JavaScript).
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` in double quotes with `\"`, `\\`, `\n`, `\r` and `\t` (every language here reads them alike),
    /// `control` for the other control characters and for the scalars in `also`, the rest as they are.
    private static func quoted(
        _ text: String, control: (Unicode.Scalar) -> String, also: Set<Unicode.Scalar> = []
    ) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += #"\""#
            case "\\": result += #"\\"#
            case "\n": result += #"\n"#
            case "\r": result += #"\r"#
            case "\t": result += #"\t"#
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || also.contains(scalar) {
                    result += control(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
