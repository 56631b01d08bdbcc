import Foundation

/// A `multipart/form-data` body in the JetBrains HTTP client syntax as fields and back:
///
/// ```
/// --WebAppBoundary
/// Content-Disposition: form-data; name="title"
///
/// Hello
/// --WebAppBoundary
/// Content-Disposition: form-data; name="upload"; filename="data.json"
/// Content-Type: application/json
///
/// < ./data.json
/// --WebAppBoundary--
/// ```
///
/// `SavedRequest.prepared(with:)` sends the lines joined with CRLF and the `< ./path` line replaced by the
/// file's bytes. Writing reuses each unchanged part's original text (extra part headers included), so an
/// edit changes only the parts edited.
public enum MultipartBody {
    /// The boundary new multipart bodies get (the one the JetBrains client's examples use).
    public static let defaultBoundary = "WebAppBoundary"

    // MARK: - Reading

    /// The `boundary` parameter of a `multipart/…` content type.
    public static func boundary(inContentType contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            return value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }

    /// The fields of `body`, or `nil` when it is not a well-formed multipart body with `boundary` (each part
    /// needs `Content-Disposition: form-data; name="…"` and the body must end with the closing boundary).
    public static func fields(from body: String?, boundary: String) -> [FormField]? {
        parts(in: body, boundary: boundary).map { $0.map(\.field) }
    }

    // MARK: - Writing

    /// The body text for `fields` (`nil` when there are none); fields equal to a part of `original` keep its
    /// exact text.
    public static func text(from fields: [FormField], boundary: String, original: String? = nil) -> String? {
        guard !fields.isEmpty else { return nil }
        var unused = parts(in: original, boundary: boundary) ?? []
        var lines: [String] = []
        for field in fields {
            if let index = unused.firstIndex(where: { $0.field == field }) {
                lines.append(unused.remove(at: index).raw)
                continue
            }
            lines.append("--\(boundary)")
            var disposition = "Content-Disposition: form-data; name=\"\(quoted(field.name))\""
            if field.isFile { disposition += "; filename=\"\(quoted(field.fileName ?? "file"))\"" }
            lines.append(disposition)
            if let type = field.contentType { lines.append("Content-Type: \(type)") }
            lines.append("")
            lines.append(field.filePath.map { "< \($0)" } ?? field.value)
        }
        lines.append("--\(boundary)--")
        return lines.joined(separator: "\n")
    }

    // MARK: - Internals

    /// The parts of `body` with their original text (from the boundary line to the line before the next).
    static func parts(in body: String?, boundary: String) -> [(field: FormField, raw: String)]? {
        guard let body, !body.isEmpty else { return [] }
        let delimiter = "--\(boundary)"
        let close = delimiter + "--"
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        guard lines.first == Substring(delimiter) else { return nil }
        var result: [(field: FormField, raw: String)] = []
        var index = 0
        while index < lines.count, lines[index] == Substring(delimiter) {
            let start = index
            index += 1
            var name: String?
            var fileName: String?
            var contentType: String?
            while index < lines.count, !lines[index].isEmpty {
                let line = lines[index]
                if let colon = line.firstIndex(of: ":") {
                    let header = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    if header == "content-disposition" {
                        let parameters = dispositionParameters(value)
                        name = parameters["name"]
                        fileName = parameters["filename"]
                    } else if header == "content-type" {
                        contentType = value
                    }
                }
                index += 1
            }
            guard index < lines.count, let name else { return nil }
            index += 1
            var content: [Substring] = []
            while index < lines.count, lines[index] != Substring(delimiter), lines[index] != Substring(close) {
                content.append(lines[index])
                index += 1
            }
            guard index < lines.count else { return nil }
            var field: FormField
            if content.count == 1, let include = SavedRequest.include(in: content[0]), !include.substitutes {
                field = FormField(name: name, filePath: include.path)
                field.fileName = fileName
                field.contentType = contentType
            } else {
                field = FormField(name: name, value: content.joined(separator: "\n"))
                field.fileName = fileName
                field.contentType = contentType
            }
            result.append((field, lines[start..<index].joined(separator: "\n")))
        }
        guard index == lines.count - 1, lines[index] == Substring(close) else { return nil }
        return result
    }

    /// `form-data; name="a"; filename="b"` as a dictionary of the quoted (or bare) parameters.
    static func dispositionParameters(_ value: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(value)
        while let semicolon = rest.firstIndex(of: ";") {
            rest = rest[rest.index(after: semicolon)...].drop { $0 == " " || $0 == "\t" }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let key = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: equals)...]
            if rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") {
                result[key] = String(rest[rest.index(after: rest.startIndex)..<end])
                rest = rest[rest.index(after: end)...]
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                result[key] = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
        }
        return result
    }

    /// A name or file name for a quoted parameter (`"` and line breaks escaped as browsers do).
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\n", with: "%0A")
            .replacingOccurrences(of: "\r", with: "%0D")
    }
}
