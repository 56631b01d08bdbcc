import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - The Body tab: kinds, the form and multipart fields table, JSON checking and formatting

extension AppReducer {
    /// What is wrong with a JSON body (`nil` when it parses, is empty, is not JSON, or is too large to check
    /// on every key: over 256 KB it is checked when sending). `{{variables}}` count as values.
    static func jsonProblem(in text: String, of request: SavedRequest?) -> String? {
        guard request?.bodyKind == .json, !text.isEmpty, text.utf8.count <= 256 * 1024 else { return nil }
        let checked = text.replacingVariables(with: "0")
        do {
            _ = try JSONDocument(parsing: Array(checked.utf8))
            return nil
        } catch {
            return "line \(error.line), column \(error.column): \(error.message)"
        }
    }

    // MARK: - Rows and fields

    /// A table row for a field: a file field's value is `< path`.
    static func row(_ field: FormField) -> KeyValueRow {
        KeyValueRow(name: field.name, value: field.filePath.map { "< \($0)" } ?? field.value)
    }

    /// The fields for the table's enabled, named rows; a multipart value `< path` is a file, and a row equal to
    /// one of `originals` keeps its file name and content type.
    static func fields(from rows: [KeyValueRow], replacing originals: [FormField], in kind: BodyKind) -> [FormField] {
        rows.filter { $0.isEnabled && !$0.name.isEmpty }.map { row in
            let value = row.value.trimmingCharacters(in: .whitespaces)
            if kind == .multipart, value.hasPrefix("<"), !value.hasPrefix("<@") {
                let path = value.dropFirst().trimmingCharacters(in: .whitespaces)
                if !path.isEmpty {
                    return originals.first { $0.name == row.name && $0.filePath == path }
                        ?? FormField(name: row.name, filePath: path)
                }
            }
            if kind == .multipart,
                let original = originals.first(where: { $0.name == row.name && !$0.isFile && $0.value == row.value })
            {
                return original
            }
            return FormField(name: row.name, value: row.value)
        }
    }
}

extension String {
    /// The text with every `{{…}}` replaced by `value`.
    fileprivate func replacingVariables(with value: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound] + value
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
