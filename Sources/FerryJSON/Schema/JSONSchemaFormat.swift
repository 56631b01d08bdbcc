import Foundation

/// The `format`s ``JSONSchema`` can assert: `date-time`, `date`, `time` (RFC 3339), `email` (a local part, `@`,
/// a dotted domain), `uuid` (RFC 9562's 8-4-4-4-12 hex digits), `ipv4` and `uri` (a scheme and `:`).
enum JSONSchemaFormat {
    /// Whether `text` is a valid `format`; `nil` for a format not checked.
    static func check(_ text: String, _ format: String) -> Bool? {
        switch format {
        case "date-time": matches(text, dateTime)
        case "date": matches(text, "\\A" + date + "\\z")
        case "time": matches(text, "\\A" + time + "\\z")
        case "email": matches(text, #"\A[^@\s]+@[^@\s.]+(\.[^@\s.]+)+\z"#)
        case "uuid": matches(text, #"\A[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\z"#)
        case "ipv4": isIPv4(text)
        case "uri": matches(text, #"\A[A-Za-z][A-Za-z0-9+.-]*:[^\s]*\z"#)
        default: nil
        }
    }

    private static let date = #"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])"#
    private static let time = #"([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)"#
    private static let dateTime = "\\A" + date + "[Tt ]" + time + "\\z"

    private static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && (part == "0" || !part.hasPrefix("0")) && (Int(part) ?? 256) <= 255
            }
    }
}
