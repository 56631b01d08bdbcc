import FerryHTTP
import Foundation

/// An `application/x-www-form-urlencoded` body as fields and back, the way `.http` files store it: `a=1&b=2`.
///
/// Names and values are escaped as FerryHTTP's `FormParameters.escape` does (only `A–Z a–z 0–9 - . _ * ~`
/// stay, space is `%20`), except `{{variables}}`, which are kept as written so they resolve when sending
/// (their values are substituted as they are, as in the JetBrains client). Decoding also reads `+` as a space.
/// Writing reuses each unchanged field's original text, so an edit changes only the fields edited.
///
/// ```swift
/// let fields = FormBody.fields(from: "a=1&b=x%20y")        // [a: 1, b: x y]
/// FormBody.text(from: fields, original: "a=1&b=x%20y")    // "a=1&b=x%20y"
/// ```
public enum FormBody {
    // MARK: - Reading

    /// The fields of `body`, or `nil` when it is not a one-line urlencoded body (it spans lines, includes a
    /// file, has an empty pair or a bad `%` escape); such a body is edited as raw text instead.
    public static func fields(from body: String?) -> [FormField]? {
        pairs(in: body).map { $0.map(\.field) }
    }

    // MARK: - Writing

    /// The body text for `fields` (`nil` when there are none); fields equal to one in `original` keep
    /// its exact text.
    public static func text(from fields: [FormField], original: String? = nil) -> String? {
        var unused = pairs(in: original) ?? []
        var parts: [String] = []
        for field in fields where !field.isFile {
            if let index = unused.firstIndex(where: { $0.field == field }) {
                parts.append(unused.remove(at: index).raw)
            } else {
                parts.append(escape(field.name) + "=" + escape(field.value))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "&")
    }

    /// `text` escaped for a form body, `{{variables}}` left as written.
    public static func escape(_ text: String) -> String {
        mapOutsideVariables(text) { FormParameters.escape(String($0)) }
    }

    /// `text` with `%XX` escapes and `+` decoded, `{{variables}}` left as written; `nil` for a bad escape.
    public static func unescape(_ text: Substring) -> String? {
        var failed = false
        let result = mapOutsideVariables(String(text)) { segment in
            guard let decoded = decode(segment) else {
                failed = true
                return ""
            }
            return decoded
        }
        return failed ? nil : result
    }

    // MARK: - Internals

    /// The pairs of `body` with their original text.
    static func pairs(in body: String?) -> [(field: FormField, raw: String)]? {
        guard let body, !body.isEmpty else { return [] }
        guard !body.contains("\n"), !body.contains("\r"), SavedRequest.include(in: Substring(body)) == nil else {
            return nil
        }
        var result: [(field: FormField, raw: String)] = []
        for raw in body.split(separator: "&", omittingEmptySubsequences: false) {
            guard !raw.isEmpty else { return nil }
            let parts = raw.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = unescape(parts[0]), !name.isEmpty,
                let value = parts.count > 1 ? unescape(parts[1]) : ""
            else { return nil }
            result.append((FormField(name: name, value: value), String(raw)))
        }
        return result
    }

    /// Applies `transform` to the runs of `text` outside `{{…}}`.
    static func mapOutsideVariables(_ text: String, _ transform: (Substring) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += transform(rest[..<open.lowerBound])
            result += rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
        }
        return result + transform(rest)
    }

    /// Percent-decoding with `+` as a space; `nil` when an escape is malformed or the bytes are not UTF-8.
    private static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
